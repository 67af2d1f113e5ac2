/*
 * ps - list the tasks with their scheduler fields.
 *
 *   ps        user tasks and kernel threads
 *   ps -a     also every CPU's idle task
 *
 * Columns: state (R running or queued, S sleeping, D uninterruptible,
 * Z zombie; a '*' when on a CPU now), policy, dynamic and static priority
 * (nice = static - 120), sleep_avg in ticks (the interactivity credit),
 * CPU, home node, runqueue, allowed CPUs. Kernel threads are [bracketed].
 */
#include <stdio.h>
#include <string.h>
#include "stat.h"

int main(int argc, char **argv)
{
	int all = argc > 1 && !strcmp(argv[1], "-a");
	struct snap s = { 0 };
	int i;

	if (snap_take(&s, SNAP_TASKS, "ps"))
		return 1;
	printf("  PID  PPID S  POLICY PRI NICE SLEEP SLICE CPU NODE  RQ CPUS     NAME\n");
	for (i = 0; i < s.ntask; i++) {
		const struct schedstat_task *t = &s.task[i];
		char name[TASK_COMM_LEN + 2];

		if ((t->flags & SCHEDSTAT_TASK_IDLE) && !all)
			continue;
		snprintf(name, sizeof(name), (t->flags & SCHEDSTAT_TASK_KTHREAD) ? "[%.*s]" : "%.*s",
			 TASK_COMM_LEN - 1, t->name);
		printf("%5d %5d %c%c %6s %3u %4d %5u %5u %3u %4u %3u %-8s %s\n",
		       t->pid, t->ppid, (char)t->state,
		       (t->flags & SCHEDSTAT_TASK_ONCPU) ? '*' : ' ',
		       policy_name(t->policy), t->prio,
		       t->policy == SCHED_NORMAL ? (int)t->static_prio - 120 : 0,
		       t->sleep_avg, t->time_slice, t->cpu, t->node, t->rq,
		       cpulist(t->cpus_allowed, 0), name);
	}
	printf("%d tasks, %u running\n", s.ntask, s.sum.nr_running);
	snap_free(&s);
	return 0;
}
