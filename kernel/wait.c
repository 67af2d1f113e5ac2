/*
 * wait.c - wait queues (wait.h has the rule that keeps wakeups from being
 * lost).
 */
#include "task.h"
#include "wait.h"

/* One sleeping task, on its own stack for as long as it sleeps. */
struct waiter {
	struct list_head node;
	struct task *t;
};

void wait_queue_init(struct wait_queue *q)
{
	INIT_LIST_HEAD(&q->sleepers);
}

uint32_t wait_locked(struct wait_queue *q, struct spinlock *lock,
		     uint32_t flags, uint64_t deadline)
{
	struct waiter w = { .t = this_task() };

	list_add_tail(&w.node, &q->sleepers);
	/* Asleep before the lock goes: a wake_up_all() from here on finds
	 * us listed and makes us runnable, so schedule() will not miss it. */
	w.t->s.state = TASK_INTERRUPTIBLE;
	spin_unlock_irqrestore(lock, flags);
	schedule_until(deadline);
	flags = spin_lock_irqsave(lock);
	list_del(&w.node);
	return flags;
}

void wake_up_all(struct wait_queue *q, int sync)
{
	struct list_head *pos;

	list_for_each(pos, &q->sleepers)
		wake_up_process(&list_entry(pos, struct waiter, node)->t->s,
				sync);
}
