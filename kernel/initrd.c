/*
 * initrd.c - the cpio newc reader (see initrd.h).
 *
 * Header layout (cpio(5), "New ASCII Format"): magic[6] then 13 fields of
 * 8 hex digits: ino, mode, uid, gid, nlink, mtime, filesize, devmajor,
 * devminor, rdevmajor, rdevminor, namesize, check. The name (namesize bytes,
 * its NUL included) follows the header; header + name and the data are each
 * padded to a multiple of 4 bytes from the start of the archive.
 */
#include "initrd.h"
#include "uapi/errno.h"

#define HDR_SIZE	110
#define F_MODE		1
#define F_FILESIZE	6
#define F_NAMESIZE	11
#define TRAILER		"TRAILER!!!"

/* Longest name we accept: longer is damage, not a path of ours. */
#define INITRD_NAME_MAX	4096

static int hexval(uint8_t c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Field n of the header at h; -1 (as a wrapped value, flagged by *ok = 0)
 * when it holds anything but 8 hex digits. */
static uint32_t field(const uint8_t *h, int n, int *ok)
{
	const uint8_t *p = h + 6 + 8 * n;
	uint32_t v = 0;
	int i;

	for (i = 0; i < 8; i++) {
		int d = hexval(p[i]);

		if (d < 0) {
			*ok = 0;
			return 0;
		}
		v = v << 4 | (uint32_t)d;
	}
	return v;
}

static size_t pad4(size_t x)
{
	return (x + 3) & ~(size_t)3;
}

static int damaged(struct initrd_iter *it, const char *why)
{
	it->done = 1;
	it->why = why;
	return -EINVAL;
}

static int same(const char *a, const char *b)
{
	while (*a && *a == *b) {
		a++;
		b++;
	}
	return *a == *b;
}

/* "./bin/sh", "/bin/sh", "bin/sh" -> "bin/sh"; "." and "/" -> "". */
static const char *strip(const char *s)
{
	for (;;) {
		if (s[0] == '/')
			s++;
		else if (s[0] == '.' && s[1] == '/')
			s += 2;
		else if (s[0] == '.' && s[1] == 0)
			s++;
		else
			return s;
	}
}

void initrd_iter_init(struct initrd_iter *it, const void *buf, size_t len)
{
	it->buf = buf;
	it->len = buf ? len : 0;
	it->off = 0;
	it->done = 0;
	it->why = 0;
}

int initrd_next(struct initrd_iter *it, struct initrd_file *f)
{
	const uint8_t *h;
	uint32_t namesize, filesize, mode;
	size_t name_off, data_off, i;
	int ok = 1;

	if (it->done)
		return it->why ? -EINVAL : 0;
	if (it->off == it->len) {
		it->done = 1;	/* ends between entries: no trailer, no harm */
		return 0;
	}
	if (it->len - it->off < HDR_SIZE)
		return damaged(it, "truncated header");
	h = it->buf + it->off;
	if (h[0] != '0' || h[1] != '7' || h[2] != '0' || h[3] != '7' ||
	    h[4] != '0' || (h[5] != '1' && h[5] != '2'))
		return damaged(it, "bad magic (not cpio newc)");
	mode = field(h, F_MODE, &ok);
	filesize = field(h, F_FILESIZE, &ok);
	namesize = field(h, F_NAMESIZE, &ok);
	if (!ok)
		return damaged(it, "header field not hexadecimal");
	if (namesize == 0 || namesize > INITRD_NAME_MAX)
		return damaged(it, "bad name size");

	name_off = it->off + HDR_SIZE;
	if (it->len - name_off < namesize)
		return damaged(it, "truncated name");
	if (it->buf[name_off + namesize - 1] != 0)
		return damaged(it, "name not NUL-terminated");
	for (i = 0; i + 1 < namesize; i++)
		if (it->buf[name_off + i] == 0)
			return damaged(it, "NUL inside a name");

	data_off = pad4(name_off + namesize);
	if (data_off > it->len || it->len - data_off < filesize)
		return damaged(it, "truncated data");

	f->name = strip((const char *)it->buf + name_off);
	f->name_len = (size_t)(((const char *)it->buf + name_off + namesize - 1) - f->name);
	f->data = it->buf + data_off;
	f->size = filesize;
	f->mode = mode;

	if (same((const char *)it->buf + name_off, TRAILER)) {
		it->done = 1;
		return 0;
	}
	/* The next header starts 4-aligned; padding may run past a buffer that
	 * ends right after the data (then the walk ends there). */
	it->off = pad4(data_off + filesize);
	if (it->off > it->len)
		it->off = it->len;
	return 1;
}

int initrd_find(const void *buf, size_t len, const char *path,
		struct initrd_file *f, const char **why)
{
	struct initrd_iter it;
	struct initrd_file e;
	int r;

	if (why)
		*why = 0;
	if (!path)
		return -ENOENT;
	path = strip(path);
	initrd_iter_init(&it, buf, len);
	while ((r = initrd_next(&it, &e)) > 0) {
		if (same(e.name, path)) {
			*f = e;
			return 0;
		}
	}
	if (r < 0) {
		if (why)
			*why = it.why;
		return -EINVAL;
	}
	return -ENOENT;
}

int initrd_check(const void *buf, size_t len, const char **why)
{
	struct initrd_iter it;
	struct initrd_file e;
	int n = 0, r;

	if (why)
		*why = 0;
	initrd_iter_init(&it, buf, len);
	while ((r = initrd_next(&it, &e)) > 0)
		n++;
	if (r < 0) {
		if (why)
			*why = it.why;
		return -EINVAL;
	}
	return n;
}
