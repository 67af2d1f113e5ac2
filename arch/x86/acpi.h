/*
 * acpi.h - the ACPI tables the kernel reads: RSDP, RSDT/XSDT, MADT, SRAT, SLIT.
 *
 * The parsers in acpi.c are pure functions over byte buffers: no paging, no
 * printk, no globals. The kernel hands them mapped tables; the host unit
 * tests and the libFuzzer harness (tests/) hand them crafted bytes. Every
 * problem found is reported through acpi_warn(), which the caller provides
 * (the kernel prints it on the console), and parsing goes on with what is
 * still trustworthy: a bad table never stops the boot.
 *
 * Warnings use only the conversions %s, %d, %u and %x (no length modifiers,
 * no widths), so the kernel's small printf needs nothing more. Each says what
 * is wrong and what is done about it.
 *
 * Node numbering: a node is its proximity domain number (node = pxm). An SRAT
 * naming a domain >= MAX_NODES is not used at all (one node), so every node
 * number fits and there can be no more than MAX_NODES of them. QEMU numbers
 * domains 0..n-1 as its -numa node ids, so nodes match QEMU's. (Linux instead
 * numbers nodes in order of first appearance in the SRAT; for QEMU's tables,
 * which list domains in order, the two agree.) The SLIT is indexed by the same
 * numbers.
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
	/*
	 * Input, set before acpi_parse() (which keeps it; every other field is
	 * output): when a signature appears more than once, use the LAST valid
	 * copy instead of the first. "acpi=last" on the kernel command line:
	 * QEMU's -acpitable appends a table after its own, so tests use this to
	 * substitute a crafted MADT/SRAT/SLIT.
	 */
	int prefer_last;

	/* MADT */
	uint64_t lapic_addr;		/* 32-bit field, or the type 5 override */
	int ncpus;			/* entries kept in cpus[], enabled or not */
	struct acpi_cpu cpus[NR_CPUS];
	int nioapics;
	struct acpi_ioapic ioapics[ACPI_MAX_IOAPICS];
	int nisos;
	struct acpi_iso isos[ACPI_MAX_ISOS];
	int lapic_nmi_lint;		/* LINT pin of the LAPIC NMI (type 4), or -1 */

	/*
	 * SRAT: which proximity domain each APIC ID is in, and memory ranges.
	 * has_srat is 0 when there is none or it is unusable (a domain >=
	 * MAX_NODES, no CPU entry left): the kernel then runs with one node.
	 * After acpi_parse(), every srat_cpus[] APIC ID is in cpus[].
	 */
	int has_srat;
	int nsrat_cpus;
	struct { uint32_t apic_id; uint32_t pxm; } srat_cpus[NR_CPUS];
	int nmem;
	struct acpi_mem_range mem[ACPI_MAX_MEM];

	/* SLIT: distances between localities (proximity domains); 0xFF means
	 * unreachable. has_slit is 0 when there is none or it is unusable. */
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
 *
 * rsdp is one acpi_find_rsdp() accepted (the extended checksum is checked
 * there); acpi_parse() reads its first 20 bytes, 36 when revision >= 2, and
 * checks the signature and the 20-byte checksum again. The pointers map()
 * returns must stay valid until acpi_parse() returns.
 *
 * After all tables are parsed it cross-checks them: SRAT CPU entries whose
 * APIC ID is not in the MADT are dropped, an SRAT with a domain >= MAX_NODES
 * is not used, enabled MADT CPUs missing from the SRAT are reported (they go
 * on node 0), and a SLIT that does not cover every SRAT domain is not used.
 */
int acpi_parse(const void *rsdp, acpi_map_fn map, struct acpi_info *info);

/*
 * The single-table parsers acpi_parse() uses; each takes the whole table
 * (header included) and its length as the mapping allows, resets and fills
 * only its own part of *info, and checks lengths but neither the signature
 * nor the checksum (acpi_parse() does). They never look at another table:
 * acpi_parse_srat() alone does not cross-check APIC IDs against the MADT.
 * Each returns 0 when its table is usable (MADT: at least one enabled CPU),
 * -1 otherwise.
 */
int acpi_parse_madt(const void *tbl, size_t len, struct acpi_info *info);
int acpi_parse_srat(const void *tbl, size_t len, struct acpi_info *info);
int acpi_parse_slit(const void *tbl, size_t len, struct acpi_info *info);

/* 1 when the len bytes at p sum to 0 (mod 256). */
int acpi_checksum_ok(const void *p, size_t len);

/* The node of proximity domain pxm (node = pxm, see the top), or -1 when it
 * cannot be a node (>= MAX_NODES). */
int acpi_pxm_to_node(const struct acpi_info *info, uint32_t pxm);

/* The node of the CPU with this APIC ID: from the SRAT, or 0 when there is no
 * usable SRAT or it does not list the CPU. */
int acpi_cpu_node(const struct acpi_info *info, uint32_t apic_id);

#endif
