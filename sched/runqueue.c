/*
 * runqueue.c - runqueues, their sharing between SMT siblings, and locking.
 *
 * Every CPU starts with its own runqueue. sched_map_runqueue() (D7) merges
 * one CPU into another's runqueue before any task exists: both CPUs then
 * pick from the same arrays, which is all an SMT core needs, since it does
 * not matter which thread of a core runs a task. rq_idx(cpu) names the
 * runqueue a CPU uses and cpu_idx(cpu) its slot in that runqueue; nothing
 * limits the mapping to pairs, so a core of one thread can sit beside
 * cores of four.
 */
#include "runqueue.h"

runqueue_t runqueues[NR_CPUS];
int rq_idx_map[NR_CPUS];
int cpu_idx_map[NR_CPUS];
const struct topology *sched_topo;
struct sched_options sched_opts;
long node_nr_load[MAX_NODES];

void sched_default_options(struct sched_options *o)
{
	o->share_smt = 1;
	o->test_ht = 0;
	o->balance = SCHED_BALANCE_NUMA;
	o->sanity_ticks = 0;
}

int rq_in_use(int id)
{
	return id < nr_cpus_online() && rq_idx(id) == id;
}

cpumask_t balance_domain(int cpu)
{
	cpumask_t all = cpus_below(sched_topo->ncpus);

	if (sched_opts.balance == SCHED_BALANCE_GLOBAL)
		return all;
	return cpumask_and_of(sched_topo->node_map[cpu_to_node(cpu)], all);
}

static void rq_init(runqueue_t *rq, int cpu)
{
	int i;

	arch_spin_lock_init(&rq->lock, SCHED_LOCK_RQ);
	rq->nr_running = 0;
	rq->nr_switches = 0;
	rq->nr_uninterruptible = 0;
	rq->expired_timestamp = 0;
	rq->active = &rq->arrays[0];
	rq->expired = &rq->arrays[1];
	prio_array_init(&rq->arrays[0], rq);
	prio_array_init(&rq->arrays[1], rq);
	for (i = 0; i < NR_CPUS; i++)
		rq->prev_rq_load[i] = 0;
	for (i = 0; i < MAX_NODES; i++)
		rq->prev_node_load[i] = 0;
	rq->nr_starving = 0;
	rq->nr_bound = 0;
	for (i = 0; i < MAX_RQ_CPUS; i++)
		rq->nr_only[i] = 0;
	rq->nr_load = 0;
	rq->span = cpumask_of(cpu);
	rq->id = cpu;
	rq->node = cpu < sched_topo->ncpus ? cpu_to_node(cpu) : 0;
	rq->nr_cpus = 1;
	for (i = 0; i < MAX_RQ_CPUS; i++) {
		rq->cpu[i].curr = NULL;
		rq->cpu[i].idle = NULL;
		rq->cpu[i].migration_thread = NULL;
		INIT_LIST_HEAD(&rq->cpu[i].migration_queue);
		rq->cpu[i].active_balance = 0;
		rq->cpu[i].active_balance_cpu = -1;
		rq->cpu[i].cpu = -1;
	}
	rq->cpu[0].cpu = cpu;
	rq_idx_map[cpu] = cpu;
	cpu_idx_map[cpu] = 0;
}

/*
 * Merge cpu2 into cpu1's runqueue (D7; its message calls it
 * sched_merge_runqueues). cpu1 must still use its own
 * runqueue and cpu2's must be empty: this is boot-time plumbing, before
 * tasks exist. The idle task cpu2 may already have moves with its slot.
 */
