/*
 * count.h - what the scheduler's own code does, counted from outside it.
 *
 * schedsim (not schedsim-san: mk/sched.mk) is linked with --wrap for
 * rq_in_use, rebalance_tick, active_load_balance, arch_spin_lock and
 * arch_spin_unlock: every call of those from another file goes through
 * count.c first. for_each_rq calls rq_in_use() once for each runqueue it
 * passes, so its calls are the runqueues the scheduler scans;
 * rebalance_tick() is the balancing a tick does, and
 * active_load_balance() the part of it that looks for a core to push
 * from; the seam's locks give the runqueue locks taken, and how long each
 * is held, in runqueues scanned while it is held. sched/ itself carries
 * no counter, and the other programs built on the seam do no counting.
 *
 * The engine says when it is in scheduler_tick(); the counts below are
 * the tick's, the balancing it calls included.
 */
#ifndef SCHED_SIM_COUNT_H
#define SCHED_SIM_COUNT_H

struct sim_counts {
	unsigned long scans;		/* runqueues passed, any phase: the
					 * clock of lock holds */
	unsigned long ticks;		/* scheduler_tick() calls */
	unsigned long balances;		/* rebalance_tick() calls */
	unsigned long rq_scans;		/* runqueues passed, in the tick */
	unsigned long active_scans;	/* of those, in active_load_balance() */
	unsigned long rq_locks;		/* runqueue locks taken, in the tick */
	unsigned long hold_max;		/* longest runqueue lock hold, in
					 * runqueues scanned meanwhile, any
					 * phase (reset by the engine when
					 * its window opens) */
};

extern struct sim_counts sim_counts;
/* 1 while the engine is in scheduler_tick(). */
extern int sim_in_tick;

#endif
