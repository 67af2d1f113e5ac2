/*
 * cputopo.c - CPU topology from CPUID, as Linux 6.1 derives it
 * (arch/x86/kernel/cpu/topology.c, detect_extended_topology).
 *
 * An APIC ID is [package | core | thread] bit fields. CPUID leaf 0xB gives
 * the field widths directly: subleaf 0 (SMT level) the shift to the core
 * field, subleaf 1 (core level) the shift to the package field. Older CPUs
 * lack it; then leaf 1 EBX[23:16] counts logical CPUs per package and leaf 4
 * EAX[31:26] cores per package - 1, and each field is rounded up to a power
 * of two, which is also how QEMU lays out APIC IDs (2 packages x 3 cores x 2
 * threads gives IDs 0-5 and 8-13).
 *
 * core is the core field alone, so it restarts at 0 in every package, like
 * Linux's core_id.
 */
#include "cputopo.h"
#include "cpu.h"
#include "numa.h"
#include "printk.h"
#include "smp.h"

#define CPUID_LEAF1_HTT		(1u << 28)	/* EDX: EBX[23:16] is valid */
#define LEAF_B_TYPE_SMT		1
#define LEAF_B_TYPE_CORE	2

struct topology cpu_topology;

/* Bits needed to number n things: ceil(log2(n)), 0 for n <= 1. */
static int count_order(uint32_t n)
{
	int order = 0;

	while ((1u << order) < n)
		order++;
	return order;
}

static int detect_leaf_b(struct cpu_ids *ids)
{
	struct cpuid_regs r;
	int sub, smt = -1, core = -1;

	if (cpuid(0, 0).eax < 0xb)
		return -1;
	r = cpuid(0xb, 0);
	if (!r.ebx)
		return -1;	/* leaf 0xB not implemented */
	ids->apic_id = r.edx;
	for (sub = 0; sub < 8; sub++) {
		int type;

		r = cpuid(0xb, sub);
		type = (r.ecx >> 8) & 0xff;
		if (!type)
			break;
		if (type == LEAF_B_TYPE_SMT)
			smt = r.eax & 0x1f;
		else if (type == LEAF_B_TYPE_CORE)
			core = r.eax & 0x1f;
	}
	if (smt < 0)
		return -1;
	ids->smt_shift = smt;
	ids->pkg_shift = core >= smt ? core : smt;
	ids->source = "leaf 0xb";
	return 0;
}

static void detect_leaf_1_4(struct cpu_ids *ids)
{
	struct cpuid_regs r1 = cpuid(1, 0);
	uint32_t logical = 1, cores = 1, threads;

	ids->apic_id = r1.ebx >> 24;
	if (r1.edx & CPUID_LEAF1_HTT)
		logical = (r1.ebx >> 16) & 0xff;
	if (cpuid(0, 0).eax >= 4) {
		struct cpuid_regs r4 = cpuid(4, 0);

		if (r4.eax & 0x1f)	/* a cache is described: the field is valid */
			cores = (r4.eax >> 26) + 1;
	}
	if (!logical)
		logical = 1;
	threads = logical / cores ? logical / cores : 1;
	ids->smt_shift = count_order(threads);
	ids->pkg_shift = ids->smt_shift + count_order(cores);
	ids->source = "leaf 1/4";
}

void cputopo_detect(struct cpu_ids *ids)
{
	uint32_t core_mask;

	if (detect_leaf_b(ids))
		detect_leaf_1_4(ids);
	core_mask = (1u << (ids->pkg_shift - ids->smt_shift)) - 1;
	ids->thread = (int)(ids->apic_id & ((1u << ids->smt_shift) - 1));
	ids->core = (int)((ids->apic_id >> ids->smt_shift) & core_mask);
	ids->package = (int)(ids->apic_id >> ids->pkg_shift);
}

static void emit(const char *line)
{
	printk("%s\n", line);
}

void topology_init(void)
{
	struct topology *t = &cpu_topology;
	int cpu, i;

	t->ncpus = num_online_cpus();
	for (cpu = 0; cpu < t->ncpus; cpu++) {
		const struct cpu_ids *ids = smp_cpu_ids(cpu);
		struct cpu_topo *c = &t->cpu[cpu];

		c->apic_id = ids->apic_id;
		c->package = ids->package;
		c->core = ids->core;
		c->thread = ids->thread;
		c->node = cpu_data(cpu)->node;
		c->rq = cpu;
	}
	t->nnodes = numa.nnodes;
	for (i = 0; i < MAX_NODES; i++)
		t->node_mem_mb[i] = i < numa.nnodes ? numa.node_mem_mb[i] : 0;
	for (i = 0; i < MAX_NODES; i++) {
		int j;

		for (j = 0; j < MAX_NODES; j++)
			t->distance[i][j] = numa.distance[i][j];
	}
	topo_build_maps(t);
	printk("cputopo: CPU 0 (APIC 0x%x) from CPUID %s: thread bits %d, core bits %d\n",
	       smp_cpu_ids(0)->apic_id, smp_cpu_ids(0)->source,
	       smp_cpu_ids(0)->smt_shift,
	       smp_cpu_ids(0)->pkg_shift - smp_cpu_ids(0)->smt_shift);
}

void topology_report(void)
{
	topo_report(&cpu_topology, emit);
}
