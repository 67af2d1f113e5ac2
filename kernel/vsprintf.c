/*
 * vsprintf.c - the kernel's vsnprintf and snprintf (printk.h): lib/format.c's
 * formatter with the kernel's one difference, %p as 0x and 8 digits
 * (FMT_PTR_FIXED), so addresses line up in panic and ktest lines.
 */
#include <stdarg.h>
#include "format.h"
#include "printk.h"

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	return fmt_vsnprintf(buf, size, FMT_PTR_FIXED, fmt, ap);
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = fmt_vsnprintf(buf, size, FMT_PTR_FIXED, fmt, ap);
	va_end(ap);
	return n;
}
