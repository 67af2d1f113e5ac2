// SPDX-License-Identifier: GPL-2.0
/*
 * scx_d7.bpf.c - the teaching kernel's policy as a sched_ext scheduler:
 * sched-2.5.59-D7's shared runqueue per core and HT-aware wakeup, with
 * the 2.5.59 NUMA scheduler's rule that an idle CPU looks at other nodes
 * only every NODE_BALANCE_RATE-th time.
 *
 *   queues    one dispatch queue (DSQ) per physical core, which its SMT
 *             threads share: a task queued on a core runs on whichever
 *             thread is free first (D7's shared runqueue)
 *   wakeup    select_cpu prefers a fully idle core of the task's node,
 *             then its previous CPU if idle, then an idle thread of a
 *             busy core of the node; a forked child goes the same way
 *             (SCX_WAKE_FORK), so children stay on their parent's node
 *   kick      enqueue wakes the chosen CPU, or an idle sibling when the
 *             chosen one is busy (D7's wakeup kick), or an idle CPU of
 *             the node, else of another node, that then pulls the task
 *             (idle balancing)
 *   push      a task whose core's other thread is busy, while a core of
 *             its node is fully idle, is ended at the next tick and goes
 *             to that core (D7's active balancing)
 *   dispatch  the own core's queue; then the other cores of the node;
 *             then nodes without an idle CPU, on every
 *             NODE_BALANCE_RATE-th try only
 *
 * The loader (scx_d7.c) reads the topology from sysfs and fills the
 * read-only tables below before loading: 6.12 has no topology kfunc.
 */
#include <scx/common.bpf.h>
#include "tunables.h"
#include "scx_d7.h"

char _license[] SEC("license") = "GPL";

/* 2.5.59 counts idle balances and looks at other nodes on every
 * NODE_BALANCE_RATE-th; tunables.h gives the same rule as two intervals
 * (intra-node and inter-node), so the rate is their ratio. */
#define NODE_BALANCE_RATE	(IDLE_NODE_REBALANCE_TICK / IDLE_REBALANCE_TICK)

/* include/linux/sched.h: the task is a kernel thread. */
#define PF_KTHREAD		0x00200000

/* Filled by the loader. cpu_queue[] is the core's index (or the CPU's
 * own with -p: one queue per CPU, D7 without its shared runqueue). */
const volatile u32 nr_cpus = 1;
const volatile u32 nr_queues = 1;
const volatile u32 cpu_queue[NR_CPUS];
const volatile u32 cpu_node[NR_CPUS];
const volatile u32 queue_node[NR_CPUS];
/* enum d7_fault (scx_d7.h), and the loader's process, which a stall spares. */
const volatile u32 fault = D7_FAULT_NONE;
const volatile s32 loader_tgid;

/* Read by the loader after the run: stats[cpu][enum d7_stat]. */
u64 stats[NR_CPUS][D7_NR_STATS];

/* Where each CPU's last successful dispatch took a task from, for
 * running() to count the move. */
enum { FROM_NONE, FROM_OWN, FROM_NODE, FROM_REMOTE };
static u8 took_from[NR_CPUS];
/* Dispatch attempts of each CPU that found its node without work. */
static u32 node_tries[NR_CPUS];

/* The CPU a task was queued for (its core's queue), -1 once it runs;
 * claimed: select_cpu took that CPU's idle bit for it, so enqueue must
 * wake that CPU. */
struct task_ctx {
	s32 queued_cpu;
	bool claimed;
};

struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct task_ctx);
} task_ctxs SEC(".maps");

UEI_DEFINE(uei);

static void stat_inc(s32 cpu, enum d7_stat s)
{
	if ((u32)cpu < NR_CPUS && s < D7_NR_STATS)
		__sync_fetch_and_add(&stats[cpu][s], 1);
}

static u32 queue_of(s32 cpu)
{
	return (u32)cpu < NR_CPUS ? cpu_queue[cpu] : 0;
}

static u32 node_of(s32 cpu)
{
	return (u32)cpu < NR_CPUS ? cpu_node[cpu] : 0;
}

/*
 * An idle CPU of @node that @p may run on, claimed (its idle bit
 * cleared), or -1. @whole_core: only CPUs whose every sibling is idle
 * (the idle SMT mask), as scx_bpf_pick_idle_cpu() with SCX_PICK_IDLE_CORE
 * does over a whole cpumask; this scan keeps the pick inside the node.
 */
