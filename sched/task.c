/*
 * task.c - a task's life as the scheduler sees it (fork, exit) and the
 * calls that change its priority or policy (nice, sched_setscheduler,
 * yield), plus the read-only queries.
 */
#include "runqueue.h"

static cpumask_t online_mask(void)
{
	return cpus_below(nr_cpus_online());
}

/*
 * Fork (2.5.59 + D7): the child inherits policy, priority and affinity,
 * half of the parent's remaining slice (so forking does not buy CPU time)
 * and CHILD_PENALTY% of its sleep average (so a forked child starts less
 * interactive than its parent).
 */
void sched_fork(struct task_struct *parent, struct task_struct *child)
{
	int cpu = arch_smp_processor_id();
	unsigned long flags;

	/* Not runnable until wake_up_new_task(). */
	child->state = TASK_UNINTERRUPTIBLE;
	child->flags &= ~PF_IDLE;
	child->need_resched = 0;
	child->preempted = 0;
	child->array = NULL;
	INIT_LIST_HEAD(&child->run_list);
	INIT_LIST_HEAD(&child->migration_list);
	child->migrate_dest = -1;
	child->migrate_why = 0;
	child->migrate_inflight = 0;
	child->exec_placing = 0;
	child->cpu = cpu;
	child->last_run = child->last_queued = arch_jiffies(); /* not queued */

	if (parent && !(parent->flags & PF_IDLE)) {
		runqueue_t *rq = task_rq_lock(parent, &flags);

		child->policy = parent->policy;
		child->rt_priority = parent->rt_priority;
		child->static_prio = parent->static_prio;
		child->cpus_allowed = parent->cpus_allowed;
		child->node = parent->node;
		child->sleep_avg = parent->sleep_avg * CHILD_PENALTY / 100;
		parent->sleep_avg = parent->sleep_avg * PARENT_PENALTY / 100;
		child->prio = parent->prio;
		child->prio = effective_prio(child);
		child->time_slice = (parent->time_slice + 1) >> 1;
		child->first_time_slice = 1;
		parent->time_slice >>= 1;
		if (!parent->time_slice) {
			/* It had one tick left: it expires at the next. */
			parent->time_slice = 1;
		}
		task_rq_unlock(rq, flags);
	} else {
		/* Made by the kernel itself (init, kernel threads). */
		child->policy = SCHED_NORMAL;
		child->rt_priority = 0;
		child->static_prio = NICE_TO_PRIO(0);
		child->cpus_allowed = online_mask();
		child->node = cpu_to_node(cpu);
		child->sleep_avg = 0;
		/* Normal before effective_prio(), which may tell real-time
		 * tasks by their prio (2.5.59's rt_task(p)) as well as by
		 * their policy. */
		child->prio = child->static_prio;
		child->prio = effective_prio(child);
		child->time_slice = task_timeslice(child);
		child->first_time_slice = 0;
	}

	flags = arch_irq_save();
	arch_spin_lock(&tasks_lock);
	list_add_tail(&child->tasks, &all_tasks);
	arch_spin_unlock(&tasks_lock);
	arch_irq_restore(flags);
}

/*
 * Queue a new task. With SMART_WAKE_CHILD (D7) a child of the running task
 * goes into the parent's list right in front of it, at the parent's
 * priority, so it runs as soon as the parent lets go of the CPU. Then the
 * HT-aware wakeup looks for an idle sibling or CPU to run it at once.
 * 2.5.59 and D7 call it wake_up_forked_process().
 */
