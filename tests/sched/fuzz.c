/*
 * fuzz.c - a randomized stress of the scheduler, on the host.
 *
 * Each run boots the unchanged sched/ sources (through the simulator's seam,
 * sched/sim/arch.c and ctx.c) on a machine shape - every shape of
 * tests/topologies in turn, and random ones up to NR_CPUS CPUs and
 * MAX_NODES nodes - and applies random operations: fork, exit, sleep,
 * wakeup (plain and sync), nice, sched_setscheduler, set_cpus_allowed on
 * running and sleeping tasks, yield, exec placement, ticks, and CPUs that
 * stall for a while, as vCPUs do under QEMU's TCG: a CPU stops where its
 * code releases its last lock, or takes no ticks, while the others go on.
 * Every call runs on the calling task's own stack (ctx.h): a task that
 * blocks in schedule() goes on only when a CPU switches back to it, as in
 * the kernel. After every operation the sanity checker runs; the build has
 * AddressSanitizer and UBSan on, and every task is malloc'ed and freed when
 * reaped, so a use after free is reported where it happens.
 *
 * Each run's operation mix is drawn from its seed too (swarm testing: a
 * run that forks and renices a lot, another that stalls CPUs), so
 * different runs stress different paths.
 *
 *   fuzz [--seed S] [--runs N] [--ops N] [--stall PCT] [--forever]
 *        [--topologies F] [-v]
 *
 * --stall PCT sets every run's share of last-lock releases that stall a
 * CPU (drawn from the seed otherwise; 0 turns those stalls off).
 *
 * Runs use seeds S, S+1, ...; each prints its seed first
 * ("# run seed=S shape=... ops=N"), and `fuzz --seed S --runs 1 --ops N`
 * replays it exactly. A failing run prints "not ok" with its seed and the
 * number of the operation that failed, and the program exits 1; a panic or
 * a sanitizer report ends it with another status. The closing line is
 * `N passed, N failed` (runs).
 */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "runqueue.h"
#include "arch.h"
#include "ctx.h"
#include "shape.h"

#define MAX_TASKS	48
#define MAX_SHAPES	64

/* The operations, and what a run may weigh each one. */
enum op {
	OP_TICK, OP_FORK, OP_EXIT, OP_SLEEP, OP_WAKE, OP_WAKE_SYNC, OP_NICE,
	OP_SETSCHED, OP_AFFINITY, OP_YIELD, OP_EXEC, OP_STALL, OP_REAP,
	OP_RANDOM,		/* the operations above are drawn at random */
	OP_PREEMPT = OP_RANDOM,	/* an interrupt's return path (service()) */
	OP_NR
};
static const char *const op_name[OP_NR] = {
	"tick", "fork", "exit", "sleep", "wake", "wake_sync", "nice",
	"setscheduler", "set_cpus_allowed", "yield", "exec", "stall", "reap",
	"preempt",
};

struct call {
	int op;			/* enum op */
	struct ftask *target;
	int arg, arg2;
	cpumask_t mask;
};

struct ftask {
	struct task_struct t;
	struct ftask *parent;
	int zombie;
	/* References held by calls made on it (set_cpus_allowed(p, ...)
	 * and the like hold one, as Linux's callers hold get_task_struct()
	 * over the call): a reaped task is freed when the last one goes. */
	int refs;
	int reaped;
	struct call call;	/* the call it is making */
	int in_exec;		/* inside sched_balance_exec() */
	int exec_arrived;	/* since then, seen on its reserved node */
};

static struct {
	unsigned long long rng;
	struct topology topo;
	char shape[64];
	char args[2048];
	struct sched_options opts;
	unsigned weight[OP_NR], total_weight;
	unsigned stall_pct;	/* % of last-lock releases that stall */
	unsigned ipi_delay_pct;	/* % of pending reschedules left for later */
	unsigned hot_pct;	/* % of calls on a task that pick a hot one */
	struct ftask *hot[2];	/* the run's favourite targets */
	struct ftask *task[MAX_TASKS];
	int ntasks;
	struct ftask *dead[MAX_TASKS];	/* reaped, still referenced */
	int ndead;
	int next_pid;
	struct task_struct idle[NR_CPUS], mig[NR_CPUS];
	unsigned long stall_left[NR_CPUS];	/* jiffies the CPU stays stalled */
	unsigned long op;
	unsigned long count[OP_NR];
	int verbose;
} F;

