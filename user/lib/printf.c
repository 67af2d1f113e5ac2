/*
 * printf.c - vsnprintf() and the functions built on it.
 *
 * The formatter is lib/format.c's, shared with the kernel (include/format.h
 * lists the conversions); here %p prints as the C library's does. It has
 * snprintf's contract: it writes at most size - 1 characters and a NUL,
 * and returns the length the whole output would have. printf() formats
 * into a stack buffer and writes it with one write() (stdio.h says why);
 * output longer than the buffer is formatted a second time into the heap,
 * or cut if that fails.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "format.h"

/* Stack buffer of one printf() call: a screen line or a few. */
#define PRINTF_STACK_BUF	512

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	return fmt_vsnprintf(buf, size, 0, fmt, ap);
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = fmt_vsnprintf(buf, size, 0, fmt, ap);
	va_end(ap);
	return n;
}

static int write_all(int fd, const char *s, size_t n)
{
	while (n) {
		long r = write(fd, s, n);

		if (r <= 0)
			return r < 0 ? (int)r : -EIO;
		s += r;
		n -= (size_t)r;
	}
	return 0;
}

int vdprintf(int fd, const char *fmt, va_list ap)
{
	char small[PRINTF_STACK_BUF];
	va_list again;
	int n;

	va_copy(again, ap);
	n = vsnprintf(small, sizeof(small), fmt, ap);
	if (n < (int)sizeof(small)) {
		write_all(fd, small, (size_t)n);
	} else {
		char *big = malloc((size_t)n + 1);

		if (big) {
			vsnprintf(big, (size_t)n + 1, fmt, again);
			write_all(fd, big, (size_t)n);
			free(big);
		} else {
			write_all(fd, small, sizeof(small) - 1);
		}
	}
	va_end(again);
	return n;
}

int dprintf(int fd, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vdprintf(fd, fmt, ap);
	va_end(ap);
	return n;
}

int printf(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vdprintf(STDOUT_FILENO, fmt, ap);
	va_end(ap);
	return n;
}

int fdputs(int fd, const char *s)
{
	return write_all(fd, s, strlen(s));
}

int puts(const char *s)
{
	char nl = '\n';

	if (fdputs(STDOUT_FILENO, s) < 0)
		return EOF;
	return write_all(STDOUT_FILENO, &nl, 1) < 0 ? EOF : 0;
}

int putchar(int c)
{
	char ch = (char)c;

	return write_all(STDOUT_FILENO, &ch, 1) < 0 ? EOF : (unsigned char)c;
}
