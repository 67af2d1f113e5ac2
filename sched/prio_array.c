/*
 * prio_array.c - the O(1) priority arrays of 2.5.59.
 *
 * 140 FIFO lists, one per priority, and a bitmap saying which are not
 * empty. Enqueue and dequeue touch one list and one bit; finding the most
 * important task is a find-first-bit over five (or three) words. None of
 * these cost depends on how many tasks are queued.
 *
 * Callers hold the lock of the runqueue the array belongs to.
 */
#include "runqueue.h"

static inline void set_bit_ul(int nr, unsigned long *bitmap)
{
	bitmap[nr / BITS_PER_LONG] |= 1UL << (nr % BITS_PER_LONG);
}

static inline void clear_bit_ul(int nr, unsigned long *bitmap)
{
	bitmap[nr / BITS_PER_LONG] &= ~(1UL << (nr % BITS_PER_LONG));
}

void prio_array_init(prio_array_t *array, runqueue_t *rq)
{
	int i;

	array->rq = rq;
	array->nr_active = 0;
	for (i = 0; i < BITMAP_WORDS; i++)
		array->bitmap[i] = 0;
	for (i = 0; i < MAX_PRIO; i++)
		INIT_LIST_HEAD(&array->queue[i]);
	/* The delimiter: a search of an empty array stops at MAX_PRIO. */
	set_bit_ul(MAX_PRIO, array->bitmap);
}

/* Queue p at the tail of its priority's list. */
void enqueue_task(struct task_struct *p, prio_array_t *array)
{
	assert_rq_held(array_rq(array));
	SCHED_BUG_ON(p->array, "enqueue of pid %d already in an array", p->pid);
	SCHED_BUG_ON(p->prio < 0 || p->prio >= MAX_PRIO,
		     "enqueue of pid %d with prio %d", p->pid, p->prio);
	list_add_tail(&p->run_list, &array->queue[p->prio]);
	set_bit_ul(p->prio, array->bitmap);
	array->nr_active++;
	p->array = array;
}

void dequeue_task(struct task_struct *p, prio_array_t *array)
{
	assert_rq_held(array_rq(array));
	SCHED_BUG_ON(p->array != array, "dequeue of pid %d from the wrong array",
		     p->pid);
	array->nr_active--;
	list_del(&p->run_list);
	if (list_empty(&array->queue[p->prio]))
		clear_bit_ul(p->prio, array->bitmap);
	p->array = NULL;
}

int find_next_bit(const unsigned long *bitmap, int size, int offset)
{
	int word = offset / BITS_PER_LONG;
	unsigned long bits;

	if (offset >= size)
		return size;
	bits = bitmap[word] & (~0UL << (offset % BITS_PER_LONG));
	for (;;) {
		if (bits) {
			int bit = word * BITS_PER_LONG + __builtin_ctzl(bits);

			return bit < size ? bit : size;
		}
		if (++word * BITS_PER_LONG >= size)
			return size;
		bits = bitmap[word];
	}
}
