/*
 * ctx.h - kernel stacks for simulated tasks: a call into the scheduler
 * that blocks in schedule() as it does in the kernel.
 *
 * The simulator's arch_context_switch() records a switch and returns at
 * once: the caller's code goes on as if the task switched to had run and
 * switched back. That is right for the engine's task models (they are
 * state machines, called again at their next tick) and wrong for scheduler
 * code that calls schedule() and then looks at where it is, as
 * sched_balance_exec() does: it must go on only once some CPU has switched
 * back to it, on that CPU.
 *
 * sim_ctx_call() runs such code on a stack of its own, as the current task
 * of sim_cpu. When that task is switched away (arch_context_switch() with
 * it as prev), its stack is parked inside the switch, still holding the
 * runqueue lock and with interrupts off, exactly where the kernel's
 * switch_to() leaves a task; the CPU goes on with the task switched to: its
 * own parked stack if it has one (it then releases the lock, as the kernel's
 * next task does after its switch_to()), or schedule_tail() for a task with
 * no kernel stack in use. When a CPU later switches back to the task, its
 * stack resumes there, on that CPU, and its schedule() returns.
 *
 * A switch made from plain simulator code (no stack of the task in use)
 * keeps the old meaning; if it switches to a parked task, that task resumes
 * at the next sim_ctx_resume_pending() (the engine calls it after every
 * operation, the unit tests' run_schedule() after every schedule()).
 *
 * Stalls: a CPU whose code releases its last lock may stop there for a
 * while (sim_ctx_stall_hook says when), as a vCPU does when QEMU does not
 * run it; other CPUs go on, and sim_ctx_resume_stalled() lets it continue.
 * The fuzzer uses this to run other CPUs between a lock release and the
 * code after it.
 */
#ifndef SCHED_SIM_CTX_H
#define SCHED_SIM_CTX_H

#include "sched.h"

struct sim_ctx;

/* What sim_ctx_call() and the resumes report. */
enum sim_ctx_end {
	SIM_CTX_DONE,		/* the code ran to its end; the CPU is free */
	SIM_CTX_SWITCHED,	/* its task was switched away; the CPU is free */
	SIM_CTX_STALLED,	/* the CPU stopped inside it (stall hook) */
};

/*
 * Run fn(arg) as task self (the current task of sim_cpu, or the task the
 * call is made for: an interrupt runs for the current task) on a stack of
 * its own. Returns once this CPU is free again or stalled. Only from
 * simulator code, never from inside another such call.
 */
enum sim_ctx_end sim_ctx_call(struct task_struct *self, void (*fn)(void *),
			      void *arg);

/* cpu switched, from plain simulator code, to a task parked inside a
 * switch: resume it there (taking the runqueue lock it expects to hold).
 * Nothing to do (returns SIM_CTX_DONE) when no such switch is pending or
 * when called from inside a sim_ctx_call(). */
enum sim_ctx_end sim_ctx_resume_pending(int cpu);

/* Let a CPU stalled inside a call go on. */
enum sim_ctx_end sim_ctx_resume_stalled(int cpu);
/* The CPU is stalled inside a call (busy: it takes no other work). */
int sim_ctx_stalled(int cpu);
/* p has a kernel stack in use (parked inside a switch, or running). */
int sim_ctx_in_kernel(const struct task_struct *p);
/* Code is running on a task's stack now (not plain simulator code). */
int sim_ctx_active(void);

/* p is gone (reaped): free its parked stack, never to be resumed. */
void sim_ctx_forget(struct task_struct *p);
/* Forget everything (a new machine). Parked stacks are freed. */
void sim_ctx_reset(void);

/* Called by arch_spin_unlock() when this CPU holds no lock any more: 1
 * stalls the CPU right there (inside a sim_ctx_call() only). */
extern int (*sim_ctx_stall_hook)(int cpu);

/* arch.c's hooks. */
void sim_ctx_switched(struct task_struct *prev, struct task_struct *next);
void sim_ctx_unlocked(void);

#endif
