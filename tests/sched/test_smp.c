/*
 * test_smp.c - unit tests of the mechanisms between CPUs: HT-aware wakeup,
 * sync wakeups, load_balance() (idle and busy), node balancing, exec
 * placement, set_cpus_allowed() through the migration thread, and active
 * balancing.
 */
#include <string.h>
#include "harness.h"

#define SMT2	"-smp 4,sockets=1,cores=2,threads=2"
#define TWO	"-smp 2,sockets=1,cores=2,threads=1"
#define FOUR	"-smp 4,sockets=1,cores=4,threads=1"
#define NUMA2	"-M q35 -m 1G -smp 8,sockets=2,cores=2,threads=2 " \
		"-object memory-backend-ram,id=m0,size=512M " \
		"-object memory-backend-ram,id=m1,size=512M " \
		"-numa node,nodeid=0,cpus=0-3,memdev=m0 " \
		"-numa node,nodeid=1,cpus=4-7,memdev=m1"

static int on_node(const struct task_struct *p)
{
	return cpu_to_node(task_cpu(p));
}

/* Wakeup on a shared runqueue: an idle sibling first. */
static void test_wake_idle_sibling(void)
{
	struct task_struct *a, *p;

	machine(SMT2, NULL);
	a = spawn(0, 0);
	p = spawn(0, 0);
	run_schedule(0);		/* a runs on CPU 0 */
	settle();			/* the spawn woke CPU 1 for p */
	CHECK(cpu_curr(0) == a && cpu_curr(1) == p, "wake_prefers_idle_sibling",
	      "cpu0=%d cpu1=%d", cpu_curr(0)->pid, cpu_curr(1)->pid);
}

/* With every sibling busy, the woken task preempts the least important
 * task it beats. */
static void test_wake_preempts_lowest(void)
{
	struct task_struct *a, *b, *p;

	machine(SMT2, NULL);
	a = spawn(0, 0);
	b = spawn(0, 10);
	settle();
	run_schedule(0);
	run_schedule(1);
	p = new_task(0);
	p->state = TASK_INTERRUPTIBLE;	/* made asleep, then woken */
	p->sleep_avg = MAX_SLEEP_AVG;
	p->last_run = sim_jiffies;
	sim_cpu = 2;
	wake_up_process(p, 0);
	CHECK(b->need_resched && !a->need_resched && sim_ipi_pending[1],
	      "wake_preempts_lowest_priority", "a=%d b=%d ipi1=%d",
	      a->need_resched, b->need_resched, sim_ipi_pending[1]);
	settle();
	CHECK(cpu_curr(1) == p && sched_sanity_check() == 0,
	      "wake_preempt_runs_wakee", "cpu1=%d", cpu_curr(1)->pid);
}

/* A sync wakeup moves the wakee to the waker's CPU without preempting. */
static void test_sync_wakeup(void)
{
	struct task_struct *w, *p;

	machine(TWO, NULL);
	w = spawn(0, 0);
	p = spawn(1, 0);
	settle();
	sleep_current(1);		/* p sleeps on CPU 1 */
	sim_cpu = 0;
	wake_up_process(p, 1);
	CHECK(task_cpu(p) == 0 && p->array == cpu_rq(0)->active &&
	      !w->need_resched && sched_cpu_stat(0)->moves_in[SCHED_MOVE_WAKE] == 1,
	      "sync_wakeup_pulls_without_preempting", "cpu=%d resched=%d",
	      task_cpu(p), w->need_resched);
}

/*
 * A sync wakeup leaves the wakee on the idle CPU it slept on when the
 * waker's CPU stays busy after the waker sleeps (sync_pull_pays): moved,
 * it would wait behind the hog.
 */
