/*
 * migration.c - moving tasks that are running: per-CPU migration threads,
 * set_cpus_allowed(), and active balancing (D7).
 *
 * A running task cannot be pulled by another CPU: its registers live on the
 * CPU running it. So moves of running tasks are queued to the migration
 * thread of the task's CPU, a SCHED_FIFO thread of the highest priority.
 * Waking it preempts the task, which is then only queued, and the thread
 * moves it. Three users: set_cpus_allowed() (the task's CPU is no longer
 * allowed), exec placement (exec.c), and active balancing: when a whole
 * core is idle while another core runs a task on several of its threads,
 * the passive balancer cannot help (every task there is running), so the
 * busy core's migration thread pushes one task over.
 */
#include "runqueue.h"

/*
 * Ask for p (on rq, held) to be moved to dest by the migration thread of
 * the CPU p is on (2.5.59's sched_migrate_task() does the same for exec). Returns that thread, to be woken once rq is unlocked, or
 * NULL when that CPU has none (then nothing is queued).
 */
struct task_struct *queue_migration(runqueue_t *rq, struct task_struct *p,
				    int dest, enum sched_move why)
{
	struct cpu_slot *slot = cpu_slot(task_cpu(p));

	assert_rq_held(rq);
	SCHED_BUG_ON(rq != task_rq(p), "queue_migration of pid %d: wrong rq",
		     p->pid);
	if (!slot->migration_thread)
		return NULL;
	p->migrate_dest = dest;
	p->migrate_why = why;
	if (!list_empty(&p->migration_list))
		list_del_init(&p->migration_list);
	list_add_tail(&p->migration_list, &slot->migration_queue);
	return slot->migration_thread;
}

/* An allowed CPU for p, preferring its own runqueue (no move at all), then
 * the least loaded runqueue, then an idle CPU in it. -1 when none. */
static int choose_allowed_cpu(const struct task_struct *p)
{
	runqueue_t *rq, *best = NULL;
	int idx, cpu = -1;

	for_each_rq(rq) {
		int allowed = 0;

		for_each_sibling(idx, rq)
			allowed |= task_allowed(p, rq->cpu[idx].cpu);
		if (!allowed)
			continue;
		if (rq == task_rq(p)) {
			best = rq;
			break;
		}
		if (!best || READ_ONCE(rq->nr_running) * best->nr_cpus <
			     READ_ONCE(best->nr_running) * rq->nr_cpus)
			best = rq;
	}
	if (!best)
		return -1;
	for_each_sibling(idx, best) {
		int c = best->cpu[idx].cpu;

		if (!task_allowed(p, c))
			continue;
		if (cpu < 0 || idle_cpu(c))
			cpu = c;
		if (idle_cpu(c))
			break;
	}
	return cpu;
}

/*
 * Move p to dest now if it is not running: queued tasks change runqueue,
 * sleeping ones just change CPU. If p runs (a sibling of its shared
 * runqueue picked it meanwhile), hand the request to that CPU's thread.
 * No lock held on entry.
 */
static void migrate_now(struct task_struct *p, int dest, enum sched_move why,
			int from_queue)
{
	struct task_struct *wake = NULL;
	runqueue_t *src, *dst;
	unsigned long flags;
	int from;

	flags = arch_irq_save();
	for (;;) {
		src = task_rq(p);
		dst = cpu_rq(dest);
		double_rq_lock(src, dst);
		if (src == task_rq(p))
			break;
		double_rq_unlock(src, dst);
	}
	from = task_cpu(p);
	/* The request is served now (a newer one, queued again, keeps its
	 * own dest). */
	if (from_queue)
		p->migrate_inflight--;	/* p is locked again: ours no more */
	if (list_empty(&p->migration_list))
		p->migrate_dest = -1;
	if (p->state == TASK_ZOMBIE || !list_empty(&p->migration_list))
		goto out;	/* dead, or a newer request moves it */
	if (why == SCHED_MOVE_AFFINITY && task_allowed(p, from))
		goto out;	/* affinity changed back, or it moved already */
	if (!task_allowed(p, dest))
		goto out;	/* affinity changed again: a new request follows */
	if (task_running(p)) {
		wake = queue_migration(src, p, dest, why);
	} else if (p->array) {
		move_queued_task(p, src, dst, dest, why);
		wake_up_cpu(dst, dest, p);
	} else {
		p->cpu = dest;
		if (src != dst) {
			sched_stats[dest].moves_in[why]++;
			sched_trace(SCHED_TRACE_MIGRATE, p, from, dest, why);
		}
	}
out:
	double_rq_unlock(src, dst);
	arch_irq_restore(flags);
	if (wake)
		wake_up_process(wake, 0);
}

