/*
 * balance.c - passive load balancing: inside a node and between nodes.
 *
 * The 2.5.59 NUMA scheduler in three places (article):
 *  - load_balance() pulls tasks from the busiest runqueue of this CPU's
 *    node: every 1 ms on an idle CPU, every 200 ms on a busy one;
 *  - balance_node() looks past the node every 2 ms (idle) / 400 ms (busy)
 *    and pulls from the busiest node, if it is NODE_THRESHOLD busier;
 *  - sched_balance_exec() places a task that calls exec() on the least
 *    loaded CPU of the least loaded node, before its memory is allocated
 *    (exec.c).
 *
 * Loads are compared per CPU (nr_running / nr_cpus): a runqueue shared by
 * the two threads of a core with two tasks is as loaded as a one-CPU
 * runqueue with one. For runqueues of one CPU every rule below is the
 * 2.5.59 rule.
 */
#include "runqueue.h"

/* CPUs of rq currently running something (unlocked estimate). */
static int rq_busy(const runqueue_t *rq)
{
	int idx, busy = 0;

	for_each_sibling(idx, rq) {
		const struct cpu_slot *slot = &rq->cpu[idx];

		if (READ_ONCE(slot->curr) != slot->idle)
			busy++;
	}
	return busy;
}

/* Tasks of rq that wait for a CPU (unlocked estimate). */
static int rq_waiting(const runqueue_t *rq)
{
	int waiting = (int)READ_ONCE(rq->nr_running) - rq_busy(rq);

	return waiting > 0 ? waiting : 0;
}

/*
 * Whether rq holds a waiting task another runqueue could take: some of its
 * tasks are not bound to it (runqueue.h, nr_bound). Unlocked, an estimate
 * that may count a running task; rq_movable() is exact, with rq's lock.
 */
static int rq_has_unbound(const runqueue_t *rq)
{
	return READ_ONCE(rq->nr_running) > READ_ONCE(rq->nr_bound);
}

static int rq_movable(const runqueue_t *rq)
{
	long unbound = (long)rq->nr_running - (long)rq->nr_bound;
	int idx;

	for_each_sibling(idx, rq) {
		const struct task_struct *curr = rq->cpu[idx].curr;

		if (curr != rq->cpu[idx].idle && curr->array && !curr->rq_bound)
			unbound--;
	}
	return unbound > 0;
}

/*
 * How many tasks to pull from busiest (b_nr tasks) into this runqueue
 * (t_nr tasks) to even out their loads per CPU; 0 unless moving one task
 * leaves this runqueue less loaded than busiest is now. With one CPU each
 * this is 2.5.59's (max_load - nr_running) / 2.
 */
static int tasks_to_move(const runqueue_t *this_rq, long t_nr,
			 const runqueue_t *busiest, long b_nr)
{
	long tn = this_rq->nr_cpus, bn = busiest->nr_cpus, k;

	if ((t_nr + 1) * bn >= b_nr * tn)
		return 0;
	k = (b_nr * tn - t_nr * bn) / (tn + bn);
	return k ? (int)k : 1;
}

/*
 * A busy CPU pulls only past an IMBALANCE_PCT imbalance: busiest's load per
 * CPU must exceed this runqueue's by 25%, and moving must help at all.
 */
static int busy_tasks_to_move(const runqueue_t *this_rq, long t_nr,
			      const runqueue_t *busiest, long b_nr)
{
	if (b_nr * this_rq->nr_cpus * 100 <=
	    t_nr * busiest->nr_cpus * (100 + IMBALANCE_PCT))
		return 0;
	return tasks_to_move(this_rq, t_nr, busiest, b_nr);
}

/*
 * How a balance chooses. A busy CPU leaves cache-hot tasks alone (off a
 * CPU for less than CACHE_DECAY_TICKS); an idle CPU takes what it can
 * (D7), except from another node when it only steps in for a node that
 * did not balance itself (then the task must have waited min_wait).
 */
struct lb_env {
	int this_cpu;
	int idle;
	unsigned long min_age;	/* ticks since the task left a CPU */
	unsigned long min_wait;	/* ticks it has waited (task_waited()) */
	enum sched_move why;
	int spare_home;		/* leave tasks an idle CPU of their node may run */
};

int task_has_idle_home(const struct task_struct *p)
{
	int node = task_rq(p)->node, cpu;

	if (node < 0 || node >= MAX_NODES)
		return 0;
	for (cpu = 0; cpu < nr_cpus_online(); cpu++)
		if (cpu_isset(cpu, sched_topo->node_map[node]) &&
		    task_allowed(p, cpu) && idle_cpu(cpu))
			return 1;
	return 0;
}

