/*
 * harness.h - a small machine for the scheduler's unit tests.
 *
 * The unit tests call sched/ directly, playing each CPU by hand through
 * the simulator's seam (sched/sim/arch.c): set the CPU, call, look at the
 * runqueues. TAP output: one "ok N name" line per check group.
 */
#ifndef TESTS_SCHED_HARNESS_H
#define TESTS_SCHED_HARNESS_H

#include "runqueue.h"
#include "arch.h"

extern struct topology topo;

/* Boot sched/ on the machine the QEMU arguments describe. */
void machine(const char *qemu_args, const struct sched_options *opts);
/* A new SCHED_NORMAL task made by the "kernel" on cpu, queued. */
struct task_struct *spawn(int cpu, int nice);
/* A task made but not queued yet (for tests that queue it themselves). */
struct task_struct *new_task(int cpu);
/* schedule() on cpu, then let any migration thread it switched to run. */
void run_schedule(int cpu);
/* scheduler_tick() on cpu at the current time. */
void tick(int cpu);
/* Every CPU with need_resched (or a pending IPI) schedules. */
void settle(void);
/* Advance time by n ticks: each tick, every CPU ticks then settles. */
void advance(int n);
/* The current task of cpu sleeps (state, then schedule). */
void sleep_current(int cpu);

/* p, current on cpu, execs: sched_balance_exec() on p's own stack, as in
 * the kernel (it blocks in schedule() until the move is served), then
 * everything settles. The CPU it returned on, -1 if it never did. */
int exec_of(struct task_struct *p, int cpu);

/* TAP */
void check(int cond, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int tap_done(void);

#define CHECK(cond, name, ...) check(!!(cond), name, __VA_ARGS__)

#endif
