/*
 * acpi_build.h - build ACPI tables in a buffer standing in for physical
 * memory, for the host unit tests and the fuzzer's seed corpus.
 *
 * Host only. A struct mem is "physical memory" (address = offset); tables are
 * assembled in a struct tbl (header, then entries appended field by field,
 * little-endian), then tbl_end() fills in the length and checksum and
 * mem_place() copies the table into memory, returning its address. Tests that
 * want a broken table change bytes after tbl_end() (and call tbl_fix() to make
 * the checksum right again when only the content should be wrong).
 */
#ifndef TESTS_ACPI_BUILD_H
#define TESTS_ACPI_BUILD_H

#include <stdint.h>
#include <stddef.h>

#define MEM_SIZE	0x10000		/* 64 KiB of "physical memory" */
#define TBL_MAX		16384

struct mem {
	uint8_t b[MEM_SIZE];
	size_t size;		/* map() refuses anything past this */
	size_t next;		/* where mem_place() puts the next table */
};

struct tbl {
	uint8_t b[TBL_MAX];
	size_t n;
};

void mem_init(struct mem *m);
uint64_t mem_place(struct mem *m, const struct tbl *t);

void tbl_begin(struct tbl *t, const char *sig);
void tbl_u8(struct tbl *t, uint8_t v);
void tbl_u16(struct tbl *t, uint16_t v);
void tbl_u32(struct tbl *t, uint32_t v);
void tbl_u64(struct tbl *t, uint64_t v);
void tbl_end(struct tbl *t);		/* length and checksum */
void tbl_fix(struct tbl *t);		/* checksum only */
void put32(uint8_t *p, uint32_t v);

/* MADT: tbl_begin + LAPIC address + flags; then entries. */
void madt_begin(struct tbl *t, uint32_t lapic_addr);
void madt_lapic(struct tbl *t, uint8_t uid, uint8_t apic_id, uint32_t flags);
void madt_x2apic(struct tbl *t, uint32_t x2apic_id, uint32_t flags, uint32_t uid);
void madt_ioapic(struct tbl *t, uint8_t id, uint32_t addr, uint32_t gsi_base);
void madt_iso(struct tbl *t, uint8_t irq, uint32_t gsi, uint16_t flags);
void madt_nmi(struct tbl *t, uint8_t uid, uint16_t flags, uint8_t lint);
void madt_lapic_override(struct tbl *t, uint64_t addr);

/* SRAT: tbl_begin + 12 reserved bytes; then entries. */
void srat_begin(struct tbl *t);
void srat_cpu(struct tbl *t, uint32_t pxm, uint8_t apic_id, uint32_t flags);
void srat_x2apic(struct tbl *t, uint32_t pxm, uint32_t x2apic_id, uint32_t flags);
void srat_mem(struct tbl *t, uint32_t pxm, uint64_t base, uint64_t len,
	      uint32_t flags);

/* SLIT of n localities from a row-major n*n matrix. */
void slit_build(struct tbl *t, unsigned n, const uint8_t *dist);

/* Root tables over table addresses, and the RSDP (placed at `at`). */
uint64_t mem_rsdt(struct mem *m, const uint64_t *tables, int n);
uint64_t mem_xsdt(struct mem *m, const uint64_t *tables, int n);
void mem_rsdp(struct mem *m, size_t at, int revision, uint64_t rsdt, uint64_t xsdt);

/*
 * A QEMU 7.2-like machine (shared/QEMU-FACTS.md): sockets x cores x threads,
 * APIC IDs package << (core_w + smt_w) | core << smt_w | thread, one node per
 * socket spread evenly when nodes > 0, MADT with one I/O APIC, the ISA
 * overrides and the LAPIC NMI, SRAT with QEMU's memory layout and closing
 * zero-length entry, SLIT when dist is non-NULL. Table addresses go to
 * out[] in QEMU's order (FACP, APIC, HPET, SRAT, SLIT); returns their count.
 */
struct qemu_shape {
	int sockets, cores, threads, nodes;
	int present;			/* CPUs present (maxcpus = the product) */
	const uint8_t *dist;		/* nodes x nodes, or NULL: no SLIT */
};
int qemu_tables(struct mem *m, const struct qemu_shape *s, uint64_t *out);
uint32_t qemu_apic_id(const struct qemu_shape *s, int cpu);

#endif
