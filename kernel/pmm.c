/*
 * pmm.c - buddy allocators over the per-node memory ranges.
 *
 * Each range (a contiguous piece of one node's memory) keeps one byte per
 * page at its own start: for the first page of a free block, PAGE_FREE |
 * order; 0 for every other page. Free blocks are linked through their own
 * first bytes (struct free_block), one doubly linked list per node and
 * order, so a buddy can be unlinked in O(1) when it merges.
 *
 * After the state bytes comes one 32-bit reference count per page (ref[]),
 * for the pages mapped into user address spaces (mm.c's copy-on-write).
 *
 * Fresh memory: the whole PMM_MAX_ORDER blocks of a range, [fresh_pfn,
 * fresh_end), go onto the free lists one at a time, when a node's lists
 * run dry, not at boot. A free block holds its own list links, so putting
 * all of them on the lists at boot would write once into every 4 MiB of
 * memory, and under QEMU the first write to a piece of guest memory costs
 * the host a page fault that zeroes a whole (huge) host page: seconds of
 * boot on a machine of a few GiB. Linux keeps its links in
 * struct page and does not touch free memory at boot either. Fresh pages
 * count as free (nfree); their state bytes are 0 until carved.
 *
 * Locking: each node's lock protects its free lists, its counters and the
 * state bytes of its ranges. The reference counts take no lock: they are
 * changed only with atomic operations (page_ref_*() below). The range
 * table is written only at boot, before any other CPU runs, and read
 * without a lock afterwards.
 */
#include "pmm.h"
#include "panic.h"
#include "paging.h"
#include "percpu.h"
#include "printk.h"
#include "spinlock.h"
#include "string.h"

#define PMM_MAX_RANGES	32	/* per machine; QEMU shapes need <= 2 per node */
#define PAGE_FREE	0x80	/* state byte: first page of a free block */

struct free_block {
	struct free_block *next, *prev;
};

struct pmm_range {
	uint32_t start_pfn;	/* first page managed (after the state bytes) */
	uint32_t end_pfn;	/* one past the last */
	uint32_t base_pfn;	/* first page of the range: state[] lives here */
	uint32_t fresh_pfn;	/* [fresh_pfn, fresh_end): whole blocks never */
	uint32_t fresh_end;	/* yet on a free list (see "Fresh memory") */
	uint8_t *state;		/* state[pfn - base_pfn] */
	/*
	 * ref[pfn - base_pfn]: how many page table entries, in all user
	 * address spaces together, map the page. 0 for a page no user PTE
	 * maps (free, kernel, page tables). Set to 1 when mm.c maps a new
	 * page, +1 for each address space that shares it at fork, -1 for each
	 * that drops it (exit, exec, a copy at a write fault); whoever takes
	 * it to 0 frees the page. Atomic, no lock: a count of 1 is stable for
	 * its one owner (only a holder's fork raises it, and a holder that
	 * faults is not forking), so the owner may make it writable again.
	 */
	uint32_t *ref;
	int node;
};

struct pmm_node {
	struct spinlock lock;
	struct free_block *free[PMM_MAX_ORDER + 1];
	uint32_t nfree;		/* pages in free blocks */
	uint32_t ntotal;	/* pages managed */
	int nfallback;
	int fallback[MAX_NODES];	/* itself first, then nearest first */
};

static struct pmm_range ranges[PMM_MAX_RANGES];
static int nranges;
static struct pmm_node nodes[MAX_NODES];
static int nr_nodes;

static struct pmm_range *range_of(uint32_t pfn)
{
	int i;

	for (i = 0; i < nranges; i++)
		if (pfn >= ranges[i].start_pfn && pfn < ranges[i].end_pfn)
			return &ranges[i];
	return 0;
}

static inline uint32_t ref_offset(uint32_t npages)
{
	return (npages + 3) & ~3u;
}

static inline uint8_t *state_of(struct pmm_range *r, uint32_t pfn)
{
	return &r->state[pfn - r->base_pfn];
}