static s32 pick_idle_in_node(struct task_struct *p, u32 node, bool whole_core)
{
	const struct cpumask *idle;
	s32 found = -1;
	u32 c;

	idle = whole_core ? scx_bpf_get_idle_smtmask() : scx_bpf_get_idle_cpumask();
	bpf_for(c, 0, nr_cpus) {
		if (c >= NR_CPUS)
			break;
		if (cpu_node[c] != node || !bpf_cpumask_test_cpu(c, idle) ||
		    !bpf_cpumask_test_cpu(c, p->cpus_ptr))
			continue;
		if (scx_bpf_test_and_clear_cpu_idle(c)) {
			found = c;
			break;
		}
	}
	scx_bpf_put_idle_cpumask(idle);
	return found;
}

s32 BPF_STRUCT_OPS(d7_select_cpu, struct task_struct *p, s32 prev_cpu,
		   u64 wake_flags)
{
	u32 node = node_of(prev_cpu);
	struct task_ctx *tctx;
	bool claimed = true;
	s32 cpu;

	cpu = pick_idle_in_node(p, node, true);
	if (cpu >= 0) {
		stat_inc(cpu, D7_IDLE_CORE_PICKS);
		goto out;
	}
	if (bpf_cpumask_test_cpu(prev_cpu, p->cpus_ptr) &&
	    scx_bpf_test_and_clear_cpu_idle(prev_cpu)) {
		cpu = prev_cpu;
		stat_inc(cpu, D7_IDLE_SIBLING_PICKS);
		goto out;
	}
	cpu = pick_idle_in_node(p, node, false);
	if (cpu >= 0) {
		stat_inc(cpu, D7_IDLE_SIBLING_PICKS);
		goto out;
	}
	/* Nothing idle on the node: stay, queued on the previous core. */
	cpu = prev_cpu;
	claimed = false;
out:
	if (wake_flags & SCX_WAKE_FORK)
		stat_inc(cpu, D7_FORK_PICKS);
	tctx = bpf_task_storage_get(&task_ctxs, p, 0,
				    BPF_LOCAL_STORAGE_GET_F_CREATE);
	if (tctx)
		tctx->claimed = claimed;
	return cpu;
}

/* Whether a thread of @cpu's core other than @cpu runs something. */
static bool sibling_busy(s32 cpu)
{
	const struct cpumask *idle = scx_bpf_get_idle_cpumask();
	u32 q = queue_of(cpu), c;
	bool busy = false;

	bpf_for(c, 0, nr_cpus) {
		if (c >= NR_CPUS)
			break;
		if (c != (u32)cpu && cpu_queue[c] == q && !bpf_cpumask_test_cpu(c, idle)) {
			busy = true;
			break;
		}
	}
	scx_bpf_put_idle_cpumask(idle);
	return busy;
}

/* Whether @node has a fully idle core @p may run on (not claimed). */
static bool node_has_idle_core(struct task_struct *p, u32 node)
{
	const struct cpumask *idle = scx_bpf_get_idle_smtmask();
	bool found = false;
	u32 c;

	bpf_for(c, 0, nr_cpus) {
		if (c >= NR_CPUS)
			break;
		if (cpu_node[c] == node && bpf_cpumask_test_cpu(c, idle) &&
		    bpf_cpumask_test_cpu(c, p->cpus_ptr)) {
			found = true;
			break;
		}
	}
	scx_bpf_put_idle_cpumask(idle);
	return found;
}

/* Wake @cpu if it is idle; true if it was. */
static bool kick_if_idle(s32 cpu, const struct cpumask *idle)
{
	if (!bpf_cpumask_test_cpu(cpu, idle))
		return false;
	scx_bpf_kick_cpu(cpu, SCX_KICK_IDLE);
	stat_inc(cpu, D7_KICKS);
	return true;
}

/*
 * The task goes on its CPU's core queue; a thread of that core that is
 * idle is woken to take it. With the whole core busy, an idle CPU
 * elsewhere is woken, and its dispatch pulls the task over (under the
 * node rule): sched_ext has no periodic idle balance to do it.
 */
