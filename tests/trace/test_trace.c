/*
 * test_trace - host unit tests (TAP) of tracevis: the two parsers, the
 * model (slices, runqueue lengths, lanes, colours) and the writers.
 *
 *   test_trace [DIR]     DIR holds the samples (default tests/trace)
 *
 * Built with AddressSanitizer and UBSan (mk/trace.mk), so the malformed
 * input tests also prove that bad lines do not read or write out of bounds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model.h"
#include "writers.h"

static const char *dir = "tests/trace";
static int test_no, test_failed;

#define CHECK(cond, ...) do {						\
	if (!(cond)) {							\
		printf("# %s:%d: %s: ", __FILE__, __LINE__, #cond);	\
		printf(__VA_ARGS__);					\
		printf("\n");						\
		test_failed = 1;					\
	}								\
} while (0)

#define CHECK_INT(got, want) \
	CHECK((long long)(got) == (long long)(want), "got %lld, want %lld", \
	      (long long)(got), (long long)(want))
#define CHECK_STR(got, want) \
	CHECK(!strcmp((got), (want)), "got \"%s\", want \"%s\"", (got), (want))

static void run(const char *name, void (*fn)(void))
{
	test_failed = 0;
	fn();
	printf("%sok %d %s\n", test_failed ? "not " : "", ++test_no, name);
	fflush(stdout);
}

/* Feed text (lines separated by \n) to a fresh trace; finish it. */
static void load_text(struct trace *tr, const char *text, int format)
{
	char *copy = strdup(text), *line, *save = NULL;
	long n = 0;

	trace_init(tr, "text");
	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		trace_feed_line(tr, ++n, line, &format);
	free(copy);
	CHECK_INT(model_finish(tr), 0);
}

static void load_sample(struct trace *tr, const char *name)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	trace_init(tr, name);
	CHECK_INT(trace_read_file(tr, path, TV_FMT_AUTO), 0);
	CHECK_INT(model_finish(tr), 0);
}

static int task_of(struct trace *tr, int pid)
{
	int i;

	for (i = 0; i < tr->ntask; i++)
		if (tr->task[i].pid == pid)
			return i;
	return -1;
}

/* The slice of pid on cpu starting at start, or NULL. */
static const struct tv_slice *slice_at(struct trace *tr, int pid, int cpu,
				       uint64_t start)
{
	int i;

	for (i = 0; i < tr->nslice; i++)
		if (tr->task[tr->slice[i].task].pid == pid &&
		    tr->slice[i].cpu == cpu && tr->slice[i].start == start)
			return &tr->slice[i];
	return NULL;
}

static void check_slice(struct trace *tr, int pid, int cpu, uint64_t s, uint64_t e)
{
	const struct tv_slice *sl = slice_at(tr, pid, cpu, s);

	CHECK(sl != NULL, "no slice of pid %d on cpu%d at %llu", pid, cpu,
	      (unsigned long long)s);
	if (sl)
		CHECK_INT(sl->end, e);
}

/* rq's length at time t (the last sample at or before t). */
static int rq_len_at(struct trace *tr, int id, uint64_t t)
{
	int r = model_rq_index(tr, id), i, len = -1;

	if (r < 0)
		return -2;
	for (i = 0; i < tr->rq[r].n && tr->rq[r].s[i].t <= t; i++)
		len = tr->rq[r].s[i].len;
	return len;
}

/* ---- our format --------------------------------------------------------- */

/* The sample dump: topology, names, slices, runqueue lengths, lost events. */
static void ours_sample(void)
{
	struct trace tr;

	load_sample(&tr, "ours-small.txt");
	CHECK_INT(tr.format, TV_FMT_OURS);
	CHECK_INT(tr.have_topo, 1);
	CHECK_INT(tr.nlanes, 4);
	CHECK_INT(tr.nrq, 2);
	CHECK_INT(tr.nev, 13);
	CHECK_INT(tr.malformed, 0);
	CHECK_INT(tr.t0, 1000);
	CHECK_INT(tr.t1, 9100);
	CHECK_INT(tr.lost[3], 4);
	CHECK_STR(tr.task[task_of(&tr, 5)].comm, "hog");	/* exec renamed it */
	CHECK_STR(tr.task[task_of(&tr, 1)].comm, "init");
	CHECK_INT(tr.nslice, 4);
	check_slice(&tr, 1, 0, 1000, 1100);	/* ran since the trace began */
	check_slice(&tr, 5, 0, 1100, 1400);
	check_slice(&tr, 1, 0, 3100, 6000);
	check_slice(&tr, 5, 2, 1500, 9100);
	CHECK_INT(tr.task[task_of(&tr, 5)].run_us, 300 + 7600);
	/* rq0: the forked child, gone at the exec move; init woken, asleep. */
	CHECK_INT(rq_len_at(&tr, 0, 1000), 1);
	CHECK_INT(rq_len_at(&tr, 0, 1300), 0);
	CHECK_INT(rq_len_at(&tr, 0, 3000), 1);
	CHECK_INT(rq_len_at(&tr, 0, 6000), 0);
	CHECK_INT(rq_len_at(&tr, 2, 1300), 1);
	CHECK_INT(rq_len_at(&tr, 2, 9050), 1);	/* exited, still switching out */
	CHECK_INT(rq_len_at(&tr, 2, 9100), 0);
	CHECK(cpus_equal(tr.rq[model_rq_index(&tr, 0)].cpus, cpus_below(2)),
	      "rq 0 cpus %d", cpus_weight(tr.rq[model_rq_index(&tr, 0)].cpus));
	trace_free(&tr);
}

