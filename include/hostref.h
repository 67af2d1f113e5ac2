/*
 * hostref.h - the host's speed, read in the guest: one fixed loop that the
 * benchmarks run between their rounds (user/bench/util.c bench_ref(), the
 * in-kernel O(1) rows in kernel/tests/bench_o1.c).
 *
 * QEMU runs on a host whose own speed changes in steps of up to 2-3x that
 * last from milliseconds to seconds (bench/notes.md, "Host speed": a plain
 * loop of translated code, and a loop on the host itself, do it), and the
 * two kernels are measured minutes apart. A row read while the host was
 * slow shows a larger reading (ref=), which the report sets beside it.
 *
 * Assembly, so that every build runs the same bytes: add, xor, sub and jnz
 * on 32-bit registers encode alike in 32- and 64-bit mode (ours is 32-bit,
 * the Linux build of user/bench 64-bit), so QEMU translates the same four
 * instructions. HOSTREF_TURNS turns take about 3 us under TCG here: short
 * next to the host's slow spells, long next to the TSC reads around them.
 */
#ifndef HOSTREF_H
#define HOSTREF_H

#define HOSTREF_TURNS	2000u

static inline void hostref_loop(void)
{
	unsigned int n = HOSTREF_TURNS, a = 0;

	__asm__ __volatile__("1:\n\t"
			     "add %%ecx, %%eax\n\t"
			     "xor $0x5a5a5a5a, %%eax\n\t"
			     "sub $1, %%ecx\n\t"
			     "jnz 1b"
			     : "+a"(a), "+c"(n) : : "cc");
}

#endif
