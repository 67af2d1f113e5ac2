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
 * MADT 5.2.12, SRAT 5.2.16, SLIT 5.2.17). What is made of them follows
 * Linux 6.1, whose files each rule cites (drivers/acpi/numa/srat.c,
 * arch/x86/mm/srat.c, arch/x86/mm/numa.c, arch/x86/kernel/acpi/boot.c,
 * arch/x86/kernel/apic/apic.c): the same tables give the same CPUs, nodes
 * and distances. What Linux accepts without a word passes silently here;
 * each real defect (a bad checksum, a cut table, an unknown APIC ID, a
 * table not used, CPUs beyond NR_CPUS) gets one line.
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
#define X2APIC_INVALID		0xffffffffu

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
	int n;

	for (n = 0; n < info->nnodes; n++)
		if (info->node_pxm[n] == pxm)
			return n;
	return -1;
}

/* 1 when an SRAT memory range puts memory on node. */
static int node_has_memory(const struct acpi_info *info, int node)
{
	int i;

	for (i = 0; i < info->nmem; i++)
		if (info->mem[i].node == node && info->mem[i].len)
			return 1;
	return 0;
}

/*
 * The logical number Linux gives the CPU with this APIC ID: 0 for the boot
 * CPU, then the others in cpus[] order (arch/x86/kernel/apic/apic.c,
 * generic_processor_info). -1 when the MADT does not number it.
 */
static int logical_cpu(const struct acpi_info *info, uint32_t apic_id,
		       uint32_t bsp_apic)
{
	int i, n = 1;

	if (apic_id == bsp_apic)
		return 0;
	for (i = 0; i < info->ncpus; i++) {
		if (info->cpus[i].apic_id == apic_id)
			return n;
		if (info->cpus[i].apic_id != bsp_apic)
			n++;
	}
	return -1;
}

