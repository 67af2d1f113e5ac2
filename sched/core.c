/*
 * core.c - schedule(), the tick, time slices and interactivity (2.5.59 + D7).
 *
 * schedule() reads as the algorithm: put a sleeping task away, pick the most
 * important task this CPU may run, switch to it. On a runqueue shared by SMT
 * siblings the pick skips tasks already running on a sibling and tasks not
 * allowed here (D7). The tick charges the running task, moves it to the
 * expired array when its slice is used up (interactive tasks go back to the
 * active array unless the expired ones starve), and drives load balancing.
 */
#include "runqueue.h"

arch_spinlock_t tasks_lock;
struct list_head all_tasks;

/* ---- time slices and interactivity (the 2.5.59 formulas) --------------- */

/*
 * Static priority to slice, linearly: nice -20 gets MAX_TIMESLICE (200 ms),
 * nice 0 gets 102 ms, nice +19 MIN_TIMESLICE (10 ms).
 */
unsigned int task_timeslice(const struct task_struct *p)
{
	return MIN_TIMESLICE + (MAX_TIMESLICE - MIN_TIMESLICE) *
		(MAX_PRIO - 1 - p->static_prio) / (MAX_USER_PRIO - 1);
}

/*
 * The bonus: sleep_avg maps linearly onto -5..+5 priority levels
 * (PRIO_BONUS_RATIO of the 40 nice levels), centred on the static priority.
 * A task that only sleeps ends up 5 levels better than its nice, a pure CPU
 * hog 5 levels worse. Real-time tasks keep their priority.
 */
int effective_prio(const struct task_struct *p)
{
	long bonus;
	int prio;

	if (p->policy != SCHED_NORMAL)
		return p->prio;
	bonus = (long)MAX_USER_PRIO * PRIO_BONUS_RATIO * (long)p->sleep_avg /
		MAX_SLEEP_AVG / 100 - MAX_USER_PRIO * PRIO_BONUS_RATIO / 100 / 2;
	prio = p->static_prio - (int)bonus;
	if (prio < MAX_RT_PRIO)
		prio = MAX_RT_PRIO;
	if (prio > MAX_PRIO - 1)
		prio = MAX_PRIO - 1;
	return prio;
}

/*
 * Interactive: the task earned at least INTERACTIVE_DELTA levels of bonus
 * (more for positive nice, fewer for negative: nice/4 is added). Such a
 * task goes back to the active array when its slice ends.
 */
/* 2.5.59 and D7: TASK_INTERACTIVE(p). */
int task_interactive(const struct task_struct *p)
{
	int delta = TASK_NICE(p) * (MAX_USER_PRIO * PRIO_BONUS_RATIO / 100) / 40 +
		    INTERACTIVE_DELTA;

	return p->prio <= p->static_prio - delta;
}

/*
 * 2.5.59 and D7: EXPIRED_STARVING(rq). The expired tasks have waited long
 * enough: the oldest expired
 * STARVATION_LIMIT ticks per runnable task ago. Then interactive tasks
 * expire too, the active array drains and the arrays swap.
 */
static int expired_starving(const runqueue_t *rq, unsigned long now)
{
	return STARVATION_LIMIT && rq->expired_timestamp &&
		ticks_since(now, rq->expired_timestamp) >=
			STARVATION_LIMIT * rq->nr_running + 1;
}

/*
 * Queue a woken task: what it slept since it last left a CPU counts
 * towards its sleep average, up to MAX_SLEEP_AVG, and sets its priority.
 * The clock is read again once p is queued, for last_queued (sched.h).
 */
void activate_task(struct task_struct *p, runqueue_t *rq)
{
	unsigned long now = arch_jiffies();
	unsigned long sleep_time = ticks_since(now, p->last_run);

	assert_rq_held(rq);
	if (!rt_task(p) && sleep_time) {
		if (sleep_time > MAX_SLEEP_AVG)
			sleep_time = MAX_SLEEP_AVG;
		p->sleep_avg += sleep_time;
		if (p->sleep_avg > MAX_SLEEP_AVG)
			p->sleep_avg = MAX_SLEEP_AVG;
		p->prio = effective_prio(p);
	}
	__activate_task(p, rq);
	p->last_queued = arch_jiffies();
}

/* ---- the pick ----------------------------------------------------------- */

/* p may run on this_cpu now: not running on a sibling, and this CPU may
 * pick it (allowed here, and not left to a migration request). */
