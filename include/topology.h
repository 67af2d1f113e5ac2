/*
 * topology.h - the machine's CPU and NUMA topology, and the `topo:` report.
 *
 * Portable. The kernel fills it from ACPI and CPUID (arch/x86/), the host
 * simulator and the test tools fill it from a shape in tests/topologies, and
 * all of them print it with topo_report(), so the format of docs/formats.md lives in
 * one place (lib/topology.c).
 *
 * Logical CPU numbers follow Linux: the boot CPU is 0, then the enabled MADT
 * entries in table order.
 */
#ifndef TOPOLOGY_H
#define TOPOLOGY_H

#include <stdint.h>
#include "cpumask.h"

struct cpu_topo {
	uint32_t apic_id;
	int package;	/* physical_package_id */
	int core;	/* core_id, numbered within its package */
	int thread;	/* SMT thread number within its core */
	int node;	/* NUMA node */
	int rq;		/* runqueue this CPU uses: its own number until merged */
};

struct topology {
	int ncpus;			/* CPUs 0..ncpus-1 are present */
	int nnodes;			/* nodes 0..nnodes-1 exist */
	struct cpu_topo cpu[NR_CPUS];
	uint32_t node_mem_mb[MAX_NODES];	/* span of the node's memory, MiB */
	uint8_t distance[MAX_NODES][MAX_NODES];	/* SLIT, or 10/20 without one */

	/* Derived by topo_build_maps() from the fields above. */
	cpumask_t sibling_map[NR_CPUS];		/* same package and core */
	cpumask_t core_map[NR_CPUS];		/* same package */
	cpumask_t node_map[MAX_NODES];		/* CPUs of each node */
};

/* Fill in the derived maps from ncpus and cpu[].package/core/node. */
void topo_build_maps(struct topology *t);

/* Set distance[][] to LOCAL_DISTANCE on the diagonal, REMOTE_DISTANCE elsewhere. */
void topo_default_distances(struct topology *t);

/*
 * Print the report of docs/formats.md, one line at a time through emit() (each
 * line without its newline):
 *   topo: cpus=8 packages=2 cores=4 threads_per_core=2 nodes=2 runqueues=4
 *   topo: cpu=0 apic=0 package=0 core=0 thread=0 node=0 siblings=0-1 core_siblings=0-3 rq=0
 *   topo: node=0 cpus=0-3 mem_mb=512
 *   topo: distance node=0 10 20
 */
void topo_report(const struct topology *t, void (*emit)(const char *line));

/*
 * The same report without what only CPUID or the memory map can tell
 * (packages, cores, threads_per_core, runqueues; package, core, thread,
 * siblings, core_siblings, rq; mem_mb), for tools/acpitopo, which reads
 * nothing but ACPI tables:
 *   topo: cpus=8 nodes=2
 *   topo: cpu=0 apic=0 node=0
 *   topo: node=0 cpus=0-3
 *   topo: distance node=0 10 20
 */
void topo_report_acpi(const struct topology *t, void (*emit)(const char *line));

#endif
