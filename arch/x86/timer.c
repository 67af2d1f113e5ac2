/*
 * timer.c - TSC and LAPIC timer calibration, and the periodic tick.
 *
 * The PIT runs at a known 1.193182 MHz, so it measures the other two: we
 * let PIT channel 2 count down CALIBRATE_MS with its gate (port 0x61) and
 * read the TSC and the LAPIC timer's count at both ends. Linux does the same
 * (pit_calibrate_tsc, calibrate_APIC_clock). Under QEMU all three follow the
 * host clock, so one short window is as good as a long one.
 */
#include "timer.h"
#include "cpu.h"
#include "io.h"
#include "lapic.h"
#include "panic.h"
#include "percpu.h"
#include "printk.h"
#include "trap.h"
#include "params.h"

#define PIT_HZ		1193182u	/* PIT input clock (8254 datasheet) */
#define PIT_CH2		0x42
#define PIT_CMD		0x43
#define PIT_GATE_PORT	0x61		/* bit 0 gate 2, bit 1 speaker, bit 5 OUT2 */
#define PIT_CH2_MODE0	0xb0		/* channel 2, lo/hi byte, mode 0, binary */

/* Calibration window: 20 ms, long enough for 0.1% accuracy from the PIT's
 * reads, short enough not to slow the boot. */
#define CALIBRATE_MS	20

/* Before calibration, delays assume this TSC rate; a high guess makes them
 * longer than asked, never shorter. */
#define TSC_KHZ_GUESS	4000000

static uint32_t tsc_khz_cal;
static uint32_t lapic_counts_per_tick;
static uint64_t tsc_at_boot;
static tick_hook_t tick_hook;

uint32_t tsc_khz(void)
{
	return tsc_khz_cal;
}

static uint32_t khz(void)
{
	return tsc_khz_cal ? tsc_khz_cal : TSC_KHZ_GUESS;
}

uint64_t time_us(void)
{
	return (rdtsc() - tsc_at_boot) * 1000 / khz();
}

uint64_t timer_deadline_us(uint32_t us)
{
	return rdtsc() + (uint64_t)us * khz() / 1000;
}

int timer_expired(uint64_t deadline)
{
	return (int64_t)(rdtsc() - deadline) >= 0;
}

void udelay(uint32_t us)
{
	uint64_t end = timer_deadline_us(us);

	while (!timer_expired(end))
		cpu_relax();
}

void mdelay(uint32_t ms)
{
	while (ms--)
		udelay(1000);
}

void timer_set_tick_hook(tick_hook_t fn)
{
	__atomic_store_n(&tick_hook, fn, __ATOMIC_RELEASE);
}

static void timer_interrupt(struct trap_frame *f)
{
	tick_hook_t fn = __atomic_load_n(&tick_hook, __ATOMIC_ACQUIRE);

	this_cpu()->ticks++;
	if (fn)
		fn((f->cs & 3) == 3);
}

void timer_calibrate(void)
{
	uint32_t latch = PIT_HZ * CALIBRATE_MS / 1000;
	uint64_t t0, t1;
	uint32_t l0, l1, flags;
	uint8_t gate;
	long spins = 0;

	flags = irq_save();
	/* Gate 2 on, speaker off; program channel 2 to count `latch` down. */
	gate = inb(PIT_GATE_PORT);
	outb(PIT_GATE_PORT, (gate & ~0x02) | 0x01);
	outb(PIT_CMD, PIT_CH2_MODE0);
	outb(PIT_CH2, latch & 0xff);
	outb(PIT_CH2, latch >> 8);

	lapic_timer_oneshot_max();
	t0 = rdtsc();
	l0 = lapic_timer_current();
	/* OUT2 goes high when the count reaches zero. */
	while (!(inb(PIT_GATE_PORT) & 0x20)) {
		if (++spins > 100000000)
			panic("timer: PIT channel 2 never finished counting");
	}
	t1 = rdtsc();
	l1 = lapic_timer_current();
	outb(PIT_GATE_PORT, gate);
	irq_restore(flags);

	tsc_khz_cal = (uint32_t)((t1 - t0) / CALIBRATE_MS);
	lapic_counts_per_tick = (uint32_t)((uint64_t)(l0 - l1) * 1000 /
					   CALIBRATE_MS / HZ);
	tsc_at_boot = t0;
	if (!tsc_khz_cal || !lapic_counts_per_tick)
		panic("timer: calibration failed (TSC %u kHz, LAPIC %u per tick)",
		      tsc_khz_cal, lapic_counts_per_tick);
	/* The divider is 16: the bus clock is 16 times the count rate. */
	printk("timer: LAPIC bus clock %u kHz; %u counts (divide 16) per tick at HZ=%d\n",
	       (uint32_t)((uint64_t)(l0 - l1) * 16 / CALIBRATE_MS),
	       lapic_counts_per_tick, HZ);
	printk("timer: TSC %u.%03u MHz\n", tsc_khz_cal / 1000, tsc_khz_cal % 1000);
	irq_register(VEC_TIMER, timer_interrupt);
}

void timer_start_tick(void)
{
	lapic_timer_periodic(lapic_counts_per_tick, VEC_TIMER);
}