/*
 * Restrict p to mask. If its CPU stays allowed nothing moves; otherwise
 * a task that is not running moves at once, and a running one is moved by
 * its CPU's migration thread (this schedules when p is the caller).
 */
int set_cpus_allowed(struct task_struct *p, cpumask_t mask)
{
	cpumask_t online = cpus_below(nr_cpus_online());
	struct task_struct *wake = NULL;
	unsigned long flags;
	runqueue_t *rq;
	int dest, running;

	cpus_and(mask, mask, online);
	if (cpus_empty(mask) || (p->flags & PF_IDLE))
		return -1;
	rq = task_rq_lock(p, &flags);
	p->cpus_allowed = mask;
	rq_affinity_changed(p, rq);
	if (task_allowed(p, task_cpu(p))) {
		task_rq_unlock(rq, flags);
		return 0;
	}
	dest = choose_allowed_cpu(p);
	if (cpu_rq(dest) == rq && !task_running(p)) {
		p->cpu = dest;		/* a sibling of the same runqueue */
		if (p->array)
			wake_up_cpu(rq, dest, p);
		task_rq_unlock(rq, flags);
		return 0;
	}
	/* A task on a migration queue stays on its runqueue until the queue's
	 * thread moves it: a new request replaces the one queued. */
	running = task_running(p) || !list_empty(&p->migration_list);
	if (running) {
		wake = queue_migration(rq, p, dest, SCHED_MOVE_AFFINITY);
		if (!wake)
			arch_sched_log("sched: no migration thread on CPU %d: "
				       "pid %d moves when it next sleeps",
				       task_cpu(p), p->pid);
	}
	task_rq_unlock(rq, flags);
	if (!running) {
		migrate_now(p, dest, SCHED_MOVE_AFFINITY, 0);
	} else if (wake) {
		wake_up_process(wake, 0);
		if (p == current_task())
			schedule();
	}
	return 0;
}

/* ---- active balancing --------------------------------------------------- */

/* CPUs of rq running a task (unlocked estimate). */
static int busy_siblings(const runqueue_t *rq)
{
	int idx, busy = 0;

	for_each_sibling(idx, rq)
		busy += READ_ONCE(rq->cpu[idx].curr) != rq->cpu[idx].idle;
	return busy;
}

/*
 * A core runs at least two tasks more than this idle CPU's core: with two
 * threads per core, "this whole core is idle while that one runs a task on
 * each thread" (D7); with four, 3 against 1 still gains from a push.
 */
static int smt_imbalance(const runqueue_t *busy, const runqueue_t *idle)
{
	return busy->nr_cpus > 1 && busy_siblings(busy) >= busy_siblings(idle) + 2;
}

/*
 * Running tasks per CPU of node, in LOAD_SCALE units (unlocked estimate);
 * -1 when the node has a core with nothing running: such a node spreads
 * its own tasks over its own cores first (and its tasks stay near their
 * memory, as forked tasks should).
 */
static int node_busy_load(int node)
{
	const runqueue_t *rq;
	int busy = 0, cpus = 0;

	for_each_rq(rq)
		if (rq->node == node) {
			if (!busy_siblings(rq))
				return -1;
			busy += busy_siblings(rq);
			cpus += rq->nr_cpus;
		}
	return cpus ? busy * LOAD_SCALE / cpus : 0;
}

