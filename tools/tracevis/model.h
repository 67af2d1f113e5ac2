/*
 * model.h - a scheduler trace as tracevis sees it, whatever it was read from.
 *
 * Host-only. The parsers (parse_ours.c, parse_ftrace.c, parse_topo.c) add
 * raw events and topology to a struct trace; model_finish() sorts the events
 * by time and replays them into what the writers draw: task slices per CPU,
 * migrations, instants (wakeup, fork, exec, exit, balance) and the length of
 * every runqueue over time. The writers (json.c, svg.c, page.c) only read.
 *
 * The runqueue-length model (model.c says why):
 *   a task counts on runqueue R from the moment it is queued there (wakeup
 *   with target on R, fork with the child placed on R, switched in on a CPU
 *   of R) until it leaves: switched out in a state other than R (sleeping,
 *   dead), exits, or migrates away (then it counts on the new runqueue). The
 *   running task counts too, as Linux's nr_running does. Idle (pid 0) never
 *   counts. Each task is on at most one runqueue, so a missing or repeated
 *   event cannot drive a count negative or count a task twice.
 */
#ifndef TRACEVIS_MODEL_H
#define TRACEVIS_MODEL_H

#include <stdint.h>
#include <stdio.h>
#include "topology.h"

/* Longest task name kept (Linux's TASK_COMM_LEN is 16; ours is shorter). */
#define TV_COMM_LEN	32
/* Longest migration reason kept (sched_move_name[] in sched/stats.c). */
#define TV_WHY_LEN	24
/* core= given to a CPU no topo: line describes: its own core, after the
 * real ones. */
#define TV_CORE_UNKNOWN	1000
/* Malformed lines quoted in the report; the rest are only counted. */
#define TV_MAX_QUOTED	5

enum tv_ev {
	TV_SWITCH,	/* pid = next (0: idle), a = prev, state = prev_state */
	TV_WAKEUP,	/* pid woken, a = target CPU, b = sync */
	TV_MIGRATE,	/* pid, a = from CPU, b = to CPU, why */
	TV_FORK,	/* pid = parent, a = child, b = CPU the child is queued on */
	TV_EXEC,	/* pid, comm = new name */
	TV_EXIT,	/* pid */
	TV_BALANCE,	/* a = tasks moved, why */
	TV_LOST,	/* a = events the CPU's ring buffer dropped */
	TV_NR_EV
};

extern const char *const tv_ev_name[TV_NR_EV];

/* Task colours: distinguishable on white, text readable on each
 * (tv_palette_text[] says black or white). */
#define TV_PALETTE_N	20
extern const char *const tv_palette[TV_PALETTE_N];
extern const char *const tv_palette_text[TV_PALETTE_N];

struct tv_event {
	uint64_t t;		/* microseconds */
	uint32_t seq;		/* input order: ties keep it */
	int cpu;		/* the CPU that recorded it */
	enum tv_ev ev;
	int pid;
	int a, b;
	char state;		/* switch: prev_state letter */
	char comm[TV_COMM_LEN];	/* exec: the new name; else "" */
	char why[TV_WHY_LEN];	/* migrate/balance reason, or "" */
};

struct tv_task {
	int pid;
	char comm[TV_COMM_LEN];	/* last name seen ("" until one is) */
	int color;		/* index into the palette (svg.c) */
	uint64_t run_us;	/* total time in slices */
	int rq;			/* model: runqueue it counts on, or -1 */
	int cpu;		/* model: CPU running it, or -1 */
	int exited;		/* model: saw its exit */
	int next;		/* hash chain (model.c) */
};

/* The task pid ran on cpu from start to end (microseconds). */
struct tv_slice {
	uint64_t start, end;
	int cpu;
	int task;		/* index into trace.task */
};

/* Runqueue rq holds len tasks from time t until the next sample. */
struct tv_rq_sample {
	uint64_t t;
	int len;
};

