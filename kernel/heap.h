/*
 * heap.h - kmalloc/kfree: small allocations for the kernel.
 *
 * Sizes up to KMALLOC_MAX_SMALL come from power-of-two size classes carved
 * out of single pages; bigger ones get their own run of pages. Memory comes
 * from the node of the CPU asking (kmalloc) or a given node (kmalloc_node),
 * with the page allocator's fallback to nearer nodes. Every result is
 * 8-byte aligned. Usable from any CPU, with or without interrupts on.
 */
#ifndef KERNEL_HEAP_H
#define KERNEL_HEAP_H

#include <stddef.h>

#define KMALLOC_MAX_SMALL	2048

/* Set up the per-node locks. Boot CPU, before the first kmalloc. */
void heap_init(void);

void *kmalloc(size_t size);
void *kzalloc(size_t size);
void *kmalloc_node(size_t size, int node);
void kfree(void *p);

#endif
