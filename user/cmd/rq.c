/*
 * rq - the runqueues and their two priority arrays.
 *
 *   rq        every runqueue
 *   rq N      runqueue N only (N = its lowest CPU, the `rq=` of topo)
 *
 * Per runqueue: the CPUs sharing it (SMT siblings once merged), what they
 * run, and for the active and the expired array the non-empty priority
 * lists as "prio:count". A task that used its slice waits in expired until
 * active is empty (or EXPIRED_STARVING swaps them early).
 */
#include <stdio.h>
#include <stdlib.h>
#include "stat.h"

static void show_array(const char *name, uint32_t nr, const uint32_t *bitmap,
		       const uint16_t *count)
{
	int p;

	printf("  %-7s %3u:", name, nr);
	for (p = 0; p < SCHEDSTAT_NR_PRIO; p++)
		if (bitmap[p / 32] >> (p % 32) & 1)
			printf(" %d:%u", p, count[p]);
	printf("\n");
}

int main(int argc, char **argv)
{
	int only = argc > 1 ? atoi(argv[1]) : -1;
	struct snap s = { 0 };
	int i, shown = 0;

	if (snap_take(&s, SNAP_RQS, "rq"))
		return 1;
	for (i = 0; i < s.nrq; i++) {
		const struct schedstat_rq *q = &s.rq[i];

		if (only >= 0 && q->index != (uint32_t)only)
			continue;
		shown++;
		printf("rq=%u cpus=%s running=%u curr=%d", q->index, cpulist(q->cpus, 0),
		       q->nr_running, q->curr_pid[0]);
		if (q->nr_cpus > 1)
			printf(",%d", q->curr_pid[1]);
		if (q->expired_timestamp)
			printf(" expired_since=%u", q->expired_timestamp);
		printf("\n");
		show_array("active", q->nr_active, q->active_bitmap, q->active_count);
		show_array("expired", q->nr_expired, q->expired_bitmap, q->expired_count);
	}
	if (!shown)
		printf("rq: no runqueue %d (%d runqueues)\n", only, s.nrq);
	snap_free(&s);
	return shown ? 0 : 1;
}
