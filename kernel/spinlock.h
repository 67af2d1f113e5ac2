/*
 * spinlock.h - busy-waiting locks between CPUs.
 *
 * Test-and-test-and-set rather than ticket locks: under QEMU several vCPUs
 * share one host core, and a FIFO ticket lock then waits for each preempted
 * vCPU in turn (lock-waiter preemption), while TTAS lets whoever runs take it.
 *
 * Rules: a lock taken in an interrupt handler must be taken with interrupts
 * off everywhere (spin_lock_irqsave), or the handler deadlocks on its own CPU.
 * Taking a lock this CPU already holds is a bug, caught with a panic naming
 * the lock. Two locks of one kind (e.g. two runqueues) are taken in address
 * order, lower first.
 */
#ifndef KERNEL_SPINLOCK_H
#define KERNEL_SPINLOCK_H

#include <stdint.h>

struct spinlock {
	volatile uint32_t locked;	/* 0 free, 1 held */
	const void *owner;		/* struct percpu of the holder, for checks */
	const char *name;
};

#define SPINLOCK_INIT(n)	{ 0, 0, (n) }

void spin_lock_init(struct spinlock *l, const char *name);
void spin_lock(struct spinlock *l);
void spin_unlock(struct spinlock *l);
/* spin_lock() if l is free: 1 when taken, 0 when another CPU holds it. */
int spin_trylock(struct spinlock *l);
int spin_is_locked(const struct spinlock *l);
/* This CPU holds l (xv6's holding()): for assertions of lock rules. */
int spin_is_held(const struct spinlock *l);

/* With interrupts off on this CPU while held; flags restores them. */
uint32_t spin_lock_irqsave(struct spinlock *l);
void spin_unlock_irqrestore(struct spinlock *l, uint32_t flags);

/* Panic: make a lock free whoever held it (the holder has been stopped). */
void spin_lock_bust(struct spinlock *l);

#endif
