/*
 * fork.c - a copy of the calling process.
 *
 * The child gets a new kernel stack and page tables, both from the node of
 * the CPU the parent runs on (the child starts on that CPU's runqueue,
 * D7's SMART_WAKE_CHILD: right in front of its parent), and shares every
 * user page with the parent copy-on-write (mm.h): a page is copied at its
 * first write, on the node of the CPU that writes; exec() places the
 * child for good. Its stack starts with the parent's
 * trap frame, eax = 0, under a switch frame that returns into
 * fork_child_start (switch.asm): the child's first return is to user mode.
 */
#include "proc.h"
#include "file.h"
#include "mm.h"
#include "percpu.h"
#include "string.h"
#include "task.h"
#include "trap.h"

void fork_child_start(void);	/* switch.asm */

int do_fork(struct trap_frame *f)
{
	struct task *parent = this_task(), *c;
	int node = this_cpu()->node, pid, fd;
	struct trap_frame *tf;
	uint32_t *sp;

	c = task_alloc(parent->name, node);
	if (!c)
		return -ENOMEM;
	c->is_proc = 1;
	c->parent = parent;
	pid = task_alloc_pid(c);
	if (pid < 0) {
		task_free(c);		/* the process table is full */
		return pid;
	}
	c->mm = mm_clone(parent->mm, node);
	if (!c->mm) {
		task_free(c);
		return -ENOMEM;
	}
	c->cr3 = (uint32_t)(uintptr_t)c->mm->pgdir;
	fpu_fork(&c->fpu, &parent->fpu);
	for (fd = 0; fd < MAX_FDS; fd++)
		if (parent->files[fd])
			c->files[fd] = file_get(parent->files[fd]);

	tf = (struct trap_frame *)(c->kstack + KSTACK_SIZE) - 1;
	*tf = *f;
	tf->eax = 0;
	sp = (uint32_t *)tf;
	*--sp = (uint32_t)(uintptr_t)fork_child_start;
	*--sp = 0;	/* ebp */
	*--sp = 0;	/* ebx */
	*--sp = 0;	/* esi */
	*--sp = 0;	/* edi */
	c->esp = (uint32_t)(uintptr_t)sp;

	sched_fork(&parent->s, &c->s);
	wake_up_new_task(&c->s);
	return pid;
}
