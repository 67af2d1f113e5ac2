/*
 * test_acpi.c - host unit tests of the ACPI parsers (arch/x86/acpi.c).
 *
 * Each test builds tables in a buffer standing in for physical memory
 * (acpi_build.h), runs the parser, and prints one TAP line named for the
 * behaviour it proves. acpi_warn() is captured, so tests also check that a
 * problem is reported in words that say what is wrong.
 *
 *   test_acpi                  run the tests (TAP)
 *   test_acpi --seeds DIR      write the fuzzer's seed corpus into DIR
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "acpi.h"
#include "acpi_build.h"
#include "acpi_fuzz.h"

/* ---- captured warnings ---- */

static char warn_log[16384];
static size_t warn_len;
static int nwarn;

void acpi_warn(const char *fmt, ...)
{
	va_list ap;
	int n;

	nwarn++;
	va_start(ap, fmt);
	n = vsnprintf(warn_log + warn_len, sizeof(warn_log) - warn_len, fmt, ap);
	va_end(ap);
	if (n > 0)
		warn_len += (size_t)n;
	if (warn_len >= sizeof(warn_log))
		warn_len = sizeof(warn_log) - 1;
}

static void warn_reset(void)
{
	warn_log[0] = '\0';
	warn_len = 0;
	nwarn = 0;
}

static int warned(const char *frag)
{
	return strstr(warn_log, frag) != NULL;
}

/* ---- "physical memory" and TAP ---- */

static struct mem mem;
static struct acpi_info info;
static struct tbl t;
static int ntest, nfail;

static const void *map(uint64_t phys, size_t len)
{
	if (phys > mem.size || len > mem.size - phys)
		return NULL;
	return mem.b + phys;
}

static void setup(void)
{
	mem_init(&mem);
	memset(&info, 0, sizeof(info));
	warn_reset();
}

static void tap(int ok, const char *name)
{
	ntest++;
	printf("%sok %d %s\n", ok ? "" : "not ", ntest, name);
	if (!ok) {
		nfail++;
		printf("# warnings (%d):\n", nwarn);
		for (char *s = warn_log, *e; *s; s = e + 1) {
			e = strchr(s, '\n');
			printf("#   %.*s\n", e ? (int)(e - s) : (int)strlen(s), s);
			if (!e)
				break;
		}
	}
}

/* Parse a table set from an RSDT (revision 0) or XSDT (revision 2). */
static int parse_set(const uint64_t *tables, int n, int revision)
{
	uint64_t rsdt = mem_rsdt(&mem, tables, n);
	uint64_t xsdt = revision >= 2 ? mem_xsdt(&mem, tables, n) : 0;

	mem_rsdp(&mem, 0x40, revision, rsdt, xsdt);
	return acpi_parse(mem.b + 0x40, map, &info);
}

static int srat_pxm(uint32_t apic_id)
{
	for (int i = 0; i < info.nsrat_cpus; i++)
		if (info.srat_cpus[i].apic_id == apic_id)
			return (int)info.srat_cpus[i].pxm;
	return -1;
}

static const struct qemu_shape shape_2n2c2t = { 2, 2, 2, 2, 8, NULL };
static const uint8_t dist_2n[] = { 10, 20, 20, 10 };
static const struct qemu_shape shape_2n2c2t_slit = { 2, 2, 2, 2, 8, dist_2n };

/* The whole QEMU-like 2n2c2t set comes out as QEMU built it. */
static int check_2n2c2t(int rc)
{
	int ok = rc == 0 && nwarn == 0 && info.ncpus == 8 &&
		 info.lapic_addr == 0xfee00000 && info.nioapics == 1 &&
		 info.ioapics[0].addr == 0xfec00000 && info.nisos == 5 &&
		 info.isos[0].irq == 0 && info.isos[0].gsi == 2 &&
		 info.isos[1].flags == 0xd && info.lapic_nmi_lint == 1 &&
		 info.has_srat && info.nsrat_cpus == 8 && info.nmem == 3;

	for (int i = 0; ok && i < 8; i++)
		ok = info.cpus[i].apic_id == (uint32_t)i && info.cpus[i].uid ==
		     (uint32_t)i && info.cpus[i].enabled && !info.cpus[i].x2apic &&
		     srat_pxm(i) == i / 4 && acpi_cpu_node(&info, i) == i / 4;
	return ok && info.mem[0].len == 0xa0000 && info.mem[2].pxm == 1 &&
	       info.mem[2].base == 256u << 20;
}

