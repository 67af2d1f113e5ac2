/*
 * exit.c - the end of a task and waiting for it: exit, waitpid, kill.
 *
 * A task that exits closes its files, hands its children to init (pid 1),
 * becomes a zombie and wakes its parent. The parent's waitpid() frees it
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
	int i, wake_init = 0;
	uint32_t flags;

	flags = spin_lock_irqsave(&task_table_lock);
	init = task_find(1);
	if (init == t || (init && !init->is_proc))
		init = NULL;
	for (i = 0; i < MAX_TASKS; i++) {
		struct task *c = task_table[i];

		if (!c || c->parent != t)
			continue;
		c->parent = init;
		if (init && c->s.state == TASK_ZOMBIE)
			wake_init = 1;
	}
	t->exit_status = status;
	parent = t->parent;
	t->s.state = TASK_ZOMBIE;
	/* Under the lock: a parent that exits too cannot be reaped (and
	 * freed) before it is woken. Runqueue locks nest inside this one. */
	if (parent)
		wake_up_process(&parent->s, 0);
	if (wake_init)
		wake_up_process(&init->s, 0);
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
	struct task *me = this_task();

	if (flags & ~WNOHANG)
		return -EINVAL;
	for (;;) {
		struct task *zombie = NULL;
		int i, have = 0, zpid, status;
		uint32_t irq;

		irq = spin_lock_irqsave(&task_table_lock);
		/* Asleep before looking: an exit after the look wakes us. */
		me->s.state = TASK_INTERRUPTIBLE;
		for (i = 0; i < MAX_TASKS; i++) {
			struct task *c = task_table[i];

			if (!c || c->parent != me || c->reaped ||
			    (pid != -1 && c->s.pid != pid))
				continue;
			have = 1;
			if (c->s.state == TASK_ZOMBIE) {
				zombie = c;
				c->reaped = 1;
				break;
			}
		}
		if (zombie || !have || (flags & WNOHANG) || me->killed)
			me->s.state = TASK_RUNNING;
		spin_unlock_irqrestore(&task_table_lock, irq);
		if (!have)
			return -ECHILD;
		if (zombie) {
			zpid = zombie->s.pid;
			status = reap(me, zombie);
			if (ustatus && put_user_u32((uint32_t *)ustatus,
						    (uint32_t)status))
				return -EFAULT;
			return zpid;
		}
		if (flags & WNOHANG)
			return 0;
		if (me->killed)
			return -EINTR;
		schedule();
	}
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
