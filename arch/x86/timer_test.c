/* timer_test.c - in-kernel tests of the periodic tick. */
#include "cpu.h"
#include "ktest.h"
#include "params.h"
#include "printk.h"
#include "percpu.h"
#include "smp.h"
#include "timer.h"

/* Every CPU must tick within this: 50 ms is 50 periods at HZ=1000. */
#define TICKING_WINDOW_US	50000
/*
 * lapic_timer_hz counts ticks over 100 ms windows and accepts HZ +- 10%.
 * Under QEMU a tick is lost whenever the host runs neither QEMU's timer
 * thread nor the vCPU within a period (the LAPIC then merges two
 * interrupts); on a loaded 2-core host we measured windows that lost 10-40%.
 * A lost tick only ever lowers the count, while a wrongly programmed timer
 * is off in every window, so the test passes on the first good window of
 * up to HZ_TRIES.
 */
#define HZ_WINDOW_US		100000
#define HZ_TOLERANCE_PCT	10
#define HZ_TRIES		8

/* Sleep on this CPU until the deadline (the tick wakes us). */
static void sleep_until(uint64_t deadline)
{
	while (!timer_expired(deadline))
		sti_hlt();
}

/*
 * all_cpus_ticking: every online CPU's tick count goes up within 50 ms,
 * so every CPU has its LAPIC timer running and takes its interrupts.
 */
KTEST(all_cpus_ticking)
{
	uint32_t before[NR_CPUS];
	cpumask_t waiting = cpu_online_mask;
	uint64_t deadline;
	int cpu;

	for_each_cpu_mask(cpu, waiting)
		before[cpu] = cpu_data(cpu)->ticks;
	deadline = timer_deadline_us(TICKING_WINDOW_US);
	while (waiting && !timer_expired(deadline)) {
		sti_hlt();
		for_each_cpu_mask(cpu, waiting)
			if (cpu_data(cpu)->ticks != before[cpu])
				waiting &= ~cpumask_of(cpu);
	}
	if (waiting) {
		char list[128];

		cpulist_format(list, sizeof(list), waiting);
		return ktest_fail(t, "CPUs %s did not tick in %d ms", list,
				  TICKING_WINDOW_US / 1000);
	}
	return 0;
}

/*
 * lapic_timer_hz: the ticks counted on this CPU over 100 ms of TSC time
 * match HZ within 10% (in one of HZ_TRIES windows), so the LAPIC timer's
 * calibration against the PIT and its periodic programming are right.
 */
KTEST(lapic_timer_hz)
{
	char seen[HZ_TRIES * 8];
	int i, len = 0;

	for (i = 0; i < HZ_TRIES; i++) {
		uint32_t t0, t1, hz;
		uint64_t us0, us1;

		t0 = this_cpu()->ticks;
		us0 = time_us();
		sleep_until(timer_deadline_us(HZ_WINDOW_US));
		t1 = this_cpu()->ticks;
		us1 = time_us();
		hz = (uint32_t)((uint64_t)(t1 - t0) * 1000000 / (us1 - us0));
		if (hz * 100 >= HZ * (100 - HZ_TOLERANCE_PCT) &&
		    hz * 100 <= HZ * (100 + HZ_TOLERANCE_PCT))
			return 0;
		len += snprintf(seen + len, sizeof(seen) - len, " %u", hz);
	}
	return ktest_fail(t, "tick rates (Hz) in %d windows of %d ms:%s; HZ is %d",
			  HZ_TRIES, HZ_WINDOW_US / 1000, seen, HZ);
}
