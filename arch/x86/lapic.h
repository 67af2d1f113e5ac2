/*
 * lapic.h - the local APIC of each CPU (xAPIC, memory-mapped): its ID,
 * end of interrupt, inter-processor interrupts, and its timer.
 */
#ifndef ARCH_X86_LAPIC_H
#define ARCH_X86_LAPIC_H

#include <stdint.h>

/* Record the register address (MADT) and map it. Boot CPU, once. */
void lapic_init(uint64_t phys);

/* Has lapic_init() run (panic asks before sending NMIs). */
int lapic_ready(void);
/* The registers' address (identity mapped): for the AP trampoline. */
uintptr_t lapic_mmio_base(void);

/* Switch this CPU's LAPIC on, in xAPIC mode (leaving the x2APIC mode
 * firmware may have left on): spurious vector, LINT pins, error vector.
 * nmi_lint is the LINT pin wired to NMI (MADT type 4), or -1. */
void lapic_setup_cpu(int nmi_lint);

uint32_t lapic_id(void);
/* Write this CPU's ID register (only to play firmware in a test). */
void lapic_write_id(uint32_t id);
void lapic_eoi(void);

/* Fixed-delivery interrupt `vector` to the CPU with APIC ID dest. */
void lapic_send_ipi(uint32_t dest, int vector);
/* An NMI to every CPU but this one (panic). */
void lapic_send_nmi_allbutself(void);
/* The start-up sequence (MP spec B.4): INIT, then SIPIs at 4 KiB page. */
void lapic_send_init(uint32_t dest);
void lapic_send_sipi(uint32_t dest, uint32_t page);

/* Timer: one-shot from the largest count (for calibration), its current
 * count, and periodic mode with `count` per period. Divide by 16. */
void lapic_timer_oneshot_max(void);
uint32_t lapic_timer_current(void);
void lapic_timer_periodic(uint32_t count, int vector);

#endif
