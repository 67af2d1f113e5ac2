/*
 * test_lib - host unit tests (TAP) of lib/cpumask.c, lib/topology.c and
 * tests/shape.c.
 *
 *   test_lib [TOPOLOGIES_FILE]     (default tests/topologies)
 *
 * The shape expectations are checked by hand against docs/qemu.md
 * (what Linux 6.1 showed on QEMU 7.2), not against our own kernel.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "shape.h"

static const char *topo_file = "tests/topologies";
static int test_no, test_failed;

/* One check inside a test: print what differs as a TAP diagnostic. */
#define CHECK(cond, ...) do {						\
	if (!(cond)) {							\
		printf("# %s:%d: %s: ", __FILE__, __LINE__, #cond);	\
		printf(__VA_ARGS__);					\
		printf("\n");						\
		test_failed = 1;					\
	}								\
} while (0)

#define CHECK_STR(got, want) \
	CHECK(!strcmp((got), (want)), "got \"%s\", want \"%s\"", (got), (want))
#define CHECK_INT(got, want) \
	CHECK((long)(got) == (long)(want), "got %ld, want %ld", (long)(got), (long)(want))

static void run(const char *name, void (*fn)(void))
{
	test_failed = 0;
	fn();
	printf("%sok %d %s\n", test_failed ? "not " : "", ++test_no, name);
}

/* ---- cpulist_format ---------------------------------------------------- */

/* The mask whose CPUs 0-63 are the bits of v. */
static cpumask_t u64(unsigned long long v)
{
	cpumask_t m = CPU_MASK_NONE;
	int i;

	for (i = 0; i < 64; i++)
		if (v >> i & 1)
			cpu_set(i, m);
	return m;
}

static const char *fmt(cpumask_t m)
{
	static char buf[CPULIST_LEN];

	cpulist_format(buf, sizeof(buf), m);
	return buf;
}

static void cpulist_empty(void)
{
	char buf[8] = "xxxxxxx";

	CHECK_INT(cpulist_format(buf, sizeof(buf), CPU_MASK_NONE), 0);
	CHECK_STR(buf, "");
}

static void cpulist_single(void)
{
	CHECK_STR(fmt(cpumask_of(0)), "0");
	CHECK_STR(fmt(cpumask_of(5)), "5");
	CHECK_STR(fmt(cpumask_of(63)), "63");
}

static void cpulist_ranges(void)
{
	CHECK_STR(fmt(u64(0xfULL)), "0-3");
	CHECK_STR(fmt(u64(0x10fULL)), "0-3,8");
	CHECK_STR(fmt(u64(0x3ULL)), "0-1");	/* a pair is a range, as in Linux */
	CHECK_STR(fmt(u64(0x33ULL)), "0-1,4-5");
	CHECK_STR(fmt(u64(0xc000000000000000ULL)), "62-63");
}

static void cpulist_full(void)
{
	char want[16];

	CHECK_STR(fmt(u64(~0ULL)), "0-63");
	CHECK_INT(cpulist_format((char[8]){ 0 }, 8, u64(~0ULL)), 4);
	snprintf(want, sizeof(want), "0-%d", NR_CPUS - 1);
	CHECK_STR(fmt(CPU_MASK_ALL), want);
}

static void cpulist_gaps(void)
{
	CHECK_STR(fmt(u64(0x15ULL)), "0,2,4");
	CHECK_STR(fmt(u64(0x5555555555555555ULL)),
		  "0,2,4,6,8,10,12,14,16,18,20,22,24,26,28,30,32,34,36,38,40,"
		  "42,44,46,48,50,52,54,56,58,60,62");
	CHECK_STR(fmt(cpumask_or_of(cpumask_or_of(cpumask_of(1), cpumask_of(10)),
				    u64(0x7000ULL))), "1,10,12-14");
}

/*
 * A buffer too small: the output is cut, always NUL-terminated, a prefix of
 * the full list, its length is returned, and nothing past len is written.
 */
