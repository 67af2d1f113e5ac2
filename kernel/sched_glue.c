/*
 * sched_glue.c - where the kernel and the scheduler meet, in one place.
 *
 * Downwards, the kernel's implementation of the scheduler's seam
 * (sched/sched_arch.h): CPU number, ticks, IPIs, the context switch,
 * locks, interrupts, panics and logs (sched/sim/arch.c is the
 * simulator's). Upwards, what the kernel does to run the scheduler:
 * sched_setup() at boot (runqueues, each CPU's idle task and migration
 * thread), the timer tick's hook (sched_tick -> scheduler_tick), and the
 * boot CPU's entry into its idle loop.
 */
#include <stdarg.h>
#include "sched.h"
#include "context.h"
#include "cpu.h"
#include "idle.h"
#include "panic.h"
#include "percpu.h"
#include "printk.h"
#include "smp.h"
#include "task.h"
#include "timer.h"
#include "string.h"
#include "cmdline.h"
#include "cputopo.h"
#include "heap.h"


/* arch/x86/sched_inline.h has the CPU number, the interrupt flag and the
 * lock assertion inline, from struct percpu's layout. */
_Static_assert(offsetof(struct percpu, self) == SCHED_PERCPU_SELF &&
	       offsetof(struct percpu, cpu) == SCHED_PERCPU_CPU,
	       "sched_inline.h's struct percpu offsets are out of date");
_Static_assert(EFLAGS_IF == SCHED_EFLAGS_IF, "sched_inline.h's EFLAGS_IF");

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
 * The switch, as the scheduler asks for it: check that prev is really what
 * this CPU runs, mark next as on a CPU (a reaper waits for on_cpu to
 * clear), make it `current`, and let the x86 half (cpu_switch_to) give
 * the CPU its stack, address space and registers. Interrupts are off and
 * this CPU's runqueue lock is held (schedule()).
 */
