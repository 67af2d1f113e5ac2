/*
 * acpi.c - the pure ACPI table parsers: RSDP, RSDT/XSDT, MADT, SRAT, SLIT.
 *
 * Freestanding and portable: the kernel (i686, -ffreestanding) and the host
 * tests and fuzzer (x86_64) build this same file. No libc, no globals; every
 * multi-byte field is read byte by byte because ACPI structures are packed and
 * their fields unaligned. Lengths come from the firmware and are trusted only
 * after checking them against what is mapped: a bad table gets a warning and
 * is ignored, a bad entry ends the walk of its table, and parsing goes on.
 *
 * Table layouts: ACPI 6.5, chapter 5.2 (RSDP 5.2.5, RSDT 5.2.7, XSDT 5.2.8,
 * MADT 5.2.12, SRAT 5.2.16, SLIT 5.2.17).
 */
#include "acpi.h"

/* Size of the common table header (signature .. creator revision). */
#define ACPI_HDR_LEN		36

/*
 * 1 MiB: the largest table we believe. QEMU's biggest table here, the MADT of
 * 64 CPUs, is about 600 bytes; a length field far beyond that is corruption,
 * and mapping it could wander over the whole address space.
 */
#define ACPI_MAX_TABLE_LEN	(1u << 20)

/* 256 root table entries at most: firmware lists a few dozen. */
#define ACPI_MAX_ROOT_ENTRIES	256

#define MADT_ENTRIES		44	/* header + LAPIC address + flags */
#define SRAT_ENTRIES		48	/* header + 12 reserved bytes */
#define SLIT_MATRIX		44	/* header + u64 locality count */

/* The xAPIC ID 0xFF is the broadcast address: no CPU can be started on it. */
#define XAPIC_BROADCAST		0xff

/* ---- little helpers (no libc) ---- */

