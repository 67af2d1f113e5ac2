/* spinlock.c - the spinlocks of spinlock.h. */
#include "spinlock.h"
#include "cpu.h"
#include "percpu.h"
#include "panic.h"

void spin_lock_init(struct spinlock *l, const char *name)
{
	l->locked = 0;
	l->owner = 0;
	l->name = name;
}

static inline int try_take(struct spinlock *l)
{
	return __atomic_exchange_n(&l->locked, 1, __ATOMIC_ACQUIRE) == 0;
}

/* A CPU that takes (or tries) a lock it holds would wait for itself. */
static inline __attribute__((always_inline)) void
not_held_by(const struct spinlock *l, const struct percpu *me, const char *how)
{
	if (l->owner == me)
		panic("spinlock '%s': %s again by CPU %d, which holds it",
		      l->name, how, me->cpu);
}

/* spin_lock() and spin_unlock(), inline in their _irqsave and _irqrestore
 * forms too: pipes and wait queues take those at every read and write. */
static inline __attribute__((always_inline)) void lock(struct spinlock *l)
{
	struct percpu *me = this_cpu();

	not_held_by(l, me, "taken");
	while (!try_take(l)) {
		/* Spin on a plain read: no bus locking while it is held. */
		while (__atomic_load_n(&l->locked, __ATOMIC_RELAXED))
			cpu_relax();
	}
	l->owner = me;
}

static inline __attribute__((always_inline)) void unlock(struct spinlock *l)
{
	if (l->owner != this_cpu())
		panic("spinlock '%s': released by CPU %d, which does not hold it",
		      l->name, smp_processor_id());
	l->owner = 0;
	__atomic_store_n(&l->locked, 0, __ATOMIC_RELEASE);
}

void spin_lock(struct spinlock *l)
{
	lock(l);
}

void spin_unlock(struct spinlock *l)
{
	unlock(l);
}

int spin_trylock(struct spinlock *l)
{
	struct percpu *me = this_cpu();

	not_held_by(l, me, "tried");
	if (!try_take(l))
		return 0;
	l->owner = me;
	return 1;
}

int spin_is_locked(const struct spinlock *l)
{
	return __atomic_load_n(&l->locked, __ATOMIC_RELAXED) != 0;
}

/* owner is this CPU only from the moment it took l to the moment it lets
 * go (spin_lock() sets it after the exchange, spin_unlock() clears it
 * before the release), so it alone answers. */
int spin_is_held(const struct spinlock *l)
{
	return l->owner == this_cpu();
}

uint32_t spin_lock_irqsave(struct spinlock *l)
{
	uint32_t flags = irq_save();

	lock(l);
	return flags;
}

void spin_unlock_irqrestore(struct spinlock *l, uint32_t flags)
{
	unlock(l);
	irq_restore(flags);
}

void spin_lock_bust(struct spinlock *l)
{
	l->owner = 0;
	__atomic_store_n(&l->locked, 0, __ATOMIC_RELEASE);
}
