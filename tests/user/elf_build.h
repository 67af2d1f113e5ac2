/*
 * elf_build.h - craft ELF32 images and cpio newc archives in memory, for
 * the unit tests and the fuzzers' seeds (tests/user/).
 */
#ifndef TESTS_USER_ELF_BUILD_H
#define TESTS_USER_ELF_BUILD_H

#include <stddef.h>
#include <stdint.h>

/* A program header to write. */
struct eb_seg {
	uint32_t type;		/* 1 PT_LOAD, 3 PT_INTERP ... */
	uint32_t offset, vaddr, filesz, memsz, flags, align;
};

/* The ELF header's fields a test may spoil; eb_defaults() sets the good
 * values of an i386 ET_EXEC. */
struct eb_hdr {
	uint8_t ident[16];
	uint16_t type, machine;
	uint32_t version, entry, phoff;
	uint16_t ehsize, phentsize, phnum;
};

void eb_defaults(struct eb_hdr *h, uint32_t entry, int nseg);

/*
 * Write the header, nseg program headers at h->phoff and file bytes up to
 * the end of the furthest segment (a pattern, so a copy can be checked)
 * into buf of cap bytes. Returns the image size (0 if cap is too small).
 */
size_t eb_build(uint8_t *buf, size_t cap, const struct eb_hdr *h,
		const struct eb_seg *segs, int nseg);

/* Append one cpio newc entry (or the trailer, name "TRAILER!!!") at
 * buf + *len; returns 0, or -1 if cap is too small. */
int cpio_add(uint8_t *buf, size_t cap, size_t *len, const char *name,
	     const void *data, uint32_t size, uint32_t mode);

#endif
