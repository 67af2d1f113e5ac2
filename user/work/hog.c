/*
 * hog - burn one CPU for a while and say where it ran.
 *
 *   hog [seconds]     default 5; 0 = until killed
 *
 * A CPU-bound task: it uses up every slice, its sleep_avg falls and it
 * loses its interactivity bonus, and the load balancer may move it. At the
 * end it prints how much work it did and every CPU it ran on.
 */
#include "work/burn.h"

int main(int argc, char **argv)
{
	int secs = argc > 1 ? atoi(argv[1]) : 5;
	uint64_t loops = 0, t0 = shim_now_us();
	cpumask_t seen = CPU_MASK_NONE;
	int moves = 0, cpu = -1, node = -1;
	char cpus[CPULIST_LEN];

	if (secs < 0) {
		printf("usage: hog [seconds]\n");
		return 2;
	}
	/* Whole seconds of burning, so "0 = forever" needs no special case
	 * inside burn_ms() and a kill lands between chunks. */
	for (int s = 0; secs == 0 || s < secs; s++)
		loops += burn_ms(1000, &seen, &moves);
	shim_getcpu(&cpu, &node);
	printf("hog: %d s, %llu kloops, %llu ms wall, cpu=%d node=%d, %d moves, ran on %s\n",
	       secs, (unsigned long long)(loops / 1000),
	       (unsigned long long)((shim_now_us() - t0) / 1000), cpu, node, moves,
	       cpus_str(seen, cpus, sizeof(cpus)));
	return 0;
}
