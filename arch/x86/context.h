/*
 * context.h - the x86 half of a context switch (context.c).
 */
#ifndef ARCH_X86_CONTEXT_H
#define ARCH_X86_CONTEXT_H

struct task;

/*
 * Give this CPU to next: its kernel stack for traps from user mode (TSS
 * esp0) and the stack bounds the tick checks, its page directory (CR3),
 * the FPU to whoever touches it next (prev's registers stay until then),
 * and finally the registers themselves (switch.asm's switch_to). Returns
 * in prev when prev is switched back to, maybe on another CPU.
 * Interrupts off; the caller holds this CPU's runqueue lock.
 */
void cpu_switch_to(struct task *prev, struct task *next);

#endif
