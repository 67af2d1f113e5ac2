/*
 * lab7.c - the held-back checks of lab 7 (docs/lab7-locking.md): one
 * runqueue passed twice, and the callers that pass a higher runqueue
 * first (a move to a lower CPU). Left out of the handouts
 * (tests/labs/handout.sh).
 */
#include "grade.h"

/* A shared runqueue (two threads of a core) is locked once. */
static int same_runqueue_once(void)
{
	unsigned long flags;
	runqueue_t *rq;
	int held;

	machine(SMT2, NULL);
	rq = cpu_rq(0);
	sim_cpu = 0;
	flags = arch_irq_save();
	double_rq_lock(rq, cpu_rq(1));
	held = rq->lock.owner == 0;
	double_rq_unlock(rq, cpu_rq(1));
	arch_irq_restore(flags);
	return verdict(cpu_rq(1) == rq && held && rq->lock.owner < 0,
		       "held after the lock: %d, owner after the unlock: %d",
		       held, rq->lock.owner);
}

/* Tasks moved down, from CPU 3 to CPU 0, by set_cpus_allowed() (the
 * migration thread) and by an idle CPU 0's pull: the sources' locks have
 * the higher addresses here. */
static int moves_to_lower_cpus(void)
{
	struct task_struct *p;

	machine(NOSMT4, NULL);
	p = spawn(3, 0);
	spawn(3, 0);
	spawn(3, 0);
	settle();
	set_cpus_allowed(p, cpumask_of(0));
	settle();
	advance(50);
	return verdict(task_cpu(p) == 0 && cpu_rq(3)->nr_running == 1,
		       "the pinned one on CPU %d, %lu left on CPU 3", task_cpu(p),
		       cpu_rq(3)->nr_running);
}

const struct check grade_lab7_held[] = {
	{ "same_runqueue_once", 1, same_runqueue_once },
	{ "moves_to_lower_cpus", 2, moves_to_lower_cpus },
	{ NULL, 0, NULL }
};