static char shapes[MAX_SHAPES][64];
static int stall_override = -1;	/* --stall PCT */
static int nshapes;

/* ---- random numbers (xorshift64*: replayable from the seed) ------------- */

static unsigned long long rnd64(void)
{
	F.rng ^= F.rng >> 12;
	F.rng ^= F.rng << 25;
	F.rng ^= F.rng >> 27;
	return F.rng * 2685821657736338717ULL;
}

static unsigned rnd(unsigned n)
{
	return n ? (unsigned)(rnd64() >> 33) % n : 0;
}

static int chance(unsigned pct)
{
	return rnd(100) < pct;
}

/* ---- failures ----------------------------------------------------------- */

static unsigned long long run_seed;

static void fail(const char *fmt, ...) __attribute__((noreturn, format(printf, 1, 2)));

/* -v: every queued task, at a failure. */
static void dump_runqueues(void)
{
	struct list_head *pos;

	list_for_each(pos, &all_tasks) {
		struct task_struct *p = list_entry(pos, struct task_struct, tasks);

		if (!p->array)
			continue;
		printf("#   rq %d %s pid %d prio %d static %d slice %u policy %d "
		       "cpu %d%s\n", task_rq(p)->id,
		       p->array == task_rq(p)->active ? "active" : "expired",
		       p->pid, p->prio, p->static_prio, p->time_slice, p->policy,
		       task_cpu(p), task_running(p) ? " running" : "");
	}
}

static void fail(const char *fmt, ...)
{
	char msg[600];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (F.verbose)
		dump_runqueues();
	printf("not ok seed=%llu shape=%s op=%lu # %s\n", run_seed, F.shape,
	       F.op, msg);
	printf("0 passed, 1 failed\n");
	fflush(stdout);
	exit(1);
}

/* No leak check at exit, so that a replay typed by hand ends as in the
 * suite: LeakSanitizer stops the world to scan every stack, and the task
 * stacks of sched/sim/ctx.c, parked inside a switch, deadlock its scan
 * after the result is printed. Use after free is checked as it runs. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "detect_leaks=0";
}

/* A sanitizer's report or a panic ends the program: say which run and
 * which operation first. */
void __sanitizer_set_death_callback(void (*callback)(void));

static void on_death(void)
{
	printf("not ok seed=%llu shape=%s op=%lu # died (report above)\n",
	       run_seed, F.shape, F.op);
	printf("0 passed, 1 failed\n");
	fflush(stdout);
}

