/*
 * spin - start N CPU-bound children at once and see where they end up.
 *
 *   spin [N] [ms]     default N = number of CPUs, ms = 2000
 *   spin +K [ms]      N = number of CPUs + K (an overload on any shape)
 *
 * All children start on the parent's runqueue (fork puts the child next to
 * its parent) and all stop ms after the first fork; the balancer must
 * spread them: first inside the node, then
 * (less often) across nodes. Each child reports the CPU it was on when
 * time was up, the CPUs it ran on, the CPU it started on and when it last
 * changed CPU (how long balancing
 * took); the parent sums up how many ended on each node and says where it
 * forked them (tests/parity/behave.c reads all of these).
 */
#include "work/burn.h"

#define MAX_CHILDREN	64

/*
 * Burn until ms after t0, and say where the task was when time was up:
 * end_cpu and end_node: the CPU it last ran on before t0 + ms (a hog that
 * waits in a queue at that moment only looks at the clock once it runs
 * again, perhaps after a balancer moved it because others had exited).
 * *last_ms is when (ms after t0) it was last found on another CPU than
 * before: how long the balancer took to settle it. Every child ends at the
 * same time t0 + ms (t0: before the first fork), so their end CPUs are one
 * picture of the machine, even when a loaded host starts them far apart.
 * The loop is burn_until_seen()'s with that clock.
 */
static uint64_t burn_timed(uint64_t t0, int ms, cpumask_t *seen, int *moves, uint64_t *last_ms,
			   int *end_cpu, int *end_node)
{
	uint64_t now, end = t0 + (uint64_t)ms * 1000u, loops = 0;
	volatile uint32_t sink = 0;
	int last = -1;

	*last_ms = 0;
	do {
		int cpu = -1, node = -1;

		for (uint32_t i = 0; i < BURN_CHUNK; i++)
			sink += i;
		loops += BURN_CHUNK;
		shim_getcpu(&cpu, &node);
		now = shim_now_us();
		if (cpu >= 0 && cpu < NR_CPUS)
			cpu_set(cpu, *seen);
		if (last >= 0 && cpu != last) {
			(*moves)++;
			if (now < end)
				*last_ms = (now - t0) / 1000u;
		}
		if (now < end || *end_cpu < 0) {
			*end_cpu = cpu;
			*end_node = node;
		}
		last = cpu;
	} while (now < end);
	return loops;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : shim_ncpus();
	int ms = argc > 2 ? atoi(argv[2]) : 2000;
	int fds[2], i, per_node[64] = { 0 }, failed = 0, pcpu = -1, pnode = -1;
	uint64_t t0 = shim_now_us();

	if (argc > 1 && argv[1][0] == '+')
		n = shim_ncpus() + atoi(argv[1] + 1);
	if (n < 1 || n > MAX_CHILDREN || ms < 1) {
		printf("usage: spin [N 1..%d | +K] [ms]\n", MAX_CHILDREN);
		return 2;
	}
	/* Each child sends its final node back through a pipe. */
	if (shim_pipe(fds) < 0) {
		printf("spin: pipe failed\n");
		return 1;
	}
	shim_getcpu(&pcpu, &pnode);
	for (i = 0; i < n; i++) {
		int pid = shim_fork();

		if (pid == 0) {
			cpumask_t seen = CPU_MASK_NONE;
			uint64_t loops, last_ms;
			int moves = 0, cpu = -1, node = -1, fcpu = -1, fnode = -1;
			char cpus[CPULIST_LEN];
			unsigned char b;

			shim_close(fds[0]);
			shim_getcpu(&fcpu, &fnode);
			loops = burn_timed(t0, ms, &seen, &moves, &last_ms, &cpu, &node);
			printf("spin[%d]: cpu=%d node=%d %llu kloops, %d moves, ran on %s, first cpu=%d node=%d, last move at %llu ms\n",
			       i, cpu, node, (unsigned long long)(loops / 1000), moves,
			       cpus_str(seen, cpus, sizeof(cpus)), fcpu, fnode,
			       (unsigned long long)last_ms);
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
	printf("; forked on cpu=%d node=%d\n", pcpu, pnode);
	return failed ? 1 : 0;
}