static void test_good_sets(void)
{
	uint64_t tb[8];
	int n, rc;

	setup();
	n = qemu_tables(&mem, &shape_2n2c2t, tb);
	rc = parse_set(tb, n, 0);
	tap(check_2n2c2t(rc) && !info.has_slit, "rsdt_qemu_2n2c2t_parsed");

	setup();
	n = qemu_tables(&mem, &shape_2n2c2t_slit, tb);
	rc = parse_set(tb, n, 2);
	tap(check_2n2c2t(rc) && info.has_slit && info.slit_n == 2 &&
	    info.slit[0][0] == 10 && info.slit[0][1] == 20 &&
	    info.slit[1][0] == 20, "xsdt_qemu_2n2c2t_slit_parsed");

	/* The XSDT is used when valid: give the RSDT a different table set. */
	setup();
	n = qemu_tables(&mem, &shape_2n2c2t, tb);
	mem_rsdp(&mem, 0x40, 2, mem_rsdt(&mem, tb, 1), mem_xsdt(&mem, tb, n));
	rc = acpi_parse(mem.b + 0x40, map, &info);
	tap(check_2n2c2t(rc), "xsdt_preferred_over_rsdt");

	/* Its checksum broken, the RSDT is used instead, with a warning. */
	setup();
	n = qemu_tables(&mem, &shape_2n2c2t, tb);
	{
		uint64_t x = mem_xsdt(&mem, tb, n);

		mem.b[x + 40]++;
		mem_rsdp(&mem, 0x40, 2, mem_rsdt(&mem, tb, n), x);
	}
	rc = acpi_parse(mem.b + 0x40, map, &info);
	tap(rc == 0 && info.ncpus == 8 && info.has_srat &&
	    warned("XSDT table (the RSDP's XSDT) has a bad checksum") &&
	    warned("falling back to the RSDT"), "bad_xsdt_falls_back_to_rsdt");

	/* An uniprocessor machine: no SRAT, one CPU. */
	setup();
	{
		static const struct qemu_shape up = { 1, 1, 1, 0, 1, NULL };

		n = qemu_tables(&mem, &up, tb);
	}
	rc = parse_set(tb, n, 0);
	tap(rc == 0 && nwarn == 0 && info.ncpus == 1 && !info.has_srat &&
	    acpi_cpu_node(&info, 0) == 0, "uniprocessor_without_srat");

	/* 2 sockets x 3 cores x 2 threads: APIC IDs with holes 6, 7. */
	setup();
	{
		static const struct qemu_shape s = { 2, 3, 2, 2, 12, NULL };

		n = qemu_tables(&mem, &s, tb);
	}
	rc = parse_set(tb, n, 0);
	tap(rc == 0 && nwarn == 0 && info.ncpus == 12 &&
	    info.cpus[5].apic_id == 5 && info.cpus[6].apic_id == 8 &&
	    info.cpus[11].apic_id == 13 && srat_pxm(8) == 1,
	    "qemu_2n3c2t_apic_id_holes");

	/* maxcpus: present CPUs enabled, the others kept disabled. */
	setup();
	{
		static const struct qemu_shape s = { 2, 2, 2, 2, 4, NULL };

		n = qemu_tables(&mem, &s, tb);
	}
	rc = parse_set(tb, n, 0);
	tap(rc == 0 && nwarn == 0 && info.ncpus == 8 && info.cpus[3].enabled &&
	    !info.cpus[4].enabled && info.nsrat_cpus == 8,
	    "qemu_maxcpus_disabled_kept");
}

/* ---- RSDP ---- */

static void test_rsdp(void)
{
	long off;

	/* A bad first RSDP is skipped with a warning; the scan goes on. */
	setup();
	mem_rsdp(&mem, 0x20, 0, 0x1000, 0);
	mem.b[0x20 + 10] ^= 0x55;
	mem_rsdp(&mem, 0x80, 0, 0x1000, 0);
	off = acpi_find_rsdp(mem.b, 0x1000);
	tap(off == 0x80 && nwarn == 1 &&
	    warned("RSDP at offset 0x20 has a bad checksum; skipping it"),
	    "rsdp_bad_checksum_skipped");

	/* Revision 2 with a bad extended checksum: skipped as well. */
	setup();
	mem_rsdp(&mem, 0x20, 2, 0x1000, 0x2000);
	mem.b[0x20 + 30] ^= 1;
	mem_rsdp(&mem, 0x60, 2, 0x1000, 0x2000);
	off = acpi_find_rsdp(mem.b, 0x1000);
	tap(off == 0x60 && warned("bad extended checksum"),
	    "rsdp_bad_extended_checksum_skipped");

	/* Revision 2 whose length runs past the buffer. */
	setup();
	mem_rsdp(&mem, 0x1000 - 48, 2, 0x1000, 0x2000);
	put32(mem.b + 0x1000 - 48 + 20, 64);
	off = acpi_find_rsdp(mem.b, 0x1000);
	tap(off == -1 && warned("has revision 2 but length 64"),
	    "rsdp_v2_past_buffer_end_skipped");

	/* Revision 2 with its length field itself past the buffer: the
	 * fuzzer found this read past the end (ASan catches a repeat). */
	setup();
	mem_rsdp(&mem, 0x100, 2, 0x1000, 0x2000);
	{
		uint8_t *b = malloc(32);

		memcpy(b, mem.b + 0x100, 32);
		tap(acpi_find_rsdp(b, 32) == -1 &&
		    warned("has revision 2 but length 0"),
		    "rsdp_v2_length_field_past_buffer_end");
		free(b);
	}

	/* Only 16-byte aligned signatures count; none at all gives -1. */
	setup();
	mem_rsdp(&mem, 0x28, 0, 0x1000, 0);
	off = acpi_find_rsdp(mem.b, 0x1000);
	tap(off == -1 && nwarn == 0 && acpi_find_rsdp(mem.b, 10) == -1,
	    "rsdp_unaligned_or_missing_not_found");

	/* acpi_parse() refuses an RSDP with a bad checksum. */
	setup();
	mem_rsdp(&mem, 0x40, 0, 0x1000, 0);
	mem.b[0x40 + 16] ^= 1;
	tap(acpi_parse(mem.b + 0x40, map, &info) == -1 &&
	    warned("RSDP has a bad signature or checksum"),
	    "parse_rejects_bad_rsdp");

	/* Its RSDT outside memory: -1 with words, not a fault. */
	setup();
	mem_rsdp(&mem, 0x40, 0, 0xfff00000, 0);
	tap(acpi_parse(mem.b + 0x40, map, &info) == -1 &&
	    warned("the RSDP's RSDT is outside mapped memory") &&
	    warned("no valid RSDT or XSDT"), "parse_rsdt_unmapped");
}

/* ---- table headers ---- */

