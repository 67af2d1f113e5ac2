/*
 * idle.h - the idle loop's polling (idle.c).
 */
#ifndef KERNEL_IDLE_H
#define KERNEL_IDLE_H

/* Install the idle loop; poll_us after each switch to idle (-1: the
 * default, 0: halt at once). After the TSC is calibrated. */
void idle_setup(int poll_us);
/* CPU cpu polls us from its next switch to idle on (-1: the default);
 * returns the us it polled until now. For a test that must catch a CPU
 * polling on a host that may leave its vCPU unrun for longer than the
 * default poll. */
int idle_set_poll(int cpu, int us);

/* 1 when CPU cpu polls need_resched now: the waker, which has set it and
 * holds cpu's runqueue lock, need send no IPI (counted). Fences first
 * (idle.c: the pair with the poller's store). */
int idle_wake_polling(int cpu);
/* How many wakeups found CPU cpu polling since boot. */
unsigned long idle_ipis_saved(int cpu);

#endif
