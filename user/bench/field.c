/*
 * field.c - the field's benchmarks, written here from their public
 * descriptions so that one source runs on both kernels (bench/notes.md,
 * "The field's benchmarks", says how each differs from the original):
 *
 *   hackbench        groups of senders and receivers over pipes (rt-tests'
 *                    hackbench, `perf bench sched messaging`): ms a run
 *   sched_pipe_1cpu  `perf bench sched pipe`: two processes ping-pong a
 *   sched_pipe_2cpu  byte over two pipes, on one CPU and on two cores:
 *                    ns per round trip (perf prints usecs/op)
 *   lat_ctx_N        lmbench's lat_ctx: a token around a ring of N
 *                    processes on one CPU, each summing its own working
 *                    set, with the pipe's own cost subtracted: ns a switch
 *
 * Every process a row makes holds few descriptors: our kernel allows
 * MAX_FDS (16) a process, so no process ever holds a whole group's or a
 * whole ring's pipes.
 */
#include "bench/bench.h"

/* ---- hackbench ----------------------------------------------------------- */

/*
 * hackbench's group is 20 senders and 20 receivers, each sender holding a
 * pipe to every receiver; 10 of each fits in 16 descriptors (3 standard,
 * the start and ready pipes, 10 receivers). Each sender writes HB_MSG
 * bytes `loops` times to each receiver of its group.
 */
#define HB_FDS		10
#define HB_MSG		100
/* How long the processes of a run may take to be made, in ms: far more
 * than 210 forks take on either kernel under TCG. */
#define HB_READY_MS	20000

/* A receiver: all its group's bytes, then one byte on ready. It reads a
 * message's size at a time, as hackbench's receiver does: a larger buffer
 * would take several messages a read when it falls behind, and save the
 * system calls and wakeups the original makes. */
static void __attribute__((noreturn)) hb_receiver(int in, int ready, long want)
{
	char buf[HB_MSG];
	long got = 0, r;

	while (got < want && (r = shim_read(in, buf, sizeof(buf))) > 0)
		got += r;
	shim_write(ready, "d", 1);
	shim_exit(got == want ? 0 : 1);
}

static void __attribute__((noreturn)) hb_sender(const int *out, int loops)
{
	char msg[HB_MSG];
	int i, j;

	memset(msg, 's', sizeof(msg));
	for (i = 0; i < loops; i++)
		for (j = 0; j < HB_FDS; j++)
			if (shim_write(out[j], msg, HB_MSG) != HB_MSG)
				shim_exit(1);
	shim_exit(0);
}

/*
 * A group's leader makes its receivers (one pipe each, created one at a
 * time) and then its senders, and reaps them: the bench process waits for
 * the leaders only, and holds none of the group's pipes.
 */
static void __attribute__((noreturn)) hb_group(int start, int ready, int loops)
{
	int out[HB_FDS], pids[2 * HB_FDS], i, j, np = 0;
	char c;

	for (i = 0; i < HB_FDS; i++) {
		int p[2];

		if (shim_pipe(p) < 0)
			shim_exit(1);
		pids[np] = shim_fork();
		if (pids[np] == 0) {
			for (j = 0; j < i; j++)
				shim_close(out[j]);
			shim_close(p[1]);
			shim_write(ready, "r", 1);
			if (shim_read(start, &c, 1) != 0)
				shim_exit(1);
			hb_receiver(p[0], ready, (long)HB_FDS * loops * HB_MSG);
		}
		np++;
		shim_close(p[0]);
		out[i] = p[1];
	}
	for (i = 0; i < HB_FDS; i++) {
		pids[np] = shim_fork();
		if (pids[np] == 0) {
			shim_write(ready, "r", 1);
			if (shim_read(start, &c, 1) != 0)
				shim_exit(1);
			hb_sender(out, loops);
		}
		np++;
	}
	for (i = 0; i < HB_FDS; i++)
		shim_close(out[i]);
	shim_close(start);
	shim_close(ready);
	for (i = 0; i < np; i++)
		if (pids[i] > 0)
			shim_wait(pids[i], NULL);
	shim_exit(0);
}

/*
 * One run: every process made and blocked on the start pipe, then the
 * clock from the start pipe's close (end of file wakes them all at once,
 * as hackbench's start) to the last process reaped, as hackbench's clock
 * stops when its main process has reaped every sender and receiver (here
 * each group's leader reaps its own, and this process the leaders). The
 * ticks, or 0 when a group did not start or a receiver fell short.
 */