int acpi_cpu_node(const struct acpi_info *info, uint32_t apic_id,
		  uint32_t bsp_apic)
{
	int i, n, k, nmem_nodes = 0, cpu;

	if (!info->has_srat)
		return 0;
	for (i = 0; i < info->nsrat_cpus; i++)
		if (info->srat_cpus[i].apic_id == apic_id)
			return info->srat_cpus[i].node;
	/* numa_init_array(): CPU i gets the (i mod k)th of the k online
	 * nodes, which at that point are the nodes with memory. */
	for (n = 0; n < info->nnodes; n++)
		nmem_nodes += node_has_memory(info, n);
	cpu = logical_cpu(info, apic_id, bsp_apic);
	if (nmem_nodes == 0 || cpu < 0)
		return 0;
	k = cpu % nmem_nodes;
	for (n = 0; n < info->nnodes; n++)
		if (node_has_memory(info, n) && k-- == 0)
			return n;
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

/* Counts of entries that did not fit or repeat, reported once after the
 * walk. */
struct madt_drops {
	int cpus, ioapics, isos;
	int repeats;			/* enabled entries repeating an APIC ID */
	uint32_t first_cpu, first_repeat;	/* APIC IDs, for the warnings */
};

/*
 * Linux 6.1's rules (arch/x86/kernel/acpi/boot.c, acpi_register_lapic;
 * arch/x86/kernel/apic/apic.c, allocate_logical_cpuid): a disabled entry
 * gets no logical number, silently (firmware lists the sockets' empty
 * places that way); an enabled entry whose APIC ID an earlier enabled one
 * has keeps that earlier number, so it adds no CPU.
 */
static void madt_add_cpu(struct acpi_info *info, struct madt_drops *drops,
			 uint32_t apic_id, uint32_t uid, uint32_t flags,
			 int x2apic)
{
	struct acpi_cpu *c;
	int i;

	if (!(flags & 1))
		return;
	for (i = 0; i < info->ncpus; i++) {
		if (info->cpus[i].apic_id == apic_id) {
			if (drops->repeats++ == 0)
				drops->first_repeat = apic_id;
			return;
		}
	}
	if (info->ncpus >= NR_CPUS) {
		if (drops->cpus++ == 0)
			drops->first_cpu = apic_id;
		return;
	}
	c = &info->cpus[info->ncpus++];
	c->apic_id = apic_id;
	c->uid = uid;
	c->x2apic = x2apic;
}

static void madt_entry(struct acpi_info *info, struct madt_drops *drops,
		       const uint8_t *e, size_t off)
{
	struct acpi_ioapic *io;
	struct acpi_iso *iso;

	switch (e[0]) {
	case MADT_LAPIC:
		/* ID 0xff is the broadcast address, a placeholder: Linux
		 * ignores it without a word (acpi_parse_lapic). */
		if (e[3] != XAPIC_BROADCAST)
			madt_add_cpu(info, drops, e[3], e[2], rd32(e + 4), 0);
		break;
	case MADT_X2APIC:
		/* Likewise x2APIC ID 0xffffffff (acpi_parse_x2apic). */
		if (rd32(e + 4) != X2APIC_INVALID)
			madt_add_cpu(info, drops, rd32(e + 4), rd32(e + 12),
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
	struct madt_drops drops = { 0, 0, 0, 0, 0, 0 };
	size_t end, off;
	unsigned elen;

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
		acpi_warn("acpi: MADT lists %d more enabled processors than NR_CPUS "
			  "(%d); leaving out APIC ID 0x%x and the ones after it\n",
			  drops.cpus, NR_CPUS, (unsigned)drops.first_cpu);
	if (drops.repeats)
		acpi_warn("acpi: MADT lists %d enabled processors again under an "
			  "APIC ID already listed (first 0x%x); each is one CPU\n",
			  drops.repeats, (unsigned)drops.first_repeat);
	if (drops.ioapics)
		acpi_warn("acpi: MADT lists %d more I/O APICs than the %d kept; "
			  "ignoring them\n", drops.ioapics, ACPI_MAX_IOAPICS);
	if (drops.isos)
		acpi_warn("acpi: MADT lists %d more interrupt overrides than the "
			  "%d kept; ignoring them\n", drops.isos, ACPI_MAX_ISOS);
	if (info->lapic_addr == 0)
		acpi_warn("acpi: MADT gives local APIC address 0; keeping it (the "
			  "caller must use the APIC base MSR)\n");

	if (info->ncpus == 0) {
		acpi_warn("acpi: MADT lists no enabled processor; not using it\n");
		return -1;
	}
	return 0;
}

/* ---- SRAT ---- */

#define SRAT_CPU		0
#define SRAT_MEM		1
#define SRAT_X2APIC		2
#define SRAT_GI			5	/* generic initiator affinity */

/* Entry lengths: Linux uses the SRAT only if type 0 entries are exactly
 * 16 bytes, type 2 at least 24 and type 1 at least 40 (arch/x86/mm/srat.c,
 * drivers/acpi/numa/srat.c: bad_srat()). */
#define SRAT_CPU_LEN		16
#define SRAT_X2APIC_LEN		24
#define SRAT_MEM_LEN		40
#define SRAT_GI_LEN		32

/* 10 on the diagonal, 20 elsewhere: no SLIT, or one not used. */
static void default_distances(struct acpi_info *info)
{
	int i, j;

	for (i = 0; i < MAX_NODES; i++)
		for (j = 0; j < MAX_NODES; j++)
			info->distance[i][j] = i == j ? LOCAL_DISTANCE :
							REMOTE_DISTANCE;
}

/* The SRAT is not used: one node, 0, holds everything. */
static void srat_unused(struct acpi_info *info)
{
	info->has_srat = 0;
	info->nnodes = 1;
	info->node_pxm[0] = 0;
	info->nsrat_cpus = 0;
	info->nmem = 0;
	info->has_slit = 0;
	default_distances(info);
}

/*
 * The node of domain pxm, numbered now if it is new: Linux 6.1's
 * acpi_map_pxm_to_node() (drivers/acpi/numa/srat.c). Returns -1 after a
 * warning ending in `then` (what is done about it) when Linux refuses it.
 */
static int srat_map_pxm(struct acpi_info *info, size_t off, uint32_t pxm,
			const char *then)
{
	int n = acpi_pxm_to_node(info, pxm);

	if (n >= 0)
		return n;
	if (pxm >= ACPI_MAX_PXM) {
		acpi_warn("acpi: SRAT entry at offset 0x%x names proximity domain "
			  "%u, beyond the %d Linux numbers; %s\n", (unsigned)off,
			  (unsigned)pxm, ACPI_MAX_PXM, then);
		return -1;
	}
	if (info->nnodes >= MAX_NODES) {
		acpi_warn("acpi: SRAT entry at offset 0x%x names proximity domain "
			  "%u, one more than MAX_NODES (%d); %s\n", (unsigned)off,
			  (unsigned)pxm, MAX_NODES, then);
		return -1;
	}
	info->node_pxm[info->nnodes] = pxm;
	return info->nnodes++;
}

#define SRAT_NOT_USED	"not using the SRAT (one node)"

/* A processor's node; a later entry for the same APIC ID wins, as Linux's
 * set_apicid_to_node() overwrites. */
static void srat_add_cpu(struct acpi_info *info, int *dropped,
			 uint32_t apic_id, int node)
{
	int i;

	for (i = 0; i < info->nsrat_cpus; i++) {
		if (info->srat_cpus[i].apic_id == apic_id) {
			info->srat_cpus[i].node = node;
			return;
		}
	}
	if (info->nsrat_cpus >= ACPI_MAX_SRAT_CPUS) {
		(*dropped)++;
		return;
	}
	info->srat_cpus[info->nsrat_cpus].apic_id = apic_id;
	info->srat_cpus[info->nsrat_cpus].node = node;
	info->nsrat_cpus++;
}

/* An entry whose length makes Linux drop the SRAT: says so, returns -1. */
static int srat_bad_len(size_t off, unsigned type, unsigned len,
			const char *want)
{
	acpi_warn("acpi: SRAT entry at offset 0x%x (type %u) has length %u, not "
		  "%s; not using the SRAT (one node)\n", (unsigned)off, type, len,
		  want);
	return -1;
}

/*
 * Linux's first pass (acpi_numa_init): processor and generic initiator
 * entries in table order. Returns -1 when the SRAT is not to be used, 1
 * when the pass ends here: a handler that fails makes Linux's
 * acpi_parse_entries_array() call no handler for the entries after it, and
 * the generic initiator's fails for a disabled entry (silently) and for a
 * domain it cannot number (keeping the SRAT).
 */
static int srat_processor(struct acpi_info *info, const uint8_t *e,
			  size_t off, unsigned len, int *dropped)
{
	uint32_t pxm, apic_id;
	int node;

	switch (e[0]) {
	case SRAT_CPU:
		if (len != SRAT_CPU_LEN)
			return srat_bad_len(off, e[0], len, "16");
		if (!(rd32(e + 4) & 1))
			return 0;
		/* Domain bits 8-31 count from revision 2 on. */
		pxm = e[2];
		if (info->srat_revision >= 2)
			pxm |= (uint32_t)e[9] << 8 | (uint32_t)e[10] << 16 |
			       (uint32_t)e[11] << 24;
		apic_id = e[3];
		break;
	case SRAT_X2APIC:
		if (len < SRAT_X2APIC_LEN)
			return srat_bad_len(off, e[0], len, "24 or more");
		if (!(rd32(e + 12) & 1))
			return 0;
		pxm = rd32(e + 4);
		apic_id = rd32(e + 8);
		break;
	case SRAT_GI:
		if (len < SRAT_GI_LEN) {
			acpi_warn("acpi: SRAT generic initiator at offset 0x%x has "
				  "length %u, not 32; ignoring it\n", (unsigned)off,
				  len);
			return 0;
		}
		if (!(rd32(e + 24) & 1))
			return 1;
		return srat_map_pxm(info, off, rd32(e + 4), "ignoring it and the "
				    "processor entries after it") < 0 ? 1 : 0;
	default:
		return 0;
	}
	node = srat_map_pxm(info, off, pxm, SRAT_NOT_USED);
	if (node < 0)
		return -1;
	/* Linux skips an APIC ID beyond MAX_LOCAL_APIC after numbering the
	 * domain (it only logs that). */
	if (apic_id < ACPI_MAX_LOCAL_APIC)
		srat_add_cpu(info, dropped, apic_id, node);
	return 0;
}

/* Linux's second pass: memory entries (acpi_numa_memory_affinity_init,
 * numa_add_memblk). *parsed counts the enabled ones. Returns -1 when the
 * SRAT is not to be used. */
static int srat_memory(struct acpi_info *info, const uint8_t *e, size_t off,
		       unsigned len, int *parsed)
{
	struct acpi_mem_range *m;
	uint64_t base, size;
	uint32_t pxm;
	int node;

	if (e[0] != SRAT_MEM)
		return 0;
	if (len < SRAT_MEM_LEN)
		return srat_bad_len(off, e[0], len, "40 or more");
	if (!(rd32(e + 28) & 1))
		return 0;
	/* The domain is 8 bits wide up to revision 1. */
	pxm = rd32(e + 2);
	if (info->srat_revision <= 1)
		pxm &= 0xff;
	node = srat_map_pxm(info, off, pxm, SRAT_NOT_USED);
	if (node < 0)
		return -1;
	(*parsed)++;
	base = rd64(e + 8);
	size = rd64(e + 16);
	if (size == 0)
		return 0;	/* numbers the domain, adds no memory */
	/* numa_add_memblk_to() complains about such a range and drops it,
	 * keeping the SRAT. */
	if (base + size < base) {
		acpi_warn("acpi: SRAT memory range at offset 0x%x wraps past the "
			  "end of the address space; ignoring it\n", (unsigned)off);
		return 0;
	}
	if (info->nmem >= ACPI_MAX_MEM) {
		acpi_warn("acpi: SRAT lists more than %d memory ranges; not using "
			  "the SRAT (one node)\n", ACPI_MAX_MEM);
		return -1;
	}
	m = &info->mem[info->nmem++];
	m->base = base;
	m->len = size;
	m->pxm = pxm;
	m->node = node;
	return 0;
}

int acpi_parse_srat(const void *tbl, size_t len, struct acpi_info *info)
{
	const uint8_t *t = tbl;
	int dropped = 0, parsed = 0, rc, handled = 1;
	size_t end, stop, off;
	unsigned elen;

	srat_unused(info);
	info->nnodes = 0;
	end = table_end(t, len, SRAT_ENTRIES, "SRAT");
	if (!end) {
		srat_unused(info);
		return -1;
	}
	info->srat_revision = t[8];

	/*
	 * Pass 1, processors. An entry of length 0 makes Linux give up on the
	 * SRAT (acpi_parse_entries_array); one running past the end is a cut
	 * table, whose entries before the cut are used. stop is where pass 2
	 * stops too.
	 */
	for (off = SRAT_ENTRIES; off < end; off += elen) {
		if (end - off >= 2 && t[off + 1] == 0) {
			acpi_warn("acpi: SRAT entry at offset 0x%x has length 0; not "
				  "using the SRAT (one node)\n", (unsigned)off);
			srat_unused(info);
			return -1;
		}
		elen = entry_len(t, off, end, 2, "SRAT");
		if (!elen)
			break;
		if (!handled)
			continue;	/* still walked: a zero length counts */
		rc = srat_processor(info, t + off, off, elen, &dropped);
		if (rc < 0) {
			srat_unused(info);
			return -1;
		}
		handled = rc == 0;
	}
	stop = off;
	for (off = SRAT_ENTRIES; off < stop; off += t[off + 1]) {
		if (srat_memory(info, t + off, off, t[off + 1], &parsed)) {
			srat_unused(info);
			return -1;
		}
	}

	if (dropped)
		acpi_warn("acpi: SRAT lists %d more processors than the %d kept; "
			  "ignoring them\n", dropped, ACPI_MAX_SRAT_CPUS);
	if (parsed == 0) {
		acpi_warn("acpi: SRAT lists no enabled memory range; not using it "
			  "(one node)\n");
		srat_unused(info);
		return -1;
	}
	info->has_srat = 1;
	return 0;
}

/* ---- SLIT ---- */

/*
 * Linux 6.1 (drivers/acpi/numa/srat.c, slit_valid and acpi_numa_slit_init):
 * the SLIT is used only if every diagonal entry is 10 and every other one
 * more than 10; entries of domains that are no node are skipped, and pairs
 * it does not cover keep 10/20.
 */
int acpi_parse_slit(const void *tbl, size_t len, struct acpi_info *info)
{
	const uint8_t *t = tbl, *m;
	uint64_t n64;
	size_t end;
	unsigned n, i, j;
	int from, to;

	info->has_slit = 0;
	default_distances(info);

	end = table_end(t, len, SLIT_MATRIX, "SLIT");
	if (!end)
		return -1;
	n64 = rd64(t + 36);
	if (n64 > end - SLIT_MATRIX || n64 * n64 > end - SLIT_MATRIX) {
		acpi_warn("acpi: SLIT of length %u is too short for %u%s localities "
			  "squared; ignoring the SLIT\n", (unsigned)end,
			  (unsigned)n64, n64 >> 32 ? " (and more)" : "");
		return -1;
	}
	n = (unsigned)n64;
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
			if (i != j && d <= LOCAL_DISTANCE) {
				acpi_warn("acpi: SLIT distance %u -> %u is %u, not more "
					  "than the local %d; ignoring the SLIT\n", i,
					  j, (unsigned)d, LOCAL_DISTANCE);
				return -1;
			}
		}
	}
	for (i = 0; i < n; i++) {
		from = acpi_pxm_to_node(info, i);
		for (j = 0; from >= 0 && j < n; j++) {
			to = acpi_pxm_to_node(info, j);
			if (to >= 0)
				info->distance[from][to] = m[i * n + j];
		}
	}
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

/* 1 when the MADT has a processor entry (type 0 or 9, enabled or not) for
 * this APIC ID. Walks the table as acpi_parse_madt() did, quietly: that
 * walk has already reported what is wrong with it. */
static int madt_lists(const uint8_t *t, uint32_t len, uint32_t apic_id)
{
	size_t off, end = rd32(t + 4) < len ? rd32(t + 4) : len;
	unsigned elen;

	for (off = MADT_ENTRIES; end >= 2 && off <= end - 2; off += elen) {
		elen = t[off + 1];
		if (elen < 2 || elen > end - off)
			break;
		if (t[off] == MADT_LAPIC && elen >= 8 && t[off + 3] == apic_id)
			return 1;
		if (t[off] == MADT_X2APIC && elen >= 16 &&
		    rd32(t + off + 4) == apic_id)
			return 1;
	}
	return 0;
}

/*
 * SRAT processor entries whose APIC ID the MADT does not list at all: a
 * defect (Linux keeps them, harmlessly), reported in one line and dropped.
 * Their domains keep their node numbers, as in Linux.
 */
static void srat_drop_unknown(struct acpi_info *info, const uint8_t *madt,
			      uint32_t madt_len)
{
	int i, k = 0, unknown = 0;
	uint32_t first = 0;

	for (i = 0; i < info->nsrat_cpus; i++) {
		uint32_t id = info->srat_cpus[i].apic_id;

		if (!madt_lists(madt, madt_len, id)) {
			if (unknown++ == 0)
				first = id;
			continue;
		}
		info->srat_cpus[k++] = info->srat_cpus[i];
	}
	info->nsrat_cpus = k;
	if (unknown == 1)
		acpi_warn("acpi: SRAT names APIC ID 0x%x, which the MADT does not "
			  "list; ignoring that entry\n", (unsigned)first);
	else if (unknown)
		acpi_warn("acpi: SRAT names %d APIC IDs that the MADT does not list "
			  "(first 0x%x); ignoring those entries\n", unknown,
			  (unsigned)first);
}

/*
 * Memory ranges of two nodes must not overlap: which node would own the
 * pages? Linux then gives up on NUMA (numa_cleanup_meminfo); so do we.
 * Ranges of one node may overlap. Returns 0 when none overlap.
 */
static int srat_check_overlap(const struct acpi_info *info)
{
	const struct acpi_mem_range *a, *b;
	int i, j;

	for (i = 0; i < info->nmem; i++) {
		for (j = 0; j < i; j++) {
			a = &info->mem[i];
			b = &info->mem[j];
			if (a->node == b->node || a->base >= b->base + b->len ||
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

/* Everything that needs more than one table, once all are parsed. A SLIT
 * without a usable SRAT has nothing to describe: Linux then ignores it
 * without a word, and so do we. */
static void cross_check(struct acpi_info *info, const uint8_t *madt,
			uint32_t madt_len)
{
	if (info->has_srat && madt)
		srat_drop_unknown(info, madt, madt_len);
	if (info->has_srat && srat_check_overlap(info))
		srat_unused(info);
	if (!info->has_srat)
		srat_unused(info);
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
	srat_unused(info);

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
	cross_check(info, want[0].tbl, want[0].len);
	return madt_ok;
}
