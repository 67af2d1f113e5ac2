/*
 * percpu.h - each CPU's own data, reached through %gs.
 *
 * Every CPU's %gs holds a GDT segment whose base is its struct percpu
 * (gdt.c), and the struct begins with a pointer to itself, so this_cpu() is
 * one load and needs no lock, no APIC read and no table lookup. Every entry
 * from user mode compares %gs with the selector the task register gives and
 * loads it when they differ (entry.asm, sysentry.asm), so the rule holds in
 * every handler, whatever user code does to %gs.
 *
 * Locking: the fields are written by their own CPU only, except where noted.
 * Other CPUs read them (ticks for tests, current for the scheduler) without a
 * lock; 32-bit aligned loads and stores do not tear on x86.
 */
#ifndef ARCH_X86_PERCPU_H
#define ARCH_X86_PERCPU_H

#include <stddef.h>
#include <stdint.h>
#include "params.h"

struct fpu;

struct tss {
	uint32_t link;
	uint32_t esp0, ss0;	/* kernel stack for entries from ring 3 */
	uint32_t esp1, ss1, esp2, ss2;
	uint32_t cr3, eip, eflags;
	uint32_t eax, ecx, edx, ebx, esp, ebp, esi, edi;
	uint32_t es, cs, ss, ds, fs, gs, ldt;
	uint16_t trap, iomap_base;
} __attribute__((packed));

/*
 * 2 KiB, where a #DB (a user's TF) and an NMI nested in it need under
 * 0.5 KiB: each does minimal work there and prints nothing (traps.c).
 * Below it lies a guard word the tick checks (trap_tick()); above it
 * the TSS, which pushes, going down, never reach.
 */
#define ENTRY_STACK_WORDS	512
#define ENTRY_STACK_GUARD	0xe5e5a6d0

struct percpu {
	struct percpu *self;	/* %gs:0; must stay first */
	int cpu;		/* logical CPU number (Linux order). Before the
				 * boot CPU numbers the online CPUs (smpboot.c)
				 * it is the CPU's slot, unique but maybe with
				 * holes; written by the boot CPU then. */
	int slot;		/* index in smpboot's table of MADT CPUs */
	uint32_t apic_id;
	int node;		/* NUMA node (SRAT), 0 without one */
	volatile uint32_t ticks;	/* timer interrupts taken on this CPU */
	void *current;		/* the running task: owned by sched/ */
	void *sched_data;	/* anything else the scheduler keeps per CPU */
	uintptr_t stack_base;	/* lowest address of the stack in use: the
				 * boot/idle stack until the scheduler switches
				 * to a task's (it updates these two and
				 * tss.esp0). Holds STACK_END_MAGIC. */
	uintptr_t stack_top;	/* one past its highest */
	int irq_depth;		/* nesting of interrupt handlers */
	struct fpu *fpu_owner;	/* whose x87 registers are live here, or
				 * NULL (CR0.TS set): fpu.h */
	int idle_polling;	/* 1 while the idle task polls need_resched
				 * (kernel/idle.c): a waker then sends no IPI.
				 * Set only by the idle task, on its CPU; the
				 * switch away from it clears it before it
				 * stores current (a release store). So a
				 * reader that loads current (acquire), then
				 * this, never sees 1 beside a task that is
				 * not the idle task. Wakers read it under the
				 * runqueue lock; tests, unlocked. */
	uint32_t nmis;		/* NMIs taken and ignored (traps.c) */
	uint32_t nmis_entry;	/* ...of them on entry_stack */
	uint32_t nmis_reported;	/* nmis when the tick last said so */
	uint32_t entry_guard;	/* ENTRY_STACK_GUARD, or entry_stack overflowed */
	/*
	 * Where `sysenter` lands (IA32_SYSENTER_ESP = its end): the entry's
	 * first instruction loads tss.esp0, just above, so tss must directly
	 * follow it (sysenter.c checks). Only a #DB (user TF) or an NMI
	 * taken before that instruction runs on it.
	 */
	uint32_t entry_stack[ENTRY_STACK_WORDS];
	struct tss tss;		/* this CPU's TSS (its GDT descriptor: gdt.c) */
};

/*
 * The lowest word of every kernel stack (Linux's value). A stack that grew
 * past its end overwrites it; every timer tick checks this CPU's and panics.
 * The guard page below every stack (paging.h) stops an overflow at once;
 * this word also catches one that jumped over the guard (a frame larger
 * than a page).
 */
#define STACK_END_MAGIC	0x57ac6e9d

/* This CPU's struct percpu. */
static inline struct percpu *this_cpu(void)
{
	struct percpu *p;

	__asm__ volatile("movl %%gs:0, %0" : "=r"(p));
	return p;
}

/* This CPU's logical number. */
static inline int smp_processor_id(void)
{
	int cpu;

	__asm__ volatile("movl %%gs:%c1, %0"
			 : "=r"(cpu) : "i"(offsetof(struct percpu, cpu)));
	return cpu;
}

/* The struct percpu of logical CPU cpu, or NULL when it is not online. */
struct percpu *cpu_data(int cpu);

#endif
