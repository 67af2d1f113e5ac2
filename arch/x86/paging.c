/* paging.c - build the identity map of paging.h and switch paging on. */
#include "paging.h"
#include "bootinfo.h"
#include "cpu.h"
#include "panic.h"
#include "pmm.h"
#include "printk.h"
#include "task.h"
#include "string.h"

#define PTE_PRESENT	0x001
#define PTE_WRITE	0x002
#define PTE_PWT		0x008	/* write-through */
#define PTE_PCD		0x010	/* cache disable */
#define PDE_LARGE	0x080	/* PS: this PDE maps 4 MiB */

#define FOUR_GIB	(1ull << 32)

static uint32_t page_dir[1024] __attribute__((aligned(PAGE_SIZE)));
static uint32_t low_table[1024] __attribute__((aligned(PAGE_SIZE)));

extern const char _text_start[], _text_end[];	/* kernel.ld */
extern const char _rodata_start[], _rodata_end[];

static int in_readonly(uintptr_t a)
{
	uintptr_t ts = (uintptr_t)_text_start;
	uintptr_t te = (uintptr_t)_text_end & ~(PAGE_SIZE - 1);
	uintptr_t rs = (uintptr_t)_rodata_start;
	uintptr_t re = (uintptr_t)_rodata_end & ~(PAGE_SIZE - 1);

	/* Only whole pages: a page the next section shares stays writable. */
	return (a >= ts && a < te) || (a >= rs && a < re);
}

int paging_map_identity(uint64_t phys, uint64_t len, int uncached)
{
	uint64_t a, end = phys + len;
	uint32_t flags = PTE_PRESENT | PTE_WRITE | PDE_LARGE;

	if (!len)
		return 0;
	if (end > FOUR_GIB || end < phys)
		return -1;
	if (uncached)
		flags |= PTE_PCD | PTE_PWT;
	for (a = phys & ~(uint64_t)(LARGE_PAGE_SIZE - 1); a < end; a += LARGE_PAGE_SIZE) {
		uint32_t i = (uint32_t)(a >> 22);

		if (i == 0)
			continue;	/* the first 4 MiB are always mapped */
		/* Uncached wins: a device page must never be cached. */
		if (!(page_dir[i] & PTE_PRESENT) || uncached)
			page_dir[i] = (uint32_t)a | flags;
	}
	return 0;
}

void paging_close_hole(void)
{
	uint32_t i, n = 0;

	for (i = PAGING_HOLE_START >> 22; i < PAGING_HOLE_END >> 22; i++)
		if (page_dir[i] & PTE_PRESENT) {
			page_dir[i] = 0;
			n++;
		}
	if (n)
		flush_tlb_local();
}

/* Give directory entry i, a 4 MiB page, a page table mapping the same
 * frames with the same rights and caching. 0, or -1 without a page. */
static int split_large(uint32_t i)
{
	uint32_t j, pde = page_dir[i], frame = pde & ~(LARGE_PAGE_SIZE - 1);
	uint32_t flags = pde & (PTE_PRESENT | PTE_WRITE | PTE_PWT | PTE_PCD);
	uint32_t *pt = alloc_pages(pmm_page_node((void *)(uintptr_t)frame), 0);

	if (!pt)
		return -1;
	for (j = 0; j < 1024; j++)
		pt[j] = (frame + (j << PAGE_SHIFT)) | flags;
	page_dir[i] = (uint32_t)(uintptr_t)pt | PTE_PRESENT | PTE_WRITE;
	return 0;
}

void paging_split_ram(void)
{
	uint32_t i, n = 0;

	for (i = 1; i < 1024; i++) {
		uint32_t pde = page_dir[i];

		if (!(pde & PTE_PRESENT) || !(pde & PDE_LARGE) || (pde & PTE_PCD))
			continue;
		if (split_large(i))
			panic("paging: no page for the page table of 0x%x-0x%x",
			      i << 22, ((i + 1) << 22) - 1);
		n++;
	}
	flush_tlb_local();
	printk("paging: RAM in 4 KiB pages (%u page tables, %u KiB) for the "
	       "kernel stacks' guard pages\n", n, n * (PAGE_SIZE / 1024));
}

/* The page table entry of va, or NULL when va's directory entry maps a
 * 4 MiB page or nothing. */
static uint32_t *pte_of(uintptr_t va)
{
	uint32_t pde = page_dir[va >> 22];

	if (!(pde & PTE_PRESENT) || (pde & PDE_LARGE))
		return 0;
	return &((uint32_t *)(uintptr_t)(pde & ~(PAGE_SIZE - 1)))[(va >> PAGE_SHIFT) & 1023];
}

int paging_guard_page(uintptr_t va)
{
	uint32_t *pte = pte_of(va);

	if (!pte)
		return -1;
	*pte &= ~PTE_PRESENT;
	flush_tlb_page(va);
	return 0;
}

void paging_unguard_page(uintptr_t va)
{
	uint32_t *pte = pte_of(va);

	KASSERT(pte && !(*pte & PTE_PRESENT), "unguard a page that is no guard");
	*pte |= PTE_PRESENT;
}

void *kstack_alloc(int node)
{
	char *block = alloc_pages(node, KSTACK_ORDER);

	if (!block)
		return 0;
	if (paging_guard_page((uintptr_t)block)) {
		free_pages(block, KSTACK_ORDER);
		return 0;
	}
	return block + PAGE_SIZE;
}

void kstack_free(void *stack)
{
	char *block = (char *)stack - PAGE_SIZE;

	paging_unguard_page((uintptr_t)block);
	free_pages(block, KSTACK_ORDER);
}

uint32_t paging_cr3(void)
{
	return (uint32_t)(uintptr_t)page_dir;
}

/* Map [a, b) except what lies in the hole. */
static void map_around_hole(uint64_t a, uint64_t b)
{
	uint64_t lo_end = b < PAGING_HOLE_START ? b : PAGING_HOLE_START;
	uint64_t hi_start = a > PAGING_HOLE_END ? a : PAGING_HOLE_END;

	if (a < lo_end)
		paging_map_identity(a, lo_end - a, 0);
	if (hi_start < b)
		paging_map_identity(hi_start, b - hi_start, 0);
}

void paging_init(void)
{
	uint32_t i;
	int r;

	memset(page_dir, 0, sizeof(page_dir));
	/* Page 0 stays unmapped so that a NULL dereference faults. */
	low_table[0] = 0;
	for (i = 1; i < 1024; i++) {
		uint32_t a = i << PAGE_SHIFT;

		low_table[i] = a | PTE_PRESENT | (in_readonly(a) ? 0 : PTE_WRITE);
	}
	page_dir[0] = (uint32_t)(uintptr_t)low_table | PTE_PRESENT | PTE_WRITE;

	/*
	 * RAM and ACPI memory from the loader's map. Reserved ranges are left
	 * out (they include device memory that must not be cached); ACPI
	 * tables inside them are mapped on demand (acpi_boot.c).
	 */
	for (r = 0; r < boot_info.nmmap; r++) {
		const struct mem_region *m = &boot_info.mmap[r];

		if (m->type == MEM_USABLE || m->type == MEM_ACPI_RECLAIM ||
		    m->type == MEM_ACPI_NVS) {
			uint64_t end = m->base + m->len;

			if (m->base >= FOUR_GIB)
				continue;
			if (end > FOUR_GIB)
				end = FOUR_GIB;
			map_around_hole(m->base, end);
		}
	}

	write_cr3(paging_cr3());
	write_cr4(read_cr4() | CR4_PSE);
	write_cr0(read_cr0() | CR0_PG | CR0_WP);
}
