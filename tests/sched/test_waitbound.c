/*
 * test_waitbound.c - the sanity checker's waiting bound (sanity.c,
 * invariant 5): quiet while the O(1) epochs turn, loud when a runqueue
 * stops switching its arrays.
 */
#include <string.h>
#include "harness.h"

#define TWO	"-smp 2,sockets=1,cores=2,threads=1"

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
}
