/*
 * sched_env.h - the simulator's side of the seam's types (see sched_arch.h).
 *
 * A simulated spinlock is no lock at all (one host thread runs every
 * simulated CPU) but a record that lets sim/arch.c check the locking rules
 * on every call: no lock taken twice, none taken with interrupts on, the
 * class and address order of sched_arch.h, nothing held between operations.
 */
#ifndef SCHED_SIM_ENV_H
#define SCHED_SIM_ENV_H

typedef struct {
	int owner;		/* simulated CPU holding it, -1 when free */
	int cls;		/* enum sched_lock_class */
	unsigned long taken;	/* times acquired */
	unsigned long held_at;	/* sim_counts.scans when taken (count.c) */
} arch_spinlock_t;

/* The simulator embeds struct task_struct in its own struct sim_task; a
 * task's kernel stack, while one is in use, is ctx.c's (ctx.h). */
struct sim_ctx;
#define SCHED_ENV_TASK_FIELDS	struct sim_ctx *sim_ctx;

/* The simulator counts and writes every event (sim/arch.c, arch_trace). */
#define arch_trace_enabled()	1

#endif
