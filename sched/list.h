/*
 * list.h - circular doubly linked lists, as in Linux's <linux/list.h>.
 *
 * Portable: the scheduler's priority queues, migration queues and task list
 * are made of these, in the kernel and in the host simulator alike. The
 * kernel may use this header for its own lists too (one definition of
 * struct list_head in the tree).
 */
#ifndef SCHED_LIST_H
#define SCHED_LIST_H

#include <stddef.h>

struct list_head {
	struct list_head *next, *prev;
};

#ifndef container_of
#define container_of(ptr, type, member) \
	((type *)((char *)(ptr) - offsetof(type, member)))
#endif

#define LIST_HEAD_INIT(name)	{ &(name), &(name) }
#define list_entry(ptr, type, member)	container_of(ptr, type, member)

static inline void INIT_LIST_HEAD(struct list_head *l)
{
	l->next = l;
	l->prev = l;
}

static inline void __list_add(struct list_head *new, struct list_head *prev,
			      struct list_head *next)
{
	next->prev = new;
	new->next = next;
	new->prev = prev;
	prev->next = new;
}

/* Insert new right after head (a stack). */
static inline void list_add(struct list_head *new, struct list_head *head)
{
	__list_add(new, head, head->next);
}

/* Insert new right before head: at the tail when head is the list itself. */
static inline void list_add_tail(struct list_head *new, struct list_head *head)
{
	__list_add(new, head->prev, head);
}

/* Unlink entry; its pointers are cleared so a second list_del faults. */
static inline void list_del(struct list_head *entry)
{
	entry->next->prev = entry->prev;
	entry->prev->next = entry->next;
	entry->next = NULL;
	entry->prev = NULL;
}

static inline void list_del_init(struct list_head *entry)
{
	entry->next->prev = entry->prev;
	entry->prev->next = entry->next;
	INIT_LIST_HEAD(entry);
}

static inline int list_empty(const struct list_head *head)
{
	return head->next == head;
}

#define list_for_each(pos, head) \
	for ((pos) = (head)->next; (pos) != (head); (pos) = (pos)->next)

#endif