/* Every event's keys, one line each. */
static void ours_keys(void)
{
	struct trace tr;
	const struct tv_event *e;

	load_text(&tr,
		  "trace: t=10 cpu=1 ev=switch pid=7 prev=3 prev_state=D comm=a\n"
		  "trace: t=20 cpu=1 ev=wakeup pid=3 target=2 sync=1\n"
		  "trace: t=30 cpu=2 ev=migrate pid=7 from=1 to=2 why=node_balance\n"
		  "trace: t=40 cpu=2 ev=fork pid=7 child=8 target=3 child_comm=kid\n"
		  "trace: t=50 cpu=3 ev=exec pid=8 comm=prog\n"
		  "trace: t=60 cpu=3 ev=exit pid=8\n"
		  "trace: t=70 cpu=0 ev=balance pid=0 moved=2 why=local_balance busiest=3\n"
		  "trace: lost cpu=2 count=9 t=75\n"
		  "trace: t=80 cpu=1 ev=switch pid=0 prev=7\n", TV_FMT_AUTO);
	CHECK_INT(tr.nev, 9);
	CHECK_INT(tr.malformed, 0);
	if (tr.nev != 9) {
		trace_free(&tr);
		return;
	}
	e = &tr.ev[0];
	CHECK(e->ev == TV_SWITCH && e->pid == 7 && e->a == 3 && e->state == 'D' &&
	      e->cpu == 1 && e->t == 10, "switch");
	e = &tr.ev[1];
	CHECK(e->ev == TV_WAKEUP && e->pid == 3 && e->a == 2 && e->b == 1, "wakeup");
	e = &tr.ev[2];
	CHECK(e->ev == TV_MIGRATE && e->a == 1 && e->b == 2 &&
	      !strcmp(e->why, "node_balance"), "migrate");
	e = &tr.ev[3];
	CHECK(e->ev == TV_FORK && e->pid == 7 && e->a == 8 && e->b == 3, "fork");
	e = &tr.ev[4];
	CHECK(e->ev == TV_EXEC && e->pid == 8 && !strcmp(e->comm, "prog"), "exec");
	CHECK(tr.ev[5].ev == TV_EXIT && tr.ev[5].pid == 8, "exit");
	e = &tr.ev[6];
	CHECK(e->ev == TV_BALANCE && e->a == 2 && !strcmp(e->why, "local_balance"),
	      "balance");
	CHECK(tr.ev[7].ev == TV_LOST && tr.ev[7].a == 9 && tr.ev[7].cpu == 2, "lost");
	CHECK(tr.ev[8].state == 'R', "no prev_state means R, got %c", tr.ev[8].state);
	CHECK_STR(tr.task[task_of(&tr, 7)].comm, "a");
	CHECK_STR(tr.task[task_of(&tr, 8)].comm, "prog");
	trace_free(&tr);
}

/* Bad lines are counted and skipped; unknown keys and kinds are not errors. */
_Static_assert(NR_CPUS == 256, "the bad CPU numbers below are NR_CPUS");

