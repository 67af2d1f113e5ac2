/*
 * cpu.h - one-instruction helpers: CPUID, TSC, control registers, MSRs,
 * interrupt flag. Nothing here keeps state.
 */
#ifndef ARCH_X86_CPU_H
#define ARCH_X86_CPU_H

#include <stdint.h>

#define EFLAGS_IF	(1u << 9)
#define CR0_WP		(1u << 16)
#define CR0_PG		(1u << 31)
#define CR4_PSE		(1u << 4)

#define MSR_APIC_BASE	0x1b

struct cpuid_regs {
	uint32_t eax, ebx, ecx, edx;
};

static inline struct cpuid_regs cpuid(uint32_t leaf, uint32_t subleaf)
{
	struct cpuid_regs r;

	__asm__ volatile("cpuid"
			 : "=a"(r.eax), "=b"(r.ebx), "=c"(r.ecx), "=d"(r.edx)
			 : "a"(leaf), "c"(subleaf));
	return r;
}

static inline uint64_t rdtsc(void)
{
	uint32_t lo, hi;

	__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
	return ((uint64_t)hi << 32) | lo;
}

static inline uint64_t rdmsr(uint32_t msr)
{
	uint32_t lo, hi;

	__asm__ volatile("rdmsr" : "=a"(lo), "=d"(hi) : "c"(msr));
	return ((uint64_t)hi << 32) | lo;
}

static inline void wrmsr(uint32_t msr, uint64_t v)
{
	__asm__ volatile("wrmsr" : : "c"(msr), "a"((uint32_t)v),
			 "d"((uint32_t)(v >> 32)));
}

/*
 * 64-bit atomics by cmpxchg8b (i586 and later), which GCC leaves to a
 * library under -mno-80387. cmpxchg64: when *p equals *old, store new and
 * return 1; else *old = *p and return 0. Full barriers.
 */
static inline int cmpxchg64(volatile uint64_t *p, uint64_t *old, uint64_t new)
{
	uint64_t prev = *old;
	uint8_t ok;

	__asm__ volatile("lock; cmpxchg8b %1; sete %0"
			 : "=q"(ok), "+m"(*p), "+A"(prev)
			 : "b"((uint32_t)new), "c"((uint32_t)(new >> 32))
			 : "memory", "cc");
	*old = prev;
	return ok;
}

/* A 64-bit value no store can tear: cmpxchg8b with 0 for 0. */
static inline uint64_t read64(volatile uint64_t *p)
{
	uint64_t v = 0;

	cmpxchg64(p, &v, 0);
	return v;
}

static inline void write64(volatile uint64_t *p, uint64_t v)
{
	uint64_t old = *p;

	while (!cmpxchg64(p, &old, v))
		;
}

#define DEFINE_CR(n)							\
static inline uint32_t read_cr##n(void)					\
{									\
	uint32_t v;							\
	__asm__ volatile("mov %%cr" #n ", %0" : "=r"(v));		\
	return v;							\
}									\
static inline void write_cr##n(uint32_t v)				\
{									\
	__asm__ volatile("mov %0, %%cr" #n : : "r"(v) : "memory");	\
}
DEFINE_CR(0)
DEFINE_CR(2)
DEFINE_CR(3)
DEFINE_CR(4)
#undef DEFINE_CR

static inline uint32_t read_eflags(void)
{
	uint32_t f;

	__asm__ volatile("pushfl; popl %0" : "=r"(f));
	return f;
}

static inline void cli(void)
{
	__asm__ volatile("cli" : : : "memory");
}

static inline void sti(void)
{
	__asm__ volatile("sti" : : : "memory");
}

/* Enable interrupts and halt with no window between: sti takes effect after
 * the next instruction, so an interrupt pending now wakes the hlt. */
static inline void sti_hlt(void)
{
	__asm__ volatile("sti; hlt" : : : "memory");
}

static inline void hlt(void)
{
	__asm__ volatile("hlt" : : : "memory");
}

/* Spin-wait hint: lets an SMT sibling (or, under QEMU, the host) run. */
static inline void cpu_relax(void)
{
	__asm__ volatile("pause" : : : "memory");
}

/* Disable interrupts; return the previous EFLAGS for irq_restore(). */
static inline uint32_t irq_save(void)
{
	uint32_t f = read_eflags();

	cli();
	return f;
}

static inline void irq_restore(uint32_t flags)
{
	if (flags & EFLAGS_IF)
		sti();
}

static inline int irqs_enabled(void)
{
	return !!(read_eflags() & EFLAGS_IF);
}

/* Stop this CPU for good (interrupts off; an NMI resumes the loop). */
static inline __attribute__((noreturn)) void halt_forever(void)
{
	for (;;)
		__asm__ volatile("cli; hlt" : : : "memory");
}

#endif
