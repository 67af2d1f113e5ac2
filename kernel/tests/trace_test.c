/*
 * trace_test.c - ktests of the trace rings (trace.h): real switches are
 * recorded in order on every CPU, a full ring keeps its first records and
 * counts the rest, and the dump prints the lines tracevis reads. Also the
 * cost of one event in TSC cycles, printed as a `#` line.
 *
 * With the `trace` boot option, trace_records_switches writes its trace to
 * the trace port when it is done: tests/trace/kernel_trace.sh draws it.
 */
#include "ktest.h"
#include "cmdline.h"
#include "cpu.h"
#include "cputopo.h"
#include "heap.h"
#include "percpu.h"
#include "pmm.h"
#include "printk.h"
#include "sched.h"
#include "spinlock.h"
#include "string.h"
#include "task.h"
#include "timer.h"
#include "trace.h"
#include "syscall.h"
#include "uapi/errno.h"
#include "uapi/trace.h"

/* How long the workers run under tracing: long enough for every CPU to
 * switch a few dozen times at one sleep a millisecond, short enough for
 * 64 vCPUs under TCG. */
#define WORK_MS		300
/* The most it waits for a CPU to switch twice (a starved vCPU). */
#define MAX_WORK_MS	3000
/* Spin of a worker between two sleeps: about 100 us. */
#define WORKER_SPIN	2000
/* Events a round of the cost line times (5 rounds + 100 fit a ring). */
#define COST_EVENTS	200

struct worker {
	struct task *t;
	volatile int stop;
};

/* Spin a little, sleep a tick: a switch to it and from it every round. */
static int worker_main(void *arg)
{
	struct worker *w = arg;
	volatile int spin;

	while (!w->stop) {
		for (spin = 0; spin < WORKER_SPIN; spin++)
			;
		msleep(1);
	}
	return 0;
}

/* The fewest switch records any of CPUs 0..n-1 has (read while they
 * record: records [0, n) are complete). */
static int least_switches(int n)
{
	int cpu, least = -1;

	for (cpu = 0; cpu < n; cpu++) {
		const struct trace_cpu *tc = &trace_cpus[cpu];
		uint32_t i, k = __atomic_load_n(&tc->n, __ATOMIC_ACQUIRE);
		int s = 0;

		for (i = 0; i < k && s < 2; i++)
			s += tc->buf[i].ev == SCHED_TRACE_SWITCH;
		if (least < 0 || s < least)
			least = s;
	}
	return least;
}

/* A pid that names a task now (0: the idle tasks). */
static int pid_exists(int pid)
{
	uint32_t flags;
	int ok;

	if (pid == 0)
		return 1;
	flags = spin_lock_irqsave(&task_table_lock);
	ok = task_find(pid) != NULL;
	spin_unlock_irqrestore(&task_table_lock, flags);
	return ok;
}

/* One CPU's ring after a run: switches chained (each one's prev is the
 * task the previous one switched to), time going forward, known pids. */
static int check_cpu(struct ktest_ctx *t, int cpu, int *switches)
{
	const struct trace_cpu *tc = &trace_cpus[cpu];
	int last_next = -1;
	uint32_t i;

	*switches = 0;
	for (i = 0; i < tc->n; i++) {
		const struct trace_rec *r = &tc->buf[i];

		KT_EXPECT(t, !i || r->tsc >= tc->buf[i - 1].tsc,
			  "cpu %d record %u: time went back", cpu, (unsigned)i);
		if (r->ev != SCHED_TRACE_SWITCH)
			continue;
		KT_EXPECT(t, pid_exists(r->pid) && pid_exists(r->a),
			  "cpu %d record %u: switch %d -> %d names a task that "
			  "does not exist", cpu, (unsigned)i, r->a, r->pid);
		KT_EXPECT(t, last_next < 0 || r->a == last_next,
			  "cpu %d record %u: switch from %d, but %d was running",
			  cpu, (unsigned)i, r->a, last_next);
		KT_EXPECT(t, r->b == 'R' || r->b == 'S' || r->b == 'D' ||
			  r->b == 'X', "cpu %d: prev_state %d", cpu, r->b);
		last_next = r->pid;
		(*switches)++;
	}
	return 0;
}

/*
 * trace_records_switches: one worker pinned to each CPU sleeps a tick
 * between short spins for WORK_MS while tracing is on; every CPU's ring
 * then holds switches, chained, in time order, between tasks that exist.
 */
