/*
 * mm.h - a user process's address space: one page directory per process.
 *
 * Every page directory maps the kernel exactly as the boot page directory
 * does (its entries are copied at creation; paging.c adds none after boot),
 * without the user bit. The user part is [USER_BASE, USER_TOP)
 * (uapi/memlayout.h), in 4 KiB pages taken from the node the process runs
 * on, with page tables of its own.
 *
 * Copy-on-write: fork shares every user page between parent and child
 * (each page counted once per mapping, pmm.h page_ref_*). A writable page
 * becomes read-only with PTE_COW in both; the first write to it faults,
 * and mm_cow_fault() gives the writer its own copy (from the faulting
 * CPU's node), or, when it is the last one mapping the page, makes the
 * page writable again. Pages mapped read-only (program text) are shared
 * as they are and never copied: a write to them is a real fault.
 *
 * TLBs: a process is one thread, so its page directory is loaded on one
 * CPU at most, the one it runs on. Kernel threads and idle tasks run on
 * the boot page directory (no lazy mm: a switch to them loads CR3), every
 * switch between two page directories loads CR3, and no page is global,
 * so no other CPU holds a translation of an mm that is not running there.
 * A change to the running mm's PTEs therefore needs only a flush on this
 * CPU (mm_clone: the parent's whole TLB; mm_cow_fault: one page).
 *
 * Demand-zero pages: the whole pages of a program's bss and its stack are
 * not mapped at exec. An mm lists those ranges (mm_add_zero_range); the
 * first touch of a page in one, from user mode or from a user copy, gets
 * a fresh zeroed writable page from the touching CPU's node
 * (mm_zero_fault). A 350 KiB bss costs nothing until used, and a fork
 * shares only what was touched. Fork copies the ranges to the child.
 *
 * An mm belongs to one task; only that task changes it (the child's is
 * built by its parent before the child exists), and it is freed only once
 * no CPU runs on it, after the switch away from its dead task, outside
 * the runqueue lock (task_finish_switch(), task_drop_dead_mm()).
 */
#ifndef KERNEL_MM_H
#define KERNEL_MM_H

#include <stdint.h>
#include "uapi/memlayout.h"

#define PTE_P		0x001
#define PTE_W		0x002
#define PTE_U		0x004
#define PTE_COW		0x200	/* AVL bit 9: shared, copy at the first write */

/* Demand-zero ranges an mm can hold: one bss per writable segment of an
 * ELF image (ELF_MAX_SEGS, 8) and the stack would need 9; ours have 2. A
 * range that does not fit is mapped at once instead. */
#define MM_ZERO_RANGES	4

/* Page directory entries of user space, one page table each at most. */
#define MM_USER_PDES	((USER_TOP - USER_BASE) >> 22)

struct mm {
	uint32_t *pgdir;	/* physical = virtual (identity map) */
	/*
	 * What clone and teardown walk instead of every entry: a bit for
	 * each user page table present (bit k: page directory entry
	 * USER_BASE / 4 MiB + k), and for each, [pt_lo, pt_hi): the entries
	 * that may be present (every one ever set lies inside; the rest are
	 * zero). Both only grow.
	 */
	uint32_t pt_map[MM_USER_PDES / 32];
	uint16_t pt_lo[MM_USER_PDES], pt_hi[MM_USER_PDES];
	int node;		/* where its pages come from */
	uint32_t pages;		/* user pages mapped */
	int nzero;		/* demand-zero ranges in use */
	uint32_t zero_lo[MM_ZERO_RANGES], zero_hi[MM_ZERO_RANGES];
				/* [lo, hi), page aligned */
};

/* 1 when user space can be had: the kernel maps nothing in it (checked at
 * boot; a machine with RAM above USER_BASE would overlap). */
int mm_init(void);

struct mm *mm_create(int node);
/* Drop every page's reference (a page goes when its last one does). */
void mm_destroy(struct mm *mm);
/* A copy of src (the running mm) sharing its pages copy-on-write, with
 * page tables from node; NULL when there is no memory for them. */
struct mm *mm_clone(struct mm *src, int node);
/* A write fault at user address va of mm, the running one: 0 when it was
 * a copy-on-write page and is writable now, -EFAULT when it is no such
 * page (a real fault), -ENOMEM when no page could be had for the copy. */
int mm_cow_fault(struct mm *mm, uint32_t va);
/* Pages of [lo, hi) (page aligned) appear, zeroed and writable, when first
 * touched. 0, or -ENOMEM when mm has no room for another range. */
int mm_add_zero_range(struct mm *mm, uint32_t lo, uint32_t hi);
/* A fault on the unmapped user address va of mm (the running one, or a new
 * image's): 0 when va is in a demand-zero range and is mapped now, -EFAULT
 * when it is in none (a real fault), -ENOMEM when no page could be had. */
int mm_zero_fault(struct mm *mm, uint32_t va);
/* Map a zeroed page at user address va (page aligned) with flags
 * (PTE_W or 0); returns the page's kernel address, or NULL. */
void *mm_map_page(struct mm *mm, uint32_t va, uint32_t flags);
/* Map page, which the caller holds a reference to for this mapping, at
 * user address va (page aligned, not mapped yet) with flags (PTE_W or 0).
 * 0, or -ENOMEM (no page table), -EFAULT (va taken or not user). */
int mm_map_existing(struct mm *mm, uint32_t va, void *page, uint32_t flags);
/* The kernel address of user address va in mm, or NULL if unmapped.
 * For reading, or for writing into an mm no CPU runs and no other mm
 * shares pages with (exec's new image): it ignores PTE_COW. */
void *mm_lookup(const struct mm *mm, uint32_t va);

#endif
