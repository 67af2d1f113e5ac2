/*
 * task.h - the kernel's tasks: kernel threads and user processes.
 *
 * A struct task embeds the scheduler's struct task_struct (sched/sched.h)
 * first, so the two convert with task_of()/&t->s. Each task owns a kernel
 * stack (KSTACK_SIZE, allocated on the node the task starts on, its lowest
 * word STACK_END_MAGIC), and a process also owns an address space (mm.h).
 *
 * Life: task_create() -> sched_fork() + wake_up_new_task() -> runs ->
 * task_exit() sets TASK_ZOMBIE and schedules for the last time; the CPU
 * that switches away from it frees its address space once it has released
 * the runqueue lock (task_finish_switch, task_drop_dead_mm: D7's prev_mm,
 * nothing may free the page directory a CPU still runs on), and whoever
 * waits for it (waitpid, task_reap) frees the stack and the struct once
 * on_cpu is 0 and no migration request for it is in flight
 * (sched_task_inactive()).
 *
 * Preemption: a task is preempted when it returns to user mode (from an
 * interrupt or a system call) with need_resched set, and at explicit
 * points (schedule(), cond_resched(), sleeping). Kernel code is preempted
 * at interrupt return only in tasks marked preemptible (idle tasks and the
 * test hogs, which hold no lock and touch no per-CPU data), since the rest
 * of the kernel takes spinlocks without turning interrupts off.
 *
 * Locking: task_table_lock (taken with interrupts off) protects the pid
 * table (task.c), the family links (parent, children, sibling, slot) and
 * exit_status/reaping; a task's own fields (files, mm) are used only by the
 * task itself, except by the reaper after it is off every CPU.
 */
#ifndef KERNEL_TASK_H
#define KERNEL_TASK_H

#include <stdint.h>
#include "fpu.h"
#include "percpu.h"
#include "sched.h"
#include "uapi/errno.h"
#include "uapi/syscall.h"
#include "wait.h"

/* 16 KiB blocks: 12 KiB of stack over a guard page (paging.h,
 * kstack_alloc), like the CPUs' boot stacks. */
#define KSTACK_ORDER	2
#define KSTACK_SIZE	((4096u << KSTACK_ORDER) - 4096u)
/* Pid table slots (all tasks): kernel threads are cheap (a 16 KiB stack),
 * and the in-kernel O(1) benchmark runs 10 000 of them (bench_o1.c); the
 * user-level one (user/bench/o1rows.h) 10 000 processes. */
#define MAX_TASKS	12288
/*
 * User processes alive at once (zombies count): past the limit fork() says
 * -EAGAIN, which is what stops a fork bomb. A forked child costs 8 pages,
 * PROC_COST (16 KiB kernel stack, page directory, two page tables, the
 * stack page it writes; user/tests/cowcheck's fork_1000 measures it), so
 * the boot limit's 1100 take 35 MiB, a quarter of the smallest shape of
 * tests/topologies (`up`, 128 MiB): the bomb meets -EAGAIN before memory
 * runs out. An exec'd program maps its whole image and 64 KiB of stack
 * (about 130 KiB); 1100 of those would need 140 MiB, and on `up` fork()
 * says -ENOMEM first, which the fork bomb test accepts too.
 *
 * proclimit() (uapi/syscall.h) changes the limit at run time, as Linux's
 * kernel.threads-max does: make bench raises it for its 10 000 hogs. It
 * can go up to PROC_LIMIT_MAX, which leaves pid slots for the kernel's
 * threads (two per CPU and the tests'), and to as many processes at
 * PROC_COST as half of the machine's memory holds.
 */
#define PROC_LIMIT_DEFAULT	1100
#define PROC_LIMIT_MIN		16		/* init, sh and a pipeline still fit */
#define PROC_LIMIT_MAX		(MAX_TASKS - 512)
#define PROC_COST		(32u << 10)	/* bytes a forked child costs: task, stacks, tables */

struct mm;
struct file;
struct trap_frame;

