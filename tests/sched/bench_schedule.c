/*
 * bench_schedule.c - the cost of schedule() against the number of
 * runnable tasks, for callgrind (tests/sched/bench.sh).
 *
 *   bench_schedule N K   N CPU hogs on one CPU, then K sched_yield() calls
 *
 * Each yield moves the running task to the expired array and calls
 * schedule(), which picks the next task (and swaps the arrays when the
 * active one empties). Prints the number of schedule() calls made, so the
 * script can divide callgrind's total for schedule() by it.
 */
#include <stdio.h>
#include <stdlib.h>
#include "harness.h"

int main(int argc, char **argv)
{
	static struct task_struct tasks[10000];
	int n = argc > 1 ? atoi(argv[1]) : 100;
	int k = argc > 2 ? atoi(argv[2]) : 1000, i;

	if (n < 1 || n > 10000 || k < 1) {
		fprintf(stderr, "usage: bench_schedule N(1..10000) K\n");
		return 2;
	}
	machine("-smp 1", NULL);
	for (i = 0; i < n; i++) {
		tasks[i].pid = i + 1;
		sim_cpu = 0;
		sched_fork(NULL, &tasks[i]);
		wake_up_new_task(&tasks[i]);
	}
	schedule();
	for (i = 0; i < k; i++)
		sched_yield();
	printf("%d\n", k + 1);
	return 0;
}
