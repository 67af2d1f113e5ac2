/* mm.c - user address spaces (mm.h). */
#include "mm.h"
#include "cpu.h"
#include "heap.h"
#include "paging.h"
#include "pmm.h"
#include "panic.h"
#include "printk.h"
#include "string.h"
#include "uapi/errno.h"
#include "uapi/memlayout.h"

#define PDE_FIRST	(USER_BASE >> 22)
#define PDE_END		(USER_TOP >> 22)

_Static_assert(MM_USER_PDES % 32 == 0 && PDE_END - PDE_FIRST == MM_USER_PDES,
	       "pt_map covers user space in whole words");

/* The first present user page table from index k on (k: from PDE_FIRST),
 * or -1. */
static int next_pt(const struct mm *mm, int k)
{
	while (k < (int)MM_USER_PDES) {
		uint32_t bits = mm->pt_map[k / 32] >> (k % 32);

		if (bits)
			return k + __builtin_ctz(bits);
		k = (k | 31) + 1;
	}
	return -1;
}

#define for_each_pt(k, mm) \
	for ((k) = next_pt((mm), 0); (k) >= 0; (k) = next_pt((mm), (k) + 1))

static uint32_t *pt_at(const struct mm *mm, int k)
{
	return (uint32_t *)(uintptr_t)(mm->pgdir[PDE_FIRST + k] & ~0xfffu);
}

/* A zeroed page table from node for user index k (not present yet). */
static uint32_t *pt_new(struct mm *mm, int k, int node)
{
	uint32_t *pt = alloc_pages(node, 0);

	if (!pt)
		return NULL;
	memset(pt, 0, PAGE_SIZE);
	mm->pgdir[PDE_FIRST + k] = (uint32_t)(uintptr_t)pt | PTE_P | PTE_W | PTE_U;
	mm->pt_map[k / 32] |= 1u << (k % 32);
	mm->pt_lo[k] = 1024;
	mm->pt_hi[k] = 0;
	return pt;
}

static int user_ok;

int mm_init(void)
{
	const uint32_t *kdir = (const uint32_t *)(uintptr_t)paging_cr3();
	uint32_t i;

	/* Without WP the kernel's copy_to_user() would write straight into
	 * a shared page: copy-on-write needs its writes to fault too. */
	if (!(read_cr0() & CR0_WP))
		panic("mm: CR0.WP is off: kernel writes would bypass copy-on-write");
	user_ok = 1;
	for (i = PDE_FIRST; i < PDE_END; i++)
		if (kdir[i] & PTE_P) {
			printk("mm: the kernel maps 0x%x, inside user space "
			       "[0x%x, 0x%x): no user processes on this machine\n",
			       i << 22, USER_BASE, USER_TOP);
			user_ok = 0;
			break;
		}
	return user_ok;
}

struct mm *mm_create(int node)
{
	const uint32_t *kdir = (const uint32_t *)(uintptr_t)paging_cr3();
	struct mm *mm;
	uint32_t *dir;

	if (!user_ok)
		return NULL;
	mm = kmalloc_node(sizeof(*mm), node);
	dir = alloc_pages(node, 0);
	if (!mm || !dir) {
		kfree(mm);
		if (dir)
			free_pages(dir, 0);
		return NULL;
	}
	memcpy(dir, kdir, PDE_FIRST * 4);
	memset(dir + PDE_FIRST, 0, (PDE_END - PDE_FIRST) * 4);
	memcpy(dir + PDE_END, kdir + PDE_END, (1024 - PDE_END) * 4);
	memset(mm->pt_map, 0, sizeof(mm->pt_map));
	mm->pgdir = dir;
	mm->node = node;
	mm->pages = 0;
	mm->nzero = 0;
	return mm;
}

void mm_destroy(struct mm *mm)
{
	int k, j;

	if (!mm)
		return;
	for_each_pt(k, mm) {
		uint32_t *pt = pt_at(mm, k);

		for (j = mm->pt_lo[k]; j < mm->pt_hi[k]; j++)
			if (pt[j] & PTE_P)
				page_put((void *)(uintptr_t)(pt[j] & ~0xfffu));
		free_pages(pt, 0);
	}
	free_pages(mm->pgdir, 0);
	kfree(mm);
}

/* The entry of user address va in mm's tables, or NULL (no page table). */
static uint32_t *pte_find(const struct mm *mm, uint32_t va)
{
	uint32_t pde = mm->pgdir[va >> 22];

	if (!(pde & PTE_P))
		return NULL;
	return &((uint32_t *)(uintptr_t)(pde & ~0xfffu))[(va >> 12) & 1023];
}

/* The entry of user address va, with a page table from node made if there
 * is none, its span widened to the entry (the caller sets it); NULL when
 * there is no memory for the table. */
static uint32_t *pte_make(struct mm *mm, uint32_t va, int node)
{
	int k = (va >> 22) - PDE_FIRST;
	uint32_t j = (va >> 12) & 1023;
	uint32_t *pt;

	if (mm->pgdir[va >> 22] & PTE_P)
		pt = pt_at(mm, k);
	else if (!(pt = pt_new(mm, k, node)))
		return NULL;
	if (j < mm->pt_lo[k])
		mm->pt_lo[k] = j;
	if (j + 1 > mm->pt_hi[k])
		mm->pt_hi[k] = j + 1;
	return &pt[j];
}