static void cpulist_truncation(void)
{
	const cpumask_t m = u64(0x5555555555555555ULL);
	char full[256], buf[64];
	size_t len;

	cpulist_format(full, sizeof(full), m);
	for (len = 0; len < 24; len++) {
		int n;

		memset(buf, '#', sizeof(buf));
		n = cpulist_format(buf, len, m);
		if (len == 0) {
			CHECK_INT(n, 0);
			CHECK(buf[0] == '#', "len 0 wrote a byte");
			continue;
		}
		CHECK(n < (int)len, "len %zu: returned %d", len, n);
		CHECK(buf[n] == '\0', "len %zu: no NUL at %d", len, n);
		CHECK((int)strlen(buf) == n, "len %zu: strlen %zu != %d", len, strlen(buf), n);
		CHECK(!strncmp(buf, full, (size_t)n), "len %zu: \"%s\" not a prefix", len, buf);
		CHECK(buf[len] == '#', "len %zu: wrote past the buffer", len);
	}
	CHECK_INT(cpulist_format(buf, 4, u64(0x10fULL)), 3);
	CHECK_STR(buf, "0-3");
}

/* ---- the multi-word helpers -------------------------------------------- */

/* CPUs on both sides of every word boundary (32- and 64-bit words). */
static const int edges[] = { 0, 1, 31, 32, 33, 63, 64, 65, 127, 128,
			     NR_CPUS - 2, NR_CPUS - 1 };
#define NEDGES	((int)(sizeof(edges) / sizeof(edges[0])))

static void cpumask_bits(void)
{
	cpumask_t m = CPU_MASK_NONE;
	int i, cpu, n = 0;

	CHECK(cpus_empty(m) && first_cpu(m) == NR_CPUS, "empty mask");
	for (i = 0; i < NEDGES; i++)
		cpu_set(edges[i], m);
	CHECK_INT(cpus_weight(m), NEDGES);
	for (i = 0; i < NEDGES; i++)
		CHECK(cpu_isset(edges[i], m) && cpu_isset(edges[i], cpumask_of(edges[i])) &&
		      cpus_weight(cpumask_of(edges[i])) == 1, "cpu %d", edges[i]);
	CHECK(!cpu_isset(2, m) && !cpu_isset(-1, m) && !cpu_isset(NR_CPUS, m),
	      "cpus not set");
	CHECK(cpus_empty(cpumask_of(NR_CPUS)) && cpus_empty(cpumask_of(-1)),
	      "cpumask_of out of range");
	i = 0;
	for_each_cpu_mask(cpu, m) {
		CHECK(i < NEDGES && cpu == edges[i], "step %d: cpu %d", i, cpu);
		i++;
	}
	CHECK_INT(i, NEDGES);
	CHECK_INT(next_cpu(33, m), 63);
	CHECK_INT(next_cpu(65, m), 127);
	CHECK_INT(next_cpu(NR_CPUS - 1, m), NR_CPUS);
	CHECK_INT(next_cpu(-5, m), 0);
	for (i = 0; i < NEDGES; i++) {
		cpu_clear(edges[i], m);
		n++;
		CHECK_INT(cpus_weight(m), NEDGES - n);
		CHECK_INT(first_cpu(m), i + 1 < NEDGES ? edges[i + 1] : NR_CPUS);
	}
	CHECK(cpus_empty(m), "all cleared");
}

static void cpumask_below(void)
{
	static const int ns[] = { 0, 1, 31, 32, 33, 64, 65, 200, NR_CPUS - 1, NR_CPUS,
				  NR_CPUS + 7 };
	int i;

	for (i = 0; i < (int)(sizeof(ns) / sizeof(ns[0])); i++) {
		cpumask_t m = cpus_below(ns[i]);
		int want = ns[i] < NR_CPUS ? ns[i] : NR_CPUS;

		CHECK(cpus_weight(m) == want &&
		      (!want || (cpu_isset(want - 1, m) && first_cpu(m) == 0)) &&
		      !cpu_isset(want, m), "cpus_below(%d): weight %d", ns[i], cpus_weight(m));
	}
	CHECK(cpus_equal(cpus_below(NR_CPUS), CPU_MASK_ALL), "all");
}

