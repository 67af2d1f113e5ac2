/*
 * gdt.h - the one GDT all CPUs share, and each CPU's TSS and %gs segment.
 *
 *   index 0        null
 *   index 1 (0x08) kernel code, flat      index 3 (0x1b) user code, flat
 *   index 2 (0x10) kernel data, flat      index 4 (0x23) user data, flat
 *   index 6 + 2s   the TSS of CPU slot s
 *   index 7 + 2s   the %gs segment of slot s (base = its struct percpu)
 *   last           the TSS of the double-fault task (doublefault.c)
 *
 * The %gs selector is the TSS selector + 8 with RPL 3, which lets the
 * entries find it with `str` alone (entry.asm, sysentry.asm).
 *
 * The %gs segments are ring 3 (DPL 3), so that a process may hold one: a
 * process runs with the per-CPU selector of its CPU in %gs (usermode.c),
 * and an entry whose %gs already holds this CPU's selector loads nothing.
 * Under QEMU every segment load is a descriptor read and its checks, a
 * call out of translated code, so a load skipped at each system call entry
 * is a good part of a null system call.
 * It gives ring 3 nothing: the base is the kernel's struct percpu, in
 * supervisor pages, so any access through it faults (#PF); what user code
 * learns, by reading the selector, is which CPU it runs on.
 */
#ifndef ARCH_X86_GDT_H
#define ARCH_X86_GDT_H

#include "percpu.h"

#define GDT_KERNEL_CS	0x08	/* boot/trampoline.asm repeats these two */
#define GDT_KERNEL_DS	0x10
#define GDT_USER_CS	(0x18 | 3)
#define GDT_USER_DS	(0x20 | 3)
#define GDT_FIRST_CPU	6
#define GDT_DF_TSS	(GDT_FIRST_CPU + 2 * NR_CPUS)
#define GDT_ENTRIES	(GDT_DF_TSS + 1)
#define GDT_DF_TSS_SEL	(GDT_DF_TSS << 3)

#define GDT_TSS_SEL(slot)	((GDT_FIRST_CPU + 2 * (slot)) << 3)
#define GDT_PERCPU_FROM_TSS	(8 | 3)	/* entry.asm and sysentry.asm repeat it */
#define GDT_PERCPU_SEL(slot)	(GDT_TSS_SEL(slot) + GDT_PERCPU_FROM_TSS)

/* 1 when sel is a per-CPU %gs selector, of any CPU. */
static inline int gdt_is_percpu_sel(uint32_t sel)
{
	return sel >= GDT_PERCPU_SEL(0) && sel <= GDT_PERCPU_SEL(NR_CPUS - 1) &&
	       (sel & 15) == (GDT_PERCPU_SEL(0) & 15);
}

struct gdt_ptr {
	uint16_t limit;
	uint32_t base;
} __attribute__((packed));

/* Build the shared entries. Boot CPU, once, first thing in kmain. */
void gdt_init(void);

/* Fill slot's TSS and %gs descriptors for pc (any CPU may do this for a
 * CPU about to start), then, on the CPU itself, gdt_load_cpu(). */
void gdt_setup_cpu(struct percpu *pc, int slot);
void gdt_load_cpu(int slot);

/* The descriptor of the double-fault task's TSS (doublefault.c). */
void gdt_set_df_tss(struct tss *tss);

/* The GDT register value, for the AP trampoline. */
struct gdt_ptr gdt_pointer(void);

#endif
