/*
 * ioapic.c - I/O APICs (Intel 82093AA datasheet): an index/data register
 * pair in MMIO, a redirection entry of 64 bits per input pin (GSI).
 *
 * Nothing is routed at boot (the kernel polls the serial port); every pin is
 * masked so a device cannot interrupt us with a vector we do not handle.
 * Later drivers call ioapic_route_isa().
 */
#include "ioapic.h"
#include "io.h"
#include "paging.h"
#include "printk.h"
#include "spinlock.h"

#define IOREGSEL	0x00
#define IOWIN		0x10
#define IOAPIC_VER	0x01
#define IOAPIC_REDTBL(n) (0x10 + 2 * (n))

#define RTE_MASKED	(1u << 16)
#define RTE_LEVEL	(1u << 15)
#define RTE_ACTIVE_LOW	(1u << 13)

/* MPS INTI flags of an interrupt source override (ACPI 6.4, table 5.50). */
#define INTI_POLARITY_MASK	0x3
#define INTI_ACTIVE_LOW		0x3
#define INTI_TRIGGER_MASK	0xc
#define INTI_LEVEL		0xc

struct ioapic {
	uintptr_t base;
	uint32_t gsi_base;
	int npins;
};

static struct ioapic ioapics[ACPI_MAX_IOAPICS];
static int nioapics;
static struct acpi_iso isos[ACPI_MAX_ISOS];
static int nisos;
/* The index register makes every access two writes: one lock for all. */
static struct spinlock ioapic_lock = SPINLOCK_INIT("ioapic");

static uint32_t ioapic_read(const struct ioapic *io, uint32_t reg)
{
	mmio_write32(io->base + IOREGSEL, reg);
	return mmio_read32(io->base + IOWIN);
}

static void ioapic_write(const struct ioapic *io, uint32_t reg, uint32_t v)
{
	mmio_write32(io->base + IOREGSEL, reg);
	mmio_write32(io->base + IOWIN, v);
}

void ioapic_init(const struct acpi_info *info)
{
	int i, pin;

	for (i = 0; i < info->nioapics && i < ACPI_MAX_IOAPICS; i++) {
		struct ioapic *io = &ioapics[nioapics];

		if (paging_map_identity(info->ioapics[i].addr, PAGE_SIZE, 1)) {
			printk("ioapic: id %u at 0x%x cannot be mapped; not used\n",
			       info->ioapics[i].id, info->ioapics[i].addr);
			continue;
		}
		io->base = info->ioapics[i].addr;
		io->gsi_base = info->ioapics[i].gsi_base;
		io->npins = ((ioapic_read(io, IOAPIC_VER) >> 16) & 0xff) + 1;
		for (pin = 0; pin < io->npins; pin++) {
			ioapic_write(io, IOAPIC_REDTBL(pin) + 1, 0);
			ioapic_write(io, IOAPIC_REDTBL(pin), RTE_MASKED);
		}
		printk("ioapic: id %u at 0x%x, GSIs %u-%u, all masked\n",
		       info->ioapics[i].id, info->ioapics[i].addr, io->gsi_base,
		       io->gsi_base + io->npins - 1);
		nioapics++;
	}
	for (i = 0; i < info->nisos && i < ACPI_MAX_ISOS; i++) {
		isos[nisos++] = info->isos[i];
		printk("ioapic: ISA IRQ %u -> GSI %u%s%s\n", info->isos[i].irq,
		       info->isos[i].gsi,
		       (info->isos[i].flags & INTI_POLARITY_MASK) == INTI_ACTIVE_LOW ?
		       ", active low" : "",
		       (info->isos[i].flags & INTI_TRIGGER_MASK) == INTI_LEVEL ?
		       ", level" : "");
	}
}

int ioapic_route_isa(int irq, int vector, uint32_t dest)
{
	uint32_t gsi = (uint32_t)irq, lo = (uint32_t)vector;
	uint32_t flags;
	int i;

	/* ISA defaults: edge triggered, active high, GSI = IRQ. */
	for (i = 0; i < nisos; i++) {
		if (isos[i].irq != irq)
			continue;
		gsi = isos[i].gsi;
		if ((isos[i].flags & INTI_POLARITY_MASK) == INTI_ACTIVE_LOW)
			lo |= RTE_ACTIVE_LOW;
		if ((isos[i].flags & INTI_TRIGGER_MASK) == INTI_LEVEL)
			lo |= RTE_LEVEL;
	}
	for (i = 0; i < nioapics; i++) {
		const struct ioapic *io = &ioapics[i];

		if (gsi < io->gsi_base || gsi >= io->gsi_base + (uint32_t)io->npins)
			continue;
		flags = spin_lock_irqsave(&ioapic_lock);
		ioapic_write(io, IOAPIC_REDTBL(gsi - io->gsi_base) + 1, dest << 24);
		ioapic_write(io, IOAPIC_REDTBL(gsi - io->gsi_base), lo);
		spin_unlock_irqrestore(&ioapic_lock, flags);
		return 0;
	}
	return -1;
}
