/*
 * nicemix - CPU hogs at different nice levels sharing one CPU.
 *
 *   nicemix [seconds] [cpu]   default 3 s on CPU 0
 *
 * Four children at nice 0, 5, 10 and 19 are pinned to the same CPU and
 * burn it for the same time. The O(1) scheduler gives a nice level a
 * longer or shorter slice (task_timeslice), so the work each got should
 * fall with its nice value: the slices of 2.5.59 (10 ms at nice 19 to
 * 200 ms at nice -20) give about 42%, 32%, 22% and 4%; Linux's CFS
 * weights about 69%, 23%, 7% and 1%. Each child sends its loop count and
 * the CPUs it burned on to the parent through a pipe; the parent prints
 * each one's share and those CPUs (only the pinned one, if affinity held).
 */
#include "work/burn.h"

static const int nices[] = { 0, 5, 10, 19 };
#define NCHILD	((int)(sizeof(nices) / sizeof(nices[0])))

struct result {
	int32_t idx;
	int32_t cpu;
	uint64_t loops;
	cpumask_t seen;	/* the CPUs it burned on */
};

int main(int argc, char **argv)
{
	int secs = argc > 1 ? atoi(argv[1]) : 3;
	int cpu = argc > 2 ? atoi(argv[2]) : 0;
	uint64_t loops[NCHILD] = { 0 }, total = 0;
	cpumask_t seen[NCHILD] = { CPU_MASK_NONE };
	/* Start together once all are forked and pinned: 200 ms from now. */
	uint64_t start = shim_now_us() + 200000u;
	int fds[2], i, got = 0;

	if (secs < 1 || cpu < 0) {
		printf("usage: nicemix [seconds] [cpu]\n");
		return 2;
	}
	if (shim_pipe(fds) < 0) {
		printf("nicemix: pipe failed\n");
		return 1;
	}
	for (i = 0; i < NCHILD; i++) {
		int pid = shim_fork();

		if (pid == 0) {
			struct result r = { i, -1, 0, CPU_MASK_NONE };
			int e1 = shim_pin(cpu), e2 = shim_nice(nices[i]);

			if (e1 < 0 || e2 < 0)
				printf("nicemix: child %d: pin %d, nice %d\n", i, e1, e2);
			/* Everyone burns over the same window, so no one runs
			 * alone at the start or the end. The wait for the start
			 * burns too: a sleep would earn sleep_avg, and the
			 * interactivity bonus would blur the nice levels. */
			burn_until(start);
			r.loops = burn_until_seen(start + (uint64_t)secs * 1000000u, &r.seen, NULL);
			shim_getcpu(&r.cpu, NULL);
			shim_write(fds[1], &r, sizeof(r));
			shim_exit(0);
		}
		if (pid < 0)
			printf("nicemix: fork failed (%d)\n", pid);
	}
	shim_close(fds[1]);
	for (;;) {
		struct result r;

		if (shim_read(fds[0], &r, sizeof(r)) != (long)sizeof(r))
			break;
		if (r.idx >= 0 && r.idx < NCHILD) {
			loops[r.idx] = r.loops;
			seen[r.idx] = r.seen;
			total += r.loops;
			got++;
		}
	}
	while (shim_wait(-1, NULL) > 0)
		;
	for (i = 0; i < NCHILD; i++) {
		char cpus[CPULIST_LEN];

		printf("nicemix: nice %2d: %6llu kloops %3llu%%, ran on %s\n", nices[i],
		       (unsigned long long)(loops[i] / 1000),
		       (unsigned long long)(total ? loops[i] * 100 / total : 0),
		       cpus_str(seen[i], cpus, sizeof(cpus)));
	}
	return got == NCHILD ? 0 : 1;
}
