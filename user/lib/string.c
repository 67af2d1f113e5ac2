/*
 * string.c - memory and string functions. Plain loops: the programs are
 * small and the compiler (-O2) does well enough with these.
 */
#include <string.h>
#include <stdlib.h>
#include <stdint.h>
#include "uapi/errno.h"

void *memset(void *s, int c, size_t n)
{
	unsigned char *p = s;

	while (n--)
		*p++ = (unsigned char)c;
	return s;
}

void *memcpy(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	while (n--)
		*d++ = *s++;
	return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
	unsigned char *d = dst;
	const unsigned char *s = src;

	if (d < s || d >= s + n)
		return memcpy(dst, src, n);
	while (n--)
		d[n] = s[n];
	return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;

	for (; n; n--, x++, y++)
		if (*x != *y)
			return *x - *y;
	return 0;
}

size_t strlen(const char *s)
{
	const char *p = s;

	while (*p)
		p++;
	return (size_t)(p - s);
}

size_t strnlen(const char *s, size_t max)
{
	size_t n = 0;

	while (n < max && s[n])
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
			return 0;
	}
	return 0;
}

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
	size_t n = strlen(src);

	if (size) {
		size_t c = n < size - 1 ? n : size - 1;

		memcpy(dst, src, c);
		dst[c] = 0;
	}
	return n;
}

char *strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = malloc(n);

	if (p)
		memcpy(p, s, n);
	return p;
}

static const char *const errnames[] = {
	[0] = "no error",
	[EPERM] = "EPERM: not allowed",
	[ENOENT] = "ENOENT: no such file",
	[ESRCH] = "ESRCH: no such process",
	[EINTR] = "EINTR: interrupted",
	[EIO] = "EIO: I/O error",
	[E2BIG] = "E2BIG: arguments too long",
	[ENOEXEC] = "ENOEXEC: not an executable",
	[EBADF] = "EBADF: bad file descriptor",
	[ECHILD] = "ECHILD: no child",
	[EAGAIN] = "EAGAIN: try again",
	[ENOMEM] = "ENOMEM: out of memory",
	[EFAULT] = "EFAULT: bad address",
	[EBUSY] = "EBUSY: busy",
	[EEXIST] = "EEXIST: exists",
	[ENOTDIR] = "ENOTDIR: not a directory",
	[EISDIR] = "EISDIR: is a directory",
	[EINVAL] = "EINVAL: invalid argument",
	[ENFILE] = "ENFILE: file table full",
	[EMFILE] = "EMFILE: too many open files",
	[ENOSPC] = "ENOSPC: no space",
	[ESPIPE] = "ESPIPE: illegal seek",
	[EPIPE] = "EPIPE: broken pipe",
	[ERANGE] = "ERANGE: out of range",
	[ENAMETOOLONG] = "ENAMETOOLONG: name too long",
	[ENOSYS] = "ENOSYS: no such system call",
};

const char *strerror(int err)
{
	if (err < 0)
		err = -err;
	if ((size_t)err < sizeof(errnames) / sizeof(errnames[0]) && errnames[err])
		return errnames[err];
	return "unknown error";
}
