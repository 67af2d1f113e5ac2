/*
 * sched_arch.h - the seam: all the scheduler needs from its environment.
 *
 * The scheduler is portable C. It reaches the machine only through the
 * functions below, and the same scheduler sources are compiled into two
 * environments that implement them:
 *
 *   the kernel     (arch/x86/, kernel/): real CPUs, IPIs, stacks, spinlocks
 *   the simulator  (sched/sim/arch.c):   simulated CPUs driven tick by tick,
 *                                        locks that check their own rules
 *
 * Each environment also supplies a header named sched_env.h on the include
 * path (the simulator's is sched/sim/sched_env.h) that defines:
 *
 *   arch_spinlock_t         the lock type embedded in struct runqueue
 *   SCHED_ENV_TASK_FIELDS   extra members appended to struct task_struct
 *                           (may be empty; see sched.h for the two ways a
 *                           kernel attaches its own task data)
 *   arch_trace_enabled()    nonzero when arch_trace() records anything:
 *                           an expression the hot paths test inline
 *                           (sched_trace(), runqueue.h) before the call
 *
 * and may define any function below as static inline instead of linking
 * it (the kernel does, for the calls schedule() makes most); the
 * declarations here then name the inline ones.
 *
 * Nothing else of the environment is visible to the scheduler: no x86, no
 * libc, no kernel headers. Every function here may be called with
 * interrupts off and runqueue locks held, so none of them may sleep or call
 * back into the scheduler.
 */
#ifndef SCHED_ARCH_H
#define SCHED_ARCH_H

#include "sched_env.h"

struct task_struct;

/* ---- where and when ---------------------------------------------------- */

/* Logical number of the CPU executing this code (0 .. ncpus-1). */
int arch_smp_processor_id(void);

/*
 * The tick counter: HZ (include/params.h) ticks per second since boot. The
 * scheduler counts time slices, sleep averages and balance intervals in
 * ticks, as 2.5.59 does with jiffies. Must not go backwards.
 */
unsigned long arch_jiffies(void);

/* ---- CPUs and tasks ----------------------------------------------------- */

/*
 * Ask CPU cpu (never this one) to look at need_resched of its current task
 * soon: a reschedule IPI in the kernel, a flag the simulator delivers at
 * that CPU's next step. The scheduler has already set need_resched.
 */
void arch_send_resched_ipi(int cpu);

/*
 * Switch this CPU from prev to next (prev != next). Called by schedule()
 * with interrupts off and this CPU's runqueue lock held. In the kernel it
 * saves prev's registers and stack and resumes next; it "returns" when some
 * CPU later switches back to prev, and schedule() then releases the lock of
 * the runqueue of the CPU it is on by then. A task that starts for the
 * first time (it never called schedule()) must call schedule_tail() first.
 * The simulator records the switch and returns at once, or, for a task
 * running on a kernel stack of its own (sched/sim/ctx.h), parks it there
 * until a CPU switches back to it.
 */
void arch_context_switch(struct task_struct *prev, struct task_struct *next);

/*
 * After a switch, in the task switched to, once schedule() (or
 * schedule_tail()) has released the runqueue lock; interrupts are still
 * off. The environment frees here what the task switched away from left
 * behind (the kernel: a dead task's address space, D7's rq->prev_mm that
 * 2.5.59's finish_task_switch() drops), outside the hottest lock of the
 * system. The simulator checks that no lock is held.
 */
void arch_finish_switch(void);

/* ---- locks and interrupts ----------------------------------------------- */

/*
 * Lock classes, in the order they nest: a CPU holding a lock of one class
 * may take only locks of a higher class, or of the same class at a higher
 * address (two runqueues: lower address first, as double_rq_lock does).
 * The kernel may ignore the class; the simulator checks it on every lock.
 */
enum sched_lock_class {
	SCHED_LOCK_RQ,		/* struct runqueue's lock */
	SCHED_LOCK_TASKS,	/* the scheduler's list of all tasks (a leaf) */
	SCHED_LOCK_EXEC,	/* exec placements in flight (a leaf) */
};

void arch_spin_lock_init(arch_spinlock_t *lock, enum sched_lock_class cls);
/* Spin until held. Called with interrupts off (the tick takes these locks
 * from interrupt context, so taking one with interrupts on could deadlock
 * against this CPU's own timer interrupt). */
void arch_spin_lock(arch_spinlock_t *lock);
void arch_spin_unlock(arch_spinlock_t *lock);
/* Take lock if no CPU holds it: 1 when this CPU now does, 0 when another
 * CPU holds it. Interrupts off, as arch_spin_lock. Lab 7's stub of
 * double_rq_lock() backs off with it, so that a handout's kernel does not
 * deadlock; the simulator checks it as a lock (its order, and a lock held
 * by another CPU, which no CPU could release while this one runs). */
int arch_spin_trylock(arch_spinlock_t *lock);

/*
 * This CPU holds lock, with interrupts off (as every holder must: see
 * arch_spin_lock). The scheduler asserts it wherever it relies on a lock
 * (runqueue.h, assert_rq_held), as xv6's holding() and lk's
 * spin_lock_held() do; 0 when another CPU holds it, nobody does, or
 * interrupts are on.
 */
int arch_spin_held(const arch_spinlock_t *lock);

/* Turn interrupts off on this CPU; return what restores the old state. */
unsigned long arch_irq_save(void);
void arch_irq_restore(unsigned long flags);

/* ---- diagnostics -------------------------------------------------------- */

/*
 * A broken invariant: print the message and stop (the kernel halts every
 * CPU; the simulator aborts, or returns to a test that expected it). The
 * message conversions used by sched/ are %d %u %ld %lu %s %x %llx.
 */
void arch_sched_panic(const char *fmt, ...)
	__attribute__((noreturn, format(printf, 1, 2)));

/* printk-like log line (no trailing newline needed; one call, one line). */
void arch_sched_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Trace hook: scheduler event ev (enum sched_trace_ev in sched.h, which
 * says what p, a, b and c mean for each) happened on this CPU. The kernel
 * records it in this CPU's trace ring (kernel/trace.c) when tracing is on;
 * the simulator counts migrations and writes the events its engine does not
 * write itself. Called with runqueue locks held and interrupts off: record,
 * do not call back, and return at once when tracing is off. The hot paths
 * (every switch and wakeup) call it through sched_trace(), which tests
 * arch_trace_enabled() first.
 */
void arch_trace(int ev, const struct task_struct *p, int a, int b, int c);

#endif
