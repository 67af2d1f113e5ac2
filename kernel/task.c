/*
 * task.c - kernel tasks: creation, the pid table, idle tasks and migration
 * threads, the tick, sleeping, exit and reaping. See task.h for the rules.
 */
#include "task.h"
#include "cmdline.h"
#include "cpu.h"
#include "cputopo.h"
#include "heap.h"
#include "idle.h"
#include "mm.h"
#include "numa.h"
#include "panic.h"
#include "paging.h"
#include "pmm.h"
#include "printk.h"
#include "smp.h"
#include "string.h"
#include "timer.h"
#include "file.h"
#include "proc.h"

void kthread_start(void);			/* switch.asm */
extern struct task *switch_prev[NR_CPUS];	/* sched_glue.c */

/*
 * The pid table. Everything here is task_table_lock's (interrupts off):
 *   task_table[]   the slots of all tasks but the idle ones, t->slot its
 *                  index (listings walk it, sys_sched.c)
 *   free_slot[]    the slots freed since, a stack; slots_used the
 *                  slots ever handed out (the rest were never used)
 *   pid_map        one bit a pid: in use, or pid 0 and 1, which are never
 *                  handed out by the search (pid 1 is init's alone)
 *   pid_task[]     the task of each pid in use (task_find())
 * so giving out, finding and freeing a pid cost no walk of the table.
 */
#define PID_MAX		32768		/* pids are 1..PID_MAX - 1 */
#define PID_WORDS	(PID_MAX / 32)

_Static_assert(MAX_TASKS < PID_MAX - 2, "a free slot always has a free pid");

struct spinlock task_table_lock = SPINLOCK_INIT("task table");
struct task *task_table[MAX_TASKS];
static int free_slot[MAX_TASKS];
static int nr_free_slots, slots_used;
static uint32_t pid_map[PID_WORDS] = { 0x3 };
static struct task *pid_task[PID_MAX];
static int next_pid = 2;	/* 1 is init's: the first process */
static int init_pid_given;
static int nr_procs;
static int proc_limit = PROC_LIMIT_DEFAULT;

/* ---- the pid table ------------------------------------------------------ */

/* The first pid from next_pid on (wrapping) whose bit is clear, now
 * taken; a word of the map at a time. */
static int pid_take(void)
{
	uint32_t w = next_pid / 32;
	uint32_t bits = pid_map[w] | ((1u << (next_pid % 32)) - 1);
	int n, pid;

	for (n = 0; n <= PID_WORDS; n++) {
		if (bits != ~0u) {
			pid = w * 32 + __builtin_ctz(~bits);
			pid_map[w] |= 1u << (pid % 32);
			next_pid = pid + 1 < PID_MAX ? pid + 1 : 2;
			return pid;
		}
		w = (w + 1) % PID_WORDS;
		bits = pid_map[w];
	}
	panic("pid: every pid taken with a slot free");
}

/* Give t the next free pid (pids grow, wrapping past PID_MAX - 1, and skip
 * ones in use) and a slot, and list it among its parent's children.
 * -EAGAIN when every slot, or for a process every process slot, is taken. */
int task_alloc_pid(struct task *t)
{
	uint32_t flags = spin_lock_irqsave(&task_table_lock);
	int slot, pid;

	if (t->is_proc && nr_procs >= proc_limit)
		goto full;
	if (nr_free_slots)
		slot = free_slot[--nr_free_slots];
	else if (slots_used < MAX_TASKS)
		slot = slots_used++;
	else
		goto full;
	if (t->is_proc && !init_pid_given) {
		init_pid_given = 1;
		pid = 1;
	} else {
		pid = pid_take();
	}
	t->s.pid = pid;
	t->slot = slot;
	task_table[slot] = t;
	pid_task[pid] = t;
	if (t->parent)
		list_add_tail(&t->sibling, &t->parent->children);
	if (t->is_proc)
		nr_procs++;
	spin_unlock_irqrestore(&task_table_lock, flags);
	return pid;
full:
	spin_unlock_irqrestore(&task_table_lock, flags);
	return -EAGAIN;
}

struct task *task_find(int pid)
{
	KASSERT(spin_is_held(&task_table_lock),
		"task_find() under task_table_lock: the task stays listed");
	if (pid <= 0 || pid >= PID_MAX)
		return NULL;
	return pid_task[pid];
}

int task_proc_limit(int limit)
{
	uint64_t half = 0;
	int most, node;
	uint32_t flags;

	for (node = 0; node < MAX_NODES; node++)
		half += (uint64_t)pmm_total_pages(node) * PAGE_SIZE / 2;
	most = half / PROC_COST < PROC_LIMIT_MAX ? (int)(half / PROC_COST) : PROC_LIMIT_MAX;

	if (limit && (limit < PROC_LIMIT_MIN || limit > most))
		return -EINVAL;
	flags = spin_lock_irqsave(&task_table_lock);
	if (limit)
		proc_limit = limit;
	limit = proc_limit;
	spin_unlock_irqrestore(&task_table_lock, flags);
	return limit;
}

