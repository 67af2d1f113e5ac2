/*
 * gdt.h - the one GDT all CPUs share, and each CPU's TSS and %gs segment.
 *
 *   index 0        null
 *   index 1 (0x08) kernel code, flat      index 3 (0x1b) user code, flat
 *   index 2 (0x10) kernel data, flat      index 4 (0x23) user data, flat
 *   index 6 + 2s   the TSS of CPU slot s
 *   index 7 + 2s   the %gs segment of slot s (base = its struct percpu)
 *
 * The %gs selector is the TSS selector + 8, which lets interrupt entry find
 * it with `str` alone (entry.asm).
 */
#ifndef ARCH_X86_GDT_H
#define ARCH_X86_GDT_H

#include "percpu.h"

#define GDT_KERNEL_CS	0x08	/* boot/trampoline.asm repeats these two */
#define GDT_KERNEL_DS	0x10
#define GDT_USER_CS	(0x18 | 3)
#define GDT_USER_DS	(0x20 | 3)
#define GDT_FIRST_CPU	6
#define GDT_ENTRIES	(GDT_FIRST_CPU + 2 * NR_CPUS)

#define GDT_TSS_SEL(slot)	((GDT_FIRST_CPU + 2 * (slot)) << 3)
#define GDT_PERCPU_SEL(slot)	(GDT_TSS_SEL(slot) + 8)

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

/* The GDT register value, for the AP trampoline. */
struct gdt_ptr gdt_pointer(void);

#endif