static uint32_t rd16(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8;
}

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 |
	       (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t rd64(const uint8_t *p)
{
	return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

static int bytes_eq(const uint8_t *p, const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != (uint8_t)s[i])
			return 0;
	return 1;
}

/* The volatile store keeps the compiler from turning the loop into a call
 * to memset, which the kernel may not have. */
static void zero(void *p, size_t n)
{
	volatile uint8_t *b = p;

	while (n--)
		*b++ = 0;
}

/* A table signature as a printable C string, for warnings. */
static void sig_str(const uint8_t *p, char out[5])
{
	int i;

	for (i = 0; i < 4; i++)
		out[i] = (p[i] >= 0x20 && p[i] < 0x7f) ? (char)p[i] : '?';
	out[4] = '\0';
}

int acpi_checksum_ok(const void *p, size_t len)
{
	const uint8_t *b = p;
	uint8_t sum = 0;

	while (len--)
		sum += *b++;
	return sum == 0;
}

int acpi_pxm_to_node(const struct acpi_info *info, uint32_t pxm)
{
	(void)info;
	return pxm < MAX_NODES ? (int)pxm : -1;
}

int acpi_cpu_node(const struct acpi_info *info, uint32_t apic_id)
{
	int i, node;

	if (!info->has_srat)
		return 0;
	for (i = 0; i < info->nsrat_cpus; i++) {
		if (info->srat_cpus[i].apic_id != apic_id)
			continue;
		node = acpi_pxm_to_node(info, info->srat_cpus[i].pxm);
		return node < 0 ? 0 : node;
	}
	return 0;
}

/* ---- RSDP ---- */

/* 20 bytes: the ACPI 1.0 part, covered by the first checksum. */
#define RSDP_V1_LEN	20
/* 36 bytes: the ACPI 2.0 structure, covered by the extended checksum. */
#define RSDP_V2_LEN	36

long acpi_find_rsdp(const void *buf, size_t len)
{
	const uint8_t *b = buf;
	size_t off;
	uint32_t xlen;

	for (off = 0; len >= RSDP_V1_LEN && off <= len - RSDP_V1_LEN; off += 16) {
		const uint8_t *p = b + off;

		if (!bytes_eq(p, "RSD PTR ", 8))
			continue;
		if (!acpi_checksum_ok(p, RSDP_V1_LEN)) {
			acpi_warn("acpi: RSDP at offset 0x%x has a bad checksum; "
				  "skipping it and scanning on\n", (unsigned)off);
			continue;
		}
		if (p[15] < 2)
			return (long)off;
		/* The length field itself lies beyond the first 20 bytes. */
		xlen = len - off >= RSDP_V2_LEN ? rd32(p + 20) : 0;
		if (xlen < RSDP_V2_LEN || xlen > len - off) {
			acpi_warn("acpi: RSDP at offset 0x%x has revision %u but "
				  "length %u; skipping it and scanning on\n",
				  (unsigned)off, (unsigned)p[15], (unsigned)xlen);
			continue;
		}
		if (!acpi_checksum_ok(p, xlen)) {
			acpi_warn("acpi: RSDP at offset 0x%x has a bad extended "
				  "checksum; skipping it and scanning on\n",
				  (unsigned)off);
			continue;
		}
		return (long)off;
	}
	return -1;
}

/* ---- table headers ---- */

/*
 * "what idx" ("RSDT entry 3"), or just "what" when idx < 0 ("the RSDP's
 * XSDT"), into out: where a table came from, for warnings.
 */
static void where_str(char *out, size_t size, const char *what, int idx)
{
	char digits[12];
	size_t n = 0;
	int k = 0;

	while (*what && n + 1 < size)
		out[n++] = *what++;
	if (idx >= 0) {
		do
			digits[k++] = (char)('0' + idx % 10);
		while ((idx /= 10) && k < (int)sizeof(digits));
		if (n + 1 < size)
			out[n++] = ' ';
		while (k && n + 1 < size)
			out[n++] = digits[--k];
	}
	out[n] = '\0';
}

/*
 * Map the table at phys and check its header: printable signature, length
 * between 36 and ACPI_MAX_TABLE_LEN and all mapped, checksum. what and idx
 * say where it came from in warnings (see where_str). Returns the table with
 * its length in *lenp, or NULL after a warning.
 */
static const uint8_t *map_table(acpi_map_fn map, uint64_t phys,
				const char *what, int idx, uint32_t *lenp)
{
	const uint8_t *t;
	uint32_t len;
	char sig[5], from[40];
	int i;

	where_str(from, sizeof(from), what, idx);

	if (phys == 0) {
		acpi_warn("acpi: %s points at address 0; ignoring it\n", from);
		return NULL;
	}
	t = map(phys, ACPI_HDR_LEN);
	if (!t) {
		acpi_warn("acpi: %s is outside mapped memory; ignoring it\n",
			  from);
		return NULL;
	}
	sig_str(t, sig);
	for (i = 0; i < 4; i++) {
		if (t[i] < 0x20 || t[i] >= 0x7f) {
			acpi_warn("acpi: %s has an unprintable signature "
				  "\"%s\"; ignoring it\n", from, sig);
			return NULL;
		}
	}
	len = rd32(t + 4);
	if (len < ACPI_HDR_LEN || len > ACPI_MAX_TABLE_LEN) {
		acpi_warn("acpi: %s table (%s) has length %u, outside [%u, %u]; "
			  "ignoring it\n", sig, from, (unsigned)len,
			  (unsigned)ACPI_HDR_LEN, (unsigned)ACPI_MAX_TABLE_LEN);
		return NULL;
	}
	t = map(phys, len);
	if (!t) {
		acpi_warn("acpi: %s table (%s) has length %u, running past "
			  "mapped memory; ignoring it\n", sig, from, (unsigned)len);
		return NULL;
	}
	if (!acpi_checksum_ok(t, len)) {
		acpi_warn("acpi: %s table (%s) has a bad checksum; ignoring it\n",
			  sig, from);
		return NULL;
	}
	*lenp = len;
	return t;
}

/*
 * The table length the single-table parsers walk: the header's own length
 * when the mapping covers it, else what is mapped (with a warning). Returns
 * 0 when not even `min` bytes are there.
 */
static size_t table_end(const uint8_t *t, size_t len, size_t min,
			const char *name)
{
	uint32_t hlen;

	if (len < min) {
		acpi_warn("acpi: %s of %u bytes is shorter than its fixed part "
			  "(%u bytes); ignoring it\n", name, (unsigned)len,
			  (unsigned)min);
		return 0;
	}
	hlen = rd32(t + 4);
	if (hlen > len) {
		acpi_warn("acpi: %s says length %u but only %u bytes are there; "
			  "walking those\n", name, (unsigned)hlen, (unsigned)len);
		return len;
	}
	if (hlen < min) {
		acpi_warn("acpi: %s says length %u, shorter than its fixed part "
			  "(%u bytes); ignoring it\n", name, (unsigned)hlen,
			  (unsigned)min);
		return 0;
	}
	return hlen;
}

/*
 * One step of the walk over a table's entries (type, length, body). Returns
 * the entry length, or 0 after a warning when the entry cannot be trusted:
 * the caller then stops, keeping what it parsed before. min_len(type) is the
 * shortest valid length of a known type, 2 for unknown types.
 */
static unsigned entry_len(const uint8_t *t, size_t off, size_t end,
			  unsigned min, const char *name)
{
	unsigned len;

	if (end - off < 2) {
		acpi_warn("acpi: %s entry at offset 0x%x is cut off by the end of "
			  "the table; ignoring the rest of the %s\n", name,
			  (unsigned)off, name);
		return 0;
	}
	len = t[off + 1];
	if (len < 2) {
		acpi_warn("acpi: %s entry at offset 0x%x has length %u; ignoring "
			  "the rest of the %s\n", name, (unsigned)off, len, name);
		return 0;
	}
	if (len > end - off) {
		acpi_warn("acpi: %s entry at offset 0x%x (type %u, length %u) runs "
			  "past the end of the table; ignoring the rest of the %s\n",
			  name, (unsigned)off, (unsigned)t[off], len, name);
		return 0;
	}
	if (len < min) {
		acpi_warn("acpi: %s entry at offset 0x%x (type %u) has length %u, "
			  "shorter than %u; ignoring the rest of the %s\n", name,
			  (unsigned)off, (unsigned)t[off], len, min, name);
		return 0;
	}
	return len;
}

/* ---- MADT ---- */

#define MADT_LAPIC		0
#define MADT_IOAPIC		1
#define MADT_ISO		2
#define MADT_LAPIC_NMI		4
#define MADT_LAPIC_ADDR		5
#define MADT_X2APIC		9

static unsigned madt_min_len(unsigned type)
{
	switch (type) {
	case MADT_LAPIC:	return 8;
	case MADT_IOAPIC:	return 12;
	case MADT_ISO:		return 10;
	case MADT_LAPIC_NMI:	return 6;
	case MADT_LAPIC_ADDR:	return 12;
	case MADT_X2APIC:	return 16;
	default:		return 2;
	}
}

/* Counts of entries that did not fit, reported once after the walk. */
struct madt_drops {
	int cpus, ioapics, isos;
};

static void madt_add_cpu(struct acpi_info *info, struct madt_drops *drops,
			 size_t off, uint32_t apic_id, uint32_t uid,
			 uint32_t flags, int x2apic)
{
	struct acpi_cpu *c;
	int i;

	for (i = 0; i < info->ncpus; i++) {
		if (info->cpus[i].apic_id == apic_id) {
			acpi_warn("acpi: MADT entry at offset 0x%x repeats APIC ID "
				  "0x%x (uid %u); dropping the later entry\n",
				  (unsigned)off, (unsigned)apic_id, (unsigned)uid);
			return;
		}
	}
	if (info->ncpus >= NR_CPUS) {
		drops->cpus++;
		return;
	}
	c = &info->cpus[info->ncpus++];
	c->apic_id = apic_id;
	c->uid = uid;
	c->enabled = flags & 1;
	c->online_capable = (flags >> 1) & 1;
	c->x2apic = x2apic;
}

static void madt_entry(struct acpi_info *info, struct madt_drops *drops,
		       const uint8_t *e, size_t off)
{
	struct acpi_ioapic *io;
	struct acpi_iso *iso;

	switch (e[0]) {
	case MADT_LAPIC:
		if (e[3] == XAPIC_BROADCAST) {
			acpi_warn("acpi: MADT entry at offset 0x%x gives APIC ID "
				  "0xff (broadcast); ignoring that processor\n",
				  (unsigned)off);
			break;
		}
		madt_add_cpu(info, drops, off, e[3], e[2], rd32(e + 4), 0);
		break;
	case MADT_X2APIC:
		madt_add_cpu(info, drops, off, rd32(e + 4), rd32(e + 12),
			     rd32(e + 8), 1);
		break;
	case MADT_IOAPIC:
		if (info->nioapics >= ACPI_MAX_IOAPICS) {
			drops->ioapics++;
			break;
		}
		io = &info->ioapics[info->nioapics++];
		io->id = e[2];
		io->addr = rd32(e + 4);
		io->gsi_base = rd32(e + 8);
		break;
	case MADT_ISO:
		if (e[2] != 0) {
			acpi_warn("acpi: MADT override at offset 0x%x is for bus "
				  "%u, not ISA; ignoring it\n", (unsigned)off,
				  (unsigned)e[2]);
			break;
		}
		if (info->nisos >= ACPI_MAX_ISOS) {
			drops->isos++;
			break;
		}
		iso = &info->isos[info->nisos++];
		iso->irq = e[3];
		iso->gsi = rd32(e + 4);
		iso->flags = rd16(e + 8);
		break;
	case MADT_LAPIC_NMI:
		if (e[5] > 1) {
			acpi_warn("acpi: MADT LAPIC NMI at offset 0x%x names LINT%u "
				  "(only 0 and 1 exist); ignoring it\n",
				  (unsigned)off, (unsigned)e[5]);
			break;
		}
		/* All CPUs share one wiring on the machines we run; the first
		 * entry (QEMU: uid 0xff, all processors) is the one we keep. */
		if (info->lapic_nmi_lint < 0)
			info->lapic_nmi_lint = e[5];
		break;
	case MADT_LAPIC_ADDR:
		info->lapic_addr = rd64(e + 4);
		break;
	default:
		break;		/* not needed here: skipped by its length */
	}
}

int acpi_parse_madt(const void *tbl, size_t len, struct acpi_info *info)
{
	const uint8_t *t = tbl;
	struct madt_drops drops = { 0, 0, 0 };
	size_t end, off;
	unsigned elen;
	int i, enabled = 0;

	info->lapic_addr = 0;
	info->ncpus = 0;
	info->nioapics = 0;
	info->nisos = 0;
	info->lapic_nmi_lint = -1;

	end = table_end(t, len, MADT_ENTRIES, "MADT");
	if (!end)
		return -1;
	info->lapic_addr = rd32(t + 36);

	for (off = MADT_ENTRIES; off < end; off += elen) {
		elen = entry_len(t, off, end, madt_min_len(t[off]), "MADT");
		if (!elen)
			break;
		madt_entry(info, &drops, t + off, off);
	}

	if (drops.cpus)
		acpi_warn("acpi: MADT lists %d more processors than NR_CPUS (%d); "
			  "dropping the last %d\n", drops.cpus, NR_CPUS, drops.cpus);
	if (drops.ioapics)
		acpi_warn("acpi: MADT lists %d more I/O APICs than the %d kept; "
			  "ignoring them\n", drops.ioapics, ACPI_MAX_IOAPICS);
	if (drops.isos)
		acpi_warn("acpi: MADT lists %d more interrupt overrides than the "
			  "%d kept; ignoring them\n", drops.isos, ACPI_MAX_ISOS);
	if (info->lapic_addr == 0)
		acpi_warn("acpi: MADT gives local APIC address 0; keeping it (the "
			  "caller must use the APIC base MSR)\n");

	for (i = 0; i < info->ncpus; i++)
		enabled += info->cpus[i].enabled;
	if (!enabled) {
		acpi_warn("acpi: MADT lists no enabled processor; not using it\n");
		return -1;
	}
	return 0;
}

/* ---- SRAT ---- */

#define SRAT_CPU		0
#define SRAT_MEM		1
#define SRAT_X2APIC		2

static unsigned srat_min_len(unsigned type)
{
	switch (type) {
	case SRAT_CPU:		return 16;
	case SRAT_MEM:		return 40;
	case SRAT_X2APIC:	return 24;
	default:		return 2;
	}
}

static void srat_add_cpu(struct acpi_info *info, int *dropped, size_t off,
			 uint32_t apic_id, uint32_t pxm)
{
	int i;

	for (i = 0; i < info->nsrat_cpus; i++) {
		if (info->srat_cpus[i].apic_id == apic_id) {
			acpi_warn("acpi: SRAT entry at offset 0x%x repeats APIC ID "
				  "0x%x; keeping the first (domain %u)\n",
				  (unsigned)off, (unsigned)apic_id,
				  (unsigned)info->srat_cpus[i].pxm);
			return;
		}
	}
	if (info->nsrat_cpus >= NR_CPUS) {
		(*dropped)++;
		return;
	}
	info->srat_cpus[info->nsrat_cpus].apic_id = apic_id;
	info->srat_cpus[info->nsrat_cpus].pxm = pxm;
	info->nsrat_cpus++;
}

static void srat_add_mem(struct acpi_info *info, int *dropped, size_t off,
			 const uint8_t *e)
{
	struct acpi_mem_range *m;
	uint64_t base = rd64(e + 8), len = rd64(e + 16);

	/* Disabled and empty ranges are ignored silently: QEMU always ends
	 * with a zero-length disabled one. */
	if (!(rd32(e + 28) & 1) || len == 0)
		return;
	if (base + len < base) {
		acpi_warn("acpi: SRAT memory range at offset 0x%x wraps past the "
			  "end of the address space; ignoring it\n", (unsigned)off);
		return;
	}
	if (info->nmem >= ACPI_MAX_MEM) {
		(*dropped)++;
		return;
	}
	m = &info->mem[info->nmem++];
	m->base = base;
	m->len = len;
	m->pxm = rd32(e + 2);
}

int acpi_parse_srat(const void *tbl, size_t len, struct acpi_info *info)
{
	const uint8_t *t = tbl, *e;
	int cpu_drops = 0, mem_drops = 0;
	size_t end, off;
	unsigned elen;

	info->has_srat = 0;
	info->nsrat_cpus = 0;
	info->nmem = 0;

	end = table_end(t, len, SRAT_ENTRIES, "SRAT");
	if (!end)
		return -1;

	for (off = SRAT_ENTRIES; off < end; off += elen) {
		elen = entry_len(t, off, end, srat_min_len(t[off]), "SRAT");
		if (!elen)
			break;
		e = t + off;
		switch (e[0]) {
		case SRAT_CPU:
			if (rd32(e + 4) & 1)
				srat_add_cpu(info, &cpu_drops, off, e[3],
					     e[2] | (uint32_t)e[9] << 8 |
					     (uint32_t)e[10] << 16 |
					     (uint32_t)e[11] << 24);
			break;
		case SRAT_X2APIC:
			if (rd32(e + 12) & 1)
				srat_add_cpu(info, &cpu_drops, off, rd32(e + 8),
					     rd32(e + 4));
			break;
		case SRAT_MEM:
			srat_add_mem(info, &mem_drops, off, e);
			break;
		default:
			break;
		}
	}

	if (cpu_drops)
		acpi_warn("acpi: SRAT lists %d more processors than NR_CPUS (%d); "
			  "ignoring them\n", cpu_drops, NR_CPUS);
	if (mem_drops)
		acpi_warn("acpi: SRAT lists %d more memory ranges than the %d kept; "
			  "ignoring them\n", mem_drops, ACPI_MAX_MEM);
	if (info->nsrat_cpus == 0) {
		acpi_warn("acpi: SRAT names no enabled processor; not using it\n");
		return -1;
	}
	info->has_srat = 1;
	return 0;
}

/* ---- SLIT ---- */

int acpi_parse_slit(const void *tbl, size_t len, struct acpi_info *info)
{
	const uint8_t *t = tbl, *m;
	uint64_t n64;
	size_t end;
	unsigned n, i, j;

	info->has_slit = 0;
	info->slit_n = 0;
	zero(info->slit, sizeof(info->slit));

	end = table_end(t, len, SLIT_MATRIX, "SLIT");
	if (!end)
		return -1;
	n64 = rd64(t + 36);
	if (n64 == 0 || n64 > MAX_NODES) {
		acpi_warn("acpi: SLIT has %u localities (high word %u), not 1..%d "
			  "(MAX_NODES); ignoring the SLIT\n", (unsigned)n64,
			  (unsigned)(n64 >> 32), MAX_NODES);
		return -1;
	}
	n = (unsigned)n64;
	if (end - SLIT_MATRIX < (size_t)n * n) {
		acpi_warn("acpi: SLIT of length %u is too short for %u x %u "
			  "distances; ignoring the SLIT\n", (unsigned)end, n, n);
		return -1;
	}
	m = t + SLIT_MATRIX;
	for (i = 0; i < n; i++) {
		for (j = 0; j < n; j++) {
			uint8_t d = m[i * n + j];

			if (i == j && d != LOCAL_DISTANCE) {
				acpi_warn("acpi: SLIT distance %u -> %u is %u, not %d; "
					  "ignoring the SLIT\n", i, j, (unsigned)d,
					  LOCAL_DISTANCE);
				return -1;
			}
			if (i != j && d < LOCAL_DISTANCE) {
				acpi_warn("acpi: SLIT distance %u -> %u is %u, less than "
					  "the local %d; ignoring the SLIT\n", i, j,
					  (unsigned)d, LOCAL_DISTANCE);
				return -1;
			}
		}
	}
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++)
			info->slit[i][j] = m[i * n + j];
	info->slit_n = n;
	info->has_slit = 1;
	return 0;
}

