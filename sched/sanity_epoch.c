/*
 * sanity_epoch.c - the sanity checker's invariant 5, the waiting bound
 * of the O(1) design (sanity.c walks the runqueues and calls in here).
 *
 * An epoch of a runqueue runs from the
 * first expiry (expired_timestamp set) to the array switch. In it:
 *  - a task that is not interactive and uses up its slice goes to the
 *    expired array and stays there until the switch: it takes at most the
 *    slice it had, once;
 *  - a task joining the active array (wakeup, fork, a move from another
 *    runqueue) brings the slice it has, which only its expiry refills,
 *    and a child's exit on its first slice adds to (sched_exit()): every
 *    growth of a slice the checker sees counts too;
 *  - an interactive task goes back to the active array with a new slice,
 *    but only until EXPIRED_STARVING: STARVATION_LIMIT * nr_running + 1
 *    ticks after the first expiry; then it expires too, after at most one
 *    more slice (MAX_TIMESLICE).
 * So the active array drains, and the switch comes, within
 *    B = sum of the slices of the tasks the epoch saw on the runqueue,
 *        and of every growth of them it saw
 *      + (an interactive task seen ? STARVATION_LIMIT * max nr_running + 1
 *                                   + max nr_running * MAX_TIMESLICE : 0)
 * ticks of running them. A waiting task in the expired array runs in the
 * new epoch's active array; one in the active array runs before it drains.
 *
 * Time is the runqueue's own ticks: the jiffies at which every CPU of it
 * took its tick (rq_time()). A stalled CPU takes none, and holds the task
 * it runs: on a shared runqueue that may be the last active task, which no
 * sibling may take while it is current, so the epoch waits for that CPU
 * and nothing else. At a jiffy at which every CPU ticks, while the active
 * array is not empty, some CPU runs an active task at its tick and uses
 * one tick of a slice: a CPU runs an expired task (D7) or idles only while
 * every active task it may run is current on a sibling, and it reaches one
 * that is not within a tick of its arrival (a resched, or the tick that
 * finds it running an expired task); so B grows by one tick per task and
 * two for the check's own lag. Per-CPU counts are not this time: the
 * fewest ticks any CPU has taken in all counts a lead one CPU took while
 * a sibling stalled again while that CPU stalls, holding the active task;
 * the fewest taken since the epoch began counts stalls that take turns
 * (each CPU ticks while the other stalls holding the active task, which
 * moves between them): many ticks for both CPUs, none for the task.
 *
 * Exempt, each because the design promises nothing there:
 *  - a runqueue while a real-time task is queued on it (other than a
 *    migration thread, which takes no time): SCHED_FIFO runs until it
 *    yields. The epoch's clock starts again after it.
 *  - active tasks before any task expired: interactive tasks that keep
 *    their bonus may keep a worse-priority task waiting without an epoch
 *    ever starting (2.5.59 has no bound there either).
 *  - a checker that samples instead of seeing every operation (the
 *    kernel's sched_check, every tick of CPU 0): a task that joins, runs
 *    and leaves between two samples would use a slice B never counted, and
 *    one that sleeps and is woken between two samples comes back into the
 *    active array without the checker seeing it leave. Both rules hold
 *    only where every operation is checked: the simulator and the fuzzer.
 *    (rq_time() too sees a jiffy only if it looks after its last tick: a
 *    checker that looks less often counts fewer ticks, never more.)
 */
#include "sanity.h"

/* A runqueue's time: the jiffies at which every CPU of it ticked, each
 * counted once, at the first look after its last tick. */
struct rq_time {
	unsigned long ticks;
	unsigned long jiffy;	/* the last one counted */
};
static struct rq_time rq_times[NR_CPUS];

static unsigned long rq_time(const runqueue_t *rq)
{
	struct rq_time *t = &rq_times[rq->id];
	unsigned long jiffy = 0;
	int idx;

	for_each_sibling(idx, rq) {
		const struct sched_cpu_stat *s = &sched_stats[rq->cpu[idx].cpu];
		unsigned long last = READ_ONCE(s->last_tick_jiffy);

		if (!READ_ONCE(s->jiffy_ticks) || (idx && last != jiffy))
			return t->ticks;	/* not every CPU at this jiffy */
		jiffy = last;
	}
	if (!t->ticks || jiffy != t->jiffy) {
		t->ticks++;
		t->jiffy = jiffy;
	}
	return t->ticks;
}

