/*
 * idle.c - what an idle CPU does: poll for work a little, then halt.
 *
 * Every CPU's idle task loops in arch's cpu_idle(), which calls idle_once()
 * each time around (installed by idle_setup(), from sched_setup()).
 *
 * Why poll at all. Under QEMU a halted CPU's thread sleeps on the host, and
 * the IPI that wakes it costs a host thread wakeup: a pipe round trip
 * between two CPUs that halt when idle costs several times one between two
 * CPUs kept busy. And a CPU that has just gone idle is often given work
 * again within tens of microseconds (the other end of a pipe answers).
 * So for idle_poll_us after a switch to idle the CPU spins
 * on need_resched with its idle_polling flag set, and a waker that sees the
 * flag only sets need_resched, with no IPI: 2.5.59's TIF_POLLING_NRFLAG,
 * which its idle=poll loop used; Linux's haltpoll cpuidle driver does the
 * same for guests today. Then it halts, as 2.5.59's default_idle() does.
 *
 * Only after a switch: an idle CPU's own timer tick (HZ times a second)
 * returns here too, and polling after every tick would keep all idle vCPUs
 * busy on the host (8 of them on 2 host cores).
 *
 * No lost wakeup. The flag and need_resched are a Dekker pair: the waker
 * stores need_resched, then loads idle_polling (arch_send_resched_ipi);
 * this CPU stores idle_polling = 0, then loads need_resched, with a full
 * fence between on each side. So at least one sees the other's store:
 * either the waker sends the IPI, or this CPU sees need_resched before it
 * halts (with interrupts off from the check to the hlt, so an IPI that
 * comes in between ends the hlt).
 *
 * An interrupt may end the poll by switching to a task (its return path
 * schedules when need_resched is set). The switch clears the flag
 * (arch_context_switch), under the runqueue lock that wakers hold when
 * they read it, and before it stores current: a CPU running a task is
 * never taken for a polling one, by a waker or by a reader without the
 * lock that loads current first (the rule at percpu.h's idle_polling).
 */
#include "cpu.h"
#include "idle.h"
#include "percpu.h"
#include "sched.h"
#include "smp.h"
#include "task.h"
#include "timer.h"

/* us of polling after a switch to idle. 0: halt at once. The default is
 * this project's: long enough for a pipe's other end to answer, short
 * against the 1000 us between ticks. Boot option idle_poll=US. */
#define IDLE_POLL_US_DEFAULT	300

/* us each CPU polls: idle_poll_us, or a test's own for one CPU; written
 * and read atomically (an idle CPU reads its own at each poll). */
static int poll_us[NR_CPUS];
static unsigned long last_switches[NR_CPUS];	/* each CPU's own */
/* Wakeups that found CPU n polling and sent no IPI: written by the wakers,
 * under n's runqueue lock (so never two at once). */
static unsigned long ipis_saved[NR_CPUS];

static void idle_once(void)
{
	struct percpu *pc = this_cpu();
	struct task *t = pc->current;
	unsigned long sw;
	uint64_t poll;

	if (!t || !t->preemptible) {	/* no idle task here yet */
		sti_hlt();
		return;
	}
	sw = sched_cpu_stat(pc->cpu)->switches;
	poll = (uint64_t)__atomic_load_n(&poll_us[pc->cpu], __ATOMIC_RELAXED) *
	       (tsc_khz() / 1000);
	if (poll && sw != last_switches[pc->cpu]) {
		uint64_t end = rdtsc() + poll;

		last_switches[pc->cpu] = sw;
		__atomic_store_n(&pc->idle_polling, 1, __ATOMIC_RELAXED);
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		while (!__atomic_load_n(&t->s.need_resched, __ATOMIC_RELAXED) &&
		       rdtsc() < end)
			cpu_relax();
		__atomic_store_n(&pc->idle_polling, 0, __ATOMIC_RELAXED);
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
	}
	cli();
	if (t->s.need_resched) {
		sti();
		schedule();
		return;
	}
	sti_hlt();
}

int idle_set_poll(int cpu, int us)
{
	if (us < 0)
		us = IDLE_POLL_US_DEFAULT;
	return __atomic_exchange_n(&poll_us[cpu], us, __ATOMIC_RELAXED);
}

void idle_setup(int us)
{
	int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++)
		idle_set_poll(cpu, us);
	smp_set_idle_hook(idle_once);
}

int idle_wake_polling(int cpu)
{
	struct percpu *pc = cpu_data(cpu);

	__atomic_thread_fence(__ATOMIC_SEQ_CST);	/* see the comment above */
	if (!pc || !__atomic_load_n(&pc->idle_polling, __ATOMIC_RELAXED))
		return 0;
	ipis_saved[cpu]++;
	return 1;
}

unsigned long idle_ipis_saved(int cpu)
{
	return cpu >= 0 && cpu < NR_CPUS ? ipis_saved[cpu] : 0;
}