/* ---- the walk from the RSDP ---- */

/* The tables acpi_parse() uses, chosen from the root table's entries. */
struct chosen {
	const char *sig;
	int (*parse)(const void *, size_t, struct acpi_info *);
	const uint8_t *tbl;
	uint32_t len;
	unsigned idx;
};

/* Pick the root table: the XSDT when the RSDP has one and it is valid, else
 * the RSDT. Sets *entry_size to 8 (XSDT) or 4 (RSDT). */
static const uint8_t *map_root(const uint8_t *rsdp, acpi_map_fn map,
			       uint32_t *len, unsigned *entry_size)
{
	const uint8_t *t;
	char sig[5];

	if (rsdp[15] >= 2 && rd64(rsdp + 24) != 0) {
		t = map_table(map, rd64(rsdp + 24), "the RSDP's XSDT", -1, len);
		if (t && bytes_eq(t, "XSDT", 4)) {
			*entry_size = 8;
			return t;
		}
		if (t) {
			sig_str(t, sig);
			acpi_warn("acpi: the RSDP's XSDT has signature \"%s\"; "
				  "ignoring it\n", sig);
		}
		acpi_warn("acpi: no valid XSDT; falling back to the RSDT\n");
	}
	t = map_table(map, rd32(rsdp + 16), "the RSDP's RSDT", -1, len);
	if (t && !bytes_eq(t, "RSDT", 4)) {
		sig_str(t, sig);
		acpi_warn("acpi: the RSDP's RSDT has signature \"%s\"; "
			  "ignoring it\n", sig);
		t = NULL;
	}
	*entry_size = 4;
	return t;
}