/* May this balance take p? 2.5.59 and D7: CAN_MIGRATE_TASK. */
static int can_migrate(const struct task_struct *p, const struct lb_env *env,
		       unsigned long now)
{
	return !task_running(p) && task_allowed(p, env->this_cpu) &&
		p->migrate_dest < 0 && ticks_since(now, p->last_run) >= env->min_age &&
		task_waited(p, now) >= env->min_wait &&
		!(env->spare_home && task_has_idle_home(p));
}

/*
 * Pull up to max tasks from busiest (both locks held). Expired tasks
 * first - they will not run soon and are the coldest - then active ones;
 * the most important priority first, from the tail of each list (2.5.59;
 * each move is its pull_task()).
 */
static int move_tasks(runqueue_t *this_rq, runqueue_t *busiest, int max,
		      const struct lb_env *env)
{
	prio_array_t *array = busiest->expired->nr_active ? busiest->expired :
							    busiest->active;
	unsigned long now = arch_jiffies();
	int moved = 0, idx;

	for (;;) {
		for (idx = sched_find_first_bit(array->bitmap); idx < MAX_PRIO;
		     idx = find_next_bit(array->bitmap, MAX_PRIO, idx + 1)) {
			struct list_head *head = &array->queue[idx];
			struct list_head *pos, *prev;

			for (pos = head->prev; pos != head; pos = prev) {
				struct task_struct *p = list_entry(pos,
						struct task_struct, run_list);

				prev = pos->prev;
				if (!can_migrate(p, env, now))
					continue;
				move_queued_task(p, busiest, this_rq, env->this_cpu,
						 env->why);
				wake_up_cpu(this_rq, env->this_cpu, p);
				if (++moved >= max)
					return moved;
			}
		}
		if (array != busiest->expired)
			return moved;
		array = busiest->active;
	}
}

struct candidate {
	runqueue_t *rq;
	long nr;		/* its length as this balance judges it */
};

/*
 * The runqueues of mask this one could pull from, each judged by a stable
 * length (2.5.59's find_busiest_queue(), with prev_rq_load for its
 * prev_nr_running; busiest_candidate() picks among them): a busy CPU sees the shorter of a remote runqueue's
 * length now and at its previous balance, and the longer of its own, so
 * only lasting imbalances move tasks. An idle CPU takes the lengths as
 * they are, and any runqueue with a waiting task is a candidate for it,
 * however loaded its own runqueue looks: a runqueue full of tasks pinned
 * to a sibling must not keep this CPU idle beside a waiting task (the
 * "overload on wakeup" and pinning cases of Lozi et al.).
 */
static int find_candidates(runqueue_t *this_rq, int idle, cpumask_t mask,
			   long *this_nr, struct candidate *cand)
{
	long nr = (long)this_rq->nr_running;
	int n = 0;
	runqueue_t *rq;

	if (!idle && this_rq->prev_rq_load[this_rq->id] > nr)
		nr = this_rq->prev_rq_load[this_rq->id];
	this_rq->prev_rq_load[this_rq->id] = (int)this_rq->nr_running;
	*this_nr = nr;

	for_each_rq(rq) {
		long load = (long)READ_ONCE(rq->nr_running);

		if (rq == this_rq || !cpu_isset(rq->id, mask))
			continue;
		if (!idle && this_rq->prev_rq_load[rq->id] < load)
			load = this_rq->prev_rq_load[rq->id];
		this_rq->prev_rq_load[rq->id] = (int)READ_ONCE(rq->nr_running);
		if (!rq_waiting(rq) || !rq_has_unbound(rq) ||
		    (!idle && !busy_tasks_to_move(this_rq, nr, rq, load)))
			continue;
		cand[n].rq = rq;
		cand[n].nr = load;
		n++;
	}
	return n;
}

/* The most loaded candidate per CPU not tried yet, or -1. */
static int busiest_candidate(const struct candidate *cand, int n,
			     const int *tried)
{
	int i, best = -1;

	for (i = 0; i < n; i++) {
		if (tried[i])
			continue;
		if (best < 0 || cand[i].nr * cand[best].rq->nr_cpus >
				cand[best].nr * cand[i].rq->nr_cpus)
			best = i;
	}
	return best;
}