struct epoch {
	unsigned long ts;		/* the expired_timestamp it began with */
	const prio_array_t *active;	/* and its active array */
	unsigned long serial;		/* tasks it counted say so */
	unsigned long start;		/* rq_time() when first seen */
	unsigned long slices, tasks, max_nr;
	int interactive, rt, reported;
};
static struct epoch epochs[NR_CPUS];
static unsigned long epoch_serial;

static void epoch_clear(struct epoch *e)
{
	static const struct epoch none;

	*e = none;
}

static int epoch_checked(void)
{
	return !sched_opts.sanity_ticks;
}

/* Before rq's tasks are walked: a new epoch, or none. */
void sanity_epoch_begin(runqueue_t *rq)
{
	struct epoch *e = &epochs[rq->id];

	if (!rq->expired_timestamp) {
		e->ts = 0;
		return;
	}
	if (e->ts == rq->expired_timestamp && e->active == rq->active)
		return;
	epoch_clear(e);
	e->ts = rq->expired_timestamp;
	e->active = rq->active;
	e->serial = ++epoch_serial;
	e->start = rq_time(rq);
}

/* p is queued on rq: its slice counts once per epoch. Returns the
 * violations found. */
int sanity_epoch_task(runqueue_t *rq, struct task_struct *p)
{
	struct epoch *e = &epochs[rq->id];
	int found = 0;

	if (!e->ts) {
		p->sanity_epoch = 0;	/* a runqueue between epochs */
		return 0;
	}
	if (rt_task(p)) {
		/* Real-time tasks run from the active array; one that turns
		 * SCHED_NORMAL again stays there. */
		e->rt |= !(p->flags & PF_KTHREAD);
		p->sanity_epoch &= ~1UL;
		return 0;
	}
	/* The note is the epoch's serial, doubled, plus 1 while p was last
	 * seen in the expired array: an expired task waits for the switch,
	 * and one back in the active array of the same epoch takes a second
	 * slice, the way to starve the others (a renice that requeues into
	 * active would). Only a checker that sees every operation can tell:
	 * between two samples p may have slept (leaving the arrays) and been
	 * woken into the active array, as every woken task is. */
	if (p->sanity_epoch >> 1 != e->serial) {
		e->slices += p->time_slice;
		e->tasks++;
	} else if (p->time_slice > p->sanity_slice) {
		/* A refill, or a child's unused first slice (sched_exit()). */
		e->slices += p->time_slice - p->sanity_slice;
	}
	p->sanity_slice = p->time_slice;
	if (epoch_checked() && p->sanity_epoch >> 1 == e->serial &&
	    (p->sanity_epoch & 1) && p->array == rq->active) {
		REPORT("starvation: pid %d went back from the expired to the "
		       "active array of rq %d in one epoch", p->pid, rq->id);
	}
	p->sanity_epoch = e->serial << 1 | (p->array == rq->expired);
	e->interactive |= task_interactive(p);
	return found;
}

/* After the walk: the bound. */
int sanity_epoch_check(runqueue_t *rq)
{
	struct epoch *e = &epochs[rq->id];
	unsigned long now, bound;
	int found = 0;

	if (!e->ts)
		return 0;
	now = rq_time(rq);
	if (rq->nr_running > e->max_nr)
		e->max_nr = rq->nr_running;
	if (e->rt) {
		e->start = now;
		e->rt = 0;
		return 0;
	}
	bound = e->slices + e->tasks + 2;
	if (e->interactive)
		bound += STARVATION_LIMIT * e->max_nr + 1 +
			 e->max_nr * MAX_TIMESLICE;
	/* Nobody waits for the switch while the expired array is empty (its
	 * tasks left it: slept, moved); expired_timestamp stays set. */
	if (now - e->start <= bound || e->reported || !epoch_checked() ||
	    !rq->expired->nr_active)
		return 0;
	e->reported = 1;
	REPORT("starvation: rq %d has not switched arrays for %lu of its ticks, "
	       "bound %lu (%lu tasks seen, their slices %lu, interactive %d, "
	       "nr_running %lu, active %d, expired %d)", rq->id, now - e->start,
	       bound, e->tasks, e->slices, e->interactive, rq->nr_running,
	       rq->active->nr_active, rq->expired->nr_active);
	return found;
}

void sanity_epoch_reset(void)
{
	int i;

	for (i = 0; i < NR_CPUS; i++) {
		epoch_clear(&epochs[i]);
		rq_times[i].ticks = rq_times[i].jiffy = 0;
	}
}