/*
 * The cores active balancing may push from: this CPU's domain, or, when
 * nothing there qualifies and balancing is per node, the cores of nodes
 * without an idle core running NODE_THRESHOLD% more tasks per CPU than
 * ours. Without the second
 * pass a core of another node running a task on each thread beside our
 * idle node stays that way: the node balancer pulls only waiting tasks,
 * and every task there is running.
 */
static cpumask_t active_domain(int this_cpu, int pass)
{
	int node = cpu_to_node(this_cpu), n, mine;
	cpumask_t mask = CPU_MASK_NONE;

	if (!pass)
		return balance_domain(this_cpu);
	if (sched_opts.balance != SCHED_BALANCE_NUMA)
		return CPU_MASK_NONE;
	mine = node_busy_load(node);
	if (mine < 0)
		mine = 0;	/* this node has an idle core: ours */
	for (n = 0; n < sched_topo->nnodes; n++)
		if (n != node && node_busy_load(n) * 100 > mine * NODE_THRESHOLD)
			cpus_or(mask, mask, sched_topo->node_map[n]);
	return mask;
}

/*
 * When each idle CPU first saw a push across nodes it could make (jiffies
 * + 1; 0: it sees none now). Each CPU reads and writes only its own slot,
 * from its own tick: no lock.
 */
static unsigned long cross_seen[NR_CPUS];

void active_balance_init(void)
{
	int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++)
		cross_seen[cpu] = 0;
}

/* A push across nodes waits until this CPU has seen one for
 * ACTIVE_NODE_DELAY: a passing imbalance is not worth a task's memory. */
static int cross_node_ripe(int this_cpu, int seen)
{
	unsigned long now = arch_jiffies();

	if (!seen) {
		cross_seen[this_cpu] = 0;
		return 0;
	}
	if (!cross_seen[this_cpu]) {
		cross_seen[this_cpu] = now + 1;
		return 0;
	}
	return now + 1 - cross_seen[this_cpu] >= ACTIVE_NODE_DELAY;
}

/*
 * this_cpu is idle and found nothing to pull. Look for a core of this node
 * (then of a busier node: active_domain) with an SMT imbalance against ours
 * and a running task allowed here, and mark it for its migration thread
 * (preferring the thread of the CPU whose task matters least). No lock
 * held; returns the thread to wake.
 */
struct task_struct *active_load_balance(int this_cpu)
{
	runqueue_t *this_rq = cpu_rq(this_cpu);
	unsigned long flags;
	struct cpu_slot *pick = NULL;
	runqueue_t *rq = NULL;
	int idx, pass;

	for (pass = 0; pass < 2 && !pick; pass++) {
		cpumask_t domain = active_domain(this_cpu, pass);

		for_each_rq(rq) {
			if (rq == this_rq || !cpu_isset(rq->id, domain) ||
			    !smt_imbalance(rq, this_rq))
				continue;
			for_each_sibling(idx, rq) {
				struct cpu_slot *slot = &rq->cpu[idx];
				struct task_struct *curr = READ_ONCE(slot->curr);

				if (curr == slot->idle || !slot->migration_thread ||
				    READ_ONCE(slot->active_balance) ||
				    !task_allowed(curr, this_cpu) ||
				    (curr->flags & PF_KTHREAD))
					continue;
				if (!pick ||
				    curr->prio > READ_ONCE(pick->curr)->prio)
					pick = slot;
			}
			if (pick)
				break;
		}
		if (pass == 1 && !cross_node_ripe(this_cpu, pick != NULL))
			pick = NULL;
	}
	if (pass == 1)		/* pass 0 found one: nothing to push across */
		cross_node_ripe(this_cpu, 0);
	if (!pick)
		return NULL;
	/* The tests above were estimates; set the request under the lock. */
	flags = arch_irq_save();
	arch_spin_lock(&rq->lock);
	if (pick->active_balance) {
		pick = NULL;
	} else {
		pick->active_balance = 1;
		pick->active_balance_cpu = this_cpu;
	}
	arch_spin_unlock(&rq->lock);
	arch_irq_restore(flags);
	return pick ? pick->migration_thread : NULL;
}