static int tables_2n2c2t(uint64_t *tb)
{
	return qemu_tables(&mem, &shape_2n2c2t, tb);
}

static void test_headers(void)
{
	uint64_t tb[8];
	int n, rc;

	setup();
	n = tables_2n2c2t(tb);
	mem.b[tb[3] + 50]++;		/* SRAT content */
	rc = parse_set(tb, n, 0);
	tap(rc == 0 && info.ncpus == 8 && !info.has_srat && nwarn == 1 &&
	    warned("SRAT table (RSDT entry 3) has a bad checksum; ignoring it"),
	    "table_bad_checksum_ignored");

	setup();
	n = tables_2n2c2t(tb);
	mem.b[tb[1] + 50]++;		/* MADT content */
	rc = parse_set(tb, n, 0);
	tap(rc == -1 && warned("APIC table (RSDT entry 1) has a bad checksum") &&
	    warned("no valid MADT"), "madt_bad_checksum_no_cpus");

	/* A length that runs past the end of "physical memory": the root
	 * table goes low, the SRAT is the last table and the map ends in it. */
	setup();
	n = tables_2n2c2t(tb);
	mem.next = 0x100;
	mem_rsdp(&mem, 0x40, 0, mem_rsdt(&mem, tb, n), 0);
	mem.size = tb[3] + 60;
	rc = acpi_parse(mem.b + 0x40, map, &info);
	tap(rc == 0 && info.ncpus == 8 && !info.has_srat && nwarn == 1 &&
	    warned("SRAT table (RSDT entry 3) has length 336, running past "
		   "mapped memory; ignoring it"), "table_length_past_map_ignored");

	setup();
	n = tables_2n2c2t(tb);
	put32(mem.b + tb[3] + 4, 20);
	rc = parse_set(tb, n, 0);
	tap(rc == 0 && !info.has_srat &&
	    warned("SRAT table (RSDT entry 3) has length 20, outside [36, "),
	    "table_length_below_header_ignored");

	setup();
	n = tables_2n2c2t(tb);
	put32(mem.b + tb[3] + 4, 0x7fffffff);
	rc = parse_set(tb, n, 0);
	tap(rc == 0 && !info.has_srat && warned("has length 2147483647, outside"),
	    "table_length_huge_ignored");

	setup();
	n = tables_2n2c2t(tb);
	mem.b[tb[2]] = 0x01;		/* HPET signature unprintable */
	rc = parse_set(tb, n, 0);
	tap(rc == 0 && info.has_srat && warned("RSDT entry 2 has an unprintable "
					       "signature \"?PET\""),
	    "table_bad_signature_ignored");

	setup();
	n = tables_2n2c2t(tb);
	tb[2] = 0xfffff000;		/* HPET address outside memory */
	tb[0] = 0;			/* FACP address 0 */
	rc = parse_set(tb, n, 0);
	tap(rc == 0 && info.has_srat &&
	    warned("RSDT entry 2 is outside mapped memory; ignoring it") &&
	    warned("RSDT entry 0 points at address 0"),
	    "table_address_unmapped_ignored");

	/* An RSDT with a partial last entry: the whole entries are read. */
	setup();
	n = tables_2n2c2t(tb);
	{
		struct tbl r;

		tbl_begin(&r, "RSDT");
		for (int i = 0; i < n; i++)
			tbl_u32(&r, (uint32_t)tb[i]);
		tbl_u16(&r, 0xffff);
		tbl_end(&r);
		mem_rsdp(&mem, 0x40, 0, mem_place(&mem, &r), 0);
	}
	rc = acpi_parse(mem.b + 0x40, map, &info);
	tap(rc == 0 && info.has_srat && nwarn == 1 &&
	    warned("RSDT length 54 leaves a partial entry"),
	    "rsdt_partial_entry_ignored");
}

/* ---- MADT entries ---- */

static int madt(void)
{
	tbl_end(&t);
	return acpi_parse_madt(t.b, t.n, &info);
}

