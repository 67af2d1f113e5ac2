/*
 * sanity.c - whole-scheduler invariants, checked from the outside.
 *
 * Compiled into every test build (the simulator calls it after each
 * operation) and available in the kernel as a debug option. It takes every
 * runqueue lock, in address order, then the tasks lock, and checks:
 *
 *  1. arrays: each list holds tasks whose prio and array match it, the
 *     bitmap has a bit exactly for the non-empty lists (plus the MAX_PRIO
 *     delimiter), nr_active counts the lists, nr_running counts both arrays,
 *     nr_bound the queued tasks whose affinity holds only the runqueue's
 *     CPUs, nr_only[i] those only its slot i may run, and each task's
 *     rq_bound and rq_only say so; nr_load counts the queued tasks that
 *     are load, and each node's node_nr_load[] its runqueues' nr_load
 *     (what exec placement reads);
 *  2. tasks: every runnable task is in exactly one array, of the runqueue of
 *     its CPU; no sleeping or dead task is queued (except the current one,
 *     on its way out); every task may run somewhere;
 *  3. CPUs: each CPU's slot maps back to it; its current task is recorded
 *     on it, allowed on it (unless a migration request for it is pending)
 *     and queued on its runqueue; no task is current on two CPUs; a task
 *     on a CPU's migration queue has a request (migrate_dest) and belongs
 *     to that CPU's runqueue, whose lock guards the queue;
 *  4. wasted cores (Lozi et al., "The Linux Scheduler: a Decade of Wasted
 *     Cores", EuroSys 2016): no CPU stays idle for longer than two of its
 *     balance intervals while a task that may run on it waits in a
 *     runqueue of its node (two idle intervals, 2 ms), nor longer than two
 *     inter-node intervals (4 ms) while one waits on another node. Time
 *     here is the idle CPU's own ticks, at distinct jiffies (ticks a vCPU
 *     takes back to back, catching up, share a jiffy and one balance): a
 *     CPU that does not tick cannot balance, and under QEMU's TCG on a
 *     loaded host a vCPU may not run for 100 ms and more while the others
 *     count jiffies on. Only tasks
 *     that have waited WAIT_MIN ticks, since they last ran or were woken
 *     (task_waited()), and are not promised to a migration thread count
 *     as waiting: a pipe pair on one CPU always has one task just woken
 *     beside it (the sync wakeup queues it for the waker's CPU, and the
 *     waker sleeps a moment later), and a timer interrupt held off while
 *     the pipe's lock was taken arrives just after that wakeup, so the
 *     checker's tick on CPU 0 sees one waking at every check. And the
 *     CPU must have looked twice: the task was waiting already at its
 *     tick before the last (a vCPU the host runs rarely may not have
 *     ticked since a newer task began to wait). A wait begins when the
 *     task is queued as other CPUs see it (sched.h, last_queued): a
 *     waker's vCPU that the host stops inside the wakeup, runqueue lock
 *     held, queues the task only when it runs again.
 *     An idle CPU whose idle task has need_resched set is not idle but on
 *     its way to pick: a wakeup or a balancer has told it to, and it
 *     picks at its next interrupt return, which a nested interrupt (the
 *     checker's own, on CPU 0), or a vCPU the host does not run, delays;
 *     its clock starts again if it finds nothing. A task such a CPU of its
 *     own runqueue may run is that CPU's, and waits for no other. A CPU
 *     that switched since the last check was not idle all along: its
 *     clock starts again (the checks may be ticks apart).
 *
 *  5. the waiting bound (the O(1) design's promise): once a task of a
 *     runqueue has expired, the arrays switch within the epoch bound below,
 *     so a waiting task runs within it; and no task goes back from the
 *     expired array to the active one within an epoch. Derived, stated
 *     and exempted in sanity_epoch.c.
 *
 * Each violation is logged with the state that caused it; the count is
 * returned and accumulated.
 */
#include "sanity.h"

/* A walk longer than this is a corrupted (cyclic) list. */
#define MAX_WALK	(1L << 20)

