/*
 * exec.c - placement at exec: sched_balance_exec(), the third place of
 * the 2.5.59 NUMA scheduler (article; balance.c has the other two).
 *
 * A task that calls exec() goes to the least loaded CPU of the least
 * loaded node before its new image is laid out: it has no memory yet, so
 * this is the one move between nodes that costs nothing. The load counted
 * is rq->nr_load and node_nr_load[] (runqueue.h), plus the placements
 * still in flight (below).
 */
#include "runqueue.h"

/*
 * Exec placements in flight. A task sent to another runqueue at exec counts
 * there, and no longer where it is, from the decision until it reaches the
 * destination's node (then nr_load says where it is: move_queued_task()
 * calls exec_moved()). A balancer that moves it elsewhere first moves the
 * "no longer here" with it. Without this, children exec'ing at once on
 * several CPUs (or one after another, faster than the migration threads
 * move them) all see the same empty node and go there together. Keeping
 * the reservation past the move would count the task twice at dest and
 * not at all at src.
 *
 * exec_lock serializes the decisions and guards both arrays (indexed by
 * rq->id) and every task's exec_placing/exec_src/exec_dst. Every move
 * that changes what a decision reads in two places at once is made under
 * it too (exec_moved()): a move between nodes (two node_nr_load[]
 * counters) and the move of a task with a reservation (its load and its
 * reservation). It is a leaf: taken with or without runqueue locks held,
 * nothing taken under it. The loads are read unlocked, as every balancer
 * reads other runqueues' counts: node_nr_load[] atomically, one read per
 * node, and rq->nr_load only to choose a runqueue inside the node chosen.
 */
static arch_spinlock_t exec_lock;
static int exec_in[NR_CPUS], exec_out[NR_CPUS];

void exec_init(void)
{
	int i;

	arch_spin_lock_init(&exec_lock, SCHED_LOCK_EXEC);
	for (i = 0; i < NR_CPUS; i++)
		exec_in[i] = exec_out[i] = 0;
}


static void assert_exec_held(const char *fn)
{
	SCHED_BUG_ON(!arch_spin_held(&exec_lock),
		     "%s() needs the exec lock held by CPU %d with "
		     "interrupts off", fn, arch_smp_processor_id());
}

/* rq's load, counting exec placements in flight (exec_lock held). */
static long rq_exec_load(const runqueue_t *rq)
{
	assert_exec_held(__func__);
	return (long)READ_ONCE(rq->nr_load) + exec_in[rq->id] -
	       exec_out[rq->id];
}

/* The load of each node, counting exec placements in flight, into nr[]
 * (exec_lock held). */
static void node_exec_loads(long nr[MAX_NODES])
{
	runqueue_t *rq;
	int node;

	assert_exec_held(__func__);
	for (node = 0; node < MAX_NODES; node++)
		nr[node] = node < sched_topo->nnodes ? node_load_read(node) : 0;
	for_each_rq(rq)
		if (rq->node >= 0 && rq->node < MAX_NODES)
			nr[rq->node] += exec_in[rq->id] - exec_out[rq->id];
}

/*
 * Least loaded node (per CPU, p not counted where it is now), then its
 * least loaded runqueue, then an idle CPU of it; ties stay where p is.
 * Only CPUs p may run on count. exec_lock held.
 *
 * 2.5.59 first keeps p where it is when its runqueue holds at most two
 * tasks. Not here: exec is the one moment a task moves to another node for
 * free (it has no memory yet), and with that shortcut the first children
 * of a shell stay on its node beside it, to be moved later by the node
 * balancer, with their memory left behind (sched/README.md, departures).
 */
static int sched_best_cpu(struct task_struct *p)
{
	int here = task_cpu(p), node, best_node = -1, cpu, best = here;
	long best_num = 0, best_den = 1, nr_node[MAX_NODES];
	runqueue_t *rq, *best_rq = NULL;

	node_exec_loads(nr_node);
	for (node = 0; node < sched_topo->nnodes && node < MAX_NODES; node++) {
		long nr = nr_node[node], den = node_ncpus(node);

		if (!den || !cpus_intersects(sched_topo->node_map[node], p->cpus_allowed))
			continue;
		if (node == cpu_to_node(here))
			nr--;
		if (best_node < 0 || nr * best_den < best_num * den ||
		    (nr * best_den == best_num * den &&
		     node == cpu_to_node(here))) {
			best_node = node;
			best_num = nr;
			best_den = den;
		}
	}
	if (best_node < 0)
		return here;

	for_each_rq(rq) {
		long nr = rq_exec_load(rq);
		int idx, allowed = 0;

		if (rq->node != best_node)
			continue;
		for_each_sibling(idx, rq)
			allowed |= task_allowed(p, rq->cpu[idx].cpu);
		if (!allowed)
			continue;
		if (rq == task_rq(p))
			nr--;
		if (!best_rq || nr * best_rq->nr_cpus < best_num * rq->nr_cpus ||
		    (nr * best_rq->nr_cpus == best_num * rq->nr_cpus &&
		     rq == task_rq(p))) {
			best_rq = rq;
			best_num = nr;
		}
	}
	if (!best_rq)
		return here;
	if (best_rq == task_rq(p))
		return here;
	for (cpu = 0; cpu < best_rq->nr_cpus; cpu++) {
		int c = best_rq->cpu[cpu].cpu;

		if (!task_allowed(p, c))
			continue;
		best = c;
		if (idle_cpu(c))
			break;
	}
	return best;
}

