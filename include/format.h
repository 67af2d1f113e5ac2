/*
 * format.h - the one printf-style formatter (lib/format.c) under the
 * kernel's printk/snprintf (kernel/vsprintf.c) and the user C library's
 * printf/snprintf (user/lib/printf.c).
 *
 * Conversions: %d %i %u %x %X %o %c %s %p %%, with the flags - 0 + space,
 * a width and a precision (digits or *), and the lengths h, l, ll, z.
 * No floating point (neither side has any). An unknown conversion prints
 * as itself ("%q"), a lone '%' at the end prints nothing.
 *
 * Portable and libc-free; host unit tests: tests/test_format.c.
 */
#ifndef FORMAT_H
#define FORMAT_H

#include <stdarg.h>
#include <stddef.h>

/*
 * Options: the one place the two sides' output differs.
 * FMT_PTR_FIXED  %p as "0x" and 8 hex digits, zero-padded (0x0010a2c0),
 *                so kernel addresses line up in a table; without it %p is
 *                "0x" and the fewest digits (0x10a2c0), as the C library
 *                prints it (tests/user/test_ulib.c compares with glibc).
 */
#define FMT_PTR_FIXED	0x1u

/*
 * vsnprintf's contract: writes at most size - 1 characters and a NUL
 * (nothing when size is 0) and returns the length the whole output would
 * have had, so a result >= size means it was cut.
 */
int fmt_vsnprintf(char *buf, size_t size, unsigned int opts, const char *fmt,
		  va_list ap);

#endif