void sched_map_runqueue(int cpu1, int cpu2)
{
	runqueue_t *rq1 = cpu_rq(cpu1), *rq2 = cpu_rq(cpu2);
	struct cpu_slot *from = cpu_slot(cpu2), *to;

	SCHED_BUG_ON(cpu1 < 0 || cpu2 < 0 || cpu1 >= nr_cpus_online() ||
		     cpu2 >= nr_cpus_online(), "map_runqueue(%d, %d): no such CPU",
		     cpu1, cpu2);
	SCHED_BUG_ON(rq1 == rq2, "map_runqueue(%d, %d): already shared",
		     cpu1, cpu2);
	SCHED_BUG_ON(rq_idx(cpu1) != cpu1,
		     "map_runqueue(%d, %d): CPU %d is itself mapped to %d",
		     cpu1, cpu2, cpu1, rq_idx(cpu1));
	SCHED_BUG_ON(rq2->nr_running || rq2->nr_cpus != 1,
		     "map_runqueue(%d, %d): CPU %d's runqueue is in use",
		     cpu1, cpu2, cpu2);
	SCHED_BUG_ON(rq1->nr_cpus >= MAX_RQ_CPUS,
		     "map_runqueue(%d, %d): more than %d CPUs on one runqueue",
		     cpu1, cpu2, MAX_RQ_CPUS);

	to = &rq1->cpu[rq1->nr_cpus];
	to->cpu = cpu2;
	to->curr = from->curr;
	to->idle = from->idle;
	to->migration_thread = from->migration_thread;
	INIT_LIST_HEAD(&to->migration_queue);
	from->curr = from->idle = from->migration_thread = NULL;

	rq_idx_map[cpu2] = cpu1;
	cpu_idx_map[cpu2] = rq1->nr_cpus++;
	cpu_set(cpu2, rq1->span);
	arch_sched_log("sched: CPU %d shares the runqueue of CPU %d", cpu2, cpu1);
}

static int machine_has_smt(void)
{
	int cpu;

	for (cpu = 0; cpu < nr_cpus_online(); cpu++)
		if (cpus_weight(sched_topo->sibling_map[cpu]) > 1)
			return 1;
	return 0;
}

/* One runqueue per core: every CPU joins its lowest-numbered sibling. A
 * sibling on another node (a broken table) keeps its own runqueue, since a
 * runqueue belongs to one node. */
static void map_smt_siblings(void)
{
	int cpu, first;

	for (cpu = 0; cpu < nr_cpus_online(); cpu++) {
		first = first_cpu(sched_topo->sibling_map[cpu]);
		if (first == cpu || first >= nr_cpus_online())
			continue;
		if (cpu_to_node(first) != cpu_to_node(cpu)) {
			arch_sched_log("sched: CPU %d and sibling %d on different "
				       "nodes; not sharing a runqueue", cpu, first);
			continue;
		}
		if (cpu_rq(first)->nr_cpus >= MAX_RQ_CPUS) {
			arch_sched_log("sched: core of CPU %d has more than %d "
				       "threads; CPU %d keeps its own runqueue",
				       first, MAX_RQ_CPUS, cpu);
			continue;
		}
		sched_map_runqueue(first, cpu);
	}
}

void sched_init(const struct topology *t, const struct sched_options *o)
{
	int cpu;

	sched_topo = t;
	if (o)
		sched_opts = *o;
	else
		sched_default_options(&sched_opts);
	for (cpu = 0; cpu < NR_CPUS; cpu++)
		rq_init(&runqueues[cpu], cpu);
	for (cpu = 0; cpu < MAX_NODES; cpu++)
		node_nr_load[cpu] = 0;
	arch_spin_lock_init(&tasks_lock, SCHED_LOCK_TASKS);
	INIT_LIST_HEAD(&all_tasks);
	balance_init();
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		struct sched_cpu_stat *s = &sched_stats[cpu];
		int i;

		s->switches = s->idle_ticks = s->busy_ticks = 0;
		s->jiffy_ticks = s->last_tick_jiffy = s->prev_tick_jiffy = 0;
		for (i = 0; i < SCHED_MOVE_NR; i++)
			s->moves_in[i] = 0;
	}

	if (sched_opts.share_smt && machine_has_smt())
		map_smt_siblings();
	else if (sched_opts.test_ht && !machine_has_smt() &&
		 nr_cpus_online() >= 2 && cpu_to_node(0) == cpu_to_node(1)) {
		arch_sched_log("sched: test_ht: simulating a 2-thread core "
			       "with CPUs 0 and 1");
		sched_map_runqueue(0, 1);
	}
}

int sched_rq_of(int cpu)
{
	return rq_idx(cpu);
}

void sched_fill_rq_map(struct topology *t)
{
	int cpu;

	for (cpu = 0; cpu < t->ncpus; cpu++)
		t->cpu[cpu].rq = sched_rq_of(cpu);
}

/* ---- locking ------------------------------------------------------------ */

