/*
 * stats.c - per-CPU scheduler counters and the `stat:` line (docs/formats.md).
 *
 * The `stat:` line itself is lib/statline.c's, shared with the user
 * command `schedstat`, so every printer of it agrees; the `trace:` line
 * is built here with the same pieces (line_put_key and friends).
 */
#include "runqueue.h"
#include "statline.h"

struct sched_cpu_stat sched_stats[NR_CPUS];

/* The `why=` names of migrate trace events. */
const char *const sched_move_name[SCHED_MOVE_NR] = {
	[SCHED_MOVE_LOCAL] = "local_balance",
	[SCHED_MOVE_NODE] = "node_balance",
	[SCHED_MOVE_ACTIVE] = "active_balance",
	[SCHED_MOVE_EXEC] = "exec",
	[SCHED_MOVE_AFFINITY] = "affinity",
	[SCHED_MOVE_WAKE] = "sync_wakeup",
};

/* The `ev=` words of trace lines (tests/trace/README.md; tracevis reads
 * them). */
const char *const sched_trace_name[SCHED_TRACE_NR] = {
	[SCHED_TRACE_SWITCH] = "switch",
	[SCHED_TRACE_WAKEUP] = "wakeup",
	[SCHED_TRACE_MIGRATE] = "migrate",
	[SCHED_TRACE_FORK] = "fork",
	[SCHED_TRACE_EXEC] = "exec",
	[SCHED_TRACE_EXIT] = "exit",
	[SCHED_TRACE_BALANCE] = "balance",
};

const struct sched_cpu_stat *sched_cpu_stat(int cpu)
{
	return &sched_stats[cpu];
}

int sched_stat_format(int cpu, char *buf, size_t len)
{
	const struct sched_cpu_stat *s = &sched_stats[cpu];
	struct schedstat_cpu c = {
		.cpu = (uint32_t)cpu,
		.switches = (uint32_t)s->switches,
		.exec_moves = (uint32_t)s->moves_in[SCHED_MOVE_EXEC],
		.node_moves_in = (uint32_t)s->moves_in[SCHED_MOVE_NODE],
		.local_moves_in = (uint32_t)s->moves_in[SCHED_MOVE_LOCAL],
		.active_moves_in = (uint32_t)s->moves_in[SCHED_MOVE_ACTIVE],
		.wake_moves_in = (uint32_t)s->moves_in[SCHED_MOVE_WAKE],
		.affinity_moves_in = (uint32_t)s->moves_in[SCHED_MOVE_AFFINITY],
		.idle_ticks = (uint32_t)s->idle_ticks,
		.busy_ticks = (uint32_t)s->busy_ticks,
	};

	return stat_line_format(buf, len, &c);
}

static const char *move_word(int why)
{
	return why >= 0 && why < SCHED_MOVE_NR ? sched_move_name[why] : "?";
}

int sched_trace_format(char *buf, size_t len, unsigned long long t_us,
		       int cpu, int ev, int pid, int a, int b, int c,
		       const char *comm)
{
	struct line_out o = { buf, len, 0 };
	int has_comm = comm && *comm;

	if (!len)
		return 0;
	line_put_key(&o, "trace: t=", t_us);
	line_put_int(&o, " cpu=", cpu);
	line_put_str(&o, " ev=");
	line_put_str(&o, ev >= 0 && ev < SCHED_TRACE_NR ? sched_trace_name[ev] : "?");
	switch (ev) {
	case SCHED_TRACE_SWITCH: {
		char st[2] = { (char)(b ? b : 'R'), 0 };

		line_put_int(&o, " pid=", pid);
		line_put_int(&o, " prev=", a);
		line_put_word(&o, " prev_state=", st);
		break;
	}
	case SCHED_TRACE_WAKEUP:
		line_put_int(&o, " pid=", pid);
		line_put_int(&o, " target=", a);
		line_put_int(&o, " sync=", b);
		break;
	case SCHED_TRACE_MIGRATE:
		line_put_int(&o, " pid=", pid);
		line_put_int(&o, " from=", a);
		line_put_int(&o, " to=", b);
		line_put_str(&o, " why=");
		line_put_str(&o, move_word(c));
		break;
	case SCHED_TRACE_FORK:
		/* The line is about the parent; comm names the child. */
		line_put_int(&o, " pid=", a);
		line_put_int(&o, " child=", pid);
		line_put_int(&o, " target=", b);
		if (has_comm)
			line_put_word(&o, " child_comm=", comm);
		has_comm = 0;
		break;
	case SCHED_TRACE_EXEC:
		line_put_int(&o, " pid=", pid);
		line_put_word(&o, " comm=", has_comm ? comm : "?");
		line_put_int(&o, " to=", a);
		has_comm = 0;
		break;
	case SCHED_TRACE_BALANCE:
		line_put_str(&o, " pid=0");
		line_put_int(&o, " moved=", a);
		line_put_str(&o, " why=");
		line_put_str(&o, move_word(b));
		line_put_int(&o, " busiest=", c);
		has_comm = 0;
		break;
	default:		/* exit, and anything newer */
		line_put_int(&o, " pid=", pid);
		break;
	}
	if (has_comm)
		line_put_word(&o, " comm=", comm);
	return line_end(&o);
}