static void cpumask_sets(void)
{
	cpumask_t a = cpus_below(100), b = CPU_MASK_NONE, c;
	int cpu;

	for (cpu = 60; cpu < NR_CPUS; cpu += 2)
		cpu_set(cpu, b);
	cpus_and(c, a, b);
	CHECK_STR(fmt(c), "60,62,64,66,68,70,72,74,76,78,80,82,84,86,88,90,92,94,96,98");
	cpus_andnot(c, a, b);
	CHECK(cpus_weight(c) == 80 && cpu_isset(61, c) && !cpu_isset(62, c) &&
	      cpu_isset(99, c) && !cpu_isset(100, c), "andnot: %s", fmt(c));
	cpus_or(c, a, b);
	CHECK_INT(cpus_weight(c), 100 + (NR_CPUS - 100) / 2);
	cpus_complement(c, a);
	CHECK(cpus_weight(c) == NR_CPUS - 100 && first_cpu(c) == 100, "complement: %s", fmt(c));
	CHECK(cpus_intersects(a, b) && !cpus_intersects(a, c), "intersects");
	CHECK(cpus_subset(cpus_below(50), a) && !cpus_subset(b, a) &&
	      cpus_subset(CPU_MASK_NONE, b), "subset");
	CHECK(cpus_equal(cpumask_or_of(a, c), CPU_MASK_ALL) && !cpus_equal(a, b), "equal");
	cpus_setall(c);
	CHECK_INT(cpus_weight(c), NR_CPUS);
	cpus_clear(c);
	CHECK(cpus_empty(c), "cleared");
}

/* ---- shapes ------------------------------------------------------------ */

static struct topology topo;

/* Parse shape `name` of the topologies file into topo; 0 on success. */
static int load(const char *name)
{
	char args[4096], err[512];

	if (shape_lookup(topo_file, name, args, sizeof(args), err, sizeof(err))) {
		printf("# %s\n", err);
		test_failed = 1;
		return -1;
	}
	if (shape_from_args(args, &topo, err, sizeof(err))) {
		printf("# %s: %s\n", name, err);
		test_failed = 1;
		return -1;
	}
	return 0;
}

static const char *list(cpumask_t m)
{
	static char buf[4][256];
	static int i;

	i = (i + 1) % 4;
	cpulist_format(buf[i], sizeof(buf[i]), m);
	return buf[i];
}

/* Every shape of the topologies file parses, and its maps are consistent:
 * each CPU is in its own sibling, core and node map. */
static void shapes_all_parse(void)
{
	char line[4096], name[64];
	FILE *f = fopen(topo_file, "r");
	int n = 0, i;

	CHECK(f != NULL, "cannot open %s", topo_file);
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (line[0] == '#' || sscanf(line, "%63s", name) != 1)
			continue;
		n++;
		if (load(name))
			continue;
		CHECK(topo.ncpus >= 1 && topo.nnodes >= 1, "%s: empty", name);
		for (i = 0; i < topo.ncpus; i++) {
			CHECK(cpu_isset(i, topo.sibling_map[i]) &&
			      cpu_isset(i, topo.core_map[i]) &&
			      cpu_isset(i, topo.node_map[topo.cpu[i].node]),
			      "%s: cpu %d not in its own maps", name, i);
			CHECK(topo.cpu[i].apic_id < 255, "%s: cpu %d apic %u",
			      name, i, topo.cpu[i].apic_id);
		}
	}
	fclose(f);
	CHECK(n >= 13, "only %d shapes in %s", n, topo_file);
	printf("# %d shapes parsed\n", n);
}

/* Linux 6.1's view on 2n2c2t (docs/qemu.md): cpu0..3 package 0, cpu4..7
 * package 1; core_id 0,0,1,1 per package; siblings 0-1; node0 0-3, node1
 * 4-7; distance 10 20 / 20 10; SRAT memory 512 MiB per node. */