/* Walk the root table's entries and choose one copy of each wanted table. */
static void choose_tables(const uint8_t *root, uint32_t rlen, unsigned esz,
			  acpi_map_fn map, int prefer_last,
			  struct chosen *want, int nwant)
{
	const char *rname = esz == 8 ? "XSDT entry" : "RSDT entry";
	unsigned i, n = (rlen - ACPI_HDR_LEN) / esz;
	const uint8_t *t;
	uint64_t phys;
	uint32_t len;
	int k;

	if (n > ACPI_MAX_ROOT_ENTRIES) {
		acpi_warn("acpi: root table lists %u tables; reading the first %u\n",
			  n, (unsigned)ACPI_MAX_ROOT_ENTRIES);
		n = ACPI_MAX_ROOT_ENTRIES;
	}
	for (i = 0; i < n; i++) {
		const uint8_t *e = root + ACPI_HDR_LEN + (size_t)i * esz;

		phys = esz == 8 ? rd64(e) : rd32(e);
		t = map_table(map, phys, rname, (int)i, &len);
		if (!t)
			continue;
		for (k = 0; k < nwant; k++) {
			if (!bytes_eq(t, want[k].sig, 4))
				continue;
			if (want[k].tbl) {
				acpi_warn("acpi: %s %u is a second %s table; using "
					  "the %s (acpi=last chooses)\n", rname, i,
					  want[k].sig, prefer_last ? "last" : "first");
				if (!prefer_last)
					continue;
			}
			want[k].tbl = t;
			want[k].len = len;
			want[k].idx = i;
		}
	}
}

