/*
 * mktables - write the crafted ACPI tables of tests/boot/badacpi.sh.
 *
 *   mktables OUTDIR        writes OUTDIR/<case>.aml for every case below
 *
 * Each table is meant for shape 2n2c of tests/topologies (q35, 2 sockets x
 * 2 cores x 1 thread = APIC IDs 0-3, nodes {0,1} and {2,3}, 128 MiB each),
 * booted with `-acpitable file=OUTDIR/<case>.aml -append "ktest acpi=last"`:
 * QEMU appends the table after its own, and acpi=last makes the kernel use
 * it instead of QEMU's copy. The good parts copy what QEMU 7.2 builds
 * (docs/qemu.md: MADT entries, overrides, NMI; SRAT CPU and memory
 * entries), so each table differs from QEMU's in the one fault under test.
 *
 * A C generator rather than iasl: iasl's data-table compiler computes
 * lengths and checksums itself, so faults in them would need patching
 * afterwards; here every byte and the checksum are explicit. (The tables
 * of tests/acpi/topo/, read by acpitopo alone, are iasl sources.) The
 * acpitopo tests also read these, with madt-2n2c and srat-2n2c as the
 * good halves of a pair. (QEMU's
 * -acpitable recomputes the checksum and length anyway: srat-badsum reaches
 * the guest through GRUB's `acpi` command instead, see badacpi.sh.)
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define MAX_TABLE	1024

struct table {
	uint8_t b[MAX_TABLE];
	size_t len;
};

static void put(struct table *t, uint64_t v, int bytes)
{
	int i;

	for (i = 0; i < bytes; i++)
		t->b[t->len++] = (uint8_t)(v >> (8 * i));
}

static void put_str(struct table *t, const char *s, size_t n)
{
	memcpy(t->b + t->len, s, n);
	t->len += n;
}

/* The 36-byte header; length and checksum are set by finish(). */
static void header(struct table *t, const char *sig, int rev)
{
	t->len = 0;
	put_str(t, sig, 4);
	put(t, 0, 4);			/* length */
	put(t, (uint64_t)rev, 1);
	put(t, 0, 1);			/* checksum */
	put_str(t, "CRAFTD", 6);	/* OEM ID */
	put_str(t, "BADACPI ", 8);	/* OEM table ID */
	put(t, 1, 4);			/* OEM revision */
	put_str(t, "MKTB", 4);		/* creator ID */
	put(t, 1, 4);			/* creator revision */
}

/* Set the length and make the bytes sum to 0, plus `skew` when a test
 * wants a wrong checksum. */
static void finish(struct table *t, int skew)
{
	unsigned sum = 0;
	size_t i;

	t->b[4] = (uint8_t)t->len;
	t->b[5] = (uint8_t)(t->len >> 8);
	t->b[6] = t->b[7] = 0;
	t->b[9] = 0;
	for (i = 0; i < t->len; i++)
		sum += t->b[i];
	t->b[9] = (uint8_t)(-sum + skew);
}

/* ---- MADT ---- */

static void madt_header(struct table *t)
{
	header(t, "APIC", 1);
	put(t, 0xfee00000, 4);		/* local APIC address */
	put(t, 1, 4);			/* flags: PCAT_COMPAT (8259s present) */
}

static void madt_cpu(struct table *t, int uid, int apic_id, int flags)
{
	put(t, 0, 1);			/* type 0: processor local APIC */
	put(t, 8, 1);
	put(t, (uint64_t)uid, 1);
	put(t, (uint64_t)apic_id, 1);
	put(t, (uint64_t)flags, 4);
}

static void madt_x2cpu(struct table *t, uint32_t uid, uint32_t x2apic_id,
		       int flags)
{
	put(t, 9, 1);			/* type 9: processor local x2APIC */
	put(t, 16, 1);
	put(t, 0, 2);
	put(t, x2apic_id, 4);
	put(t, (uint64_t)flags, 4);
	put(t, uid, 4);
}

