/*
 * acpi.h - the ACPI tables the kernel reads: RSDP, RSDT/XSDT, MADT, SRAT, SLIT.
 *
 * The parsers in acpi.c are pure functions over byte buffers: no paging, no
 * printk, no globals. The kernel hands them mapped tables; the host unit
 * tests and the libFuzzer harness (tests/) hand them crafted bytes. Every
 * problem found is reported through acpi_warn(), which the caller provides
 * (the kernel prints it on the console), and parsing goes on with what is
 * still trustworthy: a bad table never stops the boot.
 */
#ifndef ARCH_X86_ACPI_H
#define ARCH_X86_ACPI_H

#include <stdint.h>
#include <stddef.h>
#include "params.h"

#define ACPI_MAX_IOAPICS	8
#define ACPI_MAX_ISOS		16
#define ACPI_MAX_MEM		(2 * MAX_NODES + 8)	/* SRAT memory ranges kept */

/* One processor entry of the MADT (type 0 or 9), in table order. */
struct acpi_cpu {
	uint32_t apic_id;
	uint32_t uid;		/* ACPI processor UID */
	uint8_t enabled;	/* flags bit 0 */
	uint8_t online_capable;	/* flags bit 1 (ACPI 6.3): may be enabled later */
	uint8_t x2apic;		/* came from a type 9 entry */
};

struct acpi_ioapic {
	uint8_t id;
	uint32_t addr;
	uint32_t gsi_base;
};

/* Interrupt source override: ISA IRQ `irq` arrives on GSI `gsi`. */
struct acpi_iso {
	uint8_t irq;
	uint32_t gsi;
	uint16_t flags;		/* MPS INTI flags: polarity bits 0-1, trigger bits 2-3 */
};

struct acpi_mem_range {
	uint64_t base;
	uint64_t len;
	uint32_t pxm;		/* proximity domain as the SRAT gives it */
};

struct acpi_info {
	/* MADT */
	uint64_t lapic_addr;		/* 32-bit field, or the type 5 override */
	int ncpus;			/* entries kept in cpus[], enabled or not */
	struct acpi_cpu cpus[NR_CPUS];
	int nioapics;
	struct acpi_ioapic ioapics[ACPI_MAX_IOAPICS];
	int nisos;
	struct acpi_iso isos[ACPI_MAX_ISOS];
	int lapic_nmi_lint;		/* LINT pin of the LAPIC NMI (type 4), or -1 */

	/* SRAT: which proximity domain each APIC ID is in, and memory ranges. */
	int has_srat;
	int nsrat_cpus;
	struct { uint32_t apic_id; uint32_t pxm; } srat_cpus[NR_CPUS];
	int nmem;
	struct acpi_mem_range mem[ACPI_MAX_MEM];

	/* SLIT: distances between localities (proximity domains). */
	int has_slit;
	int slit_n;
	uint8_t slit[MAX_NODES][MAX_NODES];
};

/* Provided by the environment (kernel: the console; tests: a log buffer). */
void acpi_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/*
 * Reads len bytes of physical memory at phys for the table walker, or NULL
 * when that memory cannot be reached. Kernel: identity-mapped low memory;
 * tests: a buffer standing in for physical memory.
 */
typedef const void *(*acpi_map_fn)(uint64_t phys, size_t len);

/* Find the RSDP in a buffer (EBDA or 0xE0000-0xFFFFF), 16-byte aligned, with
 * its checksum (and the extended one for revision >= 2) right. Returns the
 * offset in buf or -1. */
long acpi_find_rsdp(const void *buf, size_t len);

/*
 * Walk RSDP -> XSDT (revision >= 2 and valid) or RSDT -> MADT, SRAT, SLIT,
 * checking every table's signature, length and checksum, and fill *info.
 * Returns 0 when a usable MADT was found, -1 otherwise (the caller then runs
 * on the boot CPU alone).
 */
int acpi_parse(const void *rsdp, acpi_map_fn map, struct acpi_info *info);

/* The single-table parsers acpi_parse() uses; each takes the whole table
 * (header included) and its length as the mapping allows. */
int acpi_parse_madt(const void *tbl, size_t len, struct acpi_info *info);
int acpi_parse_srat(const void *tbl, size_t len, struct acpi_info *info);
int acpi_parse_slit(const void *tbl, size_t len, struct acpi_info *info);

/* 1 when the len bytes at p sum to 0 (mod 256). */
int acpi_checksum_ok(const void *p, size_t len);

#endif
