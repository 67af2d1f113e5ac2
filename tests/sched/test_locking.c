/*
 * test_locking.c - the rules between CPUs hold where a race would break
 * them: a function that needs a runqueue lock panics without it, naming
 * the lock and itself; a task with a migration request in flight is not
 * freed under its migration thread; and clocks that differ between CPUs
 * give no sleep credit and no cache coldness that did not happen.
 */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "harness.h"

#define SMT2	"-smp 4,sockets=1,cores=2,threads=2"
#define TWO	"-smp 2,sockets=1,cores=2,threads=1"

/* Run fn expecting a panic; 1 if it panicked (message in sim_last_panic).
 * The broken call leaves locks held: the caller's next machine() resets
 * them. */
static int panics(void (*fn)(void))
{
	jmp_buf env;
	volatile int panicked = 0;
	char msg[sizeof(sim_last_panic)];
	int i;

	sim_panic_jmp = &env;
	if (setjmp(env))
		panicked = 1;
	else
		fn();
	sim_panic_jmp = NULL;
	memcpy(msg, sim_last_panic, sizeof(msg));
	sim_arch_reset();
	for (i = 0; i < NR_CPUS; i++)
		runqueues[i].lock.owner = -1;
	tasks_lock.owner = -1;
	memcpy(sim_last_panic, msg, sizeof(msg));
	return panicked;
}

static struct task_struct *victim;

static void enqueue_unlocked(void)
{
	dequeue_task(victim, victim->array);
}

static void activate_unlocked(void)
{
	__activate_task(victim, cpu_rq(0));
}

static void resched_unlocked(void)
{
	resched_task(cpu_curr(1));
}

/* Another CPU holds the lock: not good enough. */
static void deactivate_other_cpu_holds(void)
{
	sim_cpu = 1;
	arch_irq_save();
	arch_spin_lock(&cpu_rq(0)->lock);
	sim_cpu = 0;
	arch_irq_save();
	deactivate_task(victim, cpu_rq(0));
}

/* Held, but with interrupts on: the tick could deadlock against it. */
static void move_with_irqs_on(void)
{
	sim_cpu = 0;
	arch_irq_save();
	arch_spin_lock(&cpu_rq(0)->lock);
	arch_spin_lock(&cpu_rq(1)->lock);
	arch_irq_restore(0);
	move_queued_task(victim, cpu_rq(0), cpu_rq(1), 1, SCHED_MOVE_LOCAL);
}

static void check_panic(void (*fn)(void), const char *func, const char *name)
{
	int died;

	machine(TWO, NULL);
	victim = spawn(0, 0);
	spawn(0, 0);
	spawn(1, 0);
	settle();
	if (cpu_curr(0) == victim)	/* a queued task that does not run */
		victim = list_entry(victim->run_list.next, struct task_struct,
				    run_list);
	sim_cpu = 0;
	died = panics(fn);
	CHECK(died && strstr(sim_last_panic, func) &&
	      strstr(sim_last_panic, "lock of runqueue"), name, "%s",
	      died ? sim_last_panic : "no panic");
}

static void test_lock_rules_asserted(void)
{
	check_panic(enqueue_unlocked, "dequeue_task()",
		    "dequeue_without_lock_panics");
	check_panic(activate_unlocked, "__activate_task()",
		    "activate_without_lock_panics");
	check_panic(resched_unlocked, "resched_task()",
		    "resched_without_lock_panics");
	check_panic(deactivate_other_cpu_holds, "deactivate_task()",
		    "lock_held_by_another_cpu_panics");
	check_panic(move_with_irqs_on, "move_queued_task()",
		    "lock_held_with_irqs_on_panics");
}

/* ---- a migration request outlives the lock it was taken under ----------- */

static struct task_struct *doomed;
static int doomed_freed, doomed_inactive_in_window;

/*
 * Called after each lock release. At the first release of runqueue 0's
 * lock by CPU 0 (its migration thread, request taken off its queue and
 * the lock dropped before migrate_now()), CPU 1, a sibling on the same
 * runqueue, runs the task, the task exits, and its reaper frees it if
 * sched_task_inactive() allows. CPU 1 may pick the task only once it is
 * its own (task_may_run_on()): an affinity change made on CPU 1 in the
 * window hands it over, as a set_cpus_allowed() from another CPU may.
 */
static void race_exit_in_window(arch_spinlock_t *lock)
{
	if (lock != &cpu_rq(0)->lock || sim_cpu != 0)
		return;
	sim_unlock_hook = NULL;
	/* CPU 0 is mid-call (interrupts off): no run_schedule() here, whose
	 * check wants every CPU quiescent. */
	sim_cpu = 1;
	set_cpus_allowed(doomed, cpumask_of(1));	/* now CPU 1's */
	schedule();			/* the sibling picks the task */
	if (cpu_curr(1) != doomed) {
		printf("# the sibling runs pid %d, not the doomed task\n",
		       cpu_curr(1)->pid);
		exit(3);
	}
	doomed->state = TASK_ZOMBIE;
	schedule();
	doomed_inactive_in_window = sched_task_inactive(doomed);
	if (doomed_inactive_in_window) {
		sched_exit(doomed, NULL);
		free(doomed);
		doomed_freed = 1;
	}
	sim_cpu = 0;
}

/* In a child process: 0 when the race ran and nothing was freed early
 * (ASan aborts the child at the read of freed memory otherwise). */
