/*
 * fuzz_acpi.c - libFuzzer harness over the ACPI parsers (arch/x86/acpi.c).
 *
 * Input format: acpi_fuzz.h. Built with clang -fsanitize=fuzzer,address,
 * undefined: a read past the input, an overflow, a hang (-timeout) or a
 * broken format string in a warning is a crash. libFuzzer hands us a heap
 * copy of exactly `size` bytes, so the memory map below ends where ASan's
 * redzone begins.
 */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "acpi.h"
#include "acpi_fuzz.h"

static const uint8_t *image;
static size_t image_size;

/* Format every warning for real: a bad conversion or argument shows up. */
void acpi_warn(const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
}

static const void *map(uint64_t phys, size_t len)
{
	if (phys > image_size || len > image_size - phys)
		return NULL;
	return image + phys;
}

/* What every parser promises about *info, whatever the input. */
static void check(const struct acpi_info *info)
{
	if (info->ncpus < 0 || info->ncpus > NR_CPUS ||
	    info->nioapics < 0 || info->nioapics > ACPI_MAX_IOAPICS ||
	    info->nisos < 0 || info->nisos > ACPI_MAX_ISOS ||
	    info->nsrat_cpus < 0 || info->nsrat_cpus > ACPI_MAX_SRAT_CPUS ||
	    info->nmem < 0 || info->nmem > ACPI_MAX_MEM ||
	    info->nnodes < 0 || info->nnodes > MAX_NODES)
		__builtin_trap();
	for (int i = 0; i < info->nsrat_cpus; i++)
		if (info->srat_cpus[i].node < 0 ||
		    info->srat_cpus[i].node >= info->nnodes)
			__builtin_trap();
	for (int i = 0; i < info->nmem; i++)
		if (info->mem[i].node < 0 || info->mem[i].node >= info->nnodes ||
		    info->node_pxm[info->mem[i].node] != info->mem[i].pxm)
			__builtin_trap();
	for (int i = 0; i < info->nnodes; i++)
		for (int j = 0; j < i; j++)
			if (info->node_pxm[i] == info->node_pxm[j])
				__builtin_trap();
	for (int i = 0; i < info->ncpus; i++)
		for (int j = 0; j < i; j++)
			if (info->cpus[i].apic_id == info->cpus[j].apic_id)
				__builtin_trap();
}

/* After the whole walk, the cross-checks of acpi.h hold. */
static void check_walk(const struct acpi_info *info)
{
	check(info);
	for (int i = 0; i < info->ncpus; i++) {
		int node = acpi_cpu_node(info, info->cpus[i].apic_id,
					 info->cpus[0].apic_id);

		if (node < 0 || node >= info->nnodes)
			__builtin_trap();
	}
	/* Without a usable SRAT: one node, no SLIT, 10/20. */
	if (!info->has_srat && (info->nnodes != 1 || info->has_slit ||
				info->nsrat_cpus || info->nmem))
		__builtin_trap();
	for (int i = 0; i < MAX_NODES; i++)
		if (info->distance[i][i] != LOCAL_DISTANCE)
			__builtin_trap();
}

static uint32_t get32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	       (uint32_t)p[3] << 24;
}

/* Make the sum of b[0..len) zero by changing b[at]. */
static void fix(uint8_t *b, size_t len, size_t at)
{
	uint8_t sum = 0;

	b[at] = 0;
	for (size_t i = 0; i < len; i++)
		sum += b[i];
	b[at] = (uint8_t)-sum;
}

/* Fix the checksum of the table at addr when its header and length fit. */
static void fix_table(uint8_t *m, size_t size, uint64_t addr)
{
	uint32_t len;

	if (addr > size || size - addr < 36)
		return;
	len = get32(m + addr + 4);
	if (len >= 36 && len <= size - addr)
		fix(m + addr, len, 9);
}

/* The FUZZ_FIXSUM pre-pass: RSDP, root table, every listed table. */
static void fix_checksums(uint8_t *m, size_t size)
{
	size_t off, esz, n, i;
	uint64_t root;
	uint32_t rlen;

	for (off = 0; size >= 20 && off <= size - 20; off += 16)
		if (memcmp(m + off, "RSD PTR ", 8) == 0)
			break;
	if (size < 20 || off > size - 20)
		off = 0;
	if (size - off < 20)
		return;
	fix(m + off, 20, 8);
	root = get32(m + off + 16);
	esz = 4;
	if (m[off + 15] >= 2 && size - off >= 36) {
		uint32_t xlen = get32(m + off + 20);

		root = get32(m + off + 24) | (uint64_t)get32(m + off + 28) << 32;
		esz = 8;
		if (xlen >= 36 && xlen <= size - off)
			fix(m + off, xlen, 32);
	}
	if (root > size || size - root < 36)
		return;
	rlen = get32(m + root + 4);
	if (rlen < 36 || rlen > size - root)
		return;
	n = (rlen - 36) / esz;
	for (i = 0; i < n; i++) {
		const uint8_t *e = m + root + 36 + i * esz;
		uint64_t a = get32(e);

		if (esz == 8)
			a |= (uint64_t)get32(e + 4) << 32;
		fix_table(m, size, a);
	}
	fix_table(m, size, root);	/* last: listed tables may overlap it */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct acpi_info info;
	uint8_t *copy = NULL;
	long off;

	if (size < 1)
		return 0;
	/* A single-table parser resets only its own fields; acpi_parse()
	 * resets everything, so the walk gets garbage to prove it. */
	memset(&info, (data[0] & 3) == FUZZ_WALK ? 0xa5 : 0, sizeof(info));
	image = data + 1;
	image_size = size - 1;

	switch (data[0] & 3) {
	case FUZZ_MADT:
		acpi_parse_madt(image, image_size, &info);
		check(&info);
		break;
	case FUZZ_SRAT:
		acpi_parse_srat(image, image_size, &info);
		check(&info);
		break;
	case FUZZ_SLIT:
		acpi_parse_slit(image, image_size, &info);
		check(&info);
		break;
	case FUZZ_WALK:
		if (data[0] & FUZZ_FIXSUM) {
			copy = malloc(image_size ? image_size : 1);
			if (!copy)
				return 0;
			memcpy(copy, image, image_size);
			fix_checksums(copy, image_size);
			image = copy;
		}
		off = acpi_find_rsdp(image, image_size);
		if (off < 0 && image_size >= 36)
			off = 0;
		if (off >= 0) {
			info.prefer_last = (data[0] & FUZZ_LAST) != 0;
			acpi_parse(image + off, map, &info);
			check_walk(&info);
		}
		free(copy);
		break;
	}
	return 0;
}
