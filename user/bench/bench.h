/*
 * bench.h - the in-guest benchmarks (issue 7), one program `bench` built
 * for both kernels over the workload shim (user/shim.h) plus the few calls
 * the shim lacks (sys_os.c for ours, sys_linux.c for Linux).
 *
 * Every time is read from the TSC (rdtsc is allowed in user mode on both
 * kernels) and turned into ns/us/ms with the rate calibrated against the
 * system's own clock at start (on ours that clock is the kernel's
 * PIT-calibrated TSC, so the rate is the kernel's; on Linux it is
 * CLOCK_MONOTONIC). Every row is printed in one line format that both
 * kernels share and bench/report.c reads:
 *
 *   bench: name=ctx_yield unit=ns median=812 min=640 max=9120 rounds=400 ...
 *
 * with optional keys after rounds= (p99=, cpus=, tasks=, moved= ...). A row
 * that cannot run on this machine prints `bench: name=X skip=why`.
 */
#ifndef USER_BENCH_H
#define USER_BENCH_H

#include "shim.h"
#include "bench/o1rows.h"

/* Samples a row may keep (one per round): the largest round count. */
#define BENCH_MAX_ROUNDS	4096

struct bench_cfg {
	int quick;		/* few rounds (make bench QUICK=1) */
	uint32_t tsc_khz;	/* calibrated at start */
	int ncpus;
	const char *self;	/* path that runs this program again */
	/* `bench profile ROW N` (make profile): the row given N rounds, the
	 * other rows of its group none, and no reads of the host's speed */
	const char *profile_row;
	int profile_rounds;
};
extern struct bench_cfg bench;

/* One CPU of the topo: report (docs/formats.md). */
struct bench_cpu {
	int package, core, node, thread;
};
extern struct bench_cpu bench_cpus[64];
extern int bench_nr_nodes;

static inline uint64_t rdtsc(void)
{
	uint32_t lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

/* ---- sys_os.c / sys_linux.c: what the shim does not have ---------------- */
int sys_kill(int pid);			/* SIGKILL */
int sys_poll(int fd, int ms);		/* 1 readable, 0 timed out, <0 error */
long sys_null(void);			/* the cheapest system call: getppid */
int sys_renice(int pid, int nice);	/* another process's nice level */
/* Make room for n more tasks where the system allows it (ours: proclimit;
 * Linux: kernel.threads-max, which is 7892 for 1 GiB); 0 or -errno. */
int sys_task_room(int n);
/* Context switches of CPU cpu since boot (its stat: line), or 0. */
uint64_t sys_switches(int cpu);
/* The topo: report into buf (NUL-terminated); its length or <0. */
int sys_topo(char *buf, int len);

/* ---- util.c ---------------------------------------------------------------- */
uint32_t bench_calibrate(unsigned int ms);
int bench_read_topo(void);		/* fills bench_cpus; CPUs found */
/* rounds for this run: full or quick, at most BENCH_MAX_ROUNDS */
int bench_rounds(int full, int quick);
/* The same for the named row, which `bench profile` may set (main.c). */
int bench_rounds_of(const char *row, int full, int quick);
enum bench_unit { UNIT_NS, UNIT_US, UNIT_MS };
/*
 * Print the row of n samples (TSC ticks, reordered in place). with_p99
 * adds the 99th percentile; extra (may be NULL) is appended as is.
 */
void bench_row(const char *name, enum bench_unit unit, uint64_t *s, int n,
	       int with_p99, const char *extra);
void bench_skip(const char *name, const char *why);
/* The permille-th of n samples (sorts them in place). */
uint64_t bench_pct(uint64_t *s, int n, int permille);
uint64_t bench_ticks_to(uint64_t ticks, enum bench_unit unit);
/* Kill and reap children. */
void bench_kill_all(const int *pids, int n);
/* " sw_per_round=X.XX": switches of CPUs a and b (b -1: none) between
 * the counts s0 (bench_switches before) and now, per round. */
uint64_t bench_switches(int a, int b);
void bench_sw_note(char *buf, size_t len, uint64_t s0, int a, int b, int rounds);
/* Busy-wait for us microseconds of TSC time. */
void bench_spin_us(unsigned int us);
/*
 * The host's speed, read between a row's rounds (util.c): one run of
 * include/hostref.h's loop, the same bytes on both kernels. bench_row()
 * prints the median of the row's reads as ref= (ns) and starts afresh.
 * Rows call it outside their timed windows (bench/notes.md, "Host speed").
 */
void bench_ref(void);
uint64_t bench_ref_take(void);	/* the reads' median (ns), and start afresh */

/* ---- the rows -------------------------------------------------------------- */
void bench_syscall(void);	/* syscall_null, yield_self: the floor */
void bench_ctx_switch(void);	/* ctx_switch: a pipe token on one CPU */
void bench_pipes(void);		/* pipe_smt, pipe_core, pipe_node */
void bench_wakeup(void);
void bench_fork(void);		/* fork_exit, fork_exec_exit */
void bench_exec(void);		/* exec */
void bench_exec_place(void);	/* exec_place */
void bench_balance(void);	/* balance_core, balance_node */
void bench_o1(void);		/* o1_N, N from o1rows.h */
/* field.c: hackbench, sched_pipe_1cpu/2cpu, lat_ctx_N */
void bench_field(void);
void bench_schbench(void);	/* schbench.c: schbench_1x, schbench_2x */

/* ctx.c: n pipe round trips between CPUs a and b into bench_samples(). */
int bench_pingpong(int a, int b, int n);
/* The pong side, in a forked child: answer each byte read from ping[0]
 * with one on pong[1] until end of file, then exit. */
void bench_echo(int ping[2], int pong[2]) __attribute__((noreturn));
uint64_t *bench_samples(void);
/* The last ping-pong's " sw_per_round=X.XX" (switches on its CPUs). */
const char *bench_pingpong_sw(void);

/* `bench hostspeed N` (ctx.c): the host's speed over time, no row. */
int bench_hostspeed(int chunks);

/* Modes of the program run again by exec (main.c). */
int bench_child_exectime(int fd);	/* write rdtsc at main() to fd */
int bench_child_hog(int fd, int id);	/* report CPU changes to fd */

#endif
