/*
 * qemu_check.c - parse ACPI tables QEMU really built and compare them with
 * what the shape's arguments say (tests/shape.c).
 *
 *   qemu_check NAME ARGS FSEG_DUMP HIGH_DUMP HIGH_BASE
 *
 * FSEG_DUMP is guest memory 0xE0000-0xFFFFF (where SeaBIOS puts the RSDP),
 * HIGH_DUMP 1 MiB of guest memory from HIGH_BASE (the top of low RAM, where
 * it puts the tables); tests/acpi/qemu-tables.sh makes both. Prints one TAP
 * line "ok - qemu_tables_NAME" (the script numbers them) and, on a mismatch,
 * what differs. Everything else is an address outside the dumps (map() says
 * NULL), so a table QEMU put elsewhere shows up as a warning, not a fault.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "acpi.h"
#include "shape.h"

#define FSEG_BASE	0xe0000u
#define FSEG_SIZE	0x20000u
#define HIGH_SIZE	0x100000u

static uint8_t *fseg, *high;
static uint64_t high_base;
static int nwarn, nbad;

void acpi_warn(const char *fmt, ...)
{
	va_list ap;

	nwarn++;
	printf("# ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
}

static void bad(const char *fmt, ...)
{
	va_list ap;

	nbad++;
	printf("# mismatch: ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
}

static const void *map(uint64_t phys, size_t len)
{
	if (phys >= FSEG_BASE && phys - FSEG_BASE <= FSEG_SIZE &&
	    len <= FSEG_SIZE - (phys - FSEG_BASE))
		return fseg + (phys - FSEG_BASE);
	if (phys >= high_base && phys - high_base <= HIGH_SIZE &&
	    len <= HIGH_SIZE - (phys - high_base))
		return high + (phys - high_base);
	return NULL;
}

static uint8_t *load(const char *path, size_t size)
{
	uint8_t *b = malloc(size);
	FILE *f = fopen(path, "rb");

	if (!b || !f || fread(b, 1, size, f) != size) {
		printf("# cannot read %zu bytes from %s\n", size, path);
		exit(1);
	}
	fclose(f);
	return b;
}

/* The SRAT's memory span of node n in MiB (0 when it has none). */
static uint64_t node_span_mb(const struct acpi_info *info, int n)
{
	uint64_t lo = UINT64_MAX, hi = 0;

	for (int i = 0; i < info->nmem; i++) {
		if (info->mem[i].node != n)
			continue;
		if (info->mem[i].base < lo)
			lo = info->mem[i].base;
		if (info->mem[i].base + info->mem[i].len > hi)
			hi = info->mem[i].base + info->mem[i].len;
	}
	return hi > lo ? (hi - lo) >> 20 : 0;
}

static void compare(const struct acpi_info *info, const struct topology *t)
{
	int i, j, k = 0, nnodes = 1;

	/* Logical CPUs: the enabled MADT entries in table order. */
	for (i = 0; i < info->ncpus; i++) {
		uint32_t bsp = info->cpus[0].apic_id;

		if (k >= t->ncpus) {
			bad("MADT has more enabled CPUs than the shape's %d", t->ncpus);
			return;
		}
		if (info->cpus[i].apic_id != t->cpu[k].apic_id)
			bad("cpu %d: APIC ID %u, shape says %u", k,
			    info->cpus[i].apic_id, t->cpu[k].apic_id);
		if (acpi_cpu_node(info, info->cpus[i].apic_id, bsp) != t->cpu[k].node)
			bad("cpu %d: node %d, shape says %d", k,
			    acpi_cpu_node(info, info->cpus[i].apic_id, bsp),
			    t->cpu[k].node);
		k++;
	}
	if (k != t->ncpus)
		bad("%d enabled CPUs, shape says %d", k, t->ncpus);

	nnodes = info->nnodes;
	if (nnodes != t->nnodes)
		bad("%d nodes, shape says %d", nnodes, t->nnodes);

	for (i = 0; info->has_srat && i < nnodes && i < t->nnodes; i++)
		if (node_span_mb(info, i) != t->node_mem_mb[i])
			bad("node %d: %llu MiB, shape says %u", i,
			    (unsigned long long)node_span_mb(info, i),
			    t->node_mem_mb[i]);

	for (i = 0; i < t->nnodes; i++) {
		for (j = 0; j < t->nnodes; j++) {
			int d = info->distance[i][j];

			if (d != t->distance[i][j])
				bad("distance %d -> %d: %d, shape says %d", i, j,
				    d, t->distance[i][j]);
		}
	}
}

int main(int argc, char **argv)
{
	static struct acpi_info info;
	static struct topology t;
	char err[256];
	long off;
	int rc;

	if (argc != 6) {
		fprintf(stderr, "usage: qemu_check NAME ARGS FSEG HIGH HIGH_BASE\n");
		return 2;
	}
	if (shape_from_args(argv[2], &t, err, sizeof(err))) {
		printf("not ok - qemu_tables_%s # shape: %s\n", argv[1], err);
		return 1;
	}
	fseg = load(argv[3], FSEG_SIZE);
	high = load(argv[4], HIGH_SIZE);
	high_base = strtoull(argv[5], NULL, 0);

	off = acpi_find_rsdp(fseg, FSEG_SIZE);
	if (off < 0) {
		printf("not ok - qemu_tables_%s # no RSDP in 0xE0000-0xFFFFF\n",
		       argv[1]);
		return 1;
	}
	rc = acpi_parse(fseg + off, map, &info);
	if (rc != 0)
		bad("acpi_parse returned %d", rc);
	compare(&info, &t);
	if (nwarn)
		bad("%d warnings on QEMU's own tables", nwarn);
	printf("%sok - qemu_tables_%s # %d CPUs, %d SRAT CPUs, %d ranges, SLIT %s\n",
	       nbad ? "not " : "", argv[1], info.ncpus, info.nsrat_cpus, info.nmem,
	       info.has_slit ? "yes" : "no");
	return nbad ? 1 : 0;
}
