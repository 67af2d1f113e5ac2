/*
 * stats.c - per-CPU scheduler counters and the `stat:` line of DESIGN.md.
 *
 * Formatting is done here, without libc, so the kernel's shell and the
 * simulator print the very same line.
 */
#include "runqueue.h"

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

static void put_key(struct out *o, const char *key, unsigned long v)
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
	struct out o = { buf, len, 0 };

	if (!len)
		return 0;
	put_key(&o, "stat: cpu=", (unsigned long)cpu);
	put_key(&o, " switches=", s->switches);
	put_key(&o, " exec_moves=", s->moves_in[SCHED_MOVE_EXEC]);
	put_key(&o, " node_moves_in=", s->moves_in[SCHED_MOVE_NODE]);
	put_key(&o, " local_moves_in=", s->moves_in[SCHED_MOVE_LOCAL]);
	put_key(&o, " active_moves_in=", s->moves_in[SCHED_MOVE_ACTIVE]);
	put_key(&o, " idle_ticks=", s->idle_ticks);
	put_key(&o, " busy_ticks=", s->busy_ticks);
	put_key(&o, " wake_moves_in=", s->moves_in[SCHED_MOVE_WAKE]);
	put_key(&o, " affinity_moves_in=", s->moves_in[SCHED_MOVE_AFFINITY]);
	buf[o.pos < len ? o.pos : len - 1] = '\0';
	return (int)(o.pos < len ? o.pos : len - 1);
}
