/*
 * spin - start N CPU-bound children at once and see where they end up.
 *
 *   spin [N] [ms]     default N = number of CPUs, ms = 2000
 *
 * All children start on the parent's runqueue (fork puts the child next to
 * its parent); the balancer must spread them: first inside the node, then
 * (less often) across nodes. Each child reports the CPUs it ran on; the
 * parent sums up how many ended on each node.
 */
#include "work/burn.h"

#define MAX_CHILDREN	64

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : shim_ncpus();
	int ms = argc > 2 ? atoi(argv[2]) : 2000;
	int fds[2], i, per_node[64] = { 0 }, failed = 0;
	uint64_t t0 = shim_now_us();

	if (n < 1 || n > MAX_CHILDREN || ms < 1) {
		printf("usage: spin [N 1..%d] [ms]\n", MAX_CHILDREN);
		return 2;
	}
	/* Each child sends its final node back through a pipe. */
	if (shim_pipe(fds) < 0) {
		printf("spin: pipe failed\n");
		return 1;
	}
	for (i = 0; i < n; i++) {
		int pid = shim_fork();

		if (pid == 0) {
			uint64_t seen = 0, loops;
			int moves = 0, cpu = -1, node = -1;
			char cpus[128];
			unsigned char b;

			shim_close(fds[0]);
			loops = burn_ms((unsigned int)ms, &seen, &moves);
			shim_getcpu(&cpu, &node);
			printf("spin[%d]: cpu=%d node=%d %llu kloops, %d moves, ran on %s\n",
			       i, cpu, node, (unsigned long long)(loops / 1000), moves,
			       cpus_str(seen, cpus, sizeof(cpus)));
			b = (unsigned char)node;
			shim_write(fds[1], &b, 1);
			shim_exit(0);
		}
		if (pid < 0) {
			printf("spin: fork %d failed (%d)\n", i, pid);
			failed++;
		}
	}
	shim_close(fds[1]);
	for (i = 0; i < n - failed; i++) {
		unsigned char b;

		if (shim_read(fds[0], &b, 1) == 1 && b < 64)
			per_node[b]++;
	}
	while (shim_wait(-1, NULL) > 0)
		;
	printf("spin: %d children, %llu ms; per node:", n - failed,
	       (unsigned long long)((shim_now_us() - t0) / 1000));
	for (i = 0; i < 64; i++)
		if (per_node[i])
			printf(" node%d=%d", i, per_node[i]);
	printf("\n");
	return failed ? 1 : 0;
}
