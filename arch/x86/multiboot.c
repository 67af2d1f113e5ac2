/*
 * multiboot.c - read the multiboot v1 information structure (the
 * Multiboot Specification 0.6.96, section 3.3) or the multiboot2 tags (the
 * Multiboot2 Specification 2.0, section 3.6) into struct boot_info.
 */
#include <stddef.h>
#include "bootinfo.h"
#include "io.h"
#include "panic.h"
#include "printk.h"
#include "string.h"

#define MULTIBOOT_BOOTLOADER_MAGIC	0x2badb002
#define MULTIBOOT2_BOOTLOADER_MAGIC	0x36d76289

/* flags bits: which fields of the info structure are valid. */
#define MBI_MEM		(1u << 0)
#define MBI_CMDLINE	(1u << 2)
#define MBI_MODS	(1u << 3)
#define MBI_MMAP	(1u << 6)
#define MBI_LOADER	(1u << 9)

struct mb_info {
	uint32_t flags;
	uint32_t mem_lower, mem_upper;	/* KiB below 1 MiB, KiB above 1 MiB */
	uint32_t boot_device;
	uint32_t cmdline;
	uint32_t mods_count, mods_addr;
	uint32_t syms[4];
	uint32_t mmap_length, mmap_addr;
	uint32_t drives_length, drives_addr;
	uint32_t config_table;
	uint32_t boot_loader_name;
} __attribute__((packed));

struct mb_mmap_entry {
	uint32_t size;			/* of the rest of the entry */
	uint64_t base;
	uint64_t len;
	uint32_t type;
} __attribute__((packed));

struct mb_module {
	uint32_t start, end, string, reserved;
} __attribute__((packed));

/* Where the BIOS keeps the EBDA's segment (ACPI 6.4, 5.2.5.1). */
#define BDA_EBDA_SEGMENT	0x40e

struct boot_info boot_info;
static char loader_name[48];

static void add_region(uint64_t base, uint64_t len, uint32_t type)
{
	struct mem_region *r;

	/* UEFI's map splits RAM by owner: join what is one range to us. */
	if (boot_info.nmmap) {
		r = &boot_info.mmap[boot_info.nmmap - 1];
		if (r->type == type && r->base + r->len == base) {
			r->len += len;
			return;
		}
	}
	if (boot_info.nmmap == BOOT_MAX_MMAP) {
		printk("mem: more than %d memory map entries; the rest ignored\n",
		       BOOT_MAX_MMAP);
		return;
	}
	r = &boot_info.mmap[boot_info.nmmap++];
	r->base = base;
	r->len = len;
	r->type = type;
}

/*
 * Both GRUB and QEMU's -kernel put the kernel's own path first on the
 * command line ("/boot/kernel.elf ktest"); options never contain '/'.
 */
static void copy_cmdline(const char *s)
{
	const char *p = s;

	while (*p == ' ')
		p++;
	if (*p && *p != '-') {
		const char *w = p;

		while (*w && *w != ' ' && *w != '/')
			w++;
		if (*w == '/') {
			while (*p && *p != ' ')
				p++;
		}
	}
	while (*p == ' ')
		p++;
	strlcpy(boot_info.cmdline, p, sizeof(boot_info.cmdline));
}

/* ---- multiboot2 ---- */

#define MB2_TAG_END		0
#define MB2_TAG_CMDLINE		1
#define MB2_TAG_LOADER		2
#define MB2_TAG_MODULE		3
#define MB2_TAG_MEMINFO		4
#define MB2_TAG_MMAP		6
#define MB2_TAG_FRAMEBUFFER	8
#define MB2_TAG_ACPI_OLD	14
#define MB2_TAG_ACPI_NEW	15
#define MB2_TAG_EFI_MMAP	17

/* Bigger than any loader's information; a larger size is a corrupt one. */
#define MB2_INFO_MAX		(1u << 20)

struct mb2_tag {
	uint32_t type, size;		/* size includes this header */
} __attribute__((packed));

