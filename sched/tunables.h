/*
 * tunables.h - the 'tuning knobs' of the scheduler, all in one place.
 *
 * Each knob with its unit and where its number comes from. "D7" is Ingo
 * Molnar's sched-2.5.59-D7 HT scheduler patch (LKML, January 2003), "2.5.59"
 * the kernel it applies to, "article" the LWN article on the 2.5.59 NUMA
 * scheduler ("The new NUMA scheduler", LWN, 2003-01-22). Times are in ticks (HZ per
 * second, include/params.h); with HZ=1000 one tick is one millisecond.
 */
#ifndef SCHED_TUNABLES_H
#define SCHED_TUNABLES_H

#include "params.h"

/* Ticks in ms milliseconds, at least 1 (as 2.5.59's "HZ/1000 ?: 1"). */
#define MS_TO_TICKS(ms)	((ms) * HZ / 1000 ? (ms) * HZ / 1000 : 1)

/* ---- time slices -------------------------------------------------------- */

/* 10 ms: the slice of a nice +19 task. D7 (2.5.59: 10 ms). */
#define MIN_TIMESLICE		MS_TO_TICKS(10)
/* 200 ms: the slice of a nice -20 task; nice 0 gets 102 ms. D7 (2.5.59: 300). */
#define MAX_TIMESLICE		MS_TO_TICKS(200)

/* ---- interactivity ------------------------------------------------------ */

/* %: a forked child starts with this share of its parent's sleep_avg.
 * D7 (2.5.59: 95). */
#define CHILD_PENALTY		50
/* %: the parent keeps this share of its sleep_avg at fork. 2.5.59 and D7. */
#define PARENT_PENALTY		100
/* Weight of the parent's sleep_avg against an exiting CPU-hog child's:
 * parent = (parent * 3 + child) / 4. 2.5.59 and D7. */
#define EXIT_WEIGHT		3
/* %: sleep_avg moves the priority by at most this share of the 40 nice
 * levels, so by -5..+5 levels. 2.5.59 and D7. */
#define PRIO_BONUS_RATIO	25
/* Priority levels a nice 0 task must have earned above its static priority
 * to count as interactive (re-inserted into the active array when its slice
 * ends). 2.5.59 and D7. */
#define INTERACTIVE_DELTA	2
/* Ticks: the cap of sleep_avg, 10 s. A task must sleep this long (net of
 * running) to earn the full bonus. D7 (2.5.59: 2 s). */
#define MAX_SLEEP_AVG		(10 * HZ)
/* Ticks per runnable task: once the oldest expired task has waited
 * STARVATION_LIMIT * nr_running, interactive tasks go to the expired array
 * too, so the arrays swap. 30 s: D7 (2.5.59: 2 s). 0 turns it off. */
#define STARVATION_LIMIT	(30 * HZ)

/* 1: a sync wakeup (the waker is about to sleep, e.g. a pipe) moves the
 * wakee to the waker's CPU and does not preempt. D7. The sleep still
 * counts towards sleep_avg, as in 2.5.59 (D7 dropped it: sched/wakeup.c). */
#define SYNC_WAKEUPS		1
/* 1: a sync wakeup moves the wakee to the waker's CPU only when a CPU of
 * the waker's runqueue will be free for it once the waker sleeps, or, when
 * the wakee's own runqueue has no idle CPU for it, when the waker's is no
 * busier per CPU than its own: Linux's wake_affine() (wake_affine_idle(),
 * wake_affine_weight()) with task counts. D7: 0, always moved, so that a
 * task waking several in a row stacks them on its CPU for a balance tick
 * each (sched/wakeup.c, sync_pull_pays()). */
#define SYNC_PULL_CHECK		1
/* 1: a sync wakee queued on the waker's own runqueue is given to an idle
 * SMT sibling of the waker at once (D7's wake_up_cpu step 2). D7: 0, no
 * CPU asked after a sync wakeup; the sibling found it at its next tick. */
#define SYNC_KICK_SIBLING	1
/* 1: a forked child is queued just in front of its parent at the parent's
 * priority, so it runs as soon as the parent yields the CPU. D7. */
#define SMART_WAKE_CHILD	1

/* ---- load balancing ----------------------------------------------------- */

