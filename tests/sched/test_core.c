/*
 * test_core.c - unit tests of one runqueue's mechanisms: priority arrays,
 * time slices, the interactivity bonus, the tick, the pick (shared runqueues
 * included), fork/exit accounting, nice, policies and yield.
 */
#include <string.h>
#include "harness.h"

#define UP	"-smp 1"
#define SMT2	"-smp 4,sockets=1,cores=2,threads=2"

/* The array's bitmap and counts follow its lists; find-first-bit stops at
 * the delimiter when empty. */
static void test_prio_array(void)
{
	struct task_struct t[3];
	prio_array_t *a;
	int ok;

	machine(UP, NULL);
	a = cpu_rq(0)->expired;		/* empty; its runqueue's lock held */
	memset(t, 0, sizeof(t));
	sim_cpu = 0;
	arch_irq_save();
	arch_spin_lock(&cpu_rq(0)->lock);
	ok = sched_find_first_bit(a->bitmap) == MAX_PRIO;
	t[0].prio = 120;
	t[1].prio = 5;
	t[2].prio = 120;
	enqueue_task(&t[0], a);
	enqueue_task(&t[1], a);
	enqueue_task(&t[2], a);
	ok &= a->nr_active == 3 && sched_find_first_bit(a->bitmap) == 5;
	ok &= find_next_bit(a->bitmap, MAX_PRIO, 6) == 120;
	ok &= a->queue[120].next == &t[0].run_list;	/* FIFO per priority */
	dequeue_task(&t[1], a);
	ok &= sched_find_first_bit(a->bitmap) == 120 && !t[1].array;
	dequeue_task(&t[0], a);
	dequeue_task(&t[2], a);
	ok &= a->nr_active == 0 && sched_find_first_bit(a->bitmap) == MAX_PRIO;
	ok &= find_next_bit(a->bitmap, MAX_PRIO, 0) == MAX_PRIO;
	arch_spin_unlock(&cpu_rq(0)->lock);
	arch_irq_restore(0);
	CHECK(ok, "prio_array_bitmap_follows_lists", "%s", "");
}

/* D7's slices: 200 ms at nice -20, 102 ms at nice 0, 10 ms at nice 19. */
static void test_timeslice(void)
{
	struct task_struct p;

	memset(&p, 0, sizeof(p));
	p.static_prio = NICE_TO_PRIO(-20);
	unsigned a = task_timeslice(&p);
	p.static_prio = NICE_TO_PRIO(0);
	unsigned b = task_timeslice(&p);
	p.static_prio = NICE_TO_PRIO(19);
	unsigned c = task_timeslice(&p);
	CHECK(a == 200 && b == 102 && c == 10, "timeslice_from_nice",
	      "nice-20=%u nice0=%u nice19=%u", a, b, c);
}

/* The bonus runs from +5 (never slept) to -5 (slept MAX_SLEEP_AVG). */
static void test_effective_prio(void)
{
	struct task_struct p;
	int hog, half, sleeper;

	memset(&p, 0, sizeof(p));
	p.policy = SCHED_NORMAL;
	p.static_prio = NICE_TO_PRIO(0);
	p.sleep_avg = 0;
	hog = effective_prio(&p);
	p.sleep_avg = MAX_SLEEP_AVG / 2;
	half = effective_prio(&p);
	p.sleep_avg = MAX_SLEEP_AVG;
	sleeper = effective_prio(&p);
	CHECK(hog == 125 && half == 120 && sleeper == 115,
	      "sleep_avg_bonus_range", "hog=%d half=%d sleeper=%d", hog, half,
	      sleeper);
}

/* A hog on one CPU: the slice counts down one per tick, and at zero the
 * task goes to the expired array with a fresh slice. */
static void test_tick_expires_hog(void)
{
	struct task_struct *a, *b;
	runqueue_t *rq;
	int i, ok;

	machine(UP, NULL);
	a = spawn(0, 0);
	b = spawn(0, 0);
	run_schedule(0);
	rq = cpu_rq(0);
	ok = cpu_curr(0) == a && a->time_slice == 102;
	for (i = 0; i < 101; i++)
		advance(1);
	ok &= a->time_slice == 1 && cpu_curr(0) == a;
	advance(1);
	ok &= a->array == rq->expired && a->time_slice == 102 &&
	      cpu_curr(0) == b && rq->expired_timestamp == 102;
	CHECK(ok, "tick_expires_hog", "slice=%u curr=%d ts=%lu", a->time_slice,
	      cpu_curr(0)->pid, rq->expired_timestamp);
}

