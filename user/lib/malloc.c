/*
 * malloc.c - a first-fit allocator over a static arena.
 *
 * There is no brk system call (include/uapi/syscall.h), so the heap is a
 * .bss array of MALLOC_ARENA_BYTES, mapped (and zeroed) by the loader with
 * the program. Blocks carry an 8-byte header; free blocks form a list kept
 * in address order, so free() merges a block with free neighbours and the
 * arena does not crumble under the shell's allocate/free rhythm.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* 256 KiB: ample for the shell and the tools (the largest buffer, `rq` on
 * 64 runqueues, is ~41 KiB). */
#define MALLOC_ARENA_BYTES	(256 * 1024)
#define ALIGN			8

struct block {
	size_t size;		/* bytes including this header */
	struct block *next;	/* next free block (free blocks only) */
};

static union {
	uint64_t align;
	unsigned char bytes[MALLOC_ARENA_BYTES];
} arena;
static struct block *free_list;
static int ready;

#define HDR	((sizeof(struct block) + ALIGN - 1) & ~(size_t)(ALIGN - 1))

static void init(void)
{
	free_list = (struct block *)arena.bytes;
	free_list->size = sizeof(arena.bytes);
	free_list->next = NULL;
	ready = 1;
}

void *malloc(size_t n)
{
	struct block **pp, *b;
	size_t need;

	if (!ready)
		init();
	if (n == 0 || n > sizeof(arena.bytes))
		return NULL;
	need = (n + HDR + ALIGN - 1) & ~(size_t)(ALIGN - 1);
	for (pp = &free_list; (b = *pp); pp = &b->next) {
		if (b->size < need)
			continue;
		if (b->size - need >= HDR + ALIGN) {	/* split: keep the tail */
			struct block *rest = (struct block *)((unsigned char *)b + need);

			rest->size = b->size - need;
			rest->next = b->next;
			*pp = rest;
			b->size = need;
		} else {
			*pp = b->next;
		}
		return (unsigned char *)b + HDR;
	}
	return NULL;
}

void free(void *p)
{
	struct block *b, **pp, *prev = NULL;

	if (!p)
		return;
	b = (struct block *)((unsigned char *)p - HDR);
	for (pp = &free_list; *pp && *pp < b; pp = &(*pp)->next)
		prev = *pp;
	b->next = *pp;
	*pp = b;
	if (b->next && (unsigned char *)b + b->size == (unsigned char *)b->next) {
		b->size += b->next->size;
		b->next = b->next->next;
	}
	if (prev && (unsigned char *)prev + prev->size == (unsigned char *)b) {
		prev->size += b->size;
		prev->next = b->next;
	}
}

void *calloc(size_t n, size_t size)
{
	void *p;

	if (size && n > (size_t)-1 / size)
		return NULL;
	p = malloc(n * size);
	if (p)
		memset(p, 0, n * size);
	return p;
}

void *realloc(void *p, size_t n)
{
	struct block *b;
	void *q;

	if (!p)
		return malloc(n);
	b = (struct block *)((unsigned char *)p - HDR);
	if (b->size - HDR >= n)
		return p;
	q = malloc(n);
	if (q) {
		memcpy(q, p, b->size - HDR);
		free(p);
	}
	return q;
}

void malloc_stats(size_t *used, size_t *avail)
{
	struct block *b;
	size_t f = 0;

	if (!ready)
		init();
	for (b = free_list; b; b = b->next)
		f += b->size;
	*avail = f;
	*used = sizeof(arena.bytes) - f;
}
