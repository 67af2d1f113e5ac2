/*
 * multiboot.c - read the multiboot v1 information structure (the
 * Multiboot Specification 0.6.96, section 3.3) into struct boot_info.
 */
#include "bootinfo.h"
#include "io.h"
#include "panic.h"
#include "printk.h"
#include "string.h"

#define MULTIBOOT_BOOTLOADER_MAGIC	0x2badb002

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

void bootinfo_init(uint32_t magic, uint32_t mbi_phys)
{
	const struct mb_info *mbi = (const void *)(uintptr_t)mbi_phys;

	boot_info.ebda_segment = low_read16(BDA_EBDA_SEGMENT);
	boot_info.loader = "unknown";
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

	printk("boot: loader '%s', command line '%s'\n", boot_info.loader,
	       boot_info.cmdline);
	for (i = 0; i < boot_info.nmmap; i++) {
		const struct mem_region *r = &boot_info.mmap[i];

		printk("mem: [0x%09llx-0x%09llx] %s\n", (unsigned long long)r->base,
		       (unsigned long long)(r->base + r->len - 1), type_name(r->type));
	}
	for (i = 0; i < boot_info.nmodules; i++)
		printk("boot: module %d [0x%x-0x%x] '%s'\n", i,
		       boot_info.modules[i].start, boot_info.modules[i].end - 1,
		       boot_info.modules[i].name);
}
