/* io.h - x86 port I/O and MMIO accessors. */
#ifndef ARCH_X86_IO_H
#define ARCH_X86_IO_H

#include <stdint.h>

static inline void outb(uint16_t port, uint8_t v)
{
	__asm__ volatile("outb %0, %1" : : "a"(v), "Nd"(port));
}

static inline void outl(uint16_t port, uint32_t v)
{
	__asm__ volatile("outl %0, %1" : : "a"(v), "Nd"(port));
}

static inline uint8_t inb(uint16_t port)
{
	uint8_t v;

	__asm__ volatile("inb %1, %0" : "=a"(v) : "Nd"(port));
	return v;
}

/* A write to an unused port: about 1 us on ISA hardware, for the 8259/PIT. */
static inline void io_delay(void)
{
	outb(0x80, 0);
}

/* A 16-bit read of a fixed low address (BIOS data area). Through asm: GCC
 * takes constant addresses below 4 KiB for NULL plus an offset. */
static inline uint16_t low_read16(uintptr_t addr)
{
	uint16_t v;

	__asm__ volatile("movw (%1), %0" : "=r"(v) : "r"(addr) : "memory");
	return v;
}

static inline uint32_t mmio_read32(uintptr_t addr)
{
	return *(volatile uint32_t *)addr;
}

static inline void mmio_write32(uintptr_t addr, uint32_t v)
{
	*(volatile uint32_t *)addr = v;
}

#endif
