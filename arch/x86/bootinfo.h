/*
 * bootinfo.h - what the boot loader told us, copied out of the multiboot v1
 * or multiboot2 structures (which lie in memory the page allocator will hand
 * out) into kernel variables before anything else allocates.
 */
#ifndef ARCH_X86_BOOTINFO_H
#define ARCH_X86_BOOTINFO_H

#include <stdint.h>

#define BOOT_MAX_MMAP		64	/* after merging: QEMU ~6-20, real PCs ~20-40 */
#define BOOT_MAX_MODULES	8
#define BOOT_CMDLINE_MAX	256

/* Memory map entry types (multiboot = BIOS E820; EFI types are mapped). */
#define MEM_USABLE		1
#define MEM_RESERVED		2
#define MEM_ACPI_RECLAIM	3
#define MEM_ACPI_NVS		4

struct mem_region {
	uint64_t base;
	uint64_t len;
	uint32_t type;
};

struct boot_module {
	uint32_t start, end;	/* physical, end exclusive */
	char name[64];
};

/* The framebuffer GRUB set up (multiboot2 tag 8): fbcon.c draws there. */
#define BOOT_FB_INDEXED		0
#define BOOT_FB_RGB		1
#define BOOT_FB_EGA_TEXT	2

struct boot_fb {
	uint64_t addr;			/* physical; 0 when there is none */
	uint32_t pitch, width, height;	/* bytes a line; pixels or characters */
	uint8_t bpp, type;
	uint8_t red_pos, red_size, green_pos, green_size, blue_pos, blue_size;
};

struct boot_info {
	char cmdline[BOOT_CMDLINE_MAX];	/* without the kernel's own path */
	int nmmap;
	struct mem_region mmap[BOOT_MAX_MMAP];
	int nmodules;
	struct boot_module modules[BOOT_MAX_MODULES];
	uint16_t ebda_segment;		/* BIOS data area word at 0x40E */
	const char *loader;		/* boot loader name, or "unknown" */
	int multiboot2;			/* started through multiboot2 */
	int efi_mmap;			/* the map came from UEFI's (tag 17) */
	/*
	 * The loader's copy of the RSDP (multiboot2 tags 14 and 15); rsdp_len
	 * 0 when it gave none. The legacy scans in acpi_boot.c are for v1.
	 */
	uint8_t rsdp[36];
	uint32_t rsdp_len;
	int rsdp_tag;			/* 15 (new, ACPI 2.0+) or 14 (old) */
	struct boot_fb fb;
};

extern struct boot_info boot_info;

/*
 * Copy the multiboot v1 or multiboot2 information, told apart by the magic.
 * Runs before paging (page 0 is readable).
 */
void bootinfo_init(uint32_t magic, uint32_t mbi_phys);

/* Print the memory map on the console. */
void bootinfo_print(void);

#endif
