/*
 * lab1.c - the visible checks of lab 1 (docs/lab1-topology.md): does
 * topo_build_maps() give each CPU the threads of its core and the CPUs of
 * its package?
 *
 * Each check fills a topology from QEMU arguments (tests/shape.c, the
 * APIC IDs QEMU would give), scribbles over the derived maps, and calls
 * the student's topo_build_maps() on it. tests/labs/held/lab1.c holds
 * the teacher's two more.
 */
#include <string.h>
#include <stdlib.h>
#include "grade.h"
#include "shape.h"

/* The shape of args, its sibling and core maps built by the student's
 * function over maps that hold every CPU. */
static void student_maps(const char *args, struct topology *t)
{
	char err[256];

	memset(t, 0, sizeof(*t));
	if (shape_from_args(args, t, err, sizeof(err))) {
		printf("# shape %s: %s\n", args, err);
		exit(2);
	}
	memset(t->sibling_map, 0xff, sizeof(t->sibling_map));
	memset(t->core_map, 0xff, sizeof(t->core_map));
	grade_student_topo_build_maps(t);
}

/* m is the cpulist want; its list goes into buf for the note. */
static int is(cpumask_t m, const char *want, char *buf, size_t len)
{
	cpulist_format(buf, len, m);
	return strcmp(buf, want) == 0;
}

/* One package, two cores of two threads: CPUs 0-1 are core 0, 2-3 core 1. */
static int threads_share_a_core(void)
{
	struct topology t;
	char s0[64], s3[64], c1[64];
	int ok;

	student_maps(SMT2, &t);
	ok = is(t.sibling_map[0], "0-1", s0, sizeof(s0));
	ok &= is(t.sibling_map[3], "2-3", s3, sizeof(s3));
	ok &= is(t.core_map[1], "0-3", c1, sizeof(c1));
	return verdict(ok, "siblings of 0: %s (want 0-1), of 3: %s (want 2-3); "
		       "core_siblings of 1: %s (want 0-3)", s0, s3, c1);
}

/* Two packages of two cores of two threads: core 0 of package 1 (CPUs
 * 4-5) is not core 0 of package 0. */
static int cores_restart_per_package(void)
{
	struct topology t;
	char s4[64], c0[64], c7[64];
	int ok;

	student_maps(NUMA2, &t);
	ok = is(t.sibling_map[4], "4-5", s4, sizeof(s4));
	ok &= is(t.core_map[0], "0-3", c0, sizeof(c0));
	ok &= is(t.core_map[7], "4-7", c7, sizeof(c7));
	return verdict(ok, "siblings of 4: %s (want 4-5); core_siblings of 0: "
		       "%s (want 0-3), of 7: %s (want 4-7)", s4, c0, c7);
}

const struct check grade_lab1_visible[] = {
	{ "threads_share_a_core", 2, threads_share_a_core },
	{ "cores_restart_per_package", 1, cores_restart_per_package },
	{ NULL, 0, NULL }
};
