/*
 * wait.h - wait queues: the one way a task sleeps until something happens.
 *
 * A wait queue is a list of sleeping tasks that all wait for the same kind
 * of event: data in a pipe, room in it, a key on the console, a child's
 * exit. It has no lock of its own. Each queue belongs to a lock, the one
 * that protects the condition its tasks wait for (the pipe's lock, the
 * console's, the task table's), and that lock also protects the list.
 *
 * THE RULE, which keeps a wakeup from being lost between a sleeper's look
 * at its condition and its sleep:
 *   - whoever makes the condition true does so holding the queue's lock,
 *     and calls wake_up_all() on the queue before releasing it;
 *   - a sleeper looks at the condition holding that lock, and if it must
 *     wait calls wait_locked() without releasing it first. wait_locked()
 *     lists the task and marks it asleep (TASK_INTERRUPTIBLE) before it
 *     drops the lock.
 * So a waker either ran before the look (the sleeper sees the condition
 * true and never sleeps) or after the task was listed and marked asleep
 * (wake_up_all() finds it and makes it runnable, and its schedule()
 * returns at once or soon). xv6's sleep(chan, lk) keeps the same rule;
 * Linux 2.5.59's wait queues too (add_wait_queue, set_current_state).
 *
 * A sleeper always loops: it wakes up also for kill() (which wakes a task
 * out of any sleep), for a deadline, and when another sleeper took what it
 * was woken for, so it looks at its condition again after each return.
 */
#ifndef KERNEL_WAIT_H
#define KERNEL_WAIT_H

#include <stdint.h>
#include "list.h"
#include "spinlock.h"

struct wait_queue {
	struct list_head sleepers;	/* struct waiter, under the owner's lock */
};

#define WAIT_QUEUE_INIT(q)	{ LIST_HEAD_INIT((q).sleepers) }

void wait_queue_init(struct wait_queue *q);

/*
 * Sleep on q until woken or until deadline (jiffies; 0: none). The caller
 * holds lock, taken with spin_lock_irqsave() (flags), and has just found
 * its condition false. Returns with lock held again; the result is the
 * flags to restore it with.
 */
uint32_t wait_locked(struct wait_queue *q, struct spinlock *lock,
		     uint32_t flags, uint64_t deadline);

/*
 * Wake every task asleep on q. The caller holds q's lock. sync: the waker is
 * about to sleep itself (a pipe writer that filled the pipe), so the woken
 * task may be queued on this CPU without preempting it (2.5.59's
 * wake_up_interruptible_sync; sched/wakeup.c).
 */
void wake_up_all(struct wait_queue *q, int sync);

#endif