/* What QEMU 7.2 puts after the CPUs: I/O APIC 0 at 0xfec00000, IRQ0 -> GSI 2,
 * IRQs 5, 9, 10, 11 level/active high, LAPIC NMI on LINT1 of all CPUs. */
static void madt_rest(struct table *t)
{
	static const int level_irqs[] = { 5, 9, 10, 11 };
	int i;

	put(t, 1, 1);			/* type 1: I/O APIC */
	put(t, 12, 1);
	put(t, 0, 1);			/* id */
	put(t, 0, 1);
	put(t, 0xfec00000, 4);
	put(t, 0, 4);			/* GSI base */

	put(t, 2, 1);			/* type 2: interrupt source override */
	put(t, 10, 1);
	put(t, 0, 1);			/* bus ISA */
	put(t, 0, 1);			/* IRQ 0 */
	put(t, 2, 4);			/* -> GSI 2 */
	put(t, 0, 2);			/* flags: conforming */
	for (i = 0; i < 4; i++) {
		put(t, 2, 1);
		put(t, 10, 1);
		put(t, 0, 1);
		put(t, (uint64_t)level_irqs[i], 1);
		put(t, (uint64_t)level_irqs[i], 4);
		put(t, 0xd, 2);		/* active high, level */
	}

	put(t, 4, 1);			/* type 4: local APIC NMI */
	put(t, 6, 1);
	put(t, 0xff, 1);		/* all processors */
	put(t, 0, 2);			/* flags */
	put(t, 1, 1);			/* LINT1 */
}

/* (a) An enabled processor whose APIC ID (0x20) no CPU has: its start-up
 * IPIs go nowhere, so the kernel must give up on it and go on. Last, so the
 * real CPUs keep their logical numbers. */
static void madt_ghost(struct table *t)
{
	int i;

	madt_header(t);
	for (i = 0; i < 4; i++)
		madt_cpu(t, i, i, 1);
	madt_cpu(t, 4, 0x20, 1);
	madt_rest(t);
	finish(t, 0);
}

/* (d) An entry of length 0 between CPU 1 and CPU 2: a walker cannot step
 * over it, so what follows (CPUs 2, 3) is lost; the I/O APIC and overrides
 * come first here so the machine keeps its interrupts. */
static void madt_zerolen(struct table *t)
{
	madt_header(t);
	madt_rest(t);
	madt_cpu(t, 0, 0, 1);
	madt_cpu(t, 1, 1, 1);
	put(t, 0, 1);			/* type 0 */
	put(t, 0, 1);			/* length 0 */
	put(t, 0, 6);
	madt_cpu(t, 2, 2, 1);
	madt_cpu(t, 3, 3, 1);
	finish(t, 0);
}

/* (f) APIC IDs 0 (the boot CPU) and 2 listed twice: starting either again
 * would reset a running CPU. */
static void madt_dup(struct table *t)
{
	madt_header(t);
	madt_cpu(t, 0, 0, 1);
	madt_cpu(t, 1, 1, 1);
	madt_cpu(t, 2, 2, 1);
	madt_cpu(t, 5, 2, 1);
	madt_cpu(t, 3, 3, 1);
	madt_cpu(t, 4, 0, 1);
	madt_rest(t);
	finish(t, 0);
}

/* QEMU's own MADT of 2n2c: the base the acpitopo tests pair with the
 * crafted SRATs below. */
static void madt_2n2c(struct table *t)
{
	int i;

	madt_header(t);
	for (i = 0; i < 4; i++)
		madt_cpu(t, i, i, 1);
	madt_rest(t);
	finish(t, 0);
}

/* The placeholders real firmware writes and Linux 6.1 passes over without
 * a word (arch/x86/kernel/acpi/boot.c): a disabled entry repeating APIC ID
 * 1 before the enabled one (it must not cost CPU 1), LAPIC ID 0xff, x2APIC
 * ID 0xffffffff, disabled entries for empty sockets. All four CPUs come up,
 * with no warning. */