/* An interactive task goes back to the active array at the end of its
 * slice - unless the expired tasks starve (EXPIRED_STARVING). */
static void test_interactive_requeue(void)
{
	struct task_struct *a, *b;
	runqueue_t *rq;
	int first;

	machine(UP, NULL);
	a = spawn(0, 0);
	b = spawn(0, 0);
	rq = cpu_rq(0);
	run_schedule(0);
	a->sleep_avg = MAX_SLEEP_AVG;	/* slept a lot: bonus +5 */
	a->time_slice = 1;
	advance(1);
	first = a->array == rq->active && cpu_curr(0) == a;
	CHECK(first, "interactive_back_to_active", "array=%s",
	      a->array == rq->active ? "active" : "expired");

	machine(UP, NULL);
	a = spawn(0, 0);
	b = spawn(0, 0);
	rq = cpu_rq(0);
	run_schedule(0);
	/* b expired long ago */
	sim_cpu = 0;
	arch_irq_save();
	arch_spin_lock(&rq->lock);
	dequeue_task(b, rq->active);
	enqueue_task(b, rq->expired);
	rq->expired_timestamp = 1;
	arch_spin_unlock(&rq->lock);
	arch_irq_restore(0);
	sim_jiffies = 1 + STARVATION_LIMIT * 2 + 1;
	a->sleep_avg = MAX_SLEEP_AVG;
	a->time_slice = 1;
	tick(0);
	CHECK(a->array == rq->expired && rq->nr_starving == 1,
	      "starving_expires_interactive", "array=%s starving=%lu",
	      a->array == rq->active ? "active" : "expired", rq->nr_starving);
}

/* FIFO keeps the CPU across ticks; RR round-robins on its slice; normal
 * tasks yield to the expired array. */
static void test_policies(void)
{
	struct task_struct *f, *n, *r1, *r2;
	int ok;

	machine(UP, NULL);
	n = spawn(0, 0);
	f = spawn(0, 0);
	CHECK(sched_setscheduler(f, SCHED_FIFO, 10) == 0 &&
	      sched_setscheduler(f, SCHED_FIFO, 0) == -1 &&
	      sched_setscheduler(f, 7, 1) == -1, "setscheduler_validates",
	      "prio=%d", f->prio);
	settle();
	run_schedule(0);
	ok = cpu_curr(0) == f && f->prio == 89;
	advance(300);
	ok &= cpu_curr(0) == f;
	CHECK(ok, "fifo_keeps_cpu", "curr=%d", cpu_curr(0)->pid);

	machine(UP, NULL);
	r1 = spawn(0, 0);
	r2 = spawn(0, 0);
	sched_setscheduler(r1, SCHED_RR, 5);
	sched_setscheduler(r2, SCHED_RR, 5);
	settle();
	run_schedule(0);
	ok = cpu_curr(0) == r1;
	advance(102);
	ok &= cpu_curr(0) == r2 && r1->array == cpu_rq(0)->active;
	CHECK(ok, "rr_round_robin", "curr=%d", cpu_curr(0)->pid);

	machine(UP, NULL);
	r1 = spawn(0, 0);
	r2 = spawn(0, 0);
	run_schedule(0);
	sim_cpu = 0;
	sched_yield();
	CHECK(r1->array == cpu_rq(0)->expired && cpu_curr(0) == r2,
	      "yield_to_expired", "curr=%d", cpu_curr(0)->pid);
	(void)n;
}

/* Nice changes priority and requeues; a better priority preempts. */
static void test_nice(void)
{
	struct task_struct *a, *b;

	machine(UP, NULL);
	a = spawn(0, 0);
	b = spawn(0, 0);
	run_schedule(0);
	set_user_nice(b, -10);
	CHECK(b->static_prio == 110 && b->prio == 115 && a->need_resched,
	      "nice_requeues_and_preempts", "static=%d prio=%d resched=%d",
	      b->static_prio, b->prio, a->need_resched);
}

/*
 * Renicing a task changes its priority, not its place in the epoch: three
 * hogs pinned to CPU 0, two of them reniced by CPU 1 at every tick (to the
 * nice they have, or alternating 0 and 1), and the third still gets its
 * share of CPU 0. Were a renice to requeue into the active array, the two
 * would never expire and the third would starve.
 */
