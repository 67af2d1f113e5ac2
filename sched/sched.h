/*
 * sched.h - the O(1) scheduler: the scheduler's part of a task and the API.
 *
 * An O(1) scheduler in the style of Linux 2.5.59 with Ingo Molnar's HT patch
 * (sched-2.5.59-D7): 140 priority lists per array, an active and an expired
 * array per runqueue, runqueues shared by the SMT siblings of a core,
 * balancing inside a node every 1 ms (idle) / 200 ms (busy), between nodes
 * every 2 ms / 400 ms, placement at exec, and active balancing through
 * per-CPU migration threads.
 *
 * The code is portable and reaches the machine only through sched_arch.h,
 * so the same files run in the kernel and in the host simulator (sched/sim/).
 * The knobs are in tunables.h, the runqueue and its locking rules in
 * runqueue.h.
 *
 * Calling conventions: "this CPU" is arch_smp_processor_id(). Functions
 * take the locks they need and must be called with no runqueue lock held,
 * from task context unless noted; scheduler_tick() is called from the timer
 * interrupt. None of them allocate memory: the environment owns every
 * struct task_struct.
 */
#ifndef SCHED_SCHED_H
#define SCHED_SCHED_H

#include <stddef.h>
#include "params.h"
#include "cpumask.h"
#include "topology.h"
#include "list.h"
#include "sched_arch.h"
#include "tunables.h"

/* Priorities: 0..99 real time (lower is more important), 100..139 the nice
 * levels -20..19. The idle task has MAX_PRIO, below everything. */
#define MAX_USER_RT_PRIO	100
#define MAX_RT_PRIO		MAX_USER_RT_PRIO
#define MAX_PRIO		(MAX_RT_PRIO + 40)
#define MAX_USER_PRIO		(MAX_PRIO - MAX_RT_PRIO)

#define NICE_TO_PRIO(nice)	(MAX_RT_PRIO + (nice) + 20)
#define PRIO_TO_NICE(prio)	((prio) - MAX_RT_PRIO - 20)
#define TASK_NICE(p)		PRIO_TO_NICE((p)->static_prio)

/* Task states (p->state). Set by the task itself before it calls schedule()
 * to sleep; wake_up_process() sets TASK_RUNNING. */
#define TASK_RUNNING		0
#define TASK_INTERRUPTIBLE	1
#define TASK_UNINTERRUPTIBLE	2
#define TASK_ZOMBIE		4	/* exited: schedule() never returns */

/* Policies (p->policy): SCHED_NORMAL, SCHED_FIFO, SCHED_RR with Linux's
 * numbers, defined once for the kernel and user programs. */
#include "uapi/sched.h"

/* p->flags */
#define PF_IDLE			0x1	/* a CPU's idle task: never queued */
#define PF_KTHREAD		0x2	/* a kernel thread (migration thread) */

/* Why a task moved to another runqueue: the `why=` of a migrate trace
 * event and the per-CPU *_moves_in counters of the `stat:` line. */
enum sched_move {
	SCHED_MOVE_LOCAL,	/* load_balance() inside a node */
	SCHED_MOVE_NODE,	/* load_balance() between nodes */
	SCHED_MOVE_ACTIVE,	/* pushed by a migration thread (active balance) */
	SCHED_MOVE_EXEC,	/* placed by sched_balance_exec() */
	SCHED_MOVE_AFFINITY,	/* set_cpus_allowed() left its CPU */
	SCHED_MOVE_WAKE,	/* sync wakeup pulled it to the waker's CPU */
	SCHED_MOVE_NR
};
extern const char *const sched_move_name[SCHED_MOVE_NR];

/*
 * Scheduler events for arch_trace() (sched_arch.h), and what its arguments
 * mean. The `ev=` word of a trace line is sched_trace_name[ev] and the
 * line itself is sched_trace_format()'s (tests/trace/README.md).
 */
enum sched_trace_ev {
	SCHED_TRACE_SWITCH,	/* p next, a prev's pid, b prev's state letter
				 * (R S D X), schedule() */
	SCHED_TRACE_WAKEUP,	/* p woken, a target CPU, b sync */
	SCHED_TRACE_MIGRATE,	/* p, a from CPU, b to CPU, c enum sched_move */
	SCHED_TRACE_FORK,	/* p the child, a the parent's pid, b the CPU
				 * it is queued for (wake_up_new_task) */
	SCHED_TRACE_EXEC,	/* p, a the CPU sched_balance_exec() placed
				 * it on (it runs there as it returns) */
	SCHED_TRACE_EXIT,	/* p, before its last switch (prev_state X) */
	SCHED_TRACE_BALANCE,	/* p NULL, a tasks moved (0: a load_balance()
				 * pass that found a busier runqueue and moved
				 * nothing), b enum sched_move, c its CPU */
	SCHED_TRACE_NR
};
extern const char *const sched_trace_name[SCHED_TRACE_NR];

