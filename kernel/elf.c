/*
 * elf.c - validate an ELF32 i386 executable (see elf.h).
 *
 * Every field is read with explicit little-endian loads from a byte buffer,
 * so a truncated or misaligned image can never be read past its end, and
 * every sum that could wrap (offset + size, vaddr + memsz) is checked in 64
 * bits. Field offsets follow the System V ABI's Elf32_Ehdr / Elf32_Phdr.
 */
#include "elf.h"
#include "uapi/errno.h"

/* Elf32_Ehdr */
#define EHDR_SIZE	52
#define EI_CLASS	4
#define EI_DATA		5
#define EI_VERSION	6
#define E_TYPE		16
#define E_MACHINE	18
#define E_VERSION	20
#define E_ENTRY		24
#define E_PHOFF		28
#define E_EHSIZE	40
#define E_PHENTSIZE	42
#define E_PHNUM		44

/* Elf32_Phdr */
#define PHDR_SIZE	32
#define P_TYPE		0
#define P_OFFSET	4
#define P_VADDR		8
#define P_FILESZ	16
#define P_MEMSZ		20
#define P_FLAGS		24
#define P_ALIGN		28

#define ELFCLASS32	1
#define ELFDATA2LSB	1
#define EV_CURRENT	1
#define ET_EXEC		2
#define EM_386		3

#define PT_NULL		0
#define PT_LOAD		1
#define PT_DYNAMIC	2
#define PT_INTERP	3

#define PAGE_MASK	0xfffu

static uint32_t rd16(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

static int fail(struct elf_image *out, const char *why)
{
	out->why = why;
	out->nseg = 0;
	return -ENOEXEC;
}

static int check_header(const uint8_t *b, size_t size, struct elf_image *out)
{
	if (size < EHDR_SIZE)
		return fail(out, "shorter than an ELF header");
	if (b[0] != 0x7f || b[1] != 'E' || b[2] != 'L' || b[3] != 'F')
		return fail(out, "no ELF magic");
	if (b[EI_CLASS] != ELFCLASS32)
		return fail(out, "not ELF32");
	if (b[EI_DATA] != ELFDATA2LSB)
		return fail(out, "not little-endian");
	if (b[EI_VERSION] != EV_CURRENT || rd32(b + E_VERSION) != EV_CURRENT)
		return fail(out, "unknown ELF version");
	if (rd16(b + E_TYPE) != ET_EXEC)
		return fail(out, "not an executable (ET_EXEC)");
	if (rd16(b + E_MACHINE) != EM_386)
		return fail(out, "not for i386");
	if (rd16(b + E_EHSIZE) != EHDR_SIZE)
		return fail(out, "bad header size");
	if (rd16(b + E_PHENTSIZE) != PHDR_SIZE)
		return fail(out, "bad program header size");
	if (rd16(b + E_PHNUM) == 0)
		return fail(out, "no program headers");
	if (rd16(b + E_PHNUM) > ELF_MAX_PHNUM)
		return fail(out, "too many program headers");
	if ((uint64_t)rd32(b + E_PHOFF) + (uint64_t)rd16(b + E_PHNUM) * PHDR_SIZE > size)
		return fail(out, "program headers past the end of the file");
	return 0;
}

/* Check one PT_LOAD header and add it to out, kept sorted by vaddr. */
static int add_segment(const uint8_t *ph, size_t size,
		       const struct elf_limits *lim, struct elf_image *out)
{
	struct elf_segment s;
	uint32_t align = rd32(ph + P_ALIGN);
	int i;

	s.offset = rd32(ph + P_OFFSET);
	s.vaddr = rd32(ph + P_VADDR);
	s.filesz = rd32(ph + P_FILESZ);
	s.memsz = rd32(ph + P_MEMSZ);
	s.flags = rd32(ph + P_FLAGS) & (ELF_SEG_R | ELF_SEG_W | ELF_SEG_X);

	if (s.memsz == 0)
		return 0;	/* maps nothing; allowed by the ABI */
	if (s.filesz > s.memsz)
		return fail(out, "segment filesz > memsz");
	if ((uint64_t)s.offset + s.filesz > size)
		return fail(out, "segment data past the end of the file");
	if (align & (align - 1))
		return fail(out, "segment alignment not a power of two");
	/* The ABI wants vaddr == offset modulo the page size, so a loader may
	 * map file pages; ours copies, but a file breaking it is not ours. */
	if (align > 1 && ((s.vaddr ^ s.offset) & (align - 1) & PAGE_MASK))
		return fail(out, "segment vaddr and offset disagree modulo the page");
	if (s.vaddr < lim->lo || (uint64_t)s.vaddr + s.memsz > lim->hi)
		return fail(out, "segment outside the user address range");
	if (out->nseg == ELF_MAX_SEGS)
		return fail(out, "too many PT_LOAD segments");

	/* Insert sorted; reject byte overlap with the neighbours. */
	for (i = out->nseg; i > 0 && out->seg[i - 1].vaddr > s.vaddr; i--)
		out->seg[i] = out->seg[i - 1];
	out->seg[i] = s;
	out->nseg++;
	if (i > 0 && (uint64_t)out->seg[i - 1].vaddr + out->seg[i - 1].memsz > s.vaddr)
		return fail(out, "segments overlap");
	if (i + 1 < out->nseg && (uint64_t)s.vaddr + s.memsz > out->seg[i + 1].vaddr)
		return fail(out, "segments overlap");
	return 0;
}

int elf_check(const void *image, size_t size, const struct elf_limits *lim,
	      struct elf_image *out)
{
	const uint8_t *b = image;
	uint32_t phoff, phnum, i;
	uint64_t total = 0;
	int r, exec_ok = 0;

	out->nseg = 0;
	out->entry = 0;
	out->why = 0;
	if (!b)
		return fail(out, "no image");
	r = check_header(b, size, out);
	if (r)
		return r;
	phoff = rd32(b + E_PHOFF);
	phnum = rd16(b + E_PHNUM);
	out->entry = rd32(b + E_ENTRY);

	for (i = 0; i < phnum; i++) {
		const uint8_t *ph = b + phoff + i * PHDR_SIZE;

		switch (rd32(ph + P_TYPE)) {
		case PT_LOAD:
			r = add_segment(ph, size, lim, out);
			if (r)
				return r;
			break;
		case PT_INTERP:
			return fail(out, "dynamically linked (PT_INTERP)");
		case PT_DYNAMIC:
			return fail(out, "dynamically linked (PT_DYNAMIC)");
		default:
			break;	/* PT_NOTE, PT_GNU_STACK ...: nothing to map */
		}
	}
	if (out->nseg == 0)
		return fail(out, "no loadable segment");

	for (i = 0; i < (uint32_t)out->nseg; i++) {
		const struct elf_segment *s = &out->seg[i];

		total += s->memsz;
		if (out->entry >= s->vaddr && out->entry - s->vaddr < s->memsz &&
		    (s->flags & ELF_SEG_X))
			exec_ok = 1;
	}
	if (lim->max_bytes && total > lim->max_bytes)
		return fail(out, "segments larger than the limit");
	if (!exec_ok)
		return fail(out, "entry point not in an executable segment");
	out->lowest = out->seg[0].vaddr;
	out->highest = out->seg[out->nseg - 1].vaddr + out->seg[out->nseg - 1].memsz;
	return 0;
}
