/*
 * lab3.c - the visible checks of lab 3 (docs/lab3-balance.md): does a
 * busy CPU pull only past IMBALANCE_PCT?
 *
 * Two CPUs, both busy, with a and b tasks; the balance of a busy CPU runs
 * every BUSY_REBALANCE_TICK, and counts an imbalance only when it lasts
 * two looks (the smoothed lengths), so each check lets three pass.
 */
#include "grade.h"

/* a tasks on CPU 0, b on CPU 1, three busy balances: tasks CPU 1 pulled. */
static unsigned long pulled(int a, int b)
{
	int i, k;

	machine(TWO, NULL);
	for (i = 0; i < a; i++)
		spawn(0, 0);
	for (i = 0; i < b; i++)
		spawn(1, 0);
	settle();
	for (k = 1; k <= 3; k++) {
		sim_jiffies = k * BUSY_REBALANCE_TICK - 1;
		advance(1);
	}
	return moves_in(1, SCHED_MOVE_LOCAL);
}

/* 10 against 8 is 25% more, not past it: nothing moves. */
static int within_threshold_stays(void)
{
	unsigned long n = pulled(10, 8);

	return verdict(n == 0, "10 against 8: %lu pulled", n);
}

/* 12 against 8 is 50% more: half the difference moves. */
static int past_threshold_pulls(void)
{
	unsigned long n = pulled(12, 8);

	return verdict(n == 2, "12 against 8: %lu pulled (want 2)", n);
}

const struct check grade_lab3_visible[] = {
	{ "within_threshold_stays", 2, within_threshold_stays },
	{ "past_threshold_pulls", 1, past_threshold_pulls },
	{ NULL, 0, NULL }
};
