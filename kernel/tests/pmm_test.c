/*
 * pmm_test.c - in-kernel tests of the page allocator's NUMA behaviour.
 *
 * Where a block came from is checked against the firmware's description of
 * the nodes (numa_addr_in_node: the SRAT ranges), not against the
 * allocator's own bookkeeping.
 */
#include <stdint.h>
#include "ktest.h"
#include "numa.h"
#include "paging.h"
#include "pmm.h"

/* Blocks taken while draining, linked through their own first bytes. */
struct drained {
	struct drained *next;
	unsigned order;
};

/* The node whose firmware ranges hold the block, or -1. */
static int firmware_node(const void *p, unsigned order)
{
	int n;

	for (n = 0; n < numa.nnodes; n++)
		if (numa_addr_in_node(n, (uintptr_t)p, (uint64_t)PAGE_SIZE << order))
			return n;
	return -1;
}

/* Take every block node n has, largest first, onto *list. */
static void drain(int n, struct drained **list)
{
	int order;

	for (order = PMM_MAX_ORDER; order >= 0; order--) {
		struct drained *d;

		while ((d = alloc_pages_thisnode(n, (unsigned)order))) {
			d->order = (unsigned)order;
			d->next = *list;
			*list = d;
		}
	}
}

static void give_back(struct drained *list)
{
	while (list) {
		struct drained *next = list->next;

		free_pages(list, list->order);
		list = next;
	}
}

/* Nodes with memory, nearest to `from` first (itself first, then by
 * distance, equal distances by number). */
static int expected_order(int from, int order[MAX_NODES])
{
	int n, k, count = 0;

	for (n = 0; n < numa.nnodes; n++) {
		if (!pmm_total_pages(n))
			continue;
		for (k = count; k > 0; k--) {
			int o = order[k - 1];

			if (o == from || (n != from && numa.distance[from][o] <=
						      numa.distance[from][n]))
				break;
			order[k] = o;
		}
		order[k] = n;
		count++;
	}
	return count;
}

/*
 * pmm_node_local: for every node N, allocations for N come from N's own
 * memory while it has any; drained, from the nearest node that still has
 * memory, and so on down the distance order; with every node drained,
 * nothing; and after freeing, every node has exactly its free pages back.
 */
KTEST(pmm_node_local)
{
	uint32_t before[MAX_NODES];
	int from, n, i;

	/* Boot wrote into none of the fresh blocks, the larger part of a
	 * node's memory; the drain below carves them all. */
	for (n = 0; n < numa.nnodes; n++) {
		before[n] = pmm_free_pages(n);
		KT_EXPECT(t, pmm_fresh_pages(n) <= before[n] &&
			  (pmm_total_pages(n) < (16u << (20 - PAGE_SHIFT)) ||
			   pmm_fresh_pages(n) > pmm_total_pages(n) / 2),
			  "node %d: %u fresh pages of %u free, %u managed", n,
			  pmm_fresh_pages(n), before[n], pmm_total_pages(n));
	}

	for (from = 0; from < numa.nnodes; from++) {
		int order[MAX_NODES], count = expected_order(from, order), k;
		struct drained *list = 0;

		if (!pmm_total_pages(from))
			continue;
		/* While the node has memory: from the node, several times. */
		for (i = 0; i < 16; i++) {
			struct drained *d = alloc_pages(from, 0);

			if (!d || firmware_node(d, 0) != from) {
				give_back(list);
				if (d)
					free_pages(d, 0);
				return ktest_fail(t, "node %d: page %p is from node %d",
						  from, (void *)d, d ? firmware_node(d, 0) : -1);
			}
			d->order = 0;
			d->next = list;
			list = d;
		}
		/* Drain down the distance order, checking each step. */
		for (k = 0; k < count; k++) {
			void *p = alloc_pages(from, 0);
			int got = p ? firmware_node(p, 0) : -1;

			if (p)
				free_pages(p, 0);
			if (got != order[k]) {
				give_back(list);
				return ktest_fail(t, "node %d with %d nearer node(s) drained: "
						  "page from node %d, expected node %d",
						  from, k, got, order[k]);
			}
			drain(order[k], &list);
		}
		if (alloc_pages(from, 0)) {
			give_back(list);
			return ktest_fail(t, "node %d: a page with every node drained", from);
		}
		give_back(list);
	}

	for (n = 0; n < numa.nnodes; n++)
		KT_EXPECT(t, pmm_free_pages(n) == before[n] && !pmm_fresh_pages(n),
			  "node %d: %u free pages after the test, %u before; %u fresh",
			  n, pmm_free_pages(n), before[n], pmm_fresh_pages(n));
	return 0;
}
