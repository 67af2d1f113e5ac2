/*
 * wakeup.c - waking tasks, and choosing which CPU should run a woken task
 * (D7's HT-aware wake_up_cpu).
 */
#include "runqueue.h"

/*
 * Ask p's CPU to schedule (D7's resched_cpu(cpu) is this on that CPU's
 * current task): set need_resched and, if that CPU is another
 * one, send it a reschedule IPI (not twice for one request). p is the
 * current task of task_cpu(p), whose runqueue lock is held.
 */
void resched_task(struct task_struct *p)
{
	int was = p->need_resched;

	assert_rq_held(task_rq(p));
	p->need_resched = 1;
	if (!was && task_cpu(p) != arch_smp_processor_id())
		arch_send_resched_ipi(task_cpu(p));
}

/*
 * p, just queued on rq, may run on no idle thread of it, but the task a
 * CPU of p's runs may: ask that CPU to pick again. It runs p or its task,
 * and hands the other to the idle thread (core.c, share_core), so both run
 * now; else p would wait out that task's slice beside an idle thread.
 * 1 when a CPU was asked.
 */
static int hand_over_for(runqueue_t *rq, const struct task_struct *p)
{
	int idx;

	for_each_sibling(idx, rq) {
		struct cpu_slot *slot = &rq->cpu[idx], *idle;
		struct task_struct *curr = slot->curr;

		if (!task_allowed(p, slot->cpu) || curr == slot->idle ||
		    curr->need_resched)
			continue;
		idle = idle_sibling_for(rq, slot->cpu, curr);
		if (idle && !task_allowed(p, idle->cpu)) {
			resched_task(curr);
			return 1;
		}
	}
	return 0;
}

/* The idle thread of a CPU of rq that p may run on and no wakeup has
 * asked yet, or NULL (rq held): wake_up_cpu()'s step 2, which spells it
 * out for lab 8. */
static struct task_struct *idle_slot_for(runqueue_t *rq,
					  const struct task_struct *p)
{
	int idx;

	for_each_sibling(idx, rq) {
		struct cpu_slot *slot = &rq->cpu[idx];

		if (task_allowed(p, slot->cpu) && slot->curr == slot->idle &&
		    !slot->curr->need_resched)
			return slot->curr;
	}
	return NULL;
}

/* Ask an idle CPU of rq that p may run on to pick p (D7's wake_up_cpu
 * step 2); 1 when one was asked. */
static int resched_idle_sibling(runqueue_t *rq, const struct task_struct *p)
{
	struct task_struct *idle = idle_slot_for(rq, p);

	if (idle)
		resched_task(idle);
	return idle != NULL;
}

/*
 * p was just queued on rq for cpu. Find it a CPU, in this order:
 *  1. cpu itself, if idle (D7);
 *  2. any idle CPU of rq (an SMT sibling) p may run on (D7);
 *  2b. (not in D7) a CPU whose task an idle sibling may take over
 *     (hand_over_for);
 *  3. the CPU of rq running the least important task p may replace, on a
 *     tie its own. D7 preempts cpu's task if p beats it, else the first
 *     sibling's that p beats, which may leave the less important of two
 *     running tasks running.
 * A CPU whose current task is already asked to reschedule is taken: it
 * will pick the best queued task by itself, and two wakeups in a row must
 * not both count on it.
 */
void wake_up_cpu(runqueue_t *rq, int cpu, struct task_struct *p)
{
	struct task_struct *curr, *victim = NULL;
	int idx;

	assert_rq_held(rq);
	if (task_allowed(p, cpu) && cpu_rq(cpu) == rq) {
		curr = cpu_curr(cpu);
		if (curr == cpu_idle(cpu) && !curr->need_resched) {
			resched_task(curr);
			return;
		}
	}
	for_each_sibling(idx, rq) {
		struct cpu_slot *slot = &rq->cpu[idx];

		if (!task_allowed(p, slot->cpu))
			continue;
		if (slot->curr == slot->idle && !slot->curr->need_resched) {
			resched_task(slot->curr);
			return;
		}
	}
	if (rq->nr_cpus > 1 && hand_over_for(rq, p))
		return;
	for_each_sibling(idx, rq) {
		struct cpu_slot *slot = &rq->cpu[idx];

		curr = slot->curr;
		if (!task_allowed(p, slot->cpu) || curr->need_resched ||
		    p->prio >= curr->prio)
			continue;
		/* The least important victim; on a tie, p's own CPU. */
		if (!victim || curr->prio > victim->prio ||
		    (curr->prio == victim->prio && slot->cpu == cpu))
			victim = curr;
	}
	if (victim)
		resched_task(victim);
}

/* A CPU p may run on: its own if allowed, else the first allowed one. */
static int allowed_cpu(const struct task_struct *p)
{
	int cpu = first_cpu(p->cpus_allowed);

	if (task_allowed(p, task_cpu(p)))
		return task_cpu(p);
	return cpu < nr_cpus_online() ? cpu : task_cpu(p);
}

