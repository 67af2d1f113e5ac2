/* smp_test.c - in-kernel tests of per-CPU data, numbering and IPIs. */
#include "cputopo.h"
#include "cmdline.h"
#include "ktest.h"
#include "lapic.h"
#include "smp.h"

struct whoami {
	int cpu;		/* smp_processor_id() there */
	uint32_t apic;		/* its LAPIC's ID register */
	int node;
	struct percpu *self;
};

static void whoami(void *arg)
{
	struct whoami *w = arg;

	w->cpu = smp_processor_id();
	w->apic = lapic_id();
	w->node = this_cpu()->node;
	w->self = this_cpu();
}

/*
 * percpu_ipi_call: a function sent to each online CPU by IPI runs there and
 * finds, through %gs, the per-CPU data of that very CPU: its logical number,
 * the APIC ID of its own LAPIC and the node the topology report gives it.
 */
KTEST(percpu_ipi_call)
{
	int cpu;

	for_each_cpu_mask(cpu, cpu_online_mask) {
		struct whoami w = { -1, 0, -1, 0 };

		KT_EXPECT(t, smp_call_function_single(cpu, whoami, &w) == 0,
			  "CPU %d: call failed", cpu);
		KT_EXPECT(t, w.cpu == cpu && w.self == cpu_data(cpu),
			  "CPU %d: ran as CPU %d", cpu, w.cpu);
		KT_EXPECT(t, w.apic == cpu_data(cpu)->apic_id,
			  "CPU %d: LAPIC ID 0x%x, its per-CPU data says 0x%x", cpu,
			  w.apic, cpu_data(cpu)->apic_id);
		/* The topology has CPUID's initial APIC IDs, which firmware
		 * that renumbered the LAPICs (test_apic_renumber) leaves
		 * behind. */
		KT_EXPECT(t, w.apic == cpu_topology.cpu[cpu].apic_id ||
			  boot_opts.test_apic_renumber,
			  "CPU %d: LAPIC ID 0x%x, topology says 0x%x", cpu, w.apic,
			  cpu_topology.cpu[cpu].apic_id);
		KT_EXPECT(t, w.node == cpu_topology.cpu[cpu].node,
			  "CPU %d: node %d, topology says %d", cpu, w.node,
			  cpu_topology.cpu[cpu].node);
	}
	return 0;
}