/* Drop the SRAT CPU entries whose APIC ID the MADT does not list. */
static void srat_drop_unknown(struct acpi_info *info)
{
	int i, j, k = 0;

	for (i = 0; i < info->nsrat_cpus; i++) {
		uint32_t id = info->srat_cpus[i].apic_id;

		for (j = 0; j < info->ncpus; j++)
			if (info->cpus[j].apic_id == id)
				break;
		if (j == info->ncpus) {
			acpi_warn("acpi: SRAT names APIC ID 0x%x, which the MADT does "
				  "not list; ignoring that entry\n", (unsigned)id);
			continue;
		}
		info->srat_cpus[k++] = info->srat_cpus[i];
	}
	info->nsrat_cpus = k;
}

/*
 * Node = pxm (see acpi.h), so a domain >= MAX_NODES cannot be a node; with
 * every domain below MAX_NODES there cannot be more than MAX_NODES of them.
 * Returns 0 when all domains fit.
 */
static int srat_check_domains(const struct acpi_info *info)
{
	int i;

	for (i = 0; i < info->nsrat_cpus; i++) {
		if (info->srat_cpus[i].pxm >= MAX_NODES) {
			acpi_warn("acpi: SRAT puts APIC ID 0x%x in proximity domain "
				  "%u, beyond MAX_NODES (%d); not using the SRAT "
				  "(one node)\n", (unsigned)info->srat_cpus[i].apic_id,
				  (unsigned)info->srat_cpus[i].pxm, MAX_NODES);
			return -1;
		}
	}
	for (i = 0; i < info->nmem; i++) {
		if (info->mem[i].pxm >= MAX_NODES) {
			acpi_warn("acpi: SRAT puts a memory range in proximity domain "
				  "%u, beyond MAX_NODES (%d); not using the SRAT "
				  "(one node)\n", (unsigned)info->mem[i].pxm, MAX_NODES);
			return -1;
		}
	}
	return 0;
}

