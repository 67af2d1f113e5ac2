/*
 * fuzz_initrd.c - libFuzzer harness over the cpio reader (kernel/initrd.c).
 *
 * Walks the archive and looks up a few names in it. Every entry returned
 * must lie inside the buffer (name with its NUL, and data); an error must
 * come with a reason; a lookup of each walked name must find an entry.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "initrd.h"
#include "uapi/errno.h"

#define PROMISE(c)	do { if (!(c)) abort(); } while (0)

static int inside(const uint8_t *buf, size_t len, const void *p, size_t n)
{
	const uint8_t *q = p;

	return q >= buf && q <= buf + len && n <= (size_t)(buf + len - q);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct initrd_iter it;
	struct initrd_file f, g;
	const char *why;
	int r, n = 0;

	initrd_iter_init(&it, data, size);
	while ((r = initrd_next(&it, &f)) > 0) {
		PROMISE(inside(data, size, f.name, f.name_len + 1));
		PROMISE(f.name[f.name_len] == 0 && strlen(f.name) == f.name_len);
		PROMISE(inside(data, size, f.data, f.size));
		/* The first entry of a name wins, so the lookup finds one of
		 * that name (maybe an earlier one). */
		if (n < 16) {
			PROMISE(initrd_find(data, size, f.name, &g, NULL) == 0);
			PROMISE(!strcmp(g.name, f.name));
		}
		n++;
	}
	PROMISE(r == 0 || (r == -EINVAL && it.why));
	PROMISE(initrd_next(&it, &f) == r);	/* stays ended */
	r = initrd_check(data, size, &why);
	PROMISE(r == n || (r == -EINVAL && why));
	initrd_find(data, size, "/bin/sh", &f, NULL);
	return 0;
}
