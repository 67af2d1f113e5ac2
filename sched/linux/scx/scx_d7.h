/* SPDX-License-Identifier: GPL-2.0 */
/*
 * scx_d7.h - what scx_d7.bpf.c and its loader scx_d7.c share: the sizes
 * of the topology tables and the per-CPU counters.
 *
 * The sizes are the teaching kernel's (include/params.h), as are the
 * tunables (sched/tunables.h) the BPF side includes.
 */
#ifndef SCX_D7_H
#define SCX_D7_H

#include "params.h"

/* Per-CPU counters, printed by the loader as `stat:` lines
 * (docs/formats.md). The first four carry the teaching kernel's names:
 * they count the same events. The others are sched_ext's view of D7's
 * shared runqueue and HT-aware wakeup. */
enum d7_stat {
	D7_SWITCHES,		/* a task starts to run on this CPU */
	D7_LOCAL_MOVES_IN,	/* taken from another core's queue, same node */
	D7_NODE_MOVES_IN,	/* taken from a core's queue on another node */
	D7_ACTIVE_MOVES_IN,	/* pushed here, a fully idle core, off a core
				 * whose other thread was busy (D7's active
				 * balancing) */
	D7_USER_SWITCHES,	/* D7_SWITCHES of user tasks (not kthreads) */
	D7_SIBLING_PULLS,	/* taken from the own core's queue, queued
				 * for the other thread of the core */
	D7_KICKS,		/* woken by a kick when work arrived */
	D7_IDLE_CORE_PICKS,	/* select_cpu chose it: its core was idle */
	D7_IDLE_SIBLING_PICKS,	/* select_cpu chose it: idle, core busy */
	D7_FORK_PICKS,		/* select_cpu placed a new child here */
	D7_NR_STATS
};

/*
 * A fault the loader's -x asks the BPF side for, to test the failure
 * paths (tests/parity/scx.sh); D7_FAULT_NONE in every run that measures
 * scx_d7. The verifier prunes the branches of the faults not asked for:
 * `fault` is read-only data, known when the program is loaded.
 */
enum d7_fault {
	D7_FAULT_NONE,
	D7_FAULT_REJECT,	/* an out-of-bounds store: the verifier refuses */
	D7_FAULT_STALL,		/* user tasks other than the loader's are
				 * queued where no CPU looks: the watchdog
				 * ejects the scheduler */
};

/* The queue nobody dispatches from (D7_FAULT_STALL); core queues are
 * 0 .. nr_queues - 1. */
#define D7_STALL_DSQ	NR_CPUS

#define D7_STAT_NAMES { "switches", "local_moves_in", "node_moves_in", \
	"active_moves_in", "user_switches", "sibling_pulls", "kicks", "idle_core_picks", \
	"idle_sibling_picks", "fork_picks" }

#endif
