/*
 * schbench.c - schbench's wakeup latency, written here from its public
 * description so that one source runs on both kernels: message tasks
 * wake worker tasks, each worker notes how long after its wakeup was sent
 * it ran, thinks (spins) for a while, and sleeps again.
 *
 *   schbench_1x   as many workers as CPUs
 *   schbench_2x   twice as many
 *
 * Each row's median is the wakeup latency's p50, with p90, p99 and p999
 * (the 99.9th percentile) beside it, in ns. schbench uses threads and
 * futexes; here they are processes and pipes (our kernel has neither
 * threads nor futexes), and a worker's wakeup is the message task's
 * write of the TSC into the worker's own pipe (bench/notes.md, "The
 * field's benchmarks").
 */
#include "bench/bench.h"

/*
 * The 2016 schbench's defaults are 2 message threads, and a worker's think
 * time equal to the message thread's sleep (10 ms each). Scaled to a few
 * ms so that a run takes about a second, with the think half the sleep:
 * a round is a sleep and a think, so at 2x the CPUs the workers' thinking
 * keeps the CPUs about two thirds busy, and wakeups compete with it for
 * CPUs.
 */
#define SB_MSG_TASKS	2
#define SB_SLEEP_MS	4
#define SB_THINK_US	2000
#define SB_WARMUP	5	/* wakeups a worker makes before it counts */
/* A message task's workers, each one pipe, and its done pipe: within
 * MAX_FDS (16). */
#define SB_MAX_WORKERS	10

/*
 * A worker: rounds wakeups, each followed by its think time and a byte on
 * done (its message task waits for every worker's, as schbench's message
 * thread waits for its workers to come back); the latency of each wakeup
 * after the warm-up goes into the results pipe at the end (8 bytes a
 * write: pipe writes that small arrive whole).
 */
static void __attribute__((noreturn)) sb_worker(int in, int done, int results, int rounds)
{
	static uint64_t lat[BENCH_MAX_ROUNDS];
	int r, k = 0;

	for (r = 0; r < rounds; r++) {
		uint64_t sent;

		if (shim_read(in, &sent, sizeof(sent)) != sizeof(sent))
			shim_exit(1);
		if (r >= SB_WARMUP)
			lat[k++] = rdtsc() - sent;
		bench_spin_us(SB_THINK_US);
		if (shim_write(done, "d", 1) != 1)
			shim_exit(1);
	}
	for (r = 0; r < k; r++)
		if (shim_write(results, &lat[r], sizeof(lat[r])) != sizeof(lat[r]))
			shim_exit(1);
	shim_exit(0);
}

/*
 * A message task: its workers, then rounds of a sleep, a wakeup sent to
 * each worker, and a wait until each is done thinking: a worker is woken
 * only when it sleeps, so a wakeup's latency never includes a previous
 * round's think time.
 */
static void __attribute__((noreturn)) sb_message(int nworkers, int results, int rounds)
{
	int out[SB_MAX_WORKERS], pids[SB_MAX_WORKERS], done[2], i, j, r;
	char buf[SB_MAX_WORKERS];

	if (shim_pipe(done) < 0)
		shim_exit(1);
	for (i = 0; i < nworkers; i++) {
		int p[2];

		if (shim_pipe(p) < 0)
			shim_exit(1);
		pids[i] = shim_fork();
		if (pids[i] == 0) {
			for (j = 0; j < i; j++)
				shim_close(out[j]);
			shim_close(p[1]);
			shim_close(done[0]);
			sb_worker(p[0], done[1], results, rounds);
		}
		shim_close(p[0]);
		out[i] = p[1];
	}
	shim_close(results);
	shim_close(done[1]);
	for (r = 0; r < rounds; r++) {
		int back = 0;
		long got;

		shim_sleep_ms(SB_SLEEP_MS);
		for (i = 0; i < nworkers; i++) {
			uint64_t now = rdtsc();

			shim_write(out[i], &now, sizeof(now));
		}
		while (back < nworkers &&
		       (got = shim_read(done[0], buf, (size_t)(nworkers - back))) > 0)
			back += (int)got;
	}
	for (i = 0; i < nworkers; i++)
		shim_close(out[i]);
	for (i = 0; i < nworkers; i++)
		if (pids[i] > 0)
			shim_wait(pids[i], NULL);
	shim_exit(0);
}

static void schbench(const char *name, int nworkers)
{
	uint64_t *s = bench_samples(), v;
	int results[2], msg[SB_MSG_TASKS], m, per, got = 0, want;
	int rounds = bench_rounds(200, 15) + SB_WARMUP;
	char extra[128];
	long r;

	per = (nworkers + SB_MSG_TASKS - 1) / SB_MSG_TASKS;
	if (per > SB_MAX_WORKERS || per * SB_MSG_TASKS * (rounds - SB_WARMUP) > BENCH_MAX_ROUNDS) {
		bench_skip(name, "too_many_cpus");
		return;
	}
	if (shim_pipe(results) < 0) {
		bench_skip(name, "pipe_failed");
		return;
	}
	for (m = 0; m < SB_MSG_TASKS; m++) {
		msg[m] = shim_fork();
		if (msg[m] == 0) {
			shim_close(results[0]);
			sb_message(per, results[1], rounds);
		}
	}
	shim_close(results[1]);
	want = per * SB_MSG_TASKS * (rounds - SB_WARMUP);
	/* whole records: 8-byte writes arrive whole, reads may split them */
	while (got < want && (r = shim_read(results[0], (char *)s + (size_t)got * 8,
					     (size_t)(want - got) * 8)) > 0)
		got += (int)(r / 8);
	shim_close(results[0]);
	for (m = 0; m < SB_MSG_TASKS; m++)
		if (msg[m] > 0)
			shim_wait(msg[m], NULL);
	for (m = 0; m < 8; m++)
		bench_ref();
	if (got < want) {
		bench_skip(name, "a_worker_failed");
		return;
	}
	v = bench_pct(s, got, 999);
	/* work: the wakeups counted, the same on both kernels */
	snprintf(extra, sizeof(extra), "p999=%llu workers=%d msg_tasks=%d sleep_ms=%d think_us=%d work=%d",
		 (unsigned long long)bench_ticks_to(v, UNIT_NS), per * SB_MSG_TASKS,
		 SB_MSG_TASKS, SB_SLEEP_MS, SB_THINK_US, got);
	bench_row(name, UNIT_NS, s, got, 1, extra);
}

void bench_schbench(void)
{
	schbench("schbench_1x", bench.ncpus);
	schbench("schbench_2x", 2 * bench.ncpus);
}
