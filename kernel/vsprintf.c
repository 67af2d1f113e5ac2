/*
 * vsprintf.c - formatted output into a buffer, for printk and friends.
 *
 * Conversions: %d %i %u %x %X %p %s %c %%, with flags '-' and '0', a width
 * (digits or '*'), a precision for %s, and the length modifiers l, ll, z.
 * Floating point is not supported (the kernel has none). Output is always
 * NUL-terminated; the return value is the length the whole output would have
 * had, as in C99, so callers can detect truncation.
 */
#include <stdarg.h>
#include <stdint.h>
#include "printk.h"
#include "string.h"

struct out {
	char *buf;
	size_t size;
	size_t len;	/* characters produced so far, even past size */
};

static void put(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

struct spec {
	int left;	/* '-' */
	int zero;	/* '0' */
	int width;
	int precision;	/* -1: none */
};

static void pad(struct out *o, int n, char c)
{
	while (n-- > 0)
		put(o, c);
}

static void put_str(struct out *o, const char *s, const struct spec *sp)
{
	int len, i;

	if (!s)
		s = "(null)";
	len = (int)strnlen(s, sp->precision >= 0 ? (size_t)sp->precision : (size_t)-1);
	if (!sp->left)
		pad(o, sp->width - len, ' ');
	for (i = 0; i < len; i++)
		put(o, s[i]);
	if (sp->left)
		pad(o, sp->width - len, ' ');
}

static void put_num(struct out *o, unsigned long long v, int neg, unsigned base,
		    int upper, const struct spec *sp)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	int n = 0, len;

	do {
		tmp[n++] = digits[v % base];
		v /= base;
	} while (v);
	len = n + neg;
	if (sp->left) {
		if (neg)
			put(o, '-');
		while (n)
			put(o, tmp[--n]);
		pad(o, sp->width - len, ' ');
		return;
	}
	if (sp->zero) {
		if (neg)
			put(o, '-');
		pad(o, sp->width - len, '0');
	} else {
		pad(o, sp->width - len, ' ');
		if (neg)
			put(o, '-');
	}
	while (n)
		put(o, tmp[--n]);
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { buf, size, 0 };

	for (; *fmt; fmt++) {
		struct spec sp = { 0, 0, 0, -1 };
		int lng = 0;

		if (*fmt != '%') {
			put(&o, *fmt);
			continue;
		}
		for (fmt++; *fmt == '-' || *fmt == '0'; fmt++) {
			if (*fmt == '-')
				sp.left = 1;
			else
				sp.zero = 1;
		}
		if (*fmt == '*') {
			sp.width = va_arg(ap, int);
			if (sp.width < 0) {
				sp.left = 1;
				sp.width = -sp.width;
			}
			fmt++;
		}
		for (; *fmt >= '0' && *fmt <= '9'; fmt++)
			sp.width = sp.width * 10 + (*fmt - '0');
		if (*fmt == '.') {
			sp.precision = 0;
			for (fmt++; *fmt >= '0' && *fmt <= '9'; fmt++)
				sp.precision = sp.precision * 10 + (*fmt - '0');
		}
		for (; *fmt == 'l' || *fmt == 'z'; fmt++)
			lng += *fmt == 'l' ? 1 : 0;

		switch (*fmt) {
		case 'd':
		case 'i': {
			long long v = lng >= 2 ? va_arg(ap, long long) :
				      lng == 1 ? va_arg(ap, long) : va_arg(ap, int);

			put_num(&o, v < 0 ? -(unsigned long long)v : (unsigned long long)v,
				v < 0, 10, 0, &sp);
			break;
		}
		case 'u':
		case 'x':
		case 'X': {
			unsigned long long v = lng >= 2 ? va_arg(ap, unsigned long long) :
					       lng == 1 ? va_arg(ap, unsigned long) :
					       va_arg(ap, unsigned int);

			put_num(&o, v, 0, *fmt == 'u' ? 10 : 16, *fmt == 'X', &sp);
			break;
		}
		case 'p':
			/* Fixed width, as an address should read in a table. */
			put(&o, '0');
			put(&o, 'x');
			sp.zero = 1;
			sp.width = 8;
			put_num(&o, (uintptr_t)va_arg(ap, void *), 0, 16, 0, &sp);
			break;
		case 's':
			put_str(&o, va_arg(ap, const char *), &sp);
			break;
		case 'c': {
			char c[2] = { (char)va_arg(ap, int), 0 };

			put_str(&o, c, &sp);
			break;
		}
		case '%':
			put(&o, '%');
			break;
		case '\0':
			fmt--;		/* a lone '%' at the end: print nothing */
			break;
		default:
			/* Unknown conversion: show it rather than guess. */
			put(&o, '%');
			put(&o, *fmt);
			break;
		}
	}
	if (o.size)
		o.buf[o.len < o.size ? o.len : o.size - 1] = '\0';
	return (int)o.len;
}

int snprintf(char *buf, size_t size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}
