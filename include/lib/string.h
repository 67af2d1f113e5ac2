/*
 * lib/string.h - memory and string functions (lib/string.c), the one copy
 * that both the kernel and the user C library build.
 *
 * Portable and freestanding: no C library under it. The kernel reaches it
 * as "string.h" through kernel/string.h, user programs as <string.h>
 * through user/include/string.h, which adds what needs the C library
 * (strdup, strerror).
 *
 * Why include/lib/ and not include/string.h: host programs build with
 * -Iinclude and #include <string.h>; a flat include/string.h would hide
 * the C library's from them.
 */
#ifndef LIB_STRING_H
#define LIB_STRING_H

#include <stddef.h>

/* The compiler emits calls to these four for struct copies and
 * initializers even with -fno-builtin: they must exist with these names. */
void *memset(void *s, int c, size_t n);
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);

size_t strlen(const char *s);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
char *strcpy(char *dst, const char *src);
/* Copies at most size - 1 characters and a NUL (when size > 0); returns
 * strlen(src), so a result >= size means the copy was cut. */
size_t strlcpy(char *dst, const char *src, size_t size);

#endif
