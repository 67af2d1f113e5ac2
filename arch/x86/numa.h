/*
 * numa.h - the machine's NUMA nodes as the SRAT and SLIT describe them, and
 * the page pools built from them.
 *
 * Nodes are numbered as Linux numbers them, by first appearance in the SRAT
 * (acpi.h). Without a usable SRAT there is one node holding all memory and
 * every CPU.
 */
#ifndef ARCH_X86_NUMA_H
#define ARCH_X86_NUMA_H

#include <stdint.h>
#include "params.h"

struct numa_info {
	int nnodes;
	int has_srat;
	/* Span of each node's memory, rounded to the nearest MiB: the SRAT
	 * ranges' (end - start), or without an SRAT that of the usable RAM in
	 * the memory map; what Linux reports as the node's spanned pages. */
	uint32_t node_mem_mb[MAX_NODES];
	uint8_t distance[MAX_NODES][MAX_NODES];
};

extern struct numa_info numa;

/* Work out the nodes from acpi_info and boot_info, and give every node's
 * usable memory (minus the first MiB, the kernel and the modules) to the
 * page allocator. After acpi_boot_init(), before any allocation. */
void numa_init(void);

/* Node of the CPU with this APIC ID (acpi_cpu_node(): the SRAT's, or
 * round-robin over the nodes with memory when it does not list the CPU).
 * On the boot CPU, after lapic_init(). */
int numa_cpu_node(uint32_t apic_id);

/* 1 when [addr, addr + len) lies inside node's memory as the firmware
 * describes it (SRAT ranges; the whole memory map with one node). For tests:
 * an independent check of where the page allocator took memory from. */
int numa_addr_in_node(int node, uint64_t addr, uint64_t len);

#endif
