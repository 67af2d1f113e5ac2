/*
 * sanity.h - what the two files of the sanity checker share: sanity.c
 * (invariants 1-4, and the walk that calls the rest) and sanity_epoch.c
 * (invariant 5, the waiting bound). Nothing outside them includes it.
 * Every function here runs with every runqueue lock and the tasks lock
 * held, in sched_sanity_check().
 */
#ifndef SCHED_SANITY_H
#define SCHED_SANITY_H

#include "runqueue.h"

/* Log one violation and count it in the caller's `found`. */
#define REPORT(fmt, ...)						\
	do {								\
		found++;						\
		arch_sched_log("sanity: " fmt, ##__VA_ARGS__);		\
	} while (0)

/* The ticks cpu has taken at distinct jiffies (scheduler_tick() counts
 * them): a balance is due once a jiffy at most, so two ticks delivered
 * back to back at one jiffy give a CPU one chance to balance, not two. */
static inline unsigned long cpu_ticks(int cpu)
{
	return READ_ONCE(sched_stats[cpu].jiffy_ticks);
}

/* Invariant 5 (sanity_epoch.c): before rq's tasks are walked, for each
 * queued task p of rq, and after the walk. The last two return the
 * violations found. */
void sanity_epoch_begin(runqueue_t *rq);
int sanity_epoch_task(runqueue_t *rq, struct task_struct *p);
int sanity_epoch_check(runqueue_t *rq);
void sanity_epoch_reset(void);

#endif