void arch_context_switch(struct task_struct *prev, struct task_struct *next)
{
	struct task *p = task_of(prev), *n = task_of(next);
	struct percpu *pc = this_cpu();
	uintptr_t sp = (uintptr_t)&pc;

	KASSERT(!irqs_enabled(), "context switch with interrupts off");
	/* The scheduler's prev is what this CPU really runs, on its stack:
	 * a wrong per-CPU segment would break exactly this. */
	if (pc->current != p || sp < p->kstack || sp >= p->kstack + KSTACK_SIZE)
		panic("switch on CPU %d: the scheduler's prev is pid %d (%s, stack "
		      "0x%lx) but the CPU runs %s on sp 0x%lx", pc->cpu, p->s.pid,
		      p->name, (unsigned long)p->kstack,
		      pc->current ? ((struct task *)pc->current)->name : "nothing",
		      (unsigned long)sp);
	KASSERT(*(uint32_t *)n->kstack == STACK_END_MAGIC,
		"the next task's stack end is intact");
	__atomic_store_n(&n->on_cpu, 1, __ATOMIC_RELEASE);
	/*
	 * An interrupt may take the idle task away while it polls (idle.c):
	 * from now on wakers must send this CPU IPIs again. Wakers read the
	 * flag under the runqueue lock, held here, so for them the order of
	 * these two stores does not matter; an unlocked reader needs the
	 * flag cleared before current names the next task (percpu.h), and
	 * plain stores leave the compiler free to swap them.
	 */
	KASSERT(!pc->idle_polling || p == task_idle(pc->cpu),
		"only the idle task polls need_resched");
	__atomic_store_n(&pc->idle_polling, 0, __ATOMIC_RELAXED);
	__atomic_store_n(&pc->current, n, __ATOMIC_RELEASE);
	switch_prev[pc->cpu] = p;
	cpu_switch_to(p, n);		/* arch/x86/context.c */
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

int arch_spin_trylock(arch_spinlock_t *lock)
{
	return spin_trylock(lock);
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

/* ---- the kernel's side: idle tasks, migration threads, the tick --------- */

static struct task *idle_tasks[NR_CPUS];

struct task *task_idle(int cpu)
{
	return idle_tasks[cpu];
}

/* On each CPU itself: the thread running its idle loop (or kmain on the
 * boot CPU) becomes its idle task, on the stack it already uses. */
static void init_idle_here(void *arg)
{
	struct task *t = arg;
	struct percpu *pc = this_cpu();

	t->kstack = pc->stack_base;
	t->cr3 = read_cr3();
	t->on_cpu = 1;
	t->preemptible = pc->cpu != 0;	/* the boot CPU's: once in cpu_idle */
	t->s.pid = 0;
	snprintf(t->name, sizeof(t->name), "idle/%d", pc->cpu);
	sched_init_idle(&t->s);
	pc->current = t;
}

static int migration_main(void *arg)
{
	migration_thread_main((int)(uintptr_t)arg);
	return 0;
}

static void sched_tick(int user)
{
	struct task *t = this_task();

	if (!t)
		return;
	/* current and the stack in use agree (as checked at every switch). */
	if ((uintptr_t)&t < t->kstack || (uintptr_t)&t >= t->kstack + KSTACK_SIZE)
		panic("tick on CPU %d: current is %s (stack 0x%lx) but sp is 0x%lx",
		      smp_processor_id(), t->name, (unsigned long)t->kstack,
		      (unsigned long)(uintptr_t)&t);
	t->run_ticks++;
	(void)user;	/* the timer's; the scheduler keeps no user time */
	scheduler_tick();
	task_wake_sleepers();
}

void sched_setup(void)
{
	struct sched_options o;
	int cpu, ncpus = cpu_topology.ncpus, nrq = 0;

	sched_default_options(&o);
	o.share_smt = !boot_opts.noshare;
	o.test_ht = boot_opts.test_ht;
	if (boot_opts.nonuma)
		o.balance = SCHED_BALANCE_GLOBAL;
	o.sanity_ticks = boot_opts.sched_check;	/* every tick, on CPU 0 */
	sched_init(&cpu_topology, &o);
	sched_fill_rq_map(&cpu_topology);

	for (cpu = 0; cpu < ncpus; cpu++) {
		int node = cpu_topology.cpu[cpu].node;
		struct task *t = kmalloc_node(sizeof(*t), node);

		if (!t)
			panic("sched: no memory for CPU %d's idle task", cpu);
		memset(t, 0, sizeof(*t));
		INIT_LIST_HEAD(&t->timer_node);
		idle_tasks[cpu] = t;
		smp_call_function_single(cpu, init_idle_here, t);
	}
	for (cpu = 0; cpu < ncpus; cpu++) {
		struct task *t = task_alloc("migration", cpu_topology.cpu[cpu].node);

		if (!t || task_alloc_pid(t) < 0)
			panic("sched: no memory for CPU %d's migration thread", cpu);
		snprintf(t->name, sizeof(t->name), "migration/%d", cpu);
		kthread_frame(t, migration_main, (void *)(uintptr_t)cpu);
		sched_init_migration_thread(cpu, &t->s);
	}
	timer_set_tick_hook(sched_tick);
	idle_setup(boot_opts.idle_poll_us);
	for (cpu = 0; cpu < ncpus; cpu++)
		nrq += sched_rq_of(cpu) == cpu;
	printk("sched: %d CPUs on %d runqueues%s%s%s\n", ncpus, nrq,
	       o.share_smt ? "" : " (noshare)", o.test_ht ? " (test_ht)" : "",
	       boot_opts.nonuma ? " (nonuma: one balancing domain)" : "");
}

/* The boot CPU's idle task enters its loop: from now on it may be
 * preempted at interrupt return like every other idle task. */
void sched_idle_loop(void)
{
	this_task()->preemptible = 1;
	cpu_idle();
}
