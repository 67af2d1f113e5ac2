/*
 * tracegen - a plausible scheduler trace for a machine shape, to test and
 * demonstrate tracevis before the kernel writes real ones.
 *
 *   tracegen [--linux] [--lost] SHAPE SCENARIO
 *
 * SHAPE is a name of tests/topologies (tests/shape.c turns it into the
 * topology; lib/topology.c's topo_report() prints the topo: lines, as the
 * kernel does). Our format (default): SMT siblings share a runqueue (rq = the
 * lowest sibling), the events are dumped one CPU's ring buffer after another.
 * --linux: Linux 6.1's ftrace text instead, one runqueue per CPU, events in
 * time order. --lost: cpu 1 reports 17 lost events.
 *
 * Scenarios (N = the shape's CPU count):
 *   hogs    the shell forks N CPU hogs; each execs and is placed by exec
 *           balancing (least loaded node, then runqueue); at 60 ms it starts
 *           N/2 short compile jobs (run 4 ms, sleep 3 ms) that crowd the
 *           runqueues and get balanced; at 100 ms two hogs of the last node
 *           exit and the node balancer pulls work across nodes.
 *   spread  the shell forks N short tasks (30 ms of work each) one after the
 *           other: an exec spread.
 *
 * A toy scheduler on a 1 ms tick, not ours: round robin with a 10 ms slice
 * per runqueue, idle CPUs pull queued tasks inside their node every tick,
 * the node balancer runs every 20 ms and moves a queued task (or, if none,
 * a running one through active balance) when nodes differ by two or more.
 * Enough to make every kind of event and arrow appear.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "shape.h"

#define TICK_US		1000
#define SLICE_MS	10
#define END_MS		200
#define NODE_BAL_MS	20
#define MAX_TASKS	256
#define MAX_LINES	200000
#define LINUX_BOOT_US	12000000ull	/* ftrace clock at the trace's start */

enum st { T_NEW, T_QUEUED, T_RUNNING, T_SLEEPING, T_DEAD };

struct gtask {
	int pid;
	char comm[16];
	enum st st;
	int rq;			/* runqueue id (lowest CPU of it) */
	int cpu;		/* last CPU it ran on */
	int needs_exec;
	char exec_comm[16];
	int run_ms, sleep_ms;	/* bursts; run_ms 0: never sleeps */
	int left, slice;
	long wake_ms, exit_ms;	/* exit_ms < 0: never */
	unsigned qseq;
};

struct line {
	unsigned long long t;
	int cpu;
	unsigned seq;
	char text[240];
};

static struct topology topo;
static struct gtask task[MAX_TASKS];
static int ntask, curr[NR_CPUS], linux_fmt;
static unsigned qseq;
static unsigned long long last_t;
static struct line *lines;
static int nlines;

