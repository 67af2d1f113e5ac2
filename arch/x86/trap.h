/*
 * trap.h - interrupts and exceptions: the saved state, the vector plan and
 * handler registration.
 */
#ifndef ARCH_X86_TRAP_H
#define ARCH_X86_TRAP_H

#include <stdint.h>

/* What entry.asm leaves on the stack, lowest address first. */
struct trap_frame {
	uint32_t gs, fs, es, ds;
	uint32_t edi, esi, ebp, esp_unused, ebx, edx, ecx, eax;	/* pushad */
	uint32_t vector, err;
	uint32_t eip, cs, eflags;	/* pushed by the CPU */
	uint32_t esp, ss;		/* only on entry from ring 3 */
};

/*
 * Vectors. The LAPIC ranks interrupts by vector / 16, so the timer and the
 * IPIs sit above device interrupts.
 */
#define VEC_PIC_BASE	0x20	/* 8259 PICs remapped here, all masked: only
				 * their spurious IRQ 7 / 15 can arrive */
#define VEC_ISA_BASE	0x30	/* ISA IRQ n through the I/O APIC: 0x30 + n */
#define VEC_TIMER	0xe0	/* LAPIC timer, periodic at HZ */
#define VEC_RESCHEDULE	0xf0	/* IPI: "look at your runqueue" (sched/) */
#define VEC_CALL_FUNC	0xf1	/* IPI: run smp_call_function's function */
#define VEC_LAPIC_ERROR	0xfe
#define VEC_SPURIOUS	0xff	/* LAPIC spurious: no EOI */

typedef void (*irq_handler_t)(struct trap_frame *f);

/* Install the IDT (boot CPU builds it once; every CPU loads it). */
void idt_init(void);
void idt_load(void);

/* Let ring 3 raise vector with `int` (a system call gate); the others
 * stay kernel-only, so `int n` from user mode faults with #GP. */
void idt_allow_user(int vector);
/* Make vector a task gate to the TSS tss_sel names (#DF: doublefault.c). */
void idt_set_task_gate(int vector, uint16_t tss_sel);

/* Handle vector v (>= 32) with fn; LAPIC vectors get their EOI after fn. */
void irq_register(int vector, irq_handler_t fn);

/*
 * Every tick, on each CPU (timer.c): panic when this CPU's TSS or the
 * guard below its sysenter entry stack was overwritten, and report the
 * NMIs ignored since the last report (nmi() in traps.c prints nothing).
 */
void trap_tick(void);

/* Called by entry.asm for every vector. */
void trap_dispatch(struct trap_frame *f);

/* Print the registers of f and a stack trace from it (panic output). */
void trap_dump(const struct trap_frame *f);

#endif