static void shape_2n2c2t(void)
{
	static const int core[8] = { 0, 0, 1, 1, 0, 0, 1, 1 };
	int i;

	if (load("2n2c2t"))
		return;
	CHECK_INT(topo.ncpus, 8);
	CHECK_INT(topo.nnodes, 2);
	for (i = 0; i < 8; i++) {
		CHECK_INT(topo.cpu[i].apic_id, i);
		CHECK_INT(topo.cpu[i].package, i / 4);
		CHECK_INT(topo.cpu[i].core, core[i]);
		CHECK_INT(topo.cpu[i].thread, i % 2);
		CHECK_INT(topo.cpu[i].node, i / 4);
		CHECK_INT(topo.cpu[i].rq, i);
	}
	CHECK_STR(list(topo.sibling_map[0]), "0-1");
	CHECK_STR(list(topo.sibling_map[3]), "2-3");
	CHECK_STR(list(topo.sibling_map[6]), "6-7");
	CHECK_STR(list(topo.core_map[0]), "0-3");
	CHECK_STR(list(topo.core_map[5]), "4-7");
	CHECK_STR(list(topo.node_map[0]), "0-3");
	CHECK_STR(list(topo.node_map[1]), "4-7");
	CHECK_INT(topo.node_mem_mb[0], 512);
	CHECK_INT(topo.node_mem_mb[1], 512);
	CHECK_INT(topo.distance[0][0], 10);
	CHECK_INT(topo.distance[0][1], 20);
	CHECK_INT(topo.distance[1][0], 20);
	CHECK_INT(topo.distance[1][1], 10);
}

/* The report of 2n2c2t, line by line as docs/formats.md shows it. */
static char report[64][160];
static int nreport;

static void collect(const char *line)
{
	if (nreport < 64)
		snprintf(report[nreport], sizeof(report[0]), "%s", line);
	nreport++;
}

static void report_2n2c2t(void)
{
	nreport = 0;
	if (load("2n2c2t"))
		return;
	topo_report(&topo, collect);
	CHECK_INT(nreport, 1 + 8 + 2 + 2);
	CHECK_STR(report[0], "topo: cpus=8 packages=2 cores=4 threads_per_core=2 "
		  "nodes=2 runqueues=8");
	CHECK_STR(report[1], "topo: cpu=0 apic=0 package=0 core=0 thread=0 node=0 "
		  "siblings=0-1 core_siblings=0-3 rq=0");
	CHECK_STR(report[8], "topo: cpu=7 apic=7 package=1 core=1 thread=1 node=1 "
		  "siblings=6-7 core_siblings=4-7 rq=7");
	CHECK_STR(report[9], "topo: node=0 cpus=0-3 mem_mb=512");
	CHECK_STR(report[10], "topo: node=1 cpus=4-7 mem_mb=512");
	CHECK_STR(report[11], "topo: distance node=0 10 20");
	CHECK_STR(report[12], "topo: distance node=1 20 10");
}

/* q35 and pc give the same topology: the machine type changes chipsets, not
 * the MADT/SRAT (docs/qemu.md). */
static void shape_2n2c2t_pc(void)
{
	struct topology q35;

	if (load("2n2c2t"))
		return;
	q35 = topo;
	if (load("2n2c2t-pc"))
		return;
	CHECK(!memcmp(&q35, &topo, sizeof(topo)), "pc and q35 differ");
}

/* 3 cores need 2 bits: package 1 starts at APIC ID 8, IDs 6, 7 are holes
 * (docs/qemu.md: 2 x 3 x 2 gives IDs 0-5 and 8-13). */
