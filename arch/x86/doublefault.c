/*
 * doublefault.c - #DF through a task gate.
 *
 * A kernel stack that overflows runs into the unmapped guard page below it
 * (paging.h: every kernel stack has one). The push
 * that faults there raises #PF, whose delivery pushes onto the same stack
 * and faults again: a double fault. An interrupt gate would push its frame
 * there a third time, a triple fault, and the machine resets without a
 * word. A task gate instead makes the CPU save every register in the
 * current TSS and load a fresh set, stack included, from the #DF task's
 * TSS (Intel SDM vol. 3, 7.3 and 6.15 "Interrupt 8"), as Linux does on
 * 32-bit x86. The #DF task reads the faulting CPU's registers from that
 * CPU's TSS (its link field names it), says whether the stack pointer was
 * in a guard page, and panics.
 *
 * One #DF task serves every CPU, because the IDT, which names it, is
 * shared. A second CPU double faulting while the first reports finds the
 * task busy and resets the machine; the report of the first is on the
 * console by then, or being printed.
 */
#include "doublefault.h"
#include "cpu.h"
#include "gdt.h"
#include "paging.h"
#include "panic.h"
#include "percpu.h"
#include "printk.h"
#include "stacktrace.h"
#include "trap.h"

/* The #DF task's stack: the panic report's printk and stack trace. */
#define DF_STACK_SIZE	8192

static struct tss df_tss;
static uint8_t df_stack[DF_STACK_SIZE] __attribute__((aligned(16)));

static void __attribute__((noreturn)) df_task(void)
{
	uint32_t link = df_tss.link;
	int slot;
	struct percpu *pc;
	struct tss *t;
	int overflow;

	/* The CPU that faulted: its TSS selector is our link; its %gs
	 * selector follows it (gdt.h). */
	slot = (int)(link - GDT_TSS_SEL(0)) / (GDT_TSS_SEL(1) - GDT_TSS_SEL(0));
	__asm__ volatile("movw %w0, %%gs" : : "r"(link + GDT_PERCPU_FROM_TSS) : "memory");
	pc = this_cpu();
	t = &pc->tss;
	overflow = t->esp >= pc->stack_base - PAGE_SIZE && t->esp < pc->stack_base + 64;
	panic_enter();
	printk("panic: CPU %d (APIC 0x%x): exception 8, double fault (#DF)%s\n",
	       pc->cpu, pc->apic_id,
	       overflow ? ": kernel stack overflow" : "");
	if (overflow)
		printk("  ESP %08x is in the guard page below the stack [0x%lx, 0x%lx)\n",
		       t->esp, (unsigned long)pc->stack_base,
		       (unsigned long)pc->stack_top);
	printk("  EIP %08x  CS %04x  EFLAGS %08x  (slot %d, from the #DF task)\n",
	       t->eip, t->cs, t->eflags, slot);
	printk("  EAX %08x  EBX %08x  ECX %08x  EDX %08x\n",
	       t->eax, t->ebx, t->ecx, t->edx);
	printk("  ESI %08x  EDI %08x  EBP %08x  ESP %08x  CR2 %08x\n",
	       t->esi, t->edi, t->ebp, t->esp, read_cr2());
	dump_stack_from(t->ebp, t->eip);
	panic_finish();
}

void doublefault_init(void)
{
	df_tss.esp = (uint32_t)(uintptr_t)(df_stack + DF_STACK_SIZE);
	df_tss.esp0 = df_tss.esp;
	df_tss.ss = df_tss.ss0 = GDT_KERNEL_DS;
	df_tss.ds = df_tss.es = GDT_KERNEL_DS;
	df_tss.fs = df_tss.gs = 0;
	df_tss.cs = GDT_KERNEL_CS;
	df_tss.eip = (uint32_t)(uintptr_t)df_task;
	df_tss.eflags = 0x2;		/* reserved bit 1; IF clear */
	df_tss.cr3 = paging_cr3();
	df_tss.iomap_base = sizeof(df_tss);
	gdt_set_df_tss(&df_tss);
	idt_set_task_gate(8, GDT_DF_TSS_SEL);
}

/* Volatile and used after the call, so neither inlined nor a tail call. */
static int __attribute__((noinline)) recurse(int depth)
{
	volatile char pad[256];

	pad[0] = (char)depth;
	if (depth > 1000000)		/* never: a 12 KiB stack ends first */
		return 0;
	return recurse(depth + 1) + pad[0];
}

void doublefault_overflow_stack(void)
{
	cli();		/* no tick: the end-of-stack check would report first */
	recurse(0);
	panic("ktest_panic=overflow: the stack did not overflow");
}
