/*
 * uapi/schedstat.h - what schedstat(what, buf, len) fills in, for the
 * shell's `top`, `ps`, `rq` and `schedstat` commands.
 *
 * The kernel writes an array of one record type, as many as fit in len,
 * and returns how many it wrote. A snapshot is taken without stopping the
 * scheduler: records of different CPUs may be a few ticks apart.
 *
 * Layout rule: fixed-width fields only, 64-bit fields at offsets that are
 * multiples of 8 and sizes that are multiples of 8, so the structures are
 * the same for i386 (the kernel, user/) and x86-64 (host tests); the sizes
 * are checked below.
 */
#ifndef UAPI_SCHEDSTAT_H
#define UAPI_SCHEDSTAT_H

#include <stdint.h>
#include "uapi/syscall.h"
#include "uapi/sched.h"

/* what */
#define SCHEDSTAT_SUMMARY	0	/* one struct schedstat_summary */
#define SCHEDSTAT_CPUS		1	/* struct schedstat_cpu per online CPU */
#define SCHEDSTAT_RQS		2	/* struct schedstat_rq per runqueue */
#define SCHEDSTAT_TASKS		3	/* struct schedstat_task per task */

/* The whole system. */
struct schedstat_summary {
	uint64_t uptime_us;	/* since boot */
	uint64_t switches;	/* context switches, all CPUs */
	uint32_t hz;		/* ticks per second (params.h HZ) */
	uint32_t nr_cpus;	/* online CPUs */
	uint32_t nr_nodes;
	uint32_t nr_rqs;	/* runqueues (fewer than CPUs when shared) */
	uint32_t nr_tasks;	/* tasks that exist, zombies included */
	uint32_t nr_running;	/* runnable tasks (sched nr_running()) */
	uint32_t free_pages;	/* 4 KiB pages free, every node (kernel/pmm.h) */
	uint32_t total_pages;	/* 4 KiB pages the allocator manages */
};

/*
 * One CPU: the `stat:` line of shared/DESIGN.md plus what it runs. Ticks
 * and moves count since boot; moves are counted on the CPU a task moved to.
 */
struct schedstat_cpu {
	uint32_t cpu;
	uint32_t node;
	uint32_t rq;		/* its runqueue: lowest CPU sharing it */
	int32_t curr_pid;	/* task on the CPU now (0: the idle task) */
	uint32_t idle;		/* 1 when running its idle task */
	uint32_t switches;
	uint32_t exec_moves;	/* sched_balance_exec() placed a task here */
	uint32_t node_moves_in;	/* load_balance() between nodes */
	uint32_t local_moves_in; /* load_balance() inside the node */
	uint32_t active_moves_in; /* pushed by a migration thread */
	uint32_t wake_moves_in;	/* sync wakeup pulled a task here */
	uint32_t affinity_moves_in; /* set_cpus_allowed() moved one here */
	uint32_t idle_ticks;
	uint32_t busy_ticks;
};

/* Priorities 0..139 (sched/sched.h MAX_PRIO): 0..99 real time, 100..139
 * nice -20..19. The kernel checks SCHEDSTAT_NR_PRIO == MAX_PRIO. */
#define SCHEDSTAT_NR_PRIO	140
#define SCHEDSTAT_PRIO_WORDS	((SCHEDSTAT_NR_PRIO + 31) / 32)

/*
 * One runqueue: its two priority arrays in a compact form. Bit p of
 * *_bitmap is set when queue p is not empty, and *_count[p] says how many
 * tasks it holds; best_* is the first set bit, or SCHEDSTAT_NR_PRIO when
 * the array is empty.
 */
struct schedstat_rq {
	cpumask_u cpus;		/* CPUs sharing it */
	uint32_t index;		/* its number: the `rq=` of topo */
	int32_t curr_pid[2];	/* what two of its CPUs run (-1: none); see cpus */
	uint32_t nr_running;	/* queued + running, idle tasks excluded */
	uint32_t nr_active;
	uint32_t nr_expired;
	uint32_t best_active;
	uint32_t best_expired;
	uint32_t expired_timestamp; /* tick the first task expired, 0: none */
	uint32_t nr_cpus;	/* bits set in cpus */
	uint32_t active_bitmap[SCHEDSTAT_PRIO_WORDS];
	uint32_t expired_bitmap[SCHEDSTAT_PRIO_WORDS];
	uint16_t active_count[SCHEDSTAT_NR_PRIO];
	uint16_t expired_count[SCHEDSTAT_NR_PRIO];
};

/* Task states, as ps shows them. */
#define SCHEDSTAT_TASK_RUNNING	'R'	/* on a CPU or queued */
#define SCHEDSTAT_TASK_SLEEPING	'S'	/* interruptible sleep */
#define SCHEDSTAT_TASK_BLOCKED	'D'	/* uninterruptible sleep */
#define SCHEDSTAT_TASK_ZOMBIE	'Z'	/* exited, not reaped */

/* flags */
#define SCHEDSTAT_TASK_ONCPU	0x1	/* running on .cpu right now */
#define SCHEDSTAT_TASK_KTHREAD	0x2	/* a kernel thread */
#define SCHEDSTAT_TASK_IDLE	0x4	/* a CPU's idle task */

/* One task (idle tasks and kernel threads included, flagged). */
struct schedstat_task {
	cpumask_u cpus_allowed;	/* the CPUs it may run on */
	int32_t pid;
	int32_t ppid;		/* 0 for kernel threads and init */
	uint32_t state;		/* SCHEDSTAT_TASK_* letter */
	uint32_t flags;		/* SCHEDSTAT_TASK_ONCPU ... */
	uint32_t policy;	/* SCHED_NORMAL, SCHED_FIFO, SCHED_RR */
	uint32_t rt_priority;	/* 1..99 for FIFO and RR, else 0 */
	uint32_t prio;		/* dynamic priority 0..139 */
	uint32_t static_prio;	/* from nice: 120 + nice */
	uint32_t sleep_avg;	/* ticks (interactivity bonus) */
	uint32_t time_slice;	/* ticks left */
	uint32_t cpu;		/* the CPU it runs or last ran on */
	uint32_t node;		/* home node */
	uint32_t rq;		/* runqueue of cpu */
	uint32_t run_ticks;	/* ticks it has run, user and kernel */
	char name[TASK_COMM_LEN]; /* last component of the exec path */
};

/* Sizes on i386 and x86-64 alike (see the layout rule above). */
#define SCHEDSTAT_ASSERT(c, m)	_Static_assert(c, m)
SCHEDSTAT_ASSERT(sizeof(struct schedstat_summary) == 48, "summary layout");
SCHEDSTAT_ASSERT(sizeof(struct schedstat_cpu) == 56, "cpu layout");
SCHEDSTAT_ASSERT(NR_CPUS % 64 == 0 && sizeof(cpumask_u) == NR_CPUS / 8,
		 "cpumask_u: whole 64-bit words");
SCHEDSTAT_ASSERT(sizeof(struct schedstat_rq) == 640 + NR_CPUS / 8, "rq layout");
SCHEDSTAT_ASSERT(sizeof(struct schedstat_task) == 72 + NR_CPUS / 8, "task layout");

#endif
