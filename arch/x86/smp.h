/*
 * smp.h - the CPUs: which are online, starting the others, and talking to
 * them with inter-processor interrupts.
 *
 * Logical CPU numbers follow Linux: the boot CPU is 0, then the CPUs that
 * answered, in MADT order, with no holes (a CPU that did not start is not
 * counted at all).
 */
#ifndef ARCH_X86_SMP_H
#define ARCH_X86_SMP_H

#include <stdint.h>
#include "cpumask.h"
#include "cputopo.h"
#include "percpu.h"

/* Online CPUs; final once smp_boot_aps() returns. */
extern cpumask_t cpu_online_mask;
int num_online_cpus(void);

/* CPUs running kernel code, numbered or not (panic stops them all). */
int smp_cpus_started(void);

/* The boot CPU's own per-CPU data, before anything else runs. */
void smp_prepare_boot_cpu(void);

/* Start every AP the MADT lists (and maxcpus= allows), number the ones that
 * answered. Boot CPU, with its timer ticking and interrupts on. Without a
 * usable MADT (use_madt 0) the boot CPU stays alone. */
void smp_boot_aps(int use_madt);

/* CPUID IDs of online CPU cpu (cputopo.c builds the topology from them). */
const struct cpu_ids *smp_cpu_ids(int cpu);

/* The idle loop, forever: the idle hook each time around, or until one is
 * set (an AP before the scheduler knows it), halt until an interrupt. */
void cpu_idle(void) __attribute__((noreturn));
/* What cpu_idle() runs instead of halting (kernel/idle.c); it returns
 * after an interrupt, or after it scheduled. */
void smp_set_idle_hook(void (*fn)(void));

/* IPIs. A reschedule IPI only interrupts cpu: the sender has set
 * need_resched, which the interrupt's way out acts on. */
void smp_send_reschedule(int cpu);

/*
 * Run fn(arg) on CPU cpu from its interrupt handler and wait until it has
 * returned. Call with interrupts on (the target may be calling us). Runs fn
 * directly when cpu is this CPU. Returns 0, or -1 when cpu is not online.
 */
int smp_call_function_single(int cpu, void (*fn)(void *), void *arg);

/* Register the IPI handlers (boot CPU, once). */
void smp_init_ipis(void);

#endif
