/*
 * uapi/trace.h - the commands of trace(cmd, buf, len) (SYS_trace), for the
 * shell's `trace` command: the kernel's per-CPU rings of scheduler events
 * (kernel/trace.c; the line format is tests/trace/README.md's).
 *
 *   TRACE_START   clear nothing, record on every CPU from now on
 *   TRACE_STOP    stop recording (what was recorded stays)
 *   TRACE_CLEAR   forget every record and every drop count (tracing off)
 *   TRACE_DUMP    write the `topo:` report, then every record in time
 *                 order as `trace:` lines, then `trace: lost` lines, on the
 *                 trace port (COM2; COM1 when the machine has no COM2)
 *   TRACE_STATUS  nothing; the result says whether tracing is on
 *   TRACE_COUNTS  fill buf (len bytes) with one struct trace_count per CPU,
 *                 CPU 0 first, as many as fit: the events each ring holds
 *                 and how many did not fit (the shell's `trace` prints them)
 *
 * buf and len are used by TRACE_COUNTS only (the others take 0, 0).
 * Result: TRACE_DUMP the number of lines written, TRACE_STATUS 1 (on) or 0,
 * TRACE_COUNTS the number of CPUs (which may exceed what fitted), the
 * others 0; -EINVAL for another cmd; -EFAULT for a bad buf; -ENOMEM when
 * the kernel could not allocate its rings at boot.
 */
#ifndef UAPI_TRACE_H
#define UAPI_TRACE_H

#define TRACE_START	1
#define TRACE_STOP	2
#define TRACE_CLEAR	3
#define TRACE_DUMP	4
#define TRACE_STATUS	5
#define TRACE_COUNTS	6

struct trace_count {
	unsigned int events;	/* records in the CPU's ring */
	unsigned int lost;	/* events after the ring filled: not kept */
};

#endif