static void test_renice_keeps_epoch(void)
{
	static const char *const how[] = { "same", "alternating" };
	struct task_struct *t[3];
	int mode, i, third;

	for (mode = 0; mode < 2; mode++) {
		machine("-smp 2", NULL);
		for (i = 0; i < 3; i++) {
			t[i] = spawn(0, 0);
			set_cpus_allowed(t[i], cpumask_of(0));
		}
		settle();
		third = 0;
		for (i = 0; i < 3000; i++) {
			int nice = mode ? i & 1 : 0;

			advance(1);
			sim_cpu = 1;
			set_user_nice(t[0], nice);
			set_user_nice(t[1], nice);
			sim_check_quiescent("set_user_nice");
			settle();
			third += cpu_curr(0) == t[2];
		}
		CHECK(third > 3000 / 4 && third < 3000 * 5 / 12,
		      mode ? "renice_alternating_keeps_third_share" :
			     "renice_same_keeps_third_share",
		      "renice %s: third task ran %d of 3000 ticks", how[mode],
		      third);
		CHECK(sched_sanity_check() == 0, "renice_sane", "%s", "");
	}
}

/* Fork halves the parent's slice, penalises the child's sleep_avg, and
 * puts the child just in front of its parent (SMART_WAKE_CHILD); exit on
 * the first slice gives the rest back. */
static void test_fork_exit(void)
{
	struct task_struct *parent, child;
	runqueue_t *rq;
	int ok;

	machine(UP, NULL);
	parent = spawn(0, 0);
	run_schedule(0);
	rq = cpu_rq(0);
	parent->sleep_avg = 4000;
	parent->time_slice = 60;
	memset(&child, 0, sizeof(child));
	child.pid = 99;
	sim_cpu = 0;
	sched_fork(parent, &child);
	wake_up_new_task(&child);
	ok = parent->time_slice == 30 && child.time_slice == 30 &&
	     child.sleep_avg == 2000 && child.first_time_slice;
	ok &= child.run_list.next == &parent->run_list &&
	      child.prio == parent->prio && rq->nr_running == 2;
	CHECK(ok, "fork_splits_slice_child_in_front", "parent=%u child=%u "
	      "sleep_avg=%lu", parent->time_slice, child.time_slice,
	      child.sleep_avg);

	/* The child runs, then exits at once. */
	sleep_current(0);		/* parent sleeps */
	ok = cpu_curr(0) == &child;
	child.state = TASK_ZOMBIE;
	run_schedule(0);
	sched_exit(&child, parent);
	ok &= parent->time_slice == 60 && parent->sleep_avg == (4000 * 3 + 2000) / 4;
	CHECK(ok, "exit_returns_slice_and_weighs_sleep", "parent slice=%u "
	      "sleep_avg=%lu", parent->time_slice, parent->sleep_avg);
	CHECK(sched_sanity_check() == 0, "fork_exit_sane", "%s", "");
}

/* D7 merge: sibling CPUs map to one runqueue; cpu_idx numbers the slots;
 * nr_running() counts the shared runqueue once. */
static void test_map_runqueue(void)
{
	struct sched_options o;
	int ok;

	machine(SMT2, NULL);
	ok = rq_idx(0) == 0 && rq_idx(1) == 0 && rq_idx(2) == 2 &&
	     rq_idx(3) == 2 && cpu_idx(1) == 1 && cpu_rq(0)->nr_cpus == 2;
	spawn(0, 0);
	spawn(1, 0);
	ok &= nr_running() == 2 && cpu_rq(1)->nr_running == 2;
	CHECK(ok, "smt_siblings_share_runqueue", "rq=%d,%d,%d,%d nr=%lu",
	      rq_idx(0), rq_idx(1), rq_idx(2), rq_idx(3), nr_running());

	sched_default_options(&o);
	o.test_ht = 1;
	machine("-smp 4,sockets=1,cores=4,threads=1", &o);
	CHECK(rq_idx(1) == 0 && rq_idx(2) == 2 && cpu_rq(0)->nr_cpus == 2,
	      "test_ht_merges_cpu0_cpu1", "rq(1)=%d", rq_idx(1));

	o.test_ht = 0;
	o.share_smt = 0;
	machine(SMT2, &o);
	CHECK(rq_idx(1) == 1, "share_smt_off_keeps_own", "rq(1)=%d", rq_idx(1));

	/* A core of one thread beside a core of four. */
	sched_default_options(&o);
	o.share_smt = 0;
	machine("-smp 5,sockets=1,cores=5,threads=1", &o);
	sched_map_runqueue(1, 2);
	sched_map_runqueue(1, 3);
	sched_map_runqueue(1, 4);
	ok = cpu_rq(4)->nr_cpus == 4 && cpu_idx(4) == 3 && rq_idx(0) == 0 &&
	     cpu_curr(4)->pid == 1004;
	CHECK(ok, "asymmetric_sharing", "nr_cpus=%d", cpu_rq(4)->nr_cpus);
	CHECK(sched_sanity_check() == 0, "asymmetric_sane", "%s", "");
}