static unsigned long total_violations;
static unsigned long wasted_reports;	/* of them, wasted-core reports */
/* The CPU's own tick (cpu_ticks() + 1) since when each CPU has been idle
 * beside a waiting task: in its node (local) or only elsewhere (remote); 0
 * when it is not. */
static unsigned long wasted_local_since[NR_CPUS];
static unsigned long wasted_remote_since[NR_CPUS];
static char wasted_reported[NR_CPUS];	/* 1 local, 2 remote: said once */
/* Each CPU's switch count at the last check: a CPU that switched since ran
 * something (or went idle anew), so it was not idle all along. */
static unsigned long switches_seen[NR_CPUS];


static int test_bit_ul(int nr, const unsigned long *bitmap)
{
	return (bitmap[nr / BITS_PER_LONG] >> (nr % BITS_PER_LONG)) & 1;
}

/* The slot of rq that alone may run p, or -1 (runqueue.c's rule). */
static int only_slot(const runqueue_t *rq, const struct task_struct *p)
{
	cpumask_t here = cpumask_and_of(p->cpus_allowed, rq->span);

	return cpus_weight(here) == 1 ? cpu_idx(first_cpu(here)) : -1;
}

/* The reports' cpulists: written only with tasks_lock held, as every
 * report is (sched_sanity_check). */
static char l1[CPULIST_LEN], l2[CPULIST_LEN];

/* m as a cpulist, in buf (CPULIST_LEN bytes), for the reports. */
static const char *list_of(char *buf, cpumask_t m)
{
	cpulist_format(buf, CPULIST_LEN, m);
	return buf;
}

static int check_array(runqueue_t *rq, prio_array_t *array, const char *name,
		       long *bound, long *only, long *load)
{
	int found = 0, prio;
	long count = 0;

	if (!test_bit_ul(MAX_PRIO, array->bitmap))
		REPORT("rq %d %s: delimiter bit %d clear", rq->id, name, MAX_PRIO);
	for (prio = 0; prio < MAX_PRIO; prio++) {
		struct list_head *head = &array->queue[prio], *pos;
		int bit = test_bit_ul(prio, array->bitmap);
		long n = 0;

		if (bit != !list_empty(head))
			REPORT("rq %d %s prio %d: bitmap bit %d but list %s",
			       rq->id, name, prio, bit,
			       list_empty(head) ? "empty" : "not empty");
		for (pos = head->next; pos != head && n < MAX_WALK;
		     pos = pos->next, n++) {
			struct task_struct *p =
				list_entry(pos, struct task_struct, run_list);

			if (!pos) {
				REPORT("rq %d %s prio %d: broken list", rq->id,
				       name, prio);
				break;
			}
			if (p->array != array)
				REPORT("pid %d listed in rq %d %s but its array "
				       "is %s", p->pid, rq->id, name,
				       p->array ? "another one" : "NULL");
			if (p->prio != prio)
				REPORT("pid %d in the prio %d list of rq %d %s "
				       "has prio %d", p->pid, prio, rq->id, name,
				       p->prio);
			if (task_rq(p) != rq)
				REPORT("pid %d queued on rq %d but task_cpu %d "
				       "uses rq %d", p->pid, rq->id, task_cpu(p),
				       rq_idx(task_cpu(p)));
			if (p->flags & PF_IDLE)
				REPORT("idle task pid %d queued on rq %d", p->pid,
				       rq->id);
			found += sanity_epoch_task(rq, p);
			if (p->rq_bound != cpus_subset(p->cpus_allowed, rq->span))
				REPORT("pid %d on rq %d: rq_bound %d, allowed %s, "
				       "span %s", p->pid, rq->id, p->rq_bound,
				       list_of(l1, p->cpus_allowed),
				       list_of(l2, rq->span));
			*bound += p->rq_bound;
			*load += task_is_load(p);
			if (p->rq_only != only_slot(rq, p))
				REPORT("pid %d on rq %d: rq_only %d, expected %d",
				       p->pid, rq->id, p->rq_only, only_slot(rq, p));
			else if (p->rq_only >= 0)
				only[p->rq_only]++;
		}
		if (n >= MAX_WALK)
			REPORT("rq %d %s prio %d: list does not end", rq->id,
			       name, prio);
		count += n;
	}
	if (count != array->nr_active)
		REPORT("rq %d %s: nr_active %d but %ld tasks listed", rq->id,
		       name, array->nr_active, count);
	return found;
}