static void test_sync_wakeup_keeps_idle_home(void)
{
	struct task_struct *w, *p;

	machine(TWO, NULL);
	w = spawn(0, 0);
	settle();			/* the waker runs on CPU 0 */
	spawn(0, 0);			/* a hog queued behind it */
	p = spawn(1, 0);
	settle();
	sleep_current(1);		/* p sleeps; CPU 1 is idle */
	sim_cpu = 0;
	wake_up_process(p, 1);
	CHECK(task_cpu(p) == 1 && cpu_idle(1)->need_resched && !w->need_resched &&
	      sched_cpu_stat(0)->moves_in[SCHED_MOVE_WAKE] == 0,
	      "sync_wakeup_keeps_wakee_by_idle_cpu", "cpu=%d idle1_asked=%d "
	      "resched=%d", task_cpu(p), cpu_idle(1)->need_resched,
	      w->need_resched);
	settle();
	CHECK(cpu_curr(1) == p, "sync_wakee_runs_at_home_at_once", "cpu1 runs %d",
	      cpu_curr(1)->pid);
}

/*
 * One waker wakes three tasks that slept on three idle CPUs, then sleeps
 * (schbench's message task): the first is pulled to the waker's CPU, the
 * others stay where they slept, and all three run at once, none waiting
 * for a tick. D7 pulled all three to the waker's CPU.
 */
static void test_sync_wakeup_fan_out(void)
{
	struct task_struct *w, *p[3];
	int i, running = 0;

	machine(FOUR, NULL);
	w = spawn(0, 0);
	settle();
	for (i = 0; i < 3; i++) {
		p[i] = spawn(i + 1, 0);
		settle();
		sleep_current(i + 1);
	}
	sim_cpu = 0;
	for (i = 0; i < 3; i++)
		wake_up_process(p[i], 1);
	sleep_current(0);		/* the waker waits for their answers */
	settle();
	for (i = 0; i < 4; i++)
		for (int k = 0; k < 3; k++)
			running += cpu_curr(i) == p[k];
	CHECK(running == 3 && task_cpu(p[0]) == 0 && task_cpu(p[1]) == 2 &&
	      task_cpu(p[2]) == 3 && w->state != TASK_RUNNING,
	      "sync_wakeup_fan_out_runs_all_at_once", "running=%d cpus=%d,%d,%d",
	      running, task_cpu(p[0]), task_cpu(p[1]), task_cpu(p[2]));
}

/*
 * A sync wakee pulled to the waker's runqueue goes to the waker's idle SMT
 * sibling at once (SYNC_KICK_SIBLING, D7's wake_up_cpu step 2), where D7
 * left the sibling idle until its tick.
 */
static void test_sync_wakeup_kicks_sibling(void)
{
	struct task_struct *w, *p;

	machine(SMT2, NULL);
	w = spawn(0, 0);
	settle();			/* the waker on CPU 0, CPU 1 idle */
	p = spawn(2, 0);
	settle();
	sleep_current(task_cpu(p));	/* p sleeps on the other core */
	sim_cpu = 0;
	wake_up_process(p, 1);
	CHECK(task_rq(p) == cpu_rq(0) && cpu_idle(1)->need_resched &&
	      !w->need_resched, "sync_wakeup_asks_idle_sibling",
	      "rq=%d idle1_asked=%d resched=%d", task_rq(p)->id,
	      cpu_idle(1)->need_resched, w->need_resched);
	settle();
	CHECK(cpu_curr(0) == w && cpu_curr(1) == p, "sync_wakee_runs_on_sibling",
	      "cpu0=%d cpu1=%d", cpu_curr(0)->pid, cpu_curr(1)->pid);
}

/*
 * A sync wakeup also credits the sleep (2.5.59's activate_task), still
 * without preempting (D7): a pipe reader that slept among hogs earns its
 * bonus and runs before an equal-nice hog once its waker sleeps. D7 queued
 * it with __activate_task, no credit: it kept its fork-time priority, tied
 * the hogs, and waited a whole slice behind one (bench/notes.md, "Wakeup
 * tail"). A hog keeps CPU 1 busy, so that the wakee moves (sync_pull_pays:
 * the waker's CPU, less the waker, is no busier than its own).
 */