static void madt_placeholders(struct table *t)
{
	int i;

	madt_header(t);
	madt_cpu(t, 0, 0, 1);
	madt_cpu(t, 1, 1, 0);
	for (i = 1; i < 4; i++)
		madt_cpu(t, i, i, 1);
	madt_cpu(t, 4, 0xff, 0);
	madt_cpu(t, 5, 0xff, 1);
	madt_x2cpu(t, 6, 0xffffffff, 0);
	madt_x2cpu(t, 7, 0xffffffff, 1);
	madt_cpu(t, 8, 8, 0);
	madt_cpu(t, 9, 3, 0);
	madt_rest(t);
	finish(t, 0);
}

/* ---- SRAT ---- */

static void srat_header(struct table *t)
{
	header(t, "SRAT", 3);
	put(t, 1, 4);			/* reserved, 1 for compatibility */
	put(t, 0, 8);
}

static void srat_cpu(struct table *t, int pxm, int apic_id)
{
	put(t, 0, 1);			/* type 0: processor local APIC affinity */
	put(t, 16, 1);
	put(t, (uint64_t)pxm, 1);	/* proximity domain [7:0] */
	put(t, (uint64_t)apic_id, 1);
	put(t, 1, 4);			/* flags: enabled */
	put(t, 0, 1);			/* local SAPIC EID */
	put(t, 0, 3);			/* proximity domain [31:8] */
	put(t, 0, 4);			/* clock domain */
}

static void srat_mem(struct table *t, int pxm, uint64_t base, uint64_t len)
{
	put(t, 1, 1);			/* type 1: memory affinity */
	put(t, 40, 1);
	put(t, (uint64_t)pxm, 4);
	put(t, 0, 2);
	put(t, base, 8);
	put(t, len, 8);
	put(t, 0, 4);
	put(t, 1, 4);			/* flags: enabled */
	put(t, 0, 8);
}

/* The memory of shape 2n2c as QEMU's SRAT gives it, in domains d0, d1. */
static void srat_mem_doms(struct table *t, int d0, int d1)
{
	srat_mem(t, d0, 0, 0xa0000);
	srat_mem(t, d0, 0x100000, 0x8000000 - 0x100000);
	srat_mem(t, d1, 0x8000000, 0x8000000);
}

static void srat_mem_2n2c(struct table *t)
{
	srat_mem_doms(t, 0, 1);
}

/* QEMU's own SRAT of 2n2c. */
static void srat_2n2c(struct table *t)
{
	int i;

	srat_header(t);
	for (i = 0; i < 4; i++)
		srat_cpu(t, i / 2, i);
	srat_mem_2n2c(t);
	finish(t, 0);
}

/* Domains 0x20 (CPUs 0, 1, first 128 MiB) and 0x10 (CPUs 2, 3, the rest),
 * named in that order: Linux numbers nodes by first appearance, so domain
 * 0x20 is node 0 and the report is exactly shape 2n2c's, with no warning. */
static void srat_order(struct table *t)
{
	int i;

	srat_header(t);
	for (i = 0; i < 4; i++)
		srat_cpu(t, i < 2 ? 0x20 : 0x10, i);
	srat_mem_doms(t, 0x20, 0x10);
	finish(t, 0);
}

/* CPUs 1 and 3 not listed: Linux puts logical CPU i on the (i mod 2)th
 * node with memory (numa_init_array), so both go to node 1, silently. */
static void srat_missing(struct table *t)
{
	srat_header(t);
	srat_cpu(t, 0, 0);
	srat_cpu(t, 1, 2);
	srat_mem_2n2c(t);
	finish(t, 0);
}

/* A processor entry of 20 bytes, not 16: Linux does not use the SRAT at all
 * (arch/x86/mm/srat.c, bad_srat): one node. */
