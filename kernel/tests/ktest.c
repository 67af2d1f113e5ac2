/* ktest.c - run the tests KTEST() registered and report them in KTAP. */
#include <stdarg.h>
#include "ktest.h"
#include "debugexit.h"
#include "printk.h"
#include "string.h"
#include "timer.h"

/* Longest a test may run before the watchdog panics: 30 s of timer ticks
 * on some CPU (timer_watchdog_arm), about ten times what the slowest test
 * (pmm_node_local on the 64-CPU shape) needs. */
#define KTEST_TIMEOUT_US	30000000

extern const struct ktest __ktests_start[], __ktests_end[];	/* kernel.ld */

int ktest_fail(struct ktest_ctx *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t->msg, sizeof(t->msg), fmt, ap);
	va_end(ap);
	return -1;
}

int ktest_skip(struct ktest_ctx *t, const char *why)
{
	strlcpy(t->msg, why, sizeof(t->msg));
	t->skipped = 1;
	return 0;
}

void ktest_run_all(void)
{
	const struct ktest *k;
	int n = (int)(__ktests_end - __ktests_start), i = 0, failed = 0;

	printk("KTAP version 1\n");
	printk("1..%d\n", n);
	for (k = __ktests_start; k < __ktests_end; k++) {
		struct ktest_ctx t;
		int r;

		memset(&t, 0, sizeof(t));
		timer_watchdog_arm(KTEST_TIMEOUT_US, k->name);
		r = k->fn(&t);
		timer_watchdog_disarm();
		i++;
		if (r) {
			failed++;
			printk("not ok %d %s # %s\n", i, k->name, t.msg);
		} else if (t.skipped) {
			printk("ok %d %s # SKIP %s\n", i, k->name, t.msg);
		} else {
			printk("ok %d %s\n", i, k->name);
		}
	}
	printk("ktest: %d of %d passed; leaving QEMU (isa-debug-exit %d)\n",
	       n - failed, n, failed ? QEMU_EXIT_FAIL : QEMU_EXIT_PASS);
	qemu_exit(failed ? QEMU_EXIT_FAIL : QEMU_EXIT_PASS);
}
