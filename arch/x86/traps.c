/*
 * traps.c - the IDT, the dispatch of every vector, and exceptions.
 *
 * Every exception in the kernel is a bug, so each ends in a panic that says
 * which exception, where, on which CPU, with the registers and a stack trace
 * (kernel/panic.c stops the other CPUs first). User mode, when it comes, will
 * turn its own faults into signals here before reaching the panic.
 */
#include <stdint.h>
#include "trap.h"
#include "cpu.h"
#include "fpu.h"
#include "gdt.h"
#include "lapic.h"
#include "percpu.h"
#include "panic.h"
#include "printk.h"
#include "stacktrace.h"
#include "mm.h"
#include "task.h"
#include "uaccess.h"
#include "usermode.h"
#include "uapi/syscall.h"

void syscall_dispatch(struct trap_frame *f);	/* kernel/syscall.c */

#define IDT_INTR_GATE	0x8e	/* present, ring 0, 32-bit interrupt gate */
#define IDT_DPL3	0x60	/* the gate may be used by `int` from ring 3 */
#define IDT_TASK_GATE	0x85	/* present, ring 0, task gate */

struct idt_gate {
	uint16_t off_lo;
	uint16_t sel;
	uint8_t zero;
	uint8_t type;
	uint16_t off_hi;
} __attribute__((packed));

static struct idt_gate idt[256] __attribute__((aligned(8)));
static irq_handler_t handlers[256];
extern const uint32_t isr_stub_table[256];	/* entry.asm */

/* Names and mnemonics from the Intel SDM vol. 3, table 6-1. */
static const char *const exc_names[32] = {
	"divide error (#DE)", "debug (#DB)", "NMI", "breakpoint (#BP)",
	"overflow (#OF)", "BOUND range exceeded (#BR)", "invalid opcode (#UD)",
	"device not available (#NM)", "double fault (#DF)",
	"coprocessor segment overrun", "invalid TSS (#TS)",
	"segment not present (#NP)", "stack-segment fault (#SS)",
	"general protection (#GP)", "page fault (#PF)", "reserved (15)",
	"x87 floating-point error (#MF)", "alignment check (#AC)",
	"machine check (#MC)", "SIMD floating-point (#XM)",
	"virtualization (#VE)", "control protection (#CP)", "reserved (22)",
	"reserved (23)", "reserved (24)", "reserved (25)", "reserved (26)",
	"reserved (27)", "hypervisor injection (#HV)",
	"VMM communication (#VC)", "security (#SX)", "reserved (31)",
};

void idt_init(void)
{
	int v;

	for (v = 0; v < 256; v++) {
		uint32_t a = isr_stub_table[v];

		idt[v].off_lo = a & 0xffff;
		idt[v].sel = GDT_KERNEL_CS;
		idt[v].zero = 0;
		idt[v].type = IDT_INTR_GATE;
		idt[v].off_hi = a >> 16;
	}
	idt_load();
}

void idt_load(void)
{
	struct gdt_ptr p = { sizeof(idt) - 1, (uintptr_t)idt };

	__asm__ volatile("lidt %0" : : "m"(p));
}

void idt_set_task_gate(int vector, uint16_t tss_sel)
{
	idt[vector & 0xff].off_lo = 0;
	idt[vector & 0xff].off_hi = 0;
	idt[vector & 0xff].sel = tss_sel;
	idt[vector & 0xff].type = IDT_TASK_GATE;
}

void idt_allow_user(int vector)
{
	idt[vector & 0xff].type = IDT_INTR_GATE | IDT_DPL3;
}

void irq_register(int vector, irq_handler_t fn)
{
	if (vector < 32 || vector > 255)
		panic("irq_register: vector %d is not an interrupt vector", vector);
	handlers[vector] = fn;
}

static void print_pf_error(uint32_t err)
{
	printk("  page fault: %s %s in %s mode%s\n",
	       err & 2 ? "write to" : (err & 16 ? "instruction fetch from" : "read of"),
	       err & 1 ? "a protected page" : "a not-present page",
	       err & 4 ? "user" : "kernel",
	       err & 8 ? " (reserved bit set)" : "");
}

void trap_dump(const struct trap_frame *f)
{
	int from_user = (f->cs & 3) == 3;
	uint32_t esp = from_user ? f->esp : (uint32_t)(uintptr_t)&f->esp;
	char sym[64];

	ksym_format(sym, sizeof(sym), f->eip);
	printk("  EIP %08x <%s>  CS %04x  EFLAGS %08x  error %08x\n",
	       f->eip, sym, f->cs, f->eflags, f->err);
	if (f->vector == 14)
		printk("  CR2 %08x (the address that faulted)\n", read_cr2());
	printk("  EAX %08x  EBX %08x  ECX %08x  EDX %08x\n",
	       f->eax, f->ebx, f->ecx, f->edx);
	printk("  ESI %08x  EDI %08x  EBP %08x  ESP %08x\n",
	       f->esi, f->edi, f->ebp, esp);
	printk("  DS %04x  ES %04x  FS %04x  GS %04x  CR0 %08x  CR3 %08x  CR4 %08x\n",
	       f->ds & 0xffff, f->es & 0xffff, f->fs & 0xffff, f->gs & 0xffff,
	       read_cr0(), read_cr3(), read_cr4());
	if (f->vector == 14)
		print_pf_error(f->err);
	dump_stack_from(f->ebp, f->eip);
}

