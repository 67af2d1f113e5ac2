/*
 * string.c - memory and string functions (include/lib/string.h), built
 * into the kernel and into the user C library alike.
 *
 * Freestanding: plain loops, no C library; on x86 memset and memcpy move
 * words with rep stosl / rep movsl.
 */
#include <stdint.h>
#include "lib/string.h"

void *memset(void *s, int c, size_t n)
{
#if defined(__i386__) || defined(__x86_64__)
	/*
	 * A word a store (rep stosl), then the 0-3 bytes left (rep stosb):
	 * a page is 1024 stores, not 4096 trips round a byte loop. Unaligned
	 * words are legal on x86; DF is clear by the ABI.
	 */
	void *d = s;
	size_t words = n / 4, tail = n % 4;
	uint32_t v = (unsigned char)c * 0x01010101u;

	__asm__ volatile("rep stosl"
			 : "+D"(d), "+c"(words) : "a"(v) : "memory");
	__asm__ volatile("rep stosb"
			 : "+D"(d), "+c"(tail) : "a"(v) : "memory");
#else
	unsigned char *p = s;

	while (n--)
		*p++ = (unsigned char)c;
#endif
	return s;
}

void *memcpy(void *dst, const void *src, size_t n)
{
#if defined(__i386__) || defined(__x86_64__)
	/* Words (rep movsl), then the 0-3 bytes left (rep movsb). */
	void *d = dst;
	size_t words = n / 4, tail = n % 4;

	__asm__ volatile("rep movsl"
			 : "+D"(d), "+S"(src), "+c"(words) : : "memory");
	__asm__ volatile("rep movsb"
			 : "+D"(d), "+S"(src), "+c"(tail) : : "memory");
#else
	unsigned char *d = dst;
	const unsigned char *s = src;

	while (n--)
		*d++ = *s++;
#endif
	return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	/* memcpy copies upwards: right unless dst starts inside src. */
	if (d <= s || d >= s + n)
		return memcpy(dst, src, n);
	while (n--)
		d[n] = s[n];
	return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *p = a, *q = b;

	for (; n; n--, p++, q++)
		if (*p != *q)
			return *p - *q;
	return 0;
}

size_t strlen(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

int strcmp(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return (unsigned char)*a - (unsigned char)*b;
}

int strncmp(const char *a, const char *b, size_t n)
{
	for (; n; n--, a++, b++) {
		if (*a != *b)
			return (unsigned char)*a - (unsigned char)*b;
		if (!*a)
			break;
	}
	return 0;
}

/* Finds the terminating NUL too when c is 0, as C says. */
char *strchr(const char *s, int c)
{
	for (;; s++) {
		if (*s == (char)c)
			return (char *)s;
		if (!*s)
			return NULL;
	}
}

char *strrchr(const char *s, int c)
{
	const char *last = NULL;

	for (;; s++) {
		if (*s == (char)c)
			last = s;
		if (!*s)
			return (char *)last;
	}
}

char *strcpy(char *dst, const char *src)
{
	char *d = dst;

	while ((*d++ = *src++))
		;
	return dst;
}

size_t strlcpy(char *dst, const char *src, size_t size)
{
	size_t len = strlen(src);

	if (size) {
		size_t n = len < size - 1 ? len : size - 1;

		memcpy(dst, src, n);
		dst[n] = '\0';
	}
	return len;
}