static void list_push(struct pmm_node *n, uint32_t pfn, unsigned order)
{
	struct free_block *b = (void *)(uintptr_t)(pfn << PAGE_SHIFT);

	b->prev = 0;
	b->next = n->free[order];
	if (b->next)
		b->next->prev = b;
	n->free[order] = b;
}

static void list_unlink(struct pmm_node *n, struct free_block *b, unsigned order)
{
	if (b->prev)
		b->prev->next = b->next;
	else
		n->free[order] = b->next;
	if (b->next)
		b->next->prev = b->prev;
}

void pmm_init(int nnodes, const uint8_t distance[MAX_NODES][MAX_NODES])
{
	int i, j, k;

	nr_nodes = nnodes;
	for (i = 0; i < nnodes; i++) {
		struct pmm_node *n = &nodes[i];

		spin_lock_init(&n->lock, "pmm node");
		/* Insertion sort of the other nodes by (distance, number). */
		n->fallback[0] = i;
		n->nfallback = 1;
		for (j = 0; j < nnodes; j++) {
			if (j == i)
				continue;
			for (k = n->nfallback; k > 1; k--) {
				int o = n->fallback[k - 1];

				if (distance[i][o] <= distance[i][j])
					break;
				n->fallback[k] = o;
			}
			n->fallback[k] = j;
			n->nfallback++;
		}
	}
}

void pmm_add_range(int node, uint64_t base, uint64_t end)
{
	struct pmm_range *r;
	struct pmm_node *n;
	uint32_t first, last, npages, meta_pages, pfn;

	if (node < 0 || node >= nr_nodes)
		panic("pmm: range for node %d, but there are %d nodes", node, nr_nodes);
	first = (uint32_t)((base + PAGE_SIZE - 1) >> PAGE_SHIFT);
	last = (uint32_t)(end >> PAGE_SHIFT);
	if (last <= first)
		return;
	if (nranges == PMM_MAX_RANGES) {
		printk("pmm: more than %d ranges; [0x%llx-0x%llx) left unused\n",
		       PMM_MAX_RANGES, (unsigned long long)base,
		       (unsigned long long)end);
		return;
	}
	npages = last - first;
	/* A state byte and a reference count a page, the counts 4-aligned. */
	meta_pages = (ref_offset(npages) + npages * 4 + PAGE_SIZE - 1) / PAGE_SIZE;
	if (npages <= meta_pages)
		return;		/* too small to be worth its bookkeeping */

	r = &ranges[nranges++];
	r->base_pfn = first;
	r->start_pfn = first + meta_pages;
	r->end_pfn = last;
	r->state = (uint8_t *)(uintptr_t)(first << PAGE_SHIFT);
	r->ref = (uint32_t *)(r->state + ref_offset(npages));
	r->node = node;
	memset(r->state, 0, npages);
	memset(r->ref, 0, npages * 4);

	/* Cut the range into the largest aligned blocks that fit; the whole
	 * PMM_MAX_ORDER blocks, one run in the middle, stay fresh. */
	n = &nodes[node];
	r->fresh_pfn = r->fresh_end = 0;
	for (pfn = r->start_pfn; pfn < r->end_pfn;) {
		unsigned order = PMM_MAX_ORDER;

		while (order && ((pfn & ((1u << order) - 1)) ||
				 pfn + (1u << order) > r->end_pfn))
			order--;
		if (order == PMM_MAX_ORDER) {
			if (!r->fresh_end)
				r->fresh_pfn = pfn;
			r->fresh_end = pfn + (1u << order);
		} else {
			*state_of(r, pfn) = PAGE_FREE | order;
			list_push(n, pfn, order);
		}
		pfn += 1u << order;
	}
	n->nfree += r->end_pfn - r->start_pfn;
	n->ntotal += r->end_pfn - r->start_pfn;
}

/* Put one fresh block of node n on its free list: 0 when it has none
 * left. Its lock held. */
