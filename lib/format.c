/*
 * format.c - the printf-style formatter (include/format.h), built into the
 * kernel and into the user C library alike.
 *
 * The core writes into a bounded buffer rather than through a callback:
 * every caller wants the whole text first (printk writes it under the
 * console lock, printf with one write() so lines do not interleave).
 */
#include <stdint.h>
#include "format.h"

struct out {
	char *buf;
	size_t size;
	size_t len;		/* characters produced, also past size */
};

static void put(struct out *o, char c)
{
	if (o->len + 1 < o->size)
		o->buf[o->len] = c;
	o->len++;
}

static void put_pad(struct out *o, char c, int n)
{
	while (n-- > 0)
		put(o, c);
}

#define F_LEFT	0x1
#define F_ZERO	0x2
#define F_PLUS	0x4
#define F_SPACE	0x8

/* A precision (prec >= 0) is the least number of digits, and turns '0'
 * padding off, as C says; "%.0d" of 0 prints no digit. */
static void put_num(struct out *o, unsigned long long v, int neg, unsigned base,
		    int upper, int flags, int width, int prec)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];		/* 22 octal digits of 2^64 - 1 */
	int n = 0, len;
	char sign = neg ? '-' : (flags & F_PLUS) ? '+' : (flags & F_SPACE) ? ' ' : 0;
	int zero_pad = (flags & F_ZERO) && !(flags & F_LEFT) && prec < 0;

	if (v == 0 && prec != 0)
		tmp[n++] = '0';
	while (v) {
		tmp[n++] = digits[v % base];
		v /= base;
	}
	len = n > prec ? n : prec;
	if (sign)
		len++;
	if (!(flags & F_LEFT) && !zero_pad)
		put_pad(o, ' ', width - len);
	if (sign)
		put(o, sign);
	if (zero_pad)
		put_pad(o, '0', width - len);
	put_pad(o, '0', prec - n);
	while (n)
		put(o, tmp[--n]);
	if (flags & F_LEFT)
		put_pad(o, ' ', width - len);
}

static void put_str(struct out *o, const char *s, int flags, int width, int prec)
{
	int n = 0, i;

	if (!s)
		s = "(null)";
	while ((prec < 0 || n < prec) && s[n])
		n++;
	if (!(flags & F_LEFT))
		put_pad(o, ' ', width - n);
	for (i = 0; i < n; i++)
		put(o, s[i]);
	if (flags & F_LEFT)
		put_pad(o, ' ', width - n);
}

/* Digits or '*' (an int argument); returns the number. */
static int get_num(const char **fmt, va_list *ap)
{
	int v = 0;

	if (**fmt == '*') {
		(*fmt)++;
		return va_arg(*ap, int);
	}
	while (**fmt >= '0' && **fmt <= '9')
		v = v * 10 + (*(*fmt)++ - '0');
	return v;
}

int fmt_vsnprintf(char *buf, size_t size, unsigned int opts, const char *fmt,
		  va_list ap_in)
{
	struct out o = { buf, size, 0 };
	va_list ap;

	/* A copy, so that get_num can take it by address on every ABI. */
	va_copy(ap, ap_in);
	for (; *fmt; fmt++) {
		int flags = 0, width, prec = -1, lng = 0;
		unsigned base = 10;
		unsigned long long v;
		int upper = 0;

		if (*fmt != '%') {
			put(&o, *fmt);
			continue;
		}
		for (fmt++;; fmt++) {
			if (*fmt == '-')
				flags |= F_LEFT;
			else if (*fmt == '0')
				flags |= F_ZERO;
			else if (*fmt == '+')
				flags |= F_PLUS;
			else if (*fmt == ' ')
				flags |= F_SPACE;
			else
				break;
		}
		width = get_num(&fmt, &ap);
		if (width < 0) {	/* "%*d" with a negative width: '-' */
			flags |= F_LEFT;
			width = -width;
		}
		if (*fmt == '.') {
			fmt++;
			prec = get_num(&fmt, &ap);
			if (prec < 0)	/* negative: as if none was given */
				prec = -1;
		}
		for (;; fmt++) {
			if (*fmt == 'l')
				lng++;
			else if (*fmt == 'z')
				lng = sizeof(size_t) == sizeof(long) ? 1 : 2;
			else if (*fmt != 'h')	/* short is promoted to int */
				break;
		}
		switch (*fmt) {
		case 'd':
		case 'i': {
			long long s = lng >= 2 ? va_arg(ap, long long) :
				      lng == 1 ? va_arg(ap, long) : va_arg(ap, int);

			put_num(&o, s < 0 ? 0ull - (unsigned long long)s :
				(unsigned long long)s, s < 0, 10, 0, flags, width, prec);
			continue;
		}
		case 'X':
			upper = 1;
			/* fall through */
		case 'x':
			base = 16;
			break;
		case 'o':
			base = 8;
			break;
		case 'u':
			break;
		case 'p':
			put(&o, '0');
			put(&o, 'x');
			if (opts & FMT_PTR_FIXED)
				put_num(&o, (uintptr_t)va_arg(ap, void *), 0, 16, 0,
					F_ZERO, 8, -1);
			else
				put_num(&o, (uintptr_t)va_arg(ap, void *), 0, 16, 0,
					0, 0, -1);
			continue;
		case 'c':
			put_pad(&o, ' ', (flags & F_LEFT) ? 0 : width - 1);
			put(&o, (char)va_arg(ap, int));
			put_pad(&o, ' ', (flags & F_LEFT) ? width - 1 : 0);
			continue;
		case 's':
			put_str(&o, va_arg(ap, const char *), flags, width, prec);
			continue;
		case '%':
			put(&o, '%');
			continue;
		case '\0':
			fmt--;		/* a lone '%' at the end: nothing */
			continue;
		default:
			/* Unknown conversion: show it rather than guess. */
			put(&o, '%');
			put(&o, *fmt);
			continue;
		}
		v = lng >= 2 ? va_arg(ap, unsigned long long) :
		    lng == 1 ? va_arg(ap, unsigned long) : va_arg(ap, unsigned int);
		/* '+' and ' ' are for signed conversions only. */
		put_num(&o, v, 0, base, upper, flags & ~(F_PLUS | F_SPACE), width, prec);
	}
	va_end(ap);
	if (size)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return (int)o.len;
}
