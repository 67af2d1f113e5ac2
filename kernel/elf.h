/*
 * elf.h - check an ELF32 i386 executable in memory and say what to map.
 *
 * Portable C with no kernel dependency: the kernel calls elf_check() on a
 * file from the initrd before it drops the caller's old image, and maps the
 * segments it returns; the host tests and the fuzzer (tests/user/) call it
 * on crafted and random buffers.
 *
 * Only what our user programs are: statically linked (no PT_INTERP, no
 * PT_DYNAMIC), ET_EXEC, little-endian i386, a few PT_LOAD segments inside
 * the user range. Everything else is -ENOEXEC with a reason.
 */
#ifndef KERNEL_ELF_H
#define KERNEL_ELF_H

#include <stddef.h>
#include <stdint.h>

/* PT_LOAD segments we accept: text, rodata, data+bss, and a few spare. */
#define ELF_MAX_SEGS	8
/* Program headers we look at: more is not a program of ours. */
#define ELF_MAX_PHNUM	32

/* Segment permissions (the p_flags bits PF_X, PF_W, PF_R). */
#define ELF_SEG_X	0x1
#define ELF_SEG_W	0x2
#define ELF_SEG_R	0x4

/* Where segments may go: [lo, hi), and at most max_bytes of them in all
 * (sum of memsz; 0 for no limit). */
struct elf_limits {
	uint32_t lo;
	uint32_t hi;
	uint32_t max_bytes;
};

/*
 * One region to map: [vaddr, vaddr + memsz) with the flags' permissions;
 * its first filesz bytes come from the file at offset, the rest is zero.
 * Segments never overlap byte-wise, but two may share a page (the end of
 * text and the start of data): give a shared page the union of the flags
 * and do not zero it again when the second segment is mapped.
 */
struct elf_segment {
	uint32_t vaddr;
	uint32_t memsz;
	uint32_t offset;
	uint32_t filesz;
	uint32_t flags;		/* ELF_SEG_* */
};

struct elf_image {
	uint32_t entry;		/* inside an executable segment */
	int nseg;		/* 1..ELF_MAX_SEGS, sorted by vaddr */
	struct elf_segment seg[ELF_MAX_SEGS];
	uint32_t lowest;	/* lowest vaddr of any segment */
	uint32_t highest;	/* one past the highest byte (the "break") */
	const char *why;	/* after -ENOEXEC: what is wrong (static) */
};

/*
 * Check the size bytes at image (no alignment needed) as an executable for
 * the range lim gives. Returns 0 and fills out, or -ENOEXEC with out->why
 * saying why (out is always written, never read).
 */
int elf_check(const void *image, size_t size, const struct elf_limits *lim,
	      struct elf_image *out);

#endif