static void test_sync_wakeup_credits_sleep(void)
{
	struct task_struct *w, *h, *p;
	const unsigned long slept = MAX_SLEEP_AVG / 5;	/* 2 s: 2 levels */

	machine(TWO, NULL);
	w = spawn(0, 0);
	settle();			/* the waker runs on CPU 0 */
	h = spawn(0, 0);		/* a hog queued behind it */
	p = spawn(1, 0);
	settle();
	spawn(1, 0);			/* a hog for CPU 1 */
	sleep_current(1);		/* p sleeps on CPU 1, the hog runs */
	sim_jiffies += slept;
	sim_cpu = 0;
	wake_up_process(p, 1);
	CHECK(task_cpu(p) == 0 && p->sleep_avg >= slept && p->prio < h->prio &&
	      !w->need_resched,
	      "sync_wakeup_credits_sleep", "cpu=%d sleep_avg=%lu prio=%d hog=%d "
	      "resched=%d", task_cpu(p), p->sleep_avg, p->prio, h->prio,
	      w->need_resched);
	sleep_current(0);		/* the waker sleeps */
	CHECK(cpu_curr(0) == p, "sync_wakee_runs_before_hog", "cpu0 runs %d",
	      cpu_curr(0)->pid);
}

/*
 * Two hogs wait behind the waker and one runs on the wakee's CPU: the
 * waker's CPU, less the waker, is busier than the wakee's own, so the
 * wakee stays (sync_pull_pays), queued behind one hog instead of two.
 */
static void test_sync_wakeup_stays_off_busier(void)
{
	struct task_struct *p;

	machine(TWO, NULL);
	spawn(0, 0);
	settle();			/* the waker runs on CPU 0 */
	spawn(0, 0);
	spawn(0, 0);			/* two hogs queued behind it */
	p = spawn(1, 0);
	settle();
	spawn(1, 0);
	sleep_current(1);		/* p sleeps, a hog runs on CPU 1 */
	sim_cpu = 0;
	wake_up_process(p, 1);
	CHECK(task_cpu(p) == 1 && sched_cpu_stat(0)->moves_in[SCHED_MOVE_WAKE] == 0,
	      "sync_wakeup_stays_off_busier_cpu", "cpu=%d", task_cpu(p));
}

/* An idle CPU pulls one task per idle tick, until even; then a busy
 * balance needs a 25% imbalance. */
static void test_idle_balance(void)
{
	machine(TWO, NULL);
	spawn(0, 0);
	spawn(0, 0);
	spawn(0, 0);
	settle();
	advance(1);
	CHECK(cpu_rq(1)->nr_running == 1 && cpu_rq(0)->nr_running == 2 &&
	      sched_cpu_stat(1)->moves_in[SCHED_MOVE_LOCAL] == 1,
	      "idle_cpu_pulls_one", "rq0=%lu rq1=%lu", cpu_rq(0)->nr_running,
	      cpu_rq(1)->nr_running);
	advance(400);
	CHECK(cpu_rq(1)->nr_running == 1 && cpu_rq(0)->nr_running == 2,
	      "no_pull_at_one_task_difference", "rq0=%lu rq1=%lu",
	      cpu_rq(0)->nr_running, cpu_rq(1)->nr_running);
}

/* Busy balance: 10 vs 8 tasks is not past the 25% imbalance, 12 vs 8 is
 * (move half the difference, 2); only cache-cold tasks move. */
