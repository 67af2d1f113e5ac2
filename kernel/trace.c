/*
 * trace.c - per-CPU rings of scheduler events and their dump (trace.h).
 *
 * The hot path is arch_trace(): one load of this CPU's `on` flag when
 * tracing is off; when on, interrupts off, one 48-byte record filled in
 * the CPU's own ring (allocated on its node), the count published, and
 * interrupts restored. No lock, no shared cache line, no division.
 */
#include "trace.h"
#include "cmdline.h"
#include "console.h"
#include "cpu.h"
#include "cputopo.h"
#include "heap.h"
#include "percpu.h"
#include "printk.h"
#include "sched.h"
#include "smp.h"
#include "spinlock.h"
#include "string.h"
#include "syscall.h"
#include "task.h"
#include "timer.h"
#include "topology.h"
#include "uaccess.h"
#include "uapi/errno.h"
#include "uapi/trace.h"

/* Longest line sched_trace_format() writes, with room to spare. */
#define TRACE_LINE_MAX	160

struct trace_cpu trace_cpus[NR_CPUS];
/* Some CPU's `on` is set: the scheduler's sched_trace() tests this before
 * it calls arch_trace() (sched_env.h). */
volatile int sched_trace_on;

static int trace_ready;		/* the rings were allocated */
static int trace_com2;		/* the dump goes to COM2 */
/* The clock pair that turns a record's TSC into time_us()'s microseconds,
 * read together at trace_init(). */
static uint64_t base_tsc, base_us;
/* One dump at a time (it uses the statics below and the port), and no
 * clear during a dump. */
static struct spinlock dump_lock = SPINLOCK_INIT("trace dump");

void arch_trace(int ev, const struct task_struct *p, int a, int b, int c)
{
	struct trace_cpu *tc = &trace_cpus[smp_processor_id()];
	struct trace_rec *r;
	uint32_t flags, n;

	if (!tc->on)
		return;
	flags = irq_save();
	n = tc->n;
	if (n >= TRACE_RING_RECORDS) {
		tc->lost++;
		irq_restore(flags);
		return;
	}
	r = &tc->buf[n];
	r->tsc = rdtsc();
	r->ev = (uint16_t)ev;
	r->a = a;
	r->b = b;
	r->c = c;
	if (p) {
		const char *s = task_of(p)->name;
		int i;

		r->pid = p->pid;
		for (i = 0; i < TASK_COMM_LEN - 1 && s[i]; i++)
			r->comm[i] = s[i];
		r->comm[i] = '\0';
	} else {
		r->pid = 0;
		r->comm[0] = '\0';
	}
	/* The record is whole before a dump on another CPU can count it. */
	__atomic_store_n(&tc->n, n + 1, __ATOMIC_RELEASE);
	irq_restore(flags);
}

uint64_t trace_tsc_to_us(uint64_t tsc)
{
	int64_t d = (int64_t)(tsc - base_tsc);	/* a CPU's TSC may be behind */
	uint32_t khz = tsc_khz() ? tsc_khz() : 1;

	if (d >= 0)
		return base_us + (uint64_t)d * 1000 / khz;
	return base_us - (uint64_t)-d * 1000 / khz;
}

/* trace=MS: stop and dump MS milliseconds after boot. */
static int dump_later(void *arg)
{
	(void)arg;
	msleep((unsigned int)boot_opts.trace_dump_ms);
	trace_stop();
	printk("trace rings: %d lines dumped to %s\n", trace_dump(),
	       trace_com2 ? "COM2" : "the console");
	return 0;
}

void trace_init(void)
{
	int cpu, missing = 0;

	base_tsc = rdtsc();
	base_us = time_us();
	trace_com2 = serial2_init() == 0;
	for (cpu = 0; cpu < cpu_topology.ncpus; cpu++) {
		trace_cpus[cpu].buf = kmalloc_node(sizeof(struct trace_rec) *
						   TRACE_RING_RECORDS,
						   cpu_topology.cpu[cpu].node);
		if (!trace_cpus[cpu].buf)
			missing++;
	}
	if (missing) {
		/* Tracing some CPUs and not others would draw a lie. */
		printk("trace rings: no memory for %d of %d CPUs; tracing off\n",
		       missing, cpu_topology.ncpus);
		for (cpu = 0; cpu < cpu_topology.ncpus; cpu++) {
			kfree(trace_cpus[cpu].buf);
			trace_cpus[cpu].buf = NULL;
		}
		return;
	}
	trace_ready = 1;
	printk("trace rings: %d records (%u KiB) a CPU; dumps go to %s\n",
	       TRACE_RING_RECORDS,
	       (unsigned)(sizeof(struct trace_rec) * TRACE_RING_RECORDS / 1024),
	       trace_com2 ? "COM2" : "the console (no COM2)");
	if (boot_opts.trace)
		trace_start();
	if (boot_opts.trace_dump_ms &&
	    !kthread_run("tracedump", dump_later, NULL))
		printk("trace rings: no memory for the dump thread\n");
}

int trace_start(void)
{
	int cpu;

	if (!trace_ready)
		return -1;
	for (cpu = 0; cpu < cpu_topology.ncpus; cpu++)
		trace_cpus[cpu].on = 1;
	sched_trace_on = 1;
	return 0;
}

void trace_stop(void)
{
	int cpu;

	sched_trace_on = 0;
	for (cpu = 0; cpu < NR_CPUS; cpu++)
		trace_cpus[cpu].on = 0;
}

int trace_is_on(void)
{
	return trace_cpus[0].on;
}

/* On the CPU itself, interrupts off: no record of its is half written. */
static void clear_this_cpu(void *arg)
{
	struct trace_cpu *tc = &trace_cpus[smp_processor_id()];
	uint32_t flags = irq_save();

	(void)arg;
	tc->n = 0;
	tc->lost = 0;
	irq_restore(flags);
}

