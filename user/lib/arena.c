/*
 * arena.c - the memory malloc() hands out (malloc.c): a .bss array, since
 * there is no brk system call.
 *
 * A separate object of libc.a so that a program may define the two symbols
 * itself with a smaller arena, and this one is then never linked in:
 * forkbomb does, because fork() copies the whole arena into every child.
 *
 * 256 KiB: ample for the shell and the tools (the largest buffer, `rq` on
 * 64 runqueues, is ~41 KiB).
 */
#include <stddef.h>
#include <stdint.h>

#define MALLOC_ARENA_BYTES	(256 * 1024)

uint64_t __malloc_arena[MALLOC_ARENA_BYTES / sizeof(uint64_t)];
const size_t __malloc_arena_bytes = sizeof(__malloc_arena);
