/*
 * runqueue.h - the scheduler's private data: priority arrays, runqueues
 * shared by SMT siblings, and the helpers the files of sched/ share.
 *
 * Not for use outside sched/ (the simulator's reports and the sanity tests
 * read it, read-only).
 */
#ifndef SCHED_RUNQUEUE_H
#define SCHED_RUNQUEUE_H

#include "sched.h"
#include "tunables.h"

/* One bit per priority, plus the delimiter bit MAX_PRIO that is always set
 * so that a search stops there (2.5.59). */
#define BITMAP_WORDS		((MAX_PRIO + 1 + BITS_PER_LONG - 1) / BITS_PER_LONG)

/* Read a value another CPU may change under its own lock (a heuristic). */
#define READ_ONCE(x)		(*(const volatile __typeof__(x) *)&(x))

/*
 * A priority array: one FIFO list per priority, a bitmap of the non-empty
 * lists, and the number of tasks queued. Picking the next task is a
 * find-first-bit over 140 bits and a list head: O(1) in the number of tasks.
 */
typedef struct prio_array {
	int nr_active;
	unsigned long bitmap[BITMAP_WORDS];
	struct list_head queue[MAX_PRIO];
	struct runqueue *rq;	/* the one it is an array of (array_rq()) */
} prio_array_t;

/*
 * What a runqueue keeps per CPU it serves (D7's cpu_t): a runqueue shared by
 * the SMT threads of a core has one slot per thread.
 */
struct cpu_slot {
	struct task_struct *curr;	/* running now (idle when nothing) */
	struct task_struct *idle;
	struct task_struct *migration_thread;
	struct list_head migration_queue; /* tasks to move, by migration_list */
	int active_balance;		/* this CPU's migration thread is to push
					 * a task to CPU active_balance_cpu (D7's
					 * cpu_active_balance(): one request per
					 * CPU, so the siblings
					 * of a busy core can each give one) */
	int active_balance_cpu;
	int cpu;			/* logical CPU number of this slot */
};

/*
 * The runqueue: one per core once SMT siblings are merged (one per CPU
 * without SMT). Runnable tasks, running ones included, sit in one of its
 * two arrays; a task whose slice ran out moves from active to expired, and
 * the arrays swap when active is empty.
 *
 * Locking rules:
 *  - lock protects every field below it, the arrays and their lists, the
 *    cpu[] slots, and the fields of each task queued here (task_struct:
 *    prio, time_slice, sleep_avg, array, run_list, cpu, migration_list).
 *  - A task's runqueue is cpu_rq(task_cpu(p)); take it with task_rq_lock(),
 *    which re-checks that the task did not move while it waited.
 *  - Two runqueues are always locked in address order, lower first
 *    (double_rq_lock, double_lock_balance); never three, except the sanity
 *    checker, which takes all of them in address order.
 *  - The tasks lock (the list of all tasks) nests inside runqueue locks.
 *  - Taken with interrupts off: scheduler_tick() takes this lock from the
 *    timer interrupt.
 *  - schedule() holds this CPU's runqueue lock across arch_context_switch();
 *    the task switched to releases it (schedule_tail for a new task).
 *  - Read without the lock, as estimates only: nr_running (balancing,
 *    and the waker's runqueue in a sync wakeup's choice), nr_load (exec
 *    placement) and cpu[].curr (idle_cpu(), wakeup choices). Every
 *    decision taken on such a read is re-checked under the lock, or (exec
 *    placement) taken under exec_lock, which the changes it must see whole
 *    are made under (exec.c), or (a sync wakeup) only chooses between two
 *    runqueues either of which is right to queue on.
 *  - nr_cpus, node, id and the cpu[].cpu/idle/migration_thread pointers
 *    are set at boot (sched_init, sched_map_runqueue, sched_init_idle) and
 *    only read afterwards.
 */
