/*
 * proc.c - process rows: fork+exit, fork+exec+exit, and exec itself with
 * and without the scheduler's placement at exec (2.5.59's
 * sched_balance_exec(), Linux's sched_exec()).
 */
#include "bench/bench.h"

void bench_fork(void)
{
	uint64_t *s = bench_samples();
	int r, n = bench_rounds_of("fork_exit", 300, 30), got = 0;

	for (r = 0; r < n; r++) {
		uint64_t t0 = rdtsc();
		int pid = shim_fork();

		if (pid == 0)
			shim_exit(0);
		if (pid < 0)
			break;
		shim_wait(pid, NULL);
		s[got++] = rdtsc() - t0;
		bench_ref();
	}
	bench_row("fork_exit", UNIT_US, s, got, 0, NULL);
	got = 0;
	n = bench_rounds_of("fork_exec_exit", 200, 20);
	for (r = 0; r < n; r++) {
		uint64_t t0 = rdtsc();
		int pid = shim_fork();

		if (pid == 0) {
			char *argv[] = { "bench", "nop", NULL };

			shim_exec(bench.self, argv);
			shim_exit(127);
		}
		if (pid < 0)
			break;
		shim_wait(pid, NULL);
		s[got++] = rdtsc() - t0;
		bench_ref();
	}
	bench_row("fork_exec_exit", UNIT_US, s, got, 0, NULL);
}

/* What a child writes before exec and the new image at its main(). */
struct exec_rec {
	uint64_t tsc;
	int32_t cpu, node;
};

int bench_child_exectime(int fd)
{
	struct exec_rec e;

	e.tsc = rdtsc();
	shim_getcpu(&e.cpu, &e.node);
	return shim_write(fd, &e, sizeof(e)) == sizeof(e) ? 0 : 1;
}

/*
 * n execs: each child (pinned to cpu when pin, else free) notes the TSC,
 * CPU and node, and execs `bench exectime FD`, which notes them again.
 * Fills the samples; *moved counts the execs that ended on another node.
 */
static int exec_rounds(int cpu, int pin, int n, int *moved)
{
	uint64_t *s = bench_samples();
	int fds[2], r, got = 0;
	char fdarg[16];

	*moved = 0;
	if (shim_pipe(fds) < 0)
		return 0;
	snprintf(fdarg, sizeof(fdarg), "%d", fds[1]);
	shim_pin(cpu);
	for (r = 0; r < n; r++) {
		struct exec_rec a, b;
		int pid = shim_fork();

		if (pid == 0) {
			char *argv[] = { "bench", "exectime", fdarg, NULL };

			if (!pin)
				shim_unpin();
			bench_child_exectime(fds[1]);
			shim_exec(bench.self, argv);
			shim_exit(127);
		}
		if (pid < 0)
			break;
		shim_wait(pid, NULL);
		if (shim_read(fds[0], &a, sizeof(a)) != sizeof(a) ||
		    shim_read(fds[0], &b, sizeof(b)) != sizeof(b))
			break;
		s[got++] = b.tsc - a.tsc;
		if (a.node != b.node)
			(*moved)++;
		bench_ref();
	}
	shim_unpin();
	shim_close(fds[0]);
	shim_close(fds[1]);
	return got;
}

/*
 * exec: pinned children, so placement has nowhere to go. exec_place: free
 * children while every CPU of node 0 runs a hog, so placement moves them to
 * another node; the difference is what placement costs.
 */
void bench_exec(void)
{
	int n = bench_rounds(200, 20), got, moved;
	char extra[48];

	got = exec_rounds(0, 1, n, &moved);
	snprintf(extra, sizeof(extra), "moved=%d", moved);
	bench_row("exec", UNIT_US, bench_samples(), got, 0, extra);
}

void bench_exec_place(void)
{
	static int pids[64];
	int n = bench_rounds(200, 20), got, moved, i, nh = 0;
	char extra[48];

	if (bench_nr_nodes < 2) {
		bench_skip("exec_place", "one_node");
		return;
	}
	for (i = 0; i < bench.ncpus && nh < 64; i++) {
		if (bench_cpus[i].node != 0)
			continue;
		pids[nh] = shim_fork();
		if (pids[nh] == 0) {
			shim_pin(i);
			for (;;)
				;
		}
		nh++;
	}
	shim_sleep_ms(20);	/* the hogs on their CPUs */
	got = exec_rounds(0, 0, n, &moved);
	bench_kill_all(pids, nh);
	snprintf(extra, sizeof(extra), "moved=%d hogs=%d", moved, nh);
	bench_row("exec_place", UNIT_US, bench_samples(), got, 0, extra);
}