void trace_clear(void)
{
	int cpu;

	trace_stop();
	spin_lock(&dump_lock);		/* not under a dump's feet */
	for (cpu = 0; cpu < cpu_topology.ncpus; cpu++)
		smp_call_function_single(cpu, clear_this_cpu, NULL);
	spin_unlock(&dump_lock);
}

/* ---- the dump ----------------------------------------------------------- */

static trace_emit_fn dump_emit;
static void *dump_arg;
static int dump_lines;

static void emit_line(const char *line)
{
	dump_emit(line, dump_arg);
	dump_lines++;
}

/*
 * exec's name. sched_balance_exec() records the event before the kernel
 * gives the task its new name, so the record holds the old one; the next
 * record about the same task (on any CPU) was made with the new name.
 */
static const char *exec_comm(const struct trace_rec *e, int e_cpu,
			     const uint32_t *count, int ncpus)
{
	const struct trace_rec *best = NULL;
	int cpu;
	uint32_t i;

	for (cpu = 0; cpu < ncpus; cpu++) {
		for (i = 0; i < count[cpu]; i++) {
			const struct trace_rec *r = &trace_cpus[cpu].buf[i];

			/* After e: later in e's own ring, later in time in
			 * another's. A fork record names the child. */
			if (r->pid != e->pid || !r->comm[0] ||
			    r->ev == SCHED_TRACE_FORK ||
			    (cpu == e_cpu ? r <= e :
			     (int64_t)(r->tsc - e->tsc) < 0))
				continue;
			if (!best || (int64_t)(r->tsc - best->tsc) < 0)
				best = r;
			break;	/* one CPU's records are in time order */
		}
	}
	return best ? best->comm : e->comm;
}

int trace_dump_to(trace_emit_fn emit, void *arg)
{
	uint32_t count[NR_CPUS], next[NR_CPUS] = { 0 };
	int ncpus = cpu_topology.ncpus, cpu, lines;
	char line[TRACE_LINE_MAX];

	spin_lock(&dump_lock);
	dump_emit = emit;
	dump_arg = arg;
	dump_lines = 0;
	topo_report(&cpu_topology, emit_line);
	for (cpu = 0; cpu < ncpus; cpu++)
		count[cpu] = trace_ready ?
			__atomic_load_n(&trace_cpus[cpu].n, __ATOMIC_ACQUIRE) : 0;

	/* Merge the rings by time: the oldest head each round (ties: the
	 * lower CPU). Each ring is in time order already. */
	for (;;) {
		const struct trace_rec *r, *best = NULL;
		int best_cpu = -1;

		for (cpu = 0; cpu < ncpus; cpu++) {
			if (next[cpu] >= count[cpu])
				continue;
			r = &trace_cpus[cpu].buf[next[cpu]];
			if (!best || (int64_t)(r->tsc - best->tsc) < 0) {
				best = r;
				best_cpu = cpu;
			}
		}
		if (!best)
			break;
		next[best_cpu]++;
		sched_trace_format(line, sizeof(line),
				   trace_tsc_to_us(best->tsc), best_cpu,
				   best->ev, best->pid, best->a, best->b,
				   best->c, best->ev == SCHED_TRACE_EXEC ?
				   exec_comm(best, best_cpu, count, ncpus) : best->comm);
		emit_line(line);
	}
	for (cpu = 0; cpu < ncpus; cpu++) {
		uint32_t lost = trace_cpus[cpu].lost;

		if (!lost)
			continue;
		snprintf(line, sizeof(line), "trace: lost cpu=%d count=%u",
			 cpu, (unsigned)lost);
		emit_line(line);
	}
	lines = dump_lines;
	spin_unlock(&dump_lock);
	return lines;
}

static void emit_port(const char *line, void *arg)
{
	(void)arg;
	if (!trace_com2) {
		printk("%s\n", line);
		return;
	}
	while (*line)
		serial2_putc(*line++);
	serial2_putc('\n');
}

int trace_dump(void)
{
	return trace_dump_to(emit_port, NULL);
}

void trace_at_poweroff(void)
{
	if (!boot_opts.trace || !trace_ready)
		return;
	trace_stop();
	printk("trace rings: %d lines dumped to %s\n", trace_dump(),
	       trace_com2 ? "COM2" : "the console");
}

int trace_port_is_com2(void)
{
	return trace_com2;
}

/* ---- the system call ---------------------------------------------------- */

/* TRACE_COUNTS: each CPU's record and drop counts, as many as fit. */
static int trace_counts(void *ubuf, uint32_t len)
{
	struct trace_count c;
	int cpu, ncpus = cpu_topology.ncpus;

	for (cpu = 0; cpu < ncpus && (uint32_t)(cpu + 1) * sizeof(c) <= len; cpu++) {
		c.events = trace_ready ? trace_cpus[cpu].n : 0;
		c.lost = trace_cpus[cpu].lost;
		if (copy_to_user((struct trace_count *)ubuf + cpu, &c, sizeof(c)))
			return -EFAULT;
	}
	return ncpus;
}

int sys_trace(int cmd, void *buf, uint32_t len)
{
	switch (cmd) {
	case TRACE_START:
		return trace_start() ? -ENOMEM : 0;
	case TRACE_STOP:
		trace_stop();
		return 0;
	case TRACE_CLEAR:
		trace_clear();
		return 0;
	case TRACE_DUMP:
		return trace_dump();
	case TRACE_STATUS:
		return trace_is_on();
	case TRACE_COUNTS:
		return trace_counts(buf, len);
	default:
		return -EINVAL;
	}
}