struct prio_array;

#ifndef SCHED_ENV_TASK_FIELDS
#define SCHED_ENV_TASK_FIELDS
#endif

/*
 * The scheduler's part of a task. A kernel either embeds it
 * (struct task { struct task_struct sched; ... } and container_of()), or
 * appends its own members through SCHED_ENV_TASK_FIELDS in sched_env.h.
 *
 * Locking: the fields below `state` are changed with the lock of the
 * task's runqueue (task_rq(p)) held, except where noted.
 */
struct task_struct {
	volatile long state;	/* TASK_*; written by the task itself, and
				 * by wakeups under the runqueue lock */
	int pid;		/* for logs and traces; set by the environment */
	unsigned int flags;	/* PF_* */
	volatile int need_resched; /* call schedule() at the next chance */
	/* Switched away by schedule_preempt() after setting a sleeping or
	 * dead state: it stays queued (PREEMPT_ACTIVE) and the sanity
	 * checker must not take it for a lost sleeper. Written under its
	 * runqueue's lock at each switch away from it. */
	int preempted;

	int prio;		/* dynamic priority: static_prio -/+ bonus */
	int static_prio;	/* from nice, or the RT priority */
	int policy;		/* SCHED_NORMAL, SCHED_FIFO, SCHED_RR */
	unsigned int rt_priority; /* 1..99 for FIFO and RR */
	unsigned long sleep_avg; /* ticks, 0..MAX_SLEEP_AVG: time slept, less
				  * time run; the interactivity bonus */
	unsigned long last_run;	/* tick it last left a CPU (cache heat, and
				 * the start of a sleep) */
	/* Tick it last joined a runqueue, woken or forked (task_waited()):
	 * read after it is queued, never before. A vCPU the host stops
	 * between a clock read and the enqueue (runqueue lock held) would
	 * otherwise date the task to before any other CPU could see it. */
	unsigned long last_queued;
	unsigned int time_slice; /* ticks left */
	int first_time_slice;	/* still on the slice it got at fork */

	struct prio_array *array; /* the array it is queued in, NULL if not */
	struct list_head run_list; /* its place in array->queue[prio] */
	cpumask_t cpus_allowed;	/* CPUs it may run on */
	int rq_bound;		/* counted in its runqueue's nr_bound */
	int rq_only;		/* counted in its runqueue's nr_only[rq_only]:
				 * the one slot of it that may run p, or -1 */
	int cpu;		/* CPU it runs on, or will run on next */
	int node;		/* home node: where its memory was placed
				 * (set by exec placement; informational) */

	/*
	 * A pending move by a migration thread (migration.c). migrate_dest
	 * is set from queue_migration() until migrate_now() has served the
	 * request under p's runqueue lock: while it is set, p is on a
	 * migration queue or in a migration thread's hands, and
	 * sched_task_inactive() keeps p from being freed. While p is on the
	 * queue of a CPU, its runqueue stays that CPU's (the queue's lock is
	 * p's runqueue lock): only the thread that takes it off moves it.
	 */
	struct list_head migration_list;
	int migrate_dest;	/* target CPU, -1 when none is pending */
	int migrate_why;	/* enum sched_move */
	/* Migration threads that took p off their queue and have not locked
	 * it again yet (migration.c): each keeps p alive, for its request
	 * may be served meanwhile by another migrate_now() (an affinity
	 * change), which clears migrate_dest. */
	int migrate_inflight;

	/* An exec placement in flight (exec.c, under its exec_lock): p
	 * counts on runqueue exec_dst, not exec_src, until it first moves. */
	int exec_placing;	/* 0 when none */
	int exec_src, exec_dst;	/* rq ids */