void wake_up_new_task(struct task_struct *child)
{
	struct task_struct *parent;
	unsigned long flags;
	runqueue_t *rq;
	int this_cpu;

	rq = task_rq_lock(child, &flags);
	this_cpu = arch_smp_processor_id();
	parent = cpu_curr(this_cpu);
	if (!task_allowed(child, task_cpu(child))) {
		/* Its affinity was narrowed before it ever ran. */
		child->cpu = first_cpu(child->cpus_allowed);
		task_rq_unlock(rq, flags);
		rq = task_rq_lock(child, &flags);
	}
	/* Runnable under the lock that queues it: a CPU that looks in
	 * between (the sanity checker) would see it runnable in no array. */
	child->state = TASK_RUNNING;
	/* first_time_slice: forked by the running task (not made by the
	 * kernel with sched_fork(NULL, ...)). */
	if (SMART_WAKE_CHILD && child->first_time_slice &&
	    rq == cpu_rq(this_cpu) && parent->array &&
	    !(parent->flags & PF_IDLE) && parent->policy == child->policy &&
	    task_cpu(child) == this_cpu) {
		child->prio = parent->prio;
		list_add_tail(&child->run_list, &parent->run_list);
		child->array = parent->array;
		child->array->nr_active++;
		nr_running_inc(rq, child);
		rq_bound_join(child, rq);
	} else {
		__activate_task(child, rq);
	}
	child->last_queued = arch_jiffies();	/* once queued: sched.h */
	wake_up_cpu(rq, task_cpu(child), child);
	sched_trace(SCHED_TRACE_FORK, child, parent->pid, task_cpu(child), 0);
	task_rq_unlock(rq, flags);
}

/*
 * 2.5.59 sched_exit(): a child that exits on its first slice returns what
 * it did not use to its parent (fork then exit buys nothing), and a child
 * that was more of a CPU hog than its parent drags the parent's sleep
 * average down with EXIT_WEIGHT.
 */
void sched_exit(struct task_struct *p, struct task_struct *parent)
{
	unsigned long flags;
	runqueue_t *rq;

	SCHED_BUG_ON(p->array || task_running(p),
		     "sched_exit of pid %d still %s", p->pid,
		     p->array ? "queued" : "running");
	if (parent && !(parent->flags & PF_IDLE) && parent->state != TASK_ZOMBIE) {
		rq = task_rq_lock(parent, &flags);
		if (p->first_time_slice) {
			parent->time_slice += p->time_slice;
			if (parent->time_slice > MAX_TIMESLICE)
				parent->time_slice = MAX_TIMESLICE;
		}
		if (p->sleep_avg < parent->sleep_avg)
			parent->sleep_avg = (parent->sleep_avg * EXIT_WEIGHT +
					     p->sleep_avg) / (EXIT_WEIGHT + 1);
		task_rq_unlock(rq, flags);
	}
	rq = task_rq_lock(p, &flags);
	SCHED_BUG_ON(p->migrate_dest >= 0 || p->migrate_inflight ||
		     !list_empty(&p->migration_list),
		     "sched_exit of pid %d with a migration request to CPU %d "
		     "(the reaper did not wait for sched_task_inactive())",
		     p->pid, p->migrate_dest);
	arch_spin_lock(&tasks_lock);
	list_del_init(&p->tasks);
	arch_spin_unlock(&tasks_lock);
	task_rq_unlock(rq, flags);
}

/*
 * Read under p's runqueue lock: migrate_now() clears migrate_dest and
 * migrate_inflight under it and touches p no more once it lets go, so a
 * reaper that sees no request and none in flight here frees a task no
 * migration thread will read again.
 */
int sched_task_inactive(struct task_struct *p)
{
	unsigned long flags;
	runqueue_t *rq = task_rq_lock(p, &flags);
	int inactive = !p->array && !task_running(p) && p->migrate_dest < 0 &&
		       !p->migrate_inflight;

	task_rq_unlock(rq, flags);
	return inactive;
}

/*
 * Requeue p after a priority change into array (where it was); if it now
 * beats a running task, or it runs and got worse, let the CPUs of its
 * runqueue pick again.
 */
static void requeue_changed(runqueue_t *rq, struct task_struct *p,
			    prio_array_t *array, int old_prio)
{
	if (!array)
		return;
	enqueue_task(p, array);
	if (task_running(p)) {
		if (p->prio > old_prio)
			resched_task(p);
	} else if (array == rq->active) {
		wake_up_cpu(rq, task_cpu(p), p);
	}
}

/*
 * 2.5.59: an unchanged nice changes nothing, and a changed one requeues the
 * task in its own array. Were every renice to put it into the active array,
 * a task reniced at every tick by another one (any process may call nice()
 * on another) would never expire: the arrays would never switch, and a
 * third task on its runqueue that did expire would wait for good.
 */
