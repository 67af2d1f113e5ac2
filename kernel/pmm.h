/*
 * pmm.h - the physical page allocator: one buddy allocator per NUMA node.
 *
 * Blocks are 2^order pages (order 0 = 4 KiB .. PMM_MAX_ORDER = 4 MiB),
 * always aligned to their size. Physical memory is identity mapped, so the
 * address of a block is also a pointer to it.
 *
 * alloc_pages(node, order) takes node's memory first and, when it has no
 * block big enough, the other nodes nearest first (SLIT distance; equal
 * distances by node number), as Linux's zonelists do. Freed blocks go back
 * to the node that owns their memory.
 */
#ifndef KERNEL_PMM_H
#define KERNEL_PMM_H

#include <stdint.h>
#include "params.h"

#define PMM_MAX_ORDER	10	/* 4 MiB: one large page */
#define NUMA_NO_NODE	(-1)	/* "the node of the CPU asking" */

/* Set up empty pools for nodes 0..nnodes-1 and their fallback orders. */
void pmm_init(int nnodes, const uint8_t distance[MAX_NODES][MAX_NODES]);

/* Give [base, end) of node to the allocator (partial pages are dropped).
 * Its first pages keep the range's bookkeeping. */
void pmm_add_range(int node, uint64_t base, uint64_t end);

/* 2^order pages, nearest node first; NULL when no node has a block. */
void *alloc_pages(int node, unsigned order);
/* 2^order pages of node only; NULL when node has no block. */
void *alloc_pages_thisnode(int node, unsigned order);
void free_pages(void *p, unsigned order);

/*
 * Reference counts of single pages mapped into user space (copy-on-write,
 * mm.c). The invariant, at struct pmm_range in pmm.c: the count is the
 * number of user page table entries that map the page, 0 for every page
 * no user PTE maps. Atomic: any CPU, any context, no lock.
 *
 * page_ref_init: a page fresh from alloc_pages(node, 0) now has 1.
 * page_ref_get: one more mapping of a page that has at least one.
 * page_put: one mapping fewer; frees the page when none is left and
 * returns the count left. free_pages() refuses a page still counted.
 */
void page_ref_init(void *p);
void page_ref_get(void *p);
uint32_t page_ref_count(const void *p);
uint32_t page_put(void *p);

/* The node whose pool manages address p, or -1. */
int pmm_page_node(const void *p);

/* Pages free / managed in node's pool. */
uint32_t pmm_free_pages(int node);
uint32_t pmm_total_pages(int node);
/* Of node's free pages, those never written since boot (pmm.c, "Fresh
 * memory"): on no free list yet. */
uint32_t pmm_fresh_pages(int node);
/* Pages free in every pool together. */
uint32_t pmm_free_pages_all(void);

/* Print every pool on the console. */
void pmm_print(void);

#endif
