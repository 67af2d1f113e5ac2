/*
 * usermode.h - ring 3: entering it, the system call gate, the way back
 * from interrupts (preemption), and faults of user code.
 *
 * A task in user mode has its kernel stack in this CPU's TSS (tss.esp0,
 * set at every context switch), so an interrupt or `int 0x80` from ring 3
 * lands on the top of it with a struct trap_frame (trap.h) that ends with
 * the user's esp and ss. sysenter (sysenter.h) builds the same frame there.
 */
#ifndef ARCH_X86_USERMODE_H
#define ARCH_X86_USERMODE_H

#include <stdint.h>

struct task;
struct trap_frame;

/* Open the int 0x80 gate to ring 3 (boot CPU, once). */
void usermode_init(void);

/* traps.c: an exception. 1 when handled here: a user fault (the task is
 * killed) or a fault of a user-copy instruction (resumed at its fixup). */
int user_trap(struct trap_frame *f);

/* traps.c: the end of every interrupt, exception and system call, with
 * interrupts off. Schedules when asked to (returning to user mode, or to a
 * preemptible kernel task), and ends a killed task instead of returning
 * to its user code. */
void trap_exit(struct trap_frame *f);

/* trap_exit() of a frame of user mode, t being this CPU's task: schedule
 * while asked to, end t if killed, give a per-CPU %gs this CPU's. */
void trap_exit_user(struct trap_frame *f, struct task *t);

/* Fill f so that trap_return enters user mode at eip with stack esp. */
void usermode_frame(struct trap_frame *f, uint32_t eip, uint32_t esp);

#endif
