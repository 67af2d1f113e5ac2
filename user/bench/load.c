/*
 * load.c - rows under load: balance convergence (N hogs started by one
 * parent, until one runs on each core / the nodes hold equal numbers), and
 * the O(1) row (the switch cost of a pipe ping-pong pair on one CPU that
 * also holds N runnable hogs).
 */
#include "bench/bench.h"

/* A hog's report: it now runs on cpu (from the TSC time tsc). */
struct hog_rec {
	uint64_t tsc;
	int32_t id, cpu;
};

/* Spin, and report each change of CPU to fd; never returns. */
int bench_child_hog(int fd, int id)
{
	struct hog_rec h = { 0, id, -1 };
	uint64_t step = 100000;	/* TSC ticks between looks: ~50 us */

	for (;;) {
		uint64_t t = rdtsc();
		int cpu = -1;

		while (rdtsc() - t < step)
			;
		shim_getcpu(&cpu, NULL);
		if (cpu != h.cpu) {
			h.cpu = cpu;
			h.tsc = rdtsc();
			if (shim_write(fd, &h, sizeof(h)) != sizeof(h))
				return 1;
		}
	}
}

static int core_of(int cpu)
{
	return bench_cpus[cpu].package * 64 + bench_cpus[cpu].core;
}

static int cores(void)
{
	int seen[64], n = 0, i, j;

	for (i = 0; i < bench.ncpus; i++) {
		for (j = 0; j < n && seen[j] != core_of(i); j++)
			;
		if (j == n)
			seen[n++] = core_of(i);
	}
	return n;
}

/* Every hog placed, and on distinct cores / evenly on the nodes. */
static void judge(const int *cpu, int n, int *core_ok, int *node_ok)
{
	int per_node[64] = { 0 }, i, j, lo = n, hi = 0;

	*core_ok = *node_ok = 0;
	for (i = 0; i < n; i++)
		if (cpu[i] < 0 || cpu[i] >= bench.ncpus)
			return;
	*core_ok = 1;
	for (i = 0; i < n; i++) {
		per_node[bench_cpus[cpu[i]].node & 63]++;
		for (j = 0; j < i; j++)
			if (core_of(cpu[i]) == core_of(cpu[j]))
				*core_ok = 0;
	}
	for (i = 0; i < bench_nr_nodes && i < 64; i++) {
		if (per_node[i] < lo)
			lo = per_node[i];
		if (per_node[i] > hi)
			hi = per_node[i];
	}
	*node_ok = hi - lo <= 1;
}

/*
 * One round: N hogs forked and exec'ed by this process, watched for window_ms.
 * The time to converge is when the condition last became true, if it
 * holds at the end; else the whole window (not converged).
 */
static void balance_round(int n, unsigned int window_ms, uint64_t *t_core,
			  uint64_t *t_node, int *ok_core, int *ok_node)
{
	static int pids[64];
	int cpu[64], fds[2], i, core_ok = 0, node_ok = 0;
	uint64_t t0, end, core_since = 0, node_since = 0;
	uint64_t window = (uint64_t)window_ms * bench.tsc_khz;
	char fdarg[16], idarg[16];

	*t_core = *t_node = window;
	*ok_core = *ok_node = 0;
	if (shim_pipe(fds) < 0)
		return;
	snprintf(fdarg, sizeof(fdarg), "%d", fds[1]);
	t0 = rdtsc();
	end = t0 + window;
	for (i = 0; i < n; i++) {
		cpu[i] = -1;
		snprintf(idarg, sizeof(idarg), "%d", i);
		pids[i] = shim_fork();
		if (pids[i] == 0) {
			char *argv[] = { "bench", "hog", fdarg, idarg, NULL };

			shim_close(fds[0]);
			shim_exec(bench.self, argv);
			shim_exit(127);
		}
	}
	shim_close(fds[1]);
	for (;;) {
		struct hog_rec h;
		uint64_t now = rdtsc();
		int c, d;

		if (now >= end)
			break;
		if (sys_poll(fds[0], (int)((end - now) / bench.tsc_khz) + 1) <= 0)
			continue;
		if (shim_read(fds[0], &h, sizeof(h)) != sizeof(h))
			break;
		if (h.id < 0 || h.id >= n)
			continue;
		cpu[h.id] = h.cpu;
		judge(cpu, n, &c, &d);
		if (c && !core_ok)
			core_since = h.tsc;
		if (d && !node_ok)
			node_since = h.tsc;
		core_ok = c;
		node_ok = d;
	}
	shim_close(fds[0]);
	bench_kill_all(pids, n);
	if (core_ok) {
		*t_core = core_since - t0;
		*ok_core = 1;
	}
	if (node_ok) {
		*t_node = node_since - t0;
		*ok_node = 1;
	}
}

