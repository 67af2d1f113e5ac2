/*
 * shape.h - machine shapes from tests/topologies, turned into a topology.
 *
 * Host-only. The expected topology of a shape is derived here from its QEMU
 * arguments alone (-smp, -numa node/dist, memory-backend sizes, -m), the way
 * QEMU 7.2 builds its ACPI tables and APIC IDs (docs/qemu.md), never
 * from a kernel's output. tests/topoexpect prints it; the scheduler simulator
 * runs on it.
 */
#ifndef TESTS_SHAPE_H
#define TESTS_SHAPE_H

#include <stddef.h>
#include "topology.h"

/* Most CPU slots a shape has (-smp's maxcpus): xAPIC IDs stop at 254, and
 * TCG refuses x2APIC machines (docs/qemu.md). */
#define SHAPE_MAX_SLOTS		255

/* Find shape `name` in the topologies file; copy its QEMU arguments into
 * args. Returns 0, or -1 with a message in err. */
int shape_lookup(const char *file, const char *name, char *args, size_t len,
		 char *err, size_t errlen);

/* Fill *t (maps built, rq = own CPU number) from QEMU arguments. Returns 0,
 * or -1 with a message in err for arguments it does not understand. */
int shape_from_args(const char *args, struct topology *t, char *err, size_t errlen);

/* Fill *t from a generated shape "NnCcTt" (docs/formats.md): N nodes of C
 * cores of T threads, beyond what QEMU can run. Returns 0, or -1 with a
 * message in err. */
int shape_generate(const char *spec, struct topology *t, char *err,
		   size_t errlen);

#endif
