/*
 * arch.c - the seam of sched_arch.h for the simulator.
 *
 * The locks check, on every call, the rules the kernel's locks rely on:
 *  - no lock is taken while it is held (in a sequential simulation that
 *    would be a deadlock, by the same CPU or by another);
 *  - locks are taken with interrupts off;
 *  - a CPU holding locks takes only locks of a higher class, or of the same
 *    class at a higher address (sched_arch.h);
 *  - only the holder releases a lock.
 * And sim_check_quiescent() checks, between operations, that nothing is
 * still held.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "arch.h"
#include "ctx.h"
#include "count.h"

#define MAX_HELD	(NR_CPUS + 8)

int sim_cpu;
unsigned long sim_jiffies;
long sim_clock_skew[NR_CPUS];
int sim_ipi_pending[NR_CPUS];
unsigned long sim_ipis_sent;
unsigned long sim_switches;
void (*sim_switch_hook)(struct task_struct *prev, struct task_struct *next);
void (*sim_migrate_hook)(struct task_struct *p, int from, int to, int why);
void (*sim_unlock_hook)(arch_spinlock_t *lock);
void (*sim_clock_hook)(void);
void (*sim_trace_hook)(int ev, const struct task_struct *p, int a, int b,
		       int c);
int sim_verbose;
unsigned long sim_sanity_lines;
char sim_last_log[512];
jmp_buf *sim_panic_jmp;
char sim_last_panic[512];
/* Counted by count.c, in schedsim only (count.h). */
struct sim_counts sim_counts;
int sim_in_tick;

/* The last switch trace event of each CPU, for the check that every
 * context switch is traced once, just before it, naming the right tasks. */
static struct {
	const struct task_struct *next;
	int prev_pid;
	unsigned long n;
} traced_switch[NR_CPUS];
static unsigned long switches_of[NR_CPUS];

static struct {
	int irqs_off;
	int nheld;
	arch_spinlock_t *held[MAX_HELD];
} cpu_state[NR_CPUS];

void sim_arch_reset(void)
{
	memset(cpu_state, 0, sizeof(cpu_state));
	memset(traced_switch, 0, sizeof(traced_switch));
	memset(switches_of, 0, sizeof(switches_of));
	memset(sim_ipi_pending, 0, sizeof(sim_ipi_pending));
	sim_cpu = 0;
	sim_jiffies = 0;
	sim_unlock_hook = NULL;
	sim_clock_hook = NULL;
	memset(sim_clock_skew, 0, sizeof(sim_clock_skew));
	sim_ipis_sent = sim_switches = sim_sanity_lines = 0;
	memset(&sim_counts, 0, sizeof(sim_counts));
	sim_in_tick = 0;
	sim_last_log[0] = sim_last_panic[0] = '\0';
}

int arch_smp_processor_id(void)
{
	return sim_cpu;
}

unsigned long arch_jiffies(void)
{
	unsigned long now = sim_jiffies + (unsigned long)sim_clock_skew[sim_cpu];

	if (sim_clock_hook)
		sim_clock_hook();	/* after the read: time passes here */
	return now;
}

void arch_send_resched_ipi(int cpu)
{
	if (cpu == sim_cpu)
		arch_sched_panic("resched IPI from CPU %d to itself", cpu);
	sim_ipi_pending[cpu] = 1;
	sim_ipis_sent++;
}

void arch_context_switch(struct task_struct *prev, struct task_struct *next)
{
	if (!cpu_state[sim_cpu].irqs_off || !cpu_state[sim_cpu].nheld)
		arch_sched_panic("context switch on CPU %d without the runqueue "
				 "lock and interrupts off", sim_cpu);
	sim_switches++;
	if (++switches_of[sim_cpu] != traced_switch[sim_cpu].n ||
	    traced_switch[sim_cpu].next != next ||
	    traced_switch[sim_cpu].prev_pid != prev->pid)
		arch_sched_panic("switch %lu on CPU %d (pid %d -> %d) was not "
				 "traced just before it (%lu traced, the last "
				 "%d -> %d)", switches_of[sim_cpu], sim_cpu,
				 prev->pid, next->pid, traced_switch[sim_cpu].n,
				 traced_switch[sim_cpu].prev_pid,
				 traced_switch[sim_cpu].next ?
				 traced_switch[sim_cpu].next->pid : -1);
	if (sim_switch_hook)
		sim_switch_hook(prev, next);
	/* prev's kernel stack, if it has one in use, parks here (ctx.h). */
	sim_ctx_switched(prev, next);
}

/*
 * Migrations go to sim_migrate_hook (the engine counts them per task and
 * traces them); every other event to sim_trace_hook. The scheduler hands
 * the task as const; the hooks get it as the scheduler's own pointer.
 */
void arch_trace(int ev, const struct task_struct *p, int a, int b, int c)
{
	if (ev < 0 || ev >= SCHED_TRACE_NR)
		arch_sched_panic("trace event %d out of range", ev);
	if (ev == SCHED_TRACE_SWITCH) {
		traced_switch[sim_cpu].next = p;
		traced_switch[sim_cpu].prev_pid = a;
		traced_switch[sim_cpu].n++;
	}
	if (ev == SCHED_TRACE_MIGRATE) {
		if (sim_migrate_hook)
			sim_migrate_hook((struct task_struct *)p, a, b, c);
	} else if (sim_trace_hook) {
		sim_trace_hook(ev, p, a, b, c);
	}
}