struct mb2_mmap_entry {
	uint64_t base, len;
	uint32_t type, reserved;
} __attribute__((packed));

struct mb2_framebuffer {
	struct mb2_tag tag;
	uint64_t addr;
	uint32_t pitch, width, height;
	uint8_t bpp, type;
	uint16_t reserved;
	uint8_t red_pos, red_size, green_pos, green_size, blue_pos, blue_size;
} __attribute__((packed));

/* UEFI 2.10, 7.2.3: EFI_MEMORY_DESCRIPTOR (the loader gives its stride). */
struct efi_mem_desc {
	uint32_t type, pad;
	uint64_t phys, virt, pages, attr;
} __attribute__((packed));

/*
 * UEFI memory types as E820 types. Boot services' memory is free once the
 * loader has exited them (GRUB does before it jumps to us), and so is the
 * loader's own, which holds what we reserve anyway (our image, the modules,
 * the information we copy now). Runtime services' memory stays in use by
 * the firmware, ACPI's reclaimable tables hold what we are about to parse,
 * and the rest is device memory, bad RAM or persistent memory: none of those
 * is free RAM.
 */
static uint32_t efi_type(uint32_t t)
{
	switch (t) {
	case 1:		/* EfiLoaderCode */
	case 2:		/* EfiLoaderData */
	case 3:		/* EfiBootServicesCode */
	case 4:		/* EfiBootServicesData */
	case 7:		/* EfiConventionalMemory */
		return MEM_USABLE;
	case 9:		/* EfiACPIReclaimMemory */
		return MEM_ACPI_RECLAIM;
	case 10:	/* EfiACPIMemoryNVS */
		return MEM_ACPI_NVS;
	default:	/* reserved, runtime, unusable, MMIO, PAL, persistent */
		return MEM_RESERVED;
	}
}

static void mb2_mmap(const struct mb2_tag *t)
{
	const uint8_t *p = (const uint8_t *)t;
	uint32_t esize = *(const uint32_t *)(p + 8), off;

	if (esize < sizeof(struct mb2_mmap_entry) || (esize & 7)) {
		printk("boot: multiboot2 memory map with entries of %u bytes; ignored\n",
		       esize);
		return;
	}
	for (off = 16; off + esize <= t->size; off += esize) {
		const struct mb2_mmap_entry *e = (const void *)(p + off);

		if (e->len)
			add_region(e->base, e->len, e->type);
	}
}

static void mb2_efi_mmap(const struct mb2_tag *t)
{
	const uint8_t *p = (const uint8_t *)t;
	uint32_t dsize = *(const uint32_t *)(p + 8), off;

	for (off = 16; off + dsize <= t->size; off += dsize) {
		const struct efi_mem_desc *d = (const void *)(p + off);

		if (d->pages && d->pages < (1ull << 52))
			add_region(d->phys, d->pages << 12, efi_type(d->type));
	}
}

static void mb2_rsdp(const struct mb2_tag *t)
{
	uint32_t len = t->size - sizeof(*t);

	/* The new RSDP (ACPI 2.0+) wins over the old, whatever the order. */
	if (boot_info.rsdp_tag == MB2_TAG_ACPI_NEW && t->type == MB2_TAG_ACPI_OLD)
		return;
	if (len < 20) {
		printk("boot: multiboot2 RSDP tag %u of %u bytes; ignored\n",
		       t->type, len);
		return;
	}
	if (len > sizeof(boot_info.rsdp))
		len = sizeof(boot_info.rsdp);
	memcpy(boot_info.rsdp, t + 1, len);
	boot_info.rsdp_len = len;
	boot_info.rsdp_tag = t->type;
}