static void ours_malformed(void)
{
	static const char *const bad[] = {
		"trace: t=10 cpu=1 ev=switch pid=7",		/* no prev= */
		"trace: t=x cpu=1 ev=exit pid=7",
		"trace: t=10 cpu=256 ev=exit pid=7",		/* cpu >= NR_CPUS */
		"trace: t=10 cpu=-1 ev=exit pid=7",
		"trace: t=99999999999999999999999 cpu=1 ev=exit pid=7",
		"trace: t=10 cpu=1 ev=exit",
		"trace: t=10 cpu=1 pid=4",
		"trace: t=10 cpu=1 ev=wakeup pid=3 target=999",
		"trace: t=10 cpu=1 ev=migrate pid=3 from=1 to=2",	/* no why */
		"trace: t=10 cpu=1 ev=exec pid=3 comm=",
		"trace: t=10 cpu=1 ev=exit pid=3 garbage",
		"trace: lost cpu=1",
		"trace: t= cpu= ev= pid=",
		"trace:",
	};
	struct trace tr;
	char buf[4096];
	size_t i;

	buf[0] = '\0';
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		strcat(buf, bad[i]);
		strcat(buf, "\n");
	}
	strcat(buf, "trace: t=5 cpu=0 ev=teleport pid=1\n"	/* unknown ev */
		    "trace: t=6 cpu=0 ev=exit pid=1 new_key=1 another=x\n"
		    "cputrace: t=6 cpu=0 ev=exit pid=1\n"	/* not ours */
		    "random words\n");
	load_text(&tr, buf, TV_FMT_OURS);
	CHECK_INT(tr.malformed, (long)(sizeof(bad) / sizeof(bad[0])));
	CHECK_INT(tr.unknown_ev, 1);
	CHECK_INT(tr.nev, 1);
	CHECK_INT(tr.nquoted, TV_MAX_QUOTED);
	trace_free(&tr);
}

/* The kernel dumps one CPU's buffer after another: time order is rebuilt. */
static void ours_per_cpu_order(void)
{
	struct trace tr;

	load_text(&tr,
		  "trace: t=100 cpu=0 ev=switch pid=4 prev=0\n"
		  "trace: t=300 cpu=0 ev=switch pid=0 prev=4 prev_state=S\n"
		  "trace: t=150 cpu=1 ev=wakeup pid=9 target=1\n"
		  "trace: t=200 cpu=1 ev=switch pid=9 prev=0\n"
		  "trace: t=400 cpu=1 ev=switch pid=0 prev=9 prev_state=S\n",
		  TV_FMT_AUTO);
	CHECK_INT(tr.nslice, 2);
	check_slice(&tr, 4, 0, 100, 300);
	check_slice(&tr, 9, 1, 200, 400);
	CHECK_INT(rq_len_at(&tr, 1, 150), 1);
	CHECK_INT(rq_len_at(&tr, 1, 400), 0);
	trace_free(&tr);
}

/* A task switched in elsewhere while its slice is open (events lost): the
 * old slice ends there, no task runs twice at once. */
static void model_lost_switch_out(void)
{
	struct trace tr;

	load_text(&tr,
		  "trace: t=100 cpu=0 ev=switch pid=4 prev=0\n"
		  "trace: t=200 cpu=1 ev=switch pid=4 prev=0\n"
		  "trace: t=300 cpu=1 ev=switch pid=0 prev=4 prev_state=S\n"
		  "trace: t=350 cpu=0 ev=switch pid=5 prev=4\n",
		  TV_FMT_AUTO);
	check_slice(&tr, 4, 0, 100, 200);
	check_slice(&tr, 4, 1, 200, 300);
	CHECK(slice_at(&tr, 5, 0, 350) == NULL, "zero-length slice at the end");
	CHECK_INT(tr.nslice, 2);
	trace_free(&tr);
}

