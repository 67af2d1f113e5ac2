/*
 * fuzz_elf.c - libFuzzer harness over elf_check() (kernel/elf.c).
 *
 * libFuzzer hands over a heap copy of exactly `size` bytes, so ASan
 * catches any read past the image. Beyond "no crash", every accepted
 * image must keep elf.h's promises: segments sorted, inside the limits,
 * not overlapping, their file bytes inside the image, the entry in an
 * executable segment.
 */
#include <stdint.h>
#include <stdlib.h>
#include "elf.h"
#include "uapi/errno.h"
#include "uapi/memlayout.h"

static const struct elf_limits lim = { USER_BASE, USER_STACK_LOW, 64u << 20 };

#define PROMISE(c)	do { if (!(c)) abort(); } while (0)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct elf_image out;
	int r = elf_check(data, size, &lim, &out), i, entry_ok = 0;

	if (r) {
		PROMISE(r == -ENOEXEC && out.why && out.nseg == 0);
		return 0;
	}
	PROMISE(out.nseg >= 1 && out.nseg <= ELF_MAX_SEGS);
	for (i = 0; i < out.nseg; i++) {
		const struct elf_segment *s = &out.seg[i];

		PROMISE(s->memsz > 0 && s->filesz <= s->memsz);
		PROMISE(s->vaddr >= lim.lo && (uint64_t)s->vaddr + s->memsz <= lim.hi);
		PROMISE((uint64_t)s->offset + s->filesz <= size);
		if (i)
			PROMISE((uint64_t)out.seg[i - 1].vaddr + out.seg[i - 1].memsz <= s->vaddr);
		if (out.entry >= s->vaddr && out.entry - s->vaddr < s->memsz &&
		    (s->flags & ELF_SEG_X))
			entry_ok = 1;
	}
	PROMISE(entry_ok);
	return 0;
}
