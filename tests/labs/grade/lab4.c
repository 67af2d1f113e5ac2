/*
 * lab4.c - the visible checks of lab 4 (docs/lab4-exec.md): does
 * sched_best_cpu() send an exec to the least loaded node, and there to
 * its least loaded core?
 *
 * The task execs on its own stack, as in the kernel: sched_balance_exec()
 * blocks in schedule() until the migration thread has moved it, and
 * returns on the CPU it goes on on (sched/sim/ctx.c).
 */
#include "grade.h"

/* Node 0 runs three tasks beside p, node 1 nothing: p goes to node 1. */
static int least_loaded_node(void)
{
	struct task_struct *p;
	int dest, i;

	machine(NUMA2, NULL);
	for (i = 0; i < 3; i++)
		spawn(i, 0);
	p = spawn(3, 0);
	settle();
	dest = exec_of(p, 3);
	return verdict(dest >= 0 && cpu_to_node(dest) == 1 &&
		       task_cpu(p) == dest && cpu_curr(dest) == p,
		       "returned on CPU %d, runs on CPU %d", dest, task_cpu(p));
}

/* Node 0 full, node 1's first core (CPUs 4-5) busy: p goes to the
 * second core of node 1 (CPUs 6-7), on an idle CPU. */
static int least_loaded_core(void)
{
	struct task_struct *p;
	int dest, i;

	machine(NUMA2, NULL);
	for (i = 0; i < 3; i++)
		spawn(i, 0);
	spawn(4, 0);
	spawn(5, 0);
	p = spawn(3, 0);
	settle();
	dest = exec_of(p, 3);
	return verdict(dest == 6 || dest == 7, "returned on CPU %d", dest);
}

const struct check grade_lab4_visible[] = {
	{ "least_loaded_node", 2, least_loaded_node },
	{ "least_loaded_core", 2, least_loaded_core },
	{ NULL, 0, NULL }
};