/* Runqueue lengths: queued and running both count, a task never twice. */
static void model_rq_length(void)
{
	struct trace tr;

	load_text(&tr,
		  "topo: cpu=0 apic=0 package=0 core=0 thread=0 node=0 siblings=0-1 core_siblings=0-1 rq=0\n"
		  "topo: cpu=1 apic=1 package=0 core=0 thread=1 node=0 siblings=0-1 core_siblings=0-1 rq=0\n"
		  "topo: cpu=2 apic=2 package=1 core=0 thread=0 node=1 siblings=2 core_siblings=2 rq=2\n"
		  "trace: t=10 cpu=0 ev=wakeup pid=1 target=0\n"
		  "trace: t=20 cpu=0 ev=wakeup pid=2 target=1\n"
		  "trace: t=25 cpu=0 ev=wakeup pid=2 target=1\n"	/* again: no change */
		  "trace: t=30 cpu=0 ev=switch pid=1 prev=0\n"
		  "trace: t=40 cpu=1 ev=switch pid=2 prev=0\n"
		  "trace: t=50 cpu=0 ev=fork pid=1 child=3 target=0\n"
		  "trace: t=60 cpu=2 ev=migrate pid=3 from=0 to=2 why=node_balance\n"
		  "trace: t=70 cpu=0 ev=switch pid=0 prev=1 prev_state=S\n"
		  "trace: t=80 cpu=2 ev=migrate pid=1 from=0 to=2 why=local_balance\n"
		  "trace: t=90 cpu=1 ev=exit pid=2\n"
		  "trace: t=95 cpu=1 ev=switch pid=0 prev=2 prev_state=X\n",
		  TV_FMT_AUTO);
	CHECK_INT(rq_len_at(&tr, 0, 10), 1);
	CHECK_INT(rq_len_at(&tr, 0, 25), 2);
	CHECK_INT(rq_len_at(&tr, 0, 40), 2);	/* both running */
	CHECK_INT(rq_len_at(&tr, 0, 50), 3);
	CHECK_INT(rq_len_at(&tr, 0, 60), 2);
	CHECK_INT(rq_len_at(&tr, 2, 60), 1);
	CHECK_INT(rq_len_at(&tr, 0, 70), 1);	/* 1 slept */
	CHECK_INT(rq_len_at(&tr, 2, 80), 1);	/* a sleeper's move queues nothing */
	CHECK_INT(rq_len_at(&tr, 0, 90), 1);	/* exiting, still on the CPU */
	CHECK_INT(rq_len_at(&tr, 0, 95), 0);
	CHECK_INT(tr.rq[model_rq_index(&tr, 0)].max, 3);
	trace_free(&tr);
}

/* Several traces in one file (the simulator's one per shape): the chosen
 * one is read; a report after a run's events without one is that run's. */
static void runs_in_one_file(void)
{
	static const char *const text =
		"trace: t=1 cpu=0 ev=switch pid=4 prev=0\n"
		"trace: t=9 cpu=0 ev=switch pid=0 prev=4\n"
		"topo: cpus=2 packages=1 cores=1 threads_per_core=2 nodes=1 runqueues=1\n"
		"topo: cpu=0 apic=0 package=0 core=0 thread=0 node=0 siblings=0-1 core_siblings=0-1 rq=0\n"
		"topo: cpu=1 apic=1 package=0 core=0 thread=1 node=0 siblings=0-1 core_siblings=0-1 rq=0\n"
		"topo: cpus=1 packages=1 cores=1 threads_per_core=1 nodes=1 runqueues=1\n"
		"topo: cpu=0 apic=0 package=0 core=0 thread=0 node=0 siblings=0 core_siblings=0 rq=0\n"
		"trace: t=100 cpu=0 ev=switch pid=7 prev=0\n"
		"trace: t=200 cpu=0 ev=switch pid=8 prev=7\n"
		"trace: t=300 cpu=0 ev=switch pid=0 prev=8\n";
	struct trace tr;
	char *copy, *line, *save = NULL;
	int run, fmt;

	for (run = 1; run <= 3; run++) {
		copy = strdup(text);
		trace_init(&tr, "runs");
		tr.want_run = run;
		fmt = TV_FMT_AUTO;
		for (line = strtok_r(copy, "\n", &save); line;
		     line = strtok_r(NULL, "\n", &save))
			trace_feed_line(&tr, 1, line, &fmt);
		free(copy);
		CHECK_INT(model_finish(&tr), 0);
		CHECK_INT(tr.event_runs, 2);
		CHECK_INT(tr.nev, run == 1 ? 2 : run == 2 ? 3 : 0);
		CHECK_INT(tr.nlanes, run == 1 ? 2 : run == 2 ? 1 : 0);
		CHECK_INT(tr.have_topo, run < 3);
		trace_free(&tr);
	}
}

/* ---- ftrace ------------------------------------------------------------- */

static void ftrace_sample(void)
{
	struct trace tr;
	const uint64_t b = 100000000;	/* 100 s in microseconds */

	load_sample(&tr, "ftrace-small.txt");
	CHECK_INT(tr.format, TV_FMT_FTRACE);
	CHECK_INT(tr.nlanes, 2);
	CHECK_INT(tr.nrq, 2);
	CHECK_INT(tr.nev, 14);		/* 13 sched events and the LOST line */
	CHECK_INT(tr.malformed, 1);	/* prev_pid=abc */
	CHECK_INT(tr.ignored, 1);	/* irq_handler_entry */
	CHECK_INT(tr.lost[1], 5);
	CHECK_INT(tr.t0, b + 100);
	CHECK_STR(tr.task[task_of(&tr, 300)].comm, "Web Content");
	CHECK_STR(tr.task[task_of(&tr, 301)].comm, "worker");
	check_slice(&tr, 300, 0, b + 100, b + 1600);
	check_slice(&tr, 301, 1, b + 700, b + 1000);
	check_slice(&tr, 301, 0, b + 1600, b + 4000);
	check_slice(&tr, 300, 1, b + 1800, b + 2600);	/* the tgid column */
	CHECK_INT(tr.nslice, 4);
	/* R+ (preempted) keeps 300 queued on rq0 until it moves to rq1. */
	CHECK_INT(rq_len_at(&tr, 0, b + 1650), 2);
	CHECK_INT(rq_len_at(&tr, 0, b + 1700), 1);
	CHECK_INT(rq_len_at(&tr, 1, b + 1700), 1);
	CHECK_INT(rq_len_at(&tr, 1, b + 2600), 0);
	trace_free(&tr);
}

