/*
 * pipe.c - pipes: PIPE_BUF bytes between a read end and a write end.
 *
 * Locking: pipe->lock (interrupts off) protects the buffer, the counts of
 * open ends and the two wait queues, which belong to it (kernel/wait.h has
 * the rule that keeps a wakeup from being lost). Wakeups are sync (D7 made
 * fs/pipe.c call wake_up_interruptible_sync): the waker is usually about to
 * block on the other end, so the woken task is queued on the waker's CPU
 * without preempting it, and the two take turns on one warm cache.
 */
#include "file.h"
#include "heap.h"
#include "spinlock.h"
#include "string.h"
#include "task.h"
#include "uaccess.h"
#include "wait.h"

struct pipe {
	struct spinlock lock;
	uint32_t head, count;		/* ring buffer: read at head */
	int readers, writers;		/* open ends */
	struct wait_queue rwait, wwait;	/* readers wait for data, writers for room */
	struct file rfile, wfile;
	char buf[PIPE_BUF];
};

static int pipe_read(struct file *f, char *ubuf, uint32_t len)
{
	struct pipe *p = f->priv;
	uint32_t flags, n, first;
	char tmp[256];
	int err = 0;

	if (!len)
		return 0;
	if (len > sizeof(tmp))
		len = sizeof(tmp);
	flags = spin_lock_irqsave(&p->lock);
	while (!p->count) {
		if (!p->writers || this_task()->killed) {
			spin_unlock_irqrestore(&p->lock, flags);
			return p->writers ? -EINTR : 0;
		}
		flags = wait_locked(&p->rwait, &p->lock, flags, 0);
	}
	n = len < p->count ? len : p->count;
	first = PIPE_BUF - p->head < n ? PIPE_BUF - p->head : n;
	memcpy(tmp, p->buf + p->head, first);
	if (n > first)		/* the part that wrapped round */
		memcpy(tmp + first, p->buf, n - first);
	p->head = (p->head + n) % PIPE_BUF;
	p->count -= n;
	wake_up_all(&p->wwait, 1);
	spin_unlock_irqrestore(&p->lock, flags);
	/* Copied out after the lock: a fault in the copy sleeps nowhere, but
	 * user memory is not touched with interrupts off for long. */
	if (copy_to_user(ubuf, tmp, n))
		err = -EFAULT;
	return err ? err : (int)n;
}

static int pipe_write(struct file *f, const char *ubuf, uint32_t len)
{
	struct pipe *p = f->priv;
	uint32_t done = 0, flags;
	char tmp[256];

	while (done < len) {
		uint32_t n = len - done, i;

		if (n > sizeof(tmp))
			n = sizeof(tmp);
		if (copy_from_user(tmp, ubuf + done, n))
			return done ? (int)done : -EFAULT;
		flags = spin_lock_irqsave(&p->lock);
		for (i = 0; i < n;) {
			uint32_t tail, room;

			if (!p->readers) {
				spin_unlock_irqrestore(&p->lock, flags);
				return done + i ? (int)(done + i) : -EPIPE;
			}
			if (this_task()->killed) {
				spin_unlock_irqrestore(&p->lock, flags);
				return done + i ? (int)(done + i) : -EINTR;
			}
			if (p->count == PIPE_BUF) {
				wake_up_all(&p->rwait, 1);
				flags = wait_locked(&p->wwait, &p->lock, flags, 0);
				continue;
			}
			tail = (p->head + p->count) % PIPE_BUF;
			room = PIPE_BUF - p->count;
			if (room > PIPE_BUF - tail)
				room = PIPE_BUF - tail;
			if (room > n - i)
				room = n - i;
			memcpy(p->buf + tail, tmp + i, room);
			p->count += room;
			i += room;
		}
		wake_up_all(&p->rwait, 1);
		spin_unlock_irqrestore(&p->lock, flags);
		done += n;
	}
	return (int)done;
}

static int pipe_readable(struct file *f)
{
	struct pipe *p = f->priv;

	return p->count || !p->writers;
}

static void pipe_release_end(struct pipe *p, int reader)
{
	uint32_t flags = spin_lock_irqsave(&p->lock);
	int gone;

	if (reader)
		p->readers--;
	else
		p->writers--;
	wake_up_all(reader ? &p->wwait : &p->rwait, 1);
	gone = !p->readers && !p->writers;
	spin_unlock_irqrestore(&p->lock, flags);
	if (gone)
		kfree(p);
}

static void pipe_release_r(struct file *f)
{
	pipe_release_end(f->priv, 1);
}

static void pipe_release_w(struct file *f)
{
	pipe_release_end(f->priv, 0);
}

static const struct file_ops pipe_rops = {
	.read = pipe_read, .readable = pipe_readable, .release = pipe_release_r,
};
static const struct file_ops pipe_wops = {
	.write = pipe_write, .release = pipe_release_w,
};

int pipe_create(struct file **r, struct file **w)
{
	struct pipe *p = kzalloc(sizeof(*p));

	if (!p)
		return -ENOMEM;
	spin_lock_init(&p->lock, "pipe");
	wait_queue_init(&p->rwait);
	wait_queue_init(&p->wwait);
	p->readers = p->writers = 1;
	p->rfile.refs = p->wfile.refs = 1;
	p->rfile.ops = &pipe_rops;
	p->wfile.ops = &pipe_wops;
	p->rfile.priv = p->wfile.priv = p;
	*r = &p->rfile;
	*w = &p->wfile;
	return 0;
}
