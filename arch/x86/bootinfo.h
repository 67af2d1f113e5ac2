/*
 * bootinfo.h - what the boot loader told us, copied out of the multiboot
 * structures (which lie in memory the page allocator will hand out) into
 * kernel variables before anything else allocates.
 */
#ifndef ARCH_X86_BOOTINFO_H
#define ARCH_X86_BOOTINFO_H

#include <stdint.h>

#define BOOT_MAX_MMAP		64	/* QEMU gives about 6, real PCs ~20 */
#define BOOT_MAX_MODULES	8
#define BOOT_CMDLINE_MAX	256

/* Memory map entry types (multiboot = BIOS E820). */
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

struct boot_info {
	char cmdline[BOOT_CMDLINE_MAX];	/* without the kernel's own path */
	int nmmap;
	struct mem_region mmap[BOOT_MAX_MMAP];
	int nmodules;
	struct boot_module modules[BOOT_MAX_MODULES];
	uint16_t ebda_segment;		/* BIOS data area word at 0x40E */
	const char *loader;		/* boot loader name, or "unknown" */
};

extern struct boot_info boot_info;

/* Copy the multiboot information. Runs before paging (page 0 is readable). */
void bootinfo_init(uint32_t magic, uint32_t mbi_phys);

/* Print the memory map on the console. */
void bootinfo_print(void);

#endif
