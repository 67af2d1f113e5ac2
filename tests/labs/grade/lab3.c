/*
 * lab3.c - the visible checks of lab 3 (docs/lab3-balance.md): does a
 * busy CPU pull only past IMBALANCE_PCT?
 *
 * Two CPUs, both busy, with a and b tasks; the balance of a busy CPU runs
 * every BUSY_REBALANCE_TICK, and counts an imbalance only when it lasts
 * two looks (the smoothed lengths), so each check lets three pass.
 */
#include "grade.h"

/* 10 against 8 is 25% more, not past it: nothing moves. */
static int within_threshold_stays(void)
{
	unsigned long n = busy_pulls(10, 8);

	return verdict(n == 0, "10 against 8: %lu pulled", n);
}

/* 12 against 8 is 50% more: half the difference moves. */
static int past_threshold_pulls(void)
{
	unsigned long n = busy_pulls(12, 8);

	return verdict(n == 2, "12 against 8: %lu pulled (want 2)", n);
}

const struct check grade_lab3_visible[] = {
	{ "within_threshold_stays", 2, within_threshold_stays },
	{ "past_threshold_pulls", 1, past_threshold_pulls },
	{ NULL, 0, NULL }
};
