/*
 * count.c - the wrapped functions of count.h: count, then call the
 * scheduler's own. The scheduler runs exactly as without them.
 */
#include "runqueue.h"
#include "count.h"

int __real_rq_in_use(int id);
int __wrap_rq_in_use(int id);
void __real_rebalance_tick(int this_cpu, int idle);
struct task_struct *__real_active_load_balance(int this_cpu);
struct task_struct *__wrap_active_load_balance(int this_cpu);
void __real_arch_spin_lock(arch_spinlock_t *lock);
void __wrap_arch_spin_lock(arch_spinlock_t *lock);
void __real_arch_spin_unlock(arch_spinlock_t *lock);
void __wrap_arch_spin_unlock(arch_spinlock_t *lock);
void __wrap_rebalance_tick(int this_cpu, int idle);

int __wrap_rq_in_use(int id)
{
	sim_counts.scans++;
	if (sim_in_tick)
		sim_counts.rq_scans++;
	return __real_rq_in_use(id);
}

void __wrap_rebalance_tick(int this_cpu, int idle)
{
	sim_counts.balances++;
	__real_rebalance_tick(this_cpu, idle);
}

struct task_struct *__wrap_active_load_balance(int this_cpu)
{
	unsigned long before = sim_counts.scans;
	struct task_struct *wake = __real_active_load_balance(this_cpu);

	if (sim_in_tick)
		sim_counts.active_scans += sim_counts.scans - before;
	return wake;
}

/* The seam's lock (arch.c) checks the rules; this counts the runqueue
 * locks the tick takes and how long each is held. */
void __wrap_arch_spin_lock(arch_spinlock_t *lock)
{
	__real_arch_spin_lock(lock);
	lock->held_at = sim_counts.scans;
	if (sim_in_tick && lock->cls == SCHED_LOCK_RQ)
		sim_counts.rq_locks++;
}

void __wrap_arch_spin_unlock(arch_spinlock_t *lock)
{
	if (lock->cls == SCHED_LOCK_RQ &&
	    sim_counts.scans - lock->held_at > sim_counts.hold_max)
		sim_counts.hold_max = sim_counts.scans - lock->held_at;
	__real_arch_spin_unlock(lock);
}
