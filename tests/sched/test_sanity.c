/*
 * test_sanity.c - the checkers check: the sanity checker reports each kind
 * of deliberately broken state (and nothing on a sound one), the simulated
 * locks catch broken locking rules, and the scheduler's own assertions
 * fire. Also the `stat:` line format.
 */
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include "harness.h"

#define FOUR	"-smp 4,sockets=1,cores=4,threads=1"
#define SMT2	"-smp 4,sockets=1,cores=2,threads=2"

/* Run fn expecting a panic; return 1 if it panicked. */
static int panics(void (*fn)(void))
{
	jmp_buf env;
	volatile int panicked = 0;

	sim_panic_jmp = &env;
	if (setjmp(env))
		panicked = 1;
	else
		fn();
	sim_panic_jmp = NULL;
	if (panicked) {
		char msg[sizeof(sim_last_panic)];

		int i;

		/* The broken call left locks held: start clean. */
		memcpy(msg, sim_last_panic, sizeof(msg));
		sim_arch_reset();
		for (i = 0; i < NR_CPUS; i++)
			runqueues[i].lock.owner = -1;
		tasks_lock.owner = -1;
		memcpy(sim_last_panic, msg, sizeof(msg));
	}
	return panicked;
}

/* cpu took an idle tick at a new jiffy (sim_jiffies moved), and its
 * balancing did not run: what the checker's clock counts. */
static void idle_tick_only(int cpu)
{
	sched_stats[cpu].idle_ticks++;
	sched_stats[cpu].jiffy_ticks++;
	sched_stats[cpu].prev_tick_jiffy = sched_stats[cpu].last_tick_jiffy;
	sched_stats[cpu].last_tick_jiffy = sim_jiffies;
}

static void lock(runqueue_t *rq)
{
	arch_irq_save();
	arch_spin_lock(&rq->lock);
}

static void unlock(runqueue_t *rq)
{
	arch_spin_unlock(&rq->lock);
	arch_irq_restore(0);
}

/* Each broken state is found, named, and found no more once repaired. */
static void test_checker_catches(void)
{
	struct task_struct *a, *b, *c;
	runqueue_t *rq;
	unsigned long before;
	int found, i;

	machine(FOUR, NULL);
	a = spawn(0, 0);
	b = spawn(0, 0);
	c = spawn(1, 0);
	settle();
	rq = cpu_rq(0);
	CHECK(sched_sanity_check() == 0, "checker_quiet_when_sound", "%s",
	      sim_last_log);

	rq->active->bitmap[b->prio / BITS_PER_LONG] &= ~(1UL << (b->prio % BITS_PER_LONG));
	found = sched_sanity_check();
	rq->active->bitmap[b->prio / BITS_PER_LONG] |= 1UL << (b->prio % BITS_PER_LONG);
	CHECK(found >= 1 && strstr(sim_last_log, "bitmap"),
	      "checker_catches_bitmap", "%d: %s", found, sim_last_log);

	rq->nr_running++;
	found = sched_sanity_check();
	rq->nr_running--;
	CHECK(found == 1 && strstr(sim_last_log, "nr_running"),
	      "checker_catches_count", "%d: %s", found, sim_last_log);

	b->cpu = 3;
	found = sched_sanity_check();
	b->cpu = 0;
	CHECK(found >= 1 && strstr(sim_last_log, "queued"),
	      "checker_catches_wrong_runqueue", "%d: %s", found, sim_last_log);

	cpu_slot(2)->curr = cpu_curr(1);
	found = sched_sanity_check();
	cpu_slot(2)->curr = cpu_idle(2);
	CHECK(found >= 1 && strstr(sim_last_log, "current on CPUs"),
	      "checker_catches_double_current", "%d: %s", found, sim_last_log);

	/* Behind set_cpus_allowed()'s back: its rq_bound and rq_only no
	 * longer match either, and are reported first. */
	c->cpus_allowed = cpumask_of(3);
	found = sched_sanity_check();
	c->cpus_allowed = cpus_below(4);
	CHECK(found >= 1 && strstr(sim_last_log, "outside cpus_allowed"),
	      "checker_catches_disallowed_current", "%d: %s", found, sim_last_log);

	lock(rq);
	dequeue_task(b, rq->active);
	rq->nr_running--;
	unlock(rq);
	found = sched_sanity_check();
	lock(rq);
	enqueue_task(b, rq->active);
	rq->nr_running++;
	unlock(rq);
	/* nr_bound and nr_only still count it too: reported first. */
	CHECK(found >= 1 && strstr(sim_last_log, "in no array"),
	      "checker_catches_lost_task", "%d: %s", found, sim_last_log);

	b->state = TASK_INTERRUPTIBLE;
	found = sched_sanity_check();
	b->state = TASK_RUNNING;
	CHECK(found == 1 && strstr(sim_last_log, "state"),
	      "checker_catches_queued_sleeper", "%d: %s", found, sim_last_log);

	/* The same while CPU 2 and 3 do not tick at all (a vCPU the host
	 * does not run, under TCG): they cannot balance, nothing is owed. */
	found = 0;
	for (i = 0; i < 4; i++) {
		sim_jiffies++;
		found += sched_sanity_check();
	}
	CHECK(found == 0, "checker_ignores_cpus_without_ticks", "%d: %s", found,
	      sim_last_log);

	/* An idle CPU told to pick (need_resched set) is on its way, not
	 * idle, however many ticks it takes (a nested interrupt delays it). */
	cpu_idle(2)->need_resched = cpu_idle(3)->need_resched = 1;
	found = 0;
	for (i = 0; i < 4; i++) {
		sim_jiffies++;
		idle_tick_only(2);
		idle_tick_only(3);
		found += sched_sanity_check();
	}
	cpu_idle(2)->need_resched = cpu_idle(3)->need_resched = 0;
	CHECK(found == 0, "checker_exempts_cpu_on_its_way_to_pick", "%d: %s",
	      found, sim_last_log);

	/* Wasted core: b waits on CPU 0's runqueue while CPU 2 and 3 idle.
	 * They tick (the checker counts each CPU's own ticks), but their
	 * balancing does not run: a broken balancer. */
	before = sched_sanity_violations();
	found = 0;
	for (i = 0; i < 4; i++) {
		sim_jiffies++;
		idle_tick_only(2);
		idle_tick_only(3);
		found += sched_sanity_check();
	}
	CHECK(found == 2 && strstr(sim_last_log, "wasted core") &&
	      strstr(sim_last_log, "idle for 3 of its ticks"),
	      "checker_catches_wasted_core", "%d: %s", found, sim_last_log);
	CHECK(sched_sanity_violations() == before + 2 &&
	      sched_sanity_wasted() == 2, "checker_counts",
	      "%lu violations, %lu wasted cores", sched_sanity_violations(),
	      sched_sanity_wasted());
	/* Balancing then fixes it, and the checker goes quiet. */
	advance(1);
	CHECK(sched_sanity_check() == 0 && cpu_curr(2) != cpu_idle(2),
	      "checker_quiet_after_balance", "cpu2=%d", cpu_curr(2)->pid);
	(void)a;
}

