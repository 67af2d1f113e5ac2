/*
 * main.c - the boot CPU's way from the loader to a running machine.
 *
 * The order follows the data: per-CPU data and the console
 * first (everything after may print or panic), then what the loader told us,
 * paging, ACPI, NUMA and the page pools, interrupts and timers, the other
 * CPUs, and finally the topology report.
 */
#include <stdint.h>
#include "acpi_boot.h"
#include "bootinfo.h"
#include "cmdline.h"
#include "cpu.h"
#include "cputopo.h"
#include "doublefault.h"
#include "heap.h"
#include "ioapic.h"
#include "bench_o1.h"
#include "file.h"
#include "ktest.h"
#include "lapic.h"
#include "mm.h"
#include "numa.h"
#include "paging.h"
#include "panic.h"
#include "printk.h"
#include "proc.h"
#include "ps2kbd.h"
#include "smp.h"
#include "string.h"
#include "task.h"
#include "timer.h"
#include "trace.h"
#include "trap.h"
#include "usermode.h"

/* The default LAPIC address (Intel SDM 10.4.1) when there is no MADT. */
#define LAPIC_DEFAULT_ADDR	0xfee00000

static char cmdline_buf[BOOT_CMDLINE_MAX];

/* Real-time priority of the ktest thread: above every hog (nice levels),
 * below the migration threads (99). */
#define KTEST_RT_PRIO	50

static void ktest_panic_ap(void *arg)
{
	(void)arg;
	*(volatile uint32_t *)(uintptr_t)0xdead0000 = 0;
}

static int overflow_main(void *arg)
{
	(void)arg;
	doublefault_overflow_stack();
}

/* ktest_panic=WHAT: crash on purpose so that tests can read a panic. */
static void crash(const char *what)
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
static void start_ktests(void)
{
	struct task *t = kthread_create("ktest", ktest_main, 0);

	if (!t)
		panic("ktest: no memory for the test thread");
	set_cpus_allowed(&t->s, cpumask_of(0));
	sched_setscheduler(&t->s, SCHED_FIFO, KTEST_RT_PRIO);
	kthread_start_task(t);
}

static void start_init(void)
{
	int err = proc_start_init();

	if (err)
		printk("init: not started (error %d); the kernel idles\n", err);
}

void kmain(uint32_t magic, uint32_t mbi)
{
	int have_madt;

	timer_mark_entry();
	smp_prepare_boot_cpu();
	console_init();
	idt_init();
	doublefault_init();
	printk("kernel: booting (32-bit, HZ=%d, NR_CPUS=%d)\n", HZ, NR_CPUS);

	bootinfo_init(magic, mbi);
	bootinfo_print();
	strlcpy(cmdline_buf, boot_info.cmdline, sizeof(cmdline_buf));
	cmdline_parse(cmdline_buf);
	panic_set_exit(boot_opts.ktest || boot_opts.ktest_panic);

	paging_init();
	have_madt = acpi_boot_init(boot_opts.acpi_last) == 0;
	paging_close_hole();	/* the tables are parsed: user space is free */
	numa_init();
	heap_init();

	pic_disable();
	lapic_init(have_madt && acpi_info.lapic_addr ? acpi_info.lapic_addr :
		   LAPIC_DEFAULT_ADDR);
	lapic_setup_cpu(have_madt ? acpi_info.lapic_nmi_lint : 1);
	this_cpu()->apic_id = lapic_id();
	if (have_madt)
		ioapic_init(&acpi_info);
	ps2kbd_init(have_madt);
	if (have_madt)
		console_input_init(this_cpu()->apic_id);
	smp_init_ipis();
	timer_calibrate();
	timer_start_tick();
	sti();

	smp_boot_aps(have_madt);
	topology_init();
	/* The runqueues merge SMT siblings: the report's rq= shows that. */
	sched_setup();
	topology_report();
	trace_init();
	usermode_init();
	mm_init();

	if (boot_opts.ktest_panic)
		crash(boot_opts.ktest_panic);
	if (boot_opts.ktest)
		start_ktests();
	else if (boot_opts.bench_o1)
		bench_o1_start();
	else
		start_init();
	printk("boot: ready\n");
	sched_idle_loop();
}
