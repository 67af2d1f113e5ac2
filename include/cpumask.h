/*
 * cpumask.h - sets of CPUs as one 64-bit word (NR_CPUS <= 64).
 *
 * Portable: used by the kernel, sched/ and the host tools. A plain word keeps
 * the scheduler's hot paths (pick, wakeup) to a few instructions.
 */
#ifndef CPUMASK_H
#define CPUMASK_H

#include <stdint.h>
#include <stddef.h>
#include "params.h"

typedef uint64_t cpumask_t;

#define CPU_MASK_NONE		((cpumask_t)0)
#define cpumask_of(cpu)		((cpumask_t)1 << (cpu))

static inline int cpu_isset(int cpu, cpumask_t m)
{
	return (m >> cpu) & 1;
}

static inline int cpus_weight(cpumask_t m)
{
	return __builtin_popcountll(m);
}

/* Lowest CPU in m, or NR_CPUS when m is empty. */
static inline int first_cpu(cpumask_t m)
{
	return m ? __builtin_ctzll(m) : NR_CPUS;
}

#define for_each_cpu_mask(cpu, m) \
	for ((cpu) = 0; (cpu) < NR_CPUS; (cpu)++) \
		if (cpu_isset((cpu), (m)))

/*
 * Write m in Linux's cpulist syntax ("0-3,8") into buf of size len, always
 * NUL-terminated. An empty mask prints as "". Returns the length written.
 */
int cpulist_format(char *buf, size_t len, cpumask_t m);

#endif
