/*
 * numa.c - from the SRAT/SLIT and the memory map to nodes and page pools.
 *
 * A node's pool gets the memory that is both in one of its SRAT ranges and
 * usable in the loader's memory map, minus what is already in use: the first
 * MiB (BIOS data, the EBDA, the AP trampoline), the kernel image and any
 * boot modules. Usable memory no SRAT range covers goes to node 0, said on
 * the console (Linux would drop it or give up on NUMA; keeping it is kinder
 * to a small machine).
 */
#include "numa.h"
#include "acpi_boot.h"
#include "bootinfo.h"
#include "lapic.h"
#include "paging.h"
#include "pmm.h"
#include "printk.h"
#include "topology.h"

#define FOUR_GIB	(1ull << 32)
#define LOW_MEMORY_END	0x100000	/* below 1 MiB: firmware's, trampoline's */
#define MAX_RESERVED	(BOOT_MAX_MODULES + 2)

struct numa_info numa;

struct span {
	uint64_t start, end;
	int node;		/* for SRAT ranges */
};

static struct span reserved[MAX_RESERVED];
static int nreserved;

extern const char _kernel_start[], _kernel_end[];	/* kernel.ld */

static void sort_spans(struct span *s, int n)
{
	int i, j;

	for (i = 1; i < n; i++) {
		struct span t = s[i];

		for (j = i; j > 0 && s[j - 1].start > t.start; j--)
			s[j] = s[j - 1];
		s[j] = t;
	}
}

static void reserve(uint64_t start, uint64_t end)
{
	if (nreserved < MAX_RESERVED && end > start) {
		reserved[nreserved].start = start & ~(uint64_t)(PAGE_SIZE - 1);
		reserved[nreserved].end = (end + PAGE_SIZE - 1) & ~(uint64_t)(PAGE_SIZE - 1);
		nreserved++;
	}
}

/* Give [a, b) of node to the allocator, minus the reserved spans. */
static void add_free(int node, uint64_t a, uint64_t b)
{
	int i;

	for (i = 0; i < nreserved && a < b; i++) {
		if (reserved[i].end <= a)
			continue;
		if (reserved[i].start >= b)
			break;
		if (reserved[i].start > a)
			pmm_add_range(node, a, reserved[i].start);
		a = reserved[i].end;
	}
	if (a < b)
		pmm_add_range(node, a, b);
}

int numa_cpu_node(uint32_t apic_id)
{
	int node = numa.has_srat ? acpi_cpu_node(&acpi_info, apic_id, lapic_id()) : 0;

	return node >= 0 && node < numa.nnodes ? node : 0;
}

static int mem_node(const struct acpi_mem_range *m)
{
	return m->node >= 0 && m->node < numa.nnodes ? m->node : -1;
}

int numa_addr_in_node(int node, uint64_t addr, uint64_t len)
{
	int i;

	if (!numa.has_srat) {
		for (i = 0; i < boot_info.nmmap; i++) {
			const struct mem_region *r = &boot_info.mmap[i];

			if (node == 0 && r->type == MEM_USABLE && addr >= r->base &&
			    addr + len <= r->base + r->len)
				return 1;
		}
		return 0;
	}
	for (i = 0; i < acpi_info.nmem; i++) {
		const struct acpi_mem_range *m = &acpi_info.mem[i];

		if (mem_node(m) == node && addr >= m->base &&
		    addr + len <= m->base + m->len)
			return 1;
	}
	return 0;
}

static void find_nodes(void)
{
	uint64_t lo[MAX_NODES], hi[MAX_NODES];
	int i, j;

	for (i = 0; i < MAX_NODES; i++) {
		lo[i] = ~0ull;
		hi[i] = 0;
	}
	/* Node numbers and distances are acpi.c's (one node without an
	 * SRAT), so acpitopo reports the same ones. */
	numa.has_srat = acpi_info.has_srat;
	numa.nnodes = numa.has_srat ? acpi_info.nnodes : 1;
	if (numa.has_srat) {
		for (i = 0; i < acpi_info.nmem; i++) {
			const struct acpi_mem_range *m = &acpi_info.mem[i];
			int n = mem_node(m);

			if (n < 0 || !m->len)
				continue;
			if (m->base < lo[n])
				lo[n] = m->base;
			if (m->base + m->len > hi[n])
				hi[n] = m->base + m->len;
		}
	} else {
		/* The span is the RAM the node holds, as an SRAT's ranges
		 * would give it: the firmware's ACPI tables and NVS are RAM
		 * (OVMF keeps them at the top of it), a reserved region may
		 * be a device's. */
		for (i = 0; i < boot_info.nmmap; i++) {
			const struct mem_region *r = &boot_info.mmap[i];

			if (r->type != MEM_USABLE && r->type != MEM_ACPI_RECLAIM &&
			    r->type != MEM_ACPI_NVS)
				continue;
			if (r->base < lo[0])
				lo[0] = r->base;
			if (r->base + r->len > hi[0])
				hi[0] = r->base + r->len;
		}
	}
	for (i = 0; i < numa.nnodes; i++)
		numa.node_mem_mb[i] = hi[i] > lo[i] ?
			(uint32_t)((hi[i] - lo[i] + (1u << 19)) >> 20) : 0;

	for (i = 0; i < MAX_NODES; i++)
		for (j = 0; j < MAX_NODES; j++)
			numa.distance[i][j] = numa.has_srat ? acpi_info.distance[i][j] :
				i == j ? LOCAL_DISTANCE : REMOTE_DISTANCE;
}

