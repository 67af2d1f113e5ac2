/*
 * lab8.c - the held-back checks of the design lab (docs/lab8-wakeup.md):
 * the tie, two wakeups in a row, an affinity changed in sleep. Left out of
 * the handouts (tests/labs/handout.sh); the teacher's grade runs them.
 */
#include "grade.h"

/* Two victims of equal priority: the one on its own CPU (its cache). */
static int tie_prefers_own_cpu(void)
{
	struct task_struct *p, *b, *c;

	machine(SMT2, NULL);
	p = sleeper_on(1, -5);
	b = runner_on(0, 0);
	c = runner_on(1, 0);
	wake_from_3(p);
	return verdict(c->need_resched && !b->need_resched,
		       "asked: cpu0=%d cpu1 (its own)=%d", b->need_resched,
		       c->need_resched);
}

/* Two wakeups in a row on an idle core: the second must not count on
 * the CPU the first one asked; it takes the other thread. */
static int second_wakeup_other_thread(void)
{
	struct task_struct *p, *q;

	machine(SMT2, NULL);
	p = sleeper_on(0, 0);
	q = sleeper_on(0, 0);
	settle();
	sim_cpu = 3;
	wake_up_process(p, 0);
	wake_up_process(q, 0);
	return verdict(asked(0) && asked(1),
		       "asked: cpu0=%d cpu1=%d", asked(0), asked(1));
}

/* Its affinity changed while it slept: it is woken where it may run
 * now (try_to_wake_up moves it first), and that CPU, idle, is asked. */
static int follows_affinity_change(void)
{
	struct task_struct *p;

	machine(NOSMT4, NULL);
	p = sleeper_on(2, 0);
	set_cpus_allowed(p, cpumask_of(1));
	wake_from_3(p);
	return verdict(asked(1) && !asked(2),
		       "asked: cpu1=%d cpu2=%d", asked(1), asked(2));
}

const struct check grade_lab8_held[] = {
	{ "tie_prefers_own_cpu", 1, tie_prefers_own_cpu },
	{ "second_wakeup_other_thread", 2, second_wakeup_other_thread },
	{ "follows_affinity_change", 1, follows_affinity_change },
	{ NULL, 0, NULL }
};
