/*
 * lab6.c - the visible checks of lab 6 (docs/lab6-scaling.md): does due()
 * space each CPU's balances by their interval, on its multiples?
 *
 * Two busy CPUs, 12 tasks against 8: CPU 1 pulls two once it has looked
 * twice (the smoothed lengths of lab 3), at its busy interval,
 * BUSY_REBALANCE_TICK. The checks tick the machine one jiffy at a time
 * and note the jiffy of each move. tests/labs/held/lab6.c holds the
 * teacher's two more.
 */
#include "grade.h"

static unsigned long first_move, moves, off_multiple;

static void note_move(struct task_struct *p, int from, int to, int why)
{
	(void)p;
	(void)from;
	(void)to;
	if (why != SCHED_MOVE_LOCAL)
		return;
	if (!moves++)
		first_move = sim_jiffies;
	if (sim_jiffies % BUSY_REBALANCE_TICK)
		off_multiple = sim_jiffies;
}

/* Ticks to jiffy end, one at a time, from 12 tasks on CPU 0 and 8 on 1. */
static void twelve_against_eight(unsigned long end)
{
	int i;

	machine(TWO, NULL);
	sim_migrate_hook = note_move;
	for (i = 0; i < 12; i++)
		spawn(0, 0);
	for (i = 0; i < 8; i++)
		spawn(1, 0);
	settle();
	while (sim_jiffies < end)
		advance(1);
}

/* Nothing moves before the first interval has passed. */
static int not_before_the_interval(void)
{
	twelve_against_eight(BUSY_REBALANCE_TICK - 1);
	return verdict(moves == 0, "%lu moved in the first %d ticks (want 0: "
		       "the first look is at %d)", moves,
		       BUSY_REBALANCE_TICK - 1, BUSY_REBALANCE_TICK);
}

/* Over three intervals, the two tasks move, and only on a multiple of the
 * interval: the balance looks at 200 and 400 ms, never in between. */
static int on_the_multiples(void)
{
	twelve_against_eight(3 * BUSY_REBALANCE_TICK);
	if (off_multiple)
		return verdict(0, "a move at jiffy %lu, not a multiple of %d",
			       off_multiple, BUSY_REBALANCE_TICK);
	return verdict(moves == 2, "%lu moved (want 2), the first at jiffy %lu",
		       moves, first_move);
}

const struct check grade_lab6_visible[] = {
	{ "not_before_the_interval", 1, not_before_the_interval },
	{ "on_the_multiples", 2, on_the_multiples },
	{ NULL, 0, NULL }
};
