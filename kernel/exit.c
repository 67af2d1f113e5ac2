/*
 * exit.c - the end of a task and waiting for it: exit, waitpid, kill.
 *
 * A task that exits closes its files, hands its children to init (pid 1),
 * moving them from its children list to init's, becomes a zombie and wakes
 * its parent; waitpid() looks at the caller's children list only. The parent's waitpid() frees it
 * once it is off every CPU (on_cpu, task.h) and no migration request for
 * it is in flight (sched_task_inactive()); its address space is not its
 * to free: the CPU that switched away from it frees it (task.c,
 * task_drop_dead_mm()).
 */
#include "proc.h"
#include "cpu.h"
#include "file.h"
#include "panic.h"
#include "task.h"
#include "uaccess.h"

void proc_exit_files(struct task *t)
{
	int fd;

	for (fd = 0; fd < MAX_FDS; fd++)
		if (t->files[fd]) {
			file_put(t->files[fd]);
			t->files[fd] = NULL;
		}
}

void proc_exit_family(struct task *t, int status)
{
	struct task *parent, *init = NULL;
	struct list_head *pos, *next;
	int wake_init = 0;
	uint32_t flags;

	flags = spin_lock_irqsave(&task_table_lock);
	init = task_find(1);
	if (init == t || (init && !init->is_proc))
		init = NULL;
	for (pos = t->children.next; pos != &t->children; pos = next) {
		struct task *c = list_entry(pos, struct task, sibling);

		next = pos->next;
		list_del_init(&c->sibling);
		c->parent = init;
		if (!init)
			continue;
		list_add_tail(&c->sibling, &init->children);
		if (c->s.state == TASK_ZOMBIE)
			wake_init = 1;
	}
	t->exit_status = status;
	parent = t->parent;
	t->s.state = TASK_ZOMBIE;
	/* Under the lock: a parent that exits too cannot be reaped (and
	 * freed) before it is woken. Runqueue locks nest inside this one. */
	if (parent)
		wake_up_all(&parent->child_exit, 0);
	if (wake_init)
		wake_up_all(&init->child_exit, 0);
	spin_unlock_irqrestore(&task_table_lock, flags);
}

/* Free a zombie child c (no longer in anyone's way: marked reaped). */
static int reap(struct task *me, struct task *c)
{
	int status;

	while (__atomic_load_n(&c->on_cpu, __ATOMIC_ACQUIRE))
		cpu_relax();
	/* A migration thread may still hold a request for it: sleep (that
	 * thread may be this CPU's) until it is served. */
	while (!sched_task_inactive(&c->s))
		msleep(1);
	status = c->exit_status;
	sched_exit(&c->s, &me->s);
	task_free(c);
	return status;
}

int do_waitpid(int pid, int *ustatus, int flags)
{
	struct task *me = this_task(), *zombie;
	int have, zpid, status;
	uint32_t irq;

	if (flags & ~WNOHANG)
		return -EINVAL;
	irq = spin_lock_irqsave(&task_table_lock);
	for (;;) {
		struct list_head *pos;

		zombie = NULL;
		have = 0;
		list_for_each(pos, &me->children) {
			struct task *c = list_entry(pos, struct task, sibling);

			if (c->reaped || (pid != -1 && c->s.pid != pid))
				continue;
			have = 1;
			if (c->s.state == TASK_ZOMBIE) {
				zombie = c;
				c->reaped = 1;
				break;
			}
		}
		if (zombie || !have || (flags & WNOHANG) || me->killed)
			break;
		/* A child's exit marks it a zombie and wakes child_exit under
		 * task_table_lock (proc_exit_family): none is lost. */
		irq = wait_locked(&me->child_exit, &task_table_lock, irq, 0);
	}
	spin_unlock_irqrestore(&task_table_lock, irq);
	if (!have)
		return -ECHILD;
	if (!zombie)
		return (flags & WNOHANG) ? 0 : -EINTR;
	zpid = zombie->s.pid;
	status = reap(me, zombie);
	if (ustatus && put_user_u32((uint32_t *)ustatus, (uint32_t)status))
		return -EFAULT;
	return zpid;
}

int do_kill(int pid, int sig)
{
	struct task *t;
	uint32_t flags;
	int err = 0;

	if (sig != 0 && sig != SIGKILL && sig != SIGTERM)
		return -EINVAL;
	if (pid <= 0)
		return -ESRCH;
	flags = spin_lock_irqsave(&task_table_lock);
	t = task_find(pid);
	if (!t || t->s.state == TASK_ZOMBIE)
		err = -ESRCH;
	else if (!t->is_proc || pid == 1)
		err = -EPERM;
	else if (sig) {
		t->killed = sig;
		/* Out of a sleep, to die; under the lock, so t stays. */
		wake_up_process(&t->s, 0);
	}
	spin_unlock_irqrestore(&task_table_lock, flags);
	return err;
}
