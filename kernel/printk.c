/* printk.c - printk over the serial port and the screen (VGA text or framebuffer). */
#include <stdint.h>
#include "printk.h"
#include "console.h"
#include "panic.h"
#include "percpu.h"
#include "spinlock.h"

/*
 * console_lock serializes writers of whole printk buffers; it is taken with
 * interrupts off, as interrupt handlers print too. It also guards the line
 * state below.
 *
 * A line may be printed in pieces (a user program's printf() of half a
 * line, printk("...") then printk("...\n")), and a panic takes the console
 * from a CPU it stopped in the middle of a line. So the console remembers
 * whether its last character ended a line (line_open) and who left it open
 * (line_owner); a different writer first ends that line. No line then
 * starts in the middle of another writer's: every line a test or a reader
 * looks for begins at column 0, on serial and on screen alike.
 *
 * Invariant, under console_lock: line_open == 0, or the last character
 * written was not '\n' and line_owner is the writer that wrote it.
 * line_open is updated character by character, so it holds even for a
 * writer stopped half way (panic's NMI).
 */
static struct spinlock console_lock = SPINLOCK_INIT("console");
static int line_open;
static uintptr_t line_owner;
/* Which screen: not chosen yet (both kept), VGA text, the framebuffer. */
static enum { SCREEN_EARLY, SCREEN_VGA, SCREEN_FB } screen;

void console_init(void)
{
	serial_init();
	vga_init();
}

void console_screen_init(void)
{
	uint32_t flags = spin_lock_irqsave(&console_lock);
	int err = fbcon_init();

	screen = err == 0 ? SCREEN_FB : SCREEN_VGA;
	spin_unlock_irqrestore(&console_lock, flags);
	if (err == -2)
		printk("fbcon: the framebuffer lies where paging cannot map it; "
		       "no screen\n");
}

void console_dump_screen(void)
{
	uint32_t flags = spin_lock_irqsave(&console_lock);

	/* Serial only, and at column 0, so the dump is the test's to read. */
	if (line_open)
		serial_putc('\n');
	line_open = 0;
	fbcon_dump(serial_putc);
	spin_unlock_irqrestore(&console_lock, flags);
}

/*
 * Who is writing: the running task, or, in an interrupt handler or before
 * this CPU runs a task, the CPU (its percpu address with the low bit set,
 * so it is never a task's). A task that moves to another CPU between two
 * pieces of a line stays the same writer.
 */
static uintptr_t console_writer(void)
{
	struct percpu *me = this_cpu();

	if (me->irq_depth > 0 || !me->current)
		return (uintptr_t)me | 1;
	return (uintptr_t)me->current;
}

static void console_putc(char c)
{
	serial_putc(c);
	if (screen != SCREEN_FB)
		vga_putc(c);
	if (screen != SCREEN_VGA)
		fbcon_putc(c);	/* kept until console_screen_init() chooses */
}

static void console_write(const char *s)
{
	uintptr_t me = console_writer();

	if (!spin_is_held(&console_lock))
		panic("console: written without the console lock");
	if (!*s)
		return;
	if (line_open && line_owner != me)
		console_putc('\n');
	line_owner = me;
	for (; *s; s++) {
		console_putc(*s);
		line_open = *s != '\n';
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

/*
 * Take the console from a stopped CPU. Whatever line it left open is
 * ended by the next printk, as for any other writer: the panic report
 * starts at column 0.
 */
void console_bust(void)
{
	spin_lock_bust(&console_lock);
	line_owner = 0;
}