static void test_busy_balance(void)
{
	struct task_struct *hot[2];
	unsigned long moved;
	int i;

	machine(TWO, NULL);
	for (i = 0; i < 10; i++)
		spawn(0, 0);
	for (i = 0; i < 8; i++)
		spawn(1, 0);
	settle();
	sim_jiffies = BUSY_REBALANCE_TICK - 1;
	advance(1);
	moved = sched_cpu_stat(1)->moves_in[SCHED_MOVE_LOCAL];
	CHECK(moved == 0 && cpu_rq(0)->nr_running == 10,
	      "busy_balance_needs_25pct", "moved=%lu", moved);

	for (i = 0; i < 2; i++)
		hot[i] = spawn(0, 0);
	settle();
	/* The first look sees the smoothed length (10: the shorter of now
	 * and the last look); the imbalance must last to count. */
	sim_jiffies = 2 * BUSY_REBALANCE_TICK - 1;
	advance(1);
	sim_jiffies = 3 * BUSY_REBALANCE_TICK - 1;
	hot[0]->last_run = hot[1]->last_run = sim_jiffies;
	advance(1);
	moved = sched_cpu_stat(1)->moves_in[SCHED_MOVE_LOCAL];
	CHECK(moved == 2 && cpu_rq(1)->nr_running == 10 &&
	      task_cpu(hot[0]) == 0 && task_cpu(hot[1]) == 0,
	      "busy_balance_pulls_half_cold_only",
	      "moved=%lu rq1=%lu hot on %d,%d", moved, cpu_rq(1)->nr_running,
	      task_cpu(hot[0]), task_cpu(hot[1]));
}

/* Pinned and running tasks stay; an idle CPU then tries the next
 * busiest runqueue. */
static void test_pull_skips_pinned(void)
{
	struct task_struct *m;
	int i;

	machine(FOUR, NULL);
	for (i = 0; i < 4; i++)
		set_cpus_allowed(spawn(0, 0), cpumask_of(0));
	spawn(1, 0);
	m = spawn(1, 0);
	settle();
	sim_jiffies++;
	tick(2);
	settle();
	CHECK(cpu_rq(0)->nr_running == 4 && cpu_curr(2) != cpu_idle(2) &&
	      (task_cpu(m) == 2 || cpu_rq(1)->nr_running == 1),
	      "idle_pull_skips_pinned_tries_next", "rq0=%lu rq1=%lu cpu2=%d",
	      cpu_rq(0)->nr_running, cpu_rq(1)->nr_running, cpu_curr(2)->pid);
}

/* Node balancing: an idle node pulls from a node with waiting tasks, at
 * the 2 ms idle node interval; forked work stays local while the node
 * has room. */
static void test_node_balance(void)
{
	int i;
	unsigned long node_moves = 0;

	machine(NUMA2, NULL);
	for (i = 0; i < 4; i++)
		spawn(0, 0);
	settle();
	advance(10);
	for (i = 4; i < 8; i++)
		node_moves += sched_cpu_stat(i)->moves_in[SCHED_MOVE_NODE];
	CHECK(node_moves == 0, "node_stays_local_while_room",
	      "node moves=%lu", node_moves);

	for (i = 0; i < 4; i++)
		spawn(0, 0);
	settle();
	advance(10);
	node_moves = 0;
	for (i = 4; i < 8; i++)
		node_moves += sched_cpu_stat(i)->moves_in[SCHED_MOVE_NODE];
	CHECK(node_moves >= 2 && nr_running() == 8, "idle_node_pulls_waiting",
	      "node moves=%lu", node_moves);
	CHECK(sched_sanity_check() == 0 && sched_sanity_violations() == 0,
	      "node_balance_sane", "%lu", sched_sanity_violations());
}

/* exec placement: the least loaded node, its least loaded CPU; the move
 * goes through the migration thread. */
static void test_exec_balance(void)
{
	struct task_struct *p;
	int dest, i;

	machine(NUMA2, NULL);
	for (i = 0; i < 3; i++)
		spawn(i, 0);
	p = spawn(3, 0);
	settle();
	dest = exec_of(p, 3);
	CHECK(cpu_to_node(dest) == 1 && task_cpu(p) == dest &&
	      cpu_curr(dest) == p &&
	      sched_cpu_stat(dest)->moves_in[SCHED_MOVE_EXEC] == 1,
	      "exec_goes_to_least_loaded_node", "dest=%d cpu=%d node=%d", dest,
	      task_cpu(p), on_node(p));
}

