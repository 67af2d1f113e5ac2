/*
 * cpumask.h - sets of CPUs: a bitmap of NR_CPUS bits in unsigned longs.
 *
 * Portable: used by the kernel, sched/, the user programs and the host tools.
 * The names and argument order are Linux 2.6's classic cpumask API
 * (include/linux/cpumask.h before 2.6.28): a mask is a value, the helpers that
 * change one take it as an lvalue (cpu_set(cpu, mask), cpus_and(dst, a, b)),
 * the ones that read one take it by value, so a function's result can be
 * passed straight in. Nothing outside this file knows the width of a word or
 * the number of words.
 *
 * CPU n is bit n % BITS_PER_LONG of bits[n / BITS_PER_LONG]: on a
 * little-endian machine that is bit n % 8 of byte n / 8 whatever the word
 * size, the layout of Linux's affinity masks and of cpumask_u
 * (uapi/syscall.h).
 */
#ifndef CPUMASK_H
#define CPUMASK_H

#include <stddef.h>
#include "params.h"

#define BITS_PER_LONG		((int)(8 * sizeof(unsigned long)))
#define CPUMASK_LONGS		((NR_CPUS + BITS_PER_LONG - 1) / BITS_PER_LONG)

typedef struct {
	unsigned long bits[CPUMASK_LONGS];
} cpumask_t;

/* Invariant: the bits at or above NR_CPUS in the last word are clear in
 * every mask (no helper sets them), so cpus_equal, cpus_weight and
 * cpus_empty need not mask them. */
#define CPU_MASK_NONE		((cpumask_t){ { 0 } })
#define CPU_MASK_ALL		cpus_below(NR_CPUS)

#define __cpu_word(cpu)		((unsigned)(cpu) / BITS_PER_LONG)
#define __cpu_bit(cpu)		(1UL << ((unsigned)(cpu) % BITS_PER_LONG))

/* Changing a mask: dst is an lvalue. cpu must be below NR_CPUS. */
#define cpu_set(cpu, dst)	((dst).bits[__cpu_word(cpu)] |= __cpu_bit(cpu))
#define cpu_clear(cpu, dst)	((dst).bits[__cpu_word(cpu)] &= ~__cpu_bit(cpu))
#define cpus_clear(dst)		((dst) = CPU_MASK_NONE)
#define cpus_setall(dst)	((dst) = CPU_MASK_ALL)
#define cpus_and(dst, a, b)	((dst) = cpumask_and_of((a), (b)))
#define cpus_or(dst, a, b)	((dst) = cpumask_or_of((a), (b)))
#define cpus_andnot(dst, a, b)	((dst) = cpumask_andnot_of((a), (b)))
#define cpus_complement(dst, a)	((dst) = cpumask_andnot_of(CPU_MASK_ALL, (a)))

/* 1 when cpu is in the mask whose words are bits; a cpu outside
 * 0..NR_CPUS-1 never is. */
static inline int cpumask_test_bits(int cpu, const unsigned long *bits)
{
	if (cpu < 0 || cpu >= NR_CPUS)
		return 0;
	return (bits[__cpu_word(cpu)] & __cpu_bit(cpu)) != 0;
}

/* 1 when cpu is in m. A macro, so that a mask in memory (a task's
 * cpus_allowed) is read in place, not copied whole as an argument; m may
 * be any expression of type cpumask_t, a call's result too. */
#define cpu_isset(cpu, m)	cpumask_test_bits((cpu), (m).bits)

/* The mask of one CPU (Linux 2.6: cpumask_of_cpu). */
static inline cpumask_t cpumask_of(int cpu)
{
	cpumask_t m = CPU_MASK_NONE;

	if (cpu >= 0 && cpu < NR_CPUS)
		cpu_set(cpu, m);
	return m;
}

/* CPUs 0..n-1 (all of them for n >= NR_CPUS): the online CPUs, which are
 * numbered densely from 0. */
static inline cpumask_t cpus_below(int n)
{
	cpumask_t m = CPU_MASK_NONE;
	int i;

	if (n > NR_CPUS)
		n = NR_CPUS;
	for (i = 0; n > 0 && i < CPUMASK_LONGS; i++, n -= BITS_PER_LONG)
		m.bits[i] = n >= BITS_PER_LONG ? ~0UL : (1UL << n) - 1;
	return m;
}

