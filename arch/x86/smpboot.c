/*
 * smpboot.c - start the application processors (APs).
 *
 * The universal start-up algorithm of the MP specification v1.4 (appendix
 * B.4): INIT, wait 10 ms, STARTUP IPI (SIPI) with the trampoline's page,
 * wait 200 us, a second SIPI. The AP wakes in real mode at the trampoline
 * (boot/trampoline.asm), switches to protected mode with paging, takes the
 * stack we left for its APIC ID in ap_stack_top[] and calls ap_main().
 *
 * Two ways to run it (smp= on the command line):
 *   serial:   one AP at a time, each waited for before the next;
 *   parallel: INIT to every AP, one 10 ms wait, SIPIs to every AP, then one
 *             wait for all. Safe because the trampoline writes nothing
 *             shared and each AP finds its stack by its own APIC ID.
 *
 * Each AP is a "slot" (the boot CPU is slot 0, then enabled MADT entries in
 * table order). Logical CPU numbers are given only at the end, to the slots
 * that answered, in slot order, so an AP that did not answer leaves no hole.
 * An AP that answers after its deadline finds its slot abandoned and halts.
 */
#include "smp.h"
#include "acpi_boot.h"
#include "cmdline.h"
#include "cpu.h"
#include "cputopo.h"
#include "gdt.h"
#include "lapic.h"
#include "numa.h"
#include "paging.h"
#include "panic.h"
#include "pmm.h"
#include "printk.h"
#include "string.h"
#include "sysenter.h"
#include "timer.h"
#include "trap.h"

/* Where the trampoline runs: below 1 MiB (a SIPI vector is a page number
 * 0x00-0xff) and above the real-mode IVT/BDA; boot/trampoline.asm too. */
#define TRAMPOLINE_BASE		0x8000

/* MP spec v1.4, B.4: the waits of the universal start-up algorithm. */
#define INIT_DELAY_US		10000
#define SIPI_DELAY_US		200

/*
 * How long an AP may take after its last SIPI to reach ap_main() before it
 * is left out: 1 s. The MP spec gives no number; Linux 6.1 (do_boot_cpu)
 * waits up to 10 s. On hardware an AP arrives within microseconds. Under
 * QEMU TCG on 2 shared host cores (load ~4) the slowest AP arrived 0.6-17 ms
 * after its first SIPI (8 and 64 CPUs, serial and parallel), but a vCPU
 * thread of a loaded host can wait over 100 ms for a CPU, and leaving out a live CPU is worse than
 * a dead CPU costing a second of boot time.
 */
#define AP_BOOT_TIMEOUT_US	1000000

/* 16 KiB kernel stacks (4 pages), like the boot CPU's (multiboot.asm). */
#define AP_STACK_ORDER		2

/* Which way is faster was measured (see the report of the boot work):
 * parallel on every shape. */
#define SMP_DEFAULT_MODE	SMP_MODE_PARALLEL

enum slot_state {
	SLOT_STARTING,		/* SIPIs sent or about to be */
	SLOT_ARRIVED,		/* the AP reached ap_main() in time */
	SLOT_ABANDONED,		/* the deadline passed first */
};

struct slot {
	uint32_t apic_id;
	volatile int state;
	uint64_t sipi_us;	/* time_us() at its first SIPI */
	uint64_t arrived_us;	/* time_us() when it reached ap_main() */
	struct cpu_ids ids;	/* written by the AP itself */
};

static struct slot slots[NR_CPUS];
static int nslots;
static struct percpu percpu_slots[NR_CPUS];
static volatile int cpus_started = 1;

extern struct percpu *percpu_by_cpu[NR_CPUS];		/* smp.c */
extern const char trampoline_start[], trampoline_end[];	/* kernel.ld */
extern struct gdt_ptr trampoline_gdtr;			/* trampoline.asm */
extern uint32_t trampoline_cr3;
extern char boot_stack_bottom[], boot_stack_top[];	/* multiboot.asm */

/* The stack of the AP with each (8-bit xAPIC) ID; read by the trampoline. */
uintptr_t ap_stack_top[256];

int smp_cpus_started(void)
{
	return cpus_started;
}

const struct cpu_ids *smp_cpu_ids(int cpu)
{
	struct percpu *pc = cpu_data(cpu);

	return pc ? &slots[pc->slot].ids : 0;
}

