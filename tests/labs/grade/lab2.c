/*
 * lab2.c - the visible checks of lab 2 (docs/lab2-runqueues.md): does
 * the HT-aware pick, search_array(), find the task a thread may run on a
 * runqueue its sibling shares?
 *
 * SMT2 is one package of two cores of two threads: CPUs 0 and 1 share
 * runqueue 0. Each check queues tasks there, lets the CPUs schedule and
 * looks at what each one runs. tests/labs/held/lab2.c holds the teacher's
 * two more.
 */
#include "grade.h"

/* Three tasks of one priority on the runqueue of a core: the first runs
 * on CPU 0, the second on CPU 1, and the third waits its turn (a list is
 * first come, first served). */
static int sibling_runs_the_second(void)
{
	struct task_struct *a, *b, *c;

	machine(SMT2, NULL);
	a = spawn(0, 0);
	b = spawn(0, 0);
	c = spawn(0, 0);
	settle();
	run_schedule(0);
	run_schedule(1);
	return verdict(cpu_curr(0) == a && cpu_curr(1) == b,
		       "CPU 0 runs pid %d, CPU 1 pid %d (want %d and %d; %d "
		       "came last)", cpu_curr(0)->pid, cpu_curr(1)->pid, a->pid,
		       b->pid, c->pid);
}

/* CPU 0 runs a nice -10 task; behind it wait a nice -5 task allowed on
 * CPU 0 only and a nice 0 one: CPU 1 takes the nice 0 one. */
static int passes_over_a_pinned_task(void)
{
	struct task_struct *h, *p, *q;

	machine(SMT2, NULL);
	h = runner_on(0, -10);
	p = spawn(0, -5);
	set_cpus_allowed(p, cpumask_of(0));
	q = spawn(0, 0);
	settle();
	run_schedule(1);
	return verdict(cpu_curr(0) == h && cpu_curr(1) == q,
		       "CPU 0 runs pid %d (want %d), CPU 1 pid %d (want %d; "
		       "pid %d may run on CPU 0 only)", cpu_curr(0)->pid,
		       h->pid, cpu_curr(1)->pid, q->pid, p->pid);
}

const struct check grade_lab2_visible[] = {
	{ "sibling_runs_the_second", 2, sibling_runs_the_second },
	{ "passes_over_a_pinned_task", 1, passes_over_a_pinned_task },
	{ NULL, 0, NULL }
};