static void shape_2n3c2t_holes(void)
{
	static const unsigned apic[12] = { 0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 13 };
	int i;

	if (load("2n3c2t"))
		return;
	CHECK_INT(topo.ncpus, 12);
	for (i = 0; i < 12; i++) {
		CHECK_INT(topo.cpu[i].apic_id, apic[i]);
		CHECK_INT(topo.cpu[i].core, (i / 2) % 3);
		CHECK_INT(topo.cpu[i].package, i / 6);
	}
	CHECK_STR(list(topo.sibling_map[10]), "10-11");
	CHECK_STR(list(topo.core_map[6]), "6-11");
	CHECK_STR(list(topo.node_map[1]), "6-11");
}

/* Nodes that cut through packages: node lists are not contiguous, and a
 * package's cores sit on two nodes. */
static void shape_2n_split(void)
{
	if (load("2n-split"))
		return;
	CHECK_STR(list(topo.node_map[0]), "0-1,4-5");
	CHECK_STR(list(topo.node_map[1]), "2-3,6-7");
	CHECK_INT(topo.cpu[2].node, 1);
	CHECK_INT(topo.cpu[4].node, 0);
	CHECK_STR(list(topo.core_map[2]), "0-3");
	CHECK_INT(topo.node_mem_mb[0], 256);
}

/* -smp 4,maxcpus=8: only indices 0-3 are present (package 0, node 0); node 1
 * still exists (it has memory) but has no CPU. */
static void shape_2n_maxcpus(void)
{
	int i;

	if (load("2n-maxcpus"))
		return;
	CHECK_INT(topo.ncpus, 4);
	CHECK_INT(topo.nnodes, 2);
	for (i = 0; i < 4; i++) {
		CHECK_INT(topo.cpu[i].package, 0);
		CHECK_INT(topo.cpu[i].node, 0);
	}
	CHECK_STR(list(topo.node_map[0]), "0-3");
	CHECK_STR(list(topo.node_map[1]), "");
	CHECK_INT(topo.node_mem_mb[1], 256);
}

/* 240 CPUs: 30 cores take 5 bits, so each package's APIC IDs 60-63 are
 * holes (CPU 60 is APIC 64, the last APIC 251); two nodes per package; the
 * masks reach past the first 64 and 128 CPUs. -icount is no topology. */
static void shape_8n30c2t(void)
{
	if (load("8n30c2t"))
		return;
	CHECK_INT(topo.ncpus, 240);
	CHECK_INT(topo.nnodes, 8);
	CHECK(topo.cpu[59].apic_id == 59 && topo.cpu[60].apic_id == 64 &&
	      topo.cpu[239].apic_id == 251, "apic 59:%u 60:%u 239:%u",
	      topo.cpu[59].apic_id, topo.cpu[60].apic_id, topo.cpu[239].apic_id);
	CHECK(topo.cpu[239].package == 3 && topo.cpu[239].core == 29 &&
	      topo.cpu[239].thread == 1 && topo.cpu[239].node == 7, "cpu 239");
	CHECK_STR(list(topo.sibling_map[129]), "128-129");
	CHECK_STR(list(topo.core_map[200]), "180-239");
	CHECK_STR(list(topo.node_map[0]), "0-29");
	CHECK_STR(list(topo.node_map[4]), "120-149");
	CHECK_STR(list(topo.node_map[7]), "210-239");
	CHECK_INT(topo.node_mem_mb[7], 128);
}

/* 16 nodes, one 2-thread core each. */
static void shape_16n1c2t(void)
{
	int n;

	if (load("16n1c2t"))
		return;
	CHECK_INT(topo.ncpus, 32);
	CHECK_INT(topo.nnodes, 16);
	for (n = 0; n < 16; n++)
		CHECK(cpus_equal(topo.node_map[n], cpumask_or_of(cpumask_of(2 * n),
								  cpumask_of(2 * n + 1))) &&
		      topo.node_mem_mb[n] == 64 && topo.distance[n][15 - n] ==
		      (n == 15 - n ? 10 : 20), "node %d: %s", n, list(topo.node_map[n]));
}

