/*
 * sim.h - the scheduler simulator (in the spirit of LinSched): scenarios,
 * simulated tasks and the machine that runs the unchanged scheduler.
 *
 *   scenario.c  reads a scenario file (tests/sched/NAME.scn)
 *   engine.c    the tick loop, the task models and the cost model
 *   report.c    per-task and per-CPU numbers, the `stat:` lines
 *   expect.c    the scenario's assertions, as TAP lines
 *   count.c     what the scheduler's code does, counted (count.h)
 *   main.c      the command line
 *
 * Everything is deterministic: CPUs are stepped in a fixed order, IPIs are
 * flags delivered at the target's next step, random numbers come from a
 * seeded generator.
 */
#ifndef SCHED_SIM_SIM_H
#define SCHED_SIM_SIM_H

#include <stdio.h>
#include "runqueue.h"
#include "arch.h"
#include "count.h"

#define SIM_MAX_TASKS		4096
#define SIM_MAX_TMPL		64
#define SIM_MAX_EXPECT		64
#define SIM_MAX_TOPOS		32
#define SIM_NAME		48

/* What a simulated task does when it has the CPU. */
enum sim_model {
	MODEL_HOG,		/* runs until its work is done (or forever) */
	MODEL_SLEEPER,		/* runs `run` ms, sleeps `sleep` ms, repeats */
	MODEL_FORKER,		/* forks `children` of template `child` */
	MODEL_PIPE,		/* ping-pong with `partner` through sync wakeups */
};

/* count= and children= may be per CPU or per core of the shape. */
enum { SIM_PER_ONE, SIM_PER_CPU, SIM_PER_CORE };

/* A `task` or `template` line: how to make one or more tasks. */
struct sim_tmpl {
	char name[SIM_NAME];
	int is_template;	/* made only by forkers */
	enum sim_model model;
	int count;		/* tasks of this line (task lines) */
	int count_unit;		/* count=NxCPUS or NxCORES: SIM_PER_* */
	int count_div;		/* count=N/DxCPUS: divided by D (1 otherwise) */
	int children_unit;	/* children=NxCPUS or NxCORES */
	int cpu;		/* CPU that creates them */
	unsigned long at;	/* tick they are created */
	int nice;
	int policy, rtprio;
	cpumask_t allowed;	/* empty: every CPU */
	long run, sleep, jitter; /* sleeper, ms */
	long work;		/* exit after this much CPU time, ms (0 never) */
	long pause;		/* sleep this long at its first run, ms */
	int exec;		/* calls exec (sched_balance_exec) on first run */
	int child;		/* forker: template index */
	int children;		/* forker: how many */
	long every;		/* forker: ms between forks */
	int spin;		/* forker: a CPU hog between forks */
	int wait;		/* forker: sleep until the children exit */
	int partner;		/* pipe: line index of the partner */
	long burst;		/* pipe: ms of CPU per turn */
	unsigned long repin_at;	/* tick to call set_cpus_allowed(repin) */
	cpumask_t repin;
};

struct sim_expect {
	char kind[32];
	char args[256];
	int line;
};

struct scenario {
	char path[256];
	char name[64];		/* file name without directory and .scn */
	char title[160];
	int ntopos;
	char topo[SIM_MAX_TOPOS][256];	/* shape names, or "args:..." */
	struct sched_options opts;
	int check;		/* sanity checker after every operation */
	unsigned long duration;	/* ticks */
	unsigned long warmup;	/* wakeup latencies count from this tick */
	double smt_gain;	/* extra core throughput per extra busy thread */
	double refill_ms;	/* work lost refilling caches on a new core */
	unsigned seed;
	int nmap;
	int map[NR_CPUS][2];	/* sched_map_runqueue(a, b) at boot */
	int ntmpl;
	struct sim_tmpl tmpl[SIM_MAX_TMPL];
	int nexpect;
	struct sim_expect expect[SIM_MAX_EXPECT];
};

