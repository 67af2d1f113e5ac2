/*
 * lab3.c - the held-back checks of lab 3 (docs/lab3-balance.md): the
 * threshold at other loads, so that no pair of constants passes. Left
 * out of the handouts (tests/labs/handout.sh).
 */
#include "grade.h"

/* 15 against 12 is 25% more: nothing moves; 16 against 12 is 33%: two. */
static int threshold_at_twelve(void)
{
	unsigned long at = busy_pulls(15, 12), past = busy_pulls(16, 12);

	return verdict(at == 0 && past == 2,
		       "15 against 12: %lu pulled (want 0), 16 against 12: %lu "
		       "(want 2)", at, past);
}

/* 16 against 4: the difference halves, 6 move. */
static int large_gap_halves(void)
{
	unsigned long n = busy_pulls(16, 4);

	return verdict(n == 6, "16 against 4: %lu pulled (want 6)", n);
}

const struct check grade_lab3_held[] = {
	{ "threshold_at_twelve", 2, threshold_at_twelve },
	{ "large_gap_halves", 1, large_gap_halves },
	{ NULL, 0, NULL }
};
