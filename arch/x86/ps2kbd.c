/*
 * ps2kbd.c - the PS/2 keyboard through the i8042 controller.
 *
 * The controller (as the BIOS leaves it, and as QEMU models it) sends scan
 * code set 1 (translation on) and raises ISA IRQ 1 for each byte. The
 * handler turns make codes into ASCII with a US layout, Shift and Ctrl,
 * and queues them; releases and keys without a character are dropped.
 * The handler rings the console (kernel/file.c console_input_ready), which
 * wakes whoever waits for a key.
 *
 * Locking: kbd_lock (interrupts off) protects the queue, as include/ring.h
 * says; shift and ctrl belong to the handler alone.
 */
#include "ps2kbd.h"
#include "file.h"
#include "io.h"
#include "ioapic.h"
#include "percpu.h"
#include "printk.h"
#include "ring.h"
#include "spinlock.h"
#include "trap.h"

#define I8042_DATA	0x60
#define I8042_STATUS	0x64
#define STATUS_OUTPUT	0x01		/* a byte waits in the data port */
#define KBD_IRQ		1
#define KBD_QUEUE	64		/* characters typed ahead */

#define SC_LSHIFT	0x2a
#define SC_RSHIFT	0x36
#define SC_CTRL		0x1d
#define SC_RELEASE	0x80

/* Set 1 make codes 0x00-0x39, US layout: plain and shifted. */
static const char plain[0x3a] =
	"\0\0331234567890-=\b\tqwertyuiop[]\r\0asdfghjkl;'`\0\\zxcvbnm,./\0*\0 ";
static const char shifted[0x3a] =
	"\0\033!@#$%^&*()_+\b\tQWERTYUIOP{}\r\0ASDFGHJKL:\"~\0|ZXCVBNM<>?\0*\0 ";

static struct spinlock kbd_lock = SPINLOCK_INIT("ps2 keyboard");
DEFINE_RING(queue, KBD_QUEUE);
static int shift, ctrl;

static void push(char c)
{
	uint32_t flags = spin_lock_irqsave(&kbd_lock);

	(void)ring_push(&queue, c);	/* full: the key is lost */
	spin_unlock_irqrestore(&kbd_lock, flags);
}

static void kbd_interrupt(struct trap_frame *f)
{
	uint8_t sc;
	char c;

	(void)f;
	if (!(inb(I8042_STATUS) & STATUS_OUTPUT))
		return;
	sc = inb(I8042_DATA);
	switch (sc & ~SC_RELEASE) {
	case SC_LSHIFT:
	case SC_RSHIFT:
		shift = !(sc & SC_RELEASE);
		return;
	case SC_CTRL:
		ctrl = !(sc & SC_RELEASE);
		return;
	}
	if ((sc & SC_RELEASE) || sc >= sizeof(plain))
		return;
	c = shift ? shifted[sc] : plain[sc];
	if (!c)
		return;
	if (ctrl && c >= 'a' && c <= 'z')
		c = (char)(c - 'a' + 1);
	push(c);
	console_input_ready();
}

int ps2kbd_getc(void)
{
	uint32_t flags = spin_lock_irqsave(&kbd_lock);
	int c = ring_pop(&queue);

	spin_unlock_irqrestore(&kbd_lock, flags);
	return c;
}

int ps2kbd_pending(void)
{
	return (int)ring_count(&queue);
}

void ps2kbd_init(int have_ioapic)
{
	int i;

	if (!have_ioapic)
		return;
	/* Whatever the BIOS left in the output buffer (bounded: a missing
	 * controller reads 0xff). */
	for (i = 0; i < 16 && (inb(I8042_STATUS) & STATUS_OUTPUT); i++)
		(void)inb(I8042_DATA);
	irq_register(VEC_ISA_BASE + KBD_IRQ, kbd_interrupt);
	if (ioapic_route_isa(KBD_IRQ, VEC_ISA_BASE + KBD_IRQ,
			     this_cpu()->apic_id))
		printk("ps2kbd: IRQ 1 not routed; no keyboard\n");
}
