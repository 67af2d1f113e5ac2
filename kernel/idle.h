/*
 * idle.h - the idle loop's polling (idle.c).
 */
#ifndef KERNEL_IDLE_H
#define KERNEL_IDLE_H

/* Install the idle loop; poll_us after each switch to idle (-1: the
 * default, 0: halt at once). After the TSC is calibrated. */
void idle_setup(int poll_us);
/* Poll poll_us from the next switch to idle on (-1: the default); returns
 * the us polled until now. For tests that must catch a CPU polling. */
int idle_set_poll(int poll_us);

/* 1 when CPU cpu polls need_resched now: the waker, which has set it and
 * holds cpu's runqueue lock, need send no IPI (counted). Fences first
 * (idle.c: the pair with the poller's store). */
int idle_wake_polling(int cpu);
/* How many wakeups found CPU cpu polling since boot. */
unsigned long idle_ipis_saved(int cpu);

#endif
