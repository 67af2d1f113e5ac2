/*
 * test_waitbound.c - the sanity checker's waiting bound (sanity_epoch.c,
 * invariant 5): quiet while the O(1) epochs turn, loud when a runqueue
 * stops switching its arrays.
 */
#include <stdio.h>
#include <string.h>
#include "harness.h"

#define TWO	"-smp 2,sockets=1,cores=2,threads=1"
#define HT	"-smp 2,sockets=1,cores=1,threads=2"	/* one shared runqueue */

/* Three nice-0 hogs pinned to CPU 0, as in issue 14's renice report. */
static struct task_struct *hogs[3];

static void three_hogs(void)
{
	int i;

	machine(TWO, NULL);
	for (i = 0; i < 3; i++) {
		hogs[i] = spawn(0, 0);
		sim_cpu = 1;
		set_cpus_allowed(hogs[i], cpumask_of(0));
	}
	settle();
}

/* Put p back into the active array of its runqueue, as a requeue into
 * rq->active from the expired array does (set_user_nice() did so). */
static void requeue_active(struct task_struct *p)
{
	unsigned long flags;
	runqueue_t *rq = task_rq_lock(p, &flags);

	if (p->array == rq->expired) {
		dequeue_task(p, p->array);
		enqueue_task(p, rq->active);
	}
	task_rq_unlock(rq, flags);
}

static void test_bound_quiet(void)
{
	int t;

	three_hogs();
	for (t = 0; t < 3000; t++) {
		advance(1);
		sched_sanity_check();
	}
	CHECK(sched_sanity_violations() == 0, "waitbound_quiet_on_epochs",
	      "%lu: %s", sched_sanity_violations(), sim_last_log);
}

static void test_bound_catches_requeue(void)
{
	unsigned long at = 0;
	int t;

	three_hogs();
	sim_verbose = -1;
	for (t = 0; t < 3000 && !at; t++) {
		requeue_active(hogs[0]);
		requeue_active(hogs[1]);
		advance(1);
		if (sched_sanity_check())
			at = sim_jiffies;
	}
	sim_verbose = 0;
	/* The first expiry at 102; the first requeue after it. */
	CHECK(at == 103 && strstr(sim_last_log, "went back from the expired to the active array of rq 0"),
	      "waitbound_catches_expired_requeued_active", "at t=%lu: %s", at,
	      sim_last_log);
}

/* A stalled CPU takes no ticks: its runqueue's clock stops with it. */
static void test_bound_stalled_cpu(void)
{
	unsigned long found = 0;
	int t;

	three_hogs();
	sim_verbose = -1;
	for (t = 0; t < 1000; t++) {
		requeue_active(hogs[0]);
		requeue_active(hogs[1]);
		sim_jiffies++;
		tick(1);	/* CPU 0 stalls: only CPU 1 ticks */
		settle();
		found += (unsigned long)sched_sanity_check();
	}
	sim_verbose = 0;
	CHECK(!found, "waitbound_stalled_cpu_takes_no_time", "%lu: %s", found,
	      sim_last_log);
}

/* One jiffy on the CPUs of mask, the others stalled (no tick, no
 * schedule()): each takes its timer interrupt and its way out, then the
 * checker looks. Returns what it found. */
static int jiffy_on(unsigned int mask)
{
	int cpu;

	sim_jiffies++;
	for (cpu = 0; cpu < topo.ncpus; cpu++) {
		if (!(mask & 1u << cpu))
			continue;
		tick(cpu);
		if (cpu_curr(cpu)->need_resched)
			run_schedule(cpu);
	}
	return sched_sanity_check();
}

/* On HT's shared runqueue: a task on each thread, x running from the
 * active array on CPU 0, y from the expired one on CPU 1 (it yielded, and
 * D7 picks an expired task rather than idle while x runs on the sibling).
 * The epoch lasts until x's slice runs out on CPU 0. */
static struct task_struct *ht_x, *ht_y;

static int ht_expired_beside_active(void)
{
	runqueue_t *rq = cpu_rq(0);

	ht_x = spawn(0, 0);
	run_schedule(0);
	ht_y = spawn(0, 0);
	run_schedule(1);
	sim_cpu = 1;
	sched_yield();
	return cpu_curr(0) == ht_x && cpu_curr(1) == ht_y &&
	       ht_x->array == rq->active && ht_y->array == rq->expired &&
	       cpu_rq(1) == rq;
}

/*
 * CPU 0 took more ticks than CPU 1 before the epoch (CPU 1 stalled, as
 * a vCPU the host does not run), then stalls itself, holding x, while
 * CPU 1 ticks. Only x's slice ends the epoch, and x waits with CPU 0: the
 * runqueue's time stops while CPU 0 takes no ticks, whatever CPU 0 took
 * before: the fewest ticks either CPU has taken in all would let CPU 0's
 * lead pay for its stall, and exceed the bound.
 */
