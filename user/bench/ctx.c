/*
 * ctx.c - the switch rows: the floor (a null system call, a yield with
 * nothing else to run), a pipe token between two tasks on one CPU, pipe
 * ping-pong between CPUs at each distance of the topology, and the wakeup
 * latency of a sleeper among hogs.
 */
#include "bench/bench.h"

static uint64_t samples[BENCH_MAX_ROUNDS];
/* The last ping-pong's " sw_per_round=X.XX", and the switches and the
 * round trips it counted them over (bench_pingpong()). */
static char pp_sw[32];
static uint64_t pp_switches;
static int pp_rounds;

/* The CPU of the one-CPU rows: the last, away from the boot CPU's work. */
static int solo_cpu(void)
{
	return bench.ncpus - 1;
}

void bench_syscall(void)
{
	int r, n = bench_rounds_of("syscall_null", 2000, 200);

	shim_pin(solo_cpu());
	for (r = 0; r < 50; r++)
		sys_null();
	for (r = 0; r < n; r++) {
		uint64_t t0 = rdtsc();

		sys_null();
		samples[r] = rdtsc() - t0;
		bench_ref();
	}
	bench_row("syscall_null", UNIT_NS, samples, n, 0, NULL);
	n = bench_rounds_of("yield_self", 2000, 200);
	for (r = 0; r < n; r++) {
		uint64_t t0 = rdtsc();

		shim_yield();
		samples[r] = rdtsc() - t0;
		bench_ref();
	}
	bench_row("yield_self", UNIT_NS, samples, n, 0, NULL);
	shim_unpin();
}

/*
 * `bench hostspeed N`: not a row but the experiment behind ref=
 * (bench/notes.md, "Host speed"). N chunks, each 10 000 null system calls
 * and then 20 reads of the host's speed, on the last CPU; one line a chunk:
 *   bench: hostspeed chunk=K null_ns=X ref_ns=Y
 * On a quiet guest both columns move in steps of up to 2-3x that last
 * from milliseconds to seconds, mostly together: the host's speed, not the
 * kernel's.
 */
int bench_hostspeed(int chunks)
{
	int c, i;

	shim_pin(solo_cpu());
	for (c = 0; c < chunks; c++) {
		uint64_t t0 = rdtsc(), t1;

		for (i = 0; i < 10000; i++)
			sys_null();
		t1 = rdtsc();
		for (i = 0; i < 20; i++)
			bench_ref();
		printf("bench: hostspeed chunk=%d null_ns=%llu ref_ns=%llu\n", c,
		       (unsigned long long)bench_ticks_to((t1 - t0) / 10000, UNIT_NS),
		       (unsigned long long)bench_ref_take());
	}
	shim_unpin();
	return 0;
}

/*
 * Two processes pinned to one CPU hand a byte back and forth through two
 * pipes: each read blocks until the other has written, so every round is
 * two switches on both kernels. A yield cannot promise that: CFS may pick
 * the caller again (bench/notes.md, "Same work on both sides"). A sample
 * is a round trip over two; per_switch_ns divides the rounds' time by the
 * switches the CPU's own counter saw.
 */
void bench_ctx_switch(void)
{
	int r, got, cpu = solo_cpu();
	char extra[96];
	uint64_t total = 0, sws;

	got = bench_pingpong(cpu, cpu, bench_rounds_of("ctx_switch", 2000, 200));
	for (r = 0; r < got; r++) {
		total += samples[r];
		samples[r] /= 2;
	}
	/* the switches of the kept rounds, at the rate of all rounds made */
	sws = pp_rounds ? pp_switches * (uint64_t)got / (uint64_t)pp_rounds : 0;
	snprintf(extra, sizeof(extra), "cpu=%d%s per_switch_ns=%llu", cpu, pp_sw,
		 (unsigned long long)bench_ticks_to(sws ? total / sws : 0, UNIT_NS));
	bench_row("ctx_switch", UNIT_NS, samples, got, 0, extra);
}

/*
 * Pipe ping-pong: the parent on CPU a writes a byte, the child on CPU b
 * sends it back. Fills samples with n round trips; returns how many ran.
 */
void bench_echo(int ping[2], int pong[2])
{
	char c;

	shim_close(ping[1]);
	shim_close(pong[0]);
	while (shim_read(ping[0], &c, 1) == 1)
		if (shim_write(pong[1], &c, 1) != 1)
			break;
	shim_exit(0);
}

#define PP_REF_EVERY	8	/* rounds kept between two reads of the host's speed */

