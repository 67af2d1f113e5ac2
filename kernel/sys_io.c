/*
 * sys_io.c - system calls on fds: read, write, close, pipe, open, poll.
 */
#include "syscall.h"
#include "file.h"
#include "heap.h"
#include "proc.h"
#include "task.h"
#include "timer.h"
#include "uaccess.h"

int sys_read(int fd, char *buf, uint32_t len)
{
	struct file *f = fd_file(this_task(), fd);

	if (!f || !f->ops->read)
		return -EBADF;
	/* Checked before waiting: a bad buffer fails now, not at input. */
	if (!user_range_ok((uintptr_t)buf, len) || (len && !buf))
		return -EFAULT;
	return f->ops->read(f, buf, len);
}

int sys_write(int fd, const char *buf, uint32_t len)
{
	struct file *f = fd_file(this_task(), fd);

	if (!f || !f->ops->write)
		return -EBADF;
	if (!user_range_ok((uintptr_t)buf, len) || (len && !buf))
		return -EFAULT;
	return f->ops->write(f, buf, len);
}

int sys_close(int fd)
{
	struct task *t = this_task();
	struct file *f = fd_file(t, fd);

	if (!f)
		return -EBADF;
	t->files[fd] = NULL;
	file_put(f);
	return 0;
}

int sys_pipe(int *ufds)
{
	struct task *t = this_task();
	struct file *r, *w;
	int fds[2], err;

	if (!user_range_ok((uintptr_t)ufds, sizeof(fds)))
		return -EFAULT;
	err = pipe_create(&r, &w);
	if (err)
		return err;
	fds[0] = fd_install(t, r);
	fds[1] = fds[0] < 0 ? -EMFILE : fd_install(t, w);
	if (fds[1] < 0) {
		if (fds[0] >= 0)
			t->files[fds[0]] = NULL;
		file_put(r);
		file_put(w);
		return -EMFILE;
	}
	if (copy_to_user(ufds, fds, sizeof(fds))) {
		t->files[fds[0]] = t->files[fds[1]] = NULL;
		file_put(r);
		file_put(w);
		return -EFAULT;
	}
	return 0;
}

/* ---- initrd files ------------------------------------------------------- */

struct rofile {
	struct file f;
	const char *data;
	uint32_t size, off;
};

static int ro_read(struct file *f, char *ubuf, uint32_t len)
{
	struct rofile *r = (struct rofile *)f;
	uint32_t n = r->size - r->off;

	if (n > len)
		n = len;
	if (copy_to_user(ubuf, r->data + r->off, n))
		return -EFAULT;
	r->off += n;
	return (int)n;
}

static int ro_readable(struct file *f)
{
	(void)f;
	return 1;
}

static void ro_release(struct file *f)
{
	kfree(f);
}

static const struct file_ops ro_ops = {
	.read = ro_read, .readable = ro_readable, .release = ro_release,
};

struct file *initrd_file_open(const void *data, uint32_t size)
{
	struct rofile *r = kzalloc(sizeof(*r));

	if (!r)
		return NULL;
	r->f.refs = 1;
	r->f.ops = &ro_ops;
	r->data = data;
	r->size = size;
	return &r->f;
}

int sys_open(const char *upath, int flags)
{
	char path[PATH_MAX];
	const void *data;
	struct file *f;
	size_t size;
	int err, fd;

	err = strncpy_from_user(path, upath, sizeof(path));
	if (err < 0)
		return err;
	if (flags != O_RDONLY)
		return -EINVAL;
	err = initrd_lookup(path, &data, &size);
	if (err)
		return err;
	f = initrd_file_open(data, (uint32_t)size);
	if (!f)
		return -ENOMEM;
	fd = fd_install(this_task(), f);
	if (fd < 0)
		file_put(f);
	return fd;
}

/* 10 ms: how often a poll looks again (neither the console nor a pipe
 * wakes pollers; a pipe reader that blocks in read() is woken at once). */
#define POLL_STEP_MS	10

int sys_poll(int fd, int timeout_ms)
{
	struct file *f = fd_file(this_task(), fd);
	uint64_t end = jiffies_64() +
		(uint64_t)(timeout_ms > 0 ? timeout_ms : 0) * HZ / 1000;

	if (!f)
		return -EBADF;
	if (!f->ops->readable || timeout_ms < -1)
		return -EINVAL;
	for (;;) {
		if (f->ops->readable(f))
			return 1;
		if (timeout_ms == 0 || (timeout_ms > 0 && jiffies_64() >= end))
			return 0;
		if (this_task()->killed)
			return -EINTR;
		msleep(POLL_STEP_MS);
	}
}
