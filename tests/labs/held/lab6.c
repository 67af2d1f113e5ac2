/*
 * lab6.c - the held-back checks of lab 6 (docs/lab6-scaling.md): a late
 * tick keeps the balances on the multiples of the interval, and the node
 * balance keeps its own, longer interval. Left out of the handouts
 * (tests/labs/handout.sh).
 */
#include "grade.h"

/* Two nodes of four single-thread cores: no runqueue is shared, so the
 * pick of lab 2 plays no part. */
#define NUMA2_NOSMT	"-M q35 -m 1G -smp 8,sockets=2,cores=4,threads=1 "	\
		"-object memory-backend-ram,id=m0,size=512M "		\
		"-object memory-backend-ram,id=m1,size=512M "		\
		"-numa node,nodeid=0,cpus=0-3,memdev=m0 "		\
		"-numa node,nodeid=1,cpus=4-7,memdev=m1"

static unsigned long first_move[SCHED_MOVE_NR], moves[SCHED_MOVE_NR];

static void note_move(struct task_struct *p, int from, int to, int why)
{
	(void)p;
	(void)from;
	(void)to;
	if (!moves[why]++)
		first_move[why] = sim_jiffies;
}

static void start(const char *shape)
{
	machine(shape, NULL);
	sim_migrate_hook = note_move;
}

/* 12 tasks against 8 on two CPUs; the ticks of jiffies 200-202 are lost,
 * so the first look is at 203. It counts as the look due at 200: the
 * second is at 400, where the two tasks move (not at 403, as a count
 * from the late tick would have it, nor at 600, as jiffies % 200 would). */
static int late_tick_keeps_phase(void)
{
	int i;

	start(TWO);
	for (i = 0; i < 12; i++)
		spawn(0, 0);
	for (i = 0; i < 8; i++)
		spawn(1, 0);
	settle();
	while (sim_jiffies < BUSY_REBALANCE_TICK - 1)
		advance(1);
	sim_jiffies += 3;
	while (sim_jiffies < 3 * BUSY_REBALANCE_TICK)
		advance(1);
	return verdict(moves[SCHED_MOVE_LOCAL] == 2 &&
		       first_move[SCHED_MOVE_LOCAL] == 2 * BUSY_REBALANCE_TICK,
		       "%lu moved (want 2), the first at jiffy %lu (want %d)",
		       moves[SCHED_MOVE_LOCAL], first_move[SCHED_MOVE_LOCAL],
		       2 * BUSY_REBALANCE_TICK);
}

/* Two nodes of four CPUs, every CPU busy: 6 tasks a CPU on node 0, one on
 * node 1. Inside each node nothing is to move; between the nodes a busy
 * CPU looks every BUSY_NODE_REBALANCE_TICK, so the first task crosses at
 * a multiple of it. (Which node is busier is find_busiest_node()'s to
 * say: lab 5's.) */
static int node_interval(void)
{
	int cpu, i;

	start(NUMA2_NOSMT);
	for (cpu = 0; cpu < 4; cpu++)
		for (i = 0; i < 6; i++)
			spawn(cpu, 0);
	for (cpu = 4; cpu < 8; cpu++)
		spawn(cpu, 0);
	settle();
	while (sim_jiffies < 3 * BUSY_NODE_REBALANCE_TICK &&
	       !moves[SCHED_MOVE_NODE])
		advance(1);
	if (!moves[SCHED_MOVE_NODE])
		return verdict(0, "no task crossed between the nodes in %d ticks",
			       3 * BUSY_NODE_REBALANCE_TICK);
	return verdict(first_move[SCHED_MOVE_NODE] % BUSY_NODE_REBALANCE_TICK == 0,
		       "first move between nodes at jiffy %lu (want a multiple "
		       "of %d; %lu moved)", first_move[SCHED_MOVE_NODE],
		       BUSY_NODE_REBALANCE_TICK, moves[SCHED_MOVE_NODE]);
}

const struct check grade_lab6_held[] = {
	{ "late_tick_keeps_phase", 2, late_tick_keeps_phase },
	{ "node_interval", 1, node_interval },
	{ NULL, 0, NULL }
};