/*
 * Memory ranges of two domains must not overlap: which node would own the
 * pages? Linux then gives up on NUMA (numa_cleanup_meminfo); so do we.
 * Ranges of one domain may overlap. Returns 0 when none overlap.
 */
static int srat_check_overlap(const struct acpi_info *info)
{
	const struct acpi_mem_range *a, *b;
	int i, j;

	for (i = 0; i < info->nmem; i++) {
		for (j = 0; j < i; j++) {
			a = &info->mem[i];
			b = &info->mem[j];
			if (a->pxm == b->pxm || a->base >= b->base + b->len ||
			    b->base >= a->base + a->len)
				continue;
			acpi_warn("acpi: SRAT memory ranges of domains %u and %u "
				  "overlap; not using the SRAT (one node)\n",
				  (unsigned)b->pxm, (unsigned)a->pxm);
			return -1;
		}
	}
	return 0;
}

/* Enabled MADT CPUs that the SRAT does not place: one warning for all. */
static void srat_report_missing(const struct acpi_info *info)
{
	int i, j, missing = 0;
	uint32_t first = 0;

	for (i = 0; i < info->ncpus; i++) {
		if (!info->cpus[i].enabled)
			continue;
		for (j = 0; j < info->nsrat_cpus; j++)
			if (info->srat_cpus[j].apic_id == info->cpus[i].apic_id)
				break;
		if (j == info->nsrat_cpus && missing++ == 0)
			first = info->cpus[i].apic_id;
	}
	if (missing)
		acpi_warn("acpi: %d enabled CPUs (first APIC ID 0x%x) are not in the "
			  "SRAT; putting them on node 0\n", missing, (unsigned)first);
}