/* Value forms of cpus_and/or/andnot, for use inside expressions. */
static inline cpumask_t cpumask_and_of(cpumask_t a, cpumask_t b)
{
	int i;

	for (i = 0; i < CPUMASK_LONGS; i++)
		a.bits[i] &= b.bits[i];
	return a;
}

static inline cpumask_t cpumask_or_of(cpumask_t a, cpumask_t b)
{
	int i;

	for (i = 0; i < CPUMASK_LONGS; i++)
		a.bits[i] |= b.bits[i];
	return a;
}

/* a without the CPUs of b. */
static inline cpumask_t cpumask_andnot_of(cpumask_t a, cpumask_t b)
{
	int i;

	for (i = 0; i < CPUMASK_LONGS; i++)
		a.bits[i] &= ~b.bits[i];
	return a;
}

static inline int cpus_empty(cpumask_t m)
{
	int i;

	for (i = 0; i < CPUMASK_LONGS; i++)
		if (m.bits[i])
			return 0;
	return 1;
}

static inline int cpus_equal(cpumask_t a, cpumask_t b)
{
	int i;

	for (i = 0; i < CPUMASK_LONGS; i++)
		if (a.bits[i] != b.bits[i])
			return 0;
	return 1;
}

/* 1 when a and b share a CPU. */
static inline int cpus_intersects(cpumask_t a, cpumask_t b)
{
	int i;

	for (i = 0; i < CPUMASK_LONGS; i++)
		if (a.bits[i] & b.bits[i])
			return 1;
	return 0;
}

/* 1 when every CPU of the mask whose words are a is in b's: the masks
 * read in place, for a caller that asks often (the scheduler, of a task's
 * mask at every wakeup) and would otherwise copy both. */
static inline int cpumask_subset_bits(const unsigned long *a,
				      const unsigned long *b)
{
	int i;

	for (i = 0; i < CPUMASK_LONGS; i++)
		if (a[i] & ~b[i])
			return 0;
	return 1;
}

/* 1 when every CPU of a is in b. */
static inline int cpus_subset(cpumask_t a, cpumask_t b)
{
	return cpumask_subset_bits(a.bits, b.bits);
}

static inline int cpus_weight(cpumask_t m)
{
	int i, n = 0;

	for (i = 0; i < CPUMASK_LONGS; i++)
		n += __builtin_popcountl(m.bits[i]);
	return n;
}

/* Lowest CPU of m above cpu (-1: the lowest of all), or NR_CPUS when there
 * is none. */
static inline int next_cpu(int cpu, cpumask_t m)
{
	int i;
	unsigned long w;

	if (++cpu < 0)
		cpu = 0;
	if (cpu >= NR_CPUS)
		return NR_CPUS;
	i = (int)__cpu_word(cpu);
	w = m.bits[i] & ~(__cpu_bit(cpu) - 1);
	for (;;) {
		if (w)
			return i * BITS_PER_LONG + __builtin_ctzl(w);
		if (++i == CPUMASK_LONGS)
			return NR_CPUS;
		w = m.bits[i];
	}
}

/* Lowest CPU in m, or NR_CPUS when m is empty. */
static inline int first_cpu(cpumask_t m)
{
	return next_cpu(-1, m);
}

/* Each CPU of m in increasing order; m is evaluated on every step. */
#define for_each_cpu_mask(cpu, m) \
	for ((cpu) = first_cpu(m); (cpu) < NR_CPUS; (cpu) = next_cpu((cpu), (m)))

/*
 * Write m in Linux's cpulist syntax ("0-3,8") into buf of size len, always
 * NUL-terminated. An empty mask prints as "". Returns the length written.
 */
int cpulist_format(char *buf, size_t len, cpumask_t m);

/* The longest cpulist_format() can write, NUL included: every other CPU,
 * each with up to 4 digits and a comma. */
#define CPULIST_LEN		(NR_CPUS / 2 * 5 + 1)

#endif
