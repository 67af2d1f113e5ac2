/*
 * burn.h - the CPU-burning loop the workloads share.
 *
 * burn_ms() spins for ms milliseconds of wall-clock time, in chunks of
 * BURN_CHUNK iterations between clock reads (a clock read is a system
 * call: reading it every iteration would measure the kernel, not burn the
 * CPU), and notes every CPU it finds itself on in *seen.
 * Returns the iterations done: the work the task got.
 */
#ifndef USER_WORK_BURN_H
#define USER_WORK_BURN_H

#include "shim.h"
#include "cpumask.h"	/* cpumask_t; cpulist_format(): lib/cpumask.c */

/* Iterations between clock reads: about 20-100 us under QEMU TCG. */
#define BURN_CHUNK	20000

static inline uint64_t burn_until_seen(uint64_t end, cpumask_t *seen, int *moves)
{
	uint64_t loops = 0;
	volatile uint32_t sink = 0;
	int last = -1;

	do {
		int cpu = -1;

		for (uint32_t i = 0; i < BURN_CHUNK; i++)
			sink += i;
		loops += BURN_CHUNK;
		shim_getcpu(&cpu, NULL);
		if (cpu >= 0 && cpu < NR_CPUS && seen)
			cpu_set(cpu, *seen);
		if (last >= 0 && cpu != last && moves)
			(*moves)++;
		last = cpu;
	} while (shim_now_us() < end);
	return loops;
}

static inline uint64_t burn_ms(unsigned int ms, cpumask_t *seen, int *moves)
{
	return burn_until_seen(shim_now_us() + (uint64_t)ms * 1000u, seen, moves);
}

/* Burn until the clock reads end (microseconds, shim_now_us()). */
static inline uint64_t burn_until(uint64_t end)
{
	return burn_until_seen(end, NULL, NULL);
}

/* The CPUs in mask in Linux's cpulist syntax ("0,3-5"), or "none". */
static inline const char *cpus_str(cpumask_t mask, char *buf, size_t len)
{
	if (cpus_empty(mask))
		snprintf(buf, len, "none");
	else
		cpulist_format(buf, len, mask);
	return buf;
}

#endif