/*
 * Lock the runqueue p is on. p may move between reading task_cpu(p) and
 * getting the lock, so check again and retry (2.5.59 task_rq_lock).
 */
runqueue_t *task_rq_lock(struct task_struct *p, unsigned long *flags)
{
	runqueue_t *rq;

	for (;;) {
		*flags = arch_irq_save();
		rq = task_rq(p);
		arch_spin_lock(&rq->lock);
		if (rq == task_rq(p))
			return rq;
		arch_spin_unlock(&rq->lock);
		arch_irq_restore(*flags);
	}
}

void task_rq_unlock(runqueue_t *rq, unsigned long flags)
{
	arch_spin_unlock(&rq->lock);
	arch_irq_restore(flags);
}

/* Both runqueues, lower address first; a shared one once. Interrupts off. */
void double_rq_lock(runqueue_t *a, runqueue_t *b)
{
	if (a == b) {
		arch_spin_lock(&a->lock);
	} else if (a < b) {
		arch_spin_lock(&a->lock);
		arch_spin_lock(&b->lock);
	} else {
		arch_spin_lock(&b->lock);
		arch_spin_lock(&a->lock);
	}
}

void double_rq_unlock(runqueue_t *a, runqueue_t *b)
{
	arch_spin_unlock(&a->lock);
	if (a != b)
		arch_spin_unlock(&b->lock);
}

/*
 * this_rq is held. If busiest sits at a lower address, taking it now could
 * deadlock against a CPU that holds busiest and wants this_rq, so let go of
 * this_rq and take both in order. Callers re-check what they read before.
 */
void double_lock_balance(runqueue_t *this_rq, runqueue_t *busiest)
{
	if (busiest < this_rq) {
		arch_spin_unlock(&this_rq->lock);
		arch_spin_lock(&busiest->lock);
		arch_spin_lock(&this_rq->lock);
	} else {
		arch_spin_lock(&busiest->lock);
	}
}

/* ---- queueing ----------------------------------------------------------- */

/*
 * rq_only is the slot of the one CPU of rq->span that p may use: rq's
 * slots are its span (map_runqueue()), so it is counted over the slots, a
 * bit test each, not over the words of two masks.
 */
void rq_bound_join(struct task_struct *p, runqueue_t *rq)
{
	int idx, only = -1, n = 0;

	assert_rq_held(rq);
	p->rq_bound = cpumask_subset_bits(p->cpus_allowed.bits, rq->span.bits);
	rq->nr_bound += (unsigned long)p->rq_bound;
	for_each_sibling(idx, rq)
		if (cpu_isset(rq->cpu[idx].cpu, p->cpus_allowed)) {
			n++;
			only = idx;
		}
	p->rq_only = n == 1 ? only : -1;
	if (p->rq_only >= 0)
		rq->nr_only[p->rq_only]++;
}

/* p leaves rq (its lock held). */
static void bound_leave(struct task_struct *p, runqueue_t *rq)
{
	rq->nr_bound -= (unsigned long)p->rq_bound;
	p->rq_bound = 0;
	if (p->rq_only >= 0)
		rq->nr_only[p->rq_only]--;
	p->rq_only = -1;
}

void rq_affinity_changed(struct task_struct *p, runqueue_t *rq)
{
	assert_rq_held(rq);
	if (p->array) {
		bound_leave(p, rq);
		rq_bound_join(p, rq);
	}
}

void nr_running_inc(runqueue_t *rq, const struct task_struct *p)
{
	assert_rq_held(rq);
	rq->nr_running++;
	if (task_is_load(p)) {
		rq->nr_load++;
		node_load_add(rq->node, 1);
	}
}

void nr_running_dec(runqueue_t *rq, const struct task_struct *p)
{
	assert_rq_held(rq);
	rq->nr_running--;
	if (task_is_load(p)) {
		rq->nr_load--;
		node_load_add(rq->node, -1);
	}
}

void load_move(const struct task_struct *p, runqueue_t *src, runqueue_t *dst)
{
	assert_rq_held(src);
	assert_rq_held(dst);
	if (!task_is_load(p) || src == dst)
		return;
	src->nr_load--;
	dst->nr_load++;
	if (src->node != dst->node) {
		node_load_add(src->node, -1);
		node_load_add(dst->node, 1);
	}
}