/*
 * In the migration thread of busy (held): if the imbalance is still there,
 * push one task that is not running (the one this thread just preempted)
 * to the idle CPU that asked.
 */
static void do_active_balance(runqueue_t *busy, struct cpu_slot *slot)
{
	int target = slot->active_balance_cpu, idx;
	runqueue_t *idle_rq = cpu_rq(target);
	struct task_struct *p = NULL;
	prio_array_t *array;

	assert_rq_held(busy);
	slot->active_balance = 0;
	if (idle_rq == busy || !idle_cpu(target) || !smt_imbalance(busy, idle_rq))
		return;
	/* Across nodes, the node must still have no idle core (a task that
	 * ran there when the request was made may sleep now): a forked task
	 * stays near its memory while its node has room. */
	if (idle_rq->node != busy->node &&
	    !cpu_isset(busy->id, active_domain(target, 1)))
		return;
	double_lock_balance(busy, idle_rq);
	array = busy->active;
	for (;;) {
		for (idx = sched_find_first_bit(array->bitmap);
		     idx < MAX_PRIO && !p;
		     idx = find_next_bit(array->bitmap, MAX_PRIO, idx + 1)) {
			struct list_head *pos;

			list_for_each(pos, &array->queue[idx]) {
				struct task_struct *t = list_entry(pos,
						struct task_struct, run_list);

				if (!task_running(t) && task_allowed(t, target) &&
				    t->migrate_dest < 0) {
					p = t;
					break;
				}
			}
		}
		if (p || array == busy->expired)
			break;
		array = busy->expired;
	}
	/* Both siblings of a busy core may have a request for one idle core:
	 * the first push wins, the core is no longer idle for the second. */
	if (p && idle_cpu(target) && !idle_rq->nr_running) {
		move_queued_task(p, busy, idle_rq, target, SCHED_MOVE_ACTIVE);
		wake_up_cpu(idle_rq, target, p);
	}
	arch_spin_unlock(&idle_rq->lock);
}

/* ---- the migration thread ----------------------------------------------- */

/* One pass of this CPU's migration thread (D7's migration_task()). */
void migration_thread_run(void)
{
	int cpu = arch_smp_processor_id();
	runqueue_t *rq = cpu_rq(cpu);
	struct cpu_slot *slot = cpu_slot(cpu);
	struct task_struct *self = slot->curr;
	unsigned long flags;

	flags = arch_irq_save();
	arch_spin_lock(&rq->lock);
	if (slot->active_balance)
		do_active_balance(rq, slot);
	while (!list_empty(&slot->migration_queue)) {
		struct task_struct *p = list_entry(slot->migration_queue.next,
				struct task_struct, migration_list);
		int dest = p->migrate_dest;
		enum sched_move why = (enum sched_move)p->migrate_why;

		/*
		 * migrate_inflight keeps p alive while no lock is held here:
		 * a sibling may run p meanwhile, and p may exit, but its
		 * reaper waits for sched_task_inactive(), which says no while
		 * it is set. (migrate_dest alone did not: an affinity change
		 * serves the request meanwhile with its own migrate_now() and
		 * clears it; the fuzzer's seed 61 then freed p under this
		 * thread.) migrate_dest stays set until migrate_now() holds
		 * p's lock, which keeps balancers off p (can_migrate()): a
		 * vCPU may stall right here, and a task balancers pass from
		 * node to node stays out of reach of the request chasing it.
		 */
		list_del_init(&p->migration_list);
		p->migrate_inflight++;
		arch_spin_unlock(&rq->lock);
		migrate_now(p, dest, why, 1);
		arch_spin_lock(&rq->lock);
	}
	/* Asleep, unless a request came while the lock was free: a wakeup
	 * between here and schedule() just sets TASK_RUNNING again. */
	if (list_empty(&slot->migration_queue) && !slot->active_balance)
		self->state = TASK_INTERRUPTIBLE;
	arch_spin_unlock(&rq->lock);
	arch_irq_restore(flags);
}

void migration_thread_main(int cpu)
{
	(void)cpu;
	for (;;) {
		migration_thread_run();
		schedule();
	}
}
