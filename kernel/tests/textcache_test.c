/* textcache_test.c - in-kernel tests of the shared program pages. */
#include <stdint.h>
#include "elf.h"
#include "ktest.h"
#include "numa.h"
#include "paging.h"
#include "pmm.h"
#include "proc.h"
#include "string.h"
#include "textcache.h"
#include "uapi/memlayout.h"

/*
 * textcache_shared: the same read-only page of /bin/sh asked for twice on
 * a node is one page, holding the file's bytes, with one more reference
 * per mapping; each other node gets its own copy, from its own memory.
 */
KTEST(textcache_shared)
{
	const struct elf_limits lim = { USER_BASE, USER_STACK_LOW, 64u << 20 };
	const struct elf_segment *sg = NULL;
	struct elf_image im;
	const void *data;
	size_t size;
	uint32_t va, ref, len;
	char *a, *b;
	int i, n;

	if (initrd_lookup("/bin/sh", &data, &size) || elf_check(data, size, &lim, &im))
		return ktest_skip(t, "no /bin/sh in an initrd");
	for (i = 0; i < im.nseg && !sg; i++)
		if (!(im.seg[i].flags & ELF_SEG_W) && im.seg[i].filesz >= PAGE_SIZE &&
		    !(im.seg[i].vaddr & (PAGE_SIZE - 1)))
			sg = &im.seg[i];
	KT_EXPECT(t, sg, "/bin/sh has no page-aligned read-only segment of a page");
	va = sg->vaddr;
	a = textcache_get(data, sg, va, 0);
	KT_EXPECT(t, a, "no page for node 0");
	ref = page_ref_count(a);
	b = textcache_get(data, sg, va, 0);
	KT_EXPECT(t, a == b, "two pages for one: %p and %p", a, b);
	KT_EXPECT(t, page_ref_count(a) == ref + 1, "references %u, want %u",
		  page_ref_count(a), ref + 1);
	len = PAGE_SIZE;
	KT_EXPECT(t, !memcmp(a, (const char *)data + sg->offset, len),
		  "the page differs from the file");
	page_put(b);
	page_put(a);
	for (n = 1; n < numa.nnodes; n++) {
		char *c;

		if (pmm_free_pages(n) < 64)
			continue;
		c = textcache_get(data, sg, va, n);
		KT_EXPECT(t, c && c != a && pmm_page_node(c) == n,
			  "node %d's copy %p (node %d), node 0's %p", n, c,
			  c ? pmm_page_node(c) : -1, a);
		if (c) {
			KT_EXPECT(t, !memcmp(c, a, PAGE_SIZE), "node %d's copy differs", n);
			page_put(c);
		}
	}
	return 0;
}