static void test_bound_sibling_ahead(void)
{
	unsigned long found = 0;
	int t, ok;

	machine(HT, NULL);
	sim_verbose = -1;
	for (t = 0; t < 200; t++)
		found += (unsigned long)jiffy_on(1u << 0);
	ok = ht_expired_beside_active();
	found += (unsigned long)sched_sanity_check();
	for (t = 0; t < 200; t++)
		found += (unsigned long)jiffy_on(1u << 1);
	for (t = 0; t < 400 && ht_y->array != cpu_rq(0)->active; t++)
		found += (unsigned long)jiffy_on(3);
	sim_verbose = 0;
	CHECK(ok && ht_y->array == cpu_rq(0)->active && !found,
	      "waitbound_stalled_cpu_ahead_takes_no_time",
	      "setup %d, arrays switched %d, %lu reports: %s", ok,
	      ht_y->array == cpu_rq(0)->active, found, found ? sim_last_log : "");
}

/*
 * Stalls that take turns: CPU 0 stalls holding x while CPU 1 ticks, x
 * moves to CPU 1 (its affinity), and CPU 1 stalls holding it while CPU 0
 * ticks. Each CPU takes many ticks and x none; only the jiffies at which
 * both tick are the runqueue's time (the fewest ticks either CPU took in
 * the epoch would be most of them).
 */
static void test_bound_stalls_take_turns(void)
{
	unsigned long found = 0;
	int t, ok;

	machine(HT, NULL);
	sim_verbose = -1;
	advance(1);
	ok = ht_expired_beside_active();
	found += (unsigned long)sched_sanity_check();
	for (t = 0; t < 150; t++)
		found += (unsigned long)jiffy_on(1u << 1);
	sim_cpu = 1;
	set_cpus_allowed(ht_x, cpumask_of(1));
	settle();
	found += (unsigned long)jiffy_on(3);	/* CPU 1 takes x, CPU 0 y */
	ok &= cpu_curr(1) == ht_x && cpu_curr(0) == ht_y &&
	      ht_x->array == cpu_rq(0)->active;
	for (t = 0; t < 150; t++)
		found += (unsigned long)jiffy_on(1u << 0);
	for (t = 0; t < 400 && ht_y->array != cpu_rq(0)->active; t++)
		found += (unsigned long)jiffy_on(3);
	sim_verbose = 0;
	CHECK(ok && ht_y->array == cpu_rq(0)->active && !found,
	      "waitbound_stalls_taking_turns_take_no_time",
	      "setup %d (cpu0 %d, cpu1 %d), arrays switched %d, %lu reports: %s",
	      ok, cpu_curr(0)->pid, cpu_curr(1)->pid,
	      ht_y->array == cpu_rq(0)->active, found, found ? sim_last_log : "");
}

/*
 * The clock counts every jiffy at which both threads tick: ticks that
 * charge nothing (a broken scheduler_tick(), counters only) are reported
 * at the first tick past the bound.
 */
static void uncharged_tick(int cpu)
{
	sched_stats[cpu].jiffy_ticks++;
	sched_stats[cpu].prev_tick_jiffy = sched_stats[cpu].last_tick_jiffy;
	sched_stats[cpu].last_tick_jiffy = sim_jiffies;
}

static void test_bound_counts_every_jiffy(void)
{
	unsigned long ticks = 0, bound = 0, at = 0;
	const char *said;
	int t, ok;

	machine(HT, NULL);
	sim_verbose = -1;
	advance(1);
	ok = ht_expired_beside_active();
	ok &= !sched_sanity_check();	/* the epoch's first look */
	for (t = 1; t <= 1000 && !at; t++) {
		sim_jiffies++;
		uncharged_tick(0);
		uncharged_tick(1);
		if (sched_sanity_check())
			at = (unsigned long)t;
	}
	sim_verbose = 0;
	said = at ? strstr(sim_last_log, " for ") : NULL;
	if (said)
		sscanf(said, " for %lu of its ticks, bound %lu", &ticks, &bound);
	CHECK(ok && at && ticks == at && ticks == bound + 1,
	      "waitbound_counts_jiffies_every_thread_ticked",
	      "setup %d, report after %lu jiffies: %s", ok, at,
	      at ? sim_last_log : "none");
}

/*
 * sched_setscheduler(SCHED_NORMAL) on two of the hogs at every tick, from
 * CPU 1: the third keeps its share. When the call requeued them into the
 * active array (2.5.59), they never expired and the third, expired, waited
 * for good; the checker said so.
 */
static void test_setscheduler_keeps_third_share(void)
{
	unsigned long third = 0, found = 0;
	int t;

	three_hogs();
	for (t = 0; t < 3000; t++) {
		sim_cpu = 1;
		sched_setscheduler(hogs[0], SCHED_NORMAL, 0);
		sched_setscheduler(hogs[1], SCHED_NORMAL, 0);
		advance(1);
		found += (unsigned long)sched_sanity_check();
		third += cpu_curr(0) == hogs[2];
	}
	CHECK(third >= 800 && !found, "setscheduler_normal_keeps_third_share",
	      "third ran %lu of 3000 ticks; %lu reports: %s", third, found,
	      found ? sim_last_log : "");
}

void test_waitbound(void)
{
	test_setscheduler_keeps_third_share();
	test_bound_quiet();
	test_bound_catches_requeue();
	test_bound_stalled_cpu();
	test_bound_sibling_ahead();
	test_bound_stalls_take_turns();
	test_bound_counts_every_jiffy();
}
