/*
 * test_ulib.c - the user library's formatter, strings, numbers and
 * allocator (user/lib/), on the host, against glibc.
 *
 * The library is compiled for the host with its own headers (as for the
 * guest, -nostdinc), linked into one object and renamed with objcopy
 * --prefix-symbols=u_ (mk/user.mk), so u_snprintf() is ours and snprintf()
 * is glibc's, side by side. The few system calls the library makes are the
 * u_write() ... stubs below.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int u_snprintf(char *buf, size_t size, const char *fmt, ...);
int u_printf(const char *fmt, ...);
long u_strtol(const char *s, char **end, int base);
unsigned long u_strtoul(const char *s, char **end, int base);
int u_atoi(const char *s);
int u_strcmp(const char *a, const char *b);
int u_strncmp(const char *a, const char *b, size_t n);
void *u_memmove(void *d, const void *s, size_t n);
size_t u_strlcpy(char *d, const char *s, size_t n);
char *u_strrchr(const char *s, int c);
const char *u_strerror(int err);
void *u_malloc(size_t n);
void *u_realloc(void *p, size_t n);
void *u_calloc(size_t n, size_t size);
void u_free(void *p);
void u_malloc_stats(size_t *used, size_t *avail);

/* The library's system calls, caught here. */
static char written[4096];
static size_t nwritten;

long u_write(int fd, const void *buf, size_t len)
{
	(void)fd;
	if (len > sizeof(written) - nwritten)
		len = sizeof(written) - nwritten;
	memcpy(written + nwritten, buf, len);
	nwritten += len;
	return (long)len;
}

void u__exit(int status) { exit(status); }
int u_kill(int pid, int sig) { (void)pid; (void)sig; return 0; }
int u_getpid(void) { return 1; }

static int n_test, n_fail;

static void ok(int cond, const char *name, const char *note)
{
	n_test++;
	n_fail += !cond;
	printf("%sok %d %s%s%s\n", cond ? "" : "not ", n_test, name, note ? " # " : "",
	       note ? note : "");
}

/* Both formatters on the same arguments; one TAP line per format. */
#define CMP(fmt, ...) do {							\
	char a_[128], b_[128], note_[300];					\
	int ra_ = u_snprintf(a_, sizeof(a_), fmt, __VA_ARGS__);		\
	int rb_ = snprintf(b_, sizeof(b_), fmt, __VA_ARGS__);			\
	int same_ = ra_ == rb_ && !strcmp(a_, b_);				\
	snprintf(note_, sizeof(note_), "ours '%s' (%d), glibc '%s' (%d)", a_, ra_, b_, rb_); \
	ok(same_, "printf " fmt, same_ ? NULL : note_);			\
} while (0)

static void test_printf(void)
{
	char buf[16];
	int r;

	CMP("%d", 0);
	CMP("%d", -1);
	CMP("%d|%d", INT_MIN, INT_MAX);
	CMP("%i", 42);
	CMP("%5d|", 42);
	CMP("%-5d|", 42);
	CMP("%05d", -42);
	CMP("%+d % d", 5, 5);
	CMP("%.3d", 7);
	CMP("%8.3d|", -7);
	CMP("%.0d|", 0);
	CMP("%u", 4000000000u);
	CMP("%x %X", 0xdeadbeefu, 0xdeadbeefu);
	CMP("%08x", 0xbeefu);
	CMP("%o", 8u);
	CMP("%ld", LONG_MIN);
	CMP("%lu", ULONG_MAX);
	CMP("%lld", LLONG_MIN);
	CMP("%llu", ULLONG_MAX);
	CMP("%llx", 0x123456789abcdefull);
	CMP("%zu", (size_t)12345);
	CMP("%hd", 7);
	CMP("%s", "hello");
	CMP("%10s|", "hi");
	CMP("%-10s|", "hi");
	CMP("%.2s", "hello");
	CMP("%.*s", 3, "hello");
	CMP("%*d|", 6, 1);
	CMP("%-*d|", 6, 1);
	CMP("%c%c", 'o', 'k');
	CMP("%3c|", 'x');
	CMP("100%%%s", "");
	CMP("%p", (void *)0x1234);

	/* snprintf's contract: the whole length back, a cut NUL-terminated. */
	r = u_snprintf(buf, 5, "hello %s", "world");
	ok(r == 11 && !strcmp(buf, "hell"), "snprintf_truncates", NULL);
	buf[0] = 'x';
	r = u_snprintf(buf, 0, "abc");
	ok(r == 3 && buf[0] == 'x', "snprintf_size_0_writes_nothing", NULL);

	/* printf(): one write() per call, longer ones included. */
	{
		char big[1500];

		memset(big, 'a', sizeof(big) - 1);
		big[sizeof(big) - 1] = 0;
		nwritten = 0;
		r = u_printf("%s|%d\n", big, 7);
		ok(r == 1502 && nwritten == 1502 && !memcmp(written + 1499, "|7\n", 3),
		   "printf_long_output", NULL);
	}
}