typedef struct runqueue {
	arch_spinlock_t lock;
	unsigned long nr_running;	/* queued tasks, running ones included */
	unsigned long nr_switches;
	long nr_uninterruptible;	/* may go negative here, sums right */
	unsigned long expired_timestamp; /* tick the oldest expired task
					  * expired; 0 when expired is empty */
	prio_array_t *active, *expired, arrays[2];
	int prev_rq_load[NR_CPUS];	/* load of each runqueue at this one's
					 * last balance (by runqueue id) */
	int prev_node_load[MAX_NODES];	/* decaying node loads, ditto */
	unsigned long nr_starving;	/* times EXPIRED_STARVING fired */
	/*
	 * Of nr_running, the tasks no other runqueue may take: their
	 * cpus_allowed holds only CPUs of this one (each says so in
	 * p->rq_bound, set when it joins and changed with its affinity).
	 * Balancing skips a runqueue whose waiting tasks are all bound
	 * (rq_movable() in balance.c): pulling walks the queue under its
	 * lock, and a walk over thousands of pinned hogs, by every idle CPU
	 * at every tick, would hold the lock so long that its own CPU hardly
	 * runs.
	 */
	unsigned long nr_bound;
	/*
	 * Of nr_running, the tasks only the CPU of slot i of this runqueue
	 * may run (p->rq_only == i). An idle sibling of a shared runqueue
	 * looks for work only when some queued task is not another
	 * sibling's alone (rq_may_have_work_for(), core.c): D7's search
	 * walks every task pinned to a sibling, and at every tick of the
	 * idle one (make bench's O(1) row, 10 000 hogs pinned to CPU 7 of
	 * a core: CPU 6's walks held their runqueue's lock for seconds).
	 */
	unsigned long nr_only[MAX_RQ_CPUS];
	/*
	 * Of nr_running, the tasks that are load (task_is_load()): all but
	 * the migration threads. Changed with nr_running (nr_running_inc(),
	 * nr_running_dec(), load_move()), together with its node's
	 * node_nr_load[]. Read unlocked by exec placement, to choose a
	 * runqueue inside the node it chose.
	 */
	unsigned long nr_load;

	/* Set at boot, read-only afterwards. */
	cpumask_t span;			/* the CPUs it serves */
	int id;				/* lowest CPU number it serves */
	int node;
	int nr_cpus;			/* CPUs sharing it (D7 rq_nr_cpus()) */
	struct cpu_slot cpu[MAX_RQ_CPUS];
} runqueue_t;

/* ---- runqueue.c: the runqueues, their maps and their locks -------------- */

extern runqueue_t runqueues[NR_CPUS];
extern int rq_idx_map[NR_CPUS];		/* CPU -> runqueue (D7 __rq_idx) */
extern int cpu_idx_map[NR_CPUS];	/* CPU -> slot in it (D7 __cpu_idx) */
extern const struct topology *sched_topo;
extern struct sched_options sched_opts;

/*
 * The load of each node: its runqueues' nr_load summed (2.5.59's
 * node_nr_running[], less the migration threads). Exec placement reads
 * it to choose a node: one read per node, where a sum over the node's
 * runqueues, read one after the other, would count a task moving between
 * two of them twice or not at all.
 *
 * Who writes it: whoever changes a runqueue's nr_load, under that
 * runqueue's lock, so two runqueues of a node update it at once: every
 * access is atomic (node_load_add(), node_load_read()). A move between
 * two nodes changes two counters; it is made under exec_lock
 * (exec.c, exec_moved()), under which placement reads them, so a
 * decision never sees a move half made. A move inside a node leaves it
 * alone.
 */
extern long node_nr_load[MAX_NODES];

static inline void node_load_add(int node, long d)
{
	__atomic_add_fetch(&node_nr_load[node], d, __ATOMIC_RELAXED);
}

static inline long node_load_read(int node)
{
	return __atomic_load_n(&node_nr_load[node], __ATOMIC_RELAXED);
}

