/*
 * lab4.c - the held-back checks of lab 4 (docs/lab4-exec.md): an exec
 * stays home when home is the lighter node, and never goes where its
 * affinity forbids. Left out of the handouts (tests/labs/handout.sh).
 */
#include "grade.h"

/* Node 1 runs three tasks, p is alone on node 0: it stays on node 0. */
static int stays_on_lighter_home(void)
{
	struct task_struct *p;
	int dest, i;

	machine(NUMA2, NULL);
	for (i = 4; i < 7; i++)
		spawn(i, 0);
	p = spawn(1, 0);
	settle();
	dest = exec_of(p, 1);
	return verdict(dest >= 0 && cpu_to_node(dest) == 0,
		       "returned on CPU %d", dest);
}

/* p and one task on node 0, one task on node 1: without p, the nodes
 * are equal, and a tie stays home. A body that counts p where it runs
 * sees node 0 busier and moves it for nothing. */
static int not_counted_where_it_runs(void)
{
	struct task_struct *p;
	int dest;

	machine(NUMA2, NULL);
	spawn(0, 0);
	spawn(4, 0);
	p = spawn(2, 0);
	settle();
	dest = exec_of(p, 2);
	return verdict(dest >= 0 && cpu_to_node(dest) == 0,
		       "returned on CPU %d", dest);
}

/* p shares core 0 (CPUs 0-1) with another task, node 1 is idle, but p
 * may run on CPUs 0-3 only: it goes to node 0's idle core (CPUs 2-3). */
static int affinity_respected(void)
{
	struct task_struct *p;
	int dest, i;
	cpumask_t mask = CPU_MASK_NONE;

	machine(NUMA2, NULL);
	spawn(0, 0);
	p = spawn(1, 0);
	for (i = 0; i < 4; i++)
		cpu_set(i, mask);
	settle();
	set_cpus_allowed(p, mask);
	settle();
	i = task_cpu(p);
	if (cpu_curr(i) != p)
		return verdict(0, "p does not run (CPU %d runs pid %d)", i,
			       cpu_curr(i)->pid);
	dest = exec_of(p, i);
	return verdict(dest == 2 || dest == 3, "from CPU %d, returned on CPU %d",
		       i, dest);
}

const struct check grade_lab4_held[] = {
	{ "stays_on_lighter_home", 1, stays_on_lighter_home },
	{ "not_counted_where_it_runs", 1, not_counted_where_it_runs },
	{ "affinity_respected", 2, affinity_respected },
	{ NULL, 0, NULL }
};