KTEST(trace_records_switches)
{
	int n = cpu_topology.ncpus, cpu, r = 0, total = 0, waited;
	struct worker *w;

	if (!trace_cpus[0].buf)
		return ktest_skip(t, "no trace rings (no memory at boot)");
	w = kzalloc(sizeof(*w) * (size_t)n);
	if (!w)
		return ktest_fail(t, "no memory for %d workers", n);
	for (cpu = 0; cpu < n; cpu++) {
		w[cpu].t = kthread_create("tracew", worker_main, &w[cpu]);
		if (!w[cpu].t) {
			n = cpu;
			r = ktest_fail(t, "no memory for worker %d", cpu);
			goto out;
		}
		/* Not preemptible: they leave the CPU only in msleep() and
		 * at exit. (A preemptible task preempted between becoming a
		 * zombie and its last schedule() stays queued, and
		 * task_reap() would meet it so.) */
		set_cpus_allowed(&w[cpu].t->s, cpumask_of(cpu));
	}
	trace_clear();
	trace_start();
	for (cpu = 0; cpu < n; cpu++)
		kthread_start_task(w[cpu].t);
	msleep(WORK_MS);
	/* A vCPU the loaded host did not run yet gets more time. */
	waited = WORK_MS;
	while (least_switches(n) < 2 && waited < MAX_WORK_MS) {
		msleep(20);
		waited += 20;
	}
	trace_stop();

	/* The workers still exist: their pids must be found. */
	for (cpu = 0; cpu < n && !r; cpu++) {
		int s;

		r = check_cpu(t, cpu, &s);
		if (!r && s < 2)
			r = ktest_fail(t, "cpu %d recorded %d switches in %d ms",
				       cpu, s, waited);
		total += s;
	}
	if (!r)
		printk("# trace_records_switches: %d switches on %d CPUs in "
		       "%d ms\n", total, n, waited);
	if (boot_opts.trace)
		printk("# trace_records_switches: %d lines dumped to %s\n",
		       trace_dump(), trace_port_is_com2() ? "COM2" : "the console");
out:
	for (cpu = 0; cpu < n; cpu++)
		w[cpu].stop = 1;
	for (cpu = 0; cpu < n; cpu++)
		task_reap(w[cpu].t);
	kfree(w);
	return r;
}

/* This CPU's ring alone records, interrupts off: only our events. */
static struct trace_cpu *solo_begin(uint32_t *flags)
{
	struct trace_cpu *tc;

	trace_clear();
	*flags = irq_save();
	tc = &trace_cpus[smp_processor_id()];
	tc->on = 1;
	return tc;
}

static void solo_end(struct trace_cpu *tc, uint32_t flags)
{
	tc->on = 0;
	irq_restore(flags);
}

/* Cycles per call of fn: the least of COST_ROUNDS rounds of COST_EVENTS
 * calls, after WARM_EVENTS untimed ones (under TCG the first run of a path
 * translates it, and a vCPU the host stops for a while inflates a round). */
#define WARM_EVENTS	100
#define COST_ROUNDS	5

static int next_seq;

static void trace_one(void)
{
	arch_trace(SCHED_TRACE_WAKEUP, NULL, next_seq++, 0, 0);
}

static void time_us_one(void)
{
	(void)time_us();
}

static uint32_t cycles_per(void (*fn)(void))
{
	uint64_t best = ~0ull;
	int k, round;

	for (k = 0; k < WARM_EVENTS; k++)
		fn();
	for (round = 0; round < COST_ROUNDS; round++) {
		uint64_t t0 = rdtsc(), d;

		for (k = 0; k < COST_EVENTS; k++)
			fn();
		d = rdtsc() - t0;
		if (d < best)
			best = d;
	}
	return (uint32_t)(best / COST_EVENTS);
}

static uint32_t to_ns(uint32_t cycles)
{
	return (uint32_t)((uint64_t)cycles * 1000000 / (tsc_khz() ? tsc_khz() : 1));
}

/*
 * trace_lossless_then_counts: more events than a ring holds keep the
 * first TRACE_RING_RECORDS, in order, and count the rest as lost. The
 * same run times an event: recorded, dropped (ring full), tracing off.
 */
