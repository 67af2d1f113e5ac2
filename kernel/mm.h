/*
 * mm.h - a user process's address space: one page directory per process.
 *
 * Every page directory maps the kernel exactly as the boot page directory
 * does (its entries are copied at creation; paging.c adds none after boot),
 * without the user bit. The user part is [USER_BASE, USER_TOP)
 * (uapi/memlayout.h), in 4 KiB pages taken from the node the process runs
 * on, with page tables of its own. Nothing is shared between processes, so
 * fork copies every page (no copy-on-write: the programs are small).
 *
 * An mm belongs to one task; only that task changes it, and it is freed
 * only once no CPU runs on it (task_finish_switch()).
 */
#ifndef KERNEL_MM_H
#define KERNEL_MM_H

#include <stdint.h>

#define PTE_P		0x001
#define PTE_W		0x002
#define PTE_U		0x004

struct mm {
	uint32_t *pgdir;	/* physical = virtual (identity map) */
	int node;		/* where its pages come from */
	uint32_t pages;		/* user pages mapped */
};

/* 1 when user space can be had: the kernel maps nothing in it (checked at
 * boot; a machine with RAM above USER_BASE would overlap). */
int mm_init(void);

struct mm *mm_create(int node);
void mm_destroy(struct mm *mm);
/* A copy of src with every user page duplicated, or NULL (no memory). */
struct mm *mm_clone(const struct mm *src, int node);
/* Map a zeroed page at user address va (page aligned) with flags
 * (PTE_W or 0); returns the page's kernel address, or NULL. */
void *mm_map_page(struct mm *mm, uint32_t va, uint32_t flags);
/* The kernel address of user address va in mm, or NULL if unmapped. */
void *mm_lookup(const struct mm *mm, uint32_t va);

#endif
