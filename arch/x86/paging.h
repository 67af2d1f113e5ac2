/*
 * paging.h - the kernel's one address space: physical memory mapped at its
 * own address (identity), shared by every CPU (one page directory).
 *
 * 32-bit paging without PAE, so only the first 4 GiB can be reached, and
 * not all of it: user space, [USER_BASE, USER_TOP) (uapi/memlayout.h), is
 * every process's own in every address space, so the kernel maps nothing
 * there (mm_init() checks). RAM in that window and above 4 GiB stays
 * unused (numa.c gives the allocator the rest and says how much is left);
 * on a PC with 2 GiB that is half of it. Using it would take highmem
 * (Linux's kmap: temporary mappings) or a user space elsewhere. The
 * first 4 MiB use 4 KiB pages so that page 0 can stay unmapped (a NULL
 * pointer faults) and the kernel's code and read-only data can be write
 * protected; everything above uses 4 MiB pages (CR4.PSE).
 */
#ifndef ARCH_X86_PAGING_H
#define ARCH_X86_PAGING_H

#include <stdint.h>
#include "uapi/memlayout.h"

/* Physical addresses the kernel never maps: user space (above). */
#define PAGING_HOLE_START	USER_BASE
#define PAGING_HOLE_END		USER_TOP

#define PAGE_SIZE	4096u
#define PAGE_SHIFT	12
#define LARGE_PAGE_SIZE	(4u << 20)

/* Build the page directory from the memory map and turn paging on. */
void paging_init(void);

/*
 * Make [phys, phys + len) reachable at the same address. uncached for
 * device registers (LAPIC, I/O APIC). Returns 0, or -1 when the range is
 * above 4 GiB. Only before the APs start, or for ranges no CPU has touched:
 * it adds mappings and never changes one another CPU may have cached.
 */
int paging_map_identity(uint64_t phys, uint64_t len, int uncached);

/*
 * Unmap the ACPI tables acpi_boot_init() mapped in the hole (firmware puts
 * them at the top of RAM: 0x7ffe0000 on a QEMU PC with 2 GiB). On the boot
 * CPU, once the tables are parsed (nothing keeps pointers into them) and
 * before the APs start.
 */
void paging_close_hole(void);

/*
 * Kernel stacks and their guard pages. Every kernel stack (KSTACK_SIZE,
 * kernel/task.h) has an unmapped page right below it, so an overflow
 * faults and the #DF task reports it (doublefault.c) instead of the stack
 * silently overwriting the memory below.
 *
 * paging_split_ram(): map all RAM with 4 KiB pages (a page table per
 * 4 MiB, same frames, rights and caching; device mappings keep theirs), so
 * that a guard page can be unmapped anywhere. Boot CPU, once, before the
 * APs start and before the first user address space copies the kernel's
 * directory entries (mm.c): every CPU and address space then shares these
 * page tables, and a guard set later is seen by all of them.
 *
 * paging_guard_page(va): unmap the page at va; -1 when no page table maps
 * it. paging_unguard_page(va): map it again. Another CPU may keep a stale
 * translation of a page just made a guard (no shootdown): it only misses
 * an overflow into it, since a guard page holds nothing.
 *
 * kstack_alloc(node): a 2^KSTACK_ORDER-page block on node (nearest first),
 * its lowest page the guard; returns the stack's lowest address, NULL
 * without memory. kstack_free(stack): give it back, guard mapped again.
 */
void paging_split_ram(void);
int paging_guard_page(uintptr_t va);
void paging_unguard_page(uintptr_t va);
void *kstack_alloc(int node);
void kstack_free(void *stack);

/* The value every CPU loads into CR3. */
uint32_t paging_cr3(void);

/*
 * TLB flushes, this CPU only. No page is global (CR4.PGE stays off), so a
 * CR3 load drops every translation; invlpg drops one page's.
 */
static inline void flush_tlb_page(uintptr_t va)
{
	__asm__ volatile("invlpg (%0)" : : "r"(va) : "memory");
}

static inline void flush_tlb_local(void)
{
	uint32_t cr3;

	__asm__ volatile("mov %%cr3, %0; mov %0, %%cr3" : "=r"(cr3) : : "memory");
}

#endif