void BPF_STRUCT_OPS(d7_enqueue, struct task_struct *p, u64 enq_flags)
{
	s32 cpu = scx_bpf_task_cpu(p), other;
	u32 q = queue_of(cpu), c;
	const struct cpumask *idle;
	struct task_ctx *tctx;
	bool woken = false;

	if (fault == D7_FAULT_STALL && !(p->flags & PF_KTHREAD) && p->tgid != loader_tgid) {
		scx_bpf_dispatch(p, D7_STALL_DSQ, SCX_SLICE_DFL, enq_flags);
		return;
	}
	tctx = bpf_task_storage_get(&task_ctxs, p, 0,
				    BPF_LOCAL_STORAGE_GET_F_CREATE);
	/*
	 * D7's active balancing: never two threads of one core busy while
	 * a core of the node idles. A task that select_cpu did not place
	 * (a slice ended, d7_tick ended it, a preemption) and whose core's
	 * other thread is busy goes to a fully idle core of its node.
	 */
	if (!(tctx && tctx->claimed) && p->nr_cpus_allowed > 1 && sibling_busy(cpu)) {
		other = pick_idle_in_node(p, node_of(cpu), true);
		if (other >= 0) {
			if (tctx)
				tctx->queued_cpu = other;
			scx_bpf_dispatch(p, queue_of(other), SCX_SLICE_DFL, enq_flags);
			scx_bpf_kick_cpu(other, SCX_KICK_IDLE);
			stat_inc(other, D7_ACTIVE_MOVES_IN);
			return;
		}
	}
	if (tctx)
		tctx->queued_cpu = cpu;
	scx_bpf_dispatch(p, q, SCX_SLICE_DFL, enq_flags);

	if (tctx && tctx->claimed) {
		tctx->claimed = false;
		scx_bpf_kick_cpu(cpu, SCX_KICK_IDLE);
		stat_inc(cpu, D7_KICKS);
		return;
	}
	idle = scx_bpf_get_idle_cpumask();
	woken = kick_if_idle(cpu, idle);
	bpf_for(c, 0, nr_cpus) {
		if (woken || c >= NR_CPUS)
			break;
		if (c != cpu && cpu_queue[c] == q)
			woken = kick_if_idle(c, idle);
	}
	scx_bpf_put_idle_cpumask(idle);
	if (woken)
		return;
	/* The node first (2.5.59 balances inside a node every time), then
	 * anywhere: the woken CPU's dispatch applies the node rule. */
	other = pick_idle_in_node(p, node_of(cpu), false);
	if (other < 0)
		other = scx_bpf_pick_idle_cpu(p->cpus_ptr, SCX_PICK_IDLE_CORE);
	if (other < 0)
		other = scx_bpf_pick_idle_cpu(p->cpus_ptr, 0);
	if (other >= 0) {
		scx_bpf_kick_cpu(other, SCX_KICK_IDLE);
		stat_inc(other, D7_KICKS);
	}
}

/* Take a task from queue @q into this CPU's local queue. */
static bool take(s32 cpu, u32 q, u8 from)
{
	if (!scx_bpf_consume(q))
		return false;
	if ((u32)cpu < NR_CPUS)
		took_from[cpu] = from;
	return true;
}

/*
 * Which nodes have an idle CPU: an idle CPU takes from another node's
 * queues only where that node has none (2.5.59 balances across nodes
 * only toward an overloaded one). A task queued for an idle CPU of its
 * own node, about to run there, stays.
 */
static void idle_nodes(bool *has_idle)
{
	const struct cpumask *idle = scx_bpf_get_idle_cpumask();
	u32 c, n;

	bpf_for(c, 0, nr_cpus) {
		if (c >= NR_CPUS)
			break;
		n = cpu_node[c];
		if (n < MAX_NODES && bpf_cpumask_test_cpu(c, idle))
			has_idle[n] = true;
	}
	scx_bpf_put_idle_cpumask(idle);
}

/* Queue @q is on another node than @node, one without an idle CPU. */
static bool remote_busy(u32 q, u32 node, const bool *has_idle)
{
	u32 n = queue_node[q];

	return n != node && n < MAX_NODES && !has_idle[n];
}

