/*
 * bench - the in-guest benchmarks of issue 7, the same source on both
 * kernels (see bench.h).
 *
 *   bench [quick] [ROW...]   rows: syscall ctx pipe wakeup fork exec
 *                            place balance o1 field schbench, or all (the
 *                            default)
 *   bench profile ROW N      the group that makes row ROW, ROW with N rounds
 *                            and the group's other rows with none, no reads
 *                            of the host's speed: make profile boots this
 *                            with N and with 0 and diffs the two
 *                            (bench/profile/profile.sh); ROW: syscall_null,
 *                            yield_self, ctx_switch, fork_exit or
 *                            fork_exec_exit
 *   bench nop                exit at once (the exec target)
 *   bench exectime FD        note TSC, CPU and node to FD (exec rows)
 *   bench hog FD ID          spin, report each change of CPU to FD
 *   bench hostspeed [N]      the host's speed over time (ctx.c), no row
 *
 * Prints "bench: begin system=S cpus=N nodes=N tsc_khz=K", one line a
 * row, and "bench: end".
 */
#include "bench/bench.h"

static const struct {
	const char *name;
	void (*run)(void);
	const char *profiled;	/* the rows `bench profile` can give rounds to */
} rows[] = {
	{ "syscall", bench_syscall, " syscall_null yield_self " },
	{ "ctx", bench_ctx_switch, " ctx_switch " },
	{ "pipe", bench_pipes, NULL },
	{ "wakeup", bench_wakeup, NULL },
	{ "fork", bench_fork, " fork_exit fork_exec_exit " },
	{ "exec", bench_exec, NULL },
	{ "place", bench_exec_place, NULL },
	{ "balance", bench_balance, NULL },
	{ "o1", bench_o1, NULL },
	{ "field", bench_field, NULL },
	{ "schbench", bench_schbench, NULL },
};
#define NR_ROWS	(int)(sizeof(rows) / sizeof(rows[0]))

/* Whether list (words each with a blank on both sides) has the word w. */
static int has_word(const char *list, const char *w)
{
	size_t n = strlen(w);
	const char *p;

	for (p = list + 1; *p; p++)
		if (p[-1] == ' ' && !strncmp(p, w, n) && p[n] == ' ')
			return 1;
	return 0;
}

int main(int argc, char **argv)
{
	int i, k, first = 1, any = 0;

	if (argc > 1 && !strcmp(argv[1], "nop"))
		return 0;
	if (argc > 2 && !strcmp(argv[1], "exectime"))
		return bench_child_exectime(atoi(argv[2]));
	if (argc > 3 && !strcmp(argv[1], "hog"))
		return bench_child_hog(atoi(argv[2]), atoi(argv[3]));
	if (argc > 1 && !strcmp(argv[1], "hostspeed")) {
		bench.ncpus = shim_ncpus() > 64 ? 64 : shim_ncpus();
		bench.tsc_khz = bench_calibrate(100);
		return bench_hostspeed(argc > 2 ? atoi(argv[2]) : 200);
	}
	if (argc > 1 && !strcmp(argv[1], "quick")) {
		bench.quick = 1;
		first = 2;
	}
	if (argc > 3 && !strcmp(argv[1], "profile")) {
		bench.quick = 1;	/* the short calibration: both boots make it */
		bench.profile_row = argv[2];
		bench.profile_rounds = atoi(argv[3]);
		first = argc;
	}
	bench.self = shim_self(argv[0]);
	bench.ncpus = shim_ncpus();
	if (bench.ncpus > 64)
		bench.ncpus = 64;
	if (bench_read_topo() < bench.ncpus)
		printf("bench: warning: the topo: report names fewer than %d CPUs\n",
		       bench.ncpus);
	bench.tsc_khz = bench_calibrate(bench.quick ? 100 : 300);
	printf("bench: begin system=%s cpus=%d nodes=%d tsc_khz=%u quick=%d\n",
	       shim_system, bench.ncpus, bench_nr_nodes, bench.tsc_khz, bench.quick);
	for (k = 0; k < NR_ROWS; k++) {
		int want = argc <= first && !bench.profile_row;

		if (bench.profile_row && rows[k].profiled)
			want = has_word(rows[k].profiled, bench.profile_row);
		for (i = first; i < argc; i++)
			if (!strcmp(argv[i], "all") || !strcmp(argv[i], rows[k].name))
				want = 1;
		if (want) {
			rows[k].run();
			any = 1;
		}
	}
	printf("bench: end\n");
	return any ? 0 : 2;
}
