/*
 * bench - the in-guest benchmarks of issue 7, the same source on both
 * kernels (see bench.h).
 *
 *   bench [quick] [ROW...]   rows: syscall ctx pipe wakeup fork exec
 *                            balance o1 field schbench, or all (the default)
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
} rows[] = {
	{ "syscall", bench_syscall },
	{ "ctx", bench_ctx_switch },
	{ "pipe", bench_pipes },
	{ "wakeup", bench_wakeup },
	{ "fork", bench_fork },
	{ "exec", bench_exec },
	{ "balance", bench_balance },
	{ "o1", bench_o1 },
	{ "field", bench_field },
	{ "schbench", bench_schbench },
};
#define NR_ROWS	(int)(sizeof(rows) / sizeof(rows[0]))

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
		int want = argc <= first;

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
