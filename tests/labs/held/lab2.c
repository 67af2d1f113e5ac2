/*
 * lab2.c - the held-back checks of lab 2 (docs/lab2-runqueues.md): the
 * pick goes on in priority order past the lists its sibling empties, a
 * CPU may go on with its own task, and the task it is told to skip is
 * skipped. Left out of the handouts
 * (tests/labs/handout.sh).
 */
#include "grade.h"

/* CPU 0 runs a nice -10 task; nice 10, 0 and 5 tasks wait, queued in that
 * order: CPU 1 takes the nice 0 one, then, when it leaves, the nice 5. */
static int next_in_priority_order(void)
{
	struct task_struct *h, *low, *mid, *high;

	machine(SMT2, NULL);
	h = runner_on(0, -10);
	low = spawn(0, 10);
	high = spawn(0, 0);
	mid = spawn(0, 5);
	settle();
	run_schedule(1);
	if (cpu_curr(1) != high)
		return verdict(0, "CPU 1 runs pid %d (want %d, nice 0)",
			       cpu_curr(1)->pid, high->pid);
	sleep_current(1);
	return verdict(cpu_curr(0) == h && cpu_curr(1) == mid,
		       "after pid %d slept, CPU 1 runs pid %d (want %d, nice 5; "
		       "pid %d is nice 10)", high->pid, cpu_curr(1)->pid,
		       mid->pid, low->pid);
}

/* Both threads busy, CPU 0 asked to schedule again with nothing better
 * waiting: it goes on with its own task rather than idle. */
static int keeps_its_own_task(void)
{
	struct task_struct *a, *b;

	machine(SMT2, NULL);
	a = runner_on(0, 0);
	b = runner_on(1, 0);
	cpu_curr(0)->need_resched = 1;
	run_schedule(0);
	return verdict(cpu_curr(0) == a && cpu_curr(1) == b,
		       "CPU 0 runs pid %d (want %d), CPU 1 pid %d (want %d)",
		       cpu_curr(0)->pid, a->pid, cpu_curr(1)->pid, b->pid);
}

/* CPU 1 idle; CPU 0 picks between a nice -5 task any thread may run and
 * a nice 0 one pinned to CPU 0: it takes the pinned one, found by the
 * search that skips the first, and leaves the first to CPU 1 (D7's
 * shared-core rule, share_core()). */
static int skips_what_it_is_told(void)
{
	struct task_struct *n, *s;

	machine(SMT2, NULL);
	n = spawn(0, -5);
	s = spawn(0, 0);
	set_cpus_allowed(s, cpumask_of(0));
	run_schedule(0);
	settle();
	return verdict(cpu_curr(0) == s && cpu_curr(1) == n,
		       "CPU 0 runs pid %d (want %d, pinned to it), CPU 1 pid %d "
		       "(want %d)", cpu_curr(0)->pid, s->pid, cpu_curr(1)->pid,
		       n->pid);
}

const struct check grade_lab2_held[] = {
	{ "next_in_priority_order", 2, next_in_priority_order },
	{ "keeps_its_own_task", 1, keeps_its_own_task },
	{ "skips_what_it_is_told", 1, skips_what_it_is_told },
	{ NULL, 0, NULL }
};
