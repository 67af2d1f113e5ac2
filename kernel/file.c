/*
 * file.c - open files: references, fd tables, and the console.
 *
 * The console writes through printk (serial and the screen, one line at a time
 * under printk's lock) and reads COM1's input queue and the PS/2
 * keyboard's (arch/x86/serial.c, ps2kbd.c). Both interrupt handlers ring
 * console_input_ready(), which wakes the readers; a reader also looks
 * every CONSOLE_POLL_MS on its own, which is how input arrives where no
 * interrupt is routed (no I/O APIC) and what bounds a wakeup ever lost.
 *
 * Locking: con_lock (interrupts off) owns con_waiters, the readers asleep
 * on the console (kernel/wait.h). The input queues are filled by the
 * interrupt handlers before console_input_ready() takes con_lock, and a
 * reader looks at them holding con_lock: so input that comes after the
 * look finds the reader listed, and input that came before is seen.
 */
#include "console.h"
#include "file.h"
#include "printk.h"
#include "ps2kbd.h"
#include "task.h"
#include "timer.h"
#include "uaccess.h"
#include "wait.h"

/* Without interrupts a reader polls every 10 ms (a typed key shows up
 * within a hundredth of a second); with them it also wakes every second,
 * in case an interrupt was lost. */
#define CONSOLE_POLL_MS		10
#define CONSOLE_IRQ_POLL_MS	1000

static struct spinlock con_lock = SPINLOCK_INIT("console readers");
static struct wait_queue con_waiters = WAIT_QUEUE_INIT(con_waiters);
static int con_by_irq;	/* serial input arrives by interrupt */

struct file *file_get(struct file *f)
{
	__atomic_add_fetch(&f->refs, 1, __ATOMIC_ACQ_REL);
	return f;
}

void file_put(struct file *f)
{
	if (__atomic_sub_fetch(&f->refs, 1, __ATOMIC_ACQ_REL) == 0 &&
	    f->ops->release)
		f->ops->release(f);
}

int fd_install(struct task *t, struct file *f)
{
	int fd;

	for (fd = 0; fd < MAX_FDS; fd++)
		if (!t->files[fd]) {
			t->files[fd] = f;
			return fd;
		}
	return -EMFILE;
}

struct file *fd_file(struct task *t, int fd)
{
	if (fd < 0 || fd >= MAX_FDS)
		return NULL;
	return t->files[fd];
}

/* ---- the console -------------------------------------------------------- */

/* From the serial and keyboard interrupts: input came, wake the readers. */
void console_input_ready(void)
{
	uint32_t flags = spin_lock_irqsave(&con_lock);

	wake_up_all(&con_waiters, 0);
	spin_unlock_irqrestore(&con_lock, flags);
}

void console_input_init(uint32_t apic_id)
{
	if (serial_rx_init(apic_id, console_input_ready) == 0)
		con_by_irq = 1;
	else
		printk("console: no COM1 input interrupt; the shell polls\n");
}

static int console_readable(struct file *f)
{
	(void)f;
	return serial_pending() || ps2kbd_pending();
}

/*
 * Ctrl-\ on the console is the kernel's, not the reader's: it writes the
 * screen's characters to the serial port (console_dump_screen()), without
 * touching the screen, for the screen test (tests/boot/uefi.sh).
 */
#define CONSOLE_DUMP_KEY	0x1c

/* The next input byte from either source, or -1. */
static int console_getc(void)
{
	int c;

	do {
		c = serial_getc();
		if (c < 0)
			c = ps2kbd_getc();
		if (c == CONSOLE_DUMP_KEY)
			console_dump_screen();
	} while (c == CONSOLE_DUMP_KEY);
	return c;
}

/* Sleep until input may be there: woken by an interrupt, or the poll. */
static void console_wait(struct file *f)
{
	unsigned int ms = con_by_irq ? CONSOLE_IRQ_POLL_MS : CONSOLE_POLL_MS;
	uint32_t flags;

	flags = spin_lock_irqsave(&con_lock);
	if (!console_readable(f))
		flags = wait_locked(&con_waiters, &con_lock, flags,
				    jiffies_64() + (uint64_t)ms * HZ / 1000 + 1);
	spin_unlock_irqrestore(&con_lock, flags);
}

static int console_read(struct file *f, char *ubuf, uint32_t len)
{
	uint32_t n = 0;
	char c;

	if (!len)
		return 0;
	/* Again when all that came was the kernel's key: 0 would be EOF. */
	while (!n) {
		while (!console_readable(f)) {
			if (this_task()->killed)
				return -EINTR;
			console_wait(f);
		}
		while (n < len) {
			int k = console_getc();

			if (k < 0)
				break;
			c = (char)k;
			if (copy_to_user(ubuf + n, &c, 1))
				return n ? (int)n : -EFAULT;
			n++;
		}
	}
	return (int)n;
}

static int console_write(struct file *f, const char *ubuf, uint32_t len)
{
	char buf[257];
	uint32_t done = 0;

	(void)f;
	while (done < len) {
		uint32_t n = len - done > 256 ? 256 : len - done, i, j = 0;

		if (copy_from_user(buf, ubuf + done, n))
			return done ? (int)done : -EFAULT;
		/* printk's "%s" ends at a NUL: pass the others on. */
		for (i = 0; i < n; i++)
			if (buf[i])
				buf[j++] = buf[i];
		buf[j] = '\0';
		printk("%s", buf);
		done += n;
	}
	return (int)done;
}

static const struct file_ops console_ops = {
	.read = console_read,
	.write = console_write,
	.readable = console_readable,
	.release = 0,
};

/* One reference that is never dropped: the console is never released. */
struct file console_file = { 1, &console_ops, 0 };
