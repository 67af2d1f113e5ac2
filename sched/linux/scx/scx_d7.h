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
 * (docs/formats.md). The first three carry the teaching kernel's names:
 * they count the same events. The others are sched_ext's view of D7's
 * shared runqueue and HT-aware wakeup. */
enum d7_stat {
	D7_SWITCHES,		/* a task starts to run on this CPU */
	D7_LOCAL_MOVES_IN,	/* taken from another core's queue, same node */
	D7_NODE_MOVES_IN,	/* taken from a core's queue on another node */
	D7_USER_SWITCHES,	/* D7_SWITCHES of user tasks (not kthreads) */
	D7_SIBLING_PULLS,	/* taken from the own core's queue, queued
				 * for the other thread of the core */
	D7_KICKS,		/* woken by a kick when work arrived */
	D7_IDLE_CORE_PICKS,	/* select_cpu chose it: its core was idle */
	D7_IDLE_SIBLING_PICKS,	/* select_cpu chose it: idle, core busy */
	D7_FORK_PICKS,		/* select_cpu placed a new child here */
	D7_NR_STATS
};

#define D7_STAT_NAMES { "switches", "local_moves_in", "node_moves_in", \
	"user_switches", "sibling_pulls", "kicks", "idle_core_picks", \
	"idle_sibling_picks", "fork_picks" }

#endif
