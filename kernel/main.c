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
	panic_set_exit((boot_opts.ktest || boot_opts.ktest_panic) &&
		       !boot_opts.panic_screen);
	panic_set_screen_dump(boot_opts.panic_screen);

	paging_init();
	console_screen_init();	/* the framebuffer, once paging maps it */
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
		ktest_crash(boot_opts.ktest_panic);
	if (boot_opts.ktest)
		ktest_start();
	else if (boot_opts.bench_o1)
		bench_o1_start();
	else
		start_init();
	printk("boot: ready\n");
	sched_idle_loop();
}
