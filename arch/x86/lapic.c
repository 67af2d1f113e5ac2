/*
 * lapic.c - the local APIC in xAPIC mode (Intel SDM vol. 3, chapter 10).
 *
 * Registers are 32 bits at 16-byte strides in one 4 KiB page, normally at
 * 0xFEE00000; the MADT says where. All CPUs see their own LAPIC at the same
 * address, so one mapping serves everyone.
 *
 * Firmware may hand over a CPU in x2APIC mode (IA32_APIC_BASE.EXTD set),
 * where the registers are MSRs and the page is ignored. This kernel leaves
 * that mode on every CPU before touching the LAPIC, the one way the SDM
 * allows (vol. 3, 10.12.5, figure 10-27): x2APIC -> disabled (EN and EXTD
 * cleared together) -> xAPIC (EN set); clearing EXTD alone raises #GP.
 * Disabling resets the LAPIC, which lapic_setup_cpu() programs afterwards
 * anyway. Only a CPU whose firmware locked x2APIC mode on
 * (IA32_XAPIC_DISABLE_STATUS) cannot leave it: the kernel refuses to run
 * there and says why. APIC IDs above 254 need x2APIC mode: smpboot.c
 * leaves those CPUs out, with a message.
 */
#include "lapic.h"
#include "cpu.h"
#include "io.h"
#include "paging.h"
#include "panic.h"
#include "printk.h"
#include "trap.h"

#define LAPIC_ID	0x020
#define LAPIC_VERSION	0x030
#define LAPIC_TPR	0x080
#define LAPIC_EOI	0x0b0
#define LAPIC_SVR	0x0f0
#define LAPIC_ESR	0x280
#define LAPIC_ICR_LO	0x300
#define LAPIC_ICR_HI	0x310
#define LAPIC_LVT_TIMER	0x320
#define LAPIC_LVT_LINT0	0x350
#define LAPIC_LVT_LINT1	0x360
#define LAPIC_LVT_ERROR	0x370
#define LAPIC_TIMER_INIT	0x380
#define LAPIC_TIMER_CUR		0x390
#define LAPIC_TIMER_DIV		0x3e0

#define SVR_ENABLE	0x100
#define LVT_MASKED	0x10000
#define LVT_NMI		0x400		/* delivery mode NMI */
#define LVT_PERIODIC	0x20000
#define TIMER_DIV_16	0x3

#define ICR_FIXED	0x000
#define ICR_NMI		0x400
#define ICR_INIT	0x500
#define ICR_STARTUP	0x600
#define ICR_PENDING	0x1000		/* delivery status: send pending */
#define ICR_ASSERT	0x4000
#define ICR_LEVEL	0x8000
#define ICR_ALL_BUT_SELF 0xc0000

#define APIC_BASE_ENABLE (1u << 11)	/* IA32_APIC_BASE global enable */
#define APIC_BASE_EXTD	(1u << 10)	/* x2APIC mode (boot/trampoline.asm) */

/* IA32_ARCH_CAPABILITIES (present when CPUID.7.0:EDX[29]) bit 21 says
 * IA32_XAPIC_DISABLE_STATUS exists; its bit 0: x2APIC is locked on. */
#define MSR_ARCH_CAPABILITIES		0x10a
#define ARCH_CAP_XAPIC_DISABLE_STATUS	(1ull << 21)
#define MSR_XAPIC_DISABLE_STATUS	0xbd
#define LEGACY_XAPIC_DISABLED		1ull

/* Polls of the delivery status before an IPI is declared stuck. */
#define ICR_SPIN_LIMIT	1000000

static uintptr_t base;

static inline uint32_t rd(uint32_t reg)
{
	return mmio_read32(base + reg);
}

static inline void wr(uint32_t reg, uint32_t v)
{
	mmio_write32(base + reg, v);
}

void lapic_init(uint64_t phys)
{
	if (paging_map_identity(phys, PAGE_SIZE, 1))
		panic("lapic: registers at 0x%llx are above 4 GiB",
		      (unsigned long long)phys);
	base = (uintptr_t)phys;
}

int lapic_ready(void)
{
	return base != 0;
}

uintptr_t lapic_mmio_base(void)
{
	return base;
}

static int x2apic_locked(void)
{
	if (cpuid(0, 0).eax < 7 || !(cpuid(7, 0).edx & (1u << 29)))
		return 0;
	if (!(rdmsr(MSR_ARCH_CAPABILITIES) & ARCH_CAP_XAPIC_DISABLE_STATUS))
		return 0;
	return !!(rdmsr(MSR_XAPIC_DISABLE_STATUS) & LEGACY_XAPIC_DISABLED);
}

