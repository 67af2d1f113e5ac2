/*
 * ktest.h - in-kernel tests, reported in KTAP (the format of Linux's KUnit):
 *
 *   KTAP version 1
 *   1..3
 *   ok 1 heap_basic
 *   not ok 2 pmm_node_local # node 1: page 0x20000000 from node 0
 *   ok 3 ipi_call # SKIP needs 2 CPUs
 *
 * A test is a function registered with KTEST(name) in any kernel file (the
 * linker gathers them in .ktests, in link order). It returns 0 to pass, or
 * the value of ktest_fail()/ktest_skip(). Tests run one after another on
 * the boot CPU, with interrupts on and the other CPUs idle.
 */
#ifndef KERNEL_KTEST_H
#define KERNEL_KTEST_H

struct ktest_ctx {
	char msg[160];		/* why it failed or was skipped */
	int skipped;
};

struct ktest {
	const char *name;
	int (*fn)(struct ktest_ctx *t);
};

#define KTEST(test)							\
	static int test(struct ktest_ctx *t);				\
	static const struct ktest __ktest_##test			\
	__attribute__((section(".ktests"), used, aligned(4))) =	\
		{ #test, test };					\
	static int test(struct ktest_ctx *t)

/* Record why the test failed; returns -1 for `return ktest_fail(...)`. */
int ktest_fail(struct ktest_ctx *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Record why the test does not apply; returns 0 (not a failure). */
int ktest_skip(struct ktest_ctx *t, const char *why);

/* Fail the test with the message unless cond holds. */
#define KT_EXPECT(t, cond, ...)						\
	do {								\
		if (!(cond))						\
			return ktest_fail((t), __VA_ARGS__);		\
	} while (0)

/* Run every test, print KTAP, leave QEMU (pass: QEMU_EXIT_PASS, any
 * failure: QEMU_EXIT_FAIL). */
void ktest_run_all(void) __attribute__((noreturn));

/* Boot option ktest: run every test in a SCHED_FIFO thread pinned to CPU 0
 * (ktest_boot.c); the machine powers off with the result. */
void ktest_start(void);
/* Boot option ktest_panic=WHAT: crash on purpose (pf, ud, panic, ap, stack,
 * overflow, overflow_task, midline; overflow_ap crashes the last AP as it starts, in
 * smpboot.c), for the tests of the panic path. */
void ktest_crash(const char *what);

#endif