static int check_migration_queue(runqueue_t *rq, struct cpu_slot *slot)
{
	struct list_head *pos;
	int found = 0;
	long n = 0;

	list_for_each(pos, &slot->migration_queue) {
		struct task_struct *p =
			list_entry(pos, struct task_struct, migration_list);

		if (++n > MAX_WALK) {
			REPORT("CPU %d: migration queue does not end", slot->cpu);
			break;
		}
		if (p->migrate_dest < 0 || task_rq(p) != rq)
			REPORT("pid %d on CPU %d's migration queue: dest %d, "
			       "task_cpu %d (rq %d)", p->pid, slot->cpu,
			       p->migrate_dest, task_cpu(p), rq_idx(task_cpu(p)));
	}
	return found;
}

static int check_runqueue(runqueue_t *rq)
{
	int found = 0, idx;
	long bound = 0, only[MAX_RQ_CPUS] = { 0 }, load = 0;

	found += check_array(rq, rq->active, "active", &bound, only, &load);
	found += check_array(rq, rq->expired, "expired", &bound, only, &load);
	if ((long)rq->nr_bound != bound)
		REPORT("rq %d: nr_bound %lu but %ld bound tasks queued", rq->id,
		       rq->nr_bound, bound);
	if ((long)rq->nr_load != load)
		REPORT("rq %d: nr_load %lu but %ld queued tasks are load", rq->id,
		       rq->nr_load, load);
	for_each_sibling(idx, rq)
		if ((long)rq->nr_only[idx] != only[idx])
			REPORT("rq %d: nr_only[%d] %lu but %ld such tasks queued",
			       rq->id, idx, rq->nr_only[idx], only[idx]);
	if ((long)rq->nr_running !=
	    rq->active->nr_active + rq->expired->nr_active)
		REPORT("rq %d: nr_running %lu but %d active + %d expired",
		       rq->id, rq->nr_running, rq->active->nr_active,
		       rq->expired->nr_active);

	for_each_sibling(idx, rq) {
		struct cpu_slot *slot = &rq->cpu[idx];
		struct task_struct *curr = slot->curr;
		int cpu = slot->cpu;

		if (cpu < 0 || cpu >= nr_cpus_online() || rq_idx(cpu) != rq->id ||
		    cpu_idx(cpu) != idx) {
			REPORT("rq %d slot %d names CPU %d, which maps to rq %d "
			       "slot %d", rq->id, idx, cpu,
			       cpu >= 0 && cpu < NR_CPUS ? rq_idx(cpu) : -1,
			       cpu >= 0 && cpu < NR_CPUS ? cpu_idx(cpu) : -1);
			continue;
		}
		if (!curr || !slot->idle) {
			REPORT("CPU %d has no %s task", cpu,
			       curr ? "idle" : "current");
			continue;
		}
		if (task_cpu(curr) != cpu)
			REPORT("pid %d current on CPU %d but task_cpu is %d",
			       curr->pid, cpu, task_cpu(curr));
		found += check_migration_queue(rq, slot);
		if (curr == slot->idle)
			continue;
		/* The one legitimate exception: a running task whose mask
		 * just changed runs on until its CPU's migration thread
		 * moves it (set_cpus_allowed through the migration queue). */
		if (!task_allowed(curr, cpu) && curr->migrate_dest < 0)
			REPORT("pid %d runs on CPU %d outside cpus_allowed %s",
			       curr->pid, cpu, list_of(l1, curr->cpus_allowed));
		if (curr->array != rq->active && curr->array != rq->expired)
			REPORT("pid %d current on CPU %d is not queued on rq %d",
			       curr->pid, cpu, rq->id);
	}
	return found;
}

