/* syscall.c - the system call table (uapi/syscall.h) and its dispatch. */
#include "syscall.h"
#include "cpu.h"
#include "task.h"
#include "trap.h"
#include "uaccess.h"

typedef int (*syscall_fn)(uint32_t, uint32_t, uint32_t, uint32_t, uint32_t);

/*
 * Every call gets all five argument registers: with the i386 C calling
 * convention (the caller pops the arguments) a function declared with
 * fewer parameters just ignores the rest, so each sys_* keeps its own
 * typed prototype (syscall.h). The cast goes through void (*)(void),
 * which GCC accepts as "any function".
 */
static const syscall_fn table[NR_SYSCALLS] = {
#define SC(name) [SYS_##name] = (syscall_fn)(void (*)(void))sys_##name,
	SYSCALL_LIST(SC)
#undef SC
};

/*
 * A call from user mode, t being this CPU's task, with interrupts off as
 * the gate (or sysenter) left them. The call runs with interrupts on.
 */
void syscall_user(struct trap_frame *f, struct task *t)
{
	uint32_t nr = f->eax;
	int ret = -ENOSYS;

	t->uframe = f;
	sti();
	if (nr < NR_SYSCALLS && table[nr])
		ret = table[nr](f->ebx, f->ecx, f->edx, f->esi, f->edi);
	cli();
	f->eax = (uint32_t)ret;
}

/*
 * From int 0x80 (traps.c), which ring 0 may raise too; trap_exit() then
 * schedules or ends a killed task on the way back.
 */
void syscall_dispatch(struct trap_frame *f)
{
	if ((f->cs & 3) != 3) {
		f->eax = (uint32_t)-EPERM;	/* int 0x80 from the kernel */
		return;
	}
	syscall_user(f, this_task());
}