static uint64_t hb_run(int groups, int loops)
{
	int start[2], ready[2], leaders[64], g, need, got = 0;
	uint64_t t0, t1;
	char buf[64];
	long r;

	if (shim_pipe(start) < 0)
		return 0;
	if (shim_pipe(ready) < 0) {
		shim_close(start[0]);
		shim_close(start[1]);
		return 0;
	}
	for (g = 0; g < groups; g++) {
		leaders[g] = shim_fork();
		if (leaders[g] == 0) {
			shim_close(start[1]);
			shim_close(ready[0]);
			hb_group(start[0], ready[1], loops);
		}
	}
	shim_close(start[0]);
	shim_close(ready[1]);
	/*
	 * A process that failed to fork never says ready, and the others hold
	 * the ready pipe open while they wait for the start: a bound on the
	 * wait, after which the start is given anyway (every process then
	 * finishes: a receiver short of a sender reads end of file) and the
	 * run counts as failed.
	 */
	need = groups * 2 * HB_FDS;
	while (got < need && sys_poll(ready[0], HB_READY_MS) > 0 &&
	       (r = shim_read(ready[0], buf, (size_t)(need - got))) > 0)
		got += (int)r;
	t0 = rdtsc();
	shim_close(start[1]);
	need = got == need ? groups * HB_FDS : -1;
	got = 0;
	while (need > 0 && got < need && (r = shim_read(ready[0], buf, (size_t)(need - got))) > 0)
		got += (int)r;
	shim_close(ready[0]);
	for (g = 0; g < groups; g++)
		if (leaders[g] > 0)
			shim_wait(leaders[g], NULL);
	t1 = rdtsc();
	return need > 0 && got == need ? t1 - t0 : 0;
}

static void bench_hackbench(void)
{
	uint64_t *s = bench_samples();
	int groups = bench.quick ? 2 : 10, loops = bench.quick ? 10 : 100;
	int r, n = bench_rounds(5, 3), got = 0;
	char extra[96];

	for (r = 0; r < n; r++) {
		uint64_t t = hb_run(groups, loops);

		if (!t)
			break;
		s[got++] = t;
		bench_ref();
	}
	/* work: the messages delivered a run, the same on both kernels */
	snprintf(extra, sizeof(extra), "groups=%d fds=%d loops=%d work=%ld",
		 groups, HB_FDS, loops, (long)groups * HB_FDS * HB_FDS * loops);
	if (got < n)
		bench_skip("hackbench", "a_run_failed");
	else
		bench_row("hackbench", UNIT_US, s, got, 0, extra);
}

/* ---- perf bench sched pipe ----------------------------------------------- */

/*
 * perf times one long run of round trips and divides; here each sample is
 * a batch of SP_BATCH round trips over SP_BATCH, so that the row has a
 * median and a spread like the others.
 */
#define SP_BATCH	100

static void sched_pipe(const char *name, int a, int b)
{
	uint64_t *s = bench_samples(), s0 = 0;
	int ping[2], pong[2], pid, r, i, n = bench_rounds(100, 10);
	char c = 'x', extra[96], sw[32];

	if (shim_pipe(ping) < 0 || shim_pipe(pong) < 0) {
		bench_skip(name, "pipe_failed");
		return;
	}
	shim_pin(a);
	pid = shim_fork();
	if (pid == 0) {
		shim_pin(b);
		bench_echo(ping, pong);
	}
	shim_close(ping[0]);
	shim_close(pong[1]);
	for (r = -2; r < n; r++) {	/* two batches to warm up */
		uint64_t t0 = rdtsc();

		for (i = 0; i < SP_BATCH; i++)
			if (shim_write(ping[1], &c, 1) != 1 || shim_read(pong[0], &c, 1) != 1)
				break;
		if (i < SP_BATCH)
			break;
		if (r >= 0)
			s[r] = (rdtsc() - t0) / SP_BATCH;
		if (r == -1)
			s0 = bench_switches(a, b);
	}
	bench_sw_note(sw, sizeof(sw), s0, a, b, r > 0 ? r * SP_BATCH : 0);
	/* The host's speed after the batches: a read between them would
	 * leave the partner idle, which a batch in perf never is. */
	for (i = 0; i < 8; i++)
		bench_ref();
	shim_close(ping[1]);
	shim_close(pong[0]);
	shim_wait(pid, NULL);
	shim_unpin();
	snprintf(extra, sizeof(extra), "cpus=%d,%d batch=%d%s", a, b, SP_BATCH, sw);
	if (r < n)
		bench_skip(name, "pipe_failed");
	else
		bench_row(name, UNIT_NS, s, n, 0, extra);
}

/* Two CPUs of different cores in one node (as pipe_core), or -1. */
static int core_pair(int *a, int *b)
{
	int i, j;

	for (i = 0; i < bench.ncpus; i++)
		for (j = bench.ncpus - 1; j > i; j--) {
			struct bench_cpu *x = &bench_cpus[i], *y = &bench_cpus[j];

			if (x->node == y->node && !(x->package == y->package && x->core == y->core)) {
				*a = i;
				*b = j;
				return 0;
			}
		}
	return -1;
}

static void bench_sched_pipe(void)
{
	int a, b;

	sched_pipe("sched_pipe_1cpu", bench.ncpus - 1, bench.ncpus - 1);
	if (core_pair(&a, &b))
		bench_skip("sched_pipe_2cpu", "no_such_cpu_pair");
	else
		sched_pipe("sched_pipe_2cpu", a, b);
}

/* ---- lmbench lat_ctx ----------------------------------------------------- */

/* lmbench's sizes are its -s option in KB; 16 is the one most quoted. */
#define LC_KB		16
#define LC_MAX		64