static void test_madt(void)
{
	char want[128];
	int rc, i;

	setup();
	madt_begin(&t, 0xfee00000);
	madt_lapic(&t, 0, 0, 1);
	madt_lapic(&t, 1, 1, 1);
	tbl_u8(&t, 0);			/* type 0, length 0 at 0x3c */
	tbl_u8(&t, 0);
	madt_lapic(&t, 2, 2, 1);
	rc = madt();
	tap(rc == 0 && info.ncpus == 2 && nwarn == 1 &&
	    warned("acpi: MADT entry at offset 0x3c has length 0; ignoring the "
		   "rest of the MADT"), "madt_entry_length_zero_stops_walk");

	setup();
	madt_begin(&t, 0xfee00000);
	madt_lapic(&t, 0, 0, 1);
	madt_lapic(&t, 1, 1, 1);
	tbl_u8(&t, 1);			/* an I/O APIC of 12 bytes, cut at 6 */
	tbl_u8(&t, 12);
	tbl_u32(&t, 0);
	rc = madt();
	tap(rc == 0 && info.ncpus == 2 && info.nioapics == 0 && nwarn == 1 &&
	    warned("MADT entry at offset 0x3c (type 1, length 12) runs past the "
		   "end of the table; ignoring the rest"), "madt_entry_past_end_stops_walk");

	setup();
	madt_begin(&t, 0xfee00000);
	madt_lapic(&t, 0, 0, 1);
	tbl_u8(&t, 0);			/* a processor entry of 6 bytes */
	tbl_u8(&t, 6);
	tbl_u32(&t, 0x01010101);
	madt_lapic(&t, 2, 2, 1);
	rc = madt();
	tap(rc == 0 && info.ncpus == 1 &&
	    warned("MADT entry at offset 0x34 (type 0) has length 6, shorter "
		   "than 8"), "madt_entry_shorter_than_type_stops_walk");

	setup();
	madt_begin(&t, 0xfee00000);
	madt_lapic(&t, 0, 0, 1);
	tbl_u8(&t, 0x7f);		/* unknown type, odd length */
	tbl_u8(&t, 5);
	tbl_u8(&t, 0);
	tbl_u16(&t, 0);
	madt_lapic(&t, 1, 1, 1);
	rc = madt();
	tap(rc == 0 && info.ncpus == 2 && nwarn == 0 && info.cpus[1].apic_id == 1,
	    "madt_unknown_type_skipped_by_length");

	setup();
	madt_begin(&t, 0xfee00000);
	madt_lapic(&t, 0, 0, 1);
	madt_lapic(&t, 1, 1, 1);
	madt_lapic(&t, 2, 1, 1);
	madt_x2apic(&t, 0, 1, 3);	/* x2APIC entry repeating xAPIC ID 0 */
	madt_lapic(&t, 4, 2, 1);
	rc = madt();
	tap(rc == 0 && info.ncpus == 3 && info.cpus[2].apic_id == 2 &&
	    info.cpus[1].uid == 1 && nwarn == 2 &&
	    warned("repeats APIC ID 0x1 (uid 2); dropping the later entry") &&
	    warned("repeats APIC ID 0x0 (uid 3); dropping the later entry"),
	    "madt_duplicate_apic_id_later_dropped");

	setup();
	madt_begin(&t, 0xfee00000);
	/* xAPIC IDs 0..254, then x2APIC IDs from 256 (0xff is broadcast). */
	for (i = 0; i < NR_CPUS + 6; i++)
		if (i < 255)
			madt_lapic(&t, (uint8_t)i, (uint8_t)i, 1);
		else
			madt_x2apic(&t, (uint32_t)i + 1, 1, (uint32_t)i);
	rc = madt();
	snprintf(want, sizeof(want), "MADT lists 6 more processors than NR_CPUS "
		 "(%d); dropping the last 6", NR_CPUS);
	tap(rc == 0 && info.ncpus == NR_CPUS && nwarn == 1 &&
	    info.cpus[NR_CPUS - 1].apic_id ==
	    (uint32_t)(NR_CPUS - 1 < 255 ? NR_CPUS - 1 : NR_CPUS) &&
	    warned(want), "madt_more_than_nr_cpus_capped_one_warning");

	setup();
	madt_begin(&t, 0xfee00000);
	madt_lapic(&t, 0, 0, 1);
	madt_lapic(&t, 1, 1, 0);
	madt_lapic(&t, 2, 2, 2);
	rc = madt();
	tap(rc == 0 && nwarn == 0 && info.ncpus == 3 && info.cpus[0].enabled &&
	    !info.cpus[1].enabled && !info.cpus[1].online_capable &&
	    !info.cpus[2].enabled && info.cpus[2].online_capable,
	    "madt_disabled_cpus_kept_in_order");

	setup();
	madt_begin(&t, 0xfee00000);
	madt_lapic(&t, 0, 0, 0);
	rc = madt();
	tap(rc == -1 && info.ncpus == 1 && warned("MADT lists no enabled processor"),
	    "madt_no_enabled_cpu_unusable");

	setup();
	madt_begin(&t, 0xfee00000);
	madt_lapic(&t, 0, 0, 1);
	madt_x2apic(&t, 300, 1, 1);
	madt_x2apic(&t, 301, 0, 2);
	rc = madt();
	tap(rc == 0 && nwarn == 0 && info.ncpus == 3 && !info.cpus[0].x2apic &&
	    info.cpus[1].apic_id == 300 && info.cpus[1].x2apic &&
	    info.cpus[1].uid == 1 && info.cpus[1].enabled &&
	    !info.cpus[2].enabled, "madt_x2apic_entries");

	setup();
	madt_begin(&t, 0xfee00000);
	madt_lapic(&t, 0, 0, 1);
	madt_lapic_override(&t, 0x1fee00000ull);
	rc = madt();
	tap(rc == 0 && nwarn == 0 && info.lapic_addr == 0x1fee00000ull,
	    "madt_lapic_address_override");

	setup();
	madt_begin(&t, 0xfee00000);
	madt_lapic(&t, 0, 0xff, 1);
	madt_lapic(&t, 1, 0, 1);
	rc = madt();
	tap(rc == 0 && info.ncpus == 1 && info.cpus[0].apic_id == 0 &&
	    warned("gives APIC ID 0xff (broadcast); ignoring that processor"),
	    "madt_broadcast_apic_id_ignored");

	setup();
	madt_begin(&t, 0xfee00000);
	madt_lapic(&t, 0, 0, 1);
	for (i = 0; i < ACPI_MAX_IOAPICS + 2; i++)
		madt_ioapic(&t, i, 0xfec00000 + 0x1000 * i, 24 * i);
	for (i = 0; i < ACPI_MAX_ISOS + 3; i++)
		madt_iso(&t, i, i, 0);
	madt_nmi(&t, 0xff, 0, 3);
	rc = madt();
	tap(rc == 0 && nwarn == 3 && info.nioapics == ACPI_MAX_IOAPICS &&
	    info.ioapics[7].gsi_base == 7 * 24 && info.nisos == ACPI_MAX_ISOS &&
	    info.lapic_nmi_lint == -1 &&
	    warned("MADT lists 2 more I/O APICs than the 8 kept") &&
	    warned("MADT lists 3 more interrupt overrides than the 16 kept") &&
	    warned("names LINT3 (only 0 and 1 exist); ignoring it"),
	    "madt_ioapics_overrides_capped");

	setup();
	madt_begin(&t, 0xfee00000);
	madt_lapic(&t, 0, 0, 1);
	tbl_end(&t);
	rc = acpi_parse_madt(t.b, 40, &info);
	tap(rc == -1 && info.ncpus == 0 &&
	    warned("MADT of 40 bytes is shorter than its fixed part (44 bytes)"),
	    "madt_shorter_than_fixed_part");

	setup();
	madt_begin(&t, 0xfee00000);
	madt_lapic(&t, 0, 0, 1);
	madt_lapic(&t, 1, 1, 1);
	tbl_end(&t);
	rc = acpi_parse_madt(t.b, t.n - 8, &info);
	tap(rc == 0 && info.ncpus == 1 &&
	    warned("MADT says length 60 but only 52 bytes are there"),
	    "madt_longer_than_buffer_walks_buffer");

	/* Bytes mapped after the table are not part of it. */
	setup();
	madt_begin(&t, 0xfee00000);
	madt_lapic(&t, 0, 0, 1);
	tbl_end(&t);
	madt_lapic(&t, 1, 1, 1);
	rc = acpi_parse_madt(t.b, t.n, &info);
	tap(rc == 0 && info.ncpus == 1 && nwarn == 0,
	    "madt_walk_ends_at_its_length");
}