void *mm_map_page(struct mm *mm, uint32_t va, uint32_t flags)
{
	uint32_t *pte;
	void *page;

	if (va < USER_BASE || va >= USER_TOP || (va & 0xfff))
		return NULL;
	pte = pte_make(mm, va, mm->node);
	if (!pte)
		return NULL;
	if (*pte & PTE_P) {
		/* Two segments share a page: keep it, widen its rights. */
		*pte |= flags & PTE_W;
		return (void *)(uintptr_t)(*pte & ~0xfffu);
	}
	page = alloc_pages(mm->node, 0);
	if (!page)
		return NULL;
	memset(page, 0, PAGE_SIZE);
	page_ref_init(page);
	*pte = (uint32_t)(uintptr_t)page | PTE_P | PTE_U | (flags & PTE_W);
	mm->pages++;
	return page;
}

int mm_map_existing(struct mm *mm, uint32_t va, void *page, uint32_t flags)
{
	uint32_t *pte;

	if (va < USER_BASE || va >= USER_TOP || (va & 0xfff))
		return -EFAULT;
	pte = pte_make(mm, va, mm->node);
	if (!pte)
		return -ENOMEM;
	if (*pte & PTE_P)
		return -EFAULT;
	*pte = (uint32_t)(uintptr_t)page | PTE_P | PTE_U | (flags & PTE_W);
	mm->pages++;
	return 0;
}

int mm_add_zero_range(struct mm *mm, uint32_t lo, uint32_t hi)
{
	if (mm->nzero >= MM_ZERO_RANGES)
		return -ENOMEM;
	mm->zero_lo[mm->nzero] = lo;
	mm->zero_hi[mm->nzero] = hi;
	mm->nzero++;
	return 0;
}

int mm_zero_fault(struct mm *mm, uint32_t va)
{
	uint32_t *pte;
	void *page;
	int i;

	if (va < USER_BASE || va >= USER_TOP)
		return -EFAULT;
	for (i = 0; i < mm->nzero; i++)
		if (va >= mm->zero_lo[i] && va < mm->zero_hi[i])
			break;
	if (i == mm->nzero)
		return -EFAULT;
	pte = pte_make(mm, va, mm->node);
	if (!pte)
		return -ENOMEM;
	if (*pte & PTE_P)
		return 0;	/* mapped already: nothing to do */
	/* The touching CPU's node (pmm.h's NUMA_NO_NODE rule), as a
	 * copy-on-write copy: the process runs there now. */
	page = alloc_pages(NUMA_NO_NODE, 0);
	if (!page)
		return -ENOMEM;
	memset(page, 0, PAGE_SIZE);
	page_ref_init(page);
	*pte = (uint32_t)(uintptr_t)page | PTE_P | PTE_U | PTE_W;
	mm->pages++;
	return 0;
}

void *mm_lookup(const struct mm *mm, uint32_t va)
{
	uint32_t *pte;

	if (va < USER_BASE || va >= USER_TOP)
		return NULL;
	pte = pte_find(mm, va);
	if (!pte || !(*pte & PTE_P))
		return NULL;
	return (char *)(uintptr_t)(*pte & ~0xfffu) + (va & 0xfff);
}

struct mm *mm_clone(struct mm *src, int node)
{
	struct mm *mm = mm_create(node);
	uint32_t i;
	int k, j;

	if (!mm)
		return NULL;
	mm->nzero = src->nzero;
	for (i = 0; i < (uint32_t)src->nzero; i++) {
		mm->zero_lo[i] = src->zero_lo[i];
		mm->zero_hi[i] = src->zero_hi[i];
	}
	for_each_pt(k, src) {
		uint32_t *spt = pt_at(src, k), *dpt = pt_new(mm, k, node);

		if (!dpt) {
			/* The parent's pages made read-only so far stay so:
			 * its next write finds a count of 1 and keeps the page. */
			mm_destroy(mm);
			flush_tlb_local();
			return NULL;
		}
		mm->pt_lo[k] = src->pt_lo[k];
		mm->pt_hi[k] = src->pt_hi[k];
		for (j = src->pt_lo[k]; j < src->pt_hi[k]; j++) {
			if (!(spt[j] & PTE_P))
				continue;
			if (spt[j] & PTE_W)
				spt[j] = (spt[j] & ~PTE_W) | PTE_COW;
			page_ref_get((void *)(uintptr_t)(spt[j] & ~0xfffu));
			dpt[j] = spt[j];
			mm->pages++;
		}
	}
	/* The parent runs here (mm.h: on no other CPU): its writable
	 * translations go before it returns to user mode. */
	flush_tlb_local();
	return mm;
}

int mm_cow_fault(struct mm *mm, uint32_t va)
{
	uint32_t *pte;
	void *old, *copy;

	if (va < USER_BASE || va >= USER_TOP)
		return -EFAULT;
	pte = pte_find(mm, va);
	if (!pte || (*pte & (PTE_P | PTE_COW)) != (PTE_P | PTE_COW))
		return -EFAULT;
	old = (void *)(uintptr_t)(*pte & ~0xfffu);
	if (page_ref_count(old) == 1) {
		/* The others copied it or went away: it is ours alone. */
		*pte = (*pte & ~PTE_COW) | PTE_W;
	} else {
		/* The faulting CPU's node (pmm.h's NUMA_NO_NODE rule): the
		 * process runs there now, wherever its mm started. */
		copy = alloc_pages(NUMA_NO_NODE, 0);
		if (!copy)
			return -ENOMEM;
		memcpy(copy, old, PAGE_SIZE);
		page_ref_init(copy);
		*pte = (uint32_t)(uintptr_t)copy | PTE_P | PTE_U | PTE_W;
		/* After the copy: whoever sees the count drop may write. */
		page_put(old);
	}
	flush_tlb_page(va & ~0xfffu);
	return 0;
}