struct task {
	struct task_struct s;		/* the scheduler's part: first */
	uint32_t esp;			/* kernel esp while switched out */
	uintptr_t kstack;		/* lowest address of its kernel stack */
	volatile int on_cpu;		/* a CPU still runs on its stack */
	int preemptible;		/* see "Preemption" above */
	uint32_t cr3;			/* page directory it runs on */
	struct mm *mm;			/* NULL for kernel threads */
	struct task *parent;		/* NULL for kernel threads and for
					 * orphans init cannot take;
					 * task_table_lock's */
	struct list_head children;	/* its children, linked by sibling,
					 * from listing (task_alloc_pid) to
					 * freeing; task_table_lock's */
	struct list_head sibling;	/* in parent->children */
	int slot;			/* in task_table, -1: not listed */
	int is_proc;			/* a user process (counts to the limit) */
	int exit_status;		/* waitpid() status word */
	volatile int killed;		/* kill(): exit at the next user return */
	volatile int reaped;
	unsigned long run_ticks;	/* ticks it was on a CPU */
	uint64_t wake_at;		/* sleep deadline (jiffies), 0: none */
	struct list_head timer_node;	/* in the sleep list while sleeping */
	struct wait_queue child_exit;	/* waitpid() sleeps here until a child
					 * exits; task_table_lock's (exit.c) */
	struct file *files[MAX_FDS];
	struct trap_frame *uframe;	/* its user registers (syscall/fork) */
	struct fpu fpu;			/* its x87/MMX registers (fpu.h) */
	char name[TASK_COMM_LEN];
};

#define task_of(p)	((struct task *)(p))

/* The task running on this CPU (percpu current). Inline: every system
 * call and every scheduler entry asks. */
static inline struct task *this_task(void)
{
	return this_cpu()->current;
}

/* Set up scheduling on the boot CPU (after topology_init) and on every AP:
 * runqueues, idle tasks, migration threads, the tick (sched_glue.c). */
void sched_setup(void);

/* A new kernel thread running fn(arg), started (runnable) on this CPU's
 * runqueue, or NULL (no memory / table full). Its priority and affinity are
 * the kernel's defaults; change them before or after with the sched API. */
struct task *kthread_run(const char *name, int (*fn)(void *), void *arg);
/* The same, not yet started: kthread_start_task() makes it runnable. */
struct task *kthread_create(const char *name, int (*fn)(void *), void *arg);
void kthread_start_task(struct task *t);

/* Wait until t (a kernel thread nobody else waits for) has exited, free it,
 * and return its exit value. */
int task_reap(struct task *t);

/* End the calling task with a waitpid() status word. */
void task_exit(int status) __attribute__((noreturn));

/* Sleep at least ms milliseconds (0: just yield). Task context. */
void msleep(unsigned int ms);
/* Sleep until wake_up_process() or the deadline (jiffies; 0: none). */
void sleep_until(uint64_t deadline);
/* The same for a caller that set its state to TASK_INTERRUPTIBLE itself,
 * before its last look at what it waits for (a wakeup in between makes
 * it runnable again, and this returns at once). */
void schedule_until(uint64_t deadline);

/* A preemption point for long kernel loops. */
void cond_resched(void);

/* CPU cpu's idle task (pid 0, not in the pid table). */
struct task *task_idle(int cpu);

/* A task by pid, or NULL. Caller holds task_table_lock (asserted). */
struct task *task_find(int pid);
extern struct spinlock task_table_lock;
extern struct task *task_table[MAX_TASKS];
/* A pid and a slot for t, and t among t->parent's children (if it has a
 * parent); -EAGAIN when full. task_free() undoes it. */
int task_alloc_pid(struct task *t);
/* The user process limit: limit 0 only reads it, else it becomes limit.
 * Returns the limit in force, or -EINVAL outside [PROC_LIMIT_MIN, the
 * largest this machine allows] (see PROC_LIMIT_DEFAULT). */
int task_proc_limit(int limit);

/* Internal: the fresh task's stack, switch frame and pid (task.c). */
struct task *task_alloc(const char *name, int node);
void task_free(struct task *t);
/* Internal: t's first switch lands in fn(arg), as a kernel thread. */
void kthread_frame(struct task *t, int (*fn)(void *), void *arg);
/* From the tick (sched_glue.c): wake every sleeper whose deadline passed. */
void task_wake_sleepers(void);

/* After a switch, under the runqueue lock: take a zombie's address space
 * for task_drop_dead_mm() and mark the task off the CPU (on_cpu 0). */
void task_finish_switch(void);
/* After the runqueue lock is released (arch_finish_switch): free it. */
void task_drop_dead_mm(void);

/* The boot CPU enters its idle loop (after kmain). */
void sched_idle_loop(void) __attribute__((noreturn));

#endif
