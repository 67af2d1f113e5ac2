/*
 * lab1.c - the held-back checks of lab 1 (docs/lab1-topology.md): CPUs
 * numbered as a real BIOS numbers them, and a shape with holes in its
 * APIC IDs, so that no rule of CPU numbers passes. Left out of the
 * handouts (tests/labs/handout.sh).
 */
#include <string.h>
#include <stdlib.h>
#include "grade.h"
#include "shape.h"

/* The maps the contract gives for t's package and core fields. */
static void want_maps(const struct topology *t, cpumask_t *sib, cpumask_t *core)
{
	int i, j;

	for (i = 0; i < t->ncpus; i++) {
		sib[i] = core[i] = CPU_MASK_NONE;
		for (j = 0; j < t->ncpus; j++) {
			if (t->cpu[i].package != t->cpu[j].package)
				continue;
			cpu_set(j, core[i]);
			if (t->cpu[i].core == t->cpu[j].core)
				cpu_set(j, sib[i]);
		}
	}
}

/* The student's maps of t, built over maps that hold every CPU, against
 * the contract's: the first CPU that differs, or -1. */
static int first_wrong(struct topology *t, char *note, size_t len)
{
	static cpumask_t sib[NR_CPUS], core[NR_CPUS];
	char got[CPULIST_LEN], want[CPULIST_LEN];
	int i;

	want_maps(t, sib, core);
	memset(t->sibling_map, 0xff, sizeof(t->sibling_map));
	memset(t->core_map, 0xff, sizeof(t->core_map));
	grade_student_topo_build_maps(t);
	for (i = 0; i < t->ncpus; i++) {
		int s = cpus_equal(t->sibling_map[i], sib[i]);

		if (s && cpus_equal(t->core_map[i], core[i]))
			continue;
		cpulist_format(got, sizeof(got),
			       s ? t->core_map[i] : t->sibling_map[i]);
		cpulist_format(want, sizeof(want), s ? core[i] : sib[i]);
		snprintf(note, len, "%s of CPU %d: %s (want %s)",
			 s ? "core_siblings" : "siblings", i, got, want);
		return i;
	}
	snprintf(note, len, "every CPU's maps right");
	return -1;
}

/* Eight CPUs numbered threads last, packages alternating, as firmware
 * that lists every core's first thread first numbers them: CPU i is
 * package i % 2, core i / 2 % 2, thread i / 4. */
static int threads_numbered_last(void)
{
	struct topology t;
	char note[160];
	int i;

	memset(&t, 0, sizeof(t));
	t.ncpus = 8;
	t.nnodes = 1;
	for (i = 0; i < t.ncpus; i++) {
		t.cpu[i].apic_id = (uint32_t)((i % 2) << 2 | (i / 2 % 2) << 1 | i / 4);
		t.cpu[i].package = i % 2;
		t.cpu[i].core = i / 2 % 2;
		t.cpu[i].thread = i / 4;
		t.cpu[i].rq = i;
	}
	return verdict(first_wrong(&t, note, sizeof(note)) < 0, "%s", note);
}

/* tests/topologies' 2n3c2t. */
#define THREE_CORES	"-M q35 -m 512M -smp 12,sockets=2,cores=3,threads=2 " \
	"-object memory-backend-ram,id=m0,size=256M "			\
	"-object memory-backend-ram,id=m1,size=256M "			\
	"-numa node,nodeid=0,cpus=0-5,memdev=m0 "			\
	"-numa node,nodeid=1,cpus=6-11,memdev=m1"

/* Two packages of three cores of two threads (APIC IDs 0-5 and 8-13),
 * and a generated machine of four nodes of five cores of four threads. */
static int three_and_five_cores(void)
{
	static struct topology t;
	char note[160], err[256];
	int bad;

	if (shape_from_args(THREE_CORES, &t, err, sizeof(err))) {
		printf("# shape 2n3c2t: %s\n", err);
		exit(2);
	}
	bad = first_wrong(&t, note, sizeof(note));
	if (bad >= 0)
		return verdict(0, "2n3c2t: %s", note);
	if (shape_generate("4n5c4t", &t, err, sizeof(err))) {
		printf("# shape 4n5c4t: %s\n", err);
		exit(2);
	}
	bad = first_wrong(&t, note, sizeof(note));
	return verdict(bad < 0, "2n3c2t right; 4n5c4t: %s", note);
}

const struct check grade_lab1_held[] = {
	{ "threads_numbered_last", 2, threads_numbered_last },
	{ "three_and_five_cores", 1, three_and_five_cores },
	{ NULL, 0, NULL }
};
