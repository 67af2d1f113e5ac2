/* heap_test.c - in-kernel tests of kmalloc/kfree. */
#include <stdint.h>
#include "heap.h"
#include "ktest.h"
#include "numa.h"
#include "pmm.h"
#include "string.h"

static const size_t sizes[] = {
	1, 7, 8, 9, 16, 24, 100, 1000, 2040, 2041, 4096, 10000, 100000,
};
#define NSIZES	(sizeof(sizes) / sizeof(sizes[0]))
#define NSMALL	200

static int pattern_ok(const uint8_t *p, size_t n, uint8_t v)
{
	while (n--)
		if (*p++ != v)
			return 0;
	return 1;
}

/*
 * heap_basic: allocations of every size class and big ones are 8-byte
 * aligned and do not overlap (each keeps its own pattern while all are
 * live), freed objects are reused, kmalloc_node() takes memory from the node
 * asked for, and kfree(NULL) does nothing.
 */
KTEST(heap_basic)
{
	void *p[NSIZES], *small[NSMALL], *again;
	unsigned i;
	int n;

	for (i = 0; i < NSIZES; i++) {
		p[i] = kmalloc(sizes[i]);
		KT_EXPECT(t, p[i], "kmalloc(%u) failed", (unsigned)sizes[i]);
		KT_EXPECT(t, !((uintptr_t)p[i] & 7), "kmalloc(%u) = %p, not 8-byte aligned",
			  (unsigned)sizes[i], p[i]);
		memset(p[i], (int)i + 1, sizes[i]);
	}
	for (i = 0; i < NSMALL; i++) {
		small[i] = kmalloc(32);
		KT_EXPECT(t, small[i], "kmalloc(32) #%u failed", i);
		memset(small[i], 0xa0 + (i & 15), 32);
	}
	for (i = 0; i < NSIZES; i++)
		KT_EXPECT(t, pattern_ok(p[i], sizes[i], (uint8_t)(i + 1)),
			  "the %u bytes at %p were overwritten", (unsigned)sizes[i], p[i]);
	for (i = 0; i < NSMALL; i++)
		KT_EXPECT(t, pattern_ok(small[i], 32, (uint8_t)(0xa0 + (i & 15))),
			  "small object %u at %p was overwritten", i, small[i]);

	/* The last object freed of a class is the next one handed out. */
	kfree(small[NSMALL - 1]);
	again = kmalloc(32);
	KT_EXPECT(t, again == small[NSMALL - 1], "freed %p, next kmalloc(32) gave %p",
		  small[NSMALL - 1], again);
	for (i = 0; i < NSMALL; i++)
		kfree(small[i]);
	for (i = 0; i < NSIZES; i++)
		kfree(p[i]);
	kfree(0);

	for (n = 0; n < numa.nnodes; n++) {
		void *q;

		if (pmm_free_pages(n) < 64)
			continue;
		q = kmalloc_node(100000, n);
		KT_EXPECT(t, q && pmm_page_node(q) == n,
			  "kmalloc_node(100000, %d) = %p on node %d", n, q,
			  q ? pmm_page_node(q) : -1);
		kfree(q);
	}
	return 0;
}
