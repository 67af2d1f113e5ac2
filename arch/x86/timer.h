/*
 * timer.h - time: the TSC for timestamps and delays, and the LAPIC timer
 * ticking at HZ on every CPU, both calibrated against the PIT at boot.
 */
#ifndef ARCH_X86_TIMER_H
#define ARCH_X86_TIMER_H

#include <stdint.h>
#include "cpu.h"
#include "params.h"
#include "percpu.h"

/* Calibrate TSC and LAPIC timer against the PIT (boot CPU, interrupts off),
 * print both rates. */
void timer_calibrate(void);

/*
 * Decide whether the TSC can be the clock every CPU compares (tsc_sync.c),
 * else switch jiffies_64() and time_us() to the tick count, with a
 * warning. The boot CPU runs timer_tsc_check() once every CPU is online;
 * each AP runs timer_tsc_check_ap() after starting its tick, which waits
 * for the boot CPU's signal and takes part.
 */
void timer_tsc_check(void);
void timer_tsc_check_ap(void);
/* From now on jiffies_64() and time_us() count ticks (tsc_sync.c; boot
 * CPU, once, every CPU ticking); timer_tick_clock() says whether they do. */
void timer_use_tick_clock(void);
int timer_tick_clock(void);
/* On the tick clock, how far the calling CPU's own ticks have counted, in
 * jiffies: jiffies_64() is never below it, on any CPU. */
uint64_t timer_tick_clock_this_cpu(void);

/* Start this CPU's periodic tick at HZ (every CPU, once). */
void timer_start_tick(void);

/* TSC ticks per microsecond, as calibrated (0 before). */
uint32_t tsc_khz(void);
/* The error bound of that boot calibration, kHz. */
uint32_t tsc_khz_error(void);

/* Note the TSC at the kernel's entry (kmain's first line), and the
 * microseconds since then (after timer_calibrate()): the bring-up time
 * make bench compares with Linux's printk clock. */
void timer_mark_entry(void);
uint64_t time_since_entry_us(void);

/* Microseconds since timer_calibrate(); the same clock on every CPU (the
 * TSC, or the tick count when the TSCs disagree: timer_tsc_check()). */
uint64_t time_us(void);

/* The clock behind jiffies_64(), inline because the scheduler reads it at
 * every schedule() and wakeup: 1 when it counts ticks (timer.c), and each
 * CPU's last jiffy with the TSC where the next begins (0: none yet). */
extern int tick_clock;
struct jiffy_cache {
	uint64_t next_tsc;	/* where the next jiffy begins; 0: empty */
	uint64_t j;
};
extern struct jiffy_cache jiffy_cache[NR_CPUS];

/* jiffies_64() when this CPU's cache has no answer: the division, or the
 * tick clock. */
uint64_t jiffies_64_slow(void);

/*
 * Ticks since boot by the TSC: HZ per second, the same clock on every CPU,
 * never behind because of a timer interrupt QEMU dropped (per-CPU
 * percpu.ticks counts interrupts taken, which can lag). On the tick clock
 * (timer_tsc_check()) the furthest tick count of any CPU, which can lag.
 * What the scheduler's arch_jiffies() should return.
 */
static inline uint64_t jiffies_64(void)
{
	const struct jiffy_cache *c;
	uint64_t j = 0;
	uint32_t flags;
	int hit;

	if (__atomic_load_n(&tick_clock, __ATOMIC_ACQUIRE))
		return jiffies_64_slow();
	flags = irq_save();
	c = &jiffy_cache[smp_processor_id()];
	hit = rdtsc() < c->next_tsc;
	if (hit)
		j = c->j;
	irq_restore(flags);
	return hit ? j : jiffies_64_slow();
}

/* Busy-wait (no sleeping: usable with interrupts off and in panic). */
void udelay(uint32_t us);
void mdelay(uint32_t ms);

/* The TSC rate in kHz measured against the PIT again, as at boot, from the
 * best of several samples; *err_khz is that sample's error bound (wide when
 * the host kept the vCPU waiting). For tests of the calibration. */
uint32_t timer_pit_tsc_khz(uint32_t *err_khz);

/* The tick rate this CPU's LAPIC timer runs at, measured against the TSC
 * from its count register (not from interrupts, which QEMU may drop). */
uint32_t timer_measure_hz(void);

/* A deadline us from now, and whether it has passed: by this CPU's TSC,
 * for this CPU only (a wait with interrupts off works, a deadline handed
 * to another CPU may not: timer_tsc_check()). */
uint64_t timer_deadline_us(uint32_t us);
int timer_expired(uint64_t deadline);

/*
 * A bound for something that must not hang (an in-kernel test): us worth
 * of ticks (HZ a second). When any CPU takes that many of its own timer
 * ticks before timer_watchdog_disarm(), it panics naming `what`, and a
 * panic under ktest leaves QEMU. In ticks, not time: a host that runs a
 * vCPU little delays the test and the count alike.
 */
void timer_watchdog_arm(uint32_t us, const char *what);
void timer_watchdog_disarm(void);

/*
 * The scheduler's hook, called on every CPU from every timer tick, with
 * interrupts off, after this CPU's tick count (percpu.ticks) went up.
 * user is 1 when the tick interrupted user mode. NULL: nothing is called.
 */
typedef void (*tick_hook_t)(int user);
void timer_set_tick_hook(tick_hook_t fn);

#endif