/* ---- SRAT entries ---- */

static int srat(void)
{
	tbl_end(&t);
	return acpi_parse_srat(t.b, t.n, &info);
}

static void test_srat(void)
{
	int rc;

	setup();
	srat_begin(&t);
	srat_cpu(&t, 0, 0, 1);
	srat_cpu(&t, 1, 1, 0);			/* disabled */
	srat_x2apic(&t, 1, 300, 1);
	srat_x2apic(&t, 0, 301, 0);		/* disabled */
	srat_cpu(&t, 0x102, 2, 1);		/* pxm high bytes */
	srat_mem(&t, 0, 0, 0xa0000, 1);
	srat_mem(&t, 1, 0x100000, 0x100000, 0);	/* disabled */
	srat_mem(&t, 1, 0x200000, 0x100000, 1);
	srat_mem(&t, 0, 0, 0, 0);		/* QEMU's zero-length entry */
	srat_mem(&t, 0, 0x400000, 0, 1);	/* empty, even if enabled */
	rc = srat();
	tap(rc == 0 && nwarn == 0 && info.has_srat && info.nsrat_cpus == 3 &&
	    info.srat_cpus[0].apic_id == 0 && info.srat_cpus[1].apic_id == 300 &&
	    info.srat_cpus[1].pxm == 1 && info.srat_cpus[2].pxm == 0x102 &&
	    info.nmem == 2 && info.mem[1].base == 0x200000 && info.mem[1].pxm == 1,
	    "srat_disabled_and_empty_entries_ignored");

	setup();
	srat_begin(&t);
	srat_cpu(&t, 0, 0, 1);
	tbl_u8(&t, 1);				/* memory entry of length 0 */
	tbl_u8(&t, 0);
	srat_cpu(&t, 1, 1, 1);
	rc = srat();
	tap(rc == 0 && info.nsrat_cpus == 1 &&
	    warned("SRAT entry at offset 0x40 has length 0; ignoring the rest of "
		   "the SRAT"), "srat_entry_length_zero_stops_walk");

	setup();
	srat_begin(&t);
	srat_cpu(&t, 0, 0, 1);
	tbl_u8(&t, 1);				/* memory entry of 16 bytes */
	tbl_u8(&t, 16);
	for (int i = 0; i < 14; i++)
		tbl_u8(&t, 0);
	rc = srat();
	tap(rc == 0 && info.nsrat_cpus == 1 && info.nmem == 0 &&
	    warned("SRAT entry at offset 0x40 (type 1) has length 16, shorter "
		   "than 40"), "srat_entry_shorter_than_type_stops_walk");

	setup();
	srat_begin(&t);
	srat_cpu(&t, 0, 0, 1);
	srat_cpu(&t, 1, 0, 1);
	srat_mem(&t, 0, 0xfffffffffff00000ull, 0x200000, 1);
	rc = srat();
	tap(rc == 0 && info.nsrat_cpus == 1 && info.srat_cpus[0].pxm == 0 &&
	    info.nmem == 0 && warned("repeats APIC ID 0x0; keeping the first "
				     "(domain 0)") &&
	    warned("wraps past the end of the address space"),
	    "srat_duplicate_and_wrapping_entries_ignored");

	setup();
	srat_begin(&t);
	srat_mem(&t, 0, 0, 0xa0000, 1);
	rc = srat();
	tap(rc == -1 && !info.has_srat &&
	    warned("SRAT names no enabled processor; not using it"),
	    "srat_without_cpus_unusable");
}

/* ---- SLIT ---- */

static int slit(unsigned n, const uint8_t *d)
{
	slit_build(&t, n, d);
	return acpi_parse_slit(t.b, t.n, &info);
}