static void srat_cpulen(struct table *t)
{
	int i;

	srat_header(t);
	for (i = 0; i < 4; i++) {
		srat_cpu(t, i / 2, i);
		if (i == 3) {
			t->b[t->len - 15] = 20;
			put(t, 0, 4);
		}
	}
	srat_mem_2n2c(t);
	finish(t, 0);
}

/* An entry of length 0 after the processors: not used at all either
 * (acpi_parse_entries_array gives up). */
static void srat_zerolen(struct table *t)
{
	int i;

	srat_header(t);
	for (i = 0; i < 4; i++)
		srat_cpu(t, i / 2, i);
	srat_mem_2n2c(t);
	put(t, 1, 1);
	put(t, 0, 1);
	put(t, 0, 38);
	finish(t, 0);
}

/* (b) A wrong checksum, and contents that would show if it were used: every
 * CPU on node 1. The kernel must ignore this copy (and fall back to QEMU's). */
static void srat_badsum(struct table *t)
{
	int i;

	srat_header(t);
	for (i = 0; i < 4; i++)
		srat_cpu(t, 1, i);
	srat_mem_2n2c(t);
	finish(t, 0x5a);
}

/* (c) QEMU's SRAT plus an entry for APIC ID 0x20, which no CPU has. */
static void srat_unknown_apic(struct table *t)
{
	int i;

	srat_header(t);
	for (i = 0; i < 4; i++)
		srat_cpu(t, i / 2, i);
	srat_cpu(t, 1, 0x20);
	srat_mem_2n2c(t);
	finish(t, 0);
}

/* ---- SLIT ---- */

/* (e) Distance 0 -> 0 of 20: the SLIT must be ignored (10/20 assumed). The
 * remote distance 30 would show in the report if it were used. */
static void slit_baddiag(struct table *t)
{
	header(t, "SLIT", 1);
	put(t, 2, 8);			/* localities */
	put(t, 20, 1);
	put(t, 30, 1);
	put(t, 30, 1);
	put(t, 10, 1);
	finish(t, 0);
}

/* A remote distance of 10: Linux's slit_valid() wants every remote one
 * above 10, so the SLIT is ignored (10/20; a used one would say 10). */
static void slit_remote10(struct table *t)
{
	header(t, "SLIT", 1);
	put(t, 2, 8);
	put(t, 10, 1);
	put(t, 10, 1);
	put(t, 10, 1);
	put(t, 10, 1);
	finish(t, 0);
}

static const struct {
	const char *name;
	void (*make)(struct table *t);
} cases[] = {
	{ "madt-ghost", madt_ghost },
	{ "srat-badsum", srat_badsum },
	{ "srat-unknown-apic", srat_unknown_apic },
	{ "madt-zerolen", madt_zerolen },
	{ "slit-baddiag", slit_baddiag },
	{ "madt-dup", madt_dup },
	{ "madt-2n2c", madt_2n2c },
	{ "madt-placeholders", madt_placeholders },
	{ "srat-2n2c", srat_2n2c },
	{ "srat-order", srat_order },
	{ "srat-missing", srat_missing },
	{ "srat-cpulen", srat_cpulen },
	{ "srat-zerolen", srat_zerolen },
	{ "slit-remote10", slit_remote10 },
};

int main(int argc, char **argv)
{
	static struct table t;
	char path[4096];
	size_t i;

	if (argc != 2) {
		fprintf(stderr, "usage: mktables OUTDIR\n");
		return 2;
	}
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		FILE *f;

		cases[i].make(&t);
		snprintf(path, sizeof(path), "%s/%s.aml", argv[1], cases[i].name);
		f = fopen(path, "wb");
		if (!f || fwrite(t.b, 1, t.len, f) != t.len || fclose(f)) {
			perror(path);
			return 1;
		}
	}
	return 0;
}
