/*
 * cputopo.h - where a CPU sits (package, core, SMT thread), from CPUID on
 * the CPU itself, and the machine's topology built from all of them.
 */
#ifndef ARCH_X86_CPUTOPO_H
#define ARCH_X86_CPUTOPO_H

#include <stdint.h>
#include "topology.h"

struct cpu_ids {
	uint32_t apic_id;	/* initial (x2)APIC ID from CPUID */
	int package;		/* apic_id >> pkg_shift */
	int core;		/* core bits of apic_id: numbered per package */
	int thread;		/* SMT bits of apic_id */
	int smt_shift;		/* APIC ID bits for threads in a core */
	int pkg_shift;		/* APIC ID bits below the package number */
	const char *source;	/* "leaf 0xb" or "leaf 1/4" */
};

/* Read this CPU's IDs from CPUID (runs on the CPU being described). */
void cputopo_detect(struct cpu_ids *ids);

/* The machine's topology: CPUs 0..ncpus-1 are the online CPUs. The
 * scheduler reads it; it does not change after topology_init(). */
extern struct topology cpu_topology;

/* Fill cpu_topology from the online CPUs' IDs and the NUMA info, build the
 * maps. Boot CPU, after all APs are up. */
void topology_init(void);
/* Print the `topo:` report of cpu_topology (after the scheduler has filled
 * in each CPU's runqueue: rq=). */
void topology_report(void);

#endif