/* Undo task_alloc_pid(), if it was done: the slot, the pid, the place
 * among the parent's children. */
static void task_unlist(struct task *t)
{
	uint32_t flags;

	if (t->slot < 0)
		return;
	flags = spin_lock_irqsave(&task_table_lock);
	KASSERT(task_table[t->slot] == t && pid_task[t->s.pid] == t,
		"a listed task is in its slot and under its pid");
	KASSERT(list_empty(&t->children),
		"a task's children went to init when it exited");
	task_table[t->slot] = NULL;
	free_slot[nr_free_slots++] = t->slot;
	t->slot = -1;
	pid_task[t->s.pid] = NULL;
	if (t->s.pid > 1)
		pid_map[t->s.pid / 32] &= ~(1u << (t->s.pid % 32));
	list_del_init(&t->sibling);
	if (t->is_proc)
		nr_procs--;
	spin_unlock_irqrestore(&task_table_lock, flags);
}

/* ---- creation and freeing ----------------------------------------------- */

struct task *task_alloc(const char *name, int node)
{
	struct task *t = kmalloc_node(sizeof(*t), node);
	void *stack;

	if (!t)
		return NULL;
	memset(t, 0, sizeof(*t));
	stack = kstack_alloc(node);
	if (!stack) {
		kfree(t);
		return NULL;
	}
	/*
	 * Zeroed for QEMU's sake, not ours: these pages may have held user
	 * code of an exited process, and TCG keeps its translations of a page
	 * until a write overlaps them. Until then every store to the page
	 * takes TCG's self-modifying-code path, and a kernel stack whose
	 * old code lies below its trap frames stays slow for its whole life,
	 * each system call several times its cost, depending only on which
	 * pages it got.
	 */
	memset(stack, 0, KSTACK_SIZE);
	t->kstack = (uintptr_t)stack;
	*(uint32_t *)t->kstack = STACK_END_MAGIC;
	t->cr3 = paging_cr3();
	INIT_LIST_HEAD(&t->timer_node);
	wait_queue_init(&t->child_exit);
	INIT_LIST_HEAD(&t->s.tasks);
	INIT_LIST_HEAD(&t->children);
	INIT_LIST_HEAD(&t->sibling);
	t->slot = -1;
	t->s.migrate_dest = -1;
	t->s.exec_placing = 0;
	strlcpy(t->name, name, sizeof(t->name));
	return t;
}

void task_free(struct task *t)
{
	task_unlist(t);
	kstack_free((void *)t->kstack);
	kfree(t);
}

/* The first frame switch_to pops for a kernel thread: edi, esi = arg,
 * ebx = fn, ebp = 0 (ends stack traces), eip = kthread_start. */
void kthread_frame(struct task *t, int (*fn)(void *), void *arg)
{
	uint32_t *sp = (uint32_t *)(t->kstack + KSTACK_SIZE);

	*--sp = 0;			/* a fake return address for fn's frame */
	*--sp = (uint32_t)(uintptr_t)kthread_start;
	*--sp = 0;			/* ebp */
	*--sp = (uint32_t)(uintptr_t)fn;	/* ebx */
	*--sp = (uint32_t)(uintptr_t)arg;	/* esi */
	*--sp = 0;			/* edi */
	t->esp = (uint32_t)(uintptr_t)sp;
}

struct task *kthread_create(const char *name, int (*fn)(void *), void *arg)
{
	struct task *t = task_alloc(name, this_cpu()->node);

	if (!t)
		return NULL;
	kthread_frame(t, fn, arg);
	if (task_alloc_pid(t) < 0) {
		task_free(t);
		return NULL;
	}
	/* Not PF_KTHREAD: to the scheduler that means a thread bound to its
	 * CPU (the migration threads), which balancing leaves alone. */
	sched_fork(NULL, &t->s);
	return t;
}

void kthread_start_task(struct task *t)
{
	wake_up_new_task(&t->s);
}

struct task *kthread_run(const char *name, int (*fn)(void *), void *arg)
{
	struct task *t = kthread_create(name, fn, arg);

	if (t)
		kthread_start_task(t);
	return t;
}

/* ---- the first and last moments of a task ------------------------------- */

/*
 * A dead task's address space, per CPU, from the switch away from it
 * (under the runqueue lock) to task_drop_dead_mm() (after the lock):
 * D7's rq->prev_mm. Written and read by its own CPU with interrupts off,
 * so no switch on this CPU comes in between.
 */
static struct mm *dead_mm[NR_CPUS];

/*
 * After every switch, in the task switched to, under the runqueue lock:
 * the task switched away from is off this CPU now. A zombie's address space
 * is taken for task_drop_dead_mm() (no CPU runs on its page directory any
 * more, but freeing page tables is no work for under the lock), then
 * on_cpu says its stack is free. Both here, under the lock: once it is
 * released another CPU may run prev (a task only preempted) and set
 * on_cpu again.
 */