static void test_slit(void)
{
	static const uint8_t good[] = { 10, 15, 0xff, 15, 10, 25, 30, 25, 10 };
	static const uint8_t diag[] = { 10, 20, 20, 20 };
	static const uint8_t low[] = { 10, 20, 9, 10 };
	static uint8_t big[(MAX_NODES + 1) * (MAX_NODES + 1)];
	char want[128];
	int rc;

	setup();
	rc = slit(3, good);
	tap(rc == 0 && nwarn == 0 && info.has_slit && info.slit_n == 3 &&
	    info.slit[0][2] == 0xff && info.slit[2][0] == 30 &&
	    info.slit[1][2] == 25, "slit_good_with_unreachable");

	setup();
	rc = slit(2, diag);
	tap(rc == -1 && !info.has_slit &&
	    warned("SLIT distance 1 -> 1 is 20, not 10; ignoring the SLIT"),
	    "slit_bad_diagonal_ignored");

	setup();
	rc = slit(2, low);
	tap(rc == -1 && !info.has_slit &&
	    warned("SLIT distance 1 -> 0 is 9, less than the local 10"),
	    "slit_distance_below_local_ignored");

	setup();
	memset(big, 20, sizeof(big));
	for (int i = 0; i < MAX_NODES + 1; i++)
		big[i * (MAX_NODES + 1) + i] = 10;
	rc = slit(MAX_NODES + 1, big);
	snprintf(want, sizeof(want), "SLIT has %d localities (high word 0), not "
		 "1..%d (MAX_NODES)", MAX_NODES + 1, MAX_NODES);
	tap(rc == -1 && !info.has_slit && warned(want),
	    "slit_too_many_localities_ignored");

	setup();
	rc = slit(2, dist_2n);
	put32(t.b + 40, 1);			/* n = 2^32 + 2 */
	tbl_fix(&t);
	rc = acpi_parse_slit(t.b, t.n, &info);
	tap(rc == -1 && !info.has_slit && warned("(high word 1)"),
	    "slit_locality_count_high_word_ignored");

	setup();
	rc = slit(2, dist_2n);
	t.b[36] = 3;				/* 3 x 3 needs 9 bytes, has 4 */
	tbl_fix(&t);
	rc = acpi_parse_slit(t.b, t.n, &info);
	tap(rc == -1 && !info.has_slit &&
	    warned("SLIT of length 48 is too short for 3 x 3 distances"),
	    "slit_too_short_for_matrix_ignored");
}

/* ---- cross-checks in acpi_parse() ---- */

/* A 4-CPU MADT (APIC IDs 0-3), then whatever SRAT/SLIT the test built. */
static int parse_with(struct tbl *s, struct tbl *l, int srat_first)
{
	static struct tbl m;
	uint64_t tb[4];
	int n = 0;

	madt_begin(&m, 0xfee00000);
	for (int i = 0; i < 4; i++)
		madt_lapic(&m, i, i, 1);
	tbl_end(&m);
	if (s && srat_first)
		tb[n++] = mem_place(&mem, s);
	tb[n++] = mem_place(&mem, &m);
	if (s && !srat_first)
		tb[n++] = mem_place(&mem, s);
	if (l)
		tb[n++] = mem_place(&mem, l);
	return parse_set(tb, n, 0);
}

static void srat_4cpus(struct tbl *s, uint32_t pxm2, uint32_t id3)
{
	srat_begin(s);
	srat_cpu(s, 0, 0, 1);
	srat_cpu(s, 0, 1, 1);
	srat_cpu(s, pxm2, 2, 1);
	srat_cpu(s, 1, id3, 1);
	srat_mem(s, 0, 0, 0x1000000, 1);
	srat_mem(s, 1, 0x1000000, 0x1000000, 1);
	tbl_end(s);
}

static void test_cross(void)
{
	static struct tbl l;
	char want[128];
	int rc;

	setup();
	srat_4cpus(&t, 1, 3);
	rc = parse_with(&t, NULL, 1);
	tap(rc == 0 && nwarn == 0 && info.has_srat && info.nsrat_cpus == 4 &&
	    acpi_cpu_node(&info, 2) == 1 && acpi_cpu_node(&info, 1) == 0,
	    "srat_before_madt_cross_checked_after");

	setup();
	srat_4cpus(&t, 1, 0x20);
	rc = parse_with(&t, NULL, 1);
	tap(rc == 0 && info.has_srat && info.nsrat_cpus == 3 && nwarn == 2 &&
	    warned("SRAT names APIC ID 0x20, which the MADT does not list; "
		   "ignoring that entry") &&
	    warned("1 enabled CPUs (first APIC ID 0x3) are not in the SRAT; "
		   "putting them on node 0") && acpi_cpu_node(&info, 3) == 0,
	    "srat_unknown_apic_id_ignored");

	setup();
	srat_4cpus(&t, MAX_NODES, 3);
	rc = parse_with(&t, NULL, 0);
	snprintf(want, sizeof(want), "SRAT puts APIC ID 0x2 in proximity domain "
		 "%d, beyond MAX_NODES (%d); not using the SRAT (one node)",
		 MAX_NODES, MAX_NODES);
	tap(rc == 0 && !info.has_srat && acpi_cpu_node(&info, 2) == 0 &&
	    warned(want),
	    "srat_domain_beyond_max_nodes_unusable");

	setup();
	srat_begin(&t);
	for (int i = 0; i < 4; i++)
		srat_cpu(&t, 0, i, 1);
	srat_mem(&t, 0x10000, 0, 0x1000000, 1);
	tbl_end(&t);
	rc = parse_with(&t, NULL, 0);
	tap(rc == 0 && !info.has_srat &&
	    warned("SRAT puts a memory range in proximity domain 65536, beyond"),
	    "srat_memory_domain_beyond_max_nodes_unusable");

	/* Ranges of two domains overlapping: unusable; of one domain: fine. */
	setup();
	srat_begin(&t);
	for (int i = 0; i < 4; i++)
		srat_cpu(&t, i / 2, i, 1);
	srat_mem(&t, 0, 0, 0x2000000, 1);
	srat_mem(&t, 0, 0x1000000, 0x1000000, 1);
	srat_mem(&t, 1, 0x2000000, 0x1000000, 1);
	tbl_end(&t);
	rc = parse_with(&t, NULL, 0);
	tap(rc == 0 && nwarn == 0 && info.has_srat, "srat_same_domain_overlap_ok");
	setup();
	srat_begin(&t);
	for (int i = 0; i < 4; i++)
		srat_cpu(&t, i / 2, i, 1);
	srat_mem(&t, 0, 0, 0x2000000, 1);
	srat_mem(&t, 1, 0x1ff0000, 0x1000000, 1);
	tbl_end(&t);
	rc = parse_with(&t, NULL, 0);
	tap(rc == 0 && !info.has_srat &&
	    warned("SRAT memory ranges of domains 0 and 1 overlap; not using the "
		   "SRAT (one node)"), "srat_domains_overlap_unusable");

	setup();
	srat_begin(&t);
	srat_cpu(&t, 0, 9, 1);
	tbl_end(&t);
	slit_build(&l, 2, dist_2n);
	rc = parse_with(&t, &l, 0);
	tap(rc == 0 && !info.has_srat && !info.has_slit &&
	    warned("no SRAT processor is in the MADT; not using the SRAT") &&
	    warned("SLIT without a usable SRAT; ignoring the SLIT"),
	    "srat_naming_no_madt_cpu_unusable");

	setup();
	srat_4cpus(&t, 2, 3);
	slit_build(&l, 2, dist_2n);
	rc = parse_with(&t, &l, 0);
	tap(rc == 0 && info.has_srat && !info.has_slit &&
	    warned("SLIT covers 2 localities but the SRAT names domain 2; "
		   "ignoring the SLIT"), "slit_not_covering_srat_ignored");

	setup();
	srat_4cpus(&t, 1, 3);
	slit_build(&l, 2, dist_2n);
	rc = parse_with(&t, &l, 0);
	tap(rc == 0 && nwarn == 0 && info.has_srat && info.has_slit &&
	    info.slit[1][0] == 20, "srat_and_slit_consistent");

	setup();
	tap(acpi_pxm_to_node(&info, 3) == 3 &&
	    acpi_pxm_to_node(&info, MAX_NODES) == -1,
	    "pxm_to_node_identity_below_max_nodes");
}

