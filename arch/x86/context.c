/*
 * context.c - the x86 half of a context switch: what the CPU itself must
 * know about the task it runs next (context.h). The scheduler's half, and
 * the checks around it, are in kernel/sched_glue.c, arch_context_switch().
 */
#include "context.h"
#include "cpu.h"
#include "fpu.h"
#include "percpu.h"
#include "task.h"

void switch_to(uint32_t *prev_esp, uint32_t next_esp);	/* switch.asm */

void cpu_switch_to(struct task *prev, struct task *next)
{
	struct percpu *pc = this_cpu();

	pc->stack_base = next->kstack;
	pc->stack_top = next->kstack + KSTACK_SIZE;
	pc->tss.esp0 = (uint32_t)pc->stack_top;
	if (read_cr3() != next->cr3)
		write_cr3(next->cr3);
	fpu_switch_out(&prev->fpu);
	switch_to(&prev->esp, next->esp);
}