KTEST(trace_lossless_then_counts)
{
	const int extra = WARM_EVENTS + COST_ROUNDS * COST_EVENTS;
	uint32_t rec, drop, off, clock, flags, i, lost, n;
	struct trace_cpu *tc;
	int bad = -1;

	if (!trace_cpus[0].buf)
		return ktest_skip(t, "no trace rings (no memory at boot)");
	tc = solo_begin(&flags);
	next_seq = 0;
	rec = cycles_per(trace_one);
	while (next_seq < TRACE_RING_RECORDS)
		trace_one();
	drop = cycles_per(trace_one);
	tc->on = 0;
	off = cycles_per(trace_one);
	clock = cycles_per(time_us_one);
	n = tc->n;
	lost = tc->lost;
	solo_end(tc, flags);

	printk("# trace_cost: an event costs %u TSC cycles (%u ns) recorded, "
	       "%u (%u ns) dropped, %u (%u ns) with tracing off; time_us() "
	       "alone %u (%u ns). Under TCG: guest time, not real hardware\n",
	       rec, to_ns(rec), drop, to_ns(drop), off, to_ns(off), clock,
	       to_ns(clock));
	KT_EXPECT(t, n == TRACE_RING_RECORDS, "kept %u of %d records",
		  (unsigned)n, TRACE_RING_RECORDS);
	KT_EXPECT(t, lost == (uint32_t)extra, "lost %u, expected %d",
		  (unsigned)lost, extra);
	for (i = 0; i < n && bad < 0; i++)
		if (tc->buf[i].a != (int)i || tc->buf[i].ev != SCHED_TRACE_WAKEUP ||
		    (i && tc->buf[i].tsc < tc->buf[i - 1].tsc))
			bad = (int)i;
	KT_EXPECT(t, bad < 0, "record %d is not event %d in order (a=%d)",
		  bad, bad, bad >= 0 ? tc->buf[bad].a : 0);
	trace_clear();
	return 0;
}

/* ---- the dump ----------------------------------------------------------- */

struct dump_check {
	int lines, topo, events, lost, bad;
	char first_bad[96];
	char seen[SCHED_TRACE_NR][128];	/* the line of each kind */
	char lost_line[64];
};

/* Where needle first occurs in s, or NULL (the kernel has no strstr). */
static const char *find_str(const char *s, const char *needle)
{
	size_t n = strlen(needle);

	for (; *s; s++)
		if (!strncmp(s, needle, n))
			return s;
	return NULL;
}

static void collect(const char *line, void *arg)
{
	struct dump_check *d = arg;
	int ev;

	d->lines++;
	if (!strncmp(line, "topo:", 5)) {
		d->topo++;
		return;
	}
	if (!strncmp(line, "trace: lost cpu=", 16)) {
		d->lost++;
		strlcpy(d->lost_line, line, sizeof(d->lost_line));
		return;
	}
	if (strncmp(line, "trace: t=", 9)) {
		if (!d->bad++)
			strlcpy(d->first_bad, line, sizeof(d->first_bad));
		return;
	}
	d->events++;
	for (ev = 0; ev < SCHED_TRACE_NR; ev++) {
		char word[24];

		snprintf(word, sizeof(word), " ev=%s ", sched_trace_name[ev]);
		if (find_str(line, word))
			strlcpy(d->seen[ev], line, sizeof(d->seen[ev]));
	}
}

/* Each expected "key=value" of want (space separated) is in line. */
static int has_keys(const char *line, const char *want)
{
	char key[40];

	while (*want) {
		int n = 0;

		while (*want && *want != ' ' && n < (int)sizeof(key) - 3)
			key[1 + n++] = *want++;
		while (*want == ' ')
			want++;
		key[0] = ' ';
		key[1 + n] = '\0';
		/* " key=value" followed by a space or the end of the line */
		{
			const char *s = find_str(line, key);

			if (!s || (s[1 + n] && s[1 + n] != ' '))
				return 0;
		}
	}
	return 1;
}

/*
 * trace_dump_format: one event of each kind recorded on this CPU, and a
 * drop count, dumped into memory: topo: lines, then `trace: t=` lines with
 * the keys tests/trace/README.md requires, then the lost line. The exec
 * line carries the name the task had after exec, not before.
 */
