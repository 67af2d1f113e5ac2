/* elf_build.c - the image and archive writers of elf_build.h. */
#include <stdio.h>
#include <string.h>
#include "elf_build.h"

static void w16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
}

static void w32(uint8_t *p, uint32_t v)
{
	w16(p, v);
	w16(p + 2, v >> 16);
}

void eb_defaults(struct eb_hdr *h, uint32_t entry, int nseg)
{
	memset(h, 0, sizeof(*h));
	memcpy(h->ident, "\177ELF\001\001\001", 7);	/* ELF32, LSB, v1 */
	h->type = 2;		/* ET_EXEC */
	h->machine = 3;		/* EM_386 */
	h->version = 1;
	h->entry = entry;
	h->phoff = 52;
	h->ehsize = 52;
	h->phentsize = 32;
	h->phnum = (uint16_t)nseg;
}

size_t eb_build(uint8_t *buf, size_t cap, const struct eb_hdr *h,
		const struct eb_seg *segs, int nseg)
{
	size_t size = 52 + (size_t)nseg * 32, i;

	if ((size_t)h->phoff + (size_t)nseg * 32 > size)
		size = (size_t)h->phoff + (size_t)nseg * 32;
	for (int s = 0; s < nseg; s++) {
		size_t end = (size_t)segs[s].offset + segs[s].filesz;

		if (segs[s].type == 1 && end > size && end < (1u << 20))
			size = end;
	}
	if (size > cap)
		return 0;
	for (i = 0; i < size; i++)
		buf[i] = (uint8_t)(i * 7 + 1);
	memcpy(buf, h->ident, 16);
	w16(buf + 16, h->type);
	w16(buf + 18, h->machine);
	w32(buf + 20, h->version);
	w32(buf + 24, h->entry);
	w32(buf + 28, h->phoff);
	w32(buf + 32, 0);		/* e_shoff */
	w32(buf + 36, 0);		/* e_flags */
	w16(buf + 40, h->ehsize);
	w16(buf + 42, h->phentsize);
	w16(buf + 44, h->phnum);
	w16(buf + 46, 40);		/* e_shentsize */
	w16(buf + 48, 0);		/* e_shnum */
	w16(buf + 50, 0);		/* e_shstrndx */
	for (int s = 0; s < nseg; s++) {
		uint8_t *p = buf + h->phoff + (size_t)s * 32;

		if ((size_t)h->phoff + (size_t)s * 32 + 32 > size)
			break;
		w32(p, segs[s].type);
		w32(p + 4, segs[s].offset);
		w32(p + 8, segs[s].vaddr);
		w32(p + 12, segs[s].vaddr);
		w32(p + 16, segs[s].filesz);
		w32(p + 20, segs[s].memsz);
		w32(p + 24, segs[s].flags);
		w32(p + 28, segs[s].align);
	}
	return size;
}

int cpio_add(uint8_t *buf, size_t cap, size_t *len, const char *name,
	     const void *data, uint32_t size, uint32_t mode)
{
	size_t nlen = strlen(name) + 1, off = *len;
	char hdr[111];

	if (off + 110 + nlen + 3 + size + 3 > cap)
		return -1;
	snprintf(hdr, sizeof(hdr), "070701%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X%08X",
		 1u, mode, 0u, 0u, 1u, 0u, size, 0u, 0u, 0u, 0u, (unsigned)nlen, 0u);
	memcpy(buf + off, hdr, 110);
	off += 110;
	memcpy(buf + off, name, nlen);
	off += nlen;
	while (off & 3)
		buf[off++] = 0;
	if (size)
		memcpy(buf + off, data, size);
	off += size;
	while (off & 3)
		buf[off++] = 0;
	*len = off;
	return 0;
}