int bench_pingpong(int a, int b, int n)
{
	int ping[2], pong[2], pid, r, rounds = 0, after_ref = 0;
	char c = 'x';
	uint64_t s0 = 0;

	if (shim_pipe(ping) < 0)
		return -1;
	if (shim_pipe(pong) < 0) {
		shim_close(ping[0]);
		shim_close(ping[1]);
		return -1;
	}
	shim_pin(a);
	pid = shim_fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		shim_pin(b);
		bench_echo(ping, pong);
	}
	shim_close(ping[0]);
	shim_close(pong[1]);
	/*
	 * The host's speed every PP_REF_EVERY rounds. The partner's CPU goes
	 * idle while this one reads it, so the round after a read is not
	 * kept: it would start with a halted partner, which a back-to-back
	 * round does not. rounds counts every round trip made (for the
	 * switches per round), r the ones kept.
	 */
	for (r = -20; r < n; rounds++) {	/* 20 to warm up */
		uint64_t t0 = rdtsc();

		if (shim_write(ping[1], &c, 1) != 1 || shim_read(pong[0], &c, 1) != 1)
			break;
		if (r >= 0 && !after_ref)
			samples[r] = rdtsc() - t0;
		if (r == -1)
			s0 = bench_switches(a, b);
		if (after_ref) {
			after_ref = 0;
			continue;
		}
		if (++r > 0 && r % PP_REF_EVERY == 0 && !bench.profile_row) {
			bench_ref();
			after_ref = 1;
		}
	}
	bench_sw_note(pp_sw, sizeof(pp_sw), s0, a, b, rounds - 20);
	pp_switches = bench_switches(a, b) - s0;
	pp_rounds = rounds - 20;
	shim_close(ping[1]);
	shim_close(pong[0]);
	shim_wait(pid, NULL);
	shim_unpin();
	return r < 0 ? 0 : r;
}

const char *bench_pingpong_sw(void)
{
	return pp_sw;
}

uint64_t *bench_samples(void)
{
	return samples;
}

enum pair { PAIR_SMT, PAIR_CORE, PAIR_NODE };

/* Two CPUs at the given distance, or -1. */
static int find_pair(enum pair kind, int *a, int *b)
{
	int i, j;

	for (i = 0; i < bench.ncpus; i++)
		for (j = bench.ncpus - 1; j > i; j--) {
			struct bench_cpu *x = &bench_cpus[i], *y = &bench_cpus[j];
			int same_core = x->package == y->package && x->core == y->core;
			int ok = kind == PAIR_SMT ? same_core :
				 kind == PAIR_CORE ? !same_core && x->node == y->node :
				 x->node != y->node;

			if (ok) {
				*a = i;
				*b = j;
				return 0;
			}
		}
	return -1;
}

/*
 * pipe_core_busy: the same two CPUs, each also running a nice 19 hog, so
 * neither is ever idle: a wakeup preempts a hog instead of waking a halted
 * CPU. Against pipe_core it shows what waking an idle CPU costs.
 */
static void pipe_busy(int a, int b, int n)
{
	int pids[2], cpus[2] = { a, b }, i, got;
	char extra[64];

	for (i = 0; i < 2; i++) {
		pids[i] = shim_fork();
		if (pids[i] == 0) {
			shim_pin(cpus[i]);
			shim_nice(19);
			for (;;)
				;
		}
	}
	shim_nice(-20);
	got = bench_pingpong(a, b, n);
	shim_nice(0);
	bench_kill_all(pids, 2);
	snprintf(extra, sizeof(extra), "cpus=%d,%d%s", a, b, pp_sw);
	bench_row("pipe_core_busy", UNIT_NS, samples, got, 0, extra);
}

void bench_pipes(void)
{
	static const char *names[] = { "pipe_smt", "pipe_core", "pipe_node" };
	int k, a, b, got, n = bench_rounds(2000, 200);

	for (k = PAIR_SMT; k <= PAIR_NODE; k++) {
		char extra[64];

		if (find_pair((enum pair)k, &a, &b)) {
			bench_skip(names[k], "no_such_cpu_pair");
			continue;
		}
		got = bench_pingpong(a, b, n);
		snprintf(extra, sizeof(extra), "cpus=%d,%d%s", a, b, pp_sw);
		bench_row(names[k], UNIT_NS, samples, got, 0, extra);
		if (k == PAIR_CORE)
			pipe_busy(a, b, n);
	}
}

/*
 * A sleeper among hogs: one hog per CPU, a waker that sleeps 2 ms and then
 * writes the TSC into a pipe, and the sleeper (this process) blocked in
 * read(). A sample is the time from the write to the sleeper running.
 *
 * Two things make it measure a sleeper among hogs rather than tasks just
 * forked (bench/notes.md, "Wakeup tail", has the traces):
 *  - One sample per wakeup: the sleeper reads every timestamp queued and
 *    keeps the oldest, the write that woke it. The others were written
 *    while it waited for a CPU already; counted, one slow wakeup would
 *    make dozens of slow samples and fill the 99th percentile.
 *  - WAKEUP_WARMUP_MS of the same loop, unmeasured, first. An O(1)
 *    scheduler tells a sleeper from a hog by the sleep average, and D7's
 *    is slow to build (MAX_SLEEP_AVG 10 s: a second of sleep per priority
 *    level; forked tasks start with half their parent's): right after
 *    fork the sleeper, the waker and the hogs all sit at the same
 *    priority, and a woken task waits for a hog's time slice. Both kernels
 *    run the same warm-up.
 */