static int exit_during_migration(void)
{
	machine(SMT2, NULL);
	doomed = calloc(1, sizeof(*doomed));
	doomed->pid = 77;
	sim_cpu = 0;
	sched_fork(NULL, doomed);
	wake_up_new_task(doomed);
	run_schedule(0);
	if (cpu_curr(0) != doomed)
		return 4;
	/* The running task may run on the sibling only: a request for CPU
	 * 0's migration thread, which preempts it. */
	sim_cpu = 0;
	set_cpus_allowed(doomed, cpumask_of(1));
	if (!(cpu_curr(0)->flags & PF_KTHREAD))
		return 5;
	sim_unlock_hook = race_exit_in_window;
	migration_thread_run();
	sim_unlock_hook = NULL;
	if (doomed_freed)
		return 6;	/* freed under migrate_now: ASan missed it? */
	run_schedule(0);
	if (!sched_task_inactive(doomed))
		return 7;	/* the reaper would wait for ever */
	sim_cpu = 1;
	sched_exit(doomed, NULL);
	free(doomed);
	return sched_sanity_check() ? 8 : 0;
}

static void test_exit_during_migration(void)
{
	int status = 0;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		sim_verbose = -1;
		_exit(exit_during_migration());
	}
	waitpid(pid, &status, 0);
	CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
	      "reaper_waits_for_migration_request", "child %s %d (0: the reaper "
	      "waited; 6: freed early; else ASan or a setup failure)",
	      WIFEXITED(status) ? "exited" : "killed by signal",
	      WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
}

/*
 * A task on CPU 0's migration queue falls asleep before the thread runs,
 * and a sync wakeup from CPU 1 comes: the task stays on CPU 0's runqueue,
 * whose lock guards the queue it is on, and the request moves it.
 */
static void test_queued_request_keeps_runqueue(void)
{
	struct task_struct *p;
	int found;

	machine(TWO, NULL);
	p = spawn(0, 0);
	settle();
	sim_cpu = 1;
	set_cpus_allowed(p, cpumask_of(1));	/* queued for CPU 0's thread */
	sim_cpu = 0;
	sim_ipi_pending[0] = 0;
	p->state = TASK_INTERRUPTIBLE;
	schedule();				/* to the migration thread */
	sim_cpu = 1;
	wake_up_process(p, 1);
	found = sched_sanity_check();
	CHECK(found == 0 && task_rq(p) == cpu_rq(0) && p->migrate_dest == 1,
	      "sync_wakeup_leaves_queued_request_alone", "%d reports (%s), "
	      "cpu %d, dest %d", found, found ? sim_last_log : "", task_cpu(p),
	      p->migrate_dest);
	settle();
	CHECK(task_cpu(p) == 1 && cpu_curr(1) == p && sched_sanity_check() == 0,
	      "queued_request_then_moves_task", "cpu %d, CPU 1 runs pid %d",
	      task_cpu(p), cpu_curr(1)->pid);
}

/* ---- clocks that differ between CPUs ------------------------------------ */

/*
 * A task sleeps on a CPU whose clock is a tick ahead and is woken at once
 * by a CPU whose clock is not: it slept no tick, and earns none (an
 * unsigned difference made it 2^32 - 1 ticks: the full bonus).
 */
static void test_skewed_sleep_credit(void)
{
	struct task_struct *p;
	unsigned long before;

	machine(TWO, NULL);
	p = spawn(0, 0);
	settle();
	sim_clock_skew[0] = 1;
	sleep_current(0);
	before = p->sleep_avg;
	sim_cpu = 1;
	wake_up_process(p, 0);
	CHECK(p->sleep_avg == before, "skewed_clock_gives_no_sleep_credit",
	      "sleep_avg %lu -> %lu (MAX_SLEEP_AVG %lu)", before, p->sleep_avg,
	      (unsigned long)MAX_SLEEP_AVG);
	settle();
	CHECK(sched_sanity_check() == 0, "skewed_sleep_sane", "%s", "");
}

/*
 * A task that just ran on a CPU whose clock is ahead is cache-hot to a
 * busy balancer on a CPU whose clock is behind: it stays.
 */
static void test_skewed_cache_hot(void)
{
	struct task_struct *a, *b, *c;
	int moved = 0, i;

	machine(TWO, NULL);
	a = spawn(0, 0);
	b = spawn(0, 0);
	c = spawn(0, 0);
	settle();
	sim_jiffies = 1000;
	sim_clock_skew[0] = 2;
	/* Each ran on CPU 0 just now (by its clock). */
	a->last_run = b->last_run = c->last_run = arch_jiffies() + 2;
	sim_cpu = 1;
	/* Twice: a busy balance judges a runqueue by the shorter of its
	 * length now and at the previous balance. */
	for (i = 0; i < 2; i++) {
		arch_irq_save();
		arch_spin_lock(&cpu_rq(1)->lock);
		moved += load_balance(cpu_rq(1), 1, 0, balance_domain(1),
				      SCHED_MOVE_LOCAL);
		arch_spin_unlock(&cpu_rq(1)->lock);
		arch_irq_restore(0);
	}
	CHECK(moved == 0, "skewed_clock_keeps_cache_hot_tasks",
	      "busy balance moved %d just-run tasks", moved);
}

void test_locking(void)
{
	test_lock_rules_asserted();
	test_exit_during_migration();
	test_queued_request_keeps_runqueue();
	test_skewed_sleep_credit();
	test_skewed_cache_hot();
}
