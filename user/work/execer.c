/*
 * execer - fork N children that each exec a program, and see where exec
 * placed them.
 *
 *   execer [N] [ms]   default N = number of CPUs, each child burns ms (500)
 *   execer +K [ms]    N = number of CPUs + K
 *
 * Exec is the cheapest time to move a task to another node (2.5.59's
 * sched_balance_exec): it has no memory there yet. Each child re-executes
 * this program as "execer -child ms" and reports the CPU and node it runs
 * on right after the exec; the parent counts children per node.
 */
#include "work/burn.h"

static int child(int ms)
{
	int cpu = -1, node = -1;
	uint64_t seen = 0;

	shim_getcpu(&cpu, &node);
	burn_ms((unsigned int)ms, &seen, NULL);
	printf("execer: after exec cpu=%d node=%d\n", cpu, node);
	return node & 0x3f;	/* the parent learns the node from the status */
}

int main(int argc, char **argv)
{
	int n, ms, i, per_node[64] = { 0 }, failed = 0, pcpu = -1, pnode = -1;
	/* exec(path, NULL) starts a program with argc 0. */
	char *self = argc > 0 ? argv[0] : "execer";
	char msbuf[16];

	if (argc > 1 && !strcmp(argv[1], "-child"))
		return child(argc > 2 ? atoi(argv[2]) : 0);
	n = argc > 1 ? atoi(argv[1]) : shim_ncpus();
	if (argc > 1 && argv[1][0] == '+')
		n = shim_ncpus() + atoi(argv[1] + 1);
	ms = argc > 2 ? atoi(argv[2]) : 500;
	if (n < 1 || n > 64 || ms < 0) {
		printf("usage: execer [N 1..64 | +K] [ms]\n");
		return 2;
	}
	snprintf(msbuf, sizeof(msbuf), "%d", ms);
	/* Where the children are forked: exec placement moves them from here. */
	shim_getcpu(&pcpu, &pnode);
	printf("execer: forking on cpu=%d node=%d\n", pcpu, pnode);
	for (i = 0; i < n; i++) {
		int pid = shim_fork();

		if (pid == 0) {
			char *args[] = { self, "-child", msbuf, NULL };
			int r = shim_exec(shim_self(self), args);

			printf("execer: exec %s failed (%d)\n", shim_self(self), r);
			shim_exit(127);
		}
		if (pid < 0)
			failed++;
	}
	for (i = 0; i < n - failed; i++) {
		int code = -1;

		if (shim_wait(-1, &code) < 0)
			break;
		if (code >= 0 && code < 64)
			per_node[code]++;
		else
			failed++;
	}
	printf("execer: %d children; per node after exec:", n - failed);
	for (i = 0; i < 64; i++)
		if (per_node[i])
			printf(" node%d=%d", i, per_node[i]);
	printf("\n");
	return failed ? 1 : 0;
}