/* The SLIT must give a distance for every domain the SRAT names. */
static int slit_covers_srat(const struct acpi_info *info)
{
	uint32_t top = 0;
	int i;

	for (i = 0; i < info->nsrat_cpus; i++)
		if (info->srat_cpus[i].pxm > top)
			top = info->srat_cpus[i].pxm;
	for (i = 0; i < info->nmem; i++)
		if (info->mem[i].pxm > top)
			top = info->mem[i].pxm;
	if (top >= (uint32_t)info->slit_n) {
		acpi_warn("acpi: SLIT covers %d localities but the SRAT names "
			  "domain %u; ignoring the SLIT\n", info->slit_n,
			  (unsigned)top);
		return 0;
	}
	return 1;
}

/* Everything that needs more than one table, once all are parsed. */
static void cross_check(struct acpi_info *info)
{
	if (info->has_srat) {
		srat_drop_unknown(info);
		if (info->nsrat_cpus == 0) {
			acpi_warn("acpi: no SRAT processor is in the MADT; not using "
				  "the SRAT (one node)\n");
			info->has_srat = 0;
		} else if (srat_check_domains(info) || srat_check_overlap(info)) {
			info->has_srat = 0;
		} else {
			srat_report_missing(info);
		}
	}
	if (info->has_slit && !info->has_srat) {
		acpi_warn("acpi: SLIT without a usable SRAT; ignoring the SLIT\n");
		info->has_slit = 0;
	}
	if (info->has_slit && !slit_covers_srat(info))
		info->has_slit = 0;
}