/* An idle CPU of p's runqueue that may run p is on its way to pick (its
 * idle task's need_resched is set): p is that CPU's, not the others'. */
static int claimed(const struct task_struct *p)
{
	const runqueue_t *rq = task_rq(p);
	int idx;

	for_each_sibling(idx, rq) {
		const struct cpu_slot *slot = &rq->cpu[idx];

		if (slot->curr == slot->idle && slot->idle->need_resched &&
		    task_allowed(p, slot->cpu))
			return 1;
	}
	return 0;
}

/* p is queued, has waited WAIT_MIN ticks (task_waited()), no migration thread
 * is about to move it (balancers leave such a task alone: the request's
 * thread owes it a CPU, not the idle ones), and no idle CPU of its
 * runqueue is on its way to pick it. */
static int waits(const struct task_struct *p)
{
	return p->array && !task_running(p) && p->migrate_dest < 0 &&
	       task_waited(p, arch_jiffies()) >= WAIT_MIN &&
	       !claimed(p);
}

/* cpu has looked at p twice: p was waiting already at cpu's tick before
 * its last one, so two of cpu's idle balances could have taken it. A task
 * that began waiting later (cpu's vCPU not run meanwhile, while the
 * checker's CPU counts jiffies on) is not yet cpu's to have taken. */
static int looked_twice(const struct task_struct *p, int cpu)
{
	unsigned long now = arch_jiffies();
	unsigned long start = now - task_waited(p, now);

	return ticks_since(READ_ONCE(sched_stats[cpu].prev_tick_jiffy),
			   start) > 0;
}

/* One waiting task p of the given node allowed on cpu that cpu has looked
 * at twice, or NULL. */
static struct task_struct *a_waiting_task(int cpu, int node)
{
	struct list_head *pos;

	list_for_each(pos, &all_tasks) {
		struct task_struct *p = list_entry(pos, struct task_struct, tasks);

		if (waits(p) && task_allowed(p, cpu) &&
		    (node < 0 || task_rq(p)->node == node) &&
		    looked_twice(p, cpu))
			return p;
	}
	return NULL;
}

/* Decimal n into buf (no NUL); the length. sched/ has no printf of its
 * own: the seam's log formats the line. */
static int fmt_uint(char *buf, unsigned long n)
{
	char tmp[24];
	int len = 0, i = 0;

	do {
		tmp[i++] = (char)('0' + n % 10);
		n /= 10;
	} while (n);
	while (i)
		buf[len++] = tmp[--i];
	return len;
}

static int report_wasted(int cpu, unsigned long since, unsigned long now,
			 int local)
{
	int node = sched_opts.balance == SCHED_BALANCE_GLOBAL || !local ? -1 :
		   cpu_to_node(cpu);
	struct task_struct *p = a_waiting_task(cpu, node);
	const runqueue_t *rq;
	char cpus[64] = "";
	int found = 0, idx, len = 0;

	if (!p)
		return 0;	/* every task it could take came after its look */
	rq = task_rq(p);

	/* What the CPUs of the waiting task's runqueue run ("*": asked to
	 * pick again), to tell a slow CPU from a lost request. */
	for_each_sibling(idx, rq) {
		const struct cpu_slot *slot = &rq->cpu[idx];

		if (len > (int)sizeof(cpus) - 32)
			break;
		cpus[len++] = ' ';
		len += fmt_uint(cpus + len, (unsigned long)slot->cpu);
		cpus[len++] = ':';
		if (slot->curr == slot->idle)
			cpus[len++] = 'i';
		else
			len += fmt_uint(cpus + len, (unsigned long)slot->curr->pid);
		if (slot->curr->need_resched)
			cpus[len++] = '*';
		cpus[len] = '\0';
	}
	wasted_reports++;
	REPORT("wasted core: CPU %d (node %d) idle for %lu of its ticks while pid %d "
	       "(allowed %s) waits on rq %d of node %d (nr_running %lu; "
	       "cpu:pid%s)",
	       cpu, cpu_to_node(cpu), now - since, p->pid,
	       list_of(l1, p->cpus_allowed), rq->id, rq->node, rq->nr_running,
	       cpus);
	return found;
}