struct tv_rq {
	int id;			/* the topo rq= value: lowest CPU it serves */
	cpumask_t cpus;
	int len;		/* current length while replaying */
	int max;
	int n, cap;
	struct tv_rq_sample *s;
};

struct trace {
	const char *source;		/* file name, for messages */
	int format;			/* TV_FMT_* it was read as */

	/* Topology: from topo: lines if any (have_topo), else made up. */
	struct topology topo;
	int have_topo;
	cpumask_t topo_cpus;		/* CPUs a topo: cpu= line described */
	cpumask_t used_cpus;		/* CPUs events name */

	/* Raw events, in input order until model_finish() sorts them. */
	int nev, evcap;
	struct tv_event *ev;

	/* Derived by model_finish(). */
	int ntask, taskcap;
	struct tv_task *task;
	int hash[1024];			/* pid -> first task index, -1 */
	int nslice, slicecap;
	struct tv_slice *slice;
	int nrq;
	struct tv_rq rq[NR_CPUS];
	int lane[NR_CPUS];		/* CPUs in drawing order */
	int nlanes;
	uint64_t t0, t1;		/* first and last event time */
	uint64_t lost[NR_CPUS];		/* events dropped per CPU */

	/* Runs: a file may hold several traces, each starting with its topo:
	 * report (input.c); want_run (1-based, 0 = 1) is the one read. */
	int want_run, runs;		/* runs: the current run's number - 1 */
	int run_topo;			/* the current run had its topo: report */
	int event_runs;			/* runs that had events */
	long run_events;

	/* What was not understood. */
	long lines, malformed, unknown_ev, ignored;
	int nquoted;
	char quoted[TV_MAX_QUOTED][160];
};

enum { TV_FMT_AUTO, TV_FMT_OURS, TV_FMT_FTRACE };

void trace_init(struct trace *tr, const char *source);
void trace_free(struct trace *tr);

/* Append an event (copied). Returns 0, or -1 when out of memory. */
int trace_add(struct trace *tr, const struct tv_event *e);

/* Count a line no parser understood; quote the first few (lineno: text). */
void trace_malformed(struct trace *tr, long lineno, const char *line, const char *why);

/* Find or create the task pid; returns its index, or -1 out of memory. */
int trace_task(struct trace *tr, int pid);

/* The task pid's index, or -1 when the trace never named it. */
int trace_find(const struct trace *tr, int pid);

/* Give pid a name (kept unless a later exec renames it). */
void trace_name(struct trace *tr, int pid, const char *comm, int overwrite);

/* Sort, replay, derive slices, runqueue lengths, lanes. Returns 0 or -1. */
int model_finish(struct trace *tr);

/* Runqueue of a CPU (topo rq=, or the CPU itself). */
int model_rq_of(const struct trace *tr, int cpu);
/* Index into tr->rq of runqueue id, or -1. */
int model_rq_index(const struct trace *tr, int id);

/* Print what was skipped (malformed lines, lost events) to f. */
void model_report(const struct trace *tr, FILE *f);

/* Read one file: topo: lines and events in the given (or detected) format.
 * Returns 0, or -1 with a message on stderr (file unreadable). */
int trace_read_file(struct trace *tr, const char *path, int format);

/* One line of input (modified in place: CR, LF, NUL removed); *format is
 * the file's format so far (TV_FMT_AUTO until a line shows it). */
void trace_feed_line(struct trace *tr, long lineno, char *line, int *format);

/* The per-format line parsers: 1 if the line was theirs, 0 if not. */
int parse_topo_line(struct trace *tr, long lineno, const char *line);
int parse_ours_line(struct trace *tr, long lineno, const char *line);
int parse_ftrace_line(struct trace *tr, long lineno, const char *line);
/* Which format a line looks like: TV_FMT_OURS, TV_FMT_FTRACE or 0. */
int detect_format_line(const char *line);

#endif