static int __load_balance(runqueue_t *this_rq, cpumask_t mask,
			  const struct lb_env *env)
{
	struct candidate cand[NR_CPUS];
	int tried[NR_CPUS] = { 0 };
	int n, i, k, moved = 0, last = 0;
	long this_nr;

	n = find_candidates(this_rq, env->idle, mask, &this_nr, cand);
	while ((i = busiest_candidate(cand, n, tried)) >= 0) {
		runqueue_t *busiest = cand[i].rq;

		tried[i] = 1;
		last = i;
		double_lock_balance(this_rq, busiest);
		/* Re-check with both locks held: things move meanwhile. */
		if (!rq_movable(busiest)) {
			k = 0;
		} else if (env->idle) {
			k = rq_waiting(busiest) ? 1 : 0;
		} else {
			k = busy_tasks_to_move(this_rq, (long)this_rq->nr_running,
					       busiest, (long)busiest->nr_running);
		}
		if (k)
			moved = move_tasks(this_rq, busiest, k, env);
		arch_spin_unlock(&busiest->lock);
		if (moved || !env->idle)
			break;
	}
	if (n && !moved)	/* moves are traced one by one; this is not */
		arch_trace(SCHED_TRACE_BALANCE, NULL, 0, env->why,
			   cand[last].rq->id);
	return moved;
}

/*
 * Pull tasks from the busiest runqueue among mask into this_rq (held) for
 * this_cpu. A busy CPU pulls half the difference, but only past a 25%
 * imbalance and only cache-cold tasks; an idle CPU pulls one task, and if
 * the busiest runqueue has nothing it may take (all running, pinned) it
 * tries the next busiest - 2.5.59 gave up there, leaving a CPU idle beside
 * waiting tasks (a "wasted core", Lozi et al.). Returns the tasks moved.
 */
int load_balance(runqueue_t *this_rq, int this_cpu, int idle, cpumask_t mask,
		 enum sched_move why)
{
	struct lb_env env = {
		.this_cpu = this_cpu,
		.idle = idle,
		.min_age = idle ? 0 : CACHE_DECAY_TICKS + 1,
		.why = why,
	};

	return __load_balance(this_rq, mask, &env);
}

/* ---- between nodes ------------------------------------------------------ */

int node_ncpus(int node)
{
	cpumask_t online = cpus_below(nr_cpus_online());

	return cpus_weight(cpumask_and_of(sched_topo->node_map[node], online));
}

static long node_nr_running(int node)
{
	long sum = 0;
	runqueue_t *rq;

	for_each_rq(rq)
		if (rq->node == node)
			sum += (long)READ_ONCE(rq->nr_running);
	return sum;
}

/*
 * The node to balance against, or -1. Node loads per CPU decay by half at
 * each look (2.5.59's prev_node_load), so a node must stay busy to be
 * chosen, and must be NODE_THRESHOLD% as loaded as this one; an idle CPU
 * judges by the loads as they are now. Only a node with more runnable
 * tasks than CPUs is a candidate: one with an idle CPU balances itself
 * within a millisecond, and pulling from it would only take a task away
 * from its memory (the article: keep a process on its node whenever
 * possible).
 */
static int find_busiest_node(runqueue_t *this_rq, int this_node, int idle)
{
	long load[MAX_NODES] = { 0 }, nr[MAX_NODES] = { 0 }, maxload;
	int i, node = -1, ncpus[MAX_NODES] = { 0 };

	for (i = 0; i < sched_topo->nnodes && i < MAX_NODES; i++) {
		long now;

		ncpus[i] = node_ncpus(i);
		nr[i] = ncpus[i] ? node_nr_running(i) : 0;
		now = ncpus[i] ? nr[i] * LOAD_SCALE / ncpus[i] : 0;
		load[i] = this_rq->prev_node_load[i] / 2 + now;
		this_rq->prev_node_load[i] = (int)load[i];
		if (idle)
			load[i] = 2 * now;
	}
	maxload = load[this_node];
	for (i = 0; i < sched_topo->nnodes && i < MAX_NODES; i++) {
		if (i == this_node || nr[i] <= ncpus[i])
			continue;
		if (load[i] > maxload &&
		    100 * load[i] > NODE_THRESHOLD * load[this_node]) {
			maxload = load[i];
			node = i;
		}
	}
	return node;
}

/*
 * Idle, and no node is busier by NODE_THRESHOLD: still, this CPU may run
 * a task that waits on another node. Step in for the other nodes - for
 * tasks that have waited an inter-node interval already, so that a node
 * gets the first chance to balance itself (NODE_IDLE_PULL; not in
 * 2.5.59), and only tasks that no idle CPU of their own node may run.
 * The CPUs of every other node that has a waiting task.
 */
static cpumask_t waiting_elsewhere(int this_node)
{
	cpumask_t mask = CPU_MASK_NONE;
	runqueue_t *rq;

	for_each_rq(rq)
		if (rq->node != this_node && rq_waiting(rq))
			cpus_or(mask, mask, sched_topo->node_map[rq->node]);
	return mask;
}

