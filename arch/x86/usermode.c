/* usermode.c - ring 3 entry and exit (usermode.h). */
#include "usermode.h"
#include "cpu.h"
#include "fpu.h"
#include "gdt.h"
#include "percpu.h"
#include "printk.h"
#include "string.h"
#include "sysenter.h"
#include "task.h"
#include "trap.h"
#include "uaccess.h"

#define SIGFPE		8	/* ... by an x87 exception (#MF) */
#define SIGSEGV		11	/* ... by any other fault */

#define EFLAGS_TF	(1u << 8)

void usermode_init(void)
{
	idt_allow_user(SYSCALL_VECTOR);
	fpu_init_cpu();		/* the APs did theirs in ap_main() */
	fpu_report_cr0();
	sysenter_setup_cpu();	/* here too */
}

void usermode_frame(struct trap_frame *f, uint32_t eip, uint32_t esp)
{
	memset(f, 0, sizeof(*f));
	f->cs = GDT_USER_CS;
	f->ds = f->es = f->ss = GDT_USER_DS;
	/*
	 * fs null: user code here has no use for it (no TLS), and loading a
	 * null selector reads no descriptor. gs: this CPU's per-CPU selector,
	 * which the system call entries then need not load (gdt.h), and which
	 * trap_exit() keeps current when the process moves. Under QEMU each
	 * segment load skipped is a descriptor read saved at every system
	 * call. A process may load a gs of its own, and keeps it.
	 */
	f->fs = 0;
	f->gs = GDT_PERCPU_SEL(this_cpu()->slot);
	f->eflags = EFLAGS_IF | 0x2;	/* bit 1 is always 1 */
	f->eip = eip;
	f->esp = esp;
}

int user_trap(struct trap_frame *f)
{
	struct task *t = this_task();
	uint32_t fix;

	if ((f->cs & 3) != 3) {
		/*
		 * sysenter keeps the user's TF: the single step traps on the
		 * entry's first instruction (on the entry stack). Clear TF in
		 * the kernel's flags and go on; the user's single-stepping
		 * ends at this system call (an int 0x80 gate clears TF too).
		 */
		if (f->vector == 1 && sysenter_window(f->eip)) {
			f->eflags &= ~EFLAGS_TF;
			return 1;
		}
		fix = f->vector == 14 ? uaccess_fixup(f->eip) : 0;
		if (!fix)
			return 0;
		f->eip = fix;
		return 1;
	}
	if (f->vector == 16) {
		uint16_t sw, cw;

		fpu_status(&sw, &cw);
		printk("killed: pid %d (%s): x87 floating-point error (#MF) "
		       "at eip 0x%x: FPU status 0x%04x, control 0x%04x\n",
		       t->s.pid, t->name, f->eip, sw, cw);
		task_exit(W_SIGNALED(SIGFPE));
	}
	printk("killed: pid %d (%s): exception %u at eip 0x%x (cr2 0x%x, "
	       "error 0x%x)\n", t->s.pid, t->name, f->vector, f->eip,
	       f->vector == 14 ? read_cr2() : 0, f->err);
	task_exit(W_SIGNALED(SIGSEGV));
}

void trap_exit_user(struct trap_frame *f, struct task *t)
{
	for (;;) {
		if (t->killed)
			task_exit(W_SIGNALED(t->killed));
		if (!t->s.need_resched)
			break;
		schedule();
	}
	/*
	 * A process that kept a per-CPU %gs gets the one of the CPU it
	 * returns on, which the entries find loaded next time.
	 */
	if (gdt_is_percpu_sel(f->gs))
		f->gs = GDT_PERCPU_SEL(this_cpu()->slot);
}

void trap_exit(struct trap_frame *f)
{
	struct task *t = this_task();

	if (!t)
		return;		/* before the scheduler is up */
	if ((f->cs & 3) == 3) {
		trap_exit_user(f, t);
		return;
	}
	/* The #DB above: %gs is still the user's, which the entry saves. */
	if (sysenter_window(f->eip))
		return;
	/*
	 * Kernel code: only tasks that hold no lock and no per-CPU state
	 * (idle loops, test hogs), and only where interrupts were on and no
	 * other handler is below us. schedule_preempt(): a task caught on its
	 * way to sleep (state set, schedule() not yet called) stays queued.
	 */
	if (t->preemptible && (f->eflags & EFLAGS_IF) &&
	    this_cpu()->irq_depth == 0)
		while (t->s.need_resched)
			schedule_preempt();
	/*
	 * The frame's %gs is the per-CPU segment of the CPU the interrupt
	 * came on; a preempted kernel task may resume on another one, and
	 * must not return with its old CPU's %gs (this_cpu() would lie).
	 */
	f->gs = GDT_PERCPU_SEL(this_cpu()->slot);
}