void bench_balance(void)
{
	static uint64_t sc[64], sn[64];
	int n = cores(), rounds = bench_rounds(7, 2), r, okc = 0, okn = 0;
	unsigned int window = bench.quick ? 1500 : 3000;
	char extra[64];

	if (n < 2) {
		bench_skip("balance_core", "one_core");
		bench_skip("balance_node", "one_core");
		return;
	}
	for (r = 0; r < rounds; r++) {
		int a, b;

		balance_round(n, window, &sc[r], &sn[r], &a, &b);
		okc += a;
		okn += b;
		shim_sleep_ms(100);	/* the dead hogs reaped everywhere */
	}
	snprintf(extra, sizeof(extra), "hogs=%d converged=%d window_ms=%u", n, okc, window);
	bench_row("balance_core", UNIT_US, sc, rounds, 0, extra);
	snprintf(extra, sizeof(extra), "hogs=%d converged=%d window_ms=%u", n, okn, window);
	bench_row("balance_node", UNIT_US, sn, rounds, 0, extra);
}

/*
 * O(1): n hogs at nice 19 pinned to one CPU, and on the same CPU a pipe
 * ping-pong pair at nice -20, so every switch of the pair is a schedule()
 * with n more runnable tasks queued (and the pair nearly always picked:
 * their priority is far above the hogs'). A sample is one round trip (two
 * switches); the row is per switch. Returns the hogs it could start.
 *
 * The pair must be what an O(1) scheduler calls interactive, or it is
 * measuring something else: a task that is not goes to the expired array
 * when its slice ends and waits there for every active hog's slice. The
 * parent's sleep average is spent by then (forking runs for seconds), and
 * one round of o1_10000 waited 113 s that way behind 10 000 slices of
 * 10 ms (measured: 6.8 switches a round instead of 2). So the parent
 * first sleeps O1_SETTLE_MS: at nice -20 2.5.59 wants 2 s of sleep
 * average for "interactive" (sched/core.c, task_interactive()), and the
 * partner it forks gets half of its own (CHILD_PENALTY). Linux does the
 * same sleep; it changes nothing there.
 *
 * The parent forks from CPU 0 and each hog pins itself to the measured
 * CPU. Forking from the measured CPU itself did not finish 1000 hogs in 15
 * minutes on ours: each fork halves the parent's time slice (2.5.59's
 * sched_fork), so it expires every few forks and, not interactive, waits
 * on the expired array for every hog's 10 ms slice, a wait that grows
 * with each hog forked.
 */
#define O1_SETTLE_MS	6000	/* 6 s of sleep: the partner gets 3 s, 2 needed */

#define O1_FITS(n, quick)	_Static_assert((n) <= BENCH_O1_MAX, "o1rows.h: BENCH_O1_MAX");
BENCH_O1_ROWS(O1_FITS)

static int o1_fork_err;	/* the failed fork's -errno, when one failed */

static int o1_run(int n, int *done, int *room)
{
	static int pids[BENCH_O1_MAX];
	int cpu = bench.ncpus - 1, i, got;
	uint64_t *s = bench_samples();

	*room = sys_task_room(n);
	shim_pin(0);
	shim_nice(-20);
	got = 0;
	for (i = 0; i < n; i++) {
		pids[i] = shim_fork();
		if (pids[i] == 0) {
			shim_nice(19);
			shim_pin(cpu);
			for (;;)
				;
		}
		if (pids[i] < 0) {
			o1_fork_err = pids[i];
			break;
		}
		sys_renice(pids[i], 19);	/* before it ever runs at -20 */
	}
	/* Fewer than n: the process limit; the pair could not fork either. */
	if (i == n) {
		shim_sleep_ms(O1_SETTLE_MS);
		got = bench_pingpong(cpu, cpu, bench_rounds(2000, 200));
	}
	for (int r = 0; r < got; r++)
		s[r] /= 2;
	bench_kill_all(pids, i);
	shim_nice(0);
	shim_unpin();
	*done = got;
	return i;
}

void bench_o1(void)
{
	static const int full[] = { BENCH_O1_ROWS(BENCH_O1_N) };
	int nall = (int)(sizeof(full) / sizeof(full[0]));
	int k, nk = bench.quick ? 0 BENCH_O1_ROWS(BENCH_O1_IS_QUICK) : nall, capped = -1;

	for (k = 0; k < nk; k++) {
		char name[24], extra[64];
		int got, started, room;

		snprintf(name, sizeof(name), "o1_%d", full[k]);
		if (capped >= 0) {
			snprintf(extra, sizeof(extra), "fork_limit_%d", capped);
			bench_skip(name, extra);
			continue;
		}
		started = o1_run(full[k], &got, &room);
		if (started < full[k]) {
			capped = started;
			snprintf(extra, sizeof(extra), "fork_limit_%d_errno_%d%s", capped,
				 -o1_fork_err, room ? "_room_refused" : "");
			bench_skip(name, extra);
			continue;
		}
		snprintf(extra, sizeof(extra), "tasks=%d cpu=%d%s", started, bench.ncpus - 1,
			 bench_pingpong_sw());
		bench_row(name, UNIT_NS, bench_samples(), got, 0, extra);
	}
}
