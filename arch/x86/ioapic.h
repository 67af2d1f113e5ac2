/*
 * ioapic.h - the I/O APICs (device interrupts) and the legacy 8259 PICs
 * they replace.
 */
#ifndef ARCH_X86_IOAPIC_H
#define ARCH_X86_IOAPIC_H

#include <stdint.h>
#include "acpi.h"

/* Remap the 8259s away from the exception vectors and mask them all. */
void pic_disable(void);

/* Map every I/O APIC of the MADT, mask all its pins, keep the ISA
 * interrupt source overrides for ioapic_route_isa(). */
void ioapic_init(const struct acpi_info *info);

/* Deliver ISA IRQ irq as `vector` to the CPU with APIC ID dest, with the
 * GSI, polarity and trigger the overrides give. Returns 0, or -1 when no
 * I/O APIC has that GSI. */
int ioapic_route_isa(int irq, int vector, uint32_t dest);

#endif
