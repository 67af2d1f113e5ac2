/*
 * lab7.c - the visible checks of lab 7 (docs/lab7-locking.md): does
 * double_rq_lock() take both runqueue locks in one global order?
 *
 * The simulator's locks (sched/sim/arch.c) know their owner and panic
 * when a CPU takes one out of address order: that panic is the deadlock
 * two CPUs could meet on a real machine, found on one.
 */
#include <stdio.h>
#include "grade.h"

/* Locks a and b with double_rq_lock() on CPU 0: 1 when CPU 0 then owns
 * both. Unlocks them again. */
static int lock_pair(runqueue_t *a, runqueue_t *b, char *why, size_t n)
{
	unsigned long flags;
	int held;

	sim_cpu = 0;
	flags = arch_irq_save();
	double_rq_lock(a, b);
	held = a->lock.owner == 0 && b->lock.owner == 0;
	snprintf(why, n, "owners after the lock: %d, %d", a->lock.owner,
		 b->lock.owner);
	double_rq_unlock(a, b);
	arch_irq_restore(flags);
	return held && a->lock.owner < 0 && b->lock.owner < 0;
}

static int lower_address_first(void)
{
	runqueue_t *a, *b;
	char why[128];

	machine(NOSMT4, NULL);
	a = cpu_rq(1) < cpu_rq(2) ? cpu_rq(1) : cpu_rq(2);
	b = a == cpu_rq(1) ? cpu_rq(2) : cpu_rq(1);
	return verdict(lock_pair(a, b, why, sizeof(why)), "%s", why);
}

static int higher_address_first(void)
{
	runqueue_t *a, *b;
	char why[128];

	machine(NOSMT4, NULL);
	a = cpu_rq(1) > cpu_rq(2) ? cpu_rq(1) : cpu_rq(2);
	b = a == cpu_rq(1) ? cpu_rq(2) : cpu_rq(1);
	return verdict(lock_pair(a, b, why, sizeof(why)), "%s", why);
}

const struct check grade_lab7_visible[] = {
	{ "lower_address_first", 1, lower_address_first },
	{ "higher_address_first", 2, higher_address_first },
	{ NULL, 0, NULL }
};
