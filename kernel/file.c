/*
 * file.c - open files: references, fd tables, and the console.
 *
 * The console writes through printk (serial and VGA, one line at a time
 * under printk's lock) and reads COM1's receiver and the PS/2 keyboard's
 * queue (arch/x86/ps2kbd.c). There is no receive interrupt on COM1: a
 * reader polls both every CONSOLE_POLL_MS, sleeping in between, which
 * keeps the UART driver (arch/x86/serial.c) output-only.
 */
#include "file.h"
#include "io.h"
#include "printk.h"
#include "ps2kbd.h"
#include "task.h"
#include "uaccess.h"

#define COM1_DATA	0x3f8
#define COM1_LSR	0x3fd
#define LSR_DATA_READY	0x01
/* 10 ms: a typed key shows up within a hundredth of a second. */
#define CONSOLE_POLL_MS	10

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

static int serial_ready(void)
{
	return !!(inb(COM1_LSR) & LSR_DATA_READY);
}

static int console_readable(struct file *f)
{
	(void)f;
	return serial_ready() || ps2kbd_pending();
}

/* The next input byte from either source, or -1. */
static int console_getc(void)
{
	if (serial_ready())
		return inb(COM1_DATA);
	return ps2kbd_getc();
}

static int console_read(struct file *f, char *ubuf, uint32_t len)
{
	uint32_t n = 0;
	char c;

	if (!len)
		return 0;
	while (!console_readable(f)) {
		if (this_task()->killed)
			return -EINTR;
		msleep(CONSOLE_POLL_MS);
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