static void on_abort(int sig)
{
	on_death();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* ---- machine shapes ----------------------------------------------------- */

static void load_shapes(const char *file)
{
	char line[4096];
	FILE *f = fopen(file, "r");

	if (!f) {
		fprintf(stderr, "fuzz: cannot read %s\n", file);
		exit(2);
	}
	while (nshapes < MAX_SHAPES && fgets(line, sizeof(line), f)) {
		char name[64];

		if (line[0] == '#' || sscanf(line, "%63s", name) != 1)
			continue;
		snprintf(shapes[nshapes++], sizeof(shapes[0]), "%s", name);
	}
	fclose(f);
}

/* A random machine the kernel could boot (at most 255 CPUs, and NR_CPUS):
 * sockets x cores x threads, its sockets grouped into up to MAX_NODES
 * nodes of equal size. */
static void random_shape(char *args, size_t len)
{
	static const unsigned threads_of[] = { 1, 1, 2, 2, 4 };
	const unsigned max = NR_CPUS < SHAPE_MAX_SLOTS ? NR_CPUS : SHAPE_MAX_SLOTS;
	unsigned t = threads_of[rnd(5)], c = 1 + rnd(8), s, nodes, per, n;
	size_t off;

	while (t * c > max)
		c--;
	s = 1 + rnd(max / (t * c) < 8 ? max / (t * c) : 8);
	nodes = s;
	while (nodes > 1 && (chance(40) || nodes > MAX_NODES || s % nodes))
		nodes--;
	per = s / nodes;
	off = (size_t)snprintf(args, len, "-M q35 -m %uM -smp %u,sockets=%u,"
			       "cores=%u,threads=%u", 64 * nodes, s * c * t,
			       s, c, t);
	if (nodes < 2)
		return;
	for (n = 0; n < nodes; n++)
		off += (size_t)snprintf(args + off, len - off, " -object "
					"memory-backend-ram,id=m%u,size=64M", n);
	for (n = 0; n < nodes; n++)
		off += (size_t)snprintf(args + off, len - off, " -numa node,"
					"nodeid=%u,cpus=%u-%u,memdev=m%u", n,
					n * per * c * t,
					(n + 1) * per * c * t - 1, n);
}

/* ---- tasks -------------------------------------------------------------- */

static struct ftask *ftask_of(struct task_struct *p)
{
	int i;

	for (i = 0; i < F.ntasks; i++)
		if (&F.task[i]->t == p)
			return F.task[i];
	return NULL;
}

static struct ftask *any_task(void)
{
	return F.ntasks ? F.task[rnd((unsigned)F.ntasks)] : NULL;
}

/* A task to call nice, setscheduler, affinity or a wakeup on: now and
 * then one of two favourites, so that one task is called on again and
 * again (renicing two hogs every tick starved a third, issue 14). */
static struct ftask *random_task(void)
{
	int h;

	if (!chance(F.hot_pct))
		return any_task();
	h = (int)rnd(2);
	if (!F.hot[h] || F.hot[h]->zombie)
		F.hot[h] = any_task();
	return F.hot[h];
}

/* A mask the topology names (masks are built with the cpumask helpers
 * only), or now and then an empty one, which must be refused. */
static cpumask_t random_mask(void)
{
	int cpu = (int)rnd((unsigned)F.topo.ncpus);

	switch (rnd(9)) {
	case 0:
	case 1:
	case 2:
		return cpumask_of(cpu);
	case 3:
	case 4:
		return F.topo.sibling_map[cpu];
	case 5:
		return F.topo.core_map[cpu];
	case 6:
	case 7:
		return F.topo.node_map[F.topo.cpu[cpu].node];
	default:
		return CPU_MASK_NONE;
	}
}

/* ---- the calls, each on the calling task's stack ------------------------ */

static void put_ftask(struct ftask *t)
{
	int i;

	if (--t->refs || !t->reaped)
		return;
	for (i = 0; i < F.ndead; i++)
		if (F.dead[i] == t)
			F.dead[i] = F.dead[--F.ndead];
	free(t);
}

static void do_call(void *v)
{
	struct call *c = v;
	struct task_struct *self = cpu_curr(sim_cpu), *p;
	struct ftask *child;

	switch (c->op) {
	case OP_TICK:
		scheduler_tick();
		/* The interrupt's return path. */
		__attribute__((fallthrough));
	case OP_PREEMPT:
		if (self->need_resched) {
			if (self->flags & PF_IDLE)
				schedule();	/* the idle loop */
			else
				schedule_preempt();
		}
		break;
	case OP_FORK:
		child = c->target;
		sched_fork(self->flags & (PF_IDLE | PF_KTHREAD) ? NULL : self,
			   &child->t);
		wake_up_new_task(&child->t);
		break;
	case OP_EXIT:
		self->state = TASK_ZOMBIE;
		schedule();
		fail("pid %d returned from its last schedule()", self->pid);
	case OP_SLEEP:
		self->state = TASK_INTERRUPTIBLE;
		schedule();
		break;
	case OP_WAKE:
	case OP_WAKE_SYNC:
		wake_up_process(&c->target->t, c->op == OP_WAKE_SYNC);
		break;
	case OP_NICE:
		set_user_nice(&c->target->t, c->arg);
		break;
	case OP_SETSCHED:
		sched_setscheduler(&c->target->t, c->arg, c->arg2);
		break;
	case OP_AFFINITY:
		set_cpus_allowed(&c->target->t, c->mask);
		break;
	case OP_YIELD:
		sched_yield();
		break;
	case OP_EXEC:
		p = self;
		ftask_of(p)->in_exec = 1;
		ftask_of(p)->exec_arrived = 0;
		c->arg = sched_balance_exec();
		ftask_of(p)->in_exec = 0;
		if (cpu_curr(sim_cpu) != p)
			fail("exec of pid %d returned on CPU %d, which runs pid "
			     "%d", p->pid, sim_cpu, cpu_curr(sim_cpu)->pid);
		if (p->exec_placing)
			fail("exec of pid %d returned with its placement to "
			     "rq %d still reserved", p->pid, p->exec_dst);
		break;
	default:
		break;
	}
	if (c->target && c->op != OP_FORK)
		put_ftask(c->target);
}

/* The body of a migration thread (migration_thread_main(), one round at
 * a time so that a stall can fall between rounds too). */
static void mig_call(void *v)
{
	(void)v;
	for (;;) {
		migration_thread_run();
		schedule();
	}
}

/* Run a call on cpu as its current task. The call's struct lives with
 * the task: a blocked call (sleep, exit, exec) finishes later, and a task
 * makes one call at a time. */
static struct call idle_calls[NR_CPUS];

static void call_on(int cpu, struct call c)
{
	struct task_struct *self = cpu_curr(cpu);
	struct ftask *ft = ftask_of(self);
	struct call *slot = ft ? &ft->call : &idle_calls[cpu];

	if (self->sim_ctx)
		fail("CPU %d runs pid %d, which is in the kernel", cpu, self->pid);
	*slot = c;
	sim_cpu = cpu;
	sim_ctx_call(self, do_call, slot);
}

/* ---- CPUs --------------------------------------------------------------- */

static int cpu_free(int cpu)
{
	return !F.stall_left[cpu] && !sim_ctx_stalled(cpu);
}

static void print_stall(int cpu, const char *what)
{
	if (F.verbose)
		printf("#   t=%lu CPU %d %s\n", sim_jiffies, cpu, what);
}

/* Stall hook: a CPU stops where it releases its last lock. */
static int stall_here(int cpu)
{
	if (!F.stall_pct || !chance(F.stall_pct))
		return 0;
	F.stall_left[cpu] = 1 + rnd(8);
	print_stall(cpu, "stalls inside a call");
	return 1;
}

/*
 * What a free CPU does between operations: a migration thread that got
 * the CPU runs; a reschedule asked for (need_resched, an IPI) is taken,
 * unless the run delays it for now.
 */
static void service(int cpu)
{
	int guard;

	for (guard = 0; guard < 64; guard++) {
		struct task_struct *curr = cpu_curr(cpu);

		if (!cpu_free(cpu))
			return;
		if ((curr->flags & PF_KTHREAD) && !curr->sim_ctx) {
			sim_cpu = cpu;
			sim_ctx_call(curr, mig_call, NULL);
			continue;
		}
		if (!curr->need_resched && !sim_ipi_pending[cpu])
			return;
		if (chance(F.ipi_delay_pct))
			return;
		sim_ipi_pending[cpu] = 0;
		if (!curr->need_resched)
			return;
		call_on(cpu, (struct call){ .op = OP_PREEMPT });
	}
}

static void check(const char *what)
{
	int cpu, found, i;

	for (cpu = 0; cpu < F.topo.ncpus; cpu++) {
		if (sim_locks_held(cpu))
			fail("after %s: CPU %d holds %d locks", what, cpu,
			     sim_locks_held(cpu));
		if (cpu_free(cpu) && sim_irqs_off(cpu))
			fail("after %s: CPU %d has interrupts off", what, cpu);
	}
	/* A task blocked in exec (switched away, waiting for its move) holds
	 * its reservation until it reaches the node it reserved (balance.c:
	 * exec_in/exec_out); without it the next exec counts the node empty. */
	for (i = 0; i < F.ntasks; i++) {
		struct ftask *t = F.task[i];
		int node;

		if (!t->in_exec || task_running(&t->t) || !t->t.sim_ctx)
			continue;
		node = runqueues[t->t.exec_dst].node;
		if (task_rq(&t->t)->node == node)
			t->exec_arrived = 1;
		else if (!t->t.exec_placing && !t->exec_arrived)
			fail("after %s: pid %d waits in exec on node %d for its "
			     "move to node %d, with no reservation", what,
			     t->t.pid, task_rq(&t->t)->node, node);
	}
	sim_cpu = 0;
	found = sched_sanity_check();
	if (found)
		fail("after %s: %d sanity violations, the last: %s", what, found,
		     sim_last_log);
}

/* After each operation: the CPUs take the reschedules it asked for, then
 * the checks. */
static void after_op(const char *what)
{
	int cpu;

	for (cpu = 0; cpu < F.topo.ncpus; cpu++)
		service(cpu);
	check(what);
}

/* ---- operations --------------------------------------------------------- */

/* A free CPU at random, or -1. */
static int random_free_cpu(void)
{
	int start = (int)rnd((unsigned)F.topo.ncpus), i;

	for (i = 0; i < F.topo.ncpus; i++) {
		int cpu = (start + i) % F.topo.ncpus;

		if (cpu_free(cpu))
			return cpu;
	}
	return -1;
}

/* A free CPU running a task of ours (not idle, not a kernel thread). */
static int cpu_running_task(void)
{
	int start = (int)rnd((unsigned)F.topo.ncpus), i;

	for (i = 0; i < F.topo.ncpus; i++) {
		int cpu = (start + i) % F.topo.ncpus;

		if (cpu_free(cpu) && ftask_of(cpu_curr(cpu)))
			return cpu;
	}
	return -1;
}

/* One jiffy: every CPU that is not stalled takes its timer interrupt; a
 * stalled one counts its stall down (and goes on where it stopped). */
static void op_tick(void)
{
	int cpu;

	sim_jiffies++;
	for (cpu = 0; cpu < F.topo.ncpus; cpu++) {
		if (F.stall_left[cpu]) {
			if (--F.stall_left[cpu])
				continue;
			if (sim_ctx_stalled(cpu)) {
				print_stall(cpu, "goes on");
				sim_ctx_resume_stalled(cpu);
			}
			continue;
		}
		if (sim_ctx_stalled(cpu))
			continue;
		call_on(cpu, (struct call){ .op = OP_TICK });
	}
	after_op("a tick");
}

static void reap(void)
{
	int i, j, cpu;

	for (i = 0; i < F.ntasks; i++) {
		struct ftask *t = F.task[i];
		struct ftask *parent = t->parent;

		if (!t->zombie || !sched_task_inactive(&t->t))
			continue;
		if (parent && (parent->zombie || !ftask_of(&parent->t)))
			parent = NULL;
		cpu = random_free_cpu();
		sim_cpu = cpu < 0 ? 0 : cpu;
		sched_exit(&t->t, parent ? &parent->t : NULL);
		sim_ctx_forget(&t->t);
		for (j = 0; j < F.ntasks; j++)
			if (F.task[j]->parent == t)
				F.task[j]->parent = NULL;
		F.task[i--] = F.task[--F.ntasks];
		for (j = 0; j < 2; j++)
			if (F.hot[j] == t)
				F.hot[j] = NULL;
		t->reaped = 1;
		if (t->refs)
			F.dead[F.ndead++] = t;
		else
			free(t);
		after_op("sched_exit");
	}
}

static struct ftask *new_ftask(void)
{
	struct ftask *t;

	if (F.ntasks >= MAX_TASKS)
		return NULL;
	t = calloc(1, sizeof(*t));
	if (!t) {
		fprintf(stderr, "fuzz: out of memory\n");
		exit(2);
	}
	t->t.pid = ++F.next_pid;
	F.task[F.ntasks++] = t;
	return t;
}

static void op(enum op o)
{
	struct call c = { .op = o };
	struct ftask *t;
	int cpu;

	F.count[o]++;
	switch (o) {
	case OP_TICK:
		op_tick();
		return;
	case OP_REAP:
		reap();
		return;
	case OP_STALL:		/* a CPU takes no ticks for a while */
		cpu = random_free_cpu();
		if (cpu >= 0)
			F.stall_left[cpu] = 1 + rnd(chance(10) ? 200 : 20);
		return;
	case OP_FORK:
		cpu = random_free_cpu();
		if (cpu < 0 || (cpu_curr(cpu)->flags & PF_KTHREAD) ||
		    !(c.target = new_ftask()))
			return;
		c.target->parent = ftask_of(cpu_curr(cpu));
		break;
	case OP_EXIT:
	case OP_SLEEP:
	case OP_YIELD:
	case OP_EXEC:
		cpu = cpu_running_task();
		if (cpu < 0)
			return;
		if (o == OP_EXIT)
			ftask_of(cpu_curr(cpu))->zombie = 1;
		break;
	case OP_WAKE:
	case OP_WAKE_SYNC:
		cpu = random_free_cpu();
		t = random_task();
		if (cpu < 0 || !t || t->zombie ||
		    t->t.state != TASK_INTERRUPTIBLE)
			return;
		c.target = t;
		t->refs++;
		break;
	case OP_NICE:
	case OP_SETSCHED:
	case OP_AFFINITY:
		cpu = random_free_cpu();
		t = random_task();
		if (cpu < 0 || !t || t->zombie)
			return;
		c.target = t;
		t->refs++;
		if (o == OP_NICE) {
			/* Often the value it has: a renice that changes
			 * nothing must change nothing. */
			c.arg = chance(50) ? TASK_NICE(&t->t) :
				(int)rnd(40) - 20;
		} else if (o == OP_SETSCHED) {
			c.arg = chance(85) ? SCHED_NORMAL :
				chance(50) ? SCHED_FIFO : SCHED_RR;
			c.arg2 = c.arg == SCHED_NORMAL ? 0 : 1 + (int)rnd(99);
		} else {
			c.mask = random_mask();
		}
		break;
	default:
		return;
	}
	if (F.verbose)
		printf("#   %s on CPU %d by pid %d, target pid %d arg %d\n",
		       op_name[o], cpu, cpu_curr(cpu)->pid,
		       c.target ? c.target->t.pid : -1, c.arg);
	call_on(cpu, c);
	after_op(op_name[o]);
}

/* ---- a run -------------------------------------------------------------- */

/* -v: the scheduler's events as they happen. */
static void print_switch(struct task_struct *prev, struct task_struct *next)
{
	printf("#   t=%lu CPU %d: switch %d (state %ld) -> %d\n", sim_jiffies,
	       sim_cpu, prev->pid, (long)prev->state, next->pid);
}

/* Every move: an exec'ing task that reached the node it reserved has its
 * placement done (exec.c's exec_moved()), even if a balancer takes it
 * on before the next check. */
static void on_move(struct task_struct *p, int from, int to, int why)
{
	struct ftask *t = ftask_of(p);

	if (F.verbose)
		printf("#   t=%lu CPU %d: pid %d moves %d -> %d (%s)\n",
		       sim_jiffies, sim_cpu, p->pid, from, to,
		       sched_move_name[why]);
	if (t && t->in_exec &&
	    F.topo.cpu[to].node == runqueues[p->exec_dst].node)
		t->exec_arrived = 1;
}

static void boot(const char *topologies)
{
	char err[256];
	int cpu, i;

	if (rnd(3) && nshapes) {
		/* Every shape of the file comes up in turn over the seeds. */
		snprintf(F.shape, sizeof(F.shape), "%s",
			 shapes[run_seed % (unsigned)nshapes]);
		if (shape_lookup(topologies, F.shape, F.args, sizeof(F.args),
				 err, sizeof(err))) {
			fprintf(stderr, "fuzz: %s\n", err);
			exit(2);
		}
	} else {
		snprintf(F.shape, sizeof(F.shape), "random");
		random_shape(F.args, sizeof(F.args));
	}
	memset(&F.topo, 0, sizeof(F.topo));
	if (shape_from_args(F.args, &F.topo, err, sizeof(err)))
		fail("shape %s: %s", F.args, err);
	sched_default_options(&F.opts);
	F.opts.share_smt = !chance(10);
	F.opts.test_ht = chance(10);
	F.opts.balance = chance(80) ? SCHED_BALANCE_NUMA :
			 chance(50) ? SCHED_BALANCE_NODE : SCHED_BALANCE_GLOBAL;
	F.opts.sanity_ticks = 0;

	/* This run's mix of operations (swarm testing). */
	F.total_weight = 0;
	for (i = 0; i < OP_RANDOM; i++) {
		F.weight[i] = chance(25) ? 0 : 1 + rnd(10);
		F.total_weight += F.weight[i];
	}
	F.weight[OP_TICK] += 10;	/* time always passes */
	F.weight[OP_FORK] += 2;		/* and there are tasks */
	F.total_weight += 12;
	F.stall_pct = chance(50) ? 0 : 1 + rnd(chance(30) ? 60 : 10);
	if (stall_override >= 0)
		F.stall_pct = (unsigned)stall_override;
	F.ipi_delay_pct = chance(50) ? 0 : rnd(60);
	F.hot_pct = chance(50) ? 0 : 50 + rnd(50);
	F.hot[0] = F.hot[1] = NULL;

	sim_arch_reset();
	sim_verbose = F.verbose ? 1 : -1;
	sim_ctx_stall_hook = stall_here;
	sim_switch_hook = F.verbose ? print_switch : NULL;
	sim_migrate_hook = on_move;
	sched_init(&F.topo, &F.opts);
	if (F.opts.test_ht && F.topo.ncpus >= 2 && cpu_rq(1)->nr_cpus == 1 &&
	    cpu_rq(0)->nr_cpus == 1 && F.topo.cpu[0].node == F.topo.cpu[1].node)
		sched_map_runqueue(0, 1);
	sched_fill_rq_map(&F.topo);
	for (cpu = 0; cpu < F.topo.ncpus; cpu++) {
		sim_cpu = cpu;
		memset(&F.idle[cpu], 0, sizeof(F.idle[cpu]));
		F.idle[cpu].pid = 10000 + cpu;
		sched_init_idle(&F.idle[cpu]);
	}
	for (cpu = 0; cpu < F.topo.ncpus; cpu++) {
		sim_cpu = cpu;
		memset(&F.mig[cpu], 0, sizeof(F.mig[cpu]));
		F.mig[cpu].pid = 20000 + cpu;
		sched_init_migration_thread(cpu, &F.mig[cpu]);
	}
	sim_cpu = 0;
	sched_sanity_reset();
	check("boot");
}

static void shutdown(void)
{
	int i, cpu;

	sim_ctx_reset();	/* stalled CPUs first: they never go on */
	for (i = 0; i < F.ntasks; i++) {
		sim_ctx_forget(&F.task[i]->t);
		free(F.task[i]);
	}
	for (i = 0; i < F.ndead; i++)
		free(F.dead[i]);
	F.ndead = 0;
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		sim_ctx_forget(&F.idle[cpu]);
		sim_ctx_forget(&F.mig[cpu]);
	}
	sim_ctx_reset();
	F.ntasks = 0;
}