/* HT-aware pick: the sibling skips the task running on CPU 0 and a task
 * not allowed on it, and takes the next; with nothing else it idles. */
static void test_smt_pick(void)
{
	struct task_struct *a, *b, *c;
	int ok;

	machine(SMT2, NULL);
	a = spawn(0, 0);
	run_schedule(0);
	b = spawn(0, 0);
	c = spawn(0, 0);
	b->cpus_allowed = cpumask_of(0);	/* may not run on CPU 1 */
	run_schedule(1);
	ok = cpu_curr(0) == a && cpu_curr(1) == c && task_cpu(c) == 1;
	CHECK(ok, "smt_pick_skips_running_and_disallowed", "cpu0=%d cpu1=%d",
	      cpu_curr(0)->pid, cpu_curr(1)->pid);

	/* Both running, the pinned one waiting: CPU 1 frees up and finds
	 * nothing it may run. */
	sleep_current(1);
	ok = cpu_curr(1) == cpu_idle(1) && b->array && cpu_curr(0) == a;
	CHECK(ok, "smt_pick_idles_when_nothing_fits", "cpu1=%d", cpu_curr(1)->pid);

	/* Expired array once: a's slice ends while b is pinned and... */
	machine(SMT2, NULL);
	a = spawn(0, 0);
	b = spawn(0, 0);
	run_schedule(0);		/* a on CPU 0 */
	sim_cpu = 0;
	arch_irq_save();
	arch_spin_lock(&cpu_rq(0)->lock);
	dequeue_task(b, cpu_rq(0)->active);
	enqueue_task(b, cpu_rq(0)->expired);
	arch_spin_unlock(&cpu_rq(0)->lock);
	arch_irq_restore(0);
	run_schedule(1);
	CHECK(cpu_curr(1) == b, "smt_pick_searches_expired",
	      "cpu1=%d", cpu_curr(1)->pid);
	CHECK(sched_sanity_check() == 0, "smt_pick_sane", "%s", "");
}

/* A pinned task waits on its CPU behind an unpinned one while the other
 * thread of the core idles (execer on 2n2c2t, lab 4): the unpinned one
 * moves over, whichever CPU schedules first (core.c, share_core). */
static struct task_struct *pinned_behind(struct task_struct **a, int nice)
{
	struct task_struct *b;

	machine(SMT2, NULL);
	*a = spawn(0, 0);
	run_schedule(0);		/* a on CPU 0, CPU 1 idle */
	b = new_task(0);
	set_cpus_allowed(b, cpumask_of(0));
	set_user_nice(b, nice);
	sim_cpu = 0;
	wake_up_new_task(b);		/* queued on CPU 0's runqueue */
	return b;
}

