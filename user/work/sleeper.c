/*
 * sleeper - sleep and wake up over and over: an "interactive" task.
 *
 *   sleeper [N] [ms]  N sleeps of ms each, default 20 x 50 ms
 *
 * A task that mostly sleeps earns sleep_avg and the interactivity bonus
 * (a better dynamic priority), so it preempts hogs when it wakes. The
 * wake-up latency (how much longer than ms each sleep took) shows it: run
 * it next to `hog`s and compare with running it alone.
 */
#include "work/burn.h"

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 20;
	int ms = argc > 2 ? atoi(argv[2]) : 50;
	uint64_t late_sum = 0, late_max = 0;
	cpumask_t seen = CPU_MASK_NONE;
	int i, cpu = -1;
	char cpus[CPULIST_LEN];

	if (n < 1 || ms < 0) {
		printf("usage: sleeper [N] [ms]\n");
		return 2;
	}
	for (i = 0; i < n; i++) {
		uint64_t t0 = shim_now_us(), late;

		shim_sleep_ms((unsigned int)ms);
		late = shim_now_us() - t0;
		late = late > (uint64_t)ms * 1000u ? late - (uint64_t)ms * 1000u : 0;
		late_sum += late;
		if (late > late_max)
			late_max = late;
		shim_getcpu(&cpu, NULL);
		if (cpu >= 0 && cpu < NR_CPUS)
			cpu_set(cpu, seen);
	}
	printf("sleeper: %d x %d ms, late by %llu us mean, %llu us max; ran on %s\n",
	       n, ms, (unsigned long long)(late_sum / (unsigned)n),
	       (unsigned long long)late_max, cpus_str(seen, cpus, sizeof(cpus)));
	return 0;
}