/*
 * Whether p counts as load where it is queued (rq->nr_load,
 * node_nr_load[]): every task but the migration threads (PF_KTHREAD).
 * A migration thread is bound to its CPU, runs for the moment a request
 * takes and sleeps again; counted, the one that a placement's own request
 * woke made its node look one task busier to the next placement. Fixed
 * at sched_init_migration_thread(), before the thread is first queued.
 */
static inline int task_is_load(const struct task_struct *p)
{
	return !(p->flags & PF_KTHREAD);
}

#define rq_idx(c)		(rq_idx_map[(c)])
#define cpu_idx(c)		(cpu_idx_map[(c)])
#define cpu_rq(c)		(&runqueues[rq_idx(c)])
#define cpu_slot(c)		(&cpu_rq(c)->cpu[cpu_idx(c)])
#define cpu_curr(c)		(cpu_slot(c)->curr)	/* D7 cpu_curr_ptr */
#define cpu_idle(c)		(cpu_slot(c)->idle)	/* D7 cpu_idle_ptr */
#define this_rq()		cpu_rq(arch_smp_processor_id())
#define task_rq(p)		cpu_rq(task_cpu(p))
#define current_task()		cpu_curr(arch_smp_processor_id())
#define for_each_sibling(idx, rq) \
	for ((idx) = 0; (idx) < (rq)->nr_cpus; (idx)++)

static inline int nr_cpus_online(void)
{
	return sched_topo->ncpus;
}

static inline int cpu_to_node(int cpu)
{
	return sched_topo->cpu[cpu].node;
}

/* The CPUs of cpu's balancing domain: its node, or all CPUs in
 * SCHED_BALANCE_GLOBAL mode. */
cpumask_t balance_domain(int cpu);
/* The runqueue with id i is in use (a CPU maps to it). */
int rq_in_use(int id);
#define for_each_rq(rq) \
	for ((rq) = runqueues; (rq) < runqueues + nr_cpus_online(); (rq)++) \
		if (rq_in_use((int)((rq) - runqueues)))

static inline int task_allowed(const struct task_struct *p, int cpu)
{
	return cpu_isset(cpu, p->cpus_allowed);
}

/*
 * cpu may pick p to run: p allows it, and no migration request for p is
 * pending, or cpu is p's own CPU. The request sits with the migration
 * thread of p's CPU, which is woken with it and runs first there; a
 * sibling that ran p meanwhile would make the request chase p from CPU
 * to CPU, and an exec placement would then lay out its image on the node
 * it was leaving.
 */
static inline int task_may_run_on(const struct task_struct *p, int cpu)
{
	return task_allowed(p, cpu) && (p->migrate_dest < 0 || p->cpu == cpu);
}

/* p is the current task of the CPU it belongs to. */
static inline int task_running(const struct task_struct *p)
{
	return cpu_curr(task_cpu(p)) == p;
}

/*
 * Ticks from then to now, for a then stamped on any CPU. Each CPU reads its
 * own clock (arch_jiffies), and two CPUs' readings may differ by a tick or
 * more: a then another CPU stamped a little "in the future" is 0 ticks ago,
 * not ULONG_MAX (the difference is taken signed, as Linux's time_after()
 * does). Every difference of ticks read on two CPUs goes through here.
 */
static inline unsigned long ticks_since(unsigned long now, unsigned long then)
{
	long d = (long)(now - then);

	return d > 0 ? (unsigned long)d : 0;
}

/*
 * Ticks p, queued, has waited for a CPU: since it last left one or since it
 * was last woken, whichever is later. A task woken a moment ago after a
 * long sleep has not waited, however long ago it last ran.
 */
static inline unsigned long task_waited(const struct task_struct *p,
					unsigned long now)
{
	unsigned long ran = ticks_since(now, p->last_run);
	unsigned long queued = ticks_since(now, p->last_queued);

	return ran < queued ? ran : queued;
}

runqueue_t *task_rq_lock(struct task_struct *p, unsigned long *flags);
void task_rq_unlock(runqueue_t *rq, unsigned long flags);
void double_rq_lock(runqueue_t *a, runqueue_t *b);
void double_rq_unlock(runqueue_t *a, runqueue_t *b);
/* this_rq held; take busiest too, in address order (may drop this_rq). */
void double_lock_balance(runqueue_t *this_rq, runqueue_t *busiest);

