/*
 * wakeup.c - the grader of the design lab (docs/lab8-wakeup.md): does
 * wake_up_cpu() choose the CPU D7's contract says?
 *
 * Each check builds a small machine in the simulator (tests/sched/
 * harness.h), puts tasks on its CPUs, wakes one task with
 * wake_up_process() - which queues it and calls wake_up_cpu() - and looks
 * at which CPUs were asked to reschedule (need_resched of what they run).
 * It prints one TAP line per check and then "grade: N/M".
 */
#include <stdio.h>
#include <stdlib.h>
#include "harness.h"

#define NOSMT4	"-smp 4,sockets=1,cores=4,threads=1"
#define SMT2	"-smp 4,sockets=1,cores=2,threads=2"	/* rq 0: CPUs 0-1 */

static int passed, total;

/* One graded check: a TAP line, and a point when it holds. */
#define GRADE(cond, name, ...) do {			\
		int ok_ = !!(cond);			\
		total++;				\
		passed += ok_;				\
		check(ok_, name, __VA_ARGS__);		\
	} while (0)

/* A task of the given nice that ran on cpu and is asleep now. */
static struct task_struct *sleeper_on(int cpu, int nice)
{
	struct task_struct *p = spawn(cpu, nice);

	run_schedule(cpu);
	if (cpu_curr(cpu) != p) {
		printf("Bail out! task %d did not run on CPU %d\n", p->pid, cpu);
		exit(1);
	}
	sleep_current(cpu);
	return p;
}

/* A task of the given nice running on cpu now. */
static struct task_struct *runner_on(int cpu, int nice)
{
	struct task_struct *p = spawn(cpu, nice);

	run_schedule(cpu);
	if (cpu_curr(cpu) != p) {
		printf("Bail out! task %d did not get CPU %d\n", p->pid, cpu);
		exit(1);
	}
	return p;
}

/* Wake p from CPU 3 (a CPU of another runqueue, idle): not a sync wakeup. */
static void wake(struct task_struct *p)
{
	settle();
	sim_cpu = 3;
	wake_up_process(p, 0);
}

static int asked(int cpu)
{
	return cpu_curr(cpu)->need_resched;
}

/* 1. Its own CPU is idle: that CPU runs it, nobody else is disturbed. */
static void own_idle_cpu(void)
{
	struct task_struct *p;

	machine(NOSMT4, NULL);
	p = sleeper_on(2, 0);
	wake(p);
	GRADE(asked(2) && !asked(0) && !asked(1), "own_idle_cpu",
	      "asked: cpu0=%d cpu1=%d cpu2=%d", asked(0), asked(1), asked(2));
}

/* 2. Its CPU is busy, the sibling thread of the same runqueue is idle:
 * the sibling runs it, the busy CPU's task is left alone. */
static void idle_sibling(void)
{
	struct task_struct *p, *b;

	machine(SMT2, NULL);
	p = sleeper_on(0, 0);
	b = runner_on(0, 0);
	wake(p);
	GRADE(asked(1) && !b->need_resched, "idle_sibling",
	      "asked: cpu0=%d cpu1=%d", asked(0), asked(1));
}

/* 3. The idle sibling is not allowed for it: not woken for nothing; the
 * task on its own CPU is asked instead (it is less important, or an idle
 * sibling may take it over: hand_over_for). */
static void idle_sibling_not_allowed(void)
{
	struct task_struct *p, *b;

	machine(SMT2, NULL);
	p = sleeper_on(0, -5);
	b = runner_on(0, 0);
	set_cpus_allowed(p, cpumask_of(0));
	wake(p);
	GRADE(!asked(1) && b->need_resched, "idle_sibling_not_allowed",
	      "asked: cpu0=%d cpu1=%d", asked(0), asked(1));
}

/* 4. Every CPU busy, it is more important than both: the less important
 * of the two running tasks is preempted. */
static void least_important_victim(void)
{
	struct task_struct *p, *b, *c;

	machine(SMT2, NULL);
	p = sleeper_on(0, -5);
	b = runner_on(0, 0);
	c = runner_on(1, 10);
	wake(p);
	GRADE(c->need_resched && !b->need_resched, "least_important_victim",
	      "asked: cpu0 (nice 0)=%d cpu1 (nice 10)=%d", b->need_resched,
	      c->need_resched);
}

/* 5. Every CPU busy with more important tasks: it waits, nobody is
 * disturbed. */
static void no_victim(void)
{
	struct task_struct *p, *b, *c;

	machine(SMT2, NULL);
	p = sleeper_on(0, 10);
	b = runner_on(0, -10);
	c = runner_on(1, -10);
	wake(p);
	GRADE(!b->need_resched && !c->need_resched && p->array, "no_victim",
	      "asked: cpu0=%d cpu1=%d, queued=%d", b->need_resched,
	      c->need_resched, p->array != NULL);
}

/* 6. Two victims of equal priority: the one on its own CPU (its cache). */
static void tie_prefers_own_cpu(void)
{
	struct task_struct *p, *b, *c;

	machine(SMT2, NULL);
	p = sleeper_on(1, -5);
	b = runner_on(0, 0);
	c = runner_on(1, 0);
	wake(p);
	GRADE(c->need_resched && !b->need_resched, "tie_prefers_own_cpu",
	      "asked: cpu0=%d cpu1 (its own)=%d", b->need_resched,
	      c->need_resched);
}

/* 7. Two wakeups in a row on an idle core: the second must not count on
 * the CPU the first one asked; it takes the other thread. */
static void second_wakeup_other_thread(void)
{
	struct task_struct *p, *q;

	machine(SMT2, NULL);
	p = sleeper_on(0, 0);
	q = sleeper_on(0, 0);
	settle();
	sim_cpu = 3;
	wake_up_process(p, 0);
	wake_up_process(q, 0);
	GRADE(asked(0) && asked(1), "second_wakeup_other_thread",
	      "asked: cpu0=%d cpu1=%d", asked(0), asked(1));
}

/* 8. Its affinity changed while it slept: it is woken where it may run
 * now (try_to_wake_up moves it first), and that CPU, idle, is asked. */
static void follows_affinity_change(void)
{
	struct task_struct *p;

	machine(NOSMT4, NULL);
	p = sleeper_on(2, 0);
	set_cpus_allowed(p, cpumask_of(1));
	wake(p);
	GRADE(asked(1) && !asked(2), "follows_affinity_change",
	      "asked: cpu1=%d cpu2=%d", asked(1), asked(2));
}

int main(void)
{
	int failed;

	printf("TAP version 13\n");
	own_idle_cpu();
	idle_sibling();
	idle_sibling_not_allowed();
	least_important_victim();
	no_victim();
	tie_prefers_own_cpu();
	second_wakeup_other_thread();
	follows_affinity_change();
	failed = tap_done();
	printf("grade: %d/%d\n", passed, total);
	return failed ? 1 : 0;
}
