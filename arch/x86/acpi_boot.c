/*
 * acpi_boot.c - find the ACPI tables and parse them with acpi.c.
 *
 * A multiboot2 loader hands us a copy of the RSDP (UEFI has no BIOS area
 * to scan, and its RSDP may lie anywhere). Under multiboot v1 the RSDP lies
 * in the first KiB of the EBDA or in the BIOS area 0xE0000-0xFFFFF, on a
 * 16-byte boundary (ACPI 6.4, 5.2.5.1). The tables it leads to may be
 * anywhere below 4 GiB, often in memory the loader's map calls reserved, so
 * map() maps them on demand.
 */
#include <stdarg.h>
#include "acpi_boot.h"
#include "bootinfo.h"
#include "paging.h"
#include "printk.h"

#define EBDA_SEARCH_LEN		1024
#define BIOS_AREA_START		0xe0000
#define BIOS_AREA_END		0x100000

struct acpi_info acpi_info;

void acpi_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintk(fmt, ap);
	va_end(ap);
}

static const void *map(uint64_t phys, size_t len)
{
	if (!phys || paging_map_identity(phys, len, 0))
		return 0;
	return (const void *)(uintptr_t)phys;
}

static const void *find_rsdp(void)
{
	uintptr_t ebda = (uintptr_t)boot_info.ebda_segment << 4;
	long off;

	/* An EBDA below 0x80000 or past 640 KiB is not one (a BIOS left 0). */
	if (ebda >= 0x80000 && ebda + EBDA_SEARCH_LEN <= 0xa0000) {
		off = acpi_find_rsdp((const void *)ebda, EBDA_SEARCH_LEN);
		if (off >= 0)
			return (const char *)ebda + off;
	}
	off = acpi_find_rsdp((const void *)BIOS_AREA_START,
			     BIOS_AREA_END - BIOS_AREA_START);
	if (off >= 0)
		return (const char *)BIOS_AREA_START + off;
	return 0;
}

int acpi_boot_init(int prefer_last)
{
	const void *rsdp;
	int ok;

	acpi_info.prefer_last = prefer_last;
	if (boot_info.multiboot2) {
		rsdp = boot_info.rsdp_len ? boot_info.rsdp : 0;
		if (!rsdp) {
			printk("acpi: the boot loader passed no RSDP (multiboot2 tags 14, 15); "
			       "running on the boot CPU alone, one node\n");
			acpi_info.lapic_addr = 0;
			return -1;
		}
		printk("acpi: RSDP from the boot loader (multiboot2 %s RSDP tag)%s\n",
		       boot_info.rsdp_tag == 15 ? "new" : "old",
		       prefer_last ? " (acpi=last: the last copy of a table wins)" : "");
	} else {
		rsdp = find_rsdp();
		if (!rsdp) {
			printk("acpi: no RSDP found; running on the boot CPU alone, one node\n");
			acpi_info.lapic_addr = 0;
			return -1;
		}
		printk("acpi: RSDP at 0x%x%s\n", (unsigned)(uintptr_t)rsdp,
		       prefer_last ? " (acpi=last: the last copy of a table wins)" : "");
	}
	ok = acpi_parse(rsdp, map, &acpi_info);
	printk("acpi: MADT %s: %d CPU entries, %d I/O APICs; SRAT %s; SLIT %s\n",
	       ok == 0 ? "usable" : "missing or unusable", acpi_info.ncpus,
	       acpi_info.nioapics, acpi_info.has_srat ? "usable" : "none",
	       acpi_info.has_slit ? "usable" : "none");
	return ok;
}
