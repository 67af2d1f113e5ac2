/*
 * stdio.h - formatted output to a file descriptor (user/lib/printf.c).
 *
 * No FILE buffering: printf() formats a whole call into a buffer on the
 * stack and writes it with one write(), so lines of concurrent programs do
 * not interleave mid-line and nothing needs flushing at exit.
 * Conversions: %d %i %u %x %X %o %c %s %p %%, with the flags - 0 + space,
 * a width and a precision (also *), and the lengths l, ll, z, h.
 */
#ifndef USER_STDIO_H
#define USER_STDIO_H

#include <stdarg.h>
#include <stddef.h>

#define EOF	(-1)

int printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int dprintf(int fd, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int vdprintf(int fd, const char *fmt, va_list ap);
int puts(const char *s);
int putchar(int c);
/* Write all of s to fd (retrying short writes); returns 0 or -errno. */
int fdputs(int fd, const char *s);

#endif
