/*
 * stats.c - per-CPU scheduler counters and the `stat:` line of DESIGN.md.
 *
 * The `stat:` line itself is lib/statline.c's, shared with the user
 * command `schedstat`, so every printer of it agrees.
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

struct out {
	char *buf;
	size_t len, pos;
};

static void put_str(struct out *o, const char *s)
{
	while (*s) {
		if (o->pos + 1 < o->len)
			o->buf[o->pos] = *s;
		o->pos++;
		s++;
	}
}

static void put_key(struct out *o, const char *key, unsigned long long v)
{
	char tmp[24];
	int n = 0;

	put_str(o, key);
	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n) {
		char c[2] = { tmp[--n], 0 };

		put_str(o, c);
	}
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

/* A name as one word: no spaces or control characters, at most 31. */
static void put_word(struct out *o, const char *key, const char *w)
{
	char c[2] = { 0, 0 };
	int n;

	put_str(o, key);
	for (n = 0; w[n] && n < 31; n++) {
		c[0] = (w[n] > ' ' && w[n] < 127) ? w[n] : '?';
		put_str(o, c);
	}
}

static void put_int(struct out *o, const char *key, int v)
{
	if (v < 0) {
		put_str(o, key);
		put_key(o, "-", (unsigned long long)-(long long)v);
	} else {
		put_key(o, key, (unsigned long long)v);
	}
}

static const char *move_word(int why)
{
	return why >= 0 && why < SCHED_MOVE_NR ? sched_move_name[why] : "?";
}

int sched_trace_format(char *buf, size_t len, unsigned long long t_us,
		       int cpu, int ev, int pid, int a, int b, int c,
		       const char *comm)
{
	struct out o = { buf, len, 0 };
	int has_comm = comm && *comm;

	if (!len)
		return 0;
	put_key(&o, "trace: t=", t_us);
	put_int(&o, " cpu=", cpu);
	put_str(&o, " ev=");
	put_str(&o, ev >= 0 && ev < SCHED_TRACE_NR ? sched_trace_name[ev] : "?");
	switch (ev) {
	case SCHED_TRACE_SWITCH: {
		char st[2] = { (char)(b ? b : 'R'), 0 };

		put_int(&o, " pid=", pid);
		put_int(&o, " prev=", a);
		put_word(&o, " prev_state=", st);
		break;
	}
	case SCHED_TRACE_WAKEUP:
		put_int(&o, " pid=", pid);
		put_int(&o, " target=", a);
		put_int(&o, " sync=", b);
		break;
	case SCHED_TRACE_MIGRATE:
		put_int(&o, " pid=", pid);
		put_int(&o, " from=", a);
		put_int(&o, " to=", b);
		put_str(&o, " why=");
		put_str(&o, move_word(c));
		break;
	case SCHED_TRACE_FORK:
		/* The line is about the parent; comm names the child. */
		put_int(&o, " pid=", a);
		put_int(&o, " child=", pid);
		put_int(&o, " target=", b);
		if (has_comm)
			put_word(&o, " child_comm=", comm);
		has_comm = 0;
		break;
	case SCHED_TRACE_EXEC:
		put_int(&o, " pid=", pid);
		put_word(&o, " comm=", has_comm ? comm : "?");
		put_int(&o, " to=", a);
		has_comm = 0;
		break;
	case SCHED_TRACE_BALANCE:
		put_str(&o, " pid=0");
		put_int(&o, " moved=", a);
		put_str(&o, " why=");
		put_str(&o, move_word(b));
		put_int(&o, " busiest=", c);
		has_comm = 0;
		break;
	default:		/* exit, and anything newer */
		put_int(&o, " pid=", pid);
		break;
	}
	if (has_comm)
		put_word(&o, " comm=", comm);
	buf[o.pos < len ? o.pos : len - 1] = '\0';
	return (int)(o.pos < len ? o.pos : len - 1);
}
