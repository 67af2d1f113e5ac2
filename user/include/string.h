/* string.h - memory and string functions (user/lib/string.c). */
#ifndef USER_STRING_H
#define USER_STRING_H

#include <stddef.h>

void *memset(void *s, int c, size_t n);
void *memcpy(void *dst, const void *src, size_t n);
void *memmove(void *dst, const void *src, size_t n);
int memcmp(const void *a, const void *b, size_t n);
size_t strlen(const char *s);
size_t strnlen(const char *s, size_t max);
int strcmp(const char *a, const char *b);
int strncmp(const char *a, const char *b, size_t n);
char *strchr(const char *s, int c);
char *strrchr(const char *s, int c);
char *strcpy(char *dst, const char *src);
size_t strlcpy(char *dst, const char *src, size_t size);
char *strdup(const char *s);
/* The name of an errno value ("EFAULT: bad address"); never NULL. */
const char *strerror(int err);

#endif
