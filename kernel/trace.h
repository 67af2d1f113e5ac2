/*
 * trace.h - per-CPU rings of scheduler events (docs/formats.md, `trace:`).
 *
 * sched/ calls arch_trace() (sched_arch.h) at each switch, wakeup,
 * migration, fork, exec placement, exit and fruitless balance pass. When
 * tracing is on, the CPU that calls it appends one fixed-size record to its
 * own ring: with interrupts off and no lock, since only that CPU writes
 * there. A ring never wraps: it keeps the first TRACE_RING_RECORDS events
 * after trace_start() (a lossless prefix) and counts the ones that did not
 * fit, which the dump reports as `trace: lost cpu=N count=K`.
 *
 * The dump is the `topo:` report (lib/topology.c) followed by every CPU's
 * records merged in time order, one `trace:` line each
 * (sched_trace_format() in sched/stats.c: the one place of the format),
 * written to COM2 so it does not mix with the console, or to the console
 * when there is no COM2. Run QEMU with a second -serial (scripts/qemu.sh
 * does with TRACE_FILE=path) to get it in a file for build/tools/tracevis.
 *
 * Controls: the `trace` boot option (trace from boot), trace(cmd) system
 * call (uapi/trace.h), and the functions below from the kernel.
 */
#ifndef KERNEL_TRACE_H
#define KERNEL_TRACE_H

#include <stddef.h>
#include <stdint.h>
#include "params.h"
#include "uapi/syscall.h"

/*
 * Records per CPU: 4096 x 48 bytes = 192 KiB a CPU. A busy CPU records a
 * few hundred events a second (switches at slice ends and
 * wakeups; an idle CPU beside pinned tasks one fruitless balance a tick) -
 * that is several seconds of a workload, enough for one shell command.
 */
#define TRACE_RING_RECORDS	4096

/* One event as recorded. The time is the raw TSC, made microseconds at
 * dump time: time_us() per event (a 64-bit multiply and division) would
 * about double the cost of a record under TCG (trace_test.c prints both
 * costs). */
struct trace_rec {
	uint64_t tsc;
	int32_t pid;		/* p->pid, 0 for no task (balance) */
	int32_t a, b, c;	/* as enum sched_trace_ev says */
	uint16_t ev;		/* enum sched_trace_ev */
	char comm[TASK_COMM_LEN]; /* p's name when recorded, "" for none */
} __attribute__((aligned(8)));

/*
 * One CPU's ring. Written by its own CPU with interrupts off (records, n,
 * lost); n is published after its record is complete, so a dump may read
 * records [0, n) while the CPU goes on recording. `on` is written by
 * whoever starts or stops tracing; clearing n and lost is done on the CPU
 * itself (an IPI), never under its feet. One cache line each, so that the
 * CPUs' hot counters do not share lines.
 */
struct trace_cpu {
	volatile int on;		/* tracing_on for this CPU */
	volatile uint32_t n;		/* records in buf */
	volatile uint32_t lost;		/* events that did not fit */
	struct trace_rec *buf;		/* TRACE_RING_RECORDS, on the CPU's
					 * node; NULL: no memory, nothing kept */
} __attribute__((aligned(64)));

extern struct trace_cpu trace_cpus[NR_CPUS];	/* for trace_test.c */

/* Allocate every online CPU's ring on its node, find the trace port; start
 * tracing when the `trace` boot option asks. Boot CPU, after the topology
 * and the scheduler are set up. */
void trace_init(void);

/* Start / stop recording on every CPU. trace_start() returns -1 when the
 * rings could not be allocated. */
int trace_start(void);
void trace_stop(void);
int trace_is_on(void);

/* Forget all records and drop counts (stops tracing first). Task context,
 * interrupts on (it runs a function on each CPU). */
void trace_clear(void);

/*
 * Write the dump (see above) through emit, one line at a time without the
 * newline. The records are those present when it starts; tracing goes on
 * as it was. Returns the number of lines. Dumps are serialized.
 */
typedef void (*trace_emit_fn)(const char *line, void *arg);
int trace_dump_to(trace_emit_fn emit, void *arg);
/* The same to the trace port (COM2, or the console without one). */
int trace_dump(void);
/* With the `trace` boot option: stop and dump (power off and reboot call
 * it, so a workload booted with `trace -- /etc/x.sh` leaves its trace).
 * Without it, nothing. */
void trace_at_poweroff(void);
/* 1 when the trace port is COM2. */
int trace_port_is_com2(void);

/* Microseconds since boot (time_us()'s clock) of a record's TSC value. */
uint64_t trace_tsc_to_us(uint64_t tsc);

/* The trace(cmd, buf, len) system call (uapi/trace.h) is sys_trace(),
 * declared in syscall.h. */

#endif