/* A child exec'ing beside its running parent, the two alone on their
 * runqueue, goes to the idle node: exec is when a task changes node for
 * free (2.5.59 kept it beside its parent; sched/README.md says why not). */
static void test_exec_leaves_running_parent(void)
{
	struct task_struct *parent, *child;
	int dest;

	machine(NUMA2, NULL);
	parent = spawn(0, 0);
	child = spawn(0, 0);
	settle();
	dest = exec_of(child, task_cpu(child));
	CHECK(cpu_to_node(dest) == 1 && on_node(child) == 1 &&
	      on_node(parent) == 0,
	      "exec_leaves_a_runqueue_of_two_for_an_idle_node",
	      "dest=%d child cpu=%d node=%d", dest, task_cpu(child),
	      on_node(child));
	CHECK(sched_sanity_check() == 0, "exec_leaves_sane", "%s", "");
}

/* set_cpus_allowed: sleeping, queued and running tasks all end on an
 * allowed CPU; the running one through its CPU's migration thread. */
static void test_affinity(void)
{
	struct task_struct *s, *q, *r;

	machine(FOUR, NULL);
	s = spawn(0, 0);
	r = spawn(1, 0);
	q = spawn(1, 0);
	settle();
	sleep_current(0);		/* s sleeps on CPU 0 */
	set_cpus_allowed(s, cpumask_of(3));
	CHECK(task_cpu(s) == 3, "affinity_sleeping_task", "cpu=%d", task_cpu(s));

	sim_cpu = 0;
	set_cpus_allowed(q, cpumask_of(2));	/* queued, not running */
	CHECK(task_cpu(q) == 2 && q->array == cpu_rq(2)->active,
	      "affinity_queued_task_moves_now", "cpu=%d", task_cpu(q));

	sim_cpu = 0;
	set_cpus_allowed(r, cpumask_of(0));	/* running on CPU 1 */
	CHECK(r->migrate_dest == 0 && sim_ipi_pending[1],
	      "affinity_running_task_queued", "dest=%d", r->migrate_dest);
	settle();
	CHECK(task_cpu(r) == 0 && cpu_curr(0) == r &&
	      sched_cpu_stat(0)->moves_in[SCHED_MOVE_AFFINITY] == 1,
	      "affinity_running_task_moved_by_thread", "cpu=%d curr0=%d",
	      task_cpu(r), cpu_curr(0)->pid);
	CHECK(set_cpus_allowed(r, CPU_MASK_NONE) == -1, "affinity_empty_mask_refused", "%s",
	      "");
	CHECK(sched_sanity_check() == 0, "affinity_sane", "%s", "");
}

/* Active balance: core 0 runs a task on each thread while core 1 is idle;
 * core 1's idle tick wakes core 0's migration thread, which pushes one. */
static void test_active_balance(void)
{
	struct task_struct *a, *b;
	int core_a, core_b;

	machine(SMT2, NULL);
	a = spawn(0, 0);
	b = spawn(0, 0);
	settle();
	CHECK(cpu_curr(0) == a && cpu_curr(1) == b, "two_tasks_on_one_core",
	      "cpu0=%d cpu1=%d", cpu_curr(0)->pid, cpu_curr(1)->pid);
	advance(3);
	core_a = topo.cpu[task_cpu(a)].core;
	core_b = topo.cpu[task_cpu(b)].core;
	CHECK(core_a != core_b && cpu_curr(task_cpu(a)) == a &&
	      cpu_curr(task_cpu(b)) == b &&
	      (sched_cpu_stat(2)->moves_in[SCHED_MOVE_ACTIVE] +
	       sched_cpu_stat(3)->moves_in[SCHED_MOVE_ACTIVE]) == 1,
	      "active_balance_spreads_cores", "a on %d, b on %d", task_cpu(a),
	      task_cpu(b));
}