/*
 * A write to a present page of user space, from user mode or from one of
 * the kernel's user copies (uaccess.asm: CR0.WP makes those fault too), may
 * be the first write to a copy-on-write page (mm.h). 1 when it was one and
 * the instruction can run again. 0 for anything else: user_trap() then
 * kills the process or resumes the copy at its fixup (-EFAULT).
 *
 * No page for the copy: the process is killed, never the kernel. From a
 * user copy it is marked and the copy fails (the system call may hold
 * locks); trap_exit() ends it on its way back to user mode.
 */
static int cow_fault(struct trap_frame *f)
{
	struct task *t = this_task();
	uint32_t va = read_cr2();
	int from_user = (f->cs & 3) == 3, r;

	if ((f->err & 3) != 3 || !t || !t->mm ||
	    (!from_user && !uaccess_fixup(f->eip)))
		return 0;
	r = mm_cow_fault(t->mm, va);
	if (r == -ENOMEM) {
		printk("killed: pid %d (%s): out of memory for a copy-on-write "
		       "page at 0x%x\n", t->s.pid, t->name, va);
		t->killed = SIGKILL;
		return from_user;
	}
	return r == 0;
}

/*
 * A touch of an unmapped page of user space, from user mode or from one of
 * the kernel's user copies, may be the first touch of a demand-zero page
 * (a program's bss or stack, mm.h). 1 when it was one and is mapped now;
 * 0 for anything else (user_trap() then kills the process or resumes the
 * copy at its fixup: -EFAULT). No page: the process is killed, as in
 * cow_fault().
 */
static int zero_fault(struct trap_frame *f)
{
	struct task *t = this_task();
	uint32_t va = read_cr2();
	int from_user = (f->cs & 3) == 3, r;

	if ((f->err & 1) || !t || !t->mm ||
	    (!from_user && !uaccess_fixup(f->eip)))
		return 0;
	r = mm_zero_fault(t->mm, va);
	if (r == -ENOMEM) {
		printk("killed: pid %d (%s): out of memory for a page at 0x%x\n",
		       t->s.pid, t->name, va);
		t->killed = SIGKILL;
		return from_user;
	}
	return r == 0;
}

static void exception(struct trap_frame *f)
{
	panic_enter();
	printk("panic: CPU %d (APIC 0x%x): exception %u, %s\n",
	       smp_processor_id(), this_cpu()->apic_id, f->vector,
	       exc_names[f->vector]);
	trap_dump(f);
	panic_finish();
}

/*
 * An NMI: a panicking CPU's stop, or one nobody asked for (QEMU's monitor,
 * a watchdog, a hardware error), ignored. Either way minimal work and no
 * printk: it may have come on the sysenter entry stack (percpu.h), or
 * while this CPU held a lock printk needs. trap_tick() reports the count.
 */
static void nmi(struct trap_frame *f)
{
	struct percpu *pc = this_cpu();
	uintptr_t sp = (uintptr_t)f;

	panic_nmi(f);
	pc->nmis++;
	if (sp >= (uintptr_t)pc->entry_stack &&
	    sp < (uintptr_t)&pc->entry_stack[ENTRY_STACK_WORDS])
		pc->nmis_entry++;
}

void trap_tick(void)
{
	struct percpu *pc = this_cpu();

	if (pc->entry_guard != ENTRY_STACK_GUARD)
		panic("CPU %d's sysenter entry stack overflowed (guard 0x%x)",
		      pc->cpu, pc->entry_guard);
	if (pc->tss.iomap_base != sizeof(pc->tss) ||
	    pc->tss.ss0 != GDT_KERNEL_DS || pc->tss.esp0 != pc->stack_top)
		panic("CPU %d's TSS was overwritten: esp0 0x%x ss0 0x%x, I/O map "
		      "at %u (want 0x%lx, 0x%x, %u: no I/O map)", pc->cpu,
		      pc->tss.esp0, pc->tss.ss0, pc->tss.iomap_base,
		      (unsigned long)pc->stack_top, GDT_KERNEL_DS,
		      (unsigned)sizeof(pc->tss));
	if (pc->nmis != pc->nmis_reported) {
		pc->nmis_reported = pc->nmis;
		printk("nmi: CPU %d: %u unexpected NMIs ignored so far, %u of "
		       "them on the sysenter entry stack\n", pc->cpu, pc->nmis,
		       pc->nmis_entry);
	}
}

void trap_dispatch(struct trap_frame *f)
{
	struct percpu *pc = this_cpu();
	irq_handler_t fn;

	if (f->vector == 2) {
		nmi(f);
		return;
	}
	if (f->vector < 32) {
		if ((f->vector == 14 && (zero_fault(f) || cow_fault(f))) ||
		    (f->vector == 7 && fpu_device_not_available(f))) {
			trap_exit(f);
			return;
		}
		/* User faults and faults of user copies are not bugs. */
		if (!user_trap(f))
			exception(f);
		trap_exit(f);
		return;
	}
	if (f->vector == SYSCALL_VECTOR) {
		syscall_dispatch(f);
		trap_exit(f);
		return;
	}
	if (f->vector == VEC_SPURIOUS)
		return;		/* the LAPIC wants no EOI for it */
	if (f->vector >= VEC_PIC_BASE && f->vector < VEC_PIC_BASE + 16)
		return;		/* spurious IRQ 7/15 of the masked 8259s */

	/*
	 * EOI first: the gate keeps interrupts off until iret, so a new
	 * interrupt of this vector waits in the IRR; and a handler that
	 * switches tasks (the scheduler, later) must not leave the LAPIC
	 * blocked behind it.
	 */
	lapic_eoi();
	pc->irq_depth++;
	fn = handlers[f->vector];
	if (fn)
		fn(f);
	else
		printk("irq: CPU %d: vector 0x%x has no handler; ignored\n",
		       pc->cpu, f->vector);
	pc->irq_depth--;
	trap_exit(f);
}
