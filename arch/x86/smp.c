/*
 * smp.c - online CPUs and the IPIs between them.
 */
#include "smp.h"
#include "cpu.h"
#include "lapic.h"
#include "panic.h"
#include "printk.h"
#include "spinlock.h"
#include "trap.h"

cpumask_t cpu_online_mask;
struct percpu *percpu_by_cpu[NR_CPUS];		/* written by smpboot.c */

static void (*idle_hook)(void);

/*
 * One call slot per target CPU. Locking: call_lock[cpu] is held by the
 * caller from filling the slot until the target has run the function, so
 * one call per target is in flight; the target reads fn/arg and writes done.
 */
struct call_slot {
	void (*fn)(void *);
	void *arg;
	volatile int done;
};
static struct call_slot call_slots[NR_CPUS];
static struct spinlock call_lock[NR_CPUS];

int num_online_cpus(void)
{
	return cpus_weight(cpu_online_mask);
}

struct percpu *cpu_data(int cpu)
{
	return cpu >= 0 && cpu < NR_CPUS ? percpu_by_cpu[cpu] : 0;
}

void smp_send_reschedule(int cpu)
{
	struct percpu *pc = cpu_data(cpu);

	if (pc)
		lapic_send_ipi(pc->apic_id, VEC_RESCHEDULE);
}

/* Nothing to do here: the sender set need_resched, and the way out of
 * this interrupt (trap_exit) schedules. */
static void resched_interrupt(struct trap_frame *f)
{
	(void)f;
}

static void call_interrupt(struct trap_frame *f)
{
	struct call_slot *c = &call_slots[smp_processor_id()];

	(void)f;
	if (c->fn && !c->done) {
		c->fn(c->arg);
		__atomic_store_n(&c->done, 1, __ATOMIC_RELEASE);
	}
}

int smp_call_function_single(int cpu, void (*fn)(void *), void *arg)
{
	struct percpu *pc = cpu_data(cpu);
	struct call_slot *c;

	if (!pc)
		return -1;
	if (pc == this_cpu()) {
		uint32_t flags = irq_save();

		fn(arg);
		irq_restore(flags);
		return 0;
	}
	KASSERT(irqs_enabled(), "smp_call_function_single with interrupts on");
	c = &call_slots[cpu];
	spin_lock(&call_lock[cpu]);
	c->fn = fn;
	c->arg = arg;
	__atomic_store_n(&c->done, 0, __ATOMIC_RELEASE);
	lapic_send_ipi(pc->apic_id, VEC_CALL_FUNC);
	while (!__atomic_load_n(&c->done, __ATOMIC_ACQUIRE))
		cpu_relax();
	c->fn = 0;
	spin_unlock(&call_lock[cpu]);
	return 0;
}

static void lapic_error_interrupt(struct trap_frame *f)
{
	(void)f;
	printk("lapic: CPU %d: APIC error interrupt\n", smp_processor_id());
}

void smp_init_ipis(void)
{
	int i;

	for (i = 0; i < NR_CPUS; i++)
		spin_lock_init(&call_lock[i], "smp call");
	irq_register(VEC_RESCHEDULE, resched_interrupt);
	irq_register(VEC_CALL_FUNC, call_interrupt);
	irq_register(VEC_LAPIC_ERROR, lapic_error_interrupt);
}

void smp_set_idle_hook(void (*fn)(void))
{
	__atomic_store_n(&idle_hook, fn, __ATOMIC_RELEASE);
}

void cpu_idle(void)
{
	for (;;) {
		void (*fn)(void) = __atomic_load_n(&idle_hook, __ATOMIC_ACQUIRE);

		if (fn)
			fn();
		else
			sti_hlt();
	}
}