static void test_smt_pinned_behind(void)
{
	struct task_struct *a, *b;
	int ok, sync;

	b = pinned_behind(&a, 0);
	ok = cpu_curr(0) == a && b->array && cpu_curr(1) == cpu_idle(1);
	CHECK(ok, "smt_pinned_setup", "cpu0=%d cpu1=%d", cpu_curr(0)->pid,
	      cpu_curr(1)->pid);
	/* CPU 0 picks again (a's slice, a fork): b here, a to CPU 1. */
	cpu_curr(0)->need_resched = 1;
	settle();
	CHECK(cpu_curr(0) == b && cpu_curr(1) == a, "smt_pick_leaves_unpinned_to_idle_sibling",
	      "cpu0=%d cpu1=%d", cpu_curr(0)->pid, cpu_curr(1)->pid);

	/* CPU 1 looks for work first: it asks CPU 0 to pick again. */
	b = pinned_behind(&a, 0);
	run_schedule(1);
	settle();
	CHECK(cpu_curr(0) == b && cpu_curr(1) == a, "smt_idle_sibling_asks_for_unpinned",
	      "cpu0=%d cpu1=%d", cpu_curr(0)->pid, cpu_curr(1)->pid);

	/* A more important pinned task preempts a: a goes on on CPU 1. */
	b = pinned_behind(&a, -5);
	settle();
	CHECK(cpu_curr(0) == b && cpu_curr(1) == a, "smt_preempted_goes_to_idle_sibling",
	      "cpu0=%d cpu1=%d", cpu_curr(0)->pid, cpu_curr(1)->pid);

	/* Two unpinned tasks: nothing to hand over; CPU 0 keeps a. */
	machine(SMT2, NULL);
	a = spawn(0, 0);
	run_schedule(0);
	cpu_curr(0)->need_resched = 1;
	settle();
	CHECK(cpu_curr(0) == a && cpu_curr(1) == cpu_idle(1), "smt_unpinned_alone_stays",
	      "cpu0=%d cpu1=%d", cpu_curr(0)->pid, cpu_curr(1)->pid);
	CHECK(sched_sanity_check() == 0, "smt_pinned_sane", "%s", "");

	/* A pinned sleeper wakes behind a running unpinned task, by a sync
	 * wakeup (the waker goes on: execer's hog reporting to its pinned
	 * parent) or a plain one: the unpinned task moves over. */
	for (sync = 0; sync < 2; sync++) {
		machine(SMT2, NULL);
		b = new_task(0);
		set_cpus_allowed(b, cpumask_of(0));
		sim_cpu = 0;
		wake_up_new_task(b);
		run_schedule(0);
		sleep_current(0);	/* b asleep, CPU 0 idle */
		a = spawn(0, 0);
		settle();		/* a runs on CPU 0 or 1 */
		if (cpu_curr(1) == a) {	/* put it on CPU 0: the case here */
			set_cpus_allowed(a, cpumask_of(0));
			settle();
			set_cpus_allowed(a, ~(cpumask_t)0);
		}
		ok = cpu_curr(0) == a && cpu_curr(1) == cpu_idle(1);
		sim_cpu = 0;
		wake_up_process(b, sync);
		settle();
		ok &= cpu_curr(0) == b && cpu_curr(1) == a;
		CHECK(ok, sync ? "smt_sync_wakeup_pinned_hands_over" :
				 "smt_wakeup_pinned_hands_over",
		      "cpu0=%d cpu1=%d", cpu_curr(0)->pid, cpu_curr(1)->pid);
	}
}

/* A task preempted after setting its state (on its way to sleep, before
 * checking what it waits for) stays queued; schedule() itself dequeues. */
static void test_preempt_keeps_sleeper_queued(void)
{
	struct task_struct *a, *b;
	int kept;

	machine(UP, NULL);
	a = spawn(0, 0);
	b = spawn(0, -5);		/* more important: it preempts a */
	sim_cpu = 0;
	a->state = TASK_RUNNING;
	cpu_slot(0)->curr->need_resched = 1;
	run_schedule(0);		/* b runs */
	sleep_current(0);		/* b sleeps; a runs */
	a->state = TASK_INTERRUPTIBLE;	/* a on its way to sleep... */
	sim_cpu = 0;
	wake_up_process(b, 0);		/* ...when b wakes and preempts it */
	schedule_preempt();
	kept = a->array != NULL && cpu_curr(0) == b;
	sleep_current(0);		/* b sleeps again: a goes on, */
	run_schedule(0);		/* and sleeps for real */
	CHECK(kept && !a->array && cpu_curr(0) == cpu_idle(0),
	      "preempt_keeps_sleeper_queued",
	      "kept=%d array=%p", kept, (void *)a->array);
}

void test_core(void)
{
	test_prio_array();
	test_timeslice();
	test_effective_prio();
	test_tick_expires_hog();
	test_interactive_requeue();
	test_policies();
	test_nice();
	test_renice_keeps_epoch();
	test_fork_exit();
	test_map_runqueue();
	test_smt_pick();
	test_smt_pinned_behind();
	test_preempt_keeps_sleeper_queued();
}