void BPF_STRUCT_OPS(d7_dispatch, s32 cpu, struct task_struct *prev)
{
	u32 own = queue_of(cpu), node = node_of(cpu), q;
	bool has_idle[MAX_NODES] = {};
	u64 waiting = 0;

	if (take(cpu, own, FROM_OWN))
		return;
	bpf_for(q, 0, nr_queues) {
		if (q >= NR_CPUS)
			break;
		if (q != own && queue_node[q] == node && take(cpu, q, FROM_NODE))
			return;
	}
	if ((u32)cpu >= NR_CPUS)
		return;
	idle_nodes(has_idle);
	if (++node_tries[cpu] % NODE_BALANCE_RATE) {
		/* Not this time: try again once idle, if there is work. */
		bpf_for(q, 0, nr_queues) {
			if (q >= NR_CPUS)
				break;
			if (remote_busy(q, node, has_idle))
				waiting += scx_bpf_dsq_nr_queued(q);
		}
		if (waiting)
			scx_bpf_kick_cpu(cpu, SCX_KICK_IDLE);
		return;
	}
	bpf_for(q, 0, nr_queues) {
		if (q >= NR_CPUS)
			break;
		if (remote_busy(q, node, has_idle) && take(cpu, q, FROM_REMOTE))
			return;
	}
}

/* Count the switch, and the move if the task came from elsewhere. */
void BPF_STRUCT_OPS(d7_running, struct task_struct *p)
{
	s32 cpu = scx_bpf_task_cpu(p);
	struct task_ctx *tctx;
	u8 from;

	if ((u32)cpu >= NR_CPUS)
		return;
	stat_inc(cpu, D7_SWITCHES);
	if (!(p->flags & PF_KTHREAD))
		stat_inc(cpu, D7_USER_SWITCHES);
	from = took_from[cpu];
	took_from[cpu] = FROM_NONE;
	tctx = bpf_task_storage_get(&task_ctxs, p, 0, 0);
	if (!tctx || tctx->queued_cpu < 0)
		return;
	if (tctx->queued_cpu != cpu) {
		if (from == FROM_OWN)
			stat_inc(cpu, D7_SIBLING_PULLS);
		else if (from == FROM_NODE)
			stat_inc(cpu, D7_LOCAL_MOVES_IN);
		else if (from == FROM_REMOTE)
			stat_inc(cpu, D7_NODE_MOVES_IN);
	}
	tctx->queued_cpu = -1;
}

/*
 * D7's active balancing, from the tick: a task sharing its core with
 * another busy thread while its node has a fully idle core ends its slice
 * now; enqueue then sends it to that core.
 */
void BPF_STRUCT_OPS(d7_tick, struct task_struct *p)
{
	s32 cpu = scx_bpf_task_cpu(p);

	if (p->nr_cpus_allowed > 1 && sibling_busy(cpu) && node_has_idle_core(p, node_of(cpu)))
		p->scx.slice = 0;
}

s32 BPF_STRUCT_OPS_SLEEPABLE(d7_init)
{
	u32 q;
	s32 ret;

	bpf_for(q, 0, nr_queues) {
		if (q >= NR_CPUS)
			break;
		ret = scx_bpf_create_dsq(q, -1);
		if (ret)
			return ret;
	}
	if (fault == D7_FAULT_STALL)
		return scx_bpf_create_dsq(D7_STALL_DSQ, -1);
	if (fault == D7_FAULT_REJECT) {
		/* An index the program never bounds: stats[] is NR_CPUS long. */
		u32 cpu = bpf_get_prandom_u32();

		stats[cpu][D7_SWITCHES] = 1;
	}
	return 0;
}

/* Set when user space unregistered the scheduler (the loader's clean
 * exit), not the kernel (an error, the watchdog) nor SysRq. */
bool unregistered;

/*
 * The exit's kind and code, as UEI_RECORD() records them, but not its
 * strings: UEI_RECORD() copies them with bpf_probe_read_kernel_str(),
 * which libbpf rewrites into bpf_probe_read_str(), a helper struct_ops
 * programs may not call, when its feature probe fails, and that probe
 * loads a tracepoint program, which needs CONFIG_BPF_EVENTS (not in the
 * companion's config). The kernel logs the reason itself.
 */
void BPF_STRUCT_OPS(d7_exit, struct scx_exit_info *ei)
{
	unregistered = ei->kind == SCX_EXIT_UNREG;
	uei.exit_code = ei->exit_code;
	__sync_val_compare_and_swap(&uei.kind, uei.kind, ei->kind);
}

SCX_OPS_DEFINE(d7_ops,
	       .select_cpu	= (void *)d7_select_cpu,
	       .enqueue		= (void *)d7_enqueue,
	       .dispatch	= (void *)d7_dispatch,
	       .running		= (void *)d7_running,
	       .tick		= (void *)d7_tick,
	       .init		= (void *)d7_init,
	       .exit		= (void *)d7_exit,
	       .name		= "d7");
