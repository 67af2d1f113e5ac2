/* printk.c - printk over the serial port and the VGA screen. */
#include "printk.h"
#include "console.h"
#include "spinlock.h"

/* Serializes writers of whole printk buffers; taken with interrupts off, as
 * interrupt handlers print too. */
static struct spinlock console_lock = SPINLOCK_INIT("console");

void console_init(void)
{
	serial_init();
	vga_init();
}

static void console_write(const char *s)
{
	for (; *s; s++) {
		serial_putc(*s);
		vga_putc(*s);
	}
}

int vprintk(const char *fmt, va_list ap)
{
	char buf[PRINTK_MAX];
	uint32_t flags;
	int n;

	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	flags = spin_lock_irqsave(&console_lock);
	console_write(buf);
	spin_unlock_irqrestore(&console_lock, flags);
	return n;
}

int printk(const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vprintk(fmt, ap);
	va_end(ap);
	return n;
}

void console_bust(void)
{
	spin_lock_bust(&console_lock);
}
