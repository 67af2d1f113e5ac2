/*
 * arch.h - the simulator's implementation of the seam (sched_arch.h), as
 * seen by the simulator and the scheduler's unit tests.
 *
 * One host thread plays every CPU: sim_cpu says which one is "executing",
 * sim_jiffies is the tick counter. Reschedule IPIs become flags that the
 * engine delivers at the CPU's next step. Locks and interrupt flags are
 * bookkeeping that panics on a broken rule.
 */
#ifndef SCHED_SIM_ARCH_H
#define SCHED_SIM_ARCH_H

#include <setjmp.h>
#include "sched.h"

extern int sim_cpu;
extern unsigned long sim_jiffies;
/* Ticks each CPU's clock is ahead of sim_jiffies (arch_jiffies() reads
 * sim_jiffies + sim_clock_skew[sim_cpu]); 0 unless a test skews it. */
extern long sim_clock_skew[NR_CPUS];
extern int sim_ipi_pending[NR_CPUS];
extern unsigned long sim_ipis_sent;
extern unsigned long sim_switches;

/* Called for each context switch / migration (may be NULL). */
extern void (*sim_switch_hook)(struct task_struct *prev,
			       struct task_struct *next);
extern void (*sim_migrate_hook)(struct task_struct *p, int from, int to,
				int why);
/* Called after each lock release, on the releasing CPU (may be NULL): a
 * test runs other CPUs there to force an interleaving. */
extern void (*sim_unlock_hook)(arch_spinlock_t *lock);
/* Called at each arch_jiffies() after it has read the clock (may be NULL):
 * a test advances the clock there, as a vCPU the host stops right after a
 * clock read sees it. */
extern void (*sim_clock_hook)(void);
/* Called for each arch_trace() event other than a migration, which goes
 * to sim_migrate_hook (may be NULL). */
extern void (*sim_trace_hook)(int ev, const struct task_struct *p, int a,
			      int b, int c);

/* 0: print only "sanity:" log lines; 1: every log line; -1: none (a test
 * that breaks the scheduler on purpose and reads sim_last_log). */
extern int sim_verbose;
/* Log lines that began with "sanity:", and the last one. */
extern unsigned long sim_sanity_lines;
extern char sim_last_log[512];

/* When set, arch_sched_panic() longjmps here instead of aborting (a test
 * that expects a panic). The message is in sim_last_panic. */
extern jmp_buf *sim_panic_jmp;
extern char sim_last_panic[512];

void sim_arch_reset(void);
/* Panic unless every CPU holds no lock and has interrupts on: the state
 * between two operations. */
void sim_check_quiescent(const char *after);
int sim_locks_held(int cpu);
int sim_irqs_off(int cpu);

#endif
