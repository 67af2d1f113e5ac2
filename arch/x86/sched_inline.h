/*
 * sched_inline.h - the scheduler seam's hottest calls (sched/sched_arch.h)
 * as inline x86 for the kernel's build of sched/. schedule() makes each of
 * them more than once (a lock assertion at every queue change and pick),
 * and as calls into kernel/sched_glue.c they cost a frame each; inline
 * they are the two or three instructions they stand for.
 *
 * The kernel's sched_env.h includes this file, so it includes nothing:
 * sched/ is compiled without the kernel's include path. It relies on
 * struct percpu's layout (percpu.h: self at %gs:0, cpu at %gs:4), which
 * sched_glue.c asserts at compile time, and on a kernel spinlock's owner
 * being its holder's struct percpu (spinlock.c).
 */
#ifndef ARCH_X86_SCHED_INLINE_H
#define ARCH_X86_SCHED_INLINE_H

#define SCHED_PERCPU_SELF	0	/* offsetof(struct percpu, self) */
#define SCHED_PERCPU_CPU	4	/* offsetof(struct percpu, cpu) */
#define SCHED_EFLAGS_IF		(1u << 9)

static inline int arch_smp_processor_id(void)
{
	int cpu;

	__asm__ volatile("movl %%gs:%c1, %0" : "=r"(cpu) : "i"(SCHED_PERCPU_CPU));
	return cpu;
}

static inline unsigned long arch_irq_save(void)
{
	unsigned long f;

	__asm__ volatile("pushfl; popl %0; cli" : "=r"(f) : : "memory");
	return f;
}

static inline void arch_irq_restore(unsigned long flags)
{
	if (flags & SCHED_EFLAGS_IF)
		__asm__ volatile("sti" : : : "memory");
}

/* spin_is_held()'s test (kernel/spinlock.c) with interrupts off: the
 * owner compare first, the flags read only when it holds. */
static inline int arch_spin_held(const arch_spinlock_t *lock)
{
	const void *me;
	unsigned long f;

	__asm__ volatile("movl %%gs:%c1, %0" : "=r"(me) : "i"(SCHED_PERCPU_SELF));
	if (lock->owner != me)
		return 0;
	__asm__ volatile("pushfl; popl %0" : "=r"(f));
	return !(f & SCHED_EFLAGS_IF);
}

#endif