static void test_strings(void)
{
	char s[16] = "abcdef", *end;

	ok(u_strtol("  -123x", &end, 10) == -123 && *end == 'x', "strtol_negative", NULL);
	ok(u_strtol("0x1F", NULL, 0) == 31 && u_strtol("017", NULL, 0) == 15 &&
	   u_strtol("ff", NULL, 16) == 255, "strtol_bases", NULL);
	ok(u_strtoul("4294967295", NULL, 10) == 4294967295ul, "strtoul_max32", NULL);
	ok(u_atoi("42abc") == 42 && u_atoi("") == 0 && u_atoi("-7") == -7, "atoi", NULL);
	ok(u_strcmp("a", "b") < 0 && u_strcmp("b", "a") > 0 && u_strcmp("ab", "ab") == 0 &&
	   u_strcmp("a", "\xff") < 0, "strcmp_unsigned", NULL);
	ok(u_strncmp("abcx", "abcy", 3) == 0 && u_strncmp("ab", "abc", 3) < 0, "strncmp",
	   NULL);
	u_memmove(s + 2, s, 4);
	ok(!memcmp(s, "ababcd", 6), "memmove_overlap_forward", NULL);
	u_memmove(s, s + 2, 4);
	ok(!memcmp(s, "abcdcd", 6), "memmove_overlap_backward", NULL);
	ok(u_strlcpy(s, "0123456789abcdefXYZ", sizeof(s)) == 19 && strlen(s) == 15,
	   "strlcpy_truncates", NULL);
	ok(u_strrchr("a/b/c", '/') != NULL && !strcmp(u_strrchr("a/b/c", '/'), "/c"),
	   "strrchr", NULL);
	ok(!strcmp(u_strerror(-14), "EFAULT: bad address") &&
	   !strcmp(u_strerror(9999), "unknown error"), "strerror", NULL);
}

static void test_malloc(void)
{
	void *p[4096];
	size_t used, avail, avail0;
	int n = 0, i, bad = 0;
	char *q;

	u_malloc_stats(&used, &avail0);
	while (n < 4096 && (p[n] = u_malloc(100 + (size_t)n % 7)))
		n++;
	ok(n > 100 && n < 4096, "malloc_until_full", NULL);
	for (i = 0; i < n; i++)
		if ((uintptr_t)p[i] % 8)
			bad++;
	ok(!bad, "malloc_aligned_8", NULL);
	/* Free every other one, then the rest: all must merge back. */
	for (i = 0; i < n; i += 2)
		u_free(p[i]);
	for (i = 1; i < n; i += 2)
		u_free(p[i]);
	u_malloc_stats(&used, &avail);
	ok(avail == avail0 && used == 0, "free_coalesces", NULL);
	q = u_malloc(avail0 - 64);
	ok(q != NULL, "malloc_whole_arena_after_free", NULL);
	u_free(q);
	q = u_calloc(10, 10);
	ok(q && !q[0] && !q[99], "calloc_zeroes", NULL);
	strcpy(q, "keep");
	q = u_realloc(q, 5000);
	ok(q && !strcmp(q, "keep"), "realloc_keeps", NULL);
	u_free(q);
	ok(u_calloc((size_t)-1, 16) == NULL && u_malloc(0) == NULL &&
	   u_malloc(avail0 + 1) == NULL, "malloc_refuses_silly_sizes", NULL);
}

int main(void)
{
	printf("KTAP version 1\n");
	test_printf();
	test_strings();
	test_malloc();
	printf("1..%d\n", n_test);
	return n_fail ? 1 : 0;
}