/* [a, b) of usable memory the kernel maps: each piece to its node. */
static void give_range(const struct span *srat, int nsrat, uint64_t a,
		       uint64_t b)
{
	uint64_t cur;
	int k;

	if (!numa.has_srat) {
		add_free(0, a, b);
		return;
	}
	/* Pieces inside SRAT ranges go to their node, gaps to node 0. */
	cur = a;
	for (k = 0; k < nsrat && cur < b; k++) {
		uint64_t s = srat[k].start, e = srat[k].end;

		if (e <= cur || s >= b)
			continue;
		if (s > cur) {
			printk("numa: [0x%llx-0x%llx) is in no SRAT range; node 0 takes it\n",
			       (unsigned long long)cur, (unsigned long long)s);
			add_free(0, cur, s);
		}
		add_free(srat[k].node, s > cur ? s : cur, e < b ? e : b);
		cur = e;
	}
	if (cur < b) {
		if (cur >= LOW_MEMORY_END)
			printk("numa: [0x%llx-0x%llx) is in no SRAT range; node 0 takes it\n",
			       (unsigned long long)cur, (unsigned long long)b);
		add_free(0, cur, b);
	}
}

static uint64_t overlap(uint64_t a, uint64_t b, uint64_t s, uint64_t e)
{
	uint64_t lo = a > s ? a : s, hi = b < e ? b : e;

	return hi > lo ? hi - lo : 0;
}

/*
 * Usable memory the kernel maps (paging.h: below 4 GiB, outside user
 * space), each piece to its node; one line for what is left unused.
 */
static void give_memory(void)
{
	struct span srat[ACPI_MAX_MEM];
	uint64_t in_hole = 0, above_4g = 0;
	int nsrat = 0, i, k;

	for (k = 0; numa.has_srat && k < acpi_info.nmem; k++) {
		const struct acpi_mem_range *m = &acpi_info.mem[k];

		if (mem_node(m) >= 0 && m->len) {
			srat[nsrat].start = m->base;
			srat[nsrat].end = m->base + m->len;
			srat[nsrat].node = mem_node(m);
			nsrat++;
		}
	}
	sort_spans(srat, nsrat);

	for (i = 0; i < boot_info.nmmap; i++) {
		const struct mem_region *r = &boot_info.mmap[i];
		uint64_t a = r->base, b = r->base + r->len;

		if (r->type != MEM_USABLE)
			continue;
		in_hole += overlap(a, b, PAGING_HOLE_START, PAGING_HOLE_END);
		above_4g += overlap(a, b, FOUR_GIB, ~0ull);
		if (b > FOUR_GIB)
			b = FOUR_GIB;
		if (a < PAGING_HOLE_START)
			give_range(srat, nsrat, a, b < PAGING_HOLE_START ?
				   b : PAGING_HOLE_START);
		if (b > PAGING_HOLE_END)
			give_range(srat, nsrat, a > PAGING_HOLE_END ? a :
				   PAGING_HOLE_END, b);
	}
	if (in_hole || above_4g)
		printk("numa: %llu MiB of RAM unused: %llu MiB in user space "
		       "[0x%x-0x%x), which the kernel does not map, %llu MiB "
		       "above 4 GiB (no PAE)\n",
		       (unsigned long long)((in_hole + above_4g) >> 20),
		       (unsigned long long)(in_hole >> 20), PAGING_HOLE_START,
		       PAGING_HOLE_END, (unsigned long long)(above_4g >> 20));
}

void numa_init(void)
{
	int i;

	find_nodes();
	if (!numa.has_srat)
		printk("numa: no SRAT; one node holds all memory\n");
	else
		printk("numa: %d nodes from the SRAT; distances from %s\n", numa.nnodes,
		       acpi_info.has_slit ? "the SLIT" : "no SLIT (10 local, 20 remote)");

	reserve(0, LOW_MEMORY_END);
	reserve((uintptr_t)_kernel_start, (uintptr_t)_kernel_end);
	for (i = 0; i < boot_info.nmodules; i++)
		reserve(boot_info.modules[i].start, boot_info.modules[i].end);
	sort_spans(reserved, nreserved);

	pmm_init(numa.nnodes, (const uint8_t (*)[MAX_NODES])numa.distance);
	give_memory();
	for (i = 0; i < numa.nnodes; i++)
		printk("numa: node %d: span %u MiB, %u MiB managed\n", i,
		       numa.node_mem_mb[i], pmm_total_pages(i) >> (20 - PAGE_SHIFT));
	pmm_print();
}
