/*
 * lab8.c - the visible checks of the design lab (docs/lab8-wakeup.md):
 * does wake_up_cpu() choose the CPU D7's contract says?
 *
 * Each check builds a small machine in the simulator (tests/sched/
 * harness.h), puts tasks on its CPUs, wakes one task with
 * wake_up_process() - which queues it and calls wake_up_cpu() - and looks
 * at which CPUs were asked to reschedule (need_resched of what they run).
 * tests/labs/held/lab8.c holds the teacher's three more.
 */
#include "grade.h"

/* 1. Its own CPU is idle: that CPU runs it, nobody else is disturbed. */
static int own_idle_cpu(void)
{
	struct task_struct *p;

	machine(NOSMT4, NULL);
	p = sleeper_on(2, 0);
	wake_from_3(p);
	return verdict(asked(2) && !asked(0) && !asked(1),
		       "asked: cpu0=%d cpu1=%d cpu2=%d", asked(0), asked(1), asked(2));
}

/* 2. Its CPU is busy, the sibling thread of the same runqueue is idle:
 * the sibling runs it, the busy CPU's task is left alone. */
static int idle_sibling(void)
{
	struct task_struct *p, *b;

	machine(SMT2, NULL);
	p = sleeper_on(0, 0);
	b = runner_on(0, 0);
	wake_from_3(p);
	return verdict(asked(1) && !b->need_resched,
		       "asked: cpu0=%d cpu1=%d", asked(0), asked(1));
}

/* 3. The idle sibling is not allowed for it: not woken for nothing; the
 * task on its own CPU is asked instead (it is less important, or an idle
 * sibling may take it over: hand_over_for). */
static int idle_sibling_not_allowed(void)
{
	struct task_struct *p, *b;

	machine(SMT2, NULL);
	p = sleeper_on(0, -5);
	b = runner_on(0, 0);
	set_cpus_allowed(p, cpumask_of(0));
	wake_from_3(p);
	return verdict(!asked(1) && b->need_resched,
		       "asked: cpu0=%d cpu1=%d", asked(0), asked(1));
}

/* 4. Every CPU busy, it is more important than both: the less important
 * of the two running tasks is preempted. */
static int least_important_victim(void)
{
	struct task_struct *p, *b, *c;

	machine(SMT2, NULL);
	p = sleeper_on(0, -5);
	b = runner_on(0, 0);
	c = runner_on(1, 10);
	wake_from_3(p);
	return verdict(c->need_resched && !b->need_resched,
		       "asked: cpu0 (nice 0)=%d cpu1 (nice 10)=%d", b->need_resched,
		       c->need_resched);
}

/* 5. Every CPU busy with more important tasks: it waits, nobody is
 * disturbed. */
static int no_victim(void)
{
	struct task_struct *p, *b, *c;

	machine(SMT2, NULL);
	p = sleeper_on(0, 10);
	b = runner_on(0, -10);
	c = runner_on(1, -10);
	wake_from_3(p);
	return verdict(!b->need_resched && !c->need_resched && p->array,
		       "asked: cpu0=%d cpu1=%d, queued=%d", b->need_resched,
		       c->need_resched, p->array != NULL);
}

const struct check grade_lab8_visible[] = {
	{ "own_idle_cpu", 1, own_idle_cpu },
	{ "idle_sibling", 2, idle_sibling },
	{ "idle_sibling_not_allowed", 1, idle_sibling_not_allowed },
	{ "least_important_victim", 2, least_important_victim },
	{ "no_victim", 1, no_victim },
	{ NULL, 0, NULL }
};
