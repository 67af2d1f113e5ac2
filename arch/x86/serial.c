/*
 * serial.c - COM1, the console every test reads, and COM2, where the trace
 * dump goes (kernel/trace.c) so that it does not mix with the console.
 *
 * Polled output: the kernel prints little, and polling works with
 * interrupts off, in panic and on any CPU. 115200 8N1 as grub.cfg sets it,
 * so GRUB's output and ours read alike on a real terminal.
 *
 * Input on COM1 comes by interrupt (ISA IRQ 4) once serial_rx_init() has
 * routed it: the handler moves the bytes into a queue and rings the
 * console's doorbell, so a shell waiting for a key sleeps instead of
 * polling (an idle machine stays idle in `top`). Without an I/O APIC the
 * readers poll the UART (serial_getc reads it directly then).
 *
 * Locking: rx_lock (interrupts off) protects the input queue, as
 * include/ring.h says, and the UART's receive side with it.
 */
#include "console.h"
#include "io.h"
#include "ioapic.h"
#include "ring.h"
#include "spinlock.h"
#include "trap.h"

#define COM1		0x3f8
#define COM2		0x2f8
#define UART_DATA	0	/* DLAB=0: transmit/receive */
#define UART_IER	1	/* DLAB=0: interrupt enable */
#define UART_DLL	0	/* DLAB=1: divisor low */
#define UART_DLH	1	/* DLAB=1: divisor high */
#define UART_FCR	2
#define UART_LCR	3
#define UART_MCR	4
#define UART_LSR	5
#define UART_SCR	7
#define LSR_THRE	0x20	/* transmit holding register empty */
#define LSR_DATA_READY	0x01	/* a received byte waits */
#define IER_RX		0x01	/* interrupt when a byte is received */
#define MCR_OUT2	0x08	/* gates the UART's interrupt line on a PC */
#define COM1_IRQ	4
#define RX_QUEUE	256	/* bytes typed (or pasted) ahead */
#define LCR_DLAB	0x80
#define LCR_8N1		0x03

/* 115200 baud: the UART's 1.8432 MHz clock / 16 / 115200 = divisor 1. */
#define BAUD_DIVISOR	1

/* Spins before giving up on a byte, so a missing UART cannot hang us. */
#define TX_SPIN_LIMIT	100000

static int serial_ok, serial2_ok;

/* Program the UART at port; -1 when nothing answers there (its scratch
 * register does not keep what we write: no UART, reads give 0xff). */
static int uart_init(uint16_t port)
{
	outb(port + UART_SCR, 0x5a);
	if (inb(port + UART_SCR) != 0x5a)
		return -1;
	outb(port + UART_SCR, 0xa5);
	if (inb(port + UART_SCR) != 0xa5)
		return -1;
	outb(port + UART_IER, 0x00);
	outb(port + UART_LCR, LCR_DLAB);
	outb(port + UART_DLL, BAUD_DIVISOR & 0xff);
	outb(port + UART_DLH, BAUD_DIVISOR >> 8);
	outb(port + UART_LCR, LCR_8N1);
	outb(port + UART_FCR, 0xc7);	/* FIFOs on, cleared, 14-byte trigger */
	outb(port + UART_MCR, 0x03);	/* DTR, RTS */
	return 0;
}

static void uart_raw(uint16_t port, char c)
{
	int n = TX_SPIN_LIMIT;

	while (!(inb(port + UART_LSR) & LSR_THRE) && --n)
		;
	outb(port + UART_DATA, (unsigned char)c);
}

int serial_init(void)
{
	if (uart_init(COM1))
		return -1;
	serial_ok = 1;
	return 0;
}

void serial_putc(char c)
{
	if (!serial_ok)
		return;
	if (c == '\n')
		uart_raw(COM1, '\r');
	uart_raw(COM1, c);
}

int serial2_init(void)
{
	if (!serial2_ok && uart_init(COM2))
		return -1;
	serial2_ok = 1;
	return 0;
}

/* No '\r' before '\n': COM2 carries data for a file, not a terminal. */
void serial2_putc(char c)
{
	if (serial2_ok)
		uart_raw(COM2, c);
}

/* ---- COM1 input --------------------------------------------------------- */

static struct spinlock rx_lock = SPINLOCK_INIT("com1 input");
DEFINE_RING(rx_queue, RX_QUEUE);
static int rx_by_irq;
static void (*rx_notify)(void);

/* Move what the UART holds into the queue (bounded: a dead UART reads
 * 0xff, "data ready" included). A full queue drops the byte. */
static void rx_drain(void)
{
	uint32_t flags = spin_lock_irqsave(&rx_lock);
	int n;

	for (n = 0; n < 64 && (inb(COM1 + UART_LSR) & LSR_DATA_READY); n++) {
		(void)ring_push(&rx_queue, (char)inb(COM1 + UART_DATA));
	}
	spin_unlock_irqrestore(&rx_lock, flags);
}

static void com1_interrupt(struct trap_frame *f)
{
	(void)f;
	rx_drain();
	if (rx_notify)
		rx_notify();
}

int serial_rx_init(uint32_t apic_id, void (*notify)(void))
{
	if (!serial_ok)
		return -1;
	rx_notify = notify;
	irq_register(VEC_ISA_BASE + COM1_IRQ, com1_interrupt);
	if (ioapic_route_isa(COM1_IRQ, VEC_ISA_BASE + COM1_IRQ, apic_id))
		return -1;
	rx_by_irq = 1;
	outb(COM1 + UART_MCR, 0x03 | MCR_OUT2);
	outb(COM1 + UART_IER, IER_RX);
	rx_drain();	/* what came before the interrupt was on */
	return 0;
}

int serial_pending(void)
{
	if (!rx_by_irq)
		return serial_ok && (inb(COM1 + UART_LSR) & LSR_DATA_READY);
	return (int)ring_count(&rx_queue);
}

int serial_getc(void)
{
	uint32_t flags;
	int c = -1;

	if (!rx_by_irq) {
		if (serial_ok && (inb(COM1 + UART_LSR) & LSR_DATA_READY))
			c = inb(COM1 + UART_DATA);
		return c;
	}
	flags = spin_lock_irqsave(&rx_lock);
	c = ring_pop(&rx_queue);
	spin_unlock_irqrestore(&rx_lock, flags);
	return c;
}