static void ftrace_fields(void)
{
	struct trace tr;

	load_text(&tr,
		  "  a b-c-12     [003] d..2.  5.5: sched_switch: prev_comm=a b-c prev_pid=12 "
		  "prev_prio=120 prev_state=S|D ==> next_comm=x ==> y next_pid=13 next_prio=100\n"
		  "  x-13 [003] .... 5.000007: sched_migrate_task: comm=x pid=13 prio=1 "
		  "orig_cpu=3 dest_cpu=63\n"
		  "  x-13 [063] .... 5.000008: sched_process_fork: comm=x pid=13 "
		  "child_comm=k id child_pid=14\n"
		  "  x-13 [063] .... 5.000009: sched_process_exec: filename=noslash pid=13 old_pid=13\n"
		  "  x-13 [063] .... 5.000009: sched_wakeup: comm=x pid=13 prio=1 target_cpu=0256\n"
		  "  x-13 [063] .... 5.000009: sched_process_exit: comm=x pid=13\n",
		  TV_FMT_FTRACE);
	CHECK_INT(tr.malformed, 1);	/* target_cpu 256 >= NR_CPUS */
	CHECK_INT(tr.nev, 5);
	if (tr.nev == 5) {	/* sorted by time: the switch (5.5 s) is last */
		CHECK(tr.ev[4].t == 5500000 && tr.ev[4].pid == 13 && tr.ev[4].a == 12 &&
		      tr.ev[4].state == 'S' && tr.ev[4].cpu == 3, "switch");
		CHECK(tr.ev[0].ev == TV_MIGRATE && tr.ev[0].b == 63 && tr.ev[0].t == 5000007,
		      "migrate");
		CHECK(tr.ev[1].ev == TV_FORK && tr.ev[1].a == 14, "fork");
		CHECK_STR(tr.ev[2].comm, "noslash");
		CHECK(tr.ev[3].ev == TV_EXIT, "exit");
	}
	CHECK_STR(tr.task[task_of(&tr, 12)].comm, "a b-c");
	CHECK_STR(tr.task[task_of(&tr, 14)].comm, "k id");
	CHECK_INT(tr.have_topo, 0);
	CHECK_INT(tr.nlanes, 2);		/* CPUs 3 and 63, ungrouped */
	trace_free(&tr);
	/* A CPU only named as a destination still gets a lane and a queue. */
	load_text(&tr, "trace: t=1 cpu=0 ev=wakeup pid=4 target=0\n"
		  "trace: t=2 cpu=0 ev=migrate pid=4 from=0 to=9 why=x\n", TV_FMT_AUTO);
	CHECK_INT(tr.nlanes, 2);
	CHECK_INT(rq_len_at(&tr, 9, 2), 1);
	trace_free(&tr);
}

static void detect(void)
{
	struct trace tr;
	char serial[] = "\x1b[0m\x1b[30;47mtrace: t=7 cpu=0 ev=exit pid=1\r\n";
	int fmt = TV_FMT_AUTO;

	CHECK_INT(detect_format_line("trace: t=1 cpu=0 ev=exit pid=1"), TV_FMT_OURS);
	CHECK_INT(detect_format_line("$ trace: lost cpu=1 count=2"), TV_FMT_OURS);
	trace_init(&tr, "serial");
	trace_feed_line(&tr, 1, serial, &fmt);	/* escapes and CR stripped */
	CHECK_INT(fmt, TV_FMT_OURS);
	CHECK_INT(tr.nev, 1);
	CHECK_INT(tr.malformed, 0);
	trace_free(&tr);
	CHECK_INT(detect_format_line("  sh-1 [000] d..2. 1.000001: sched_switch: x"),
		  TV_FMT_FTRACE);
	CHECK_INT(detect_format_line("topo: cpu=0 rq=0"), 0);
	CHECK_INT(detect_format_line("# tracer: nop"), 0);
	CHECK_INT(detect_format_line("mytrace: t=1 cpu=0 ev=exit pid=1"), 0);
}