static inline int can_run_here(const struct task_struct *p, int this_cpu,
			       const struct task_struct *prev)
{
	return (p == prev || !task_running(p)) && task_may_run_on(p, this_cpu);
}

/*
 * The most important task of array this CPU may run, skip aside. Without
 * sharing and affinity trouble the first task of the first list is it; on
 * a shared runqueue the search goes on past tasks its siblings run (D7).
 */
static struct task_struct *search_array(prio_array_t *array, int this_cpu,
					const struct task_struct *prev,
					const struct task_struct *skip)
{
	struct list_head *pos;
	int idx;

	for (idx = sched_find_first_bit(array->bitmap); idx < MAX_PRIO;
	     idx = find_next_bit(array->bitmap, MAX_PRIO, idx + 1)) {
		list_for_each(pos, &array->queue[idx]) {
			struct task_struct *p =
				list_entry(pos, struct task_struct, run_list);

			if (p != skip && can_run_here(p, this_cpu, prev))
				return p;
		}
	}
	return NULL;
}

/* The task this CPU would run, skip aside: active tasks, then expired. */
static struct task_struct *search_rq(runqueue_t *rq, int this_cpu,
				     const struct task_struct *prev,
				     const struct task_struct *skip)
{
	struct task_struct *p = search_array(rq->active, this_cpu, prev, skip);

	/* Siblings run all active tasks we could take: look at the expired
	 * ones once rather than idle (D7). */
	if (!p && rq->expired->nr_active)
		p = search_array(rq->expired, this_cpu, prev, skip);
	return p;
}

/*
 * 0 when no queued task of rq (held) is one cpu may run now, counted
 * without a walk: every queued task is some other sibling's alone
 * (runqueue.h, nr_only) or runs on another sibling. 1 otherwise (exact
 * for two siblings; for more, a task allowed on two others only counts
 * as work: a walk that finds nothing).
 */
static int rq_may_have_work_for(const runqueue_t *rq, int cpu)
{
	long work = (long)rq->nr_running;
	int idx, me = cpu_idx(cpu);

	for_each_sibling(idx, rq) {
		const struct task_struct *curr = rq->cpu[idx].curr;

		if (idx == me)
			continue;
		work -= (long)rq->nr_only[idx];
		if (curr != rq->cpu[idx].idle && curr->array && curr->rq_only < 0)
			work--;
	}
	return work > 0;
}

/* rq (held) has a queued task cpu could run now. */
int rq_has_work_for(runqueue_t *rq, int cpu)
{
	assert_rq_held(rq);
	return rq_may_have_work_for(rq, cpu) && search_rq(rq, cpu, NULL, NULL);
}

/*
 * Rules for a core whose threads share a runqueue, where some tasks may run
 * on one thread only (pinned) and the rest anywhere. Without them a pinned
 * task waits out a whole slice of an unpinned one on its CPU while a
 * sibling idles beside it: 210 ms for execer's pinned children on 2n2c2t
 * (lab 4), long enough for the balancers to reshuffle what exec had
 * placed. None delays anyone: the unpinned task goes on at once on the
 * sibling. A runqueue of one CPU pays one test; a shared one, one more
 * while no task of it is pinned to a thread (nr_only). (The wakeup side:
 * hand_over_for(), wakeup.c.)
 */

/* Slot idx of rq: a thread other than this_cpu, idle, that p may run
 * (task_may_run_on(): not while p's migration request is pending) and
 * that no wakeup has claimed yet. */
static inline int slot_idle_for(runqueue_t *rq, int idx, int this_cpu,
				const struct task_struct *p)
{
	struct cpu_slot *slot = &rq->cpu[idx];

	return slot->cpu != this_cpu && slot->curr == slot->idle &&
	       !slot->curr->need_resched && task_may_run_on(p, slot->cpu);
}

/* An idle thread of rq other than this_cpu's that p may run and that no
 * wakeup has claimed yet, or NULL. A task of rq only one thread may run
 * (rq_only, kept for every task queued on rq) has that one alone to look
 * at: a yield of a pinned task walks no siblings. */
struct cpu_slot *idle_sibling_for(runqueue_t *rq, int this_cpu,
				  const struct task_struct *p)
{
	int idx;

	if (p->rq_only >= 0)
		return slot_idle_for(rq, p->rq_only, this_cpu, p) ?
			&rq->cpu[p->rq_only] : NULL;
	for_each_sibling(idx, rq)
		if (slot_idle_for(rq, idx, this_cpu, p))
			return &rq->cpu[idx];
	return NULL;
}