/* Queue p in the active array without touching its sleep average. */
void __activate_task(struct task_struct *p, runqueue_t *rq)
{
	assert_rq_held(rq);
	enqueue_task(p, rq->active);
	nr_running_inc(rq, p);
	rq_bound_join(p, rq);
}

void deactivate_task(struct task_struct *p, runqueue_t *rq)
{
	assert_rq_held(rq);
	bound_leave(p, rq);
	nr_running_dec(rq, p);
	if (p->state == TASK_UNINTERRUPTIBLE)
		rq->nr_uninterruptible++;
	dequeue_task(p, p->array);
}

void move_queued_task(struct task_struct *p, runqueue_t *src, runqueue_t *dst,
		      int cpu, enum sched_move why)
{
	int from = task_cpu(p);
	/* Between siblings of one runqueue nothing moves but p->cpu: an
	 * expired task stays expired (a new turn in the active array per
	 * affinity change would let one task starve the others). */
	prio_array_t *array = src == dst ? p->array : dst->active;

	assert_rq_held(src);
	assert_rq_held(dst);
	SCHED_BUG_ON(task_running(p), "moving pid %d while it runs on CPU %d",
		     p->pid, from);
	dequeue_task(p, p->array);
	bound_leave(p, src);
	src->nr_running--;
	p->cpu = cpu;
	if (src != dst)
		p->sanity_epoch = 0;	/* joins dst afresh (sanity.c) */
	enqueue_task(p, array);
	dst->nr_running++;
	rq_bound_join(p, dst);
	/* The load exec placement reads, and p's exec reservation if it has
	 * one, follow p in one step (exec_moved()). Inside a node without a
	 * reservation nothing placement reads as one changes twice. */
	if (p->exec_placing || src->node != dst->node)
		exec_moved(p, src, dst);
	else
		load_move(p, src, dst);
	if (src != dst) {
		sched_stats[cpu].moves_in[why]++;
		sched_trace(SCHED_TRACE_MIGRATE, p, from, cpu, why);
	}
}

/* ---- boot-time threads -------------------------------------------------- */

void sched_init_idle(struct task_struct *idle)
{
	int cpu = arch_smp_processor_id();
	struct cpu_slot *slot = cpu_slot(cpu);
	unsigned long flags;

	flags = arch_irq_save();
	arch_spin_lock(&cpu_rq(cpu)->lock);
	idle->state = TASK_RUNNING;
	idle->flags |= PF_IDLE;
	idle->need_resched = 0;
	idle->policy = SCHED_NORMAL;
	idle->rt_priority = 0;
	idle->prio = idle->static_prio = MAX_PRIO;
	idle->sleep_avg = 0;
	idle->time_slice = 0;
	idle->first_time_slice = 0;
	idle->array = NULL;
	INIT_LIST_HEAD(&idle->run_list);
	idle->cpus_allowed = cpumask_of(cpu);
	idle->cpu = cpu;
	idle->node = cpu_to_node(cpu);
	idle->last_run = arch_jiffies();
	INIT_LIST_HEAD(&idle->migration_list);
	idle->migrate_dest = -1;
	idle->migrate_inflight = 0;
	idle->exec_placing = 0;
	slot->idle = slot->curr = idle;
	arch_spin_lock(&tasks_lock);
	list_add_tail(&idle->tasks, &all_tasks);
	arch_spin_unlock(&tasks_lock);
	arch_spin_unlock(&cpu_rq(cpu)->lock);
	arch_irq_restore(flags);
}

void sched_init_migration_thread(int cpu, struct task_struct *t)
{
	runqueue_t *rq;
	unsigned long flags;

	sched_fork(NULL, t);
	t->flags |= PF_KTHREAD;
	t->policy = SCHED_FIFO;
	t->rt_priority = MAX_USER_RT_PRIO - 1;
	t->prio = MAX_USER_RT_PRIO - 1 - (int)t->rt_priority;
	t->cpus_allowed = cpumask_of(cpu);
	t->cpu = cpu;
	t->node = cpu_to_node(cpu);
	/* Asleep until a request or an active balance wakes it. */
	t->state = TASK_INTERRUPTIBLE;
	rq = task_rq_lock(t, &flags);
	cpu_slot(cpu)->migration_thread = t;
	task_rq_unlock(rq, flags);
}