int acpi_parse(const void *rsdp, acpi_map_fn map, struct acpi_info *info)
{
	struct chosen want[3] = {
		{ "APIC", acpi_parse_madt, NULL, 0, 0 },
		{ "SRAT", acpi_parse_srat, NULL, 0, 0 },
		{ "SLIT", acpi_parse_slit, NULL, 0, 0 },
	};
	const uint8_t *p = rsdp, *root;
	int prefer_last = info->prefer_last, madt_ok = -1, k;
	unsigned esz;
	uint32_t rlen;

	zero(info, sizeof(*info));
	info->prefer_last = prefer_last;
	info->lapic_nmi_lint = -1;

	if (!bytes_eq(p, "RSD PTR ", 8) || !acpi_checksum_ok(p, RSDP_V1_LEN)) {
		acpi_warn("acpi: RSDP has a bad signature or checksum; no ACPI "
			  "tables used\n");
		return -1;
	}
	root = map_root(p, map, &rlen, &esz);
	if (!root) {
		acpi_warn("acpi: no valid RSDT or XSDT; no ACPI tables used\n");
		return -1;
	}
	if ((rlen - ACPI_HDR_LEN) % esz)
		acpi_warn("acpi: %s length %u leaves a partial entry; ignoring its "
			  "last %u bytes\n", esz == 8 ? "XSDT" : "RSDT",
			  (unsigned)rlen, (unsigned)((rlen - ACPI_HDR_LEN) % esz));
	choose_tables(root, rlen, esz, map, prefer_last, want, 3);

	for (k = 0; k < 3; k++) {
		if (!want[k].tbl)
			continue;
		if (want[k].parse(want[k].tbl, want[k].len, info) == 0 && k == 0)
			madt_ok = 0;
	}
	if (!want[0].tbl)
		acpi_warn("acpi: no valid MADT (APIC table); running on the boot "
			  "CPU alone\n");
	cross_check(info);
	return madt_ok;
}