/*
 * Rule 1, at the pick: next could run on an idle sibling, and the task
 * this CPU would take after it may not. Take that one, and wake the
 * sibling for next. Tried only while a task of rq is this CPU's alone.
 * Rule 3, after it: prev, still runnable (preempted, or yielding), is left
 * for an idle sibling that may run it, rather than for this CPU's next
 * pick.
 */
static struct task_struct *share_core(runqueue_t *rq, int this_cpu,
				      struct task_struct *prev,
				      struct task_struct *next)
{
	struct task_struct *second;
	struct cpu_slot *slot;

	if (rq->nr_only[cpu_idx(this_cpu)] && next->rq_only < 0 &&
	    (slot = idle_sibling_for(rq, this_cpu, next))) {
		second = search_rq(rq, this_cpu, prev, next);
		if (second && !task_allowed(second, slot->cpu)) {
			resched_task(slot->curr);
			next = second;
		}
	}
	if (next != prev && prev->array &&
	    (slot = idle_sibling_for(rq, this_cpu, prev)))
		resched_task(slot->curr);
	return next;
}

/*
 * Rule 2, going idle: a sibling runs a task this CPU may run while tasks
 * only that sibling may run wait. Ask the sibling to pick again; rule 1
 * or 3 then hands its task over to this CPU.
 */
static struct task_struct *idle_beside(runqueue_t *rq, int this_cpu)
{
	int idx;

	for_each_sibling(idx, rq) {
		struct task_struct *curr = rq->cpu[idx].curr;

		if (rq->cpu[idx].cpu != this_cpu && rq->nr_only[idx] &&
		    curr != rq->cpu[idx].idle &&
		    !curr->need_resched && task_allowed(curr, this_cpu)) {
			resched_task(curr);
			break;
		}
	}
	return cpu_idle(this_cpu);
}

static struct task_struct *pick_next_task(runqueue_t *rq, int this_cpu,
					  struct task_struct *prev)
{
	prio_array_t *array = rq->active;
	struct task_struct *next;

	assert_rq_held(rq);
	if (!rq->nr_running) {
		rq->expired_timestamp = 0;
		return cpu_idle(this_cpu);
	}
	if (!array->nr_active) {
		/* Every active task used its slice: a new epoch. */
		rq->active = rq->expired;
		rq->expired = array;
		array = rq->active;
		rq->expired_timestamp = 0;
	}
	if (!rq_may_have_work_for(rq, this_cpu))
		return idle_beside(rq, this_cpu);
	next = search_rq(rq, this_cpu, prev, NULL);
	if (!next)
		return idle_beside(rq, this_cpu);
	return rq->nr_cpus > 1 ? share_core(rq, this_cpu, prev, next) : next;
}

/* ---- schedule() --------------------------------------------------------- */

/* prev_state= of a switch trace line: what the task left the CPU as. */
static char state_letter(long state)
{
	switch (state) {
	case TASK_RUNNING:		return 'R';
	case TASK_INTERRUPTIBLE:	return 'S';
	case TASK_UNINTERRUPTIBLE:	return 'D';
	default:			return 'X';
	}
}

/* After a switch: release the runqueue lock of the CPU we now run on, then
 * let the environment free what the task switched from left behind
 * (2.5.59 finish_task_switch(): the mm drop comes after the unlock). */
static void finish_task_switch(void)
{
	arch_spin_unlock(&this_rq()->lock);
	arch_finish_switch();
}

void schedule_tail(void)
{
	finish_task_switch();
}

/*
 * preempt: prev is preempted (an interrupt's way out), not going to sleep.
 * yield: prev yields (sched_yield()): requeued under the same lock hold
 * as the pick, not in a lock section of its own before it.
 */