void smp_prepare_boot_cpu(void)
{
	struct percpu *pc = &percpu_slots[0];

	pc->self = pc;
	pc->cpu = 0;
	pc->slot = 0;
	pc->stack_base = (uintptr_t)boot_stack_bottom;
	pc->stack_top = (uintptr_t)boot_stack_top;
	*(uint32_t *)pc->stack_base = STACK_END_MAGIC;
	gdt_init();
	gdt_setup_cpu(pc, 0);
	gdt_load_cpu(0);
	percpu_by_cpu[0] = pc;
	cpu_online_mask = cpumask_of(0);
}

/* Wait until every slot in [first, last] has left SLOT_STARTING or the
 * deadline passes, halting between timer ticks so the APs' host threads
 * get the host CPU instead of our spinning. */
static void wait_for_slots(int first, int last, uint64_t deadline)
{
	int s = first;

	while (s <= last) {
		if (slots[s].state != SLOT_STARTING) {
			s++;
			continue;
		}
		if (timer_expired(deadline))
			break;
		sti_hlt();
	}
	/* Whoever is still starting is too late. The AP may arrive at this
	 * very moment: one compare-and-swap decides. */
	for (s = first; s <= last; s++) {
		int expect = SLOT_STARTING;

		if (__atomic_compare_exchange_n(&slots[s].state, &expect,
						SLOT_ABANDONED, 0, __ATOMIC_SEQ_CST,
						__ATOMIC_SEQ_CST))
			printk("smp: CPU %d (APIC 0x%x) did not answer; left out\n",
			       s, slots[s].apic_id);
	}
}

/* Sleep (not spin) for at least us: the timer wakes us every tick. */
static void wait_us(uint32_t us)
{
	uint64_t deadline = timer_deadline_us(us);

	while (!timer_expired(deadline))
		sti_hlt();
}

static void start_serial(void)
{
	int s;

	for (s = 1; s < nslots; s++) {
		lapic_send_init(slots[s].apic_id);
		wait_us(INIT_DELAY_US);
		slots[s].sipi_us = time_us();
		lapic_send_sipi(slots[s].apic_id, TRAMPOLINE_BASE >> 12);
		udelay(SIPI_DELAY_US);
		lapic_send_sipi(slots[s].apic_id, TRAMPOLINE_BASE >> 12);
		wait_for_slots(s, s, timer_deadline_us(AP_BOOT_TIMEOUT_US));
	}
}

static void start_parallel(void)
{
	int s;

	for (s = 1; s < nslots; s++)
		lapic_send_init(slots[s].apic_id);
	wait_us(INIT_DELAY_US);
	for (s = 1; s < nslots; s++) {
		slots[s].sipi_us = time_us();
		lapic_send_sipi(slots[s].apic_id, TRAMPOLINE_BASE >> 12);
	}
	udelay(SIPI_DELAY_US);
	for (s = 1; s < nslots; s++)
		lapic_send_sipi(slots[s].apic_id, TRAMPOLINE_BASE >> 12);
	wait_for_slots(1, nslots - 1, timer_deadline_us(AP_BOOT_TIMEOUT_US));
}

/* The boot CPU's slot 0, then enabled MADT entries in table order. */
static void find_slots(void)
{
	uint32_t bsp = lapic_id();
	int i, limit = boot_opts.maxcpus ? boot_opts.maxcpus : NR_CPUS, seen_bsp = 0;

	slots[0].apic_id = bsp;
	slots[0].state = SLOT_ARRIVED;
	nslots = 1;
	for (i = 0; i < acpi_info.ncpus; i++) {
		const struct acpi_cpu *c = &acpi_info.cpus[i];

		if (c->apic_id == bsp) {
			seen_bsp = 1;
			continue;
		}
		if (!c->enabled)
			continue;
		if (c->apic_id > 0xfe) {
			printk("smp: APIC ID 0x%x needs x2APIC mode, which this kernel "
			       "does not use; left out\n", c->apic_id);
			continue;
		}
		if (nslots >= limit) {
			printk("smp: maxcpus=%d: APIC 0x%x and later not started\n",
			       limit, c->apic_id);
			break;
		}
		slots[nslots].apic_id = c->apic_id;
		slots[nslots].state = SLOT_STARTING;
		nslots++;
	}
	if (!seen_bsp)
		printk("smp: the boot CPU (APIC 0x%x) is not in the MADT\n", bsp);
}