void arch_spin_lock_init(arch_spinlock_t *lock, enum sched_lock_class cls)
{
	lock->owner = -1;
	lock->cls = cls;
	lock->taken = 0;
}

void arch_spin_lock(arch_spinlock_t *lock)
{
	int i, cpu = sim_cpu;

	if (!cpu_state[cpu].irqs_off)
		arch_sched_panic("CPU %d takes lock %p with interrupts on",
				 cpu, (void *)lock);
	if (lock->owner == cpu)
		arch_sched_panic("CPU %d takes lock %p it holds already",
				 cpu, (void *)lock);
	if (lock->owner >= 0)
		arch_sched_panic("CPU %d takes lock %p held by CPU %d "
				 "(a deadlock)", cpu, (void *)lock, lock->owner);
	for (i = 0; i < cpu_state[cpu].nheld; i++) {
		arch_spinlock_t *h = cpu_state[cpu].held[i];

		if (h->cls > lock->cls ||
		    (h->cls == lock->cls && (char *)h > (char *)lock))
			arch_sched_panic("CPU %d takes lock %p (class %d) "
					 "holding %p (class %d): out of order",
					 cpu, (void *)lock, lock->cls, (void *)h,
					 h->cls);
	}
	if (cpu_state[cpu].nheld >= MAX_HELD)
		arch_sched_panic("CPU %d holds too many locks", cpu);
	cpu_state[cpu].held[cpu_state[cpu].nheld++] = lock;
	lock->owner = cpu;
	lock->taken++;
}

/* One CPU runs at a time here, so a lock another CPU holds is never let go
 * while this one tries: the same deadlock arch_spin_lock() reports. */
int arch_spin_trylock(arch_spinlock_t *lock)
{
	arch_spin_lock(lock);
	return 1;
}

void arch_spin_unlock(arch_spinlock_t *lock)
{
	int i, cpu = sim_cpu, n = cpu_state[cpu].nheld;

	if (lock->owner != cpu)
		arch_sched_panic("CPU %d releases lock %p held by %d", cpu,
				 (void *)lock, lock->owner);
	for (i = 0; i < n; i++)
		if (cpu_state[cpu].held[i] == lock)
			break;
	memmove(&cpu_state[cpu].held[i], &cpu_state[cpu].held[i + 1],
		(size_t)(n - i - 1) * sizeof(lock));
	cpu_state[cpu].nheld--;
	lock->owner = -1;
	if (sim_unlock_hook)
		sim_unlock_hook(lock);
	if (!cpu_state[cpu].nheld)
		sim_ctx_unlocked();	/* a CPU may stall here (ctx.h) */
}

void arch_finish_switch(void)
{
	if (cpu_state[sim_cpu].nheld || !cpu_state[sim_cpu].irqs_off)
		arch_sched_panic("arch_finish_switch on CPU %d with %d locks "
				 "held, interrupts %s", sim_cpu,
				 cpu_state[sim_cpu].nheld,
				 cpu_state[sim_cpu].irqs_off ? "off" : "on");
}

int arch_spin_held(const arch_spinlock_t *lock)
{
	return lock->owner == sim_cpu && cpu_state[sim_cpu].irqs_off;
}

unsigned long arch_irq_save(void)
{
	unsigned long old = (unsigned long)cpu_state[sim_cpu].irqs_off;

	cpu_state[sim_cpu].irqs_off = 1;
	return old;
}

void arch_irq_restore(unsigned long flags)
{
	cpu_state[sim_cpu].irqs_off = (int)flags;
}

int sim_locks_held(int cpu)
{
	return cpu_state[cpu].nheld;
}

int sim_irqs_off(int cpu)
{
	return cpu_state[cpu].irqs_off;
}

void sim_check_quiescent(const char *after)
{
	int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++)
		if (cpu_state[cpu].nheld || cpu_state[cpu].irqs_off)
			arch_sched_panic("after %s: CPU %d holds %d locks, "
					 "interrupts %s", after, cpu,
					 cpu_state[cpu].nheld,
					 cpu_state[cpu].irqs_off ? "off" : "on");
}

void arch_sched_panic(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(sim_last_panic, sizeof(sim_last_panic), fmt, ap);
	va_end(ap);
	if (sim_panic_jmp)
		longjmp(*sim_panic_jmp, 1);
	fprintf(stderr, "# PANIC at tick %lu on CPU %d: %s\n", sim_jiffies,
		sim_cpu, sim_last_panic);
	fflush(stdout);
	abort();
}

void arch_sched_log(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(sim_last_log, sizeof(sim_last_log), fmt, ap);
	va_end(ap);
	if (!strncmp(sim_last_log, "sanity:", 7))
		sim_sanity_lines++;
	else if (sim_verbose <= 0)
		return;
	if (sim_verbose < 0)
		return;
	printf("# t=%lu %s\n", sim_jiffies, sim_last_log);
}
