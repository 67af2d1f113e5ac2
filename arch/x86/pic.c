/*
 * pic.c - put the two 8259 PICs out of the way. The I/O APIC delivers
 * device interrupts, but the PICs still exist; their default vectors (8-15)
 * would look like exceptions, so they are moved to VEC_PIC_BASE and masked.
 */
#include "ioapic.h"
#include "io.h"
#include "trap.h"

#define PIC1_CMD	0x20
#define PIC1_DATA	0x21
#define PIC2_CMD	0xa0
#define PIC2_DATA	0xa1
#define ICW1_INIT_ICW4	0x11	/* edge, cascade, ICW4 follows */
#define ICW4_8086	0x01

void pic_disable(void)
{
	outb(PIC1_CMD, ICW1_INIT_ICW4);
	io_delay();
	outb(PIC2_CMD, ICW1_INIT_ICW4);
	io_delay();
	outb(PIC1_DATA, VEC_PIC_BASE);		/* ICW2: vector base */
	io_delay();
	outb(PIC2_DATA, VEC_PIC_BASE + 8);
	io_delay();
	outb(PIC1_DATA, 1 << 2);		/* ICW3: slave on IRQ 2 */
	io_delay();
	outb(PIC2_DATA, 2);			/* ICW3: slave identity */
	io_delay();
	outb(PIC1_DATA, ICW4_8086);
	io_delay();
	outb(PIC2_DATA, ICW4_8086);
	io_delay();
	outb(PIC1_DATA, 0xff);			/* mask everything */
	outb(PIC2_DATA, 0xff);
}