void task_finish_switch(void)
{
	int cpu = smp_processor_id();
	struct task *prev = switch_prev[cpu];

	if (!prev)
		return;
	if (prev->s.state == TASK_ZOMBIE && prev->mm) {
		KASSERT(!dead_mm[cpu], "one dead address space per switch");
		dead_mm[cpu] = prev->mm;
		prev->mm = NULL;
	}
	__atomic_store_n(&prev->on_cpu, 0, __ATOMIC_RELEASE);
}

/* arch_finish_switch() (sched_glue.c): the runqueue lock is released,
 * interrupts still off. */
void task_drop_dead_mm(void)
{
	int cpu = smp_processor_id();
	struct mm *mm = dead_mm[cpu];

	dead_mm[cpu] = NULL;
	if (mm)
		mm_destroy(mm);
}

/* A new task's first code (switch.asm): what schedule() does after a
 * switch (schedule_tail() releases the lock, then drops a dead address
 * space), then interrupts on. */
void task_first_run(void)
{
	task_finish_switch();
	schedule_tail();
	sti();
}

void task_exit(int status)
{
	struct task *t = this_task();

	if (t->s.flags & PF_IDLE)
		panic("task_exit(%d) by %s on CPU %d: an idle task never exits "
		      "(sp %p, its stack [0x%lx, 0x%lx))", status, t->name,
		      smp_processor_id(), (void *)&t,
		      (unsigned long)this_cpu()->stack_base,
		      (unsigned long)this_cpu()->stack_top);
	proc_exit_files(t);
	proc_exit_family(t, status);
	/* proc_exit_family() set TASK_ZOMBIE and woke whoever waits. */
	schedule();
	panic("task_exit: pid %d was scheduled after it exited", t->s.pid);
}

void task_exit_kthread(int ret)
{
	task_exit(ret);
}

int task_reap(struct task *t)
{
	int status;

	/*
	 * A zombie is gone only once it is off every CPU and off its
	 * runqueue: a preemptible kernel thread preempted between becoming a
	 * zombie and its last schedule() stays queued until it runs that
	 * schedule(), and sched_exit() on a queued task is a broken invariant.
	 */
	while (t->s.state != TASK_ZOMBIE ||
	       __atomic_load_n(&t->on_cpu, __ATOMIC_ACQUIRE) ||
	       !sched_task_inactive(&t->s))
		msleep(1);
	status = t->exit_status;
	sched_exit(&t->s, NULL);
	task_free(t);
	return status;
}

/* ---- sleeping ----------------------------------------------------------- */

/* Tasks sleeping with a deadline, earliest first. */
static struct spinlock sleep_lock = SPINLOCK_INIT("sleepers");
static struct list_head sleepers = LIST_HEAD_INIT(sleepers);
static volatile uint64_t first_deadline;	/* 0: list empty */

static void __sleep_until(uint64_t deadline, int set_state)
{
	struct task *t = this_task();
	struct list_head *pos;
	uint32_t flags;

	flags = spin_lock_irqsave(&sleep_lock);
	if (set_state)
		t->s.state = TASK_INTERRUPTIBLE;
	if (deadline) {
		t->wake_at = deadline;
		list_for_each(pos, &sleepers)
			if (list_entry(pos, struct task, timer_node)->wake_at > deadline)
				break;
		list_add_tail(&t->timer_node, pos);
		first_deadline = list_entry(sleepers.next, struct task,
					    timer_node)->wake_at;
	}
	spin_unlock_irqrestore(&sleep_lock, flags);
	schedule();
	if (deadline) {
		flags = spin_lock_irqsave(&sleep_lock);
		if (!list_empty(&t->timer_node))
			list_del_init(&t->timer_node);
		first_deadline = list_empty(&sleepers) ? 0 :
			list_entry(sleepers.next, struct task, timer_node)->wake_at;
		spin_unlock_irqrestore(&sleep_lock, flags);
	}
}

void sleep_until(uint64_t deadline)
{
	__sleep_until(deadline, 1);
}

void schedule_until(uint64_t deadline)
{
	__sleep_until(deadline, 0);
}

void msleep(unsigned int ms)
{
	if (!ms) {
		sched_yield();
		return;
	}
	/* +1: the current tick is partly over already. */
	sleep_until(jiffies_64() + (uint64_t)ms * HZ / 1000 + 1);
}

/* From the tick: wake every sleeper whose deadline passed. */
void task_wake_sleepers(void)
{
	uint64_t now = jiffies_64(), fd = first_deadline;
	uint32_t flags;

	if (!fd || fd > now)
		return;
	flags = spin_lock_irqsave(&sleep_lock);
	while (!list_empty(&sleepers)) {
		struct task *t = list_entry(sleepers.next, struct task, timer_node);

		if (t->wake_at > now)
			break;
		list_del_init(&t->timer_node);
		wake_up_process(&t->s, 0);
	}
	first_deadline = list_empty(&sleepers) ? 0 :
		list_entry(sleepers.next, struct task, timer_node)->wake_at;
	spin_unlock_irqrestore(&sleep_lock, flags);
}

void cond_resched(void)
{
	if (this_task()->s.need_resched)
		schedule();
}
