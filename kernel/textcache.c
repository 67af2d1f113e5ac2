/* textcache.c - shared read-only program pages per node (textcache.h). */
#include "textcache.h"
#include "paging.h"
#include "pmm.h"
#include "spinlock.h"
#include "string.h"

/*
 * Slots of the table: every program of the initrd has some 30 read-only
 * pages at most (the 26 programs of user/ have 330 KiB of text in all),
 * so 1024 slots hold them all on 4 nodes. A full table caches no more
 * (exec copies those pages privately, as before); it never evicts.
 */
#define TEXTCACHE_SLOTS	1024

struct text_page {
	const void *file;	/* the program's bytes in the initrd; NULL: free */
	uint32_t va;		/* user address of the page */
	int node;
	void *page;		/* the node's copy (one reference is ours) */
};

/*
 * Open addressing, linear probing, no deletion. The lock guards every
 * slot; it is a leaf (taken with no other lock held; the page allocator's
 * node lock is taken under it, never the other way round).
 */
static struct text_page slots[TEXTCACHE_SLOTS];
static struct spinlock textcache_lock = SPINLOCK_INIT("textcache");

static uint32_t slot_of(const void *file, uint32_t va, int node)
{
	uint32_t h = (uint32_t)(uintptr_t)file * 2654435761u;

	h ^= (va >> 12) * 40503u + (uint32_t)node * 97u;
	return h % TEXTCACHE_SLOTS;
}

/* A new page for node holding what exec would have copied there. */
static void *fill(const void *file, const struct elf_segment *sg,
		  uint32_t va, int node)
{
	uint32_t lo = va > sg->vaddr ? va : sg->vaddr;
	uint32_t end = sg->vaddr + sg->filesz;
	uint32_t hi = va + PAGE_SIZE < end ? va + PAGE_SIZE : end;
	char *page = alloc_pages(node, 0);

	if (!page)
		return NULL;
	memset(page, 0, PAGE_SIZE);
	if (hi > lo)
		memcpy(page + (lo - va),
		       (const char *)file + sg->offset + (lo - sg->vaddr),
		       hi - lo);
	page_ref_init(page);	/* the cache's reference */
	return page;
}

void *textcache_get(const void *file, const struct elf_segment *sg,
		    uint32_t va, int node)
{
	uint32_t i = slot_of(file, va, node), n, flags;
	void *page = NULL;

	flags = spin_lock_irqsave(&textcache_lock);
	for (n = 0; n < TEXTCACHE_SLOTS; n++, i = (i + 1) % TEXTCACHE_SLOTS) {
		struct text_page *s = &slots[i];

		if (!s->file) {
			s->page = fill(file, sg, va, node);
			if (s->page) {
				s->file = file;
				s->va = va;
				s->node = node;
				page = s->page;
			}
			break;
		}
		if (s->file == file && s->va == va && s->node == node) {
			page = s->page;
			break;
		}
	}
	if (page)
		page_ref_get(page);	/* the caller's mapping */
	spin_unlock_irqrestore(&textcache_lock, flags);
	return page;
}
