/*
 * printf.c - vsnprintf() and the functions built on it.
 *
 * One formatter (vsnprintf) with snprintf's contract: it writes at most
 * size - 1 characters and a NUL, and returns the length the whole output
 * would have. printf() formats into a stack buffer and writes it with one
 * write() (stdio.h says why); output longer than the buffer is formatted a
 * second time into the heap, or cut if that fails.
 */
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Stack buffer of one printf() call: a screen line or a few. */
#define PRINTF_STACK_BUF	512

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

static void put_num(struct out *o, unsigned long long v, int neg, int base,
		    int upper, int flags, int width, int prec)
{
	const char *digits = upper ? "0123456789ABCDEF" : "0123456789abcdef";
	char tmp[24];
	int n = 0, len;
	char sign = neg ? '-' : (flags & F_PLUS) ? '+' : (flags & F_SPACE) ? ' ' : 0;

	if (v == 0 && prec != 0)
		tmp[n++] = '0';
	while (v) {
		tmp[n++] = digits[v % (unsigned)base];
		v /= (unsigned)base;
	}
	len = n > prec ? n : prec;
	if (sign)
		len++;
	if (!(flags & F_LEFT) && !((flags & F_ZERO) && prec < 0))
		put_pad(o, ' ', width - len);
	if (sign)
		put(o, sign);
	if (!(flags & F_LEFT) && (flags & F_ZERO) && prec < 0)
		put_pad(o, '0', width - len);
	put_pad(o, '0', prec - n);
	while (n)
		put(o, tmp[--n]);
	if (flags & F_LEFT)
		put_pad(o, ' ', width - len);
}

static void put_str(struct out *o, const char *s, int flags, int width, int prec)
{
	int n;

	if (!s)
		s = "(null)";
	n = (int)strnlen(s, prec < 0 ? (size_t)-1 : (size_t)prec);
	if (!(flags & F_LEFT))
		put_pad(o, ' ', width - n);
	for (int i = 0; i < n; i++)
		put(o, s[i]);
	if (flags & F_LEFT)
		put_pad(o, ' ', width - n);
}

int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
	struct out o = { buf, size, 0 };

	for (; *fmt; fmt++) {
		int flags = 0, width = 0, prec = -1, lng = 0, base = 10;
		unsigned long long v;
		int neg = 0, upper = 0;

		if (*fmt != '%') {
			put(&o, *fmt);
			continue;
		}
		for (;; fmt++) {
			char c = fmt[1];

			if (c == '-')
				flags |= F_LEFT;
			else if (c == '0')
				flags |= F_ZERO;
			else if (c == '+')
				flags |= F_PLUS;
			else if (c == ' ')
				flags |= F_SPACE;
			else
				break;
		}
		fmt++;
		if (*fmt == '*') {
			width = va_arg(ap, int);
			if (width < 0) {
				flags |= F_LEFT;
				width = -width;
			}
			fmt++;
		} else {
			while (*fmt >= '0' && *fmt <= '9')
				width = width * 10 + (*fmt++ - '0');
		}
		if (*fmt == '.') {
			fmt++;
			prec = 0;
			if (*fmt == '*') {
				prec = va_arg(ap, int);
				fmt++;
			} else {
				while (*fmt >= '0' && *fmt <= '9')
					prec = prec * 10 + (*fmt++ - '0');
			}
		}
		for (;; fmt++) {
			if (*fmt == 'l')
				lng++;
			else if (*fmt == 'z')
				lng = sizeof(size_t) == sizeof(long) ? 1 : 2;
			else if (*fmt != 'h')
				break;
		}
		switch (*fmt) {
		case 'd':
		case 'i': {
			long long s = lng >= 2 ? va_arg(ap, long long) :
				      lng == 1 ? va_arg(ap, long) : va_arg(ap, int);

			neg = s < 0;
			v = neg ? 0ull - (unsigned long long)s : (unsigned long long)s;
			put_num(&o, v, neg, 10, 0, flags, width, prec);
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
			put_num(&o, (uintptr_t)va_arg(ap, void *), 0, 16, 0, 0, 0, -1);
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
		case 0:
			fmt--;	/* a lone '%' at the end */
			continue;
		default:
			put(&o, '%');
			put(&o, *fmt);
			continue;
		}
		v = lng >= 2 ? va_arg(ap, unsigned long long) :
		    lng == 1 ? va_arg(ap, unsigned long) : va_arg(ap, unsigned int);
		put_num(&o, v, 0, base, upper, flags & ~(F_PLUS | F_SPACE), width, prec);
	}
	if (size)
		buf[o.len < size ? o.len : size - 1] = 0;
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
