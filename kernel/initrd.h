/*
 * initrd.h - read a cpio "newc" archive in memory (the initrd).
 *
 * The archive is what `cpio -o -H newc` writes (mk/user.mk builds
 * build/initrd.cpio): per file a 110-byte ASCII header ("070701" and 13
 * eight-digit hex fields), the NUL-terminated name, padding to 4 bytes,
 * the data, padding to 4 bytes; the entry named "TRAILER!!!" ends it.
 *
 * Portable C with no kernel dependency (the host tests and the fuzzer in
 * tests/user/ run it too). Nothing is copied: the results point into the
 * buffer. A truncated or malformed archive stops the walk with -EINVAL and
 * a reason; the entries before the damage stay readable.
 */
#ifndef KERNEL_INITRD_H
#define KERNEL_INITRD_H

#include <stddef.h>
#include <stdint.h>

/* st_mode file types, as cpio stores them. */
#define INITRD_S_IFMT	0170000
#define INITRD_S_IFDIR	0040000
#define INITRD_S_IFREG	0100000
#define INITRD_IS_REG(m)	(((m) & INITRD_S_IFMT) == INITRD_S_IFREG)
#define INITRD_IS_DIR(m)	(((m) & INITRD_S_IFMT) == INITRD_S_IFDIR)

struct initrd_file {
	const char *name;	/* NUL-terminated, without "./" or "/" in front */
	size_t name_len;
	const void *data;
	size_t size;
	uint32_t mode;		/* st_mode: type and permissions */
};

struct initrd_iter {
	const uint8_t *buf;
	size_t len;
	size_t off;		/* next header */
	int done;		/* trailer seen, end of buffer, or an error */
	const char *why;	/* after -EINVAL: what is wrong (static) */
};

void initrd_iter_init(struct initrd_iter *it, const void *buf, size_t len);

/* The next entry: returns 1 and fills f, 0 at the end (trailer, or the
 * buffer ends exactly between entries), -EINVAL on damage (it->why). */
int initrd_next(struct initrd_iter *it, struct initrd_file *f);

/*
 * Find path ("/bin/sh", "bin/sh" and "./bin/sh" are the same) among the
 * entries. Returns 0 and fills f, -ENOENT if it is not there, -EINVAL if
 * the archive is damaged before it was found (*why says how; why may be
 * NULL). The first entry of that name wins.
 */
int initrd_find(const void *buf, size_t len, const char *path,
		struct initrd_file *f, const char **why);

/* Walk the whole archive: the number of entries, or -EINVAL (*why). */
int initrd_check(const void *buf, size_t len, const char **why);

#endif
