/*
 * schedstat - the per-CPU scheduler counters, one `stat:` line per CPU
 * (shared/DESIGN.md), with the same keys in the same order as the kernel's
 * sched_stat_format() (sched/stats.c), so tests read both alike.
 */
#include <stdio.h>
#include "stat.h"

int main(void)
{
	struct snap s = { 0 };
	int i;

	if (snap_take(&s, SNAP_CPUS, "schedstat"))
		return 1;
	for (i = 0; i < s.ncpu; i++) {
		const struct schedstat_cpu *c = &s.cpu[i];

		printf("stat: cpu=%u switches=%u exec_moves=%u node_moves_in=%u "
		       "local_moves_in=%u active_moves_in=%u idle_ticks=%u busy_ticks=%u "
		       "wake_moves_in=%u affinity_moves_in=%u\n",
		       c->cpu, c->switches, c->exec_moves, c->node_moves_in,
		       c->local_moves_in, c->active_moves_in, c->idle_ticks,
		       c->busy_ticks, c->wake_moves_in, c->affinity_moves_in);
	}
	snap_free(&s);
	return 0;
}
