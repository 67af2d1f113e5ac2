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
 * Node numbering follows Linux 6.1 (drivers/acpi/numa/srat.c,
 * acpi_map_pxm_to_node): a proximity domain gets the next free node number
 * the first time the SRAT names it, processor entries (types 0, 2 and the
 * generic initiators of type 5, enabled ones, in table order) first, then
 * memory entries (type 1). Domain numbers themselves mean nothing; the SLIT,
 * indexed by domain, is read through the same mapping. Without a usable SRAT
 * there is one node, 0, holding every CPU. One difference remains: a node
 * that ends up with neither memory nor a CPU (its only CPU entry overridden
 * by a later one, or naming an APIC ID the MADT lacks) stays offline in
 * Linux and is left out of its report; here it is an empty node.
 */
#ifndef ARCH_X86_ACPI_H
#define ARCH_X86_ACPI_H

#include <stdint.h>
#include <stddef.h>
#include "params.h"

#define ACPI_MAX_IOAPICS	8
#define ACPI_MAX_ISOS		16
/* SRAT memory ranges: Linux's NR_NODE_MEMBLKS (include/linux/numa.h); more
 * make Linux give up on the SRAT (numa_add_memblk), and so do we. */
#define ACPI_MAX_MEM		(2 * MAX_NODES)
/* SRAT processor entries kept: firmware lists possible CPUs, more than run. */
#define ACPI_MAX_SRAT_CPUS	(2 * NR_CPUS)
/*
 * Proximity domains a node can be made of: Linux 6.1's MAX_PXM_DOMAINS
 * (include/acpi/acpi_numa.h), 256 ("old pxm spec is defined 8 bit") unless
 * MAX_NUMNODES is larger. acpi_map_pxm_to_node() refuses a domain beyond it,
 * and the SRAT is then not used.
 */
#define ACPI_MAX_PXM		(MAX_NODES > 256 ? MAX_NODES : 256)
/* x86's MAX_LOCAL_APIC: SRAT entries for larger APIC IDs are skipped
 * (arch/x86/mm/srat.c). */
#define ACPI_MAX_LOCAL_APIC	32768

/*
 * A processor of the MADT (type 0 or 9) that gets a logical CPU number, as
 * Linux 6.1 numbers them (arch/x86/kernel/acpi/boot.c, acpi_parse_lapic and
 * acpi_parse_x2apic; arch/x86/kernel/apic/apic.c, allocate_logical_cpuid):
 * enabled entries in table order; LAPIC ID 0xff and x2APIC ID 0xffffffff are
 * placeholders and ignored, disabled entries get no number, and an APIC ID
 * seen before keeps its first number.
 */
struct acpi_cpu {
	uint32_t apic_id;
	uint32_t uid;		/* ACPI processor UID */
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
	int node;		/* its node number */
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
	int ncpus;			/* CPUs in cpus[], at most NR_CPUS */
	struct acpi_cpu cpus[NR_CPUS];
	int nioapics;
	struct acpi_ioapic ioapics[ACPI_MAX_IOAPICS];
	int nisos;
	struct acpi_iso isos[ACPI_MAX_ISOS];
	int lapic_nmi_lint;		/* LINT pin of the LAPIC NMI (type 4), or -1 */

	/*
	 * SRAT, node numbers by first appearance (see the top): has_srat is 0
	 * when there is none or Linux would not use it (a malformed entry, a
	 * domain >= ACPI_MAX_PXM, more than MAX_NODES domains, no memory
	 * entry, overlapping ranges of two nodes): then nnodes is 1. Every
	 * srat_cpus[].node and mem[].node is below nnodes. When an APIC ID is
	 * listed twice, the later entry wins (set_apicid_to_node).
	 */
	int has_srat;
	int srat_revision;		/* header revision: domain width */
	int nnodes;
	uint32_t node_pxm[MAX_NODES];	/* proximity domain of each node */
	int nsrat_cpus;
	struct { uint32_t apic_id; int node; } srat_cpus[ACPI_MAX_SRAT_CPUS];
	int nmem;
	struct acpi_mem_range mem[ACPI_MAX_MEM];

	/*
	 * Distances between nodes: the SLIT's where it names both domains and
	 * is valid (every diagonal entry 10, every other above 10), else 10 on
	 * the diagonal and 20 elsewhere. has_slit says the SLIT was used.
	 */
	int has_slit;
	uint8_t distance[MAX_NODES][MAX_NODES];
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
 * After all tables are parsed it cross-checks them: SRAT processor entries
 * whose APIC ID the MADT does not list at all are reported (one line) and
 * ignored, and an SRAT whose memory ranges of two nodes overlap is not used.
 */
int acpi_parse(const void *rsdp, acpi_map_fn map, struct acpi_info *info);

/*
 * The single-table parsers acpi_parse() uses; each takes the whole table
 * (header included) and its length as the mapping allows, resets and fills
 * only its own part of *info, and checks lengths but neither the signature
 * nor the checksum (acpi_parse() does). acpi_parse_srat() alone does not
 * cross-check APIC IDs against the MADT; acpi_parse_slit() reads the SLIT
 * through the node numbers acpi_parse_srat() left in *info (parse the SRAT
 * first). Each returns 0 when its table is usable (MADT: at least one
 * enabled CPU), -1 otherwise.
 */
int acpi_parse_madt(const void *tbl, size_t len, struct acpi_info *info);
int acpi_parse_srat(const void *tbl, size_t len, struct acpi_info *info);
int acpi_parse_slit(const void *tbl, size_t len, struct acpi_info *info);

/* 1 when the len bytes at p sum to 0 (mod 256). */
int acpi_checksum_ok(const void *p, size_t len);

/* The node of proximity domain pxm, or -1 when the SRAT gave it none. */
int acpi_pxm_to_node(const struct acpi_info *info, uint32_t pxm);

/*
 * The node of the CPU with this APIC ID; bsp_apic is the boot CPU's (logical
 * CPU 0). From the SRAT when it lists the CPU; an enabled CPU it does not
 * list goes round-robin over the nodes with memory by its logical number,
 * as Linux 6.1's numa_init_array() (arch/x86/mm/numa.c) places every CPU
 * before init_cpu_to_node() applies the SRAT; 0 without a usable SRAT.
 */
int acpi_cpu_node(const struct acpi_info *info, uint32_t apic_id,
		  uint32_t bsp_apic);

#endif
