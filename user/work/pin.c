/*
 * pin - bind to one CPU and check that the scheduler keeps us there.
 *
 *   pin CPU [ms]      stay on CPU for ms (default 1000)
 *   pin all [ms]      every online CPU in turn, ms each (default 100)
 *
 * After sched_setaffinity() returns, every getcpu() must name that CPU
 * (the move happens before the call returns, on both systems). Prints the
 * checks made and how many found us elsewhere; exits 1 if any did.
 */
#include "work/burn.h"

/* Pin to cpu and burn ms; returns the number of checks that failed. */
static int stay(int cpu, int ms)
{
	cpumask_t seen = CPU_MASK_NONE;
	int r = shim_pin(cpu), now = -1;

	if (r < 0) {
		printf("pin: cpu %d: setaffinity failed (%d)\n", cpu, r);
		return 1;
	}
	shim_getcpu(&now, NULL);
	burn_ms((unsigned int)ms, &seen, NULL);
	if (now != cpu || !cpus_equal(seen, cpumask_of(cpu))) {
		char cpus[CPULIST_LEN];

		printf("pin: cpu %d: ran on %s (first %d)\n", cpu,
		       cpus_str(seen, cpus, sizeof(cpus)), now);
		return 1;
	}
	return 0;
}

int main(int argc, char **argv)
{
	int bad = 0, n = 0;

	if (argc < 2) {
		printf("usage: pin CPU|all [ms]\n");
		return 2;
	}
	if (!strcmp(argv[1], "all")) {
		int ms = argc > 2 ? atoi(argv[2]) : 100;

		for (int c = 0; c < shim_ncpus(); c++, n++)
			bad += stay(c, ms);
	} else {
		bad += stay(atoi(argv[1]), argc > 2 ? atoi(argv[2]) : 1000);
		n = 1;
	}
	shim_unpin();
	printf("pin: %d cpus checked, %d found us elsewhere\n", n, bad);
	return bad ? 1 : 0;
}