static void mb2_framebuffer(const struct mb2_tag *t)
{
	const struct mb2_framebuffer *f = (const void *)t;
	struct boot_fb *fb = &boot_info.fb;

	if (t->size < offsetof(struct mb2_framebuffer, reserved))
		return;
	fb->addr = f->addr;
	fb->pitch = f->pitch;
	fb->width = f->width;
	fb->height = f->height;
	fb->bpp = f->bpp;
	fb->type = f->type;
	if (f->type == BOOT_FB_RGB && t->size >= sizeof(*f)) {
		fb->red_pos = f->red_pos;
		fb->red_size = f->red_size;
		fb->green_pos = f->green_pos;
		fb->green_size = f->green_size;
		fb->blue_pos = f->blue_pos;
		fb->blue_size = f->blue_size;
	}
}

static void multiboot2_init(uint32_t info_phys)
{
	const uint8_t *info = (const void *)(uintptr_t)info_phys;
	const struct mb2_tag *mmap = 0, *efi_mmap = 0, *meminfo = 0;
	uint32_t total, off;

	boot_info.multiboot2 = 1;
	if (!info_phys || (info_phys & 7))
		panic("boot: multiboot2 information at 0x%x, not 8-byte aligned",
		      info_phys);
	total = *(const uint32_t *)info;
	if (total < 16 || total > MB2_INFO_MAX)
		panic("boot: multiboot2 information of %u bytes", total);

	for (off = 8; off + sizeof(struct mb2_tag) <= total;
	     off += (((const struct mb2_tag *)(info + off))->size + 7) & ~7u) {
		const struct mb2_tag *t = (const void *)(info + off);

		if (t->type == MB2_TAG_END)
			break;
		if (t->size < sizeof(*t) || t->size > total - off) {
			printk("boot: multiboot2 tag %u at offset %u has size %u; "
			       "the rest ignored\n", t->type, off, t->size);
			break;
		}
		switch (t->type) {
		case MB2_TAG_CMDLINE:
			copy_cmdline((const char *)(t + 1));
			break;
		case MB2_TAG_LOADER:
			strlcpy(loader_name, (const char *)(t + 1),
				sizeof(loader_name));
			boot_info.loader = loader_name;
			break;
		case MB2_TAG_MODULE:
			if (boot_info.nmodules < BOOT_MAX_MODULES &&
			    t->size >= sizeof(*t) + 8) {
				const uint32_t *m = (const void *)(t + 1);
				struct boot_module *b =
					&boot_info.modules[boot_info.nmodules++];

				b->start = m[0];
				b->end = m[1];
				if (t->size > sizeof(*t) + 8)
					strlcpy(b->name, (const char *)(m + 2),
						sizeof(b->name));
			}
			break;
		case MB2_TAG_MEMINFO:
			meminfo = t;
			break;
		case MB2_TAG_MMAP:
			mmap = t;
			break;
		case MB2_TAG_EFI_MMAP:
			efi_mmap = t;
			break;
		case MB2_TAG_FRAMEBUFFER:
			mb2_framebuffer(t);
			break;
		case MB2_TAG_ACPI_OLD:
		case MB2_TAG_ACPI_NEW:
			mb2_rsdp(t);
			break;
		}
	}

	/*
	 * UEFI's own map says more than the E820-style one GRUB derives from
	 * it (and is taken at the exit from boot services, so it is the last
	 * word); the E820-style one is for BIOS boots.
	 */
	if (efi_mmap && efi_mmap->size >= 16 + sizeof(struct efi_mem_desc) &&
	    *(const uint32_t *)((const uint8_t *)efi_mmap + 8) >=
	    sizeof(struct efi_mem_desc)) {
		mb2_efi_mmap(efi_mmap);
		boot_info.efi_mmap = boot_info.nmmap > 0;
	}
	if (!boot_info.nmmap && mmap)
		mb2_mmap(mmap);
	if (!boot_info.nmmap && meminfo && meminfo->size >= 16) {
		const uint32_t *m = (const void *)(meminfo + 1);

		add_region(0, (uint64_t)m[0] << 10, MEM_USABLE);
		add_region(1 << 20, (uint64_t)m[1] << 10, MEM_USABLE);
	}
	if (!boot_info.nmmap)
		panic("boot: the loader gave no memory information");
}