static int balance_node(runqueue_t *this_rq, int this_cpu, int idle)
{
	int this_node = cpu_to_node(this_cpu);
	int node = find_busiest_node(this_rq, this_node, idle);
	struct lb_env env = {
		.this_cpu = this_cpu,
		.idle = idle,
		.min_age = idle ? 0 : CACHE_DECAY_TICKS + 1,
		.why = SCHED_MOVE_NODE,
	};
	unsigned long flags;
	cpumask_t mask;
	int moved = 0;

	flags = arch_irq_save();
	arch_spin_lock(&this_rq->lock);
	if (node >= 0)
		moved = __load_balance(this_rq, sched_topo->node_map[node], &env);
	if (!moved && idle && NODE_IDLE_PULL &&
	    !cpus_empty(mask = waiting_elsewhere(this_node))) {
		/* Only for a task its own node cannot run now: one that an
		 * idle CPU there may take stays near its memory (a forked
		 * child waits a tick or two while its node's idle CPU, whose
		 * timer interrupt QEMU delays, comes to it). */
		env.min_wait = IDLE_NODE_REBALANCE_TICK;
		env.spare_home = 1;
		moved = __load_balance(this_rq, mask, &env);
	}
	arch_spin_unlock(&this_rq->lock);
	arch_irq_restore(flags);
	return moved;
}

/* ---- at the tick -------------------------------------------------------- */

/*
 * An idle CPU of a shared runqueue whose runqueue holds a task nobody runs
 * (a wakeup asked a sibling that then took another task): look again.
 */
static void idle_recheck_own(runqueue_t *rq, int this_cpu)
{
	struct task_struct *idle = cpu_idle(this_cpu);
	unsigned long flags;

	if (idle->need_resched || !rq_waiting(rq))
		return;
	flags = arch_irq_save();
	arch_spin_lock(&rq->lock);
	if (rq_has_work_for(rq, this_cpu))
		idle->need_resched = 1;
	arch_spin_unlock(&rq->lock);
	arch_irq_restore(flags);
}

/*
 * "interval ticks have passed since this CPU last did it". 2.5.59 tests
 * jiffies % interval, which needs a tick at every jiffy; a kernel whose
 * timer interrupts get lost (QEMU drops some under load, while its
 * arch_jiffies() follows the TSC) would skip most multiples and hardly
 * balance. For a tick at every jiffy both agree (last starts at 0).
 */
static unsigned long last_node_balance[NR_CPUS], last_balance[NR_CPUS];

static int due(unsigned long *last, unsigned long j, unsigned long interval)
{
	if (j - *last < interval)
		return 0;
	*last = j - j % interval;
	return 1;
}

/*
 * The balancing due at this tick. First between nodes, then inside the
 * node (Ingo Molnar's ordering: the node balance need not leave the node
 * even, the next local balance fixes that). An idle CPU that found nothing
 * to pull asks a core running several tasks to push one (active balance).
 * idle says which of D7's idle_tick() (idle_cpu_tick) and busy_cpu_tick()
 * this is: one function here, with the intervals chosen by it.
 */
void rebalance_tick(int this_cpu, int idle)
{
	runqueue_t *rq = cpu_rq(this_cpu);
	struct task_struct *idle_task = cpu_idle(this_cpu);
	struct task_struct *wake = NULL;
	unsigned long j = arch_jiffies(), flags;
	int moved = 0;

	if (idle)
		idle_recheck_own(rq, this_cpu);
	if (idle && idle_task->need_resched)
		return;		/* it has something to run already */

	if (sched_opts.balance == SCHED_BALANCE_NUMA && sched_topo->nnodes > 1 &&
	    due(&last_node_balance[this_cpu], j,
		idle ? IDLE_NODE_REBALANCE_TICK : BUSY_NODE_REBALANCE_TICK))
		moved = balance_node(rq, this_cpu, idle);
	if (moved && idle)
		return;
	if (!due(&last_balance[this_cpu], j,
		 idle ? IDLE_REBALANCE_TICK : BUSY_REBALANCE_TICK))
		return;

	flags = arch_irq_save();
	arch_spin_lock(&rq->lock);
	moved = load_balance(rq, this_cpu, idle, balance_domain(this_cpu),
			     SCHED_MOVE_LOCAL);
	arch_spin_unlock(&rq->lock);
	arch_irq_restore(flags);
	if (idle && !moved)
		wake = active_load_balance(this_cpu);
	if (wake)
		wake_up_process(wake, 0);
}

void balance_init(void)
{
	int i;

	for (i = 0; i < NR_CPUS; i++)
		last_balance[i] = last_node_balance[i] = 0;
	exec_init();
	active_balance_init();
}