/* p joins or leaves rq's nr_running (rq held), and its load with it
 * (nr_load, node_nr_load[]): 2.5.59's nr_running_inc()/nr_running_dec(). */
void nr_running_inc(runqueue_t *rq, const struct task_struct *p);
void nr_running_dec(runqueue_t *rq, const struct task_struct *p);
/* p's load goes from src to dst (both held); node_nr_load[] changes only
 * between nodes, and then only under exec_lock (exec_moved() calls it). */
void load_move(const struct task_struct *p, runqueue_t *src, runqueue_t *dst);
void __activate_task(struct task_struct *p, runqueue_t *rq);
void deactivate_task(struct task_struct *p, runqueue_t *rq);
/* p joins rq (its lock held), after nr_running counts it: nr_bound counts
 * it if only rq's CPUs may run it. The calls above do it themselves. */
void rq_bound_join(struct task_struct *p, runqueue_t *rq);
/* p's cpus_allowed changed (rq, its runqueue, held): recount nr_bound. */
void rq_affinity_changed(struct task_struct *p, runqueue_t *rq);
/* Take p off src (not running, queued) and queue it on dst for CPU cpu;
 * both locks held. Counts and traces the move. */
void move_queued_task(struct task_struct *p, runqueue_t *src, runqueue_t *dst,
		      int cpu, enum sched_move why);

/* ---- prio_array.c ------------------------------------------------------- */

void prio_array_init(prio_array_t *array, runqueue_t *rq);
void enqueue_task(struct task_struct *p, prio_array_t *array);
void dequeue_task(struct task_struct *p, prio_array_t *array);
/*
 * The most important non-empty priority, or MAX_PRIO (the delimiter).
 * Inline and unrolled, a test a word, as 2.5.59's (asm-i386/bitops.h):
 * every pick starts here, and a nice-0 task's bit is in the fourth word.
 */
static inline int sched_find_first_bit(const unsigned long *bitmap)
{
	int word;

#pragma GCC unroll 8
	for (word = 0; word < BITMAP_WORDS; word++)
		if (bitmap[word])
			return word * BITS_PER_LONG + __builtin_ctzl(bitmap[word]);
	return MAX_PRIO;
}
/* First set bit at or after offset (MAX_PRIO when none before it). */
int find_next_bit(const unsigned long *bitmap, int size, int offset);

/* ---- core.c ------------------------------------------------------------- */

extern arch_spinlock_t tasks_lock;
extern struct list_head all_tasks;
void activate_task(struct task_struct *p, runqueue_t *rq);
/* rq (held) has a queued task cpu could run now. */
int rq_has_work_for(runqueue_t *rq, int cpu);
/* p earned enough bonus to go back to the active array when its slice
 * ends (the sanity checker's waiting bound depends on it too). */
int task_interactive(const struct task_struct *p);
/* sched_yield() (core.c) requeues the current task with this, under the
 * lock hold of its pick. */
void yield_requeue(struct task_struct *p, runqueue_t *rq, unsigned long now);

/* ---- wakeup.c ----------------------------------------------------------- */

void resched_task(struct task_struct *p);
/* An idle, unclaimed thread of rq other than this_cpu that p may run, or
 * NULL (core.c; rq held). */
struct cpu_slot *idle_sibling_for(runqueue_t *rq, int this_cpu,
				  const struct task_struct *p);
/* p was just queued on rq for cpu: run it on an idle CPU of rq, or preempt
 * the least important task it may replace (D7 wake_up_cpu). rq held. */
void wake_up_cpu(runqueue_t *rq, int cpu, struct task_struct *p);

/* ---- balance.c ---------------------------------------------------------- */