KTEST(trace_dump_format)
{
	struct dump_check *d = kzalloc(sizeof(*d));
	struct task *fake = kzalloc(sizeof(*fake));
	struct trace_cpu *tc;
	uint32_t flags;
	int cpu = smp_processor_id(), r = 0;

	if (!d || !fake) {
		kfree(d);
		kfree(fake);
		return ktest_fail(t, "no memory");
	}
	if (!trace_cpus[0].buf) {
		kfree(d);
		kfree(fake);
		return ktest_skip(t, "no trace rings (no memory at boot)");
	}
	/* A task for the records only: arch_trace reads its pid and name. */
	fake->s.pid = 31999;
	strlcpy(fake->name, "before", sizeof(fake->name));
	tc = solo_begin(&flags);
	arch_trace(SCHED_TRACE_FORK, &fake->s, 7, cpu, 0);
	arch_trace(SCHED_TRACE_EXEC, &fake->s, cpu, 0, 0);
	strlcpy(fake->name, "after", sizeof(fake->name));
	arch_trace(SCHED_TRACE_SWITCH, &fake->s, 0, 'S', 0);
	arch_trace(SCHED_TRACE_WAKEUP, &fake->s, cpu, 1, 0);
	arch_trace(SCHED_TRACE_MIGRATE, &fake->s, cpu, cpu, SCHED_MOVE_NODE);
	arch_trace(SCHED_TRACE_BALANCE, NULL, 0, SCHED_MOVE_LOCAL, cpu);
	arch_trace(SCHED_TRACE_EXIT, &fake->s, 0, 0, 0);
	tc->lost = 3;		/* as if three more had not fit */
	solo_end(tc, flags);

	trace_dump_to(collect, d);
	if (d->bad)
		r = ktest_fail(t, "%d lines of another kind, first '%s'", d->bad,
			       d->first_bad);
	else if (d->topo < cpu_topology.ncpus + 1 || d->events != 7 ||
		 d->lost != 1)
		r = ktest_fail(t, "%d topo, %d event, %d lost lines (want >= %d, "
			       "7, 1)", d->topo, d->events, d->lost,
			       cpu_topology.ncpus + 1);
	else if (!has_keys(d->seen[SCHED_TRACE_FORK], "pid=7 child=31999 child_comm=before") ||
		 !has_keys(d->seen[SCHED_TRACE_EXEC], "pid=31999 comm=after") ||
		 !has_keys(d->seen[SCHED_TRACE_SWITCH], "pid=31999 prev=0 prev_state=S comm=after") ||
		 !has_keys(d->seen[SCHED_TRACE_WAKEUP], "pid=31999 sync=1") ||
		 !has_keys(d->seen[SCHED_TRACE_MIGRATE], "why=node_balance") ||
		 !has_keys(d->seen[SCHED_TRACE_BALANCE], "pid=0 moved=0 why=local_balance") ||
		 !has_keys(d->seen[SCHED_TRACE_EXIT], "pid=31999"))
		r = ktest_fail(t, "an event line lacks its keys (fork '%s', "
			       "exec '%s')", d->seen[SCHED_TRACE_FORK],
			       d->seen[SCHED_TRACE_EXEC]);
	else {
		char want[64];

		snprintf(want, sizeof(want), "trace: lost cpu=%d count=3", cpu);
		if (strcmp(d->lost_line, want))
			r = ktest_fail(t, "lost line '%s', want '%s'",
				       d->lost_line, want);
	}
	trace_clear();
	kfree(d);
	kfree(fake);
	return r;
}

/*
 * trace_syscall_commands: trace(cmd) from a program does what uapi/trace.h
 * says: start, status, stop, clear; a bad command is -EINVAL. (TRACE_DUMP
 * is left out: without COM2 it would print topo: lines on the console,
 * which the boot tests read.)
 */
KTEST(trace_syscall_commands)
{
	struct trace_cpu *tc = &trace_cpus[smp_processor_id()];
	uint32_t flags;

	if (!trace_cpus[0].buf)
		return ktest_skip(t, "no trace rings (no memory at boot)");
	KT_EXPECT(t, sys_trace(TRACE_CLEAR, NULL, 0) == 0 &&
		  sys_trace(TRACE_STATUS, NULL, 0) == 0,
		  "after TRACE_CLEAR tracing is still on");
	KT_EXPECT(t, sys_trace(TRACE_START, NULL, 0) == 0 &&
		  sys_trace(TRACE_STATUS, NULL, 0) == 1, "TRACE_START did not start");
	flags = irq_save();
	arch_trace(SCHED_TRACE_EXIT, NULL, 0, 0, 0);
	irq_restore(flags);
	KT_EXPECT(t, sys_trace(TRACE_STOP, NULL, 0) == 0 &&
		  sys_trace(TRACE_STATUS, NULL, 0) == 0, "TRACE_STOP did not stop");
	KT_EXPECT(t, tc->n >= 1, "nothing recorded between start and stop");
	KT_EXPECT(t, sys_trace(TRACE_CLEAR, NULL, 0) == 0 && tc->n == 0 &&
		  tc->lost == 0, "TRACE_CLEAR left %u records", (unsigned)tc->n);
	KT_EXPECT(t, sys_trace(0, NULL, 0) == -EINVAL &&
		  sys_trace(99, NULL, 0) == -EINVAL, "a bad command was accepted");
	return 0;
}

/* trace_rings_node_local: each CPU's ring is memory of the CPU's node. */
KTEST(trace_rings_node_local)
{
	int cpu;

	if (!trace_cpus[0].buf)
		return ktest_skip(t, "no trace rings (no memory at boot)");
	for (cpu = 0; cpu < cpu_topology.ncpus; cpu++) {
		int node = pmm_page_node(trace_cpus[cpu].buf);

		KT_EXPECT(t, node == cpu_topology.cpu[cpu].node,
			  "cpu %d (node %d): its ring is on node %d", cpu,
			  cpu_topology.cpu[cpu].node, node);
	}
	return 0;
}