static void emit(unsigned long long t, int cpu, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void emit(unsigned long long t, int cpu, const char *fmt, ...)
{
	va_list ap;

	if (nlines == MAX_LINES)
		return;
	va_start(ap, fmt);
	vsnprintf(lines[nlines].text, sizeof(lines[0].text), fmt, ap);
	va_end(ap);
	lines[nlines].t = t;
	lines[nlines].cpu = cpu;
	lines[nlines].seq = (unsigned)nlines;
	nlines++;
}

/* Time never goes back: events are stamped in the order the toy scheduler
 * makes them (cause before effect), each at least 5 us after the last. */
static unsigned long long stamp(int cpu, unsigned long long t)
{
	(void)cpu;
	if (last_t && t <= last_t)
		t = last_t + 5;
	return last_t = t;
}

/* ftrace's task column for whoever runs on cpu now. */
static void ft_head(char *buf, size_t len, int cpu, unsigned long long t)
{
	int k = curr[cpu];
	unsigned long long ft = LINUX_BOOT_US + t;

	if (k < 0)
		snprintf(buf, len, "%16s-%-7d [%03d] d..2. %5llu.%06llu:", "<idle>", 0,
			 cpu, ft / 1000000, ft % 1000000);
	else
		snprintf(buf, len, "%16s-%-7d [%03d] d..2. %5llu.%06llu:",
			 task[k].comm, task[k].pid, cpu, ft / 1000000, ft % 1000000);
}

static void ev_switch(unsigned long long t, int cpu, int prev, int next, char state)
{
	int pp = prev < 0 ? 0 : task[prev].pid, np = next < 0 ? 0 : task[next].pid;
	char h[80], pc[20], nc[20];

	t = stamp(cpu, t);
	if (!linux_fmt) {
		emit(t, cpu, "trace: t=%llu cpu=%d ev=switch pid=%d prev=%d "
		     "prev_state=%c%s%s", t, cpu, np, pp, state,
		     next < 0 ? "" : " comm=", next < 0 ? "" : task[next].comm);
		return;
	}
	ft_head(h, sizeof(h), cpu, t);
	snprintf(pc, sizeof(pc), "%s", prev < 0 ? "swapper" : task[prev].comm);
	snprintf(nc, sizeof(nc), "%s", next < 0 ? "swapper" : task[next].comm);
	if (prev < 0)
		snprintf(pc, sizeof(pc), "swapper/%d", cpu);
	if (next < 0)
		snprintf(nc, sizeof(nc), "swapper/%d", cpu);
	emit(t, cpu, "%s sched_switch: prev_comm=%s prev_pid=%d prev_prio=%d "
	     "prev_state=%s ==> next_comm=%s next_pid=%d next_prio=%d", h, pc, pp,
	     120, prev < 0 ? "R" : state == 'R' ? "R+" : state == 'X' ? "X" : "S",
	     nc, np, 120);
}

static void ev_wakeup(unsigned long long t, int cpu, int k, int target)
{
	char h[80];

	t = stamp(cpu, t);
	if (!linux_fmt) {
		emit(t, cpu, "trace: t=%llu cpu=%d ev=wakeup pid=%d target=%d sync=0",
		     t, cpu, task[k].pid, target);
		return;
	}
	ft_head(h, sizeof(h), cpu, t);
	emit(t, cpu, "%s sched_wakeup: comm=%s pid=%d prio=120 target_cpu=%03d",
	     h, task[k].comm, task[k].pid, target);
}

static void ev_migrate(unsigned long long t, int cpu, int k, int from, int to,
		       const char *why)
{
	char h[80];

	t = stamp(cpu, t);
	if (!linux_fmt) {
		emit(t, cpu, "trace: t=%llu cpu=%d ev=migrate pid=%d from=%d to=%d "
		     "why=%s", t, cpu, task[k].pid, from, to, why);
		return;
	}
	ft_head(h, sizeof(h), cpu, t);
	emit(t, cpu, "%s sched_migrate_task: comm=%s pid=%d prio=120 orig_cpu=%d "
	     "dest_cpu=%d", h, task[k].comm, task[k].pid, from, to);
}

static void ev_fork(unsigned long long t, int cpu, int parent, int child)
{
	char h[80];

	t = stamp(cpu, t);
	if (!linux_fmt) {
		emit(t, cpu, "trace: t=%llu cpu=%d ev=fork pid=%d child=%d target=%d "
		     "child_comm=%s comm=%s", t, cpu, task[parent].pid, task[child].pid,
		     task[child].rq, task[child].comm, task[parent].comm);
		return;
	}
	ft_head(h, sizeof(h), cpu, t);
	emit(t, cpu, "%s sched_process_fork: comm=%s pid=%d child_comm=%s "
	     "child_pid=%d", h, task[parent].comm, task[parent].pid,
	     task[child].comm, task[child].pid);
	emit(t, cpu, "%s sched_wakeup_new: comm=%s pid=%d prio=120 target_cpu=%03d",
	     h, task[child].comm, task[child].pid, task[child].rq);
}

static void ev_exec(unsigned long long t, int cpu, int k)
{
	char h[80];

	t = stamp(cpu, t);
	if (!linux_fmt) {
		emit(t, cpu, "trace: t=%llu cpu=%d ev=exec pid=%d comm=%s", t, cpu,
		     task[k].pid, task[k].comm);
		return;
	}
	ft_head(h, sizeof(h), cpu, t);
	emit(t, cpu, "%s sched_process_exec: filename=/bin/%s pid=%d old_pid=%d",
	     h, task[k].comm, task[k].pid, task[k].pid);
}

static void ev_exit(unsigned long long t, int cpu, int k)
{
	char h[80];

	t = stamp(cpu, t);
	if (!linux_fmt) {
		emit(t, cpu, "trace: t=%llu cpu=%d ev=exit pid=%d", t, cpu, task[k].pid);
		return;
	}
	ft_head(h, sizeof(h), cpu, t);
	emit(t, cpu, "%s sched_process_exit: comm=%s pid=%d prio=120", h,
	     task[k].comm, task[k].pid);
}

/* Tasks on runqueue rq (queued or running), and on node. */
static int rq_load(int rq)
{
	int k, n = 0;

	for (k = 0; k < ntask; k++)
		n += task[k].rq == rq && (task[k].st == T_QUEUED || task[k].st == T_RUNNING);
	return n;
}

static int node_load(int node)
{
	int cpu, n = 0;

	for (cpu = 0; cpu < topo.ncpus; cpu++)
		if (topo.cpu[cpu].rq == cpu && topo.cpu[cpu].node == node)
			n += rq_load(cpu);
	return n;
}

static int rq_cpus(int rq)
{
	int cpu, n = 0;

	for (cpu = 0; cpu < topo.ncpus; cpu++)
		n += topo.cpu[cpu].rq == rq;
	return n ? n : 1;
}

/* Least loaded runqueue of node (lowest id on ties). */
static int idlest_rq(int node, int skip_task)
{
	int cpu, best = -1, bl = 1 << 30;

	for (cpu = 0; cpu < topo.ncpus; cpu++) {
		int l;

		if (topo.cpu[cpu].rq != cpu || topo.cpu[cpu].node != node)
			continue;
		l = rq_load(cpu) - (skip_task >= 0 && task[skip_task].rq == cpu);
		l = l * 8 / rq_cpus(cpu);
		if (l < bl) {
			bl = l;
			best = cpu;
		}
	}
	return best;
}

static int new_task(int pid, const char *comm, int rq)
{
	struct gtask *p = &task[ntask];

	memset(p, 0, sizeof(*p));
	p->pid = pid;
	snprintf(p->comm, sizeof(p->comm), "%s", comm);
	p->rq = p->cpu = rq;
	p->exit_ms = -1;
	p->st = T_NEW;
	return ntask++;
}

static void enqueue(int k)
{
	task[k].st = T_QUEUED;
	task[k].qseq = qseq++;
}

/* The oldest queued task of rq, or -1. */
static int first_queued(int rq)
{
	int k, best = -1;

	for (k = 0; k < ntask; k++)
		if (task[k].rq == rq && task[k].st == T_QUEUED &&
		    (best < 0 || task[k].qseq < task[best].qseq))
			best = k;
	return best;
}

static void fork_child(unsigned long long t, int cpu, int parent, int pid,
		       const char *exec_comm, int run_ms, int sleep_ms, long exit_ms)
{
	char comm[16];
	int k;

	memcpy(comm, task[parent].comm, sizeof(comm));
	k = new_task(pid, comm, topo.cpu[cpu].rq);

	task[k].needs_exec = 1;
	snprintf(task[k].exec_comm, sizeof(task[k].exec_comm), "%s", exec_comm);
	task[k].run_ms = run_ms;
	task[k].sleep_ms = sleep_ms;
	task[k].left = run_ms;
	task[k].exit_ms = exit_ms;
	enqueue(k);
	ev_fork(t, cpu, parent, k);
}

/* cpu starts running k (which may exec and leave at once). */
static void run(unsigned long long t, int cpu, int k)
{
	ev_switch(t, cpu, curr[cpu], k, 'R');
	curr[cpu] = k;
	task[k].st = T_RUNNING;
	task[k].cpu = cpu;
	task[k].slice = SLICE_MS;
	if (task[k].needs_exec) {
		int node, rq, n0 = 0, best = 1 << 30;

		task[k].needs_exec = 0;
		memcpy(task[k].comm, task[k].exec_comm, sizeof(task[k].comm));
		ev_exec(t + 40, cpu, k);
		for (node = 0; node < topo.nnodes; node++) {
			int l = node_load(node) - (topo.cpu[task[k].rq].node == node);

			if (l < best) {
				best = l;
				n0 = node;
			}
		}
		rq = idlest_rq(n0, k);
		if (rq >= 0 && rq != task[k].rq) {
			ev_migrate(t + 60, cpu, k, cpu, rq, "exec");
			ev_switch(t + 80, cpu, k, -1, 'R');
			task[k].rq = rq;
			enqueue(k);
			curr[cpu] = -1;
		}
	}
}

/* An idle CPU takes the oldest queued task of the busiest runqueue of its
 * node that has one queued. */
static void idle_pull(unsigned long long t, int cpu)
{
	int other, k, busiest = -1, bl = 0, my = topo.cpu[cpu].rq;

	for (other = 0; other < topo.ncpus; other++) {
		if (topo.cpu[other].rq != other || other == my ||
		    topo.cpu[other].node != topo.cpu[cpu].node)
			continue;
		if (first_queued(other) >= 0 && rq_load(other) > bl) {
			bl = rq_load(other);
			busiest = other;
		}
	}
	if (busiest < 0)
		return;
	k = first_queued(busiest);
	ev_migrate(t + 20, cpu, k, task[k].cpu, cpu, "local_balance");
	task[k].rq = my;
}

/* Every NODE_BAL_MS: a CPU of the least loaded node pulls from the busiest. */
static void node_balance(unsigned long long t)
{
	int lo = 0, hi = 0, node, from, to, k, cpu;

	for (node = 1; node < topo.nnodes; node++) {
		if (node_load(node) < node_load(lo))
			lo = node;
		if (node_load(node) > node_load(hi))
			hi = node;
	}
	if (node_load(hi) - node_load(lo) < 2)
		return;
	from = -1;
	for (cpu = 0; cpu < topo.ncpus; cpu++)
		if (topo.cpu[cpu].rq == cpu && topo.cpu[cpu].node == hi &&
		    (from < 0 || rq_load(cpu) > rq_load(from)))
			from = cpu;
	to = idlest_rq(lo, -1);
	if (from < 0 || to < 0)
		return;
	k = first_queued(from);
	if (k >= 0) {
		ev_migrate(t + 30, to, k, task[k].cpu, to, "node_balance");
		task[k].rq = to;
		return;
	}
	/* Nothing queued: push a running task through active balance. */
	for (cpu = 0; cpu < topo.ncpus; cpu++) {
		k = curr[cpu];
		if (k >= 0 && task[k].rq == from) {
			ev_switch(t + 30, cpu, k, -1, 'R');
			curr[cpu] = -1;
			ev_migrate(t + 40, cpu, k, cpu, to, "active_balance");
			task[k].rq = to;
			enqueue(k);
			return;
		}
	}
}

static int forked;

/* The CPU running the shell (task 0), or -1. */
static int sh_cpu(void)
{
	int cpu;

	for (cpu = 0; cpu < topo.ncpus; cpu++)
		if (curr[cpu] == 0)
			return cpu;
	return -1;
}

static void sh_sleep(unsigned long long t, int cpu, long until_ms)
{
	ev_switch(t, cpu, 0, -1, 'S');
	task[0].st = T_SLEEPING;
	task[0].wake_ms = until_ms;
	curr[cpu] = -1;
}

static void tick(long ms, int scenario)
{
	unsigned long long t = (unsigned long long)ms * TICK_US;
	int cpu, k, i;

	/* The shell's script: it forks while it runs, then sleeps. */
	if (sh_cpu() >= 0) {
		int c = sh_cpu(), n = topo.ncpus;

		if (scenario == 0 && forked < n)
			fork_child(t + 100, c, 0, 100 + forked++, "hog", 0, 0, -1);
		else if (scenario == 0 && ms >= 60 && forked < n + n / 2)
			fork_child(t + 100, c, 0, 200 + forked++ - n, "cc", 4, 3, 150);
		else if (scenario == 1 && forked < n)
			fork_child(t + 100, c, 0, 100 + forked++, "job", 30, 0, ms + 60);
		else
			sh_sleep(t + 200, c, scenario == 0 && ms < 60 ? 60 : 1 << 30);
	}
	if (scenario == 0 && ms == 100) {	/* two hogs of the last node exit */
		int n = 0;

		for (k = ntask - 1; k > 0 && n < 2; k--)
			if (!strcmp(task[k].comm, "hog") &&
			    topo.cpu[task[k].rq].node == topo.nnodes - 1) {
				task[k].exit_ms = ms;
				n++;
			}
	}
	for (k = 0; k < ntask; k++)
		if (task[k].st == T_SLEEPING && task[k].wake_ms <= ms) {
			int c = task[k].cpu;

			ev_wakeup(t + 10 + (unsigned)c, c, k, c);
			enqueue(k);
		}
	for (i = 0; i < topo.ncpus; i++) {
		unsigned long long tc = t + 5 * (unsigned)i;

		cpu = i;
		k = curr[cpu];
		if (k >= 0) {
			if (task[k].exit_ms >= 0 && ms >= task[k].exit_ms) {
				ev_exit(tc + 100, cpu, k);
				ev_switch(tc + 120, cpu, k, -1, 'X');
				task[k].st = T_DEAD;
				curr[cpu] = -1;
			} else if (task[k].run_ms && --task[k].left <= 0) {
				task[k].left = task[k].run_ms;
				if (task[k].sleep_ms) {
					ev_switch(tc + 120, cpu, k, -1, 'S');
					task[k].st = T_SLEEPING;
					task[k].wake_ms = ms + task[k].sleep_ms;
					curr[cpu] = -1;
				}
			} else if (--task[k].slice <= 0 &&
				   first_queued(topo.cpu[cpu].rq) >= 0) {
				int next = first_queued(topo.cpu[cpu].rq);

				enqueue(k);
				run(tc + 150, cpu, next);
			} else if (task[k].slice <= 0) {
				task[k].slice = SLICE_MS;
			}
		}
		if (curr[cpu] < 0) {
			if (first_queued(topo.cpu[cpu].rq) < 0)
				idle_pull(tc, cpu);
			if (first_queued(topo.cpu[cpu].rq) >= 0)
				run(tc + 200, cpu, first_queued(topo.cpu[cpu].rq));
		}
	}
	if (ms % NODE_BAL_MS == 0 && topo.nnodes > 1)
		node_balance(t + 500);
}

static int by_time(const void *a, const void *b)
{
	const struct line *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Our dump: each CPU's ring buffer in turn. */
static int by_cpu_time(const void *a, const void *b)
{
	const struct line *x = a, *y = b;

	if (x->cpu != y->cpu)
		return x->cpu - y->cpu;
	return by_time(a, b);
}

static void put(const char *l)
{
	puts(l);
}

int main(int argc, char **argv)
{
	char args[4096], err[256];
	int lost = 0, scenario, i, cpu;
	long ms;

	while (argc > 1 && argv[1][0] == '-') {
		if (!strcmp(argv[1], "--linux"))
			linux_fmt = 1;
		else if (!strcmp(argv[1], "--lost"))
			lost = 1;
		else
			break;
		argv++;
		argc--;
	}
	if (argc != 3) {
		fprintf(stderr, "usage: tracegen [--linux] [--lost] SHAPE hogs|spread\n");
		return 2;
	}
	if (!strcmp(argv[2], "hogs"))
		scenario = 0;
	else if (!strcmp(argv[2], "spread"))
		scenario = 1;
	else {
		fprintf(stderr, "tracegen: unknown scenario '%s' (hogs, spread)\n",
			argv[2]);
		return 2;
	}
	if (shape_lookup("tests/topologies", argv[1], args, sizeof(args), err,
			 sizeof(err)) ||
	    shape_from_args(args, &topo, err, sizeof(err))) {
		fprintf(stderr, "tracegen: %s\n", err);
		return 2;
	}
	if (topo.ncpus * 2 + 1 > MAX_TASKS) {
		fprintf(stderr, "tracegen: %d CPUs: too many for this toy\n", topo.ncpus);
		return 2;
	}
	if (!linux_fmt)		/* our kernel shares a runqueue per core */
		for (cpu = 0; cpu < topo.ncpus; cpu++)
			topo.cpu[cpu].rq = first_cpu(topo.sibling_map[cpu]);
	lines = calloc(MAX_LINES, sizeof(*lines));
	if (!lines)
		return 2;
	for (cpu = 0; cpu < NR_CPUS; cpu++)
		curr[cpu] = -1;
	new_task(1, "sh", 0);
	task[0].st = T_RUNNING;
	task[0].slice = SLICE_MS;
	curr[0] = 0;
	for (ms = 0; ms < END_MS; ms++)
		tick(ms, scenario);

	topo_report(&topo, put);
	if (linux_fmt) {
		qsort(lines, (size_t)nlines, sizeof(*lines), by_time);
		printf("# tracer: nop\n#\n# entries-in-buffer/entries-written: %d/%d"
		       "   #P:%d\n#\n#           TASK-PID     CPU#  |||||  TIMESTAMP"
		       "  FUNCTION\n#              | |         |   |||||     |"
		       "         |\n", nlines, nlines, topo.ncpus);
		if (lost)
			printf("CPU:1 [LOST 17 EVENTS]\n");
	} else {
		qsort(lines, (size_t)nlines, sizeof(*lines), by_cpu_time);
		if (lost)
			printf("trace: lost cpu=1 count=17\n");
	}
	for (i = 0; i < nlines; i++)
		puts(lines[i].text);
	free(lines);
	return fflush(stdout) ? 1 : 0;
}