	/* The scheduler's list of every task it knows (tasks lock). */
	struct list_head tasks;
	/* The sanity checker's own note (sanity.c, all runqueue locks held):
	 * twice the epoch of its runqueue that has counted its slice, plus 1
	 * while it sits in that epoch's expired array; 0 none. A move to
	 * another runqueue clears it (move_queued_task()). */
	unsigned long sanity_epoch;
	unsigned int sanity_slice; /* its time_slice at the last check */
	unsigned long long sanity_curr; /* check serial << 16 | CPU: the last
					  * check that saw it current, where */

	SCHED_ENV_TASK_FIELDS
};

/* The CPU p runs on or will run on next. D7 writes it with set_task_cpu();
 * here p->cpu is assigned directly, under p's runqueue lock. */
static inline int task_cpu(const struct task_struct *p)
{
	return p->cpu;
}

static inline int rt_task(const struct task_struct *p)
{
	return p->prio < MAX_RT_PRIO;
}

/* ---- boot --------------------------------------------------------------- */

enum sched_balance_mode {
	SCHED_BALANCE_NUMA,	/* 2.5.59: inside nodes, rarely between them */
	SCHED_BALANCE_NODE,	/* inside nodes only; no exec placement */
	SCHED_BALANCE_GLOBAL,	/* every CPU in one domain (2.5.58 and before) */
};

struct sched_options {
	int share_smt;		/* one runqueue per core (default 1) */
	int test_ht;		/* no SMT: share CPUs 0 and 1 anyway (D7) */
	enum sched_balance_mode balance;
	int sanity_ticks;	/* debug: CPU 0 runs sched_sanity_check()
				 * every this many ticks (0: never) */
};

void sched_default_options(struct sched_options *o);

/*
 * Set up one runqueue per CPU of t (which must stay valid and unchanged),
 * then merge runqueues as o says: the SMT siblings of each core into the
 * runqueue of the lowest-numbered one, or CPUs 0 and 1 with test_ht on a
 * machine without SMT. Call once, on one CPU, before any task exists.
 */
void sched_init(const struct topology *t, const struct sched_options *o);

/* Merge cpu2's runqueue into cpu1's (D7). Before any task is queued. */
void sched_map_runqueue(int cpu1, int cpu2);

/* The runqueue CPU cpu uses, named by its lowest CPU (the `rq=` of the
 * topology report); sched_fill_rq_map() writes it into t->cpu[].rq. */
int sched_rq_of(int cpu);
void sched_fill_rq_map(struct topology *t);

/* The thread running on this CPU becomes its idle task (called on the CPU
 * itself, once, after sched_init). */
void sched_init_idle(struct task_struct *idle);

/* t becomes CPU cpu's migration thread: SCHED_FIFO, highest priority,
 * bound to cpu, asleep until needed. Its body is migration_thread_main(). */
void sched_init_migration_thread(int cpu, struct task_struct *t);

/* ---- task life ---------------------------------------------------------- */

/*
 * Fill in child's scheduler fields for a fork by parent, the current task
 * of this CPU (or NULL for a task the kernel creates itself: default
 * priority, full slice). The child is not runnable until wake_up_new_task().
 */
void sched_fork(struct task_struct *parent, struct task_struct *child);
/* Queue a new task on this CPU's runqueue (just in front of its parent).
 * A new task is started this way, never with wake_up_process(). */
void wake_up_new_task(struct task_struct *child);

/*
 * Exit accounting, once p is off every CPU for good (its state was
 * TASK_ZOMBIE and it has called schedule()): the parent gets back the
 * unused part of a first slice, and a hog child lowers the parent's
 * sleep_avg. parent may be NULL. p is forgotten by the scheduler.
 */
void sched_exit(struct task_struct *p, struct task_struct *parent);

/*
 * True when p is neither running nor queued, and no migration request for
 * it is queued or being served: safe to free. A reaper waits for it (it
 * takes p's runqueue lock; call it with no runqueue lock held).
 */
int sched_task_inactive(struct task_struct *p);

/*
 * Exec placement (2.5.59): before the new image is loaded, move the
 * current task to the least-loaded CPU of the least-loaded node. Returns
 * once the move is done (no migration request for the task is pending),
 * with the CPU the task runs on: its node is where the image belongs.
 * Called on the task's own stack (in the simulator too: sim_ctx_call()).
 */
int sched_balance_exec(void);

/* ---- the scheduler proper ----------------------------------------------- */

/* Pick the next task for this CPU and switch to it. A current task whose
 * state is not TASK_RUNNING leaves the runqueue (it sleeps, or exits). */
void schedule(void);
/* The same from an interrupt's return path (need_resched was set): the
 * current task stays queued whatever its state, since it was preempted,
 * not put to sleep. */