static void run(unsigned long long seed, unsigned long ops,
		const char *topologies)
{
	int i;

	memset(F.stall_left, 0, sizeof(F.stall_left));
	memset(F.count, 0, sizeof(F.count));
	F.next_pid = 0;
	run_seed = seed;
	F.rng = seed * 0x9E3779B97F4A7C15ULL + 1;
	F.op = 0;
	boot(topologies);
	printf("# run seed=%llu shape=%s ops=%lu cpus=%d nodes=%d stall=%u%% "
	       "ipi_delay=%u%% hot=%u%%\n", seed, F.shape, ops, F.topo.ncpus,
	       F.topo.nnodes, F.stall_pct, F.ipi_delay_pct, F.hot_pct);
	if (F.verbose)
		printf("# args %s\n", F.args);
	fflush(stdout);
	for (i = 0; i < 4; i++)
		op(OP_FORK);
	for (F.op = 1; F.op <= ops; F.op++) {
		unsigned w = rnd(F.total_weight), o;

		for (o = 0; o < OP_RANDOM - 1 && w >= F.weight[o]; o++)
			w -= F.weight[o];
		if (F.verbose)
			printf("# op %lu %s\n", F.op, op_name[o]);
		op((enum op)o);
	}
	if (F.verbose)
		for (i = 0; i < OP_NR; i++)
			printf("# %s: %lu (weight %u)\n", op_name[i], F.count[i],
			       i < OP_RANDOM ? F.weight[i] : 0);
	shutdown();
}

