/*
 * malloc.c - a first-fit allocator over a static arena.
 *
 * There is no brk system call (include/uapi/syscall.h), so the heap is a
 * .bss array (__malloc_arena, arena.c), mapped (and zeroed) by the loader with
 * the program. Blocks carry an 8-byte header; free blocks form a list kept
 * in address order, so free() merges a block with free neighbours and the
 * arena does not crumble under the shell's allocate/free rhythm.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define ALIGN			8

struct block {
	size_t size;		/* bytes including this header */
	struct block *next;	/* next free block (free blocks only) */
};

/* The arena: arena.c, or the program's own (a smaller one: forkbomb). */
extern uint64_t __malloc_arena[];
extern const size_t __malloc_arena_bytes;
static struct block *free_list;
static int ready;

#define HDR	((sizeof(struct block) + ALIGN - 1) & ~(size_t)(ALIGN - 1))

static void init(void)
{
	free_list = (struct block *)__malloc_arena;
	free_list->size = __malloc_arena_bytes;
	free_list->next = NULL;
	ready = 1;
}

void *malloc(size_t n)
{
	struct block **pp, *b;
	size_t need;

	if (!ready)
		init();
	if (n == 0 || n > __malloc_arena_bytes)
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
	*used = __malloc_arena_bytes - f;
}