static int carve_fresh(struct pmm_node *n)
{
	int i;

	for (i = 0; i < nranges; i++) {
		struct pmm_range *r = &ranges[i];

		if (&nodes[r->node] != n || r->fresh_pfn == r->fresh_end)
			continue;
		*state_of(r, r->fresh_pfn) = PAGE_FREE | PMM_MAX_ORDER;
		list_push(n, r->fresh_pfn, PMM_MAX_ORDER);
		r->fresh_pfn += 1u << PMM_MAX_ORDER;
		return 1;
	}
	return 0;
}

/* Take a block of 2^order pages from node n; its lock held. */
static void *take(struct pmm_node *n, unsigned order)
{
	unsigned o;

	for (o = order; o <= PMM_MAX_ORDER; o++) {
		struct free_block *b;
		uint32_t pfn;
		struct pmm_range *r;

		if (o == PMM_MAX_ORDER && !n->free[o])
			carve_fresh(n);		/* the lists ran dry */
		b = n->free[o];
		if (!b)
			continue;
		list_unlink(n, b, o);
		pfn = (uint32_t)((uintptr_t)b >> PAGE_SHIFT);
		r = range_of(pfn);
		*state_of(r, pfn) = 0;
		/* Give back the upper halves until the block is the size asked. */
		while (o > order) {
			o--;
			*state_of(r, pfn + (1u << o)) = PAGE_FREE | o;
			list_push(n, pfn + (1u << o), o);
		}
		n->nfree -= 1u << order;
		return b;
	}
	return 0;
}

static int node_or_mine(int node)
{
	if (node == NUMA_NO_NODE)
		node = this_cpu()->node;
	if (node < 0 || node >= nr_nodes)
		node = 0;
	return node;
}

void *alloc_pages_thisnode(int node, unsigned order)
{
	struct pmm_node *n;
	uint32_t flags;
	void *p;

	if (order > PMM_MAX_ORDER || !nr_nodes)
		return 0;
	n = &nodes[node_or_mine(node)];
	flags = spin_lock_irqsave(&n->lock);
	p = take(n, order);
	spin_unlock_irqrestore(&n->lock, flags);
	return p;
}

void *alloc_pages(int node, unsigned order)
{
	struct pmm_node *n;
	int i;

	if (order > PMM_MAX_ORDER || !nr_nodes)
		return 0;
	n = &nodes[node_or_mine(node)];
	for (i = 0; i < n->nfallback; i++) {
		void *p = alloc_pages_thisnode(n->fallback[i], order);

		if (p)
			return p;
	}
	return 0;
}

void free_pages(void *p, unsigned order)
{
	uint32_t pfn = (uint32_t)((uintptr_t)p >> PAGE_SHIFT);
	struct pmm_range *r = range_of(pfn);
	struct pmm_node *n;
	uint32_t flags;

	if (!p)
		return;
	if (!r || ((uintptr_t)p & (PAGE_SIZE - 1)) || order > PMM_MAX_ORDER ||
	    (pfn & ((1u << order) - 1)) || pfn + (1u << order) > r->end_pfn)
		panic("free_pages(%p, %u): not a block the allocator gave out", p, order);
	if (order == 0 && __atomic_load_n(&r->ref[pfn - r->base_pfn], __ATOMIC_ACQUIRE))
		panic("free_pages(%p): still mapped in user space (%u references)",
		      p, r->ref[pfn - r->base_pfn]);
	n = &nodes[r->node];
	flags = spin_lock_irqsave(&n->lock);
	if ((*state_of(r, pfn) & PAGE_FREE) ||
	    (pfn >= r->fresh_pfn && pfn < r->fresh_end))
		panic("free_pages(%p, %u): already free (double free)", p, order);
	n->nfree += 1u << order;
	while (order < PMM_MAX_ORDER) {
		uint32_t buddy = pfn ^ (1u << order);

		if (buddy < r->start_pfn || buddy >= r->end_pfn ||
		    *state_of(r, buddy) != (PAGE_FREE | order))
			break;
		list_unlink(n, (void *)(uintptr_t)(buddy << PAGE_SHIFT), order);
		*state_of(r, buddy) = 0;
		pfn &= ~(1u << order);
		order++;
	}
	*state_of(r, pfn) = PAGE_FREE | order;
	list_push(n, pfn, order);
	spin_unlock_irqrestore(&n->lock, flags);
}