/* One CPU, one kind (1 local, 2 remote) of wasted time: start the clock,
 * stop it, or report once when it passes the bound. */
static int track_wasted(int cpu, int wasted, unsigned long *since, int kind,
			unsigned long bound, unsigned long now)
{
	int found;

	if (!wasted) {
		*since = 0;
		wasted_reported[cpu] &= (char)~kind;
		return 0;
	}
	if (!*since) {
		*since = now + 1;
		return 0;
	}
	if (now + 1 - *since <= bound || (wasted_reported[cpu] & kind))
		return 0;
	found = report_wasted(cpu, *since - 1, now, kind == 1);
	if (found)
		wasted_reported[cpu] |= (char)kind;
	return found;
}

/* Invariant 4. waiting[n]: CPUs some task waiting on node n may use. */
static int check_wasted(const cpumask_t *waiting, cpumask_t waiting_all)
{
	int found = 0, cpu;

	for (cpu = 0; cpu < nr_cpus_online(); cpu++) {
		unsigned long now = cpu_ticks(cpu);
		unsigned long sw = READ_ONCE(sched_stats[cpu].switches);
		int idle = idle_cpu(cpu) && !cpu_curr(cpu)->need_resched;
		int local, remote;
		cpumask_t here = sched_opts.balance == SCHED_BALANCE_GLOBAL ?
				 waiting_all : waiting[cpu_to_node(cpu)];

		/* Idle at two checks is idle in between only if it did not
		 * switch: the checks may be ticks apart (CPU 0 runs them). */
		if (sw != switches_seen[cpu]) {
			switches_seen[cpu] = sw;
			track_wasted(cpu, 0, &wasted_local_since[cpu], 1, 0, now);
			track_wasted(cpu, 0, &wasted_remote_since[cpu], 2, 0, now);
		}
		local = idle && cpu_isset(cpu, here);
		remote = idle && !local && cpu_isset(cpu, waiting_all) &&
			 sched_opts.balance == SCHED_BALANCE_NUMA;
		found += track_wasted(cpu, local, &wasted_local_since[cpu], 1,
				      2 * IDLE_REBALANCE_TICK, now);
		found += track_wasted(cpu, remote, &wasted_remote_since[cpu], 2,
				      2 * IDLE_NODE_REBALANCE_TICK, now);
	}
	return found;
}

