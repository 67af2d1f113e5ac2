/*
 * lab5.c - the visible checks of lab 5 (docs/lab5-nonuma.md): does
 * find_busiest_node() pick a node to balance against as its contract
 * says? Two nodes of two cores of two threads (CPUs 0-3, 4-7); tasks
 * are forked on each node's CPUs and the machine runs a while.
 */
#include "grade.h"

/* Four tasks forked on CPU 0, two of them waiting: node 0 has four
 * CPUs for them and spreads them itself; node 1 leaves them there. */
static int stays_local_while_room(void)
{
	unsigned long moves = 0;
	int i;

	machine(NUMA2, NULL);
	for (i = 0; i < 4; i++)
		spawn(0, 0);
	settle();
	advance(20);
	for (i = 0; i < 8; i++)
		moves += moves_in(i, SCHED_MOVE_NODE);
	return verdict(moves == 0, "4 tasks forked on CPU 0, node 1 idle: %lu "
		       "moved", moves);
}

/* 12 tasks against 8, both nodes busy: 50% more per CPU, past the
 * threshold; node 1 pulls within two seconds. (An idle node is no test:
 * an idle CPU also steps in for tasks waiting elsewhere, waiting_elsewhere
 * in sched/balance.c, whatever the threshold says.) */
static int busy_past_threshold(void)
{
	unsigned long n = node_moves(12, 8, 2000);

	return verdict(n >= 1, "12 against 8 tasks: %lu moved (want 1 or more)",
		       n);
}

const struct check grade_lab5_visible[] = {
	{ "stays_local_while_room", 1, stays_local_while_room },
	{ "busy_past_threshold", 2, busy_past_threshold },
	{ NULL, 0, NULL }
};
