/*
 * acpitopo - the topology this kernel would report from a machine's ACPI
 * tables, for a student's own computer (docs/lab1-topology.md).
 *
 *   acpitopo mine.txt                 what `sudo acpidump` printed
 *   acpitopo apic.dat srat.dat ...    binary tables (`acpixtract -a`), any
 *                                     order; other signatures are skipped
 *
 * Prints the kernel's `topo:` lines without the fields only CPUID or the
 * memory map can give (topo_report_acpi() in lib/topology.c), then the
 * kernel's `acpi:` warnings about these tables, one a line. Exit status 0
 * when the tables were usable (a usable MADT), 1 when not, 2 on a usage or
 * file error.
 *
 * It runs the kernel's own code: arch/x86/acpi.c parses and numbers CPUs and
 * nodes, lib/topology.c formats. This file is only the host environment
 * around them: it reads the tables, lays them out in a buffer standing in
 * for physical memory behind an RSDP and an RSDT of its own (so acpi_parse()
 * walks them exactly as at boot), and collects acpi_warn(). The boot CPU is
 * taken to be the first enabled MADT entry, as firmware lists it.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "acpi.h"
#include "topology.h"

#define MAX_TABLES	16
#define MEM_SIZE	(4u << 20)	/* room for the largest table acpi.c takes */

/* The kernel's limit on xAPIC IDs it can start (arch/x86/smpboot.c,
 * find_slots: no x2APIC mode). */
#define XAPIC_MAX_STARTABLE	0xfe

struct table {
	char name[64];		/* where it came from, for messages */
	uint8_t *b;
	size_t len, cap;
};

static struct table tables[MAX_TABLES];
static int ntables;

/* ---- the host environment of acpi.c ---- */

static uint8_t *mem;
static size_t mem_used;

/* What was placed: map() hands out bytes inside one of these only, so a
 * table cut short in the dump runs past mapped memory, as acpi.c reports
 * it, instead of into its neighbour. */
static struct { uint64_t at, len; } placed[MAX_TABLES + 2];
static int nplaced;

static char *warnings;
static size_t warn_len, warn_cap;

void acpi_warn(const char *fmt, ...)
{
	va_list ap;
	int n;

	for (;;) {
		va_start(ap, fmt);
		n = vsnprintf(warnings + warn_len, warn_cap - warn_len, fmt, ap);
		va_end(ap);
		if (n < 0)
			return;
		if ((size_t)n < warn_cap - warn_len)
			break;
		warn_cap = 2 * warn_cap + (size_t)n + 1;
		warnings = realloc(warnings, warn_cap);
		if (!warnings) {
			perror("acpitopo");
			exit(2);
		}
	}
	warn_len += (size_t)n;
}

static const void *map(uint64_t phys, size_t len)
{
	int i;

	for (i = 0; i < nplaced; i++)
		if (phys >= placed[i].at && len <= placed[i].len &&
		    phys - placed[i].at <= placed[i].len - len)
			return mem + phys;
	return NULL;
}

/* ---- reading tables ---- */

static void put_byte(struct table *t, uint8_t v)
{
	if (t->len == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 256;
		t->b = realloc(t->b, t->cap);
		if (!t->b) {
			perror("acpitopo");
			exit(2);
		}
	}
	t->b[t->len++] = v;
}

static int wanted(const uint8_t *sig)
{
	return !memcmp(sig, "APIC", 4) || !memcmp(sig, "SRAT", 4) ||
	       !memcmp(sig, "SLIT", 4);
}

static struct table *new_table(const char *file, const char *what)
{
	struct table *t;

	if (ntables == MAX_TABLES) {
		fprintf(stderr, "acpitopo: %s: more than %d tables; ignoring the "
			"rest\n", file, MAX_TABLES);
		return NULL;
	}
	t = &tables[ntables++];
	snprintf(t->name, sizeof(t->name), "%s%s%s", file, *what ? ": " : "",
		 what);
	return t;
}

static int hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	c = tolower(c);
	return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/*
 * acpidump's text: a line "SIG @ 0xADDRESS" opens a table, then lines
 * "    OFFSET: XX XX ... XX  ascii" carry up to 16 bytes each. The bytes end
 * where the two spaces before the ASCII column begin.
 */
static void read_text(const char *file, FILE *f)
{
	char line[512];
	struct table *t = NULL;

	while (fgets(line, sizeof(line), f)) {
		char *p = line, *colon;

		while (*p == ' ' || *p == '\t')
			p++;
		if (strstr(p, " @ 0x")) {
			char what[8] = "";

			sscanf(p, "%7s", what);
			t = NULL;
			/* Only the signature's table, not the RSDP's bytes. */
			if (wanted((const uint8_t *)what))
				t = new_table(file, what);
			continue;
		}
		colon = strchr(p, ':');
		if (!t || !colon || colon == p)
			continue;
		for (p = colon + 1; p[0] == ' ' && hexval(p[1]) >= 0 &&
		     hexval(p[2]) >= 0 && (p[3] == ' ' || p[3] == '\n' ||
					   p[3] == '\r' || !p[3]); p += 3)
			put_byte(t, (uint8_t)(hexval(p[1]) << 4 | hexval(p[2])));
	}
}

