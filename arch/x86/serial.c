/*
 * serial.c - COM1, the console every test reads.
 *
 * Polled output only: the kernel prints little, and polling works with
 * interrupts off, in panic and on any CPU. 115200 8N1 as grub.cfg sets it,
 * so GRUB's output and ours read alike on a real terminal.
 */
#include "console.h"
#include "io.h"

#define COM1		0x3f8
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
#define LCR_DLAB	0x80
#define LCR_8N1		0x03

/* 115200 baud: the UART's 1.8432 MHz clock / 16 / 115200 = divisor 1. */
#define BAUD_DIVISOR	1

/* Spins before giving up on a byte, so a missing UART cannot hang us. */
#define TX_SPIN_LIMIT	100000

static int serial_ok;

int serial_init(void)
{
	/* A UART has a scratch register that keeps what we write. */
	outb(COM1 + UART_SCR, 0x5a);
	if (inb(COM1 + UART_SCR) != 0x5a)
		return -1;
	outb(COM1 + UART_IER, 0x00);
	outb(COM1 + UART_LCR, LCR_DLAB);
	outb(COM1 + UART_DLL, BAUD_DIVISOR & 0xff);
	outb(COM1 + UART_DLH, BAUD_DIVISOR >> 8);
	outb(COM1 + UART_LCR, LCR_8N1);
	outb(COM1 + UART_FCR, 0xc7);	/* FIFOs on, cleared, 14-byte trigger */
	outb(COM1 + UART_MCR, 0x03);	/* DTR, RTS */
	serial_ok = 1;
	return 0;
}

static void serial_raw(char c)
{
	int n = TX_SPIN_LIMIT;

	while (!(inb(COM1 + UART_LSR) & LSR_THRE) && --n)
		;
	outb(COM1 + UART_DATA, (unsigned char)c);
}

void serial_putc(char c)
{
	if (!serial_ok)
		return;
	if (c == '\n')
		serial_raw('\r');
	serial_raw(c);
}