int main(int argc, char **argv)
{
	const char *topologies = "tests/topologies";
	unsigned long long seed = 1;
	unsigned long ops = 20000, runs = 1, r;
	int forever = 0, i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--seed") && i + 1 < argc)
			seed = strtoull(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--ops") && i + 1 < argc)
			ops = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--runs") && i + 1 < argc)
			runs = strtoul(argv[++i], NULL, 0);
		else if (!strcmp(argv[i], "--topologies") && i + 1 < argc)
			topologies = argv[++i];
		else if (!strcmp(argv[i], "--stall") && i + 1 < argc)
			stall_override = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--forever"))
			forever = 1;
		else if (!strcmp(argv[i], "-v"))
			F.verbose = 1;
		else {
			fprintf(stderr, "usage: fuzz [--seed S] [--runs N] "
				"[--ops N] [--stall PCT] [--forever] "
				"[--topologies F] [-v]\n");
			return 2;
		}
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	__sanitizer_set_death_callback(on_death);
	signal(SIGABRT, on_abort);	/* arch_sched_panic() */
	load_shapes(topologies);
	for (r = 0; forever || r < runs; r++) {
		run(seed + r, ops, topologies);
		printf("ok %lu seed=%llu shape=%s\n", r + 1, seed + r, F.shape);
	}
	printf("%lu passed, 0 failed\n", r);
	return 0;
}