/* A task an idle CPU of its own runqueue is on its way to pick (told by
 * the wakeup, need_resched set, not there yet: its interrupt return is
 * late) waits for no other CPU, however long that CPU takes. */
static void test_checker_claimed_task(void)
{
	struct task_struct *a, *b;
	int found = 0, i;

	machine(SMT2, NULL);
	a = spawn(0, 0);
	run_schedule(0);
	b = spawn(0, 0);		/* CPU 1, idle, is told to pick it */
	for (i = 0; i < 6; i++) {
		sim_jiffies++;
		idle_tick_only(2);
		idle_tick_only(3);
		found += sched_sanity_check();
	}
	CHECK(found == 0 && cpu_idle(1)->need_resched && !task_running(b) &&
	      cpu_curr(0) == a, "checker_exempts_task_claimed_by_idle_sibling",
	      "%d: %s", found, found ? sim_last_log : "");
	settle();
	CHECK(cpu_curr(1) == b && sched_sanity_check() == 0,
	      "claimed_task_then_runs", "cpu1=%d", cpu_curr(1)->pid);
}

/* The checker's clock: ticks at one jiffy (a vCPU catching up) count
 * once, as balancing is due once a jiffy at most. */
static void test_jiffy_ticks(void)
{
	unsigned long before;

	machine(FOUR, NULL);
	sim_jiffies = 5;
	tick(2);
	before = sched_cpu_stat(2)->jiffy_ticks;
	tick(2);
	tick(2);
	sim_jiffies++;
	tick(2);
	CHECK(sched_cpu_stat(2)->jiffy_ticks == before + 1 &&
	      sched_cpu_stat(2)->idle_ticks == 4, "ticks_at_one_jiffy_count_once",
	      "jiffy_ticks %lu -> %lu, idle_ticks %lu", before,
	      sched_cpu_stat(2)->jiffy_ticks, sched_cpu_stat(2)->idle_ticks);
}

/* A four-CPU machine with two hogs on CPU 0 and CPUs 1-3 idle: the hog
 * that waits beside the running one. */
static struct task_struct *one_waiting(void)
{
	struct task_struct *a, *b;

