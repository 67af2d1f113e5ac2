/*
 * sysenter.c - the fast system call entry: the per-CPU MSRs, the vsyscall
 * page, and the choice between sysexit and iret on the way back
 * (sysenter.h; the entry code and why it finds the kernel stack through
 * tss.esp0 are in sysentry.asm).
 */
#include <stddef.h>
#include "sysenter.h"
#include "cmdline.h"
#include "cpu.h"
#include "gdt.h"
#include "mm.h"
#include "paging.h"
#include "percpu.h"
#include "printk.h"
#include "string.h"
#include "task.h"
#include "trap.h"
#include "usermode.h"
#include "uapi/errno.h"
#include "uapi/vsyscall.h"

/* Intel SDM vol. 4, table 2-2 (architectural MSRs). */
#define MSR_SYSENTER_CS		0x174
#define MSR_SYSENTER_ESP	0x175
#define MSR_SYSENTER_EIP	0x176
#define CPUID_1_EDX_SEP		(1u << 11)

#define EFLAGS_TF		(1u << 8)
#define EFLAGS_NT		(1u << 14)
#define EFLAGS_RF		(1u << 16)
#define EFLAGS_VM		(1u << 17)

extern char sysenter_entry[], sysenter_entry_end[];
extern const char vsyscall_sysenter[], vsyscall_sysenter_ret[],
	vsyscall_sysenter_end[], vsyscall_int80[], vsyscall_int80_end[];

/* The one instruction before the stack switch reads tss.esp0 at this
 * distance from the end of entry_stack (ESP0_FROM_ENTRY_TOP there). */
_Static_assert(offsetof(struct percpu, tss.esp0) - 4 ==
	       offsetof(struct percpu, entry_stack) +
	       sizeof(((struct percpu *)0)->entry_stack),
	       "sysentry.asm's ESP0_FROM_ENTRY_TOP is out of date");

/* Where sysexit returns: the stub's instruction after sysenter. The entry
 * pushes it as the frame's eip; read by sysentry.asm. Set once at boot. */
uint32_t sysenter_return_addr;
static int enabled;	/* boot CPU's choice, before any process exists */
static int aps_without_sep;	/* APs run first (smp_boot_aps) and count */

/*
 * CPUID.1:EDX.SEP, except where the SDM (vol. 2B, SYSENTER) says it lies:
 * family 6 with model < 3 and stepping < 3 (the Pentium Pro) sets the bit
 * without having the instructions. Linux applies the same rule.
 */
static int cpu_has_sep(void)
{
	uint32_t eax, family, model, stepping;

	if (cpuid(0, 0).eax < 1)
		return 0;
	eax = cpuid(1, 0).eax;
	if (!(cpuid(1, 0).edx & CPUID_1_EDX_SEP))
		return 0;
	family = (eax >> 8) & 0xf;
	model = (eax >> 4) & 0xf;
	stepping = eax & 0xf;
	if (family == 6)
		model |= ((eax >> 16) & 0xf) << 4;	/* the display model */
	return !(family == 6 && model < 3 && stepping < 3);
}

void sysenter_setup_cpu(void)
{
	struct percpu *pc = this_cpu();
	int on = !boot_opts.nosysenter && cpu_has_sep();

	if (pc->slot == 0) {
		enabled = on;
		sysenter_return_addr = VSYSCALL_ADDR +
			(uint32_t)(vsyscall_sysenter_ret - vsyscall_sysenter);
		printk("sysenter: %s\n", on ? "on (system calls through "
		       "sysenter/sysexit)" : boot_opts.nosysenter ?
		       "off (nosysenter): int 0x80 only" :
		       "off (the CPU has no SEP): int 0x80 only");
		/* Not seen on any machine: a process there would be killed
		 * by the #GP of its first system call. */
		if (on && aps_without_sep)
			printk("sysenter: %d other CPU%s without SEP; system "
			       "calls there fail\n", aps_without_sep,
			       aps_without_sep == 1 ? "" : "s");
	} else if (!on && !boot_opts.nosysenter) {
		__atomic_add_fetch(&aps_without_sep, 1, __ATOMIC_RELAXED);
	}
	if (!on) {
		wrmsr(MSR_SYSENTER_CS, 0);	/* sysenter: #GP */
		return;
	}
	wrmsr(MSR_SYSENTER_CS, GDT_KERNEL_CS);
	wrmsr(MSR_SYSENTER_ESP,
	      (uintptr_t)&pc->entry_stack[ENTRY_STACK_WORDS]);
	wrmsr(MSR_SYSENTER_EIP, (uintptr_t)sysenter_entry);
}

/*
 * A copy per exec'd image (4 KiB; fork shares it, as every read-only
 * page: mm.h): mm.c maps no page that it did not allocate, so one page
 * for the whole system would need a new mm.c call. Read-only, so the
 * process cannot change what the next system call runs (a write is a
 * real fault, not copy-on-write); the rest of the page is int3.
 */
int vsyscall_map(struct mm *mm)
{
	const char *code = enabled ? vsyscall_sysenter : vsyscall_int80;
	const char *end = enabled ? vsyscall_sysenter_end : vsyscall_int80_end;
	char *page = mm_map_page(mm, VSYSCALL_ADDR, 0);

	if (!page)
		return -ENOMEM;
	memset(page, 0xcc, PAGE_SIZE);
	memcpy(page, code, (size_t)(end - code));
	return 0;
}

int sysenter_window(uint32_t eip)
{
	return eip >= (uintptr_t)sysenter_entry &&
	       eip < (uintptr_t)sysenter_entry_end;
}

void syscall_user(struct trap_frame *f, struct task *t);	/* kernel/syscall.c */

/*
 * The handler, then what trap_exit() does after int 0x80 (schedule, end a
 * killed task, this CPU's %gs), called only when there is any of it to do:
 * a sysenter frame always comes from user mode, with a task running, so
 * trap_exit()'s own checks of those are left out. sysexit sets CS and
 * SS from SYSENTER_CS, EIP and ESP from edx and ecx, and leaves EFLAGS as
 * the kernel has it: it can only return to the stub's sysenter_return
 * with the frame's esp and flags. So iret whenever the frame says anything
 * else: exec's new image, a flag iret must restore (TF, NT, RF, VM), or
 * another segment (Linux's test, arch/x86/entry/common.c,
 * do_fast_syscall_32). A fork child never comes here: it starts at
 * trap_return (switch.asm).
 */
int sysenter_dispatch(struct trap_frame *f)
{
	struct task *t = this_task();

	syscall_user(f, t);
	/* this_cpu() after the call: a call that slept may return on
	 * another CPU. */
	if (t->killed || t->s.need_resched ||
	    f->gs != (uint32_t)GDT_PERCPU_SEL(this_cpu()->slot))
		trap_exit_user(f, t);
	return f->eip == sysenter_return_addr && f->cs == GDT_USER_CS &&
	       f->ss == GDT_USER_DS && (f->eflags & EFLAGS_IF) &&
	       !(f->eflags & (EFLAGS_TF | EFLAGS_NT | EFLAGS_RF | EFLAGS_VM));
}