static char lc_ws[LC_KB * 1024];
static volatile unsigned int lc_sink;

/* What lat_ctx does with the token besides passing it: read its own data. */
static void lc_touch(void)
{
	unsigned int i, sum = 0;

	for (i = 0; i < sizeof(lc_ws); i += 4)
		sum += *(unsigned int *)&lc_ws[i];
	lc_sink += sum;
}

static void __attribute__((noreturn)) lc_member(int in, int out, int id)
{
	char c;

	memset(lc_ws, id, sizeof(lc_ws));	/* pages of its own */
	while (shim_read(in, &c, 1) == 1) {
		lc_touch();
		if (shim_write(out, &c, 1) != 1)
			break;
	}
	shim_exit(0);
}

/* lmbench's overhead: the token through one pipe within one process and
 * the data read, per hop (median of 200). */
static uint64_t lc_overhead(void)
{
	static uint64_t o[200];
	int p[2], i;
	char c = 't';

	if (shim_pipe(p) < 0)
		return 0;
	memset(lc_ws, 0, sizeof(lc_ws));
	for (i = 0; i < 200; i++) {
		uint64_t t0 = rdtsc();

		shim_write(p[1], &c, 1);
		shim_read(p[0], &c, 1);
		lc_touch();
		o[i] = rdtsc() - t0;
	}
	shim_close(p[0]);
	shim_close(p[1]);
	return bench_pct(o, 200, 500);
}

/*
 * The ring: this process is member 0; member i reads the pipe from i - 1
 * and writes the one to i + 1, the last writes to member 0's. The pipes
 * are made one at a time, so the parent holds at most six ends. Returns the
 * members forked (their pids in pids) or -1.
 */
static int lc_ring(int nproc, int *pids, int *in0, int *out0)
{
	int first[2], link[2], next[2], i;

	if (shim_pipe(first) < 0)
		return -1;
	if (shim_pipe(link) < 0)
		return -1;
	*in0 = first[0];
	*out0 = link[1];
	for (i = 1; i < nproc; i++) {
		int out;

		if (i < nproc - 1) {
			if (shim_pipe(next) < 0)
				return i - 1;
			out = next[1];
		} else {
			out = first[1];
		}
		pids[i - 1] = shim_fork();
		if (pids[i - 1] == 0) {
			shim_close(*in0);
			shim_close(*out0);
			if (out != first[1])
				shim_close(first[1]);
			if (i < nproc - 1)
				shim_close(next[0]);
			lc_member(link[0], out, i);
		}
		shim_close(link[0]);
		if (i < nproc - 1) {
			shim_close(next[1]);
			link[0] = next[0];
		}
	}
	shim_close(first[1]);
	return nproc - 1;
}

static void lat_ctx(int nproc, uint64_t over)
{
	static int pids[LC_MAX];
	uint64_t *s = bench_samples(), s0 = 0;
	int in = -1, out = -1, made, r, n = bench_rounds(200, 20), cpu = bench.ncpus - 1;
	char name[32], extra[128], sw[32], c = 'k';

	snprintf(name, sizeof(name), "lat_ctx_%d", nproc);
	shim_pin(cpu);
	made = lc_ring(nproc, pids, &in, &out);
	if (made != nproc - 1) {
		bench_kill_all(pids, made > 0 ? made : 0);
		shim_unpin();
		bench_skip(name, "ring_failed");
		return;
	}
	memset(lc_ws, 0, sizeof(lc_ws));
	for (r = -5; r < n; r++) {	/* five laps to warm up */
		uint64_t t0 = rdtsc();
		int64_t per;

		lc_touch();
		if (shim_write(out, &c, 1) != 1 || shim_read(in, &c, 1) != 1)
			break;
		/* a lap is nproc hops, each a switch and lmbench's overhead */
		per = (int64_t)((rdtsc() - t0) / (uint64_t)nproc) - (int64_t)over;
		if (r >= 0)
			s[r] = per > 0 ? (uint64_t)per : 0;
		if (r == -1)
			s0 = bench_switches(cpu, -1);
		if (r >= 0 && r % 8 == 7)
			bench_ref();
	}
	bench_sw_note(sw, sizeof(sw), s0, cpu, -1, r > 0 ? r : 0);
	shim_close(in);
	shim_close(out);
	bench_kill_all(pids, made);
	shim_unpin();
	snprintf(extra, sizeof(extra), "cpu=%d procs=%d kb=%d overhead_ns=%llu%s", cpu,
		 nproc, LC_KB, (unsigned long long)bench_ticks_to(over, UNIT_NS), sw);
	if (r < n)
		bench_skip(name, "ring_failed");
	else
		bench_row(name, UNIT_NS, s, n, 0, extra);
}

static void bench_lat_ctx(void)
{
	static const int sizes[] = { 2, 8, 16, 64 };
	uint64_t over;
	unsigned int k;

	shim_pin(bench.ncpus - 1);
	over = lc_overhead();
	shim_unpin();
	for (k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++)
		lat_ctx(sizes[k], over);
}

void bench_field(void)
{
	bench_hackbench();
	bench_sched_pipe();
	bench_lat_ctx();
}