/* Stack, per-CPU data and GDT entries of slot s, on the AP's own node. */
static int prepare_slot(int s)
{
	struct percpu *pc = &percpu_slots[s];
	int node = numa_cpu_node(slots[s].apic_id);
	char *stack = alloc_pages(node, AP_STACK_ORDER);

	if (!stack) {
		printk("smp: no memory for the stack of APIC 0x%x; left out\n",
		       slots[s].apic_id);
		return -1;
	}
	memset(pc, 0, sizeof(*pc));
	pc->self = pc;
	pc->cpu = s;		/* provisional: numbered after bring-up */
	pc->slot = s;
	pc->apic_id = slots[s].apic_id;
	pc->node = node;
	pc->stack_base = (uintptr_t)stack;
	pc->stack_top = (uintptr_t)stack + (PAGE_SIZE << AP_STACK_ORDER);
	*(uint32_t *)pc->stack_base = STACK_END_MAGIC;
	gdt_setup_cpu(pc, s);
	ap_stack_top[slots[s].apic_id] = pc->stack_top;
	return 0;
}

static void number_cpus(void)
{
	int s, n = 0;

	for (s = 0; s < nslots; s++) {
		struct percpu *pc = &percpu_slots[s];

		if (slots[s].state != SLOT_ARRIVED)
			continue;
		pc->cpu = n;
		percpu_by_cpu[n] = pc;
		n++;
	}
	/* A plain store of several words may tear, but nobody reads the mask
	 * before smp_boot_aps() returns; the barrier orders it before what
	 * follows. */
	cpu_online_mask = cpus_below(n);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/* Where a started AP comes from the trampoline, on its own stack. */
void ap_main(uint32_t apic_id)
{
	struct percpu *pc;
	int s, expect = SLOT_STARTING;

	for (s = 1; s < nslots && slots[s].apic_id != apic_id; s++)
		;
	if (s == nslots)
		halt_forever();		/* not a CPU we started */
	pc = &percpu_slots[s];
	gdt_load_cpu(s);
	idt_load();
	sysenter_setup_cpu();
	lapic_setup_cpu(acpi_info.lapic_nmi_lint);
	cputopo_detect(&slots[s].ids);
	slots[s].arrived_us = time_us();	/* read once we are ARRIVED */
	if (!__atomic_compare_exchange_n(&slots[s].state, &expect, SLOT_ARRIVED,
					 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST))
		halt_forever();		/* too late: left out */
	__atomic_add_fetch(&cpus_started, 1, __ATOMIC_SEQ_CST);
	pc->apic_id = apic_id;
	timer_start_tick();
	cpu_idle();
}

void smp_boot_aps(int use_madt)
{
	enum smp_mode mode = boot_opts.smp_mode == SMP_MODE_DEFAULT ?
			     SMP_DEFAULT_MODE : boot_opts.smp_mode;
	struct gdt_ptr g = gdt_pointer();
	uint64_t t0;
	int s, keep;

	percpu_slots[0].apic_id = lapic_id();
	percpu_slots[0].node = numa_cpu_node(percpu_slots[0].apic_id);
	cputopo_detect(&slots[0].ids);
	if (use_madt) {
		find_slots();
	} else {
		printk("smp: no usable MADT; running on the boot CPU alone\n");
		slots[0].apic_id = percpu_slots[0].apic_id;
		slots[0].state = SLOT_ARRIVED;
		nslots = 1;
	}

	/* Slots without a stack are dropped, keeping table order. */
	for (s = keep = 1; s < nslots; s++) {
		slots[keep] = slots[s];
		if (prepare_slot(keep) == 0)
			keep++;
	}
	nslots = keep;

	if (nslots > 1) {
		trampoline_gdtr = g;
		trampoline_cr3 = paging_cr3();
		memcpy((void *)TRAMPOLINE_BASE, trampoline_start,
		       trampoline_end - trampoline_start);
		t0 = time_us();
		if (mode == SMP_MODE_SERIAL)
			start_serial();
		else
			start_parallel();
		t0 = time_us() - t0;
	} else {
		t0 = 0;
	}
	number_cpus();
	printk("smp: %d of %d CPUs online in %u ms (%s), %u us after the kernel's entry\n",
	       num_online_cpus(), nslots, (uint32_t)(t0 / 1000),
	       mode == SMP_MODE_SERIAL ? "serial" : "parallel",
	       (uint32_t)time_since_entry_us());
	if (nslots > 1) {
		uint64_t late = 0;

		for (s = 1; s < nslots; s++)
			if (slots[s].state == SLOT_ARRIVED &&
			    slots[s].arrived_us - slots[s].sipi_us > late)
				late = slots[s].arrived_us - slots[s].sipi_us;
		printk("smp: the slowest AP reached the kernel %u us after its first SIPI\n",
		       (uint32_t)late);
	}
}
