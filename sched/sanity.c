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
 *     rq_bound and rq_only say so;
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
 *     off a CPU for WAIT_MIN ticks and not promised to a migration thread
 *     count as waiting: a pipe pair on one CPU always has one task just
 *     woken beside it (the sync wakeup queues it for the waker's CPU, and
 *     the waker sleeps a moment later), a different one at every check.
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
 *     and exempted at check_epoch().
 *
 * Each violation is logged with the state that caused it; the count is
 * returned and accumulated.
 */
#include "runqueue.h"

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

#define REPORT(fmt, ...)						\
	do {								\
		found++;						\
		arch_sched_log("sanity: " fmt, ##__VA_ARGS__);		\
	} while (0)

/*
 * Invariant 5, the waiting bound. An epoch of a runqueue runs from the
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
 * Time is the runqueue's own ticks: the fewest taken by any CPU of it (a
 * stalled CPU takes none, and its tasks wait with good reason). Each tick
 * of a CPU running a task of the active array uses one tick of a slice;
 * a CPU reaches such a task within a tick of its arrival (a resched, or the
 * tick that finds it running an expired task), so B grows by one tick per
 * task and two for the check's own lag.
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
 */
struct epoch {
	unsigned long ts;		/* the expired_timestamp it began with */
	const prio_array_t *active;	/* and its active array */
	unsigned long serial;		/* tasks it counted say so */
	unsigned long start;		/* rq_clock() when first seen */
	unsigned long slices, tasks, max_nr;
	int interactive, rt, reported;
};
static struct epoch epochs[NR_CPUS];
static unsigned long epoch_serial;

static int epoch_task(runqueue_t *rq, struct task_struct *p);

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
		       long *bound, long *only)
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
			found += epoch_task(rq, p);
			if (p->rq_bound != cpus_subset(p->cpus_allowed, rq->span))
				REPORT("pid %d on rq %d: rq_bound %d, allowed %s, "
				       "span %s", p->pid, rq->id, p->rq_bound,
				       list_of(l1, p->cpus_allowed),
				       list_of(l2, rq->span));
			*bound += p->rq_bound;
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
	long bound = 0, only[MAX_RQ_CPUS] = { 0 };

	found += check_array(rq, rq->active, "active", &bound, only);
	found += check_array(rq, rq->expired, "expired", &bound, only);
	if ((long)rq->nr_bound != bound)
		REPORT("rq %d: nr_bound %lu but %ld bound tasks queued", rq->id,
		       rq->nr_bound, bound);
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

/* p is queued, has been off a CPU for WAIT_MIN ticks, no migration thread
 * is about to move it (balancers leave such a task alone: the request's
 * thread owes it a CPU, not the idle ones), and no idle CPU of its
 * runqueue is on its way to pick it. */
static int waits(const struct task_struct *p)
{
	return p->array && !task_running(p) && p->migrate_dest < 0 &&
	       ticks_since(arch_jiffies(), p->last_run) >= WAIT_MIN &&
	       !claimed(p);
}

/* One waiting task p of the given node allowed on cpu (for reports). */
static struct task_struct *a_waiting_task(int cpu, int node)
{
	struct list_head *pos;

	list_for_each(pos, &all_tasks) {
		struct task_struct *p = list_entry(pos, struct task_struct, tasks);

		if (waits(p) && task_allowed(p, cpu) &&
		    (node < 0 || task_rq(p)->node == node))
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
	const runqueue_t *rq = p ? task_rq(p) : cpu_rq(cpu);
	char cpus[64] = "";
	int found = 0, idx, len = 0;

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
	       cpu, cpu_to_node(cpu), now - since, p ? p->pid : -1,
	       list_of(l1, p ? p->cpus_allowed : CPU_MASK_NONE),
	       p ? task_rq(p)->id : -1, p ? task_rq(p)->node : -1,
	       p ? task_rq(p)->nr_running : 0UL, cpus);
	return found;
}

/* One CPU, one kind (1 local, 2 remote) of wasted time: start the clock,
 * stop it, or report once when it passes the bound. */
static int track_wasted(int cpu, int wasted, unsigned long *since, int kind,
			unsigned long bound, unsigned long now)
{
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
	wasted_reported[cpu] |= (char)kind;
	return report_wasted(cpu, *since - 1, now, kind == 1);
}

/* The ticks cpu has taken at distinct jiffies (scheduler_tick() counts
 * them): a balance is due once a jiffy at most, so two ticks delivered
 * back to back at one jiffy give a CPU one chance to balance, not two. */
static unsigned long cpu_ticks(int cpu)
{
	return READ_ONCE(sched_stats[cpu].jiffy_ticks);
}

/* A runqueue's own time: the fewest ticks any of its CPUs has taken. */
static unsigned long rq_clock(const runqueue_t *rq)
{
	unsigned long min = 0;
	int idx;

	for_each_sibling(idx, rq) {
		unsigned long t = cpu_ticks(rq->cpu[idx].cpu);

		if (!idx || t < min)
			min = t;
	}
	return min;
}

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
static void epoch_begin(runqueue_t *rq)
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
	e->start = rq_clock(rq);
}

/* p is queued on rq: its slice counts once per epoch. Returns the
 * violations found. */
static int epoch_task(runqueue_t *rq, struct task_struct *p)
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
static int check_epoch(runqueue_t *rq)
{
	struct epoch *e = &epochs[rq->id];
	unsigned long now = rq_clock(rq), bound;
	int found = 0;

	if (!e->ts)
		return 0;
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
	int found = 0, cpu, other;
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

	for (cpu = 0; cpu < nr_cpus_online(); cpu++)
		for (other = cpu + 1; other < nr_cpus_online(); other++)
			if (cpu_curr(cpu) == cpu_curr(other))
				REPORT("pid %d is current on CPUs %d and %d",
				       cpu_curr(cpu) ? cpu_curr(cpu)->pid : -1,
				       cpu, other);
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
		epoch_begin(rq);
		found += check_runqueue(rq);
		found += check_epoch(rq);
	}
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
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		epoch_clear(&epochs[cpu]);
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