/* p's reservation now leaves from rq, or (rq NULL) is over (exec_lock
 * held). */
static void exec_reservation_move(struct task_struct *p, runqueue_t *rq)
{
	assert_exec_held(__func__);
	if (!p->exec_placing)
		return;
	exec_out[p->exec_src]--;
	if (rq) {
		exec_out[rq->id]++;
		p->exec_src = rq->id;
	} else {
		exec_in[p->exec_dst]--;
		p->exec_placing = 0;
	}
}

void exec_moved(struct task_struct *p, runqueue_t *src, runqueue_t *dst)
{
	unsigned long flags = arch_irq_save();

	assert_rq_held(src);
	assert_rq_held(dst);
	arch_spin_lock(&exec_lock);
	load_move(p, src, dst);
	/* exec_dst is read unlocked: it changes only when p itself places
	 * a new exec, and p is not running (it is being moved). */
	if (p->exec_placing)
		exec_reservation_move(p, dst->node ==
				      runqueues[p->exec_dst].node ? NULL : dst);
	arch_spin_unlock(&exec_lock);
	arch_irq_restore(flags);
}

void exec_placed(struct task_struct *p)
{
	unsigned long flags = arch_irq_save();

	arch_spin_lock(&exec_lock);
	exec_reservation_move(p, NULL);
	arch_spin_unlock(&exec_lock);
	arch_irq_restore(flags);
}

/*
 * p (the caller) has a migration request pending. cancel: first take
 * back p's exec move if it still waits on its queue; a request a thread
 * is serving now, or a newer one of another kind, stays.
 */
static int exec_move_pending(struct task_struct *p, int cancel)
{
	unsigned long flags;
	runqueue_t *rq = task_rq_lock(p, &flags);
	int pending;

	if (cancel && p->migrate_dest >= 0 &&
	    p->migrate_why == SCHED_MOVE_EXEC &&
	    !list_empty(&p->migration_list)) {
		list_del_init(&p->migration_list);
		p->migrate_dest = -1;
	}
	pending = p->migrate_dest >= 0;
	task_rq_unlock(rq, flags);
	return pending;
}

/* Returns the CPU the caller runs on once placed. */
static int balance_exec(void)
{
	int this_cpu = arch_smp_processor_id(), dest, src, dst, waits;
	int gave_up = 0;
	struct task_struct *p = current_task(), *wake = NULL;
	unsigned long flags;
	runqueue_t *rq;

	if (sched_opts.balance != SCHED_BALANCE_NUMA || sched_topo->nnodes < 2)
		return this_cpu;
	/* Decide and reserve in one step, so the next decision sees this one. */
	flags = arch_irq_save();
	arch_spin_lock(&exec_lock);
	dest = sched_best_cpu(p);
	src = cpu_rq(this_cpu)->id;
	dst = cpu_rq(dest)->id;
	if (src != dst) {
		exec_out[src]++;
		exec_in[dst]++;
		p->exec_src = src;
		p->exec_dst = dst;
		p->exec_placing = 1;
	}
	arch_spin_unlock(&exec_lock);
	arch_irq_restore(flags);
	if (src == dst)
		return this_cpu;

	/*
	 * The migration thread of our CPU preempts us and moves us; we go on
	 * where a CPU picks us next (the kernel returns from schedule()
	 * there). The new image's memory comes from the node we run on
	 * then, so we wait until no request for us is pending. Nothing but
	 * that thread can move us meanwhile: balancers leave a task with a
	 * pending request alone (can_migrate(), do_active_balance()), and
	 * only the CPU whose thread holds the request may pick us
	 * (task_may_run_on()), so no sibling runs us and makes the request
	 * chase us. That thread is woken below and runs before we do (it
	 * is SCHED_FIFO at the top priority, on the one CPU that may run
	 * us), so the loop ends after its first pass; only a newer request
	 * (an affinity change) that replaced ours makes it wait once more,
	 * for that one. EXEC_MOVE_WAITS bounds the passes all the same: a
	 * request still pending then is one this reasoning does not cover
	 * (a scheduler bug, or affinity changed again and again); ours is
	 * taken back, and the image goes where we run, said on the console.
	 */
	rq = task_rq_lock(p, &flags);
	if (task_allowed(p, dest))
		wake = queue_migration(rq, p, dest, SCHED_MOVE_EXEC);
	task_rq_unlock(rq, flags);
	if (wake)
		wake_up_process(wake, 0);
	for (waits = 0; exec_move_pending(p, 0); waits++) {
		if (waits == EXEC_MOVE_WAITS) {
			gave_up = 1 + exec_move_pending(p, 1);
			break;
		}
		schedule();
	}
	/* Moved (the reservation is gone), or not: then it is over here. */
	exec_placed(p);
	this_cpu = arch_smp_processor_id();
	if (cpu_to_node(this_cpu) != cpu_to_node(dest))
		arch_sched_log("sched: exec of pid %d goes on on CPU %d of node "
			       "%d, not on node %d where it was placed (%s)",
			       p->pid, this_cpu, cpu_to_node(this_cpu),
			       cpu_to_node(dest),
			       gave_up == 2 ? "a move request is still pending" :
			       gave_up ? "its move request was still pending: "
					 "taken back" :
			       !task_allowed(p, dest) ? "its affinity changed" :
			       !wake ? "no migration thread" :
			       "a balancer took it from there first");
	return this_cpu;
}

int sched_balance_exec(void)
{
	int cpu = balance_exec();

	arch_trace(SCHED_TRACE_EXEC, current_task(), cpu, 0, 0);
	return cpu;
}