/* ---- which copy of a table ---- */

static void test_prefer_last(void)
{
	static struct tbl m1, m2;
	uint64_t tb[3];
	int rc;

	madt_begin(&m1, 0xfee00000);
	madt_lapic(&m1, 0, 0, 1);
	madt_lapic(&m1, 1, 1, 1);
	tbl_end(&m1);
	madt_begin(&m2, 0xfee00000);
	for (int i = 0; i < 4; i++)
		madt_lapic(&m2, i, i, 1);
	tbl_end(&m2);

	setup();
	tb[0] = mem_place(&mem, &m1);
	tb[1] = mem_place(&mem, &m2);
	rc = parse_set(tb, 2, 0);
	tap(rc == 0 && info.ncpus == 2 && nwarn == 1 &&
	    warned("RSDT entry 1 is a second APIC table; using the first"),
	    "duplicate_table_first_wins");

	setup();
	info.prefer_last = 1;
	tb[0] = mem_place(&mem, &m1);
	tb[1] = mem_place(&mem, &m2);
	rc = parse_set(tb, 2, 0);
	tap(rc == 0 && info.ncpus == 4 && info.prefer_last == 1 &&
	    warned("using the last"), "duplicate_table_prefer_last_wins");

	/* The last VALID copy: a broken substitute leaves the first. */
	setup();
	info.prefer_last = 1;
	tb[0] = mem_place(&mem, &m1);
	tb[1] = mem_place(&mem, &m2);
	mem.b[tb[1] + 45]++;
	rc = parse_set(tb, 2, 0);
	tap(rc == 0 && info.ncpus == 2 &&
	    warned("APIC table (RSDT entry 1) has a bad checksum"),
	    "prefer_last_skips_invalid_copy");

	setup();
	tb[0] = mem_place(&mem, &m1);
	memcpy(mem.b + tb[0], "APIX", 4);
	rc = parse_set(tb, 1, 0);
	tap(rc == -1 && info.ncpus == 0 &&
	    warned("no valid MADT (APIC table); running on the boot CPU alone"),
	    "no_madt_returns_minus_one");
}

/* ---- the fuzzer's seed corpus ---- */

/*
 * Seeds in the input format of fuzz_acpi.c: one mode byte (FUZZ_* of
 * acpi_fuzz.h), then a table or a compact "physical memory" image with the
 * RSDP at 0 and the tables right after it.
 */
static int seed_file(const char *dir, const char *name, uint8_t mode,
		     const uint8_t *b, size_t n)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "wb");
	if (!f || fputc(mode, f) == EOF || fwrite(b, 1, n, f) != n ||
	    fclose(f) != 0) {
		fprintf(stderr, "test_acpi: cannot write %s\n", path);
		return -1;
	}
	return 0;
}

static int seed_image(const char *dir, const char *name, uint8_t mode,
		      const struct qemu_shape *sh, int revision)
{
	uint64_t tb[8];
	int n;

	mem_init(&mem);
	mem.next = 0x30;
	n = qemu_tables(&mem, sh, tb);
	mem_rsdp(&mem, 0, revision, mem_rsdt(&mem, tb, n),
		 revision >= 2 ? mem_xsdt(&mem, tb, n) : 0);
	return seed_file(dir, name, mode, mem.b, mem.next);
}