void schedule_preempt(void);
/* First thing a new task does (see arch_context_switch). */
void schedule_tail(void);
/* Timer interrupt, every tick, on every CPU. (2.5.59 passes whether the
 * tick came from user mode, for its time accounting, which this kernel does
 * not keep.) */
void scheduler_tick(void);

/* Wake p; sync: the waker is about to sleep (pipes). Returns 1 if p was
 * asleep. From task or interrupt context. */
int wake_up_process(struct task_struct *p, int sync);

void set_user_nice(struct task_struct *p, int nice);
/* Returns 0, or -1 for a bad policy or priority. */
int sched_setscheduler(struct task_struct *p, int policy, int rt_priority);
/* Returns 0, or -1 when mask holds no online CPU. The move (if p is
 * running or queued elsewhere) is done by a migration thread; if p is the
 * current task this schedules. */
int set_cpus_allowed(struct task_struct *p, cpumask_t mask);
/* Give up the CPU: a normal task goes to the expired array. */
void sched_yield(void);

/* Slice a task gets when its slice is refilled, in ticks. */
unsigned int task_timeslice(const struct task_struct *p);
/* Priority from static priority and sleep_avg (RT tasks: unchanged). */
int effective_prio(const struct task_struct *p);

/* ---- kernel threads ----------------------------------------------------- */

/* Body of CPU cpu's migration thread in the kernel: never returns. */
void migration_thread_main(int cpu);
/* One round of that body: serve the queue and any active balance, then
 * mark the thread asleep; the caller calls schedule(). The simulator calls
 * this when a migration thread gets the CPU. */
void migration_thread_run(void);

/* ---- state and statistics ----------------------------------------------- */

struct task_struct *sched_current(int cpu);
int idle_cpu(int cpu);
int task_curr(const struct task_struct *p);
/* Runnable tasks in the system; a shared runqueue counts once. */
unsigned long nr_running(void);
unsigned long nr_context_switches(void);

/*
 * Per-CPU counters (the `stat:` line, docs/formats.md). The moves are counted on the
 * CPU a task moved to. Written under that runqueue's lock (moves,
 * switches) or by the CPU itself (ticks); read without locks.
 */
struct sched_cpu_stat {
	unsigned long switches;
	unsigned long idle_ticks;
	unsigned long busy_ticks;
	unsigned long moves_in[SCHED_MOVE_NR];
	/* Ticks at a later jiffy than this CPU's previous tick: those at
	 * which balancing may be due (ticks delivered back to back, as a
	 * vCPU catches up, share a jiffy). The sanity checker's clock. */
	unsigned long jiffy_ticks;
	unsigned long last_tick_jiffy;
	unsigned long prev_tick_jiffy;	/* the jiffy of the tick before */
};
const struct sched_cpu_stat *sched_cpu_stat(int cpu);
/* "stat: cpu=3 switches=N exec_moves=N node_moves_in=N local_moves_in=N
 * active_moves_in=N idle_ticks=N busy_ticks=N wake_moves_in=N
 * affinity_moves_in=N" into buf (NUL-terminated). Returns its length. */
int sched_stat_format(int cpu, char *buf, size_t len);

/*
 * One `trace:` line (tests/trace/README.md, without a newline) into buf
 * (NUL-terminated); returns its length. The arguments are those of
 * arch_trace() plus the time, the recording CPU, p's pid and p's name
 * (NULL or "": no comm key). Lines that name no task for pid (balance)
 * print pid=0.
 */
int sched_trace_format(char *buf, size_t len, unsigned long long t_us,
		       int cpu, int ev, int pid, int a, int b, int c,
		       const char *comm);

/* ---- the sanity checker (sanity.c) --------------------------------------- */

/*
 * Check every whole-scheduler invariant, with all runqueue locks held, and
 * log each violation with the state that caused it. Returns the number of
 * violations found by this call. Time-based invariants (the "wasted cores"
 * rule) remember what they saw between calls, so call it often: after
 * every operation in the simulator, every tick in a debug kernel.
 */
int sched_sanity_check(void);
/* Forget the time-based state (a test starting over). */
void sched_sanity_reset(void);
/* Violations found since boot (or the last reset). */
unsigned long sched_sanity_violations(void);
/* Of them, wasted-core reports (rule 4 of sanity.c): for diagnostics. */
unsigned long sched_sanity_wasted(void);

#endif