/* ---- lanes and colours -------------------------------------------------- */

/* Lanes go node -> core -> thread, whatever the CPU numbering. */
static void lanes_split_nodes(void)
{
	struct trace tr;
	static const int want[8] = { 0, 1, 4, 5, 2, 3, 6, 7 };
	char buf[2048] = "";
	int cpu, i;

	/* 2n-split: node 0 has CPUs 0-1 and 4-5. */
	for (cpu = 0; cpu < 8; cpu++) {
		char l[160];

		snprintf(l, sizeof(l), "topo: cpu=%d apic=%d package=%d core=%d "
			 "thread=%d node=%d siblings=x core_siblings=x rq=%d\n", cpu, cpu,
			 cpu / 4, (cpu / 2) % 2, cpu % 2, (cpu / 2) % 2, cpu & ~1);
		strcat(buf, l);
	}
	strcat(buf, "trace: t=1 cpu=7 ev=exit pid=3\n");
	load_text(&tr, buf, TV_FMT_AUTO);
	CHECK_INT(tr.nlanes, 8);
	for (i = 0; i < 8 && i < tr.nlanes; i++)
		CHECK(tr.lane[i] == want[i], "lane %d is cpu%d, want cpu%d", i,
		      tr.lane[i], want[i]);
	CHECK_INT(tr.nrq, 4);
	trace_free(&tr);
}

/* Up to TV_PALETTE_N tasks get distinct colours, the same every time. */
static void colors_distinct_stable(void)
{
	struct trace a, b;
	char buf[4096] = "";
	int i, j;

	for (i = 0; i < TV_PALETTE_N; i++) {
		char l[128];

		snprintf(l, sizeof(l), "trace: t=%d cpu=%d ev=switch pid=%d prev=0\n",
			 10 + i, i % 4, 100 + 7 * i);
		strcat(buf, l);
	}
	strcat(buf, "trace: t=1000 cpu=0 ev=exit pid=1\n");
	load_text(&a, buf, TV_FMT_AUTO);
	load_text(&b, buf, TV_FMT_AUTO);
	for (i = 0; i < a.ntask; i++) {
		if (!a.task[i].run_us)
			continue;
		for (j = i + 1; j < a.ntask; j++)
			if (a.task[j].run_us)
				CHECK(a.task[i].color != a.task[j].color,
				      "pids %d and %d share colour %d", a.task[i].pid,
				      a.task[j].pid, a.task[i].color);
		CHECK_INT(a.task[i].color, b.task[task_of(&b, a.task[i].pid)].color);
	}
	trace_free(&a);
	trace_free(&b);
}

/* ---- writers ------------------------------------------------------------ */

static double win_from, win_to;	/* the window capture() draws */

static char *capture(const struct trace *tr, int what)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct svg_opts o = { .title = "t<&>", .id = "x", .from_ms = win_from,
			      .to_ms = win_to };

	if (what == 0)
		write_json(tr, f);
	else if (what == 1)
		write_svg(tr, f, &o);
	else
		write_page(tr, "left & one", tr, "right", "page", &o, f);
	fclose(f);
	return buf;
}

static int count(const char *s, const char *needle)
{
	int n = 0;

	while ((s = strstr(s, needle))) {
		n++;
		s += strlen(needle);
	}
	return n;
}

static void json_writer(void)
{
	struct trace tr;
	char *j;

	load_sample(&tr, "ours-small.txt");
	j = capture(&tr, 0);
	CHECK(!strncmp(j, "{\"displayTimeUnit\"", 18), "starts %.20s", j);
	CHECK_INT(count(j, "\"ph\":\"X\""), tr.nslice);
	CHECK_INT(count(j, "\"ph\":\"s\""), 1);	/* one migration: one flow */
	CHECK_INT(count(j, "\"ph\":\"f\""), 1);
	CHECK_INT(count(j, "\"cat\":\"wakeup\""), 1);
	CHECK(strstr(j, "{\"name\":\"thread_name\",\"ph\":\"M\",\"ts\":0,\"pid\":2,\"tid\":4,"
		      "\"args\":{\"name\":\"cpu3 (core 0, thread 1)\"}}") != NULL,
	      "thread name of cpu3");
	CHECK(strstr(j, "\"args\":{\"name\":\"node 1\"}") != NULL, "node 1 named");
	CHECK(strstr(j, "\"name\":\"rq2 length\"") != NULL, "rq counter");
	CHECK(strstr(j, "\n]}\n") != NULL, "closed");
	free(j);
	j = capture(&tr, 1);
	CHECK(strstr(j, "cpu3 lost 4 events") != NULL, "lost events said in the SVG");
	free(j);
	trace_free(&tr);
}