static int write_seeds(const char *dir)
{
	static const uint8_t d3[] = { 10, 15, 30, 15, 10, 25, 30, 25, 10 };
	static const struct qemu_shape s3 = { 3, 2, 1, 3, 6, d3 };
	static const struct qemu_shape smax = { 2, 2, 2, 2, 4, NULL };
	static struct tbl m2;
	uint64_t tb[4];
	int rc = 0;

	rc |= seed_image(dir, "image-rsdt-2n2c2t", FUZZ_WALK, &shape_2n2c2t, 0);
	rc |= seed_image(dir, "image-xsdt-2n2c2t-slit", FUZZ_WALK | FUZZ_FIXSUM,
			 &shape_2n2c2t_slit, 2);
	rc |= seed_image(dir, "image-3n-slit", FUZZ_WALK | FUZZ_FIXSUM, &s3, 2);
	rc |= seed_image(dir, "image-maxcpus-last", FUZZ_WALK | FUZZ_LAST | FUZZ_FIXSUM,
			 &smax, 0);

	/* Two MADTs for the first/last rule, one with every entry type. */
	mem_init(&mem);
	mem.next = 0x30;
	madt_begin(&t, 0xfee00000);
	madt_lapic(&t, 0, 0, 1);
	madt_lapic(&t, 1, 1, 0);
	madt_x2apic(&t, 300, 1, 2);
	madt_ioapic(&t, 0, 0xfec00000, 0);
	madt_iso(&t, 0, 2, 0);
	madt_nmi(&t, 0xff, 0, 1);
	madt_lapic_override(&t, 0xfee00000);
	tbl_u8(&t, 0x42);
	tbl_u8(&t, 3);
	tbl_u8(&t, 0);
	tbl_end(&t);
	rc |= seed_file(dir, "madt-all-types", FUZZ_MADT, t.b, t.n);
	tb[0] = mem_place(&mem, &t);
	madt_begin(&m2, 0xfee00000);
	madt_lapic(&m2, 0, 0, 1);
	tbl_end(&m2);
	tb[1] = mem_place(&mem, &m2);
	srat_begin(&t);
	srat_cpu(&t, 0, 0, 1);
	srat_cpu(&t, 1, 1, 1);
	srat_x2apic(&t, 1, 300, 1);
	srat_mem(&t, 0, 0, 0x100000, 1);
	srat_mem(&t, 1, 0x100000, 0x100000, 1);
	srat_mem(&t, 0, 0, 0, 0);
	tbl_end(&t);
	rc |= seed_file(dir, "srat-x2apic", FUZZ_SRAT, t.b, t.n);
	tb[2] = mem_place(&mem, &t);
	slit_build(&t, 2, dist_2n);
	rc |= seed_file(dir, "slit-2", FUZZ_SLIT, t.b, t.n);
	tb[3] = mem_place(&mem, &t);
	mem_rsdp(&mem, 0, 2, mem_rsdt(&mem, tb, 4), mem_xsdt(&mem, tb, 4));
	rc |= seed_file(dir, "image-x2apic-two-madts", FUZZ_WALK | FUZZ_FIXSUM, mem.b, mem.next);
	rc |= seed_file(dir, "image-x2apic-two-madts-last",
			FUZZ_WALK | FUZZ_LAST | FUZZ_FIXSUM,
			mem.b, mem.next);

	slit_build(&t, 3, d3);
	rc |= seed_file(dir, "slit-3", FUZZ_SLIT, t.b, t.n);

	/* Past every cap: processors, I/O APICs, overrides, memory ranges,
	 * root table entries. */
	madt_begin(&t, 0xfee00000);
	for (int i = 0; i < NR_CPUS + 2; i++)
		madt_lapic(&t, i, i, 1);
	for (int i = 0; i < ACPI_MAX_IOAPICS + 1; i++)
		madt_ioapic(&t, i, 0xfec00000, 24 * i);
	for (int i = 0; i < ACPI_MAX_ISOS + 1; i++)
		madt_iso(&t, i, i, 0);
	tbl_end(&t);
	rc |= seed_file(dir, "madt-over-caps", FUZZ_MADT, t.b, t.n);
	srat_begin(&t);
	for (int i = 0; i < NR_CPUS + 2; i++)
		srat_cpu(&t, i % 2, i, 1);
	for (int i = 0; i < ACPI_MAX_MEM + 1; i++)
		srat_mem(&t, i % 2, (uint64_t)i << 20, 1 << 20, 1);
	tbl_end(&t);
	rc |= seed_file(dir, "srat-over-caps", FUZZ_SRAT, t.b, t.n);
	mem_init(&mem);
	mem.next = 0x30;
	madt_begin(&t, 0xfee00000);
	madt_lapic(&t, 0, 0, 1);
	tbl_end(&t);
	{
		uint64_t many[300];

		many[0] = mem_place(&mem, &t);
		for (int i = 1; i < 300; i++)
			many[i] = many[0];
		mem_rsdp(&mem, 0, 0, mem_rsdt(&mem, many, 300), 0);
	}
	rc |= seed_file(dir, "image-300-tables", FUZZ_WALK | FUZZ_FIXSUM, mem.b,
			mem.next);
	return rc ? 1 : 0;
}

int main(int argc, char **argv)
{
	if (argc == 3 && strcmp(argv[1], "--seeds") == 0)
		return write_seeds(argv[2]);
	if (argc != 1) {
		fprintf(stderr, "usage: %s [--seeds DIR]\n", argv[0]);
		return 2;
	}
	test_good_sets();
	test_rsdp();
	test_headers();
	test_madt();
	test_srat();
	test_slit();
	test_cross();
	test_prefer_last();
	printf("1..%d\n", ntest);
	printf("# %d passed, %d failed\n", ntest - nfail, nfail);
	return nfail ? 1 : 0;
}
