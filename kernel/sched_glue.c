/*
 * sched_glue.c - the kernel's implementation of the scheduler's seam
 * (sched/sched_arch.h): CPU number, ticks, IPIs, the context switch,
 * locks, interrupts, panics and logs. sched/sim/arch.c is the simulator's.
 */
#include <stdarg.h>
#include "sched.h"
#include "cpu.h"
#include "idle.h"
#include "panic.h"
#include "percpu.h"
#include "printk.h"
#include "smp.h"
#include "task.h"
#include "timer.h"
#include "string.h"

void switch_to(uint32_t *prev_esp, uint32_t next_esp);	/* switch.asm */

int arch_smp_processor_id(void)
{
	return smp_processor_id();
}

/* The TSC clock at HZ (timer.h): the same on every CPU and never behind
 * because QEMU dropped a timer interrupt. */
unsigned long arch_jiffies(void)
{
	return (unsigned long)jiffies_64();
}

/* resched_task() has set need_resched: a CPU polling for it (idle.c)
 * sees it without an interrupt. */
void arch_send_resched_ipi(int cpu)
{
	if (!idle_wake_polling(cpu))
		smp_send_reschedule(cpu);
}

/*
 * The task switched away from, per CPU, for the code that runs right after
 * the switch in the next task (task_finish_switch). Written and read by
 * its own CPU with interrupts off.
 */
struct task *switch_prev[NR_CPUS];

/*
 * Everything the CPU needs to run next: its kernel stack for interrupts
 * from user mode (tss.esp0), the bounds the tick's overflow check reads,
 * its page directory, and `current`. Then the register switch. Interrupts
 * are off and this CPU's runqueue lock is held (schedule()).
 */
void arch_context_switch(struct task_struct *prev, struct task_struct *next)
{
	struct task *p = task_of(prev), *n = task_of(next);
	struct percpu *pc = this_cpu();
	uintptr_t sp = (uintptr_t)&pc;

	KASSERT(!irqs_enabled(), "context switch with interrupts off");
	/* The scheduler's prev is what this CPU really runs, on its stack:
	 * a wrong %gs after a preemption once broke exactly this. */
	if (pc->current != p || sp < p->kstack || sp >= p->kstack + KSTACK_SIZE)
		panic("switch on CPU %d: the scheduler's prev is pid %d (%s, stack "
		      "0x%lx) but the CPU runs %s on sp 0x%lx", pc->cpu, p->s.pid,
		      p->name, (unsigned long)p->kstack,
		      pc->current ? ((struct task *)pc->current)->name : "nothing",
		      (unsigned long)sp);
	KASSERT(*(uint32_t *)n->kstack == STACK_END_MAGIC,
		"the next task's stack end is intact");
	__atomic_store_n(&n->on_cpu, 1, __ATOMIC_RELEASE);
	/* An interrupt may take the idle task away while it polls (idle.c):
	 * from now on wakers must send this CPU IPIs again. Under the
	 * runqueue lock, which every waker that reads the flag holds too. */
	pc->idle_polling = 0;
	pc->current = n;
	pc->stack_base = n->kstack;
	pc->stack_top = n->kstack + KSTACK_SIZE;
	pc->tss.esp0 = (uint32_t)pc->stack_top;
	if (read_cr3() != n->cr3)
		write_cr3(n->cr3);
	switch_prev[pc->cpu] = p;

	switch_to(&p->esp, n->esp);
	/* Now in some task switched to earlier, maybe on another CPU. */
	task_finish_switch();
}

void arch_finish_switch(void)
{
	task_drop_dead_mm();
}

void arch_spin_lock_init(arch_spinlock_t *lock, enum sched_lock_class cls)
{
	static const char *const names[] = {
		[SCHED_LOCK_RQ] = "runqueue",
		[SCHED_LOCK_TASKS] = "sched tasks",
		[SCHED_LOCK_EXEC] = "sched exec",
	};

	spin_lock_init(lock, names[cls]);
}

void arch_spin_lock(arch_spinlock_t *lock)
{
	spin_lock(lock);
}

void arch_spin_unlock(arch_spinlock_t *lock)
{
	spin_unlock(lock);
}

int arch_spin_held(const arch_spinlock_t *lock)
{
	return spin_is_held(lock) && !irqs_enabled();
}

unsigned long arch_irq_save(void)
{
	return irq_save();
}

void arch_irq_restore(unsigned long flags)
{
	irq_restore((uint32_t)flags);
}

void arch_sched_panic(const char *fmt, ...)
{
	char buf[PRINTK_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	panic("%s", buf);
}

void arch_sched_log(const char *fmt, ...)
{
	char buf[PRINTK_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	printk("%s\n", buf);
}

/* arch_trace(), the seam's trace hook, is in kernel/trace.c. */