static int check_tasks(cpumask_t *waiting, cpumask_t *waiting_all)
{
	struct list_head *pos;
	long queued = 0, listed = 0, walked = 0;
	cpumask_t online = cpus_below(nr_cpus_online());
	static unsigned long long serial;
	int found = 0, cpu, no_curr = -1;
	runqueue_t *rq;

	list_for_each(pos, &all_tasks) {
		struct task_struct *p = list_entry(pos, struct task_struct, tasks);
		runqueue_t *trq;

		if (++walked > MAX_WALK) {
			REPORT("the task list does not end");
			break;
		}
		if (task_cpu(p) < 0 || task_cpu(p) >= nr_cpus_online()) {
			REPORT("pid %d on CPU %d, which is not online", p->pid,
			       task_cpu(p));
			continue;
		}
		trq = task_rq(p);
		if (!cpus_intersects(p->cpus_allowed, online))
			REPORT("pid %d may run nowhere", p->pid);
		if (!p->array) {
			p->sanity_epoch = 0;	/* it comes back as a joiner */
			if (p->state == TASK_RUNNING && !(p->flags & PF_IDLE) &&
			    !task_running(p))
				REPORT("pid %d is runnable but in no array",
				       p->pid);
			continue;
		}
		queued++;
		if (p->array != &trq->arrays[0] && p->array != &trq->arrays[1])
			REPORT("pid %d is queued outside rq %d of its CPU %d",
			       p->pid, trq->id, task_cpu(p));
		if (p->state != TASK_RUNNING && !task_running(p) &&
		    !p->preempted)
			REPORT("pid %d is queued but its state is %ld", p->pid,
			       (long)p->state);
		if (waits(p)) {
			cpus_or(waiting[trq->node], waiting[trq->node],
				p->cpus_allowed);
			/* Other nodes owe nothing to a task an idle CPU of its
			 * own node may run (balance.c's spare_home): that CPU
			 * is the wasted one, and the node rule reports it. */
			if (sched_opts.balance == SCHED_BALANCE_GLOBAL ||
			    !task_has_idle_home(p))
				cpus_or(*waiting_all, *waiting_all,
					p->cpus_allowed);
		}
	}
	for_each_rq(rq)
		listed += rq->active->nr_active + rq->expired->nr_active;
	if (listed != queued)
		REPORT("%ld tasks have an array but the arrays hold %ld",
		       queued, listed);

	/* One pass, not a pass per pair: each current task is stamped with
	 * this check's serial and its CPU, and a second stamp in the same
	 * check is the second CPU (at 240 CPUs the pairs cost a third of
	 * the simulator's time). */
	serial++;
	for (cpu = 0; cpu < nr_cpus_online(); cpu++) {
		struct task_struct *c = cpu_curr(cpu);

		if (!c) {
			if (no_curr >= 0)
				REPORT("pid -1 is current on CPUs %d and %d",
				       no_curr, cpu);
			no_curr = cpu;
			continue;
		}
		if (c->sanity_curr >> 16 == serial)
			REPORT("pid %d is current on CPUs %d and %d", c->pid,
			       (int)(c->sanity_curr & 0xffff), cpu);
		c->sanity_curr = serial << 16 | (unsigned long long)cpu;
	}
	return found;
}

/* Each node's node_nr_load[] is its runqueues' nr_load (every runqueue
 * lock held: no count moves). */
static int check_node_loads(void)
{
	long sum[MAX_NODES] = { 0 };
	runqueue_t *rq;
	int found = 0, node;

	for_each_rq(rq)
		sum[rq->node] += (long)rq->nr_load;
	for (node = 0; node < MAX_NODES; node++)
		if (node_load_read(node) != sum[node])
			REPORT("node %d: node_nr_load %ld but its runqueues' "
			       "nr_load add up to %ld", node,
			       node_load_read(node), sum[node]);
	return found;
}

int sched_sanity_check(void)
{
	cpumask_t waiting[MAX_NODES] = { CPU_MASK_NONE },
		  waiting_all = CPU_MASK_NONE;
	unsigned long flags;
	runqueue_t *rq;
	int found = 0;

	flags = arch_irq_save();
	for_each_rq(rq)		/* ascending addresses */
		arch_spin_lock(&rq->lock);
	arch_spin_lock(&tasks_lock);

	for_each_rq(rq) {
		sanity_epoch_begin(rq);
		found += check_runqueue(rq);
		found += sanity_epoch_check(rq);
	}
	found += check_node_loads();
	found += check_tasks(waiting, &waiting_all);
	found += check_wasted(waiting, waiting_all);

	arch_spin_unlock(&tasks_lock);
	for_each_rq(rq)
		arch_spin_unlock(&rq->lock);
	arch_irq_restore(flags);
	total_violations += (unsigned long)found;
	return found;
}

void sched_sanity_reset(void)
{
	int cpu;

	total_violations = 0;
	wasted_reports = 0;
	sanity_epoch_reset();
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		wasted_local_since[cpu] = wasted_remote_since[cpu] = 0;
		wasted_reported[cpu] = 0;
		switches_seen[cpu] = 0;
	}
}

unsigned long sched_sanity_violations(void)
{
	return total_violations;
}

unsigned long sched_sanity_wasted(void)
{
	return wasted_reports;
}
