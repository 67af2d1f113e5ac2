/*
 * gdt.c - segmentation as little as x86 allows: flat code and data segments
 * for the kernel and for user mode, plus per CPU a TSS (the kernel stack for
 * entries from ring 3) and a %gs segment for per-CPU data.
 */
#include <stdint.h>
#include "gdt.h"
#include "string.h"

/* Access bytes. */
#define SEG_KCODE	0x9a	/* present, ring 0, code, readable */
#define SEG_KDATA	0x92	/* present, ring 0, data, writable */
#define SEG_UCODE	0xfa	/* present, ring 3, code, readable */
#define SEG_UDATA	0xf2	/* present, ring 3, data, writable */
#define SEG_TSS32	0x89	/* present, ring 0, available 32-bit TSS */
#define SEG_PERCPU	0xf2	/* as SEG_UDATA: ring 3 may load it (gdt.h) */
/* Flags nibble. */
#define GRAN_4K_32	0xc	/* limit in 4 KiB units, 32-bit */
#define GRAN_BYTE	0x0	/* limit in bytes */

static uint64_t gdt[GDT_ENTRIES] __attribute__((aligned(8)));

static uint64_t seg_desc(uint32_t base, uint32_t limit, uint8_t access,
			 uint8_t flags)
{
	uint64_t d;

	d = limit & 0xffff;
	d |= (uint64_t)(base & 0xffffff) << 16;
	d |= (uint64_t)access << 40;
	d |= (uint64_t)((limit >> 16) & 0xf) << 48;
	d |= (uint64_t)(flags & 0xf) << 52;
	d |= (uint64_t)(base >> 24) << 56;
	return d;
}

void gdt_init(void)
{
	memset(gdt, 0, sizeof(gdt));
	gdt[1] = seg_desc(0, 0xfffff, SEG_KCODE, GRAN_4K_32);
	gdt[2] = seg_desc(0, 0xfffff, SEG_KDATA, GRAN_4K_32);
	gdt[3] = seg_desc(0, 0xfffff, SEG_UCODE, GRAN_4K_32);
	gdt[4] = seg_desc(0, 0xfffff, SEG_UDATA, GRAN_4K_32);
}

void gdt_setup_cpu(struct percpu *pc, int slot)
{
	memset(&pc->tss, 0, sizeof(pc->tss));
	pc->tss.ss0 = GDT_KERNEL_DS;
	pc->tss.esp0 = pc->stack_top;
	/* An I/O map base past the limit: no I/O bitmap, ring 3 gets no ports. */
	pc->tss.iomap_base = sizeof(pc->tss);
	pc->entry_guard = ENTRY_STACK_GUARD;	/* checked by trap_tick() */
	gdt[GDT_TSS_SEL(slot) >> 3] =
		seg_desc((uintptr_t)&pc->tss, sizeof(pc->tss) - 1, SEG_TSS32, GRAN_BYTE);
	gdt[GDT_PERCPU_SEL(slot) >> 3] =
		seg_desc((uintptr_t)pc, sizeof(*pc) - 1, SEG_PERCPU, GRAN_BYTE);
}

void gdt_set_df_tss(struct tss *tss)
{
	gdt[GDT_DF_TSS] = seg_desc((uintptr_t)tss, sizeof(*tss) - 1, SEG_TSS32,
				   GRAN_BYTE);
}

struct gdt_ptr gdt_pointer(void)
{
	struct gdt_ptr p = { sizeof(gdt) - 1, (uintptr_t)gdt };

	return p;
}

void gdt_load_cpu(int slot)
{
	struct gdt_ptr p = gdt_pointer();

	__asm__ volatile("lgdt %0" : : "m"(p));
	/* Reload every segment register so none keeps a loader's descriptor. */
	__asm__ volatile("ljmp %0, $1f\n1:" : : "i"(GDT_KERNEL_CS));
	__asm__ volatile("movw %w0, %%ds\n\tmovw %w0, %%es\n\tmovw %w0, %%ss\n\t"
			 "movw %w1, %%fs"
			 : : "r"(GDT_KERNEL_DS), "r"(0));
	__asm__ volatile("ltr %w0" : : "r"(GDT_TSS_SEL(slot)));
	__asm__ volatile("movw %w0, %%gs" : : "r"(GDT_PERCPU_SEL(slot)) : "memory");
}