void set_user_nice(struct task_struct *p, int nice)
{
	prio_array_t *array;
	unsigned long flags;
	runqueue_t *rq;
	int old_prio;

	if (nice < -20 || nice > 19 || (p->flags & PF_IDLE))
		return;
	rq = task_rq_lock(p, &flags);
	if (p->static_prio == NICE_TO_PRIO(nice))
		goto out;
	if (rt_task(p)) {
		/* Only remembered; used when it becomes SCHED_NORMAL. */
		p->static_prio = NICE_TO_PRIO(nice);
		goto out;
	}
	array = p->array;
	if (array)
		dequeue_task(p, array);
	old_prio = p->prio;
	p->static_prio = NICE_TO_PRIO(nice);
	p->prio = effective_prio(p);
	requeue_changed(rq, p, array, old_prio);
out:
	task_rq_unlock(rq, flags);
}

int sched_setscheduler(struct task_struct *p, int policy, int rt_priority)
{
	prio_array_t *array;
	unsigned long flags;
	runqueue_t *rq;
	int old_prio;

	if (policy != SCHED_NORMAL && policy != SCHED_FIFO && policy != SCHED_RR)
		return -1;
	if (policy == SCHED_NORMAL ? rt_priority != 0 :
	    rt_priority < 1 || rt_priority > MAX_USER_RT_PRIO - 1)
		return -1;
	if (p->flags & PF_IDLE)
		return -1;
	rq = task_rq_lock(p, &flags);
	array = p->array;
	if (array)
		dequeue_task(p, array);
	old_prio = p->prio;
	p->policy = policy;
	p->rt_priority = (unsigned int)rt_priority;
	if (policy != SCHED_NORMAL)
		p->prio = MAX_USER_RT_PRIO - 1 - rt_priority;
	else
		p->prio = effective_prio(p);
	/*
	 * A task that becomes real-time runs from the active array (2.5.59
	 * puts every task there); one that stays SCHED_NORMAL keeps its
	 * array, as with set_user_nice(). Were every call to requeue it into
	 * the active array, a task calling sched_setscheduler(SCHED_NORMAL)
	 * on another one at every tick would keep it from ever expiring, and a
	 * third task on its runqueue would wait for good.
	 */
	requeue_changed(rq, p, array && rt_task(p) ? rq->active : array,
			old_prio);
	task_rq_unlock(rq, flags);
	return 0;
}

/*
 * Yield (2.5.59): a normal task goes to the expired array, behind every
 * task that still has a slice; a real-time task to the end of its list.
 * p is the current task of rq, whose lock is held (core.c's sched_yield());
 * now is arch_jiffies(), read once by the caller (a 64-bit division here).
 */
void yield_requeue(struct task_struct *p, runqueue_t *rq, unsigned long now)
{
	assert_rq_held(rq);
	if (!p->array)
		return;
	if (rt_task(p)) {
		list_del(&p->run_list);
		list_add_tail(&p->run_list, &p->array->queue[p->prio]);
		return;
	}
	dequeue_task(p, p->array);
	enqueue_task(p, rq->expired);
	if (!rq->expired_timestamp)
		rq->expired_timestamp = now;
}

/* ---- queries ------------------------------------------------------------ */

struct task_struct *sched_current(int cpu)
{
	return READ_ONCE(cpu_curr(cpu));
}

int idle_cpu(int cpu)
{
	return READ_ONCE(cpu_curr(cpu)) == cpu_idle(cpu);
}

int task_curr(const struct task_struct *p)
{
	return task_running(p);
}

/* A shared runqueue is counted once (D7). */
unsigned long nr_running(void)
{
	unsigned long sum = 0;
	runqueue_t *rq;

	for_each_rq(rq)
		sum += READ_ONCE(rq->nr_running);
	return sum;
}

unsigned long nr_context_switches(void)
{
	unsigned long sum = 0;
	runqueue_t *rq;

	for_each_rq(rq)
		sum += READ_ONCE(rq->nr_switches);
	return sum;
}
