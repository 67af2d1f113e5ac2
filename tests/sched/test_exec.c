/*
 * test_exec.c - exec placement as the kernel runs it: sched_balance_exec()
 * blocks in schedule() on the task's own stack (sched/sim/ctx.h) until a
 * CPU runs it again, and its reservation (exec_in/exec_out, exec.c)
 * lasts exactly that long, so a second exec meanwhile sees the first.
 */
#include <string.h>
#include "harness.h"
#include "ctx.h"

/* Three nodes of two CPUs. */
#define NUMA3	"-M q35 -m 768M -smp 6,sockets=3,cores=2,threads=1 " \
		"-object memory-backend-ram,id=m0,size=256M " \
		"-object memory-backend-ram,id=m1,size=256M " \
		"-object memory-backend-ram,id=m2,size=256M " \
		"-numa node,nodeid=0,cpus=0-1,memdev=m0 " \
		"-numa node,nodeid=1,cpus=2-3,memdev=m1 " \
		"-numa node,nodeid=2,cpus=4-5,memdev=m2"

struct exec_call {
	struct task_struct *p;
	int dest;		/* what sched_balance_exec() returned */
	int returned_on;	/* the CPU it returned on */
	int curr_at_return;	/* p was that CPU's current task */
	int placing_at_return;
	int done;
};

static void exec_fn(void *arg)
{
	struct exec_call *e = arg;

	e->dest = sched_balance_exec();
	e->returned_on = sim_cpu;
	e->curr_at_return = cpu_curr(sim_cpu) == e->p;
	e->placing_at_return = e->p->exec_placing;
	e->done = 1;
}

static void test_exec_blocks_until_moved(void)
{
	struct exec_call a = { 0 }, b = { 0 };
	struct task_struct *pa, *pb;
	enum sim_ctx_end end;
	int i;

	machine(NUMA3, NULL);
	/* Node 0 holds three tasks per CPU; nodes 1 and 2 are idle. */
	for (i = 0; i < 3; i++) {
		spawn(0, 0);
		spawn(1, 0);
	}
	settle();
	pa = a.p = cpu_curr(0);
	pb = b.p = cpu_curr(1);

	sim_cpu = 0;
	end = sim_ctx_call(pa, exec_fn, &a);
	CHECK(end == SIM_CTX_SWITCHED && !a.done && !task_running(pa) &&
	      (cpu_curr(0)->flags & PF_KTHREAD),
	      "exec_blocks_in_schedule", "end=%d done=%d curr0=%d", end, a.done,
	      cpu_curr(0)->pid);
	CHECK(pa->exec_placing && cpu_to_node(a.p->exec_dst) == 1 &&
	      sim_ctx_in_kernel(pa), "exec_reservation_held_while_blocked",
	      "placing=%d dst=%d", pa->exec_placing, pa->exec_dst);

	/* A second exec on node 0 before the first task moved: the first
	 * one's reservation counts on node 1, so this one takes node 2. */
	sim_cpu = 1;
	end = sim_ctx_call(pb, exec_fn, &b);
	CHECK(end == SIM_CTX_SWITCHED && pb->exec_placing &&
	      cpu_to_node(pb->exec_dst) == 2, "second_exec_sees_reservation",
	      "end=%d placing=%d dst=%d", end, pb->exec_placing, pb->exec_dst);

	settle();
	CHECK(a.done && b.done, "exec_returns_once_run_again",
	      "a=%d b=%d", a.done, b.done);
	CHECK(a.returned_on == a.dest && b.returned_on == b.dest &&
	      a.curr_at_return && b.curr_at_return &&
	      cpu_to_node(a.dest) == 1 && cpu_to_node(b.dest) == 2,
	      "exec_returns_on_its_destination",
	      "a: dest %d on %d curr %d; b: dest %d on %d curr %d", a.dest,
	      a.returned_on, a.curr_at_return, b.dest, b.returned_on,
	      b.curr_at_return);
	CHECK(!a.placing_at_return && !b.placing_at_return &&
	      !pa->exec_placing && !pb->exec_placing && !sim_ctx_in_kernel(pa) &&
	      !sim_ctx_in_kernel(pb), "exec_reservation_over_on_arrival",
	      "a=%d b=%d", a.placing_at_return, b.placing_at_return);
	CHECK(sched_sanity_check() == 0 && sched_sanity_violations() == 0,
	      "exec_blocking_sane", "%s", sim_last_log);
}

void test_exec(void)
{
	test_exec_blocks_until_moved();
}
