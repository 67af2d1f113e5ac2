/*
 * trace - the kernel's scheduler trace (kernel/trace.c) from the shell,
 * through the trace(cmd, buf, len) system call (include/uapi/trace.h).
 *
 *   trace start    forget what the rings hold, then record on every CPU
 *   trace stop     stop recording; print what each CPU's ring holds
 *   trace dump     write the rings as `trace:` lines to the trace port
 *                  (COM2; the console when QEMU has no second serial port)
 *                  and print how many lines went out and the counts per CPU
 *   trace clear    forget everything recorded (and stop)
 *   trace status   on or off, and the counts per CPU
 *
 * The dump is for build/tools/tracevis on the host (scripts/qemu.sh writes
 * COM2 to a file with TRACE_FILE=path). A ring keeps the first events after
 * `trace start` and counts the ones that did not fit as dropped: stop soon
 * after the workload, or the picture ends where a ring filled.
 *
 * Nothing printed here starts with "trace: ", which is the dump's own line
 * prefix: a dump that falls back to the console stays readable by tracevis.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "params.h"
#include "uapi/trace.h"

static int sys_trace(int cmd, void *buf, unsigned int len)
{
	return (int)syscall5(SYS_trace, cmd, (long)buf, (long)len, 0, 0);
}

/* One line per CPU: the events its ring holds and those it dropped. */
static int print_counts(void)
{
	static struct trace_count c[NR_CPUS];
	unsigned long long events = 0, lost = 0;
	int n = sys_trace(TRACE_COUNTS, c, sizeof(c)), cpu;

	if (n < 0) {
		printf("trace counts: %s\n", strerror(n));
		return 1;
	}
	if (n > NR_CPUS)
		n = NR_CPUS;
	printf("cpu   events  dropped\n");
	for (cpu = 0; cpu < n; cpu++) {
		printf("%3d %8u %8u\n", cpu, c[cpu].events, c[cpu].lost);
		events += c[cpu].events;
		lost += c[cpu].lost;
	}
	printf("all %8llu %8llu\n", events, lost);
	if (lost)
		printf("(dropped: events that came after the CPU's ring filled)\n");
	return 0;
}

static int usage(void)
{
	printf("usage: trace start|stop|dump|clear|status\n");
	return 2;
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : "";
	int r;

	if (argc != 2)
		return usage();
	if (!strcmp(cmd, "start")) {
		r = sys_trace(TRACE_CLEAR, 0, 0);
		if (r >= 0)
			r = sys_trace(TRACE_START, 0, 0);
		if (r < 0) {
			printf("trace start: %s\n", strerror(r));
			return 1;
		}
		printf("tracing on every CPU\n");
		return 0;
	}
	if (!strcmp(cmd, "stop")) {
		sys_trace(TRACE_STOP, 0, 0);
		printf("tracing stopped\n");
		return print_counts();
	}
	if (!strcmp(cmd, "dump")) {
		r = sys_trace(TRACE_DUMP, 0, 0);
		if (r < 0) {
			printf("trace dump: %s\n", strerror(r));
			return 1;
		}
		printf("trace dump: %d lines to the trace port (COM2, or the console without it)\n",
		       r);
		return print_counts();
	}
	if (!strcmp(cmd, "clear")) {
		r = sys_trace(TRACE_CLEAR, 0, 0);
		if (r < 0) {
			printf("trace clear: %s\n", strerror(r));
			return 1;
		}
		printf("trace rings cleared, tracing off\n");
		return 0;
	}
	if (!strcmp(cmd, "status")) {
		r = sys_trace(TRACE_STATUS, 0, 0);
		printf("tracing %s\n", r > 0 ? "on" : "off");
		return print_counts();
	}
	return usage();
}