	machine(FOUR, NULL);
	a = spawn(0, 0);
	b = spawn(0, 0);
	run_schedule(0);
	return cpu_curr(0) == a ? b : a;
}

/* Idle at every check but switching in between (it ran something each
 * time: the checks are ticks apart) is not a wasted core. */
static void test_checker_switches_reset(void)
{
	int found = 0, i;

	one_waiting();
	for (i = 0; i < 6; i++) {
		sim_jiffies++;
		idle_tick_only(3);
		sched_stats[3].switches += 2;	/* to a task and back */
		found += sched_sanity_check();
	}
	CHECK(found == 0, "checker_resets_clock_of_cpu_that_switched", "%d: %s",
	      found, found ? sim_last_log : "");
	for (i = 0; i < 4; i++) {
		sim_jiffies++;
		idle_tick_only(3);
		found += sched_sanity_check();
	}
	CHECK(found == 1 && strstr(sim_last_log, "CPU 3"),
	      "checker_then_catches_it_idle", "%d: %s", found, sim_last_log);
}

/* A task woken a moment ago has not waited, however long ago it last ran:
 * a pipe pair on CPU 0 has one just woken at every check when CPU 0's
 * timer interrupt, held off by the pipe's lock, lands after each wakeup.
 * Once it has waited WAIT_MIN ticks since its wakeup, it counts. */
static void test_checker_woken_task(void)
{
	struct task_struct *q = one_waiting();
	int found = 0, i;

	for (i = 0; i < 6; i++) {
		sim_jiffies++;
		idle_tick_only(2);
		idle_tick_only(3);
		q->last_run = sim_jiffies - 10;	/* slept 10 ticks ago, */
		q->last_queued = sim_jiffies;	/* woken this tick */
		found += sched_sanity_check();
	}
	CHECK(found == 0, "checker_ignores_task_just_woken", "%d: %s", found,
	      found ? sim_last_log : "");
	for (i = 0; i < 6; i++) {
		sim_jiffies++;
		idle_tick_only(2);
		idle_tick_only(3);
		found += sched_sanity_check();
	}
	CHECK(found == 2 && strstr(sim_last_log, "wasted core"),
	      "checker_counts_the_wait_from_the_wakeup", "%d: %s", found,
	      sim_last_log);
}

/* An idle CPU is not blamed for a task that began waiting after its
 * previous tick: it has not looked twice. Its vCPU takes one tick in four
 * jiffies here, and each time the waiting task is a newer one (a pipe
 * pair of the soak, woken again and again while the host runs CPU 2
 * rarely). */
static void test_checker_task_after_look(void)
{
	struct task_struct *q = one_waiting();
	int found = 0, i;

	for (i = 0; i < 6; i++) {
		sim_jiffies++;
		idle_tick_only(2);
		q->last_run = sim_jiffies - 10;
		q->last_queued = sim_jiffies + 1;	/* woken after the tick */
		sim_jiffies += 3;			/* CPU 2 not run */
		found += sched_sanity_check();
	}
	CHECK(found == 0, "checker_ignores_task_newer_than_two_looks", "%d: %s",
	      found, found ? sim_last_log : "");
}

/* The vCPU of the waker is stopped by the host right after the wakeup
 * reads the clock, with the runqueue lock held: 6 jiffies pass, CPU 2
 * takes a tick at each and cannot see the task yet. */
static void stall_six_ticks(void)
{
	int i;

	sim_clock_hook = NULL;
	for (i = 0; i < 6; i++) {
		sim_jiffies++;
		idle_tick_only(2);
	}
}

/* A task's wait starts when other CPUs can see it queued, not at a clock
 * read before that: CPU 2, idle beside a waiting task already, is not
 * blamed for a task queued during a stall of its waker, only once it has
 * looked twice after. */
static void test_checker_stalled_wakeup(void)
{
	struct task_struct *a, *q = one_waiting();
	int found = 0, i;

	a = cpu_curr(0);
	sim_jiffies = 3;		/* q has waited WAIT_MIN */
	idle_tick_only(2);
	found += sched_sanity_check();	/* CPU 2's clock starts */
	sleep_current(0);		/* a sleeps, q runs, */
	sleep_current(0);		/* q sleeps, */
	wake_up_process(a, 0);		/* a runs again */
	run_schedule(0);
	sim_clock_hook = stall_six_ticks;
	wake_up_process(q, 1);		/* a wakes it, stalled */
	found += sched_sanity_check();
	CHECK(found == 0 && q->array && q->last_queued == sim_jiffies,
	      "checker_ignores_task_queued_during_a_stall",
	      "%d: queued at %lu, now %lu: %s", found, q->last_queued,
	      sim_jiffies, found ? sim_last_log : "");
	for (i = 0; i < 6; i++) {	/* a waits, CPU 2 ticks on */
		sim_jiffies++;
		idle_tick_only(2);
		found += sched_sanity_check();
	}
	CHECK(found == 1 && strstr(sim_last_log, "CPU 2") && cpu_curr(0) == a,
	      "checker_then_blames_the_cpu_that_looked_twice", "%d: %s", found,
	      sim_last_log);
}

