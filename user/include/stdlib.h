/* stdlib.h - exit, memory from a static arena, numbers from strings. */
#ifndef USER_STDLIB_H
#define USER_STDLIB_H

#include <stddef.h>

#define EXIT_SUCCESS	0
#define EXIT_FAILURE	1

void exit(int status) __attribute__((noreturn));
void abort(void) __attribute__((noreturn));

/* The heap is a static arena (no brk system call): MALLOC_ARENA_BYTES. */
void *malloc(size_t n);
void *calloc(size_t n, size_t size);
void *realloc(void *p, size_t n);
void free(void *p);
/* Bytes of the arena in use and free (for tests). */
void malloc_stats(size_t *used, size_t *avail);

int atoi(const char *s);
long strtol(const char *s, char **end, int base);
unsigned long strtoul(const char *s, char **end, int base);
int abs(int x);

#endif