#define WAKEUP_WARMUP_MS	2000
#define WAKEUP_SLEEP_MS		2
/* Rounds of a hog's loop (a few instructions each) between PAUSEs. */
#define WAKEUP_HOG_PAUSE	1024

/*
 * The row's hog: a spin with a PAUSE every WAKEUP_HOG_PAUSE rounds. Under
 * QEMU's -icount the vCPUs take turns in one host thread, and a turn ends
 * only at a PAUSE, a HLT or the next timer: hogs that never pause take the
 * turns up to the timers among them, and the vCPU of the waker or of the
 * sleeper can go milliseconds without one (bench/det-why.md, `wakeup`).
 * The PAUSE ends a hog's turn every few thousand instructions, so every
 * vCPU runs in turn. On hardware a PAUSE a thousand rounds costs a hog
 * next to nothing.
 */
static void __attribute__((noreturn)) wakeup_hog(void)
{
	unsigned int i;

	for (i = 0;; i++) {
		if (!(i % WAKEUP_HOG_PAUSE))
			__asm__ __volatile__("pause");
		__asm__ __volatile__("" : "+r" (i));	/* count each round */
	}
}

/* What the waker writes: when, and from which CPU. */
struct wake_rec {
	uint64_t tsc;
	int32_t cpu, pad;
};

/* The 99th percentile of the n samples of s whose flag is want (ticks). */
static uint64_t p99_of(const uint64_t *s, const uint8_t *flag, int n, int want, int *count)
{
	static uint64_t sub[BENCH_MAX_ROUNDS];
	int i, k = 0;

	for (i = 0; i < n; i++)
		if (flag[i] == want)
			sub[k++] = s[i];
	*count = k;
	if (!k)
		return 0;
	for (i = 1; i < k; i++) {	/* insertion sort: k is at most 500 */
		uint64_t v = sub[i];
		int j;

		for (j = i; j > 0 && sub[j - 1] > v; j--)
			sub[j] = sub[j - 1];
		sub[j] = v;
	}
	return sub[k * 99 / 100];
}

void bench_wakeup(void)
{
	static int pids[65];
	static struct wake_rec ts[64];
	static uint8_t cross[BENCH_MAX_ROUNDS];
	int fds[2], i, r, n = bench_rounds(500, 50), nh = bench.ncpus;
	int got = 0, warm = 0, stale = 0, nsame, ncross;
	uint64_t warm_end, p_same, p_cross;
	char extra[192];

	if (shim_pipe(fds) < 0) {
		bench_skip("wakeup", "pipe_failed");
		return;
	}
	for (i = 0; i < nh; i++) {
		pids[i] = shim_fork();
		if (pids[i] == 0)
			wakeup_hog();
	}
	pids[nh] = shim_fork();
	if (pids[nh] == 0) {
		shim_close(fds[0]);
		for (;;) {
			struct wake_rec w = { 0, -1, 0 };
			int node;

			shim_sleep_ms(WAKEUP_SLEEP_MS);
			shim_getcpu(&w.cpu, &node);
			w.tsc = rdtsc();
			if (shim_write(fds[1], &w, sizeof(w)) != sizeof(w))
				shim_exit(1);
		}
	}
	shim_close(fds[1]);
	warm_end = rdtsc() + (uint64_t)WAKEUP_WARMUP_MS * bench.tsc_khz;
	for (r = 0; r < n; ) {
		int len = shim_read(fds[0], ts, sizeof(ts)), cpu = -1, node;
		uint64_t now = rdtsc();

		if (len < (int)sizeof(ts[0]))
			break;
		if (now < warm_end) {
			warm++;
			continue;
		}
		shim_getcpu(&cpu, &node);
		cross[got] = cpu != ts[0].cpu;
		samples[got++] = now - ts[0].tsc;
		stale += len / (int)sizeof(ts[0]) - 1;
		r++;
		bench_ref();	/* the next write is 2 ms away */
	}
	shim_close(fds[0]);
	bench_kill_all(pids, nh + 1);
	/*
	 * Where the sleeper ran against where the waker wrote: a wakeup on
	 * another CPU waits for that CPU's vCPU thread, which the host may not
	 * be running just then (8 busy vCPUs, 2 host cores); one on the
	 * waker's own CPU runs as soon as the waker sleeps again.
	 */
	p_same = p99_of(samples, cross, got, 0, &nsame);
	p_cross = p99_of(samples, cross, got, 1, &ncross);
	snprintf(extra, sizeof(extra),
		 "hogs=%d hog_pause=%d warmup_ms=%d warmup_rounds=%d stale=%d cross_cpu=%d p99_same_ns=%llu p99_cross_ns=%llu",
		 nh, WAKEUP_HOG_PAUSE, WAKEUP_WARMUP_MS, warm, stale, ncross,
		 (unsigned long long)bench_ticks_to(p_same, UNIT_NS),
		 (unsigned long long)bench_ticks_to(p_cross, UNIT_NS));
	bench_row("wakeup", UNIT_NS, samples, got, 1, extra);
}
