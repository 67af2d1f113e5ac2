/*
 * fpu.h - the x87/MMX registers as each process's own, and the CR0 every
 * CPU runs with.
 *
 * Lazily, as Linux 2.5 did (TIF_USEDFPU, unlazy_fpu): CR0.TS is set on
 * every CPU except while the running task's registers are live in its
 * FPU. A task's first FPU instruction after a switch raises #NM; the
 * handler clears TS and loads the task's saved image (or a fresh one,
 * fninit, when the task has none since its exec). A switch away from the
 * task that holds the FPU saves its image (fnsave) and sets TS. The
 * image is thus always in the task when the task is not running, so a
 * task may resume on any CPU: nothing is left behind on the old one.
 *
 * fnsave/frstor (108 bytes): the x87 and MMX state, on every x87 CPU.
 * CR4.OSFXSR stays clear, so SSE instructions raise #UD in user mode and
 * there is no XMM state to keep. CR0.NE is set: an unmasked x87
 * exception arrives as #MF at the faulting process's next waiting FPU
 * instruction, and kills it (SIGFPE) with a message. The kernel is built
 * without x87 code (-mno-80387): only this file's asm touches the FPU.
 *
 * Locking: struct fpu and this CPU's owner (percpu.fpu_owner) are touched
 * with interrupts off, by the CPU that runs the task (or, at fork and
 * exec, by the task itself).
 */
#ifndef ARCH_X86_FPU_H
#define ARCH_X86_FPU_H

#include <stdint.h>

struct trap_frame;

struct fpu {
	uint8_t image[108];	/* fnsave's format (Intel SDM vol. 1, 8.1.10) */
	int used;		/* image holds the task's state: it used the
				 * FPU since its exec (else #NM starts fresh) */
};

/* Every CPU, on itself, first thing after its GDT: set CR0's FPU bits
 * (NE, MP, TS; EM clear), reset the FPU, and note CR0 for the report. */
void fpu_init_cpu(void);

/* Boot CPU, once every AP is up: one line saying whether every CPU runs
 * with the same CR0 (they must: an AP with CD/NW set runs uncached). */
void fpu_report_cr0(void);

/* The context switch, away from prev (interrupts off): save prev's
 * registers when they are live here, and set TS. */
void fpu_switch_out(struct fpu *prev);

/* exec: the task starts with a fresh FPU (fninit's state). */
void fpu_exec(struct fpu *f);

/* fork: the child gets the parent's (the calling task's) registers. */
void fpu_fork(struct fpu *child, struct fpu *parent);

/* #NM from user mode: give the running task its registers. 0 when the
 * trap is no FPU business (from the kernel: a bug). */
int fpu_device_not_available(struct trap_frame *f);

/* The x87 status and control words of the running task, for #MF's
 * message (its registers are live: it just ran an FPU instruction). */
void fpu_status(uint16_t *status, uint16_t *control);

#endif
