/* harness.c - see harness.h. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "harness.h"
#include "shape.h"
#include "ctx.h"

#define POOL	512

struct topology topo;
static struct task_struct idle_tasks[NR_CPUS], mig_tasks[NR_CPUS];
static struct task_struct pool[POOL];
static int pool_used;
static int tap_n, tap_failed;

static void print_move(struct task_struct *p, int from, int to, int why)
{
	if (getenv("SCHED_TEST_TRACE"))
		printf("# t=%lu pid %d %d -> %d %s\n", sim_jiffies, p->pid, from,
		       to, sched_move_name[why]);
}

void machine(const char *qemu_args, const struct sched_options *opts)
{
	char err[256];
	int cpu;

	memset(&topo, 0, sizeof(topo));
	if (shape_from_args(qemu_args, &topo, err, sizeof(err))) {
		printf("Bail out! shape %s: %s\n", qemu_args, err);
		exit(1);
	}
	sim_arch_reset();
	sim_migrate_hook = print_move;
	memset(idle_tasks, 0, sizeof(idle_tasks));
	memset(mig_tasks, 0, sizeof(mig_tasks));
	memset(pool, 0, sizeof(pool));
	pool_used = 0;
	sched_init(&topo, opts);
	for (cpu = 0; cpu < topo.ncpus; cpu++) {
		sim_cpu = cpu;
		idle_tasks[cpu].pid = 1000 + cpu;
		sched_init_idle(&idle_tasks[cpu]);
	}
	for (cpu = 0; cpu < topo.ncpus; cpu++) {
		sim_cpu = 0;
		mig_tasks[cpu].pid = 2000 + cpu;
		sched_init_migration_thread(cpu, &mig_tasks[cpu]);
	}
	sim_cpu = 0;
	sched_sanity_reset();
}

struct task_struct *new_task(int cpu)
{
	struct task_struct *p;

	if (pool_used >= POOL) {
		printf("Bail out! task pool exhausted\n");
		exit(1);
	}
	p = &pool[pool_used];
	p->pid = ++pool_used;
	sim_cpu = cpu;
	sched_fork(NULL, p);
	return p;
}

struct task_struct *spawn(int cpu, int nice)
{
	struct task_struct *p = new_task(cpu);

	set_user_nice(p, nice);
	sim_cpu = cpu;
	wake_up_new_task(p);
	return p;
}

void run_schedule(int cpu)
{
	int guard = 0;

	sim_cpu = cpu;
	sim_ipi_pending[cpu] = 0;
	schedule();
	sim_ctx_resume_pending(cpu);	/* a task blocked in the kernel */
	while (cpu_curr(cpu)->flags & PF_KTHREAD) {
		if (++guard > 100) {
			printf("Bail out! migration thread loops on CPU %d\n", cpu);
			exit(1);
		}
		migration_thread_run();
		schedule();
		sim_ctx_resume_pending(cpu);
	}
	sim_check_quiescent("schedule");
}

void tick(int cpu)
{
	sim_cpu = cpu;
	scheduler_tick();
	sim_check_quiescent("scheduler_tick");
}

void settle(void)
{
	int cpu, again = 1, rounds = 0;

	while (again && rounds++ < 10) {
		again = 0;
		for (cpu = 0; cpu < topo.ncpus; cpu++) {
			struct task_struct *curr = cpu_curr(cpu);

			sim_ipi_pending[cpu] = 0;
			if (curr->need_resched || (curr->flags & PF_KTHREAD)) {
				if (curr->flags & PF_KTHREAD) {
					sim_cpu = cpu;
					migration_thread_run();
				}
				run_schedule(cpu);
				again = 1;
			}
		}
	}
}

void advance(int n)
{
	int cpu;

	while (n--) {
		sim_jiffies++;
		/* Each CPU: the timer interrupt, and its return path. */
		for (cpu = 0; cpu < topo.ncpus; cpu++) {
			tick(cpu);
			if (cpu_curr(cpu)->need_resched)
				run_schedule(cpu);
		}
		settle();
	}
}

void sleep_current(int cpu)
{
	cpu_curr(cpu)->state = TASK_INTERRUPTIBLE;
	run_schedule(cpu);
}

static void exec_fn(void *arg)
{
	*(int *)arg = sched_balance_exec();
}

int exec_of(struct task_struct *p, int cpu)
{
	int dest = -1;

	sim_cpu = cpu;
	sim_ctx_call(p, exec_fn, &dest);
	settle();
	return dest;
}

void check(int cond, const char *name, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	tap_n++;
	if (!cond)
		tap_failed++;
	printf("%sok %d %s%s%s\n", cond ? "" : "not ", tap_n, name,
	       *msg ? " # " : "", msg);
}

int tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}