static void svg_writer(void)
{
	struct trace tr;
	char *s, *p;

	load_text(&tr,
		  "topo: cpu=0 apic=0 package=0 core=0 thread=0 node=0 siblings=0 core_siblings=0 rq=0\n"
		  "topo: cpu=1 apic=1 package=1 core=0 thread=0 node=1 siblings=1 core_siblings=1 rq=1\n"
		  "trace: t=0 cpu=0 ev=switch pid=5 prev=0 comm=<b&d>\n"
		  "trace: t=500 cpu=1 ev=migrate pid=6 from=0 to=1 why=node_balance\n"
		  "trace: t=600 cpu=0 ev=migrate pid=6 from=1 to=0 why=x\n"
		  "trace: t=1000 cpu=0 ev=switch pid=0 prev=5\n", TV_FMT_AUTO);
	s = capture(&tr, 1);
	CHECK(!strncmp(s, "<?xml", 5), "xml declaration");
	CHECK_INT(count(s, "class=\"slice\""), 1);
	CHECK_INT(count(s, "class=\"lane\""), 2);
	CHECK_INT(count(s, "class=\"move-node\""), 2);	/* both cross nodes */
	CHECK_INT(count(s, "class=\"rqlen\""), 2);
	CHECK(strstr(s, "&lt;b&amp;d&gt;") != NULL, "comm escaped");
	CHECK(strstr(s, "<b&d>") == NULL, "no raw comm");
	CHECK(strstr(s, "t&lt;&amp;&gt;") != NULL, "title escaped");
	CHECK(strstr(s, "url(#xahx)") != NULL, "marker ids carry the prefix");
	CHECK(strstr(s, "</svg>\n") != NULL, "closed");
	free(s);
	p = capture(&tr, 2);
	CHECK(!strncmp(p, "<!DOCTYPE html>", 15), "doctype");
	CHECK_INT(count(p, "<svg "), 2);
	CHECK_INT(count(p, "<?xml"), 0);
	CHECK(strstr(p, "url(#leftah") || strstr(p, "url(#leftahx"), "left ids");
	CHECK(strstr(p, "url(#rightahx)") != NULL, "right ids");
	CHECK(strstr(p, "left &amp; one") != NULL, "page title escaped");
	CHECK(strstr(p, "http") == NULL || !strstr(p, "src="), "nothing fetched");
	CHECK_INT(count(p, "src="), 0);
	CHECK_INT(count(p, "href="), 0);
	free(p);
	trace_free(&tr);
}

/* --from/--to: only what is in the window is drawn; nonsense is clamped. */
static void svg_window(void)
{
	struct trace tr;
	char *s;

	load_text(&tr,
		  "trace: t=0 cpu=0 ev=switch pid=5 prev=0\n"
		  "trace: t=1000 cpu=0 ev=switch pid=6 prev=5\n"
		  "trace: t=1500 cpu=1 ev=migrate pid=7 from=0 to=1 why=x\n"
		  "trace: t=3000 cpu=0 ev=switch pid=0 prev=6\n", TV_FMT_AUTO);
	win_from = 1.2;
	win_to = 2.5;
	s = capture(&tr, 1);
	CHECK_INT(count(s, "class=\"slice\""), 1);		/* only pid 6 */
	CHECK_INT(count(s, "class=\"move-local\""), 1);
	CHECK(strstr(s, "showing 1.200-2.500 ms") != NULL, "window said");
	free(s);
	win_from = 2.0;
	win_to = 2.9;
	s = capture(&tr, 1);
	CHECK_INT(count(s, "class=\"move-local\""), 0);	/* before the window */
	free(s);
	win_from = 1e300;
	win_to = -5;
	s = capture(&tr, 1);
	CHECK(strstr(s, "</svg>") != NULL, "drawn");
	CHECK_INT(count(s, "class=\"slice\""), 0);
	free(s);
	win_from = win_to = 0;
	trace_free(&tr);
}