static int read_file(const char *file)
{
	FILE *f = fopen(file, "rb");
	uint8_t head[8];
	size_t n;
	int c;
	struct table *t;

	if (!f) {
		fprintf(stderr, "acpitopo: %s: %s\n", file, strerror(errno));
		return -1;
	}
	n = fread(head, 1, sizeof(head), f);
	rewind(f);
	/* A binary table starts with its signature; text never with one
	 * followed by a binary length. */
	if (n == sizeof(head) && wanted(head) && head[7] == 0) {
		t = new_table(file, "");
		while (t && (c = getc(f)) != EOF)
			put_byte(t, (uint8_t)c);
	} else if (n == sizeof(head) && isalnum(head[0]) && isalnum(head[1]) &&
		   isalnum(head[2]) && isalnum(head[3]) && head[7] == 0) {
		fprintf(stderr, "acpitopo: %s: a %.4s table; only APIC, SRAT and "
			"SLIT matter here, skipping it\n", file, (const char *)head);
	} else {
		read_text(file, f);
	}
	fclose(f);
	return 0;
}

/* ---- laying them out as firmware does ---- */

static uint64_t place(const void *p, size_t len)
{
	uint64_t at = (mem_used + 15) & ~(uint64_t)15;

	if (at + len > MEM_SIZE) {
		fprintf(stderr, "acpitopo: the tables need more than %u bytes\n",
			MEM_SIZE);
		exit(2);
	}
	memcpy(mem + at, p, len);
	mem_used = at + len;
	placed[nplaced].at = at;
	placed[nplaced].len = len;
	nplaced++;
	return at;
}

static void checksum(uint8_t *p, size_t len, size_t at)
{
	uint8_t sum = 0;
	size_t i;

	p[at] = 0;
	for (i = 0; i < len; i++)
		sum += p[i];
	p[at] = (uint8_t)-sum;
}

static void put32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

/* RSDP (revision 0) at 0, the tables, then an RSDT listing them. The
 * tables keep their own bytes, checksum and length included. */
static const void *lay_out(void)
{
	uint8_t rsdp[20] = "RSD PTR ", rsdt[36 + 4 * MAX_TABLES];
	uint32_t at[MAX_TABLES];
	int i;

	memset(rsdp + 8, 0, sizeof(rsdp) - 8);
	memcpy(rsdp + 9, "ACPITO", 6);
	mem_used = sizeof(rsdp);	/* placed last, checksummed then */
	for (i = 0; i < ntables; i++)
		at[i] = (uint32_t)place(tables[i].b, tables[i].len);

	memset(rsdt, 0, sizeof(rsdt));
	memcpy(rsdt, "RSDT", 4);
	put32(rsdt + 4, 36 + 4 * (uint32_t)ntables);
	rsdt[8] = 1;
	memcpy(rsdt + 10, "ACPITO", 6);
	for (i = 0; i < ntables; i++)
		put32(rsdt + 36 + 4 * i, at[i]);
	checksum(rsdt, 36 + 4 * (size_t)ntables, 9);
	put32(rsdp + 16, (uint32_t)place(rsdt, 36 + 4 * (size_t)ntables));
	checksum(rsdp, sizeof(rsdp), 8);
	memcpy(mem, rsdp, sizeof(rsdp));
	placed[nplaced].at = 0;
	placed[nplaced].len = sizeof(rsdp);
	nplaced++;
	return mem;
}

/* ---- the report ---- */

static void emit(const char *line)
{
	printf("%s\n", line);
}

static struct acpi_info info;
static struct topology topo;

int main(int argc, char **argv)
{
	uint32_t bsp;
	int i, j, rc;

	if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
		fprintf(stderr, "usage: acpitopo ACPIDUMP.txt | TABLE.dat...\n"
			"  ACPIDUMP.txt  what `sudo acpidump` prints\n"
			"  TABLE.dat     binary tables (`acpixtract -a`): APIC, SRAT, "
			"SLIT\n");
		return 2;
	}
	for (i = 1; i < argc; i++)
		if (read_file(argv[i]))
			return 2;
	if (ntables == 0) {
		fprintf(stderr, "acpitopo: no APIC, SRAT or SLIT table in the input\n");
		return 2;
	}
	mem = calloc(1, MEM_SIZE);
	if (!mem) {
		perror("acpitopo");
		return 2;
	}
	rc = acpi_parse(lay_out(), map, &info);
	if (rc != 0) {
		printf("acpitopo: no usable MADT (APIC table): the kernel would run "
		       "on the boot CPU alone\n");
		fputs(warnings ? warnings : "", stdout);
		return 1;
	}

	bsp = info.cpus[0].apic_id;
	for (i = 0; i < info.ncpus; i++) {
		uint32_t id = info.cpus[i].apic_id;

		if (id > XAPIC_MAX_STARTABLE) {
			acpi_warn("smp: APIC ID 0x%x needs x2APIC mode, which this "
				  "kernel does not use; left out\n", id);
			continue;
		}
		topo.cpu[topo.ncpus].apic_id = id;
		topo.cpu[topo.ncpus].core = topo.ncpus;
		topo.cpu[topo.ncpus].node = acpi_cpu_node(&info, id, bsp);
		topo.cpu[topo.ncpus].rq = topo.ncpus;
		topo.ncpus++;
	}
	topo.nnodes = info.nnodes;
	for (i = 0; i < MAX_NODES; i++)
		for (j = 0; j < MAX_NODES; j++)
			topo.distance[i][j] = info.distance[i][j];
	topo_build_maps(&topo);
	topo_report_acpi(&topo, emit);
	fputs(warnings ? warnings : "", stdout);
	return 0;
}