/* p (queued) may run on an idle CPU of its runqueue's node: that node
 * balances it itself, no other node steps in (runqueue locks not needed:
 * an estimate for the balancer, exact for the sanity checker, which holds
 * them all). */
int task_has_idle_home(const struct task_struct *p);
/* Reset the balancers' state (sched_init). */
void balance_init(void);
/* Online CPUs of node. */
int node_ncpus(int node);

/* ---- exec.c ------------------------------------------------------------- */

/* Reset exec placement's state (balance_init). */
void exec_init(void);
/* p, reserved by an exec placement, runs where it was sent, or gave up:
 * drop the reservation. Takes exec_lock (a leaf: runqueue locks may be
 * held). */
void exec_placed(struct task_struct *p);
/* p moves from src to dst (both runqueue locks held): its load moves
 * (load_move()) and, if an exec placement reserved it, its reservation:
 * on the destination's node the reservation is over; elsewhere (a
 * balancer took it first) it now leaves from dst. One step under
 * exec_lock, which it takes, so placement sees the move whole;
 * move_queued_task() calls it for moves between nodes and for tasks with
 * a reservation. */
void exec_moved(struct task_struct *p, runqueue_t *src, runqueue_t *dst);

/* ---- balance.c, continued ------------------------------------------------ */

/* Called from scheduler_tick() without locks held. */
void rebalance_tick(int this_cpu, int idle);
/*
 * Pull tasks from the busiest runqueue among the CPUs of mask into this_rq
 * (held) for this_cpu. idle: pull one task, ignore cache heat and the 25%
 * rule. Returns the number of tasks moved.
 */
int load_balance(runqueue_t *this_rq, int this_cpu, int idle, cpumask_t mask,
		 enum sched_move why);

/* ---- migration.c -------------------------------------------------------- */

/* Queue a move of p (rq held) to dest; returns the migration thread to
 * wake once rq is unlocked. */
struct task_struct *queue_migration(runqueue_t *rq, struct task_struct *p,
				    int dest, enum sched_move why);
/* Idle this_cpu asks a core running several tasks to push one over. No
 * lock held. Returns the migration thread to wake, or NULL. */
struct task_struct *active_load_balance(int this_cpu);
/* Reset active balancing's per-CPU state (balance_init). */
void active_balance_init(void);

/* ---- stats.c ------------------------------------------------------------ */

extern struct sched_cpu_stat sched_stats[NR_CPUS];

/* ---- assertions --------------------------------------------------------- */

/* Say the invariant out loud: SCHED_BUG_ON(cond, "what broke", ...). */
#define SCHED_BUG_ON(cond, fmt, ...)					\
	do {								\
		if (__builtin_expect(!!(cond), 0))			\
			arch_sched_panic("sched: %s:%d: " fmt,		\
					 __FILE__, __LINE__, ##__VA_ARGS__); \
	} while (0)

/*
 * The lock rules above, checked where they are relied on: this CPU holds
 * rq's lock, with interrupts off (arch_spin_held). A function whose comment
 * says "rq held" starts with this, so a change that breaks a rule panics
 * naming the lock and the function, in the kernel and the simulator alike.
 */
/* A trace event, the call made only while the environment traces
 * (sched_arch.h): with tracing off a switch or a wakeup pays one load and
 * one branch for it. */
#define sched_trace(ev, p, a, b, c)					\
	do {								\
		if (arch_trace_enabled())				\
			arch_trace((ev), (p), (a), (b), (c));		\
	} while (0)

#define assert_rq_held(rq)						\
	SCHED_BUG_ON(!arch_spin_held(&(rq)->lock),			\
		     "%s() needs the lock of runqueue %d held by CPU %d " \
		     "with interrupts off", __func__, (rq)->id,		\
		     arch_smp_processor_id())

/* The runqueue a priority array belongs to, for the lock assertion of
 * every enqueue and dequeue: kept in the array, where finding it from the
 * array's address would be a division by sizeof(runqueue_t) each time. */
static inline runqueue_t *array_rq(const prio_array_t *array)
{
	return array->rq;
}

#endif
