/* cmdline.c - parse the options of cmdline.h. */
#include "cmdline.h"
#include "printk.h"
#include "string.h"

struct boot_options boot_opts = { .idle_poll_us = -1 };

/* A decimal number from s; -1 when s is not one. */
static int parse_uint(const char *s)
{
	int v = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > 100000)
			return -1;
		v = v * 10 + (*s - '0');
	}
	return v;
}

static void option(char *opt)
{
	char *val = strchr(opt, '=');

	if (val)
		*val++ = '\0';

	if (!strcmp(opt, "ktest") && !val) {
		boot_opts.ktest = 1;
	} else if (!strcmp(opt, "ktest_panic") && val &&
		   (!strcmp(val, "pf") || !strcmp(val, "ud") ||
		    !strcmp(val, "panic") || !strcmp(val, "ap") ||
		    !strcmp(val, "stack") || !strcmp(val, "overflow") ||
		    !strcmp(val, "overflow_ap") || !strcmp(val, "overflow_task") ||
		    !strcmp(val, "midline"))) {
		boot_opts.ktest_panic = val;
	} else if (!strcmp(opt, "panic_screen") && !val) {
		boot_opts.panic_screen = 1;
	} else if (!strcmp(opt, "acpi") && val && !strcmp(val, "last")) {
		boot_opts.acpi_last = 1;
	} else if (!strcmp(opt, "smp") && val && !strcmp(val, "serial")) {
		boot_opts.smp_mode = SMP_MODE_SERIAL;
	} else if (!strcmp(opt, "smp") && val && !strcmp(val, "parallel")) {
		boot_opts.smp_mode = SMP_MODE_PARALLEL;
	} else if (!strcmp(opt, "maxcpus") && val && parse_uint(val) >= 1) {
		boot_opts.maxcpus = parse_uint(val);
	} else if (!strcmp(opt, "noshare") && !val) {
		boot_opts.noshare = 1;
	} else if (!strcmp(opt, "test_ht") && !val) {
		boot_opts.test_ht = 1;
	} else if (!strcmp(opt, "nonuma") && !val) {
		boot_opts.nonuma = 1;
	} else if (!strcmp(opt, "bench_o1") && !val) {
		boot_opts.bench_o1 = 10000;
	} else if (!strcmp(opt, "bench_o1") && val && parse_uint(val) >= 1) {
		boot_opts.bench_o1 = parse_uint(val);
	} else if (!strcmp(opt, "sched_check") && !val) {
		boot_opts.sched_check = 1;
	} else if (!strcmp(opt, "idle_poll") && val && parse_uint(val) >= 0 &&
		   parse_uint(val) <= 10000) {
		boot_opts.idle_poll_us = parse_uint(val);
	} else if (!strcmp(opt, "tsc") && val && !strcmp(val, "unstable")) {
		boot_opts.tsc_unstable = 1;
	} else if (!strcmp(opt, "test_pit_ch2_off") && !val) {
		boot_opts.test_pit_ch2_off = 1;
	} else if (!strcmp(opt, "test_apic_renumber") && !val) {
		boot_opts.test_apic_renumber = 1;
	} else if (!strcmp(opt, "test_cal_stall") && !val) {
		boot_opts.test_cal_stall = TEST_CAL_STALL_20MS;
	} else if (!strcmp(opt, "test_cal_stall") && val && !strcmp(val, "all")) {
		boot_opts.test_cal_stall = TEST_CAL_STALL_ALL;
	} else if (!strcmp(opt, "test_cal_stall") && val && !strcmp(val, "long")) {
		boot_opts.test_cal_stall = TEST_CAL_STALL_LONG;
	} else if (!strcmp(opt, "nosysenter") && !val) {
		boot_opts.nosysenter = 1;
	} else if (!strcmp(opt, "trace") && !val) {
		boot_opts.trace = 1;
	} else if (!strcmp(opt, "trace") && val && parse_uint(val) >= 1) {
		boot_opts.trace = 1;
		boot_opts.trace_dump_ms = parse_uint(val);
	} else {
		printk("cmdline: unknown option '%s%s%s' ignored\n", opt,
		       val ? "=" : "", val ? val : "");
	}
}

void cmdline_parse(char *s)
{
	while (*s) {
		char *end;

		while (*s == ' ')
			s++;
		if (!*s)
			break;
		for (end = s; *end && *end != ' '; end++)
			;
		if (*end)
			*end++ = '\0';
		if (!strcmp(s, "--"))
			break;		/* the rest is init's (exec.c) */
		option(s);
		s = end;
	}
}
