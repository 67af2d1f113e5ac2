/*
 * sched_env.h - the kernel's side of the scheduler seam's types
 * (sched/sched_arch.h; the simulator's twin is sched/sim/sched_env.h).
 *
 * It has a folder of its own because sched/ is compiled with only sched/,
 * include/ and this folder on its include path (mk/kernel.mk): the
 * scheduler sees nothing of the kernel but what this file gives it.
 *
 * A runqueue lock is the kernel's spinlock (kernel/spinlock.h): it already
 * panics when a CPU takes a lock it holds or releases one it does not.
 * The kernel embeds struct task_struct in its own struct task (task.h), so
 * nothing is appended here.
 */
#ifndef KERNEL_SCHED_ENV_H
#define KERNEL_SCHED_ENV_H

#include "../spinlock.h"

typedef struct spinlock arch_spinlock_t;

#define SCHED_ENV_TASK_FIELDS

/* The seam's calls schedule() makes most, inline (sched_arch.h allows it):
 * the CPU number, interrupts off and back, and the lock assertion. */
#include "../../arch/x86/sched_inline.h"

/* Some CPU's trace ring records (kernel/trace.c, trace_start()): only then
 * does sched_trace() call arch_trace(). */
extern volatile int sched_trace_on;
#define arch_trace_enabled()	(sched_trace_on)

#endif