/* A page puts both timelines on the longer one's scale, side by side. */
static void page_same_scale(void)
{
	struct trace a, b;
	char *buf = NULL, *second;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct svg_opts o = { 0 };

	load_text(&a, "trace: t=0 cpu=0 ev=switch pid=5 prev=0\n"
		  "trace: t=2000 cpu=0 ev=switch pid=0 prev=5\n", TV_FMT_AUTO);
	load_text(&b, "trace: t=0 cpu=0 ev=switch pid=5 prev=0\n"
		  "trace: t=1000 cpu=0 ev=switch pid=0 prev=5\n", TV_FMT_AUTO);
	write_page(&a, "a", &b, "b", "page", &o, f);
	fclose(f);
	second = strstr(buf, "<section id=\"right\"");
	CHECK(second != NULL, "right section");
	/* Each 920 px wide by default, two in one flex row: the plot runs
	 * from x=160 to 900, so 1 ms of 2 is 370 px wide on both sides. */
	CHECK_INT(count(buf, "style=\"flex: 1 1 920px\""), 2);
	CHECK(strstr(buf, "<div class=\"pair\">") != NULL, "the row");
	CHECK(strstr(buf, "x=\"160.00\" y=\"66\" width=\"740.00\"") != NULL,
	      "left bar spans the plot");
	CHECK(second && strstr(second, "x=\"160.00\" y=\"66\" width=\"370.00\"") != NULL,
	      "right bar spans half");
	free(buf);
	trace_free(&a);
	trace_free(&b);
}

/* ---- robustness --------------------------------------------------------- */

/* Mangled copies of the sample lines (bytes flipped, cut, duplicated)
 * parse without a crash under the sanitizers. */
static void mangled_lines(void)
{
	static const char *const seed[] = {
		"trace: t=1100 cpu=0 ev=switch pid=5 prev=1 prev_state=S comm=sh",
		"trace: t=1300 cpu=0 ev=migrate pid=5 from=0 to=2 why=exec",
		"trace: lost cpu=3 count=4",
		"topo: cpu=3 apic=3 package=1 core=0 thread=1 node=1 siblings=2-3 core_siblings=2-3 rq=2",
		"  a-12 (  12) [003] d..2.  5.5: sched_switch: prev_comm=a prev_pid=12 "
		"prev_prio=120 prev_state=S ==> next_comm=x next_pid=13 next_prio=100",
		"  x-13 [003] .... 5.000007: sched_migrate_task: comm=x pid=13 prio=1 "
		"orig_cpu=3 dest_cpu=6",
		"CPU:1 [LOST 5 EVENTS]",
	};
	unsigned rng = 12345;
	int iter, fmt;
	struct trace tr;

	trace_init(&tr, "mangled");
	for (iter = 0; iter < 20000; iter++) {
		char line[512];
		const char *s = seed[iter % 7];
		size_t len = strlen(s), k;
		int edits;

		memcpy(line, s, len + 1);
		for (edits = 0; edits < 1 + iter % 4; edits++) {
			rng = rng * 1103515245 + 12345;
			k = (rng >> 8) % (len ? len : 1);
			switch ((rng >> 20) % 4) {
			case 0:
				line[k] = (char)(rng >> 3);
				break;
			case 1:
				line[k] = '\0';
				break;
			case 2:
				line[k] = "= []-:.9"[(rng >> 4) % 8];
				break;
			default:
				line[k] = ' ';
				break;
			}
		}
		fmt = iter % 2 ? TV_FMT_OURS : TV_FMT_FTRACE;
		trace_feed_line(&tr, iter + 1, line, &fmt);
	}
	CHECK_INT(model_finish(&tr), 0);
	CHECK(tr.malformed > 0, "some lines should be malformed");
	{
		char *s = capture(&tr, 1), *j = capture(&tr, 0);

		CHECK(strstr(s, "</svg>") != NULL, "svg written");
		CHECK(strstr(j, "]}") != NULL, "json written");
		free(s);
		free(j);
	}
	trace_free(&tr);
}

int main(int argc, char **argv)
{
	if (argc > 1)
		dir = argv[1];
	run("ours_sample", ours_sample);
	run("ours_keys", ours_keys);
	run("ours_malformed", ours_malformed);
	run("ours_per_cpu_order", ours_per_cpu_order);
	run("model_lost_switch_out", model_lost_switch_out);
	run("model_rq_length", model_rq_length);
	run("runs_in_one_file", runs_in_one_file);
	run("ftrace_sample", ftrace_sample);
	run("ftrace_fields", ftrace_fields);
	run("detect", detect);
	run("lanes_split_nodes", lanes_split_nodes);
	run("colors_distinct_stable", colors_distinct_stable);
	run("json_writer", json_writer);
	run("svg_writer", svg_writer);
	run("svg_window", svg_window);
	run("page_same_scale", page_same_scale);
	run("mangled_lines", mangled_lines);
	printf("1..%d\n", test_no);
	return 0;
}
