/*
 * acpi_build.c - the table builder of acpi_build.h (host only).
 */
#include <string.h>
#include <stdlib.h>
#include <stdio.h>
#include "acpi_build.h"

static void die(const char *what)
{
	fprintf(stderr, "acpi_build: %s\n", what);
	abort();
}

void mem_init(struct mem *m)
{
	memset(m->b, 0, sizeof(m->b));
	m->size = MEM_SIZE;
	m->next = 0x1000;	/* below: room for RSDPs */
}

uint64_t mem_place(struct mem *m, const struct tbl *t)
{
	uint64_t at = m->next;

	if (t->n > MEM_SIZE - m->next)
		die("memory full");
	memcpy(m->b + at, t->b, t->n);
	m->next = (m->next + t->n + 15) & ~(size_t)15;
	return at;
}

void put32(uint8_t *p, uint32_t v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

static void put64(uint8_t *p, uint64_t v)
{
	put32(p, (uint32_t)v);
	put32(p + 4, (uint32_t)(v >> 32));
}

static uint8_t sum(const uint8_t *p, size_t n)
{
	uint8_t s = 0;

	while (n--)
		s += *p++;
	return s;
}

void tbl_u8(struct tbl *t, uint8_t v)
{
	if (t->n >= TBL_MAX)
		die("table full");
	t->b[t->n++] = v;
}

void tbl_u16(struct tbl *t, uint16_t v)
{
	tbl_u8(t, v);
	tbl_u8(t, v >> 8);
}

void tbl_u32(struct tbl *t, uint32_t v)
{
	tbl_u16(t, v);
	tbl_u16(t, v >> 16);
}

void tbl_u64(struct tbl *t, uint64_t v)
{
	tbl_u32(t, (uint32_t)v);
	tbl_u32(t, (uint32_t)(v >> 32));
}

static void tbl_bytes(struct tbl *t, const char *s, size_t n)
{
	while (n--)
		tbl_u8(t, (uint8_t)*s++);
}

void tbl_begin(struct tbl *t, const char *sig)
{
	t->n = 0;
	tbl_bytes(t, sig, 4);
	tbl_u32(t, 0);			/* length: tbl_end */
	tbl_u8(t, 1);			/* revision */
	tbl_u8(t, 0);			/* checksum: tbl_end */
	tbl_bytes(t, "BOCHS ", 6);	/* OEM ID, as QEMU's */
	tbl_bytes(t, "BXPC    ", 8);	/* OEM table ID */
	tbl_u32(t, 1);			/* OEM revision */
	tbl_bytes(t, "BXPC", 4);	/* creator ID */
	tbl_u32(t, 1);			/* creator revision */
}

void tbl_fix(struct tbl *t)
{
	t->b[9] = 0;
	t->b[9] = (uint8_t)-sum(t->b, t->n);
}

void tbl_end(struct tbl *t)
{
	put32(t->b + 4, (uint32_t)t->n);
	tbl_fix(t);
}

void madt_begin(struct tbl *t, uint32_t lapic_addr)
{
	tbl_begin(t, "APIC");
	tbl_u32(t, lapic_addr);
	tbl_u32(t, 1);			/* PCAT_COMPAT */
}

void madt_lapic(struct tbl *t, uint8_t uid, uint8_t apic_id, uint32_t flags)
{
	tbl_u8(t, 0);
	tbl_u8(t, 8);
	tbl_u8(t, uid);
	tbl_u8(t, apic_id);
	tbl_u32(t, flags);
}

void madt_x2apic(struct tbl *t, uint32_t x2apic_id, uint32_t flags, uint32_t uid)
{
	tbl_u8(t, 9);
	tbl_u8(t, 16);
	tbl_u16(t, 0);
	tbl_u32(t, x2apic_id);
	tbl_u32(t, flags);
	tbl_u32(t, uid);
}

void madt_ioapic(struct tbl *t, uint8_t id, uint32_t addr, uint32_t gsi_base)
{
	tbl_u8(t, 1);
	tbl_u8(t, 12);
	tbl_u8(t, id);
	tbl_u8(t, 0);
	tbl_u32(t, addr);
	tbl_u32(t, gsi_base);
}

void madt_iso(struct tbl *t, uint8_t irq, uint32_t gsi, uint16_t flags)
{
	tbl_u8(t, 2);
	tbl_u8(t, 10);
	tbl_u8(t, 0);			/* bus: ISA */
	tbl_u8(t, irq);
	tbl_u32(t, gsi);
	tbl_u16(t, flags);
}

void madt_nmi(struct tbl *t, uint8_t uid, uint16_t flags, uint8_t lint)
{
	tbl_u8(t, 4);
	tbl_u8(t, 6);
	tbl_u8(t, uid);
	tbl_u16(t, flags);
	tbl_u8(t, lint);
}

void madt_lapic_override(struct tbl *t, uint64_t addr)
{
	tbl_u8(t, 5);
	tbl_u8(t, 12);
	tbl_u16(t, 0);
	tbl_u64(t, addr);
}

void srat_begin(struct tbl *t)
{
	tbl_begin(t, "SRAT");
	tbl_u32(t, 1);			/* reserved, 1 for compatibility */
	tbl_u64(t, 0);
}

void srat_cpu(struct tbl *t, uint32_t pxm, uint8_t apic_id, uint32_t flags)
{
	tbl_u8(t, 0);
	tbl_u8(t, 16);
	tbl_u8(t, pxm);
	tbl_u8(t, apic_id);
	tbl_u32(t, flags);
	tbl_u8(t, 0);			/* local SAPIC EID */
	tbl_u8(t, pxm >> 8);
	tbl_u8(t, pxm >> 16);
	tbl_u8(t, pxm >> 24);
	tbl_u32(t, 0);			/* clock domain */
}

void srat_x2apic(struct tbl *t, uint32_t pxm, uint32_t x2apic_id, uint32_t flags)
{
	tbl_u8(t, 2);
	tbl_u8(t, 24);
	tbl_u16(t, 0);
	tbl_u32(t, pxm);
	tbl_u32(t, x2apic_id);
	tbl_u32(t, flags);
	tbl_u32(t, 0);			/* clock domain */
	tbl_u32(t, 0);
}

void srat_mem(struct tbl *t, uint32_t pxm, uint64_t base, uint64_t len,
	      uint32_t flags)
{
	tbl_u8(t, 1);
	tbl_u8(t, 40);
	tbl_u32(t, pxm);
	tbl_u16(t, 0);
	tbl_u64(t, base);
	tbl_u64(t, len);
	tbl_u32(t, 0);
	tbl_u32(t, flags);
	tbl_u64(t, 0);
}

void slit_build(struct tbl *t, unsigned n, const uint8_t *dist)
{
	unsigned i;

	tbl_begin(t, "SLIT");
	tbl_u64(t, n);
	for (i = 0; i < n * n; i++)
		tbl_u8(t, dist[i]);
	tbl_end(t);
}

static uint64_t mem_root(struct mem *m, const char *sig, const uint64_t *tables,
			 int n, int wide)
{
	struct tbl t;
	int i;

	tbl_begin(&t, sig);
	for (i = 0; i < n; i++) {
		if (wide)
			tbl_u64(&t, tables[i]);
		else
			tbl_u32(&t, (uint32_t)tables[i]);
	}
	tbl_end(&t);
	return mem_place(m, &t);
}

uint64_t mem_rsdt(struct mem *m, const uint64_t *tables, int n)
{
	return mem_root(m, "RSDT", tables, n, 0);
}

uint64_t mem_xsdt(struct mem *m, const uint64_t *tables, int n)
{
	return mem_root(m, "XSDT", tables, n, 1);
}

void mem_rsdp(struct mem *m, size_t at, int revision, uint64_t rsdt, uint64_t xsdt)
{
	uint8_t *p = m->b + at;

	memset(p, 0, 36);
	memcpy(p, "RSD PTR ", 8);
	memcpy(p + 9, "BOCHS ", 6);
	p[15] = revision;
	put32(p + 16, (uint32_t)rsdt);
	p[8] = (uint8_t)-sum(p, 20);
	if (revision >= 2) {
		put32(p + 20, 36);
		put64(p + 24, xsdt);
		p[32] = (uint8_t)-sum(p, 36);
	}
}

static int width(int n)
{
	int w = 0;

	while ((1 << w) < n)
		w++;
	return w;
}

uint32_t qemu_apic_id(const struct qemu_shape *s, int cpu)
{
	int tw = width(s->threads), cw = width(s->cores);
	int thread = cpu % s->threads;
	int core = cpu / s->threads % s->cores;
	int pkg = cpu / (s->threads * s->cores);

	return (uint32_t)(pkg << (cw + tw) | core << tw | thread);
}

/* A table with only a header, for QEMU's tables we do not read. */
static uint64_t dummy(struct mem *m, const char *sig)
{
	struct tbl t;

	tbl_begin(&t, sig);
	tbl_u32(&t, 0);
	tbl_end(&t);
	return mem_place(m, &t);
}

int qemu_tables(struct mem *m, const struct qemu_shape *s, uint64_t *out)
{
	int ncpu = s->sockets * s->cores * s->threads;
	int per_node = s->nodes ? ncpu / s->nodes : ncpu;
	static struct tbl t;
	int i, k = 0;
	uint64_t node_mb = s->nodes ? 512 / s->nodes : 512;

	out[k++] = dummy(m, "FACP");

	madt_begin(&t, 0xfee00000);
	for (i = 0; i < ncpu; i++)
		madt_lapic(&t, i, qemu_apic_id(s, i), i < s->present ? 1 : 0);
	madt_ioapic(&t, 0, 0xfec00000, 0);
	madt_iso(&t, 0, 2, 0);
	madt_iso(&t, 5, 5, 0xd);
	madt_iso(&t, 9, 9, 0xd);
	madt_iso(&t, 10, 10, 0xd);
	madt_iso(&t, 11, 11, 0xd);
	madt_nmi(&t, 0xff, 0, 1);
	tbl_end(&t);
	out[k++] = mem_place(m, &t);

	out[k++] = dummy(m, "HPET");
	if (!s->nodes)
		return k;

	srat_begin(&t);
	for (i = 0; i < ncpu; i++)
		srat_cpu(&t, i / per_node, qemu_apic_id(s, i), 1);
	srat_mem(&t, 0, 0, 0xa0000, 1);
	srat_mem(&t, 0, 0x100000, (node_mb << 20) - 0x100000, 1);
	for (i = 1; i < s->nodes; i++)
		srat_mem(&t, i, (uint64_t)i * node_mb << 20, node_mb << 20, 1);
	srat_mem(&t, 0, 0, 0, 0);
	tbl_end(&t);
	out[k++] = mem_place(m, &t);

	if (s->dist) {
		slit_build(&t, s->nodes, s->dist);
		out[k++] = mem_place(m, &t);
	}
	return k;
}

void srat_gi(struct tbl *t, uint32_t pxm, uint32_t flags)
{
	tbl_u8(t, 5);
	tbl_u8(t, 32);
	tbl_u8(t, 0);
	tbl_u8(t, 1);			/* device handle type: PCI */
	tbl_u32(t, pxm);
	for (int i = 0; i < 16; i++)
		tbl_u8(t, 0);		/* device handle */
	tbl_u32(t, flags);
	tbl_u32(t, 0);
}
