/*
 * ktest_boot.c - the two ways a boot hands itself to the tests: `ktest`
 * starts the in-kernel tests in a thread of their own (ktest_start), and
 * `ktest_panic=WHAT` crashes on purpose (ktest_crash) so that the boot
 * tests can check what a panic, a fault or a stack overflow prints.
 */
#include <stdint.h>
#include "doublefault.h"
#include "ktest.h"
#include "panic.h"
#include "percpu.h"
#include "printk.h"
#include "sched.h"
#include "smp.h"
#include "string.h"
#include "task.h"
#include "timer.h"

/* Real-time priority of the ktest thread: above every hog (nice levels),
 * below the migration threads (99). */
#define KTEST_RT_PRIO	50

static void ktest_panic_ap(void *arg)
{
	(void)arg;
	*(volatile uint32_t *)(uintptr_t)0xdead0000 = 0;
}

/* Half a line: no newline, so the console's line stays open on this CPU. */
static void ktest_half_line_ap(void *arg)
{
	(void)arg;
	printk("ktest_panic: half a line from CPU %d", smp_processor_id());
}

static int overflow_main(void *arg)
{
	(void)arg;
	doublefault_overflow_stack();
}

void ktest_crash(const char *what)
{
	/* Volatile so the compiler cannot see the address is bad and
	 * replace the access with a trap of its own. */
	volatile uintptr_t bad = 0xdead0000;

	printk("ktest_panic: crashing on purpose (%s)\n", what);
	if (!strcmp(what, "pf"))
		*(volatile uint32_t *)bad = 1;
	else if (!strcmp(what, "ud"))
		__asm__ volatile("ud2");
	else if (!strcmp(what, "panic"))
		panic("ktest_panic=panic: panic() called on purpose");
	else if (!strcmp(what, "ap"))
		smp_call_function_single(num_online_cpus() - 1, ktest_panic_ap, 0);
	else if (!strcmp(what, "stack")) {
		/* What a stack overflow does to the end-of-stack word. */
		*(volatile uint32_t *)this_cpu()->stack_base = 0;
		mdelay(100);	/* a tick notices */
	} else if (!strcmp(what, "overflow")) {
		doublefault_overflow_stack();
	} else if (!strcmp(what, "overflow_task")) {
		struct task *t = kthread_create("overflow", overflow_main, 0);

		if (t)
			kthread_start_task(t);
		mdelay(2000);	/* it runs on another CPU meanwhile */
	} else if (!strcmp(what, "midline")) {
		smp_call_function_single(num_online_cpus() - 1,
					 ktest_half_line_ap, 0);
		panic("ktest_panic=midline: panic() while CPU %d has a line open",
		      num_online_cpus() - 1);
	}
	printk("ktest_panic: still alive after '%s'\n", what);
}

static int ktest_main(void *arg)
{
	(void)arg;
	ktest_run_all();
}

/*
 * The tests run in a kernel thread of their own, pinned to CPU 0 and
 * SCHED_FIFO so that the hogs some of them start never delay them: they
 * sleep while they watch.
 */
void ktest_start(void)
{
	struct task *t = kthread_create("ktest", ktest_main, 0);

	if (!t)
		panic("ktest: no memory for the test thread");
	set_cpus_allowed(&t->s, cpumask_of(0));
	sched_setscheduler(&t->s, SCHED_FIFO, KTEST_RT_PRIO);
	kthread_start_task(t);
}

