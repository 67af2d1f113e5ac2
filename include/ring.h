/*
 * ring.h - a small byte queue between an interrupt handler and readers:
 * COM1 input (arch/x86/serial.c) and PS/2 keys (arch/x86/ps2kbd.c).
 *
 * Portable (no locks of its own), so the owner's lock rule below is the
 * whole story. A full queue drops the new byte: typed-ahead input past
 * the queue's size is lost, and the reader keeps what came first.
 */
#ifndef RING_H
#define RING_H

/*
 * Locking: one producer, the IRQ handler, pushes; readers on any CPU pop.
 * The owner holds one spinlock, taken with interrupts off
 * (spin_lock_irqsave), around every push and pop, so a pop never sees
 * half of a push and the handler cannot interrupt a pop on its own CPU.
 * count alone may be read without the lock (ring_count): a hint for
 * whether to sleep, which a pop under the lock then settles.
 */
struct ring {
	char *buf;
	unsigned size;		/* bytes of buf: a power of two */
	unsigned head;		/* index of the oldest byte */
	unsigned count;		/* bytes queued */
};

/*
 * A file-scope (static) ring over a static array: DEFINE_RING(rx, 256).
 * A power of two, so that an index wraps with a mask, not a division.
 */
#define DEFINE_RING(name, bytes)					\
	_Static_assert((bytes) > 0 && ((bytes) & ((bytes) - 1)) == 0,	\
		       #name ": ring size must be a power of two");	\
	static char name##_buf[bytes];					\
	static struct ring name = { name##_buf, (bytes), 0, 0 }

/* Queue c; -1 (and c dropped) when full. Caller holds the owner's lock. */
static inline int ring_push(struct ring *r, char c)
{
	if (r->count >= r->size)
		return -1;
	r->buf[(r->head + r->count) & (r->size - 1)] = c;
	r->count++;
	return 0;
}

/* The oldest byte (0-255), or -1 when empty. Caller holds the owner's lock. */
static inline int ring_pop(struct ring *r)
{
	int c;

	if (!r->count)
		return -1;
	c = (unsigned char)r->buf[r->head];
	r->head = (r->head + 1) & (r->size - 1);
	r->count--;
	return c;
}

/* Bytes queued, read without the lock (see the rule at struct ring). */
static inline unsigned ring_count(const struct ring *r)
{
	return __atomic_load_n(&r->count, __ATOMIC_RELAXED);
}

#endif