/* Take this CPU out of x2APIC mode if firmware left it there (see the top
 * of this file). Returns 1 when it did. */
static int leave_x2apic(void)
{
	uint64_t v = rdmsr(MSR_APIC_BASE);

	if (!(v & APIC_BASE_EXTD))
		return 0;
	if (x2apic_locked())
		panic("lapic: the firmware locked this CPU's local APIC in x2APIC mode "
		      "(IA32_XAPIC_DISABLE_STATUS); this kernel drives the LAPIC in "
		      "xAPIC mode only");
	wrmsr(MSR_APIC_BASE, v & ~(uint64_t)(APIC_BASE_ENABLE | APIC_BASE_EXTD));
	wrmsr(MSR_APIC_BASE, (v & ~(uint64_t)APIC_BASE_EXTD) | APIC_BASE_ENABLE);
	if (rdmsr(MSR_APIC_BASE) & APIC_BASE_EXTD)
		panic("lapic: this CPU's local APIC stays in x2APIC mode; this kernel "
		      "drives it in xAPIC mode only");
	return 1;
}

void lapic_setup_cpu(int nmi_lint)
{
	int left_x2apic = leave_x2apic();

	/* The global enable in the MSR, at the address the MADT gave. */
	wrmsr(MSR_APIC_BASE, (rdmsr(MSR_APIC_BASE) & 0xfff) | APIC_BASE_ENABLE |
	      (uint32_t)base);
	if (left_x2apic)
		printk("lapic: APIC 0x%x: the firmware left x2APIC mode on; now in "
		       "xAPIC mode\n", lapic_id());
	wr(LAPIC_SVR, SVR_ENABLE | VEC_SPURIOUS);
	wr(LAPIC_TPR, 0);		/* accept every priority */
	/* No 8259 in virtual-wire mode: LINT0 is unused. */
	wr(LAPIC_LVT_LINT0, LVT_MASKED);
	wr(LAPIC_LVT_LINT1, nmi_lint == 1 ? LVT_NMI : LVT_MASKED);
	if (nmi_lint == 0)
		wr(LAPIC_LVT_LINT0, LVT_NMI);
	wr(LAPIC_LVT_TIMER, LVT_MASKED);
	wr(LAPIC_LVT_ERROR, VEC_LAPIC_ERROR);
	/* The ESR latches on a write; two writes clear it (SDM 10.5.3). */
	wr(LAPIC_ESR, 0);
	wr(LAPIC_ESR, 0);
	lapic_eoi();
}

uint32_t lapic_id(void)
{
	return rd(LAPIC_ID) >> 24;
}

void lapic_write_id(uint32_t id)
{
	wr(LAPIC_ID, id << 24);
}

void lapic_eoi(void)
{
	wr(LAPIC_EOI, 0);
}

static void wait_idle(void)
{
	int n = ICR_SPIN_LIMIT;

	while ((rd(LAPIC_ICR_LO) & ICR_PENDING) && --n)
		cpu_relax();
}

/* Interrupts stay off between the two ICR writes: a handler sending its own
 * IPI in between would send ours to its destination. */
static void send(uint32_t dest, uint32_t lo)
{
	uint32_t flags = irq_save();

	wait_idle();
	wr(LAPIC_ICR_HI, dest << 24);
	wr(LAPIC_ICR_LO, lo);
	wait_idle();
	irq_restore(flags);
}

void lapic_send_ipi(uint32_t dest, int vector)
{
	send(dest, ICR_FIXED | ICR_ASSERT | (uint32_t)vector);
}

void lapic_send_nmi_allbutself(void)
{
	send(0, ICR_ALL_BUT_SELF | ICR_NMI | ICR_ASSERT);
}

void lapic_send_init(uint32_t dest)
{
	send(dest, ICR_INIT | ICR_LEVEL | ICR_ASSERT);
}

void lapic_send_sipi(uint32_t dest, uint32_t page)
{
	send(dest, ICR_STARTUP | ICR_ASSERT | (page & 0xff));
}

void lapic_timer_oneshot_max(void)
{
	wr(LAPIC_TIMER_DIV, TIMER_DIV_16);
	wr(LAPIC_LVT_TIMER, LVT_MASKED);
	wr(LAPIC_TIMER_INIT, 0xffffffff);
}

uint32_t lapic_timer_current(void)
{
	return rd(LAPIC_TIMER_CUR);
}

void lapic_timer_periodic(uint32_t count, int vector)
{
	wr(LAPIC_TIMER_DIV, TIMER_DIV_16);
	wr(LAPIC_LVT_TIMER, LVT_PERIODIC | (uint32_t)vector);
	wr(LAPIC_TIMER_INIT, count);
}