/*
 * Whether a sync wakeup should move p to the waker's CPU, this_cpu (rq,
 * p's runqueue, held). D7 always moves it. But a waker that wakes several
 * tasks before it sleeps (one writer, many readers: schbench's message
 * task) then stacks them all on its runqueue, where all but one wait for
 * an idle CPU's balance tick (IDLE_REBALANCE_TICK), while the CPUs they
 * slept on may be idle. So, in the order of Linux's wake_affine() with
 * task counts for its loads:
 *  - move when a CPU of the waker's runqueue will be free for p once the
 *    waker sleeps (fewer other tasks than CPUs: wake_affine_idle()'s
 *    "sync && nr_running == 1");
 *  - else stay when p's own runqueue has an idle CPU for it (ditto);
 *  - else move when the waker's runqueue, less the waker, is no busier
 *    per CPU than p's (wake_affine_weight(), which lets the waker's side
 *    win a tie): p waits no longer there, and its cache may be warm.
 * The waker's nr_running is read without its lock, as the balancer reads
 * it: a wrong guess costs p a wait, never its wakeup.
 */
static int sync_pull_pays(runqueue_t *rq, const struct task_struct *p,
			  int this_cpu)
{
	const runqueue_t *here = cpu_rq(this_cpu);
	unsigned long others = READ_ONCE(here->nr_running);

	assert_rq_held(rq);
	if (!SYNC_PULL_CHECK)
		return 1;
	others -= others > 0;		/* less the waker */
	if (others < (unsigned long)here->nr_cpus)
		return 1;
	if (idle_slot_for(rq, p))
		return 0;
	return others * (unsigned long)rq->nr_cpus <=
	       rq->nr_running * (unsigned long)here->nr_cpus;
}

/*
 * try_to_wake_up (2.5.59 + D7). A sync wakeup - the waker is about to
 * sleep, as a pipe writer waiting for its reader - moves the wakee to the
 * waker's CPU if it may run there (and sync_pull_pays()), and queues it
 * without preempting: the two then run in turn on one CPU with a warm
 * cache, or at once on two siblings of its core (SYNC_KICK_SIBLING).
 * Other wakeups, and a sync one whose wakee stays, look for a CPU with
 * wake_up_cpu().
 * Every wakeup credits the sleep to sleep_avg (activate_task), as 2.5.59
 * does. D7 queues a sync wakee with __activate_task, without the credit:
 * a task woken only through pipes then never earns a bonus, stays tied
 * with the hogs at its fork-time priority and waits up to a whole slice
 * behind one.
 */
int wake_up_process(struct task_struct *p, int sync)
{
	unsigned long flags;
	runqueue_t *rq;
	int this_cpu, success = 0;

	sync &= SYNC_WAKEUPS;
	for (;;) {
		rq = task_rq_lock(p, &flags);
		this_cpu = arch_smp_processor_id();
		if (p->array || p->state == TASK_RUNNING ||
		    p->state == TASK_ZOMBIE)
			break;
		/* A task on a migration queue stays on the queue's runqueue
		 * (sched.h, migrate_dest): its request moves it. */
		if (sync && !task_running(p) && task_cpu(p) != this_cpu &&
		    task_allowed(p, this_cpu) &&
		    list_empty(&p->migration_list) &&
		    sync_pull_pays(rq, p, this_cpu)) {
			int from = task_cpu(p);

			p->cpu = this_cpu;
			if (cpu_rq(from) != cpu_rq(this_cpu)) {
				sched_stats[this_cpu].moves_in[SCHED_MOVE_WAKE]++;
				sched_trace(SCHED_TRACE_MIGRATE, p, from,
					   this_cpu, SCHED_MOVE_WAKE);
			}
			task_rq_unlock(rq, flags);
			continue;	/* lock the runqueue it is on now */
		}
		if (!task_allowed(p, task_cpu(p)) &&
		    list_empty(&p->migration_list)) {
			/* Its affinity changed while it slept. */
			p->cpu = allowed_cpu(p);
			task_rq_unlock(rq, flags);
			continue;
		}
		if (p->state == TASK_UNINTERRUPTIBLE)
			rq->nr_uninterruptible--;
		activate_task(p, rq);
		/* Sync only on the waker's own CPU: a wakee that stays on
		 * another CPU (pinned there, or running there still; a
		 * sibling sharing our runqueue too) must have that CPU
		 * told, or it waits for the CPU's next tick. D7 asks no
		 * CPU after a sync wakeup; this is Linux 2.6's later test
		 * (try_to_wake_up: "if (!sync || cpu != this_cpu)"). */
		if (!sync || task_cpu(p) != this_cpu)
			wake_up_cpu(rq, task_cpu(p), p);
		else if (rq->nr_cpus > 1 &&
			 !(SYNC_KICK_SIBLING && p->rq_only < 0 &&
			   resched_idle_sibling(rq, p)))
			/* The waker may not sleep after all (a hog that
			 * reports to its pinned parent, lab 4's execer).
			 * A wakee bound to this CPU (rq_only) no sibling
			 * may take: no search for one. */
			hand_over_for(rq, p);
		success = 1;
		sched_trace(SCHED_TRACE_WAKEUP, p, task_cpu(p), sync, 0);
		break;
	}
	if (p->state != TASK_ZOMBIE)
		p->state = TASK_RUNNING;
	task_rq_unlock(rq, flags);
	return success;
}