static void __schedule(int preempt, int yield)
{
	struct task_struct *prev, *next;
	unsigned long flags;
	runqueue_t *rq;
	int this_cpu;

	flags = arch_irq_save();
	this_cpu = arch_smp_processor_id();
	rq = cpu_rq(this_cpu);
	arch_spin_lock(&rq->lock);
	prev = cpu_curr(this_cpu);
	prev->last_run = arch_jiffies();
	if (yield)
		yield_requeue(prev, rq, prev->last_run);

	/*
	 * A task that set itself asleep (or dead) leaves the runqueue - unless
	 * it is only preempted on its way there: it has yet to check what it
	 * waits for, and may never be woken if it leaves now (Linux's
	 * PREEMPT_ACTIVE).
	 */
	if (!preempt && prev->state != TASK_RUNNING && prev->array)
		deactivate_task(prev, rq);

	next = pick_next_task(rq, this_cpu, prev);
	prev->need_resched = 0;
	if (next == prev) {
		arch_spin_unlock(&rq->lock);
		arch_irq_restore(flags);
		return;
	}
	rq->nr_switches++;
	sched_stats[this_cpu].switches++;
	cpu_slot(this_cpu)->curr = next;
	next->cpu = this_cpu;	/* a shared runqueue: maybe from a sibling */
	prev->preempted = preempt && prev->state != TASK_RUNNING;
	if (!preempt && prev->state == TASK_ZOMBIE)
		sched_trace(SCHED_TRACE_EXIT, prev, 0, 0, 0);
	sched_trace(SCHED_TRACE_SWITCH, next, prev->pid,
		    preempt ? 'R' : state_letter(prev->state), 0);
	arch_context_switch(prev, next);
	/* prev runs again here, maybe on another CPU, whose lock we hold. */
	finish_task_switch();
	arch_irq_restore(flags);
}

void schedule(void)
{
	__schedule(0, 0);
}

void schedule_preempt(void)
{
	__schedule(1, 0);
}

/* One lock hold for the requeue and the pick (2.5.59 takes the lock
 * twice: sys_sched_yield(), then schedule()). */
void sched_yield(void)
{
	__schedule(0, 1);
}

/* ---- the tick ----------------------------------------------------------- */

/*
 * Called on every CPU at every tick, from the timer interrupt. Charges the
 * running task one tick, and runs the balancing due at this tick.
 */
void scheduler_tick(void)
{
	int cpu = arch_smp_processor_id();
	runqueue_t *rq = cpu_rq(cpu);
	struct task_struct *p = cpu_curr(cpu);
	unsigned long now = arch_jiffies(), flags;

	if (now != sched_stats[cpu].last_tick_jiffy || !sched_stats[cpu].jiffy_ticks) {
		sched_stats[cpu].prev_tick_jiffy = sched_stats[cpu].last_tick_jiffy;
		sched_stats[cpu].last_tick_jiffy = now;
		sched_stats[cpu].jiffy_ticks++;
	}
	if (sched_opts.sanity_ticks && cpu == 0 && !(now % sched_opts.sanity_ticks))
		sched_sanity_check();	/* the debug option: logs what it finds */
	if (p->flags & PF_IDLE) {
		sched_stats[cpu].idle_ticks++;
		rebalance_tick(cpu, 1);
		return;
	}
	sched_stats[cpu].busy_ticks++;

	flags = arch_irq_save();
	arch_spin_lock(&rq->lock);
	if (p->array != rq->active) {
		/* Expired already (or picked from the expired array on a
		 * shared runqueue): give the CPU up at the next chance. */
		p->need_resched = 1;
		goto out;
	}
	if (rt_task(p)) {
		/* FIFO runs until it yields; RR round-robins on a slice. */
		if (p->policy == SCHED_RR && !--p->time_slice) {
			p->time_slice = task_timeslice(p);
			p->first_time_slice = 0;
			p->need_resched = 1;
			dequeue_task(p, rq->active);
			enqueue_task(p, rq->active);
		}
		goto out;
	}
	/*
	 * Running costs sleep average; the priority itself only changes when
	 * the slice ends or the task sleeps, so an interactive task uses its
	 * whole slice at its boosted priority.
	 */
	if (p->sleep_avg)
		p->sleep_avg--;
	if (!--p->time_slice) {
		dequeue_task(p, rq->active);
		p->need_resched = 1;
		p->prio = effective_prio(p);
		p->time_slice = task_timeslice(p);
		p->first_time_slice = 0;
		if (task_interactive(p) && expired_starving(rq, now))
			rq->nr_starving++;
		if (!task_interactive(p) || expired_starving(rq, now)) {
			if (!rq->expired_timestamp)
				rq->expired_timestamp = now;
			enqueue_task(p, rq->expired);
		} else {
			enqueue_task(p, rq->active);
		}
	}
out:
	arch_spin_unlock(&rq->lock);
	arch_irq_restore(flags);
	rebalance_tick(cpu, 0);
}