/* Three given distances, the reverse directions mirrored, 10 on the diagonal. */
static void shape_3n_dist(void)
{
	static const int want[3][3] = { { 10, 15, 30 }, { 15, 10, 25 }, { 30, 25, 10 } };
	int i, j;

	if (load("3n-dist"))
		return;
	CHECK_INT(topo.nnodes, 3);
	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++)
			CHECK(topo.distance[i][j] == want[i][j], "distance[%d][%d] = %d, want %d",
			      i, j, topo.distance[i][j], want[i][j]);
	CHECK_STR(list(topo.node_map[2]), "4-5");
}

static void shape_2n_dist40(void)
{
	if (load("2n-dist40"))
		return;
	CHECK_INT(topo.distance[0][1], 40);
	CHECK_INT(topo.distance[1][0], 40);
	CHECK_INT(topo.distance[1][1], 10);
}

/* One CPU, no -numa: one node holding all of -m. */
static void shape_up(void)
{
	if (load("up"))
		return;
	CHECK_INT(topo.ncpus, 1);
	CHECK_INT(topo.nnodes, 1);
	CHECK_INT(topo.cpu[0].apic_id, 0);
	CHECK_STR(list(topo.node_map[0]), "0");
	CHECK_INT(topo.node_mem_mb[0], 128);
	CHECK_INT(topo.distance[0][0], 10);
}

static void shape_1n2c4t(void)
{
	if (load("1n2c4t"))
		return;
	CHECK_INT(topo.cpu[5].apic_id, 5);
	CHECK_INT(topo.cpu[5].core, 1);
	CHECK_INT(topo.cpu[5].thread, 1);
	CHECK_STR(list(topo.sibling_map[5]), "4-7");
	CHECK_STR(list(topo.core_map[0]), "0-7");
}

static void shape_8n8c1t(void)
{
	if (load("8n8c1t"))
		return;
	CHECK_INT(topo.ncpus, 64);
	CHECK_INT(topo.cpu[63].apic_id, 63);
	CHECK_INT(topo.cpu[63].package, 7);
	CHECK_INT(topo.cpu[63].core, 7);
	CHECK_STR(list(topo.node_map[7]), "56-63");
	CHECK_STR(list(topo.sibling_map[9]), "9");
}

/* Arguments without a shape file: QEMU 7.2's -smp defaults (prefer cores
 * over sockets since 6.2, measured with `info hotpluggable-cpus`) and
 * CPUs no node names (package % nodes, measured with `info numa`). */
static void args_defaults(void)
{
	char err[256];

	CHECK_INT(shape_from_args("-smp 4", &topo, err, sizeof(err)), 0);
	CHECK_INT(topo.cpu[3].package, 0);
	CHECK_INT(topo.cpu[3].core, 3);
	CHECK_INT(topo.node_mem_mb[0], 128);
	CHECK_INT(shape_from_args("-smp 4,cores=2 -m 512", &topo, err, sizeof(err)), 0);
	CHECK_INT(topo.cpu[3].package, 1);
	CHECK_INT(topo.cpu[3].apic_id, 3);
	CHECK_INT(topo.node_mem_mb[0], 512);
	CHECK_INT(shape_from_args("-smp 6,sockets=2,threads=3", &topo, err, sizeof(err)), 0);
	CHECK_INT(topo.cpu[5].apic_id, 6);	/* 1 core (0 bits), 3 threads (2 bits) */
	CHECK_INT(shape_from_args("-m 1G -smp 8,sockets=4 "
				  "-object memory-backend-ram,id=a,size=512M "
				  "-object memory-backend-ram,id=b,size=512M "
				  "-numa node,memdev=a -numa node,memdev=b",
				  &topo, err, sizeof(err)), 0);
	CHECK_STR(list(topo.node_map[0]), "0-1,4-5");
	CHECK_STR(list(topo.node_map[1]), "2-3,6-7");
}