void bootinfo_init(uint32_t magic, uint32_t mbi_phys)
{
	const struct mb_info *mbi = (const void *)(uintptr_t)mbi_phys;

	boot_info.ebda_segment = low_read16(BDA_EBDA_SEGMENT);
	boot_info.loader = "unknown";
	if (magic == MULTIBOOT2_BOOTLOADER_MAGIC) {
		multiboot2_init(mbi_phys);
		return;
	}
	if (magic != MULTIBOOT_BOOTLOADER_MAGIC)
		panic("boot: not started by a multiboot loader (magic 0x%x)", magic);

	if (mbi->flags & MBI_LOADER) {
		strlcpy(loader_name, (const char *)(uintptr_t)mbi->boot_loader_name,
			sizeof(loader_name));
		boot_info.loader = loader_name;
	}
	if (mbi->flags & MBI_CMDLINE)
		copy_cmdline((const char *)(uintptr_t)mbi->cmdline);

	if (mbi->flags & MBI_MMAP) {
		uint32_t off = 0;

		while (off + sizeof(struct mb_mmap_entry) <= mbi->mmap_length) {
			const struct mb_mmap_entry *e =
				(const void *)(uintptr_t)(mbi->mmap_addr + off);

			if (e->len)
				add_region(e->base, e->len, e->type);
			off += e->size + sizeof(e->size);
		}
	} else if (mbi->flags & MBI_MEM) {
		/* Only the two sizes: conventional memory and what follows 1 MiB. */
		add_region(0, (uint64_t)mbi->mem_lower << 10, MEM_USABLE);
		add_region(1 << 20, (uint64_t)mbi->mem_upper << 10, MEM_USABLE);
	} else {
		panic("boot: the loader gave no memory information");
	}

	if (mbi->flags & MBI_MODS) {
		const struct mb_module *m = (const void *)(uintptr_t)mbi->mods_addr;
		uint32_t i;

		for (i = 0; i < mbi->mods_count && i < BOOT_MAX_MODULES; i++) {
			struct boot_module *b = &boot_info.modules[i];

			b->start = m[i].start;
			b->end = m[i].end;
			if (m[i].string)
				strlcpy(b->name, (const char *)(uintptr_t)m[i].string,
					sizeof(b->name));
			boot_info.nmodules++;
		}
	}
}

static const char *type_name(uint32_t type)
{
	switch (type) {
	case MEM_USABLE:	return "usable";
	case MEM_RESERVED:	return "reserved";
	case MEM_ACPI_RECLAIM:	return "ACPI data";
	case MEM_ACPI_NVS:	return "ACPI NVS";
	default:		return "other";
	}
}

void bootinfo_print(void)
{
	int i;

	printk("boot: loader '%s' (multiboot%s), command line '%s'\n",
	       boot_info.loader, boot_info.multiboot2 ? "2" : " v1",
	       boot_info.cmdline);
	if (boot_info.efi_mmap)
		printk("mem: the map is UEFI's (runtime, reserved and ACPI memory kept out)\n");
	for (i = 0; i < boot_info.nmmap; i++) {
		const struct mem_region *r = &boot_info.mmap[i];

		printk("mem: [0x%09llx-0x%09llx] %s\n", (unsigned long long)r->base,
		       (unsigned long long)(r->base + r->len - 1), type_name(r->type));
	}
	for (i = 0; i < boot_info.nmodules; i++)
		printk("boot: module %d [0x%x-0x%x] '%s'\n", i,
		       boot_info.modules[i].start, boot_info.modules[i].end - 1,
		       boot_info.modules[i].name);
	if (boot_info.fb.addr)
		printk("boot: framebuffer at 0x%llx, %ux%u, %u bpp, pitch %u, type %u\n",
		       (unsigned long long)boot_info.fb.addr, boot_info.fb.width,
		       boot_info.fb.height, boot_info.fb.bpp, boot_info.fb.pitch,
		       boot_info.fb.type);
}