struct sim_task {
	struct task_struct t;
	int id;
	int tmpl;
	char name[SIM_NAME + 8];
	struct sim_task *parent, *partner;
	int alive;		/* made and not yet reaped */
	int zombie;
	int ran;		/* got a CPU at least once */
	/* model state */
	long burst_left;	/* CPU ticks left in this burst */
	unsigned long wake_at;	/* timer, 0 none */
	int blocked;		/* asleep by its model */
	int tokens;		/* pipe: turns it may take */
	int children_left, children_alive;
	unsigned long next_fork;
	int exec_done;
	int paused;
	/* what happened to it */
	unsigned long created, exited;
	unsigned long cpu_ticks, wait_ticks;
	double work;		/* useful work, ms (the cost model) */
	double refill;		/* cache refill still owed, ms */
	int last_cpu;
	cpumask_t ran_on;
	cpumask_t ran_on_late;	/* after repin_at + 2 ticks */
	unsigned long moves[SCHED_MOVE_NR], cross_node;
	unsigned long woken_at;	/* tick + 1 of the last wakeup, until it runs */
	unsigned long lat_max, lat_sum, lat_n;	/* wakeups after warmup */
	unsigned long lat_max_all, lat_n_all;	/* every wakeup */
	unsigned long expired_since; /* tick + 1 it entered the expired array */
	unsigned long expired_max;
	int exec_cpu;		/* CPU exec placement chose, -1 */
};

struct sim {
	const struct scenario *sc;
	char topo_name[64];
	struct topology topo;
	struct sim_task *tasks;
	int ntasks;
	struct task_struct idle[NR_CPUS], mig[NR_CPUS];
	unsigned long now;
	unsigned long ops, violations;
	unsigned rng;
	/* per CPU */
	unsigned long idle_wait_node[NR_CPUS];	/* idle, task waiting in node */
	unsigned long idle_wait_any[NR_CPUS];	/* idle, task waiting anywhere */
	/* per tick: largest distance of a runqueue from its fair share of
	 * the runnable tasks, in tasks (rq_balance) */
	float *rq_dev;
	unsigned long max_rq_running;
	/* per task line: nodes of its exec'd tasks when the last one exec'd */
	int exec_nodes[SIM_MAX_TMPL][MAX_NODES];
	FILE *trace;		/* `trace:` lines, or NULL */
	/* The counts of count.h at the tick count_from (set before sim_run;
	 * 0: from the start) and at the end of the run. */
	unsigned long count_from;
	struct sim_counts counts_at_start, counts_at_end;
};

/* scenario.c */
int scenario_load(const char *path, struct scenario *sc, char *err,
		  size_t errlen);
int parse_cpulist(const char *s, cpumask_t *mask);
/* Apply "key=value ..." as an `options` line would. */
int scenario_options(struct scenario *sc, const char *opts, char *err,
		     size_t errlen);

/* engine.c */
int sim_setup(struct sim *s, const struct scenario *sc, const char *topo,
	      const char *topologies_file, char *err, size_t errlen);
void sim_run(struct sim *s);
void sim_free(struct sim *s);

/* report.c */
void sim_report(const struct sim *s, FILE *out);
/* One `summary:` line: the totals the ablation table compares. */
void sim_summary(const struct sim *s, const char *label, FILE *out);
/* One `scale:` line (docs/formats.md): the counts of count.h over the last
 * window ticks of the run, per simulated second, and when the runqueues
 * last came within one task per CPU of their fair share. Returns -1 (and
 * prints nothing) when the build counted nothing (linked without
 * count.c's wrapping, mk/sched.mk). */
int sim_scale(const struct sim *s, unsigned long window, FILE *out);

/* expect.c: TAP lines from *n + 1; returns the number of failures. */
int sim_expect(const struct sim *s, int *n, FILE *out);

#endif