/* What QEMU would refuse or we do not model fails with a message. */
static void args_errors(void)
{
	static const char *const bad[] = {
		"-smp 5,sockets=2",			/* 2 x 2 != 5 */
		"-smp 8,maxcpus=4",
		"-smp 257",				/* more than NR_CPUS */
		"-smp 0",
		"-smp 2,dies=2",
		"-smp 2 -smp 2",
		"-M virt",
		"-m 0",
		"-m 1Q",
		"-cpu host",
		"-smp",
		"stray",
		"-object memory-backend-file,id=a,size=1M",
		"-m 256 -object memory-backend-ram,id=a,size=128M -numa node,memdev=a",
		"-numa node,memdev=nope",
		"-m 256 -object memory-backend-ram,id=a,size=256M -numa node,nodeid=1,memdev=a",
		"-smp 2 -m 256 -object memory-backend-ram,id=a,size=128M "
			"-object memory-backend-ram,id=b,size=128M "
			"-numa node,memdev=a,cpus=0-1 -numa node,memdev=b,cpus=1",
		"-smp 2 -m 256 -object memory-backend-ram,id=a,size=256M "
			"-numa node,memdev=a,cpus=0-2",
		"-m 256 -object memory-backend-ram,id=a,size=128M "
			"-object memory-backend-ram,id=b,size=128M "
			"-numa node,memdev=a -numa node,memdev=b -numa dist,src=0,dst=0,val=20",
		"-m 256 -object memory-backend-ram,id=a,size=128M "
			"-object memory-backend-ram,id=b,size=128M "
			"-numa node,memdev=a -numa node,memdev=b -numa dist,src=0,dst=2,val=20",
		"-m 384 -object memory-backend-ram,id=a,size=128M "
			"-object memory-backend-ram,id=b,size=128M "
			"-object memory-backend-ram,id=c,size=128M "
			"-numa node,memdev=a -numa node,memdev=b -numa node,memdev=c "
			"-numa dist,src=0,dst=1,val=20",	/* pairs 0-2, 1-2 missing */
		"-numa dist,src=0,dst=1",
		"-numa foo",
	};
	char err[256];
	size_t i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		CHECK(shape_from_args(bad[i], &topo, err, sizeof(err)) == -1,
		      "accepted \"%s\"", bad[i]);
		CHECK(err[0] != '\0', "no message for \"%s\"", bad[i]);
	}
	CHECK(shape_lookup(topo_file, "no-such-shape", (char[64]){ 0 }, 64,
			   err, sizeof(err)) == -1, "found no-such-shape");
	CHECK(strstr(err, "2n2c2t") != NULL, "message does not list shapes: %s", err);
}

int main(int argc, char **argv)
{
	if (argc > 1)
		topo_file = argv[1];
	run("cpulist_empty", cpulist_empty);
	run("cpulist_single", cpulist_single);
	run("cpulist_ranges", cpulist_ranges);
	run("cpulist_full", cpulist_full);
	run("cpulist_gaps", cpulist_gaps);
	run("cpulist_truncation", cpulist_truncation);
	run("cpumask_bits_across_words", cpumask_bits);
	run("cpumask_cpus_below", cpumask_below);
	run("cpumask_set_operations", cpumask_sets);
	run("shapes_all_parse", shapes_all_parse);
	run("shape_2n2c2t_linux_view", shape_2n2c2t);
	run("report_2n2c2t", report_2n2c2t);
	run("shape_2n2c2t_pc_same_as_q35", shape_2n2c2t_pc);
	run("shape_2n3c2t_apic_holes", shape_2n3c2t_holes);
	run("shape_2n_split_nodes", shape_2n_split);
	run("shape_2n_maxcpus_absent_cpus", shape_2n_maxcpus);
	run("shape_3n_dist_symmetric", shape_3n_dist);
	run("shape_2n_dist40", shape_2n_dist40);
	run("shape_up", shape_up);
	run("shape_1n2c4t", shape_1n2c4t);
	run("shape_8n8c1t", shape_8n8c1t);
	run("shape_8n30c2t_240_cpus", shape_8n30c2t);
	run("shape_16n1c2t_16_nodes", shape_16n1c2t);
	run("args_qemu_defaults", args_defaults);
	run("args_errors", args_errors);
	printf("1..%d\n", test_no);
	return 0;
}
