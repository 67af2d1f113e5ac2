/*
 * tap.h - KTAP output for the user-mode test programs (docs/formats.md).
 *
 * The plan ("1..N") comes last, as TAP allows, because the number of
 * checks is only known when they have run; main() returns the number of
 * failures (capped), so the shell's status says pass or fail too.
 */
#ifndef USER_TESTS_TAP_H
#define USER_TESTS_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int tap_n, tap_failed;

static inline void tap_start(const char *suite)
{
	printf("KTAP version 1\n# %s\n", suite);
}

/* One result; the note (printf-style, may be NULL) follows a '#'. */
static inline __attribute__((format(printf, 3, 4)))
int tap_ok(int ok, const char *name, const char *fmt, ...)
{
	char note[160] = "";

	if (fmt) {
		va_list ap;

		va_start(ap, fmt);
		vsnprintf(note, sizeof(note), fmt, ap);
		va_end(ap);
	}
	tap_n++;
	if (!ok)
		tap_failed++;
	printf("%sok %d %s%s%s\n", ok ? "" : "not ", tap_n, name, note[0] ? " # " : "", note);
	return ok;
}

/* A system call's result against the one expected. */
#define TAP_EXPECT(name, call, want) do {					\
	long got_ = (long)(call), want_ = (long)(want);				\
	tap_ok(got_ == want_, name, got_ == want_ ? NULL : "got %ld (%s), want %ld (%s)", \
	       got_, got_ < 0 ? strerror((int)got_) : "value", want_,		\
	       want_ < 0 ? strerror((int)want_) : "value");			\
} while (0)

static inline int tap_end(void)
{
	printf("1..%d\n# %d passed, %d failed\n", tap_n, tap_n - tap_failed, tap_failed);
	return tap_failed > 100 ? 100 : tap_failed;
}

#endif