/* The count of page p, which must be a page the allocator manages. */
static uint32_t *ref_of(const void *p)
{
	uint32_t pfn = (uint32_t)((uintptr_t)p >> PAGE_SHIFT);
	struct pmm_range *r = range_of(pfn);

	if (!r || ((uintptr_t)p & (PAGE_SIZE - 1)))
		panic("page reference to %p: not a page of the allocator", p);
	return &r->ref[pfn - r->base_pfn];
}

void page_ref_init(void *p)
{
	__atomic_store_n(ref_of(p), 1, __ATOMIC_RELEASE);
}

void page_ref_get(void *p)
{
	if (__atomic_add_fetch(ref_of(p), 1, __ATOMIC_ACQ_REL) < 2)
		panic("page_ref_get(%p): the page had no reference", p);
}

uint32_t page_ref_count(const void *p)
{
	return __atomic_load_n(ref_of(p), __ATOMIC_ACQUIRE);
}

uint32_t page_put(void *p)
{
	uint32_t *ref = ref_of(p), left;

	if (!__atomic_load_n(ref, __ATOMIC_ACQUIRE))
		panic("page_put(%p): the page had no reference", p);
	left = __atomic_sub_fetch(ref, 1, __ATOMIC_ACQ_REL);
	if (!left)
		free_pages(p, 0);
	return left;
}

uint32_t pmm_free_pages_all(void)
{
	uint32_t sum = 0;
	int i;

	for (i = 0; i < nr_nodes; i++)
		sum += __atomic_load_n(&nodes[i].nfree, __ATOMIC_RELAXED);
	return sum;
}

int pmm_page_node(const void *p)
{
	struct pmm_range *r = range_of((uint32_t)((uintptr_t)p >> PAGE_SHIFT));

	return r ? r->node : -1;
}

uint32_t pmm_free_pages(int node)
{
	return node >= 0 && node < nr_nodes ? nodes[node].nfree : 0;
}

uint32_t pmm_fresh_pages(int node)
{
	uint32_t sum = 0, flags;
	int i;

	if (node < 0 || node >= nr_nodes)
		return 0;
	flags = spin_lock_irqsave(&nodes[node].lock);
	for (i = 0; i < nranges; i++)
		if (ranges[i].node == node)
			sum += ranges[i].fresh_end - ranges[i].fresh_pfn;
	spin_unlock_irqrestore(&nodes[node].lock, flags);
	return sum;
}

uint32_t pmm_total_pages(int node)
{
	return node >= 0 && node < nr_nodes ? nodes[node].ntotal : 0;
}

void pmm_print(void)
{
	int i, j;

	for (i = 0; i < nranges; i++)
		printk("pmm: node %d: [0x%08x-0x%08x) %u pages\n", ranges[i].node,
		       ranges[i].start_pfn << PAGE_SHIFT, ranges[i].end_pfn << PAGE_SHIFT,
		       ranges[i].end_pfn - ranges[i].start_pfn);
	for (i = 0; i < nr_nodes; i++) {
		char buf[64];
		int len = 0;

		for (j = 0; j < nodes[i].nfallback; j++)
			len += snprintf(buf + len, sizeof(buf) - len, "%s%d",
					j ? "," : "", nodes[i].fallback[j]);
		printk("pmm: node %d: %u MiB free (%u never touched); allocation order %s\n",
		       i, nodes[i].nfree >> (20 - PAGE_SHIFT),
		       pmm_fresh_pages(i) >> (20 - PAGE_SHIFT), buf);
	}
}
