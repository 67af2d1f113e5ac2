/*
 * cmdline.h - the kernel command-line options (from the multiboot loader).
 *
 *   ktest             run the in-kernel tests, print KTAP, leave QEMU through
 *                     isa-debug-exit (all passed: QEMU exits 1; any failed: 3;
 *                     a panic: 5)
 *   ktest_panic=WHAT  after boot, crash on purpose so tests can read the
 *                     panic: pf (bad pointer), ud (invalid opcode),
 *                     panic (panic()), ap (page fault on the last CPU),
 *                     stack (the end-of-stack word overwritten),
 *                     overflow (CPU 0's stack runs into its guard page),
 *                     overflow_ap (the same on the last AP, as it starts),
 *                     overflow_task (the same in a kernel thread),
 *                     midline (the last CPU prints half a line, then
 *                     CPU 0 panics: the report starts a line of its own);
 *                     a panic then leaves QEMU as under ktest
 *   panic_screen      a panic halts (never leaves QEMU, even under ktest or
 *                     ktest_panic) after dumping the framebuffer console's
 *                     grid to COM1, so that a test can compare QEMU's
 *                     screendump of the panic with it (tests/boot/uefi.sh)
 *   acpi=last         when an ACPI table signature appears twice, use the
 *                     last copy (QEMU -acpitable appends a crafted table)
 *   smp=serial|parallel  how to start the APs (default: SMP_DEFAULT_MODE)
 *   maxcpus=N         bring up at most N CPUs, the boot CPU included (N >= 1)
 *   noshare           one runqueue per CPU, even for SMT siblings
 *   test_ht           no SMT: let CPUs 0 and 1 share a runqueue anyway (D7)
 *   nonuma            balance across all CPUs as one domain (no node
 *                     boundaries, no exec placement): SCHED_BALANCE_GLOBAL
 *   bench_o1[=N]      run the in-kernel O(1) benchmark (kernel/tests/bench_o1.c)
 *                     with up to N (10000) hogs instead of init; leave QEMU
 *   sched_check       run the scheduler's sanity checker at every tick
 *                     (CPU 0's), and fail ktests that saw a violation
 *   trace             record scheduler events from boot (kernel/trace.h)
 *                     and dump them at power off (to COM2); under ktest,
 *                     trace_records_switches dumps its own trace instead
 *   trace=MS          the same, and dump the trace MS milliseconds after
 *                     boot (a workload's trace without the shell's help)
 *   idle_poll=US      an idle CPU polls for work US microseconds after it
 *                     went idle, then halts (kernel/idle.c); 0 halts at
 *                     once, as 2.5.59's default_idle()
 *   nosysenter        system calls through int 0x80 only, even where the
 *                     CPU has sysenter (arch/x86/sysenter.h): the slow
 *                     path, to compare and to test
 *   tsc=unstable      do not trust the TSC as a clock shared by the CPUs:
 *                     jiffies count timer ticks (arch/x86/timer.c)
 *   test_pit_ch2_off  calibrate as if PIT channel 2 were gated off (QEMU's
 *                     PIT counts whatever the gate says)
 *   test_apic_renumber  play firmware that changed the APs' APIC IDs
 *                     (arch/x86/smpboot.c)
 *   test_cal_stall    stall the end of every 20 ms calibration window, as a
 *                     busy host stalls a vCPU there (arch/x86/timer.c)
 *   test_cal_stall=all  the 50 ms windows too: no sample is clean, and the
 *                     boot warns and goes on with its best
 *   test_cal_stall=long  one stall inside a read's bracket, longer than
 *                     the wait for a channel that does not count
 *
 * Unknown options are printed and ignored. Words after "--" are not the
 * kernel's: they become init's arguments (kernel/exec.c).
 */
#ifndef KERNEL_CMDLINE_H
#define KERNEL_CMDLINE_H

enum smp_mode {
	SMP_MODE_DEFAULT,
	SMP_MODE_SERIAL,	/* INIT-SIPI-SIPI and wait, one AP at a time */
	SMP_MODE_PARALLEL,	/* all sequences first, then one wait */
};

enum test_cal_stall {
	TEST_CAL_STALL_OFF,
	TEST_CAL_STALL_20MS,	/* test_cal_stall */
	TEST_CAL_STALL_ALL,	/* test_cal_stall=all */
	TEST_CAL_STALL_LONG,	/* test_cal_stall=long */
};

struct boot_options {
	int ktest;
	const char *ktest_panic;	/* NULL: none */
	int panic_screen;
	int acpi_last;
	enum smp_mode smp_mode;
	int maxcpus;			/* 0: no limit */
	int noshare, test_ht, nonuma, sched_check;
	int bench_o1;			/* 0: no; else the most hogs */
	int trace;
	int trace_dump_ms;		/* 0: no dump of its own */
	int nosysenter;			/* system calls by int 0x80 only */
	int idle_poll_us;		/* -1: idle.c's default */
	int tsc_unstable;		/* tsc=unstable */
	int test_pit_ch2_off, test_apic_renumber;
	enum test_cal_stall test_cal_stall;
};

extern struct boot_options boot_opts;

/* Parse s (may be modified); prints what it did not understand. */
void cmdline_parse(char *s);

#endif