/* The same for a child: its wait starts at wake_up_new_task(), not at
 * sched_fork(), however long the parent took to copy its memory. */
static void test_fork_queued_stamp(void)
{
	struct task_struct *c;

	machine(FOUR, NULL);
	sim_jiffies = 5;
	c = new_task(0);
	sim_jiffies += 10;		/* the copy */
	sim_cpu = 0;
	wake_up_new_task(c);
	CHECK(c->last_queued == sim_jiffies, "fork_dates_the_wait_from_the_queueing",
	      "queued at %lu, now %lu", c->last_queued, sim_jiffies);
}

static void bad_order(void)
{
	arch_irq_save();
	arch_spin_lock(&runqueues[2].lock);
	arch_spin_lock(&runqueues[0].lock);
}

static void irqs_on(void)
{
	arch_spin_lock(&runqueues[0].lock);
}

static void twice(void)
{
	arch_irq_save();
	arch_spin_lock(&runqueues[1].lock);
	arch_spin_lock(&runqueues[1].lock);
}

static void held_across(void)
{
	arch_irq_save();
	arch_spin_lock(&runqueues[1].lock);
	sim_check_quiescent("a test");
}

static void map_busy(void)
{
	sched_map_runqueue(0, 1);	/* CPU 1's runqueue has a task */
}

static void good_double(void)
{
	arch_irq_save();
	double_rq_lock(&runqueues[3], &runqueues[1]);
	double_rq_unlock(&runqueues[3], &runqueues[1]);
	arch_irq_restore(0);
}

/* The simulated locks enforce the rules written at struct runqueue. */
static void test_lock_rules(void)
{
	struct sched_options o;

	machine(FOUR, NULL);
	CHECK(panics(bad_order) && strstr(sim_last_panic, "out of order"),
	      "lock_order_enforced", "%s", sim_last_panic);
	CHECK(panics(irqs_on) && strstr(sim_last_panic, "interrupts on"),
	      "lock_needs_irqs_off", "%s", sim_last_panic);
	CHECK(panics(twice) && strstr(sim_last_panic, "holds already"),
	      "lock_not_taken_twice", "%s", sim_last_panic);
	CHECK(panics(held_across) && strstr(sim_last_panic, "holds 1 locks"),
	      "no_lock_between_operations", "%s", sim_last_panic);
	CHECK(!panics(good_double), "double_rq_lock_in_address_order", "%s",
	      sim_last_panic);

	sched_default_options(&o);
	o.share_smt = 0;
	machine(FOUR, &o);
	spawn(1, 0);
	CHECK(panics(map_busy) && strstr(sim_last_panic, "in use"),
	      "map_runqueue_refuses_busy", "%s", sim_last_panic);
}

static void test_stat_line(void)
{
	char buf[256];
	int n;

	machine(FOUR, NULL);
	sched_stats[3].switches = 12;
	sched_stats[3].moves_in[SCHED_MOVE_EXEC] = 2;
	sched_stats[3].moves_in[SCHED_MOVE_NODE] = 3;
	sched_stats[3].idle_ticks = 40;
	n = sched_stat_format(3, buf, sizeof(buf));
	CHECK(!strcmp(buf, "stat: cpu=3 switches=12 exec_moves=2 node_moves_in=3 "
		      "local_moves_in=0 active_moves_in=0 idle_ticks=40 "
		      "busy_ticks=0 wake_moves_in=0 affinity_moves_in=0") &&
	      n == (int)strlen(buf), "stat_line_format", "%s", buf);
	n = sched_stat_format(3, buf, 12);
	CHECK(n == 11 && !strcmp(buf, "stat: cpu=3"), "stat_line_truncates",
	      "%d '%s'", n, buf);
}

void test_sanity(void)
{
	test_jiffy_ticks();
	test_checker_claimed_task();
	sim_verbose = -1;	/* the violations below are on purpose */
	test_checker_switches_reset();
	test_checker_woken_task();
	test_checker_task_after_look();
	test_checker_stalled_wakeup();
	test_fork_queued_stamp();
	test_checker_catches();
	sim_verbose = 0;
	test_lock_rules();
	test_stat_line();
}
