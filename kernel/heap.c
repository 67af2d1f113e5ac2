/*
 * heap.c - size classes over the page allocator.
 *
 * Each object carries an 8-byte header in front of it: a magic word that
 * names its class (or its page order, for big ones) and its node. kfree reads
 * the header, so callers need not remember sizes, and a pointer the heap did
 * not hand out (or one freed twice) is caught by the magic.
 *
 * Locking: one lock per node protects that node's class free lists.
 */
#include <stdint.h>
#include "heap.h"
#include "panic.h"
#include "paging.h"
#include "percpu.h"
#include "pmm.h"
#include "spinlock.h"
#include "string.h"

#define MIN_SHIFT	4	/* smallest class: 16 bytes with the header */
#define MAX_SHIFT	11	/* largest: 2048 = KMALLOC_MAX_SMALL */
#define NCLASSES	(MAX_SHIFT - MIN_SHIFT + 1)

#define MAGIC_USED	0x6b6d0000u	/* "km": high half of hdr.magic */
#define MAGIC_FREE	0x66720000u	/* "fr" */
#define KIND_BIG	0x8000u		/* low half: KIND_BIG | order, or class */

struct header {
	uint32_t magic;		/* MAGIC_* | class or KIND_BIG | order */
	uint32_t node;
};

struct free_obj {
	struct header hdr;
	struct free_obj *next;
};

struct heap_node {
	struct spinlock lock;
	struct free_obj *free[NCLASSES];
};

static struct heap_node heaps[MAX_NODES];

static int class_of(size_t total)
{
	int c = 0;

	while ((1u << (c + MIN_SHIFT)) < total)
		c++;
	return c;
}

/* Cut a fresh page into objects of class c for node; lock held. */
static int refill(struct heap_node *h, int c, int node)
{
	size_t sz = 1u << (c + MIN_SHIFT);
	char *page = alloc_pages(node, 0);
	size_t off;

	if (!page)
		return -1;
	for (off = 0; off + sz <= PAGE_SIZE; off += sz) {
		struct free_obj *o = (void *)(page + off);

		o->hdr.magic = MAGIC_FREE | (uint32_t)c;
		o->hdr.node = (uint32_t)node;
		o->next = h->free[c];
		h->free[c] = o;
	}
	return 0;
}

void *kmalloc_node(size_t size, int node)
{
	size_t total = size + sizeof(struct header);
	struct header *hdr;

	if (node == NUMA_NO_NODE)
		node = this_cpu()->node;
	if (node < 0 || node >= MAX_NODES)
		node = 0;
	if (total <= KMALLOC_MAX_SMALL) {
		int c = class_of(total);
		struct heap_node *h = &heaps[node];
		uint32_t flags = spin_lock_irqsave(&h->lock);
		struct free_obj *o = h->free[c];

		if (!o && !refill(h, c, node))
			o = h->free[c];
		if (o)
			h->free[c] = o->next;
		spin_unlock_irqrestore(&h->lock, flags);
		if (!o)
			return 0;
		o->hdr.magic = MAGIC_USED | (uint32_t)c;
		return &o->hdr + 1;
	} else {
		unsigned order = 0;

		while ((PAGE_SIZE << order) < total)
			order++;
		hdr = alloc_pages(node, order);
		if (!hdr)
			return 0;
		hdr->magic = MAGIC_USED | KIND_BIG | order;
		hdr->node = (uint32_t)node;
		return hdr + 1;
	}
}

void *kmalloc(size_t size)
{
	return kmalloc_node(size, NUMA_NO_NODE);
}

void *kzalloc(size_t size)
{
	void *p = kmalloc(size);

	if (p)
		memset(p, 0, size);
	return p;
}

void kfree(void *p)
{
	struct header *hdr;
	uint32_t kind, flags;
	struct heap_node *h;
	struct free_obj *o;

	if (!p)
		return;
	hdr = (struct header *)p - 1;
	if ((hdr->magic & 0xffff0000u) == MAGIC_FREE)
		panic("kfree(%p): already free (double free)", p);
	if ((hdr->magic & 0xffff0000u) != MAGIC_USED || hdr->node >= MAX_NODES)
		panic("kfree(%p): not from kmalloc (header 0x%08x)", p, hdr->magic);
	kind = hdr->magic & 0xffff;
	if (kind & KIND_BIG) {
		hdr->magic = MAGIC_FREE;
		free_pages(hdr, kind & ~KIND_BIG);
		return;
	}
	if (kind >= NCLASSES)
		panic("kfree(%p): bad size class %u", p, kind);
	h = &heaps[hdr->node];
	o = (struct free_obj *)hdr;
	flags = spin_lock_irqsave(&h->lock);
	o->hdr.magic = MAGIC_FREE | kind;
	o->next = h->free[kind];
	h->free[kind] = o;
	spin_unlock_irqrestore(&h->lock, flags);
}

void heap_init(void)
{
	int i;

	for (i = 0; i < MAX_NODES; i++)
		spin_lock_init(&heaps[i].lock, "heap node");
}
