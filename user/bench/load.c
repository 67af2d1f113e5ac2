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
	uint64_t ref;
	char extra[80];

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
		for (a = 0; a < 8; a++)	/* between rounds: the window is the hogs' */
			bench_ref();
	}
	/* Both rows come from the same rounds: the same reading for both. */
	ref = bench_ref_take();
	snprintf(extra, sizeof(extra), "ref=%llu hogs=%d converged=%d window_ms=%u",
		 (unsigned long long)ref, n, okc, window);
	bench_row("balance_core", UNIT_US, sc, rounds, 0, extra);
	snprintf(extra, sizeof(extra), "ref=%llu hogs=%d converged=%d window_ms=%u",
		 (unsigned long long)ref, n, okn, window);
	bench_row("balance_node", UNIT_US, sn, rounds, 0, extra);
}

/*
 * O(1): n hogs at nice 19 pinned to one CPU, and on the same CPU a pipe
 * ping-pong pair at nice -20, so every switch of the pair is a schedule()
 * with n more runnable tasks queued (and the pair nearly always picked:
 * their priority is far above the hogs'). A sample is one round trip (two
 * switches); the row is per switch.
 *
 * One pair measures every N, and hogs are added between the rows
 * (1 -> 100 -> 1000 -> 10 000): only N changes from row to row. Under
 * QEMU the host's own speed moves in steps of up to 2x (bench/notes.md,
 * "Host speed"), more than anything N does, and within a row too, so the
 * p10 is the steadier figure.
 *
 * The pair must be what an O(1) scheduler calls interactive, or it is
 * measuring something else: a task that is not goes to the expired array
 * when its slice ends and waits there for every active hog's slice. The
 * parent's sleep average is spent by forking (seconds of running), and
 * a round of o1_10000 would wait that way behind 10 000 slices of 10 ms.
 * So before each
 * row both sleep O1_SETTLE_MS (the partner blocked in read()): at nice
 * -20 2.5.59 wants 2 s of sleep average for "interactive" (sched/core.c,
 * task_interactive()). Linux runs the same sleeps; they change nothing
 * there.
 *
 * The parent forks from CPU 0 and each hog pins itself to the measured
 * CPU. Forking from the measured CPU itself would take many minutes for
 * 1000 hogs on ours: each fork halves the parent's time slice (2.5.59's
 * sched_fork), so it expires every few forks and, not interactive, waits
 * on the expired array for every hog's 10 ms slice, a wait that grows
 * with each hog forked.
 */
#define O1_SETTLE_MS	3000	/* ms of sleep before each row; 2000 needed */
#define O1_WARMUP	20	/* round trips before the measured ones */

#define O1_FITS(n, quick)	_Static_assert((n) <= BENCH_O1_MAX, "o1rows.h: BENCH_O1_MAX");
BENCH_O1_ROWS(O1_FITS)

static int o1_pids[BENCH_O1_MAX];
static int o1_hogs;		/* hogs forked so far */
static int o1_fork_err;		/* the failed fork's -errno, when one failed */

/* Fork hogs pinned to cpu until there are n; 0, or the fork's -errno. */
static int o1_grow(int n, int cpu)
{
	shim_pin(0);
	while (o1_hogs < n) {
		int pid = shim_fork();

		if (pid == 0) {
			shim_nice(19);
			shim_pin(cpu);
			for (;;)
				;
		}
		if (pid < 0) {
			shim_pin(cpu);
			return pid;
		}
		sys_renice(pid, 19);	/* before it ever runs at -20 */
		o1_pids[o1_hogs++] = pid;
	}
	shim_pin(cpu);
	return 0;
}

/* Rounds of the pair through ping/pong, into the samples; returns them. */
static int o1_measure(int ping, int pong, int cpu, int rounds, char *sw, size_t swlen)
{
	uint64_t *s = bench_samples(), s0 = 0;
	char c = 'x';
	int r;

	for (r = -O1_WARMUP; r < rounds; r++) {
		uint64_t t0 = rdtsc();

		if (shim_write(ping, &c, 1) != 1 || shim_read(pong, &c, 1) != 1)
			break;
		if (r >= 0)
			s[r] = (rdtsc() - t0) / 2;
		if (r == -1)
			s0 = bench_switches(cpu, -1);
		/* The host's speed now and then: the CPU never idles here (the
		 * hogs), and a read every round would eat the pair's sleep
		 * average, which keeps it interactive. */
		if (r >= 0 && r % 8 == 7)
			bench_ref();
	}
	bench_sw_note(sw, swlen, s0, cpu, -1, r);
	return r < 0 ? 0 : r;
}

void bench_o1(void)
{
	static const int full[] = { BENCH_O1_ROWS(BENCH_O1_N) };
	int nall = (int)(sizeof(full) / sizeof(full[0]));
	int k, nk = bench.quick ? 0 BENCH_O1_ROWS(BENCH_O1_IS_QUICK) : nall;
	int cpu = bench.ncpus - 1, ping[2], pong[2], partner, room, err = 0;
	char name[24], extra[96], sw[32];

	room = sys_task_room(full[nk - 1]);
	if (shim_pipe(ping) < 0 || shim_pipe(pong) < 0) {
		bench_skip("o1_1", "pipe_failed");
		return;
	}
	shim_nice(-20);
	shim_pin(cpu);
	partner = shim_fork();
	if (partner == 0)
		bench_echo(ping, pong);
	shim_close(ping[0]);
	shim_close(pong[1]);
	for (k = 0; k < nk; k++) {
		int got;

		snprintf(name, sizeof(name), "o1_%d", full[k]);
		if (!err && partner > 0)
			err = o1_grow(full[k], cpu);
		if (err || partner < 0) {
			if (err && !o1_fork_err)
				o1_fork_err = err;
			snprintf(extra, sizeof(extra), "fork_limit_%d_errno_%d%s", o1_hogs,
				 partner < 0 ? -partner : -o1_fork_err,
				 room ? "_room_refused" : "");
			bench_skip(name, extra);
			continue;
		}
		shim_sleep_ms(O1_SETTLE_MS);
		got = o1_measure(ping[1], pong[0], cpu, bench_rounds(2000, 200), sw, sizeof(sw));
		snprintf(extra, sizeof(extra), "tasks=%d cpu=%d%s", o1_hogs, cpu, sw);
		bench_row(name, UNIT_NS, bench_samples(), got, 0, extra);
	}
	/* The hogs first: the partner, on their CPU, may have used up its
	 * interactivity by now, and then it would wait behind every hog's
	 * slice to see its end of file (100 s at 10 000, seen). */
	shim_unpin();
	bench_kill_all(o1_pids, o1_hogs);
	o1_hogs = 0;
	shim_close(ping[1]);
	shim_close(pong[0]);
	if (partner > 0)
		shim_wait(partner, NULL);
	shim_nice(0);
}
