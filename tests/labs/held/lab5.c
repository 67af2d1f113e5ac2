/*
 * lab5.c - the held-back checks of lab 5 (docs/lab5-nonuma.md): between
 * two busy nodes, the node that is busier per CPU gives, and two nodes
 * close in load keep their tasks. Left out of the handouts
 * (tests/labs/handout.sh).
 */
#include "grade.h"

/* 9 tasks against 8, both nodes busy: 12% more, under the threshold;
 * nothing moves in two seconds. (The runqueues' IMBALANCE_PCT, the same
 * ratio, would stop a move here too: this check catches a body that
 * moves tasks back and forth, not one without the threshold.) */
static int busy_close_stays(void)
{
	unsigned long n = node_moves(9, 8, 2000);

	return verdict(n == 0, "9 against 8 tasks: %lu moved", n);
}

/* 8 tasks against 13: node 1 has 62% more; node 0 pulls. */
static int busy_other_node_heavier(void)
{
	unsigned long n = node_moves(8, 13, 2000);

	return verdict(n >= 1, "8 against 13 tasks: %lu moved (want 1 or more)",
		       n);
}

const struct check grade_lab5_held[] = {
	{ "busy_close_stays", 1, busy_close_stays },
	{ "busy_other_node_heavier", 2, busy_other_node_heavier },
	{ NULL, 0, NULL }
};