/* Across nodes: node 0 runs 1 + 2 tasks on its two cores, node 1 runs one
 * task and has a whole core idle (64ebe1a's smt_spread case). Node 0 has
 * no idle core, so node 1's idle core takes one of the pair - once that
 * has lasted ACTIVE_NODE_DELAY. */
static void test_active_balance_numa(void)
{
	struct task_struct *t[4];
	int i, ok;

	machine(NUMA2, NULL);
	t[0] = spawn(0, 0);
	t[1] = spawn(2, 0);
	t[2] = spawn(3, 0);
	t[3] = spawn(6, 0);
	for (i = 0; i < 4; i++)
		set_cpus_allowed(t[i], cpumask_of(task_cpu(t[i])));
	settle();
	for (i = 0; i < 4; i++)
		set_cpus_allowed(t[i], cpus_below(8));
	ok = cpu_rq(0)->nr_running == 1 && cpu_rq(2)->nr_running == 2 &&
	     cpu_rq(4)->nr_running == 0 && cpu_rq(6)->nr_running == 1;
	/* Not at once: the imbalance must last ACTIVE_NODE_DELAY. */
	advance(3);
	CHECK(ok && cpu_rq(2)->nr_running == 2 && cpu_rq(4)->nr_running == 0,
	      "active_balance_across_nodes_waits", "after 3 ms: rq2=%lu rq4=%lu",
	      cpu_rq(2)->nr_running, cpu_rq(4)->nr_running);
	advance(ACTIVE_NODE_DELAY * 1000 / HZ + 3);
	CHECK(ok && cpu_rq(2)->nr_running == 1 && cpu_rq(4)->nr_running == 1 &&
	      (sched_cpu_stat(4)->moves_in[SCHED_MOVE_ACTIVE] +
	       sched_cpu_stat(5)->moves_in[SCHED_MOVE_ACTIVE]) == 1,
	      "active_balance_across_nodes", "rq0=%lu rq2=%lu rq4=%lu rq6=%lu",
	      cpu_rq(0)->nr_running, cpu_rq(2)->nr_running,
	      cpu_rq(4)->nr_running, cpu_rq(6)->nr_running);

	/* A node with an idle core keeps its pair: it spreads it itself. */
	machine(NUMA2, NULL);
	t[0] = spawn(0, 0);
	t[1] = spawn(1, 0);
	set_cpus_allowed(t[0], cpumask_of(0));
	set_cpus_allowed(t[1], cpumask_of(1));
	settle();
	set_cpus_allowed(t[0], cpus_below(8));
	set_cpus_allowed(t[1], cpus_below(8));
	advance(3);
	CHECK(cpu_to_node(task_cpu(t[0])) == 0 && cpu_to_node(task_cpu(t[1])) == 0 &&
	      cpu_rq(0)->nr_running == 1 && cpu_rq(2)->nr_running == 1,
	      "active_balance_stays_in_node_with_idle_core", "on %d and %d",
	      task_cpu(t[0]), task_cpu(t[1]));
}

void test_smp(void)
{
	test_wake_idle_sibling();
	test_wake_preempts_lowest();
	test_sync_wakeup();
	test_sync_wakeup_credits_sleep();
	test_sync_wakeup_keeps_idle_home();
	test_sync_wakeup_stays_off_busier();
	test_sync_wakeup_fan_out();
	test_sync_wakeup_kicks_sibling();
	test_idle_balance();
	test_busy_balance();
	test_pull_skips_pinned();
	test_node_balance();
	test_exec_balance();
	test_exec_leaves_running_parent();
	test_affinity();
	test_active_balance();
	test_active_balance_numa();
}
