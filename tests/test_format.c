/*
 * test_format - host unit tests (TAP) of the code the kernel and the user
 * C library share: the formatter (lib/format.c) under both sides' printf,
 * the line builder of `stat:` and `trace:` lines (lib/statline.c) and the
 * interrupt-to-reader byte queue (include/ring.h).
 *
 * Every expected string is written out by hand (what the kernel or a test
 * parses), not taken from the C library; tests/user/test_ulib.c compares
 * the user side with glibc as well.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include "format.h"
#include "ring.h"
#include "statline.h"

static int test_no, test_failed;

static void run(const char *name, void (*fn)(void))
{
	test_failed = 0;
	fn();
	printf("%sok %d %s\n", test_failed ? "not " : "", ++test_no, name);
}

static int fmt(char *buf, size_t size, unsigned opts, const char *f, ...)
{
	va_list ap;
	int n;

	va_start(ap, f);
	n = fmt_vsnprintf(buf, size, opts, f, ap);
	va_end(ap);
	return n;
}

/* One format into a roomy buffer: the text and the returned length. */
#define CHECK_OPTS(opts, want, f, ...) do {				\
	char b_[256];							\
	int n_ = fmt(b_, sizeof(b_), (opts), f, ##__VA_ARGS__);	\
	if (strcmp(b_, (want)) || n_ != (int)strlen(want)) {		\
		printf("# %s:%d: \"%s\": got \"%s\" (%d), want \"%s\"\n", \
		       __FILE__, __LINE__, f, b_, n_, (want));		\
		test_failed = 1;					\
	}								\
} while (0)
/* The same on both sides: the user library's options and the kernel's. */
#define CHECK(want, f, ...) do {					\
	CHECK_OPTS(0, want, f, ##__VA_ARGS__);				\
	CHECK_OPTS(FMT_PTR_FIXED, want, f, ##__VA_ARGS__);		\
} while (0)
#define EXPECT(cond) do {						\
	if (!(cond)) {							\
		printf("# %s:%d: %s\n", __FILE__, __LINE__, #cond);	\
		test_failed = 1;					\
	}								\
} while (0)

/* ---- the formatter ------------------------------------------------------ */

static void format_plain(void)
{
	CHECK("", "");
	CHECK("hello, world", "hello, world");
	CHECK("100%", "100%%");
	CHECK("a", "a%");			/* a lone '%' at the end: nothing */
	CHECK("%q|%", "%q|%%");			/* unknown: shown as itself */
}

static void format_signed(void)
{
	CHECK("0 7 -7", "%d %i %d", 0, 7, -7);
	CHECK("-2147483648 2147483647", "%d %d", INT32_MIN, INT32_MAX);
	CHECK("-5|-1234", "%ld|%ld", -5L, -1234L);
	CHECK("+5 -5  5", "%+d %+d % d", 5, -5, 5);
	CHECK("7", "%hd", 7);
}

static void format_unsigned(void)
{
	CHECK("4294967295", "%u", 4294967295u);
	CHECK("deadbeef DEADBEEF", "%x %X", 0xdeadbeefu, 0xdeadbeefu);
	CHECK("17 0", "%o %o", 15u, 0u);
	CHECK("3000000000 abc", "%lu %lx", 3000000000ul, 0xabcul);
	CHECK("5", "%+u", 5u);			/* '+' is for signed only */
	CHECK("12345", "%zu", (size_t)12345);
}

/* What tests parse from the kernel: counters, TSC values, addresses. */
static void format_64bit(void)
{
	CHECK("18446744073709551615", "%llu", (unsigned long long)UINT64_MAX);
	CHECK("-9223372036854775808", "%lld", (long long)INT64_MIN);
	CHECK("9223372036854775807", "%lld", (long long)INT64_MAX);
	CHECK("123456789abcdef0", "%llx", 0x123456789abcdef0ull);
	CHECK("0000abcdef", "%010llx", 0xabcdefull);
	CHECK("1fffffffff", "%09llx", 0x1fffffffffull);	/* longer than the width */
	CHECK("4294967296 1", "%llu %d", 4294967296ull, 1);	/* arguments stay aligned */
	CHECK("12.5 s", "%llu.%01llu s", 12ull, 5ull);
}

static void format_width(void)
{
	CHECK("   42|42   |00042", "%5d|%-5d|%05d", 42, 42, 42);
	CHECK("  -42|-42  |-0042", "%5d|%-5d|%05d", -42, -42, -42);
	CHECK("0000beef 00ab 007", "%08x %04x %03u", 0xbeefu, 0xabu, 7u);
	CHECK("123456", "%3d", 123456);		/* never cut */
	CHECK("1     |", "%-06d|", 1);		/* '-' wins over '0' */
	CHECK("     1|1     |", "%*d|%*d|", 6, 1, -6, 1);	/* negative: left */
	CHECK("   12|  345", "%5llu|%5u", 12ull, 345u);
}

static void format_precision(void)
{
	CHECK("007|   -007", "%.3d|%7.3d", 7, -7);
	CHECK("|0", "%.0d|%d", 0, 0);		/* no digit for 0 at .0 */
	CHECK("   07", "%05.2d", 7);		/* a precision turns '0' off */
	CHECK("he|hel|hello", "%.2s|%.*s|%.*s", "hello", 3, "hello", -1, "hello");
}

static void format_strings(void)
{
	CHECK("  hi|hi  |hi", "%4s|%-4s|%-s", "hi", "hi", "hi");
	CHECK("name    |", "%-8s|", "name");
	CHECK("(null)", "%s", (char *)NULL);
	CHECK("ok|  x|x  |", "%c%c|%3c|%-3c|", 'o', 'k', 'x', 'x');
}

/* The one difference between the two sides. */
static void format_pointer(void)
{
	CHECK_OPTS(0, "0x1234", "%p", (void *)0x1234);
	CHECK_OPTS(FMT_PTR_FIXED, "0x00001234", "%p", (void *)0x1234);
	CHECK_OPTS(0, "0x0", "%p", (void *)0);
	CHECK_OPTS(FMT_PTR_FIXED, "0x00000000", "%p", (void *)0);
	CHECK_OPTS(FMT_PTR_FIXED, "0xc0ffee00 5", "%p %d", (void *)0xc0ffee00u, 5);
}

/* snprintf's contract: at most size - 1 characters and a NUL, and the
 * length the whole output would have had. */
static void format_truncation(void)
{
	char b[8];

	memset(b, 'x', sizeof(b));
	EXPECT(fmt(b, 5, 0, "hello %s", "world") == 11);
	EXPECT(!strcmp(b, "hell") && b[5] == 'x');
	EXPECT(fmt(b, 4, 0, "%d", -123456) == 7 && !strcmp(b, "-12"));
	EXPECT(fmt(b, 6, 0, "%llu", (unsigned long long)UINT64_MAX) == 20 && !strcmp(b, "18446"));
	EXPECT(fmt(b, 6, FMT_PTR_FIXED, "%p", (void *)0x1) == 10 &&
	       !strcmp(b, "0x000"));
	EXPECT(fmt(b, 3, 0, "%5s", "a") == 5 && !strcmp(b, "  "));
	EXPECT(fmt(b, 1, 0, "abc") == 3 && b[0] == '\0');
	b[0] = 'x';
	EXPECT(fmt(b, 0, 0, "abc") == 3 && b[0] == 'x');	/* nothing written */
	EXPECT(fmt(b, sizeof(b), 0, "1234567") == 7 && !strcmp(b, "1234567"));
	EXPECT(fmt(b, sizeof(b), 0, "12345678") == 8 && !strcmp(b, "1234567"));
}

/* ---- the line builder ---------------------------------------------------- */

static void line_pieces(void)
{
	char b[128];
	struct line_out o = { b, sizeof(b), 0 };

	line_put_key(&o, "trace: t=", 12345678901ull);
	line_put_int(&o, " cpu=", 3);
	line_put_int(&o, " prev=", -1);
	line_put_word(&o, " comm=", "a b\tc\x80");
	line_put_str(&o, " why=exec");
	EXPECT(line_end(&o) == (int)strlen(b));
	EXPECT(!strcmp(b, "trace: t=12345678901 cpu=3 prev=-1 comm=a?b?c? why=exec"));
	if (test_failed)
		printf("# got \"%s\"\n", b);
}

static void line_limits(void)
{
	char b[8], w[64];
	struct line_out o = { b, sizeof(b), 0 };
	struct line_out big = { w, sizeof(w), 0 };

	line_put_int(&o, "v=", INT32_MIN);
	EXPECT(o.pos == 13);			/* the whole line's length */
	EXPECT(line_end(&o) == 7 && !strcmp(b, "v=-2147"));
	line_put_word(&big, "", "0123456789012345678901234567890123456789");
	EXPECT(line_end(&big) == LINE_WORD_MAX);
}

/* ---- the ring ------------------------------------------------------------ */

DEFINE_RING(test_ring, 4);

static void ring_fifo_and_full(void)
{
	int i;

	EXPECT(ring_pop(&test_ring) == -1 && ring_count(&test_ring) == 0);
	for (i = 0; i < 4; i++)
		EXPECT(ring_push(&test_ring, (char)('a' + i)) == 0);
	EXPECT(ring_push(&test_ring, 'z') == -1);	/* full: dropped */
	EXPECT(ring_count(&test_ring) == 4);
	for (i = 0; i < 4; i++)
		EXPECT(ring_pop(&test_ring) == 'a' + i);
	EXPECT(ring_pop(&test_ring) == -1);
}

static void ring_wraps(void)
{
	int i;

	/* Ten rounds of three through four slots: the indices wrap. */
	for (i = 0; i < 30; i++) {
		EXPECT(ring_push(&test_ring, (char)i) == 0);
		if (i % 3 == 2) {
			EXPECT(ring_pop(&test_ring) == i - 2);
			EXPECT(ring_pop(&test_ring) == i - 1);
			EXPECT(ring_pop(&test_ring) == i);
		}
	}
	EXPECT(ring_push(&test_ring, (char)0xff) == 0);
	EXPECT(ring_pop(&test_ring) == 0xff);		/* a byte, never -1 */
	EXPECT(ring_count(&test_ring) == 0);
}

int main(void)
{
	run("format_plain", format_plain);
	run("format_signed", format_signed);
	run("format_unsigned", format_unsigned);
	run("format_64bit", format_64bit);
	run("format_width", format_width);
	run("format_precision", format_precision);
	run("format_strings", format_strings);
	run("format_pointer_both_sides", format_pointer);
	run("format_truncation", format_truncation);
	run("line_pieces", line_pieces);
	run("line_limits", line_limits);
	run("ring_fifo_and_full", ring_fifo_and_full);
	run("ring_wraps", ring_wraps);
	printf("1..%d\n", test_no);
	return 0;
}