/* Ticks between intra-node balances of an idle CPU: 1 ms. Article, D7. */
#define IDLE_REBALANCE_TICK	MS_TO_TICKS(1)
/* Ticks between intra-node balances of a busy CPU: 200 ms. Article
 * (D7 uses HZ/4 = 250 ms). */
#define BUSY_REBALANCE_TICK	MS_TO_TICKS(200)
/* Ticks between inter-node balances of an idle CPU: 2 ms. Article. (The
 * 2.5.59 code counts balances instead: every NODE_BALANCE_RATE-th one,
 * an architecture constant, also looks at other nodes.) */
#define IDLE_NODE_REBALANCE_TICK MS_TO_TICKS(2)
/* Ticks between inter-node balances of a busy CPU: 400 ms. Article. */
#define BUSY_NODE_REBALANCE_TICK MS_TO_TICKS(400)

/*
 * %: a busy CPU pulls only from a runqueue whose load per CPU exceeds its
 * own by this much. 2.5.59's comment says "at least ~25% imbalance", but
 * its test (half the difference below a quarter of the busiest length)
 * wants nearly 2:1, which leaves 8 tasks beside 5 for good; read as a
 * ratio, like NODE_THRESHOLD, runqueues end within one task of each other.
 */
#define IMBALANCE_PCT		25
/* %: a node is balanced against only when its load per CPU exceeds this
 * node's by this ratio. The 125 is 2.5.59's NODE_THRESHOLD; 2.5.59 compares
 * the nodes' absolute loads (runnable tasks), this kernel their loads per
 * CPU, since its nodes may differ in size (this project's). */
#define NODE_THRESHOLD		125
/* Ticks a task stays cache-hot after it last ran: a busy balance leaves it
 * where it is. 2.5.59 computes cache_decay_ticks from the L2 size at boot;
 * 10 ms is the value it arrives at on 2003 machines (an assumption here). */
#define CACHE_DECAY_TICKS	MS_TO_TICKS(10)

/*
 * 1: an idle CPU also pulls from another node when a task there has waited
 * for an inter-node interval (2 ms) without its own node taking it,
 * whatever NODE_THRESHOLD says. Not in 2.5.59: with large nodes, or with
 * tasks pinned beside an idle CPU, the 125% rule can leave a CPU idle
 * beside a waiting task for good, a "wasted core" (Lozi et al., EuroSys
 * 2016), which sanity.c reports.
 */
#define NODE_IDLE_PULL		1

/*
 * Ticks an idle core must see the same kind of imbalance in another node
 * (a core running a task on each thread there, that node with no idle
 * core) before it pushes one over by active balancing: 100 ms. Not in D7,
 * which never pushes across nodes (this project's). It outlasts the time
 * a parent runs beside a new child while it copies its address space at
 * fork, so that "forked tasks stay on their node while it has idle CPUs"
 * holds; a lasting imbalance still ends within the 1 s smt_spread allows.
 */
#define ACTIVE_NODE_DELAY	MS_TO_TICKS(100)

/* ---- sizes and retries -------------------------------------------------- */

/* CPUs one runqueue serves at most: the SMT threads of one core. D7 calls
 * it MAX_NR_SIBLINGS, from CONFIG_NR_SIBLINGS (2 or 4, a build option);
 * 8 here covers every core x86 has shipped. Merging itself is a boot
 * option (`noshare` turns it off), where D7 had CONFIG_SHARE_RUNQUEUE. */
#define MAX_RQ_CPUS		8

/* Passes through schedule() sched_balance_exec() waits for its move
 * request to be served before it takes the request back and stays. One
 * serves it (balance.c says why); each further one serves a newer
 * request that replaced it (an affinity change). This project's: 2.5.59
 * asks once and does not look. */
#define EXEC_MOVE_WAITS		3

/* Ticks a queued task must have waited (since it last ran or was woken)
 * before the sanity checker counts it as waiting beside an idle CPU
 * (sanity.c, the wasted-core rule): two idle balance intervals, the time
 * an idle CPU needs to look twice. This project's, for its checker. */
#define WAIT_MIN		(2 * IDLE_REBALANCE_TICK)

/* ---- load arithmetic ---------------------------------------------------- */

/* Fixed-point unit of a load per CPU: a runqueue with as many runnable
 * tasks as CPUs has load LOAD_SCALE. Shared runqueues have several CPUs,
 * so loads are compared per CPU, not per runqueue as in 2.5.59. */
#define LOAD_SCALE		1024

#endif
