/*
 * tsc_sync.c - may the TSC be the clock every CPU compares?
 *
 * jiffies_64(), time_us() and the watchdog (timer.c) compare TSC values
 * read on different CPUs, which is right only when the TSCs run at one
 * constant rate and in step. timer_tsc_check() decides once every CPU is
 * up: all CPUs read their TSC in turn, each read after the last one another
 * CPU published, and a read below it means the TSCs are out of step. The
 * rate must be constant: CPUID 0x80000007:EDX[8] (invariant TSC), or the
 * Intel families Linux 6.1 trusts without it (init_intel: family 15 model
 * 3 up, family 6 model 14 up), or a hypervisor (CPUID.1:ECX[31]), whose TSC
 * is its own clock. QEMU's TCG advertises no invariant TSC yet keeps every
 * vCPU's TSC on the host clock; its qemu64,vendor=GenuineIntel is family
 * 15, model 107. Otherwise, or with tsc=unstable, timer.c switches to the
 * tick clock, with a warning.
 */
#include "timer.h"
#include "cmdline.h"
#include "cpu.h"
#include "printk.h"
#include "smp.h"

/*
 * The check. Each CPU, all at once, TSC_CHECK_ROUNDS times: read tsc_last
 * (the latest value any CPU published), then its own TSC, serialized so
 * the read cannot run early; below tsc_last means the TSCs are out of step
 * (by at least the gap), else publish it. Linux's check_tsc_warp()
 * (arch/x86/kernel/tsc_sync.c) does the same in pairs under a lock; a
 * compare-and-swap needs no lock a preempted vCPU could hold. 64 CPUs
 * under TCG take about 5 ms.
 */
#define TSC_CHECK_ROUNDS	200
#define TSC_CHECK_WAIT_US	2000000	/* for the APs' rounds, on a loaded host */

static volatile uint64_t tsc_last;
static volatile uint64_t tsc_behind;	/* the largest gap seen */
static volatile int tsc_check_go;
static int tsc_check_done;

static uint64_t rdtsc_ordered(void)
{
	cpuid(0, 0);			/* serializing: earlier loads are done */
	return rdtsc();
}

static void tsc_check_rounds(void)
{
	int i;

	for (i = 0; i < TSC_CHECK_ROUNDS; i++) {
		uint64_t prev = read64(&tsc_last);
		uint64_t now = rdtsc_ordered();
		uint64_t gap, worst;

		if (now >= prev) {
			cmpxchg64(&tsc_last, &prev, now);
			continue;
		}
		gap = prev - now;
		worst = read64(&tsc_behind);
		while (gap > worst && !cmpxchg64(&tsc_behind, &worst, gap))
			;
	}
	__atomic_add_fetch(&tsc_check_done, 1, __ATOMIC_RELEASE);
}

void timer_tsc_check_ap(void)
{
	while (!tsc_check_go)
		sti_hlt();
	cli();
	tsc_check_rounds();
}

/* Why the TSC runs at a constant rate, or NULL when nothing says it does. */
static const char *tsc_constant_why(void)
{
	struct cpuid_regs v = cpuid(0, 0), f = cpuid(1, 0);
	uint32_t family = (f.eax >> 8) & 0xf, model = (f.eax >> 4) & 0xf;

	if (cpuid(0x80000000, 0).eax >= 0x80000007 &&
	    (cpuid(0x80000007, 0).edx & (1u << 8)))
		return "invariant";
	if (family == 0xf)
		family += (f.eax >> 20) & 0xff;
	if (family == 0x6 || family == 0xf)
		model |= ((f.eax >> 16) & 0xf) << 4;
	/* "GenuineIntel" */
	if (v.ebx == 0x756e6547 && v.edx == 0x49656e69 && v.ecx == 0x6c65746e &&
	    ((family == 0xf && model >= 0x03) || (family == 0x6 && model >= 0x0e)))
		return "constant (Intel family/model)";
	if (f.ecx & (1u << 31))
		return "the hypervisor's clock";
	return 0;
}

void timer_tsc_check(void)
{
	int others = num_online_cpus() - 1, took_part;
	uint64_t t0 = rdtsc(), deadline = timer_deadline_us(TSC_CHECK_WAIT_US);
	const char *why = tsc_constant_why(), *bad = 0;
	uint32_t flags;

	__atomic_store_n(&tsc_check_go, 1, __ATOMIC_RELEASE);
	flags = irq_save();
	tsc_check_rounds();
	irq_restore(flags);
	while (__atomic_load_n(&tsc_check_done, __ATOMIC_ACQUIRE) < others + 1 &&
	       !timer_expired(deadline))
		sti_hlt();
	took_part = __atomic_load_n(&tsc_check_done, __ATOMIC_ACQUIRE);
	if (boot_opts.tsc_unstable)
		bad = "tsc=unstable on the command line";
	else if (read64(&tsc_behind))
		bad = "the CPUs' TSCs are out of step";
	else if (!why)
		bad = "nothing says the TSC's rate is constant (no invariant TSC, "
		      "CPUID 0x80000007:EDX[8])";
	if (!bad) {
		printk("timer: TSC rate %s, in step on %d of %d CPUs (checked in %u us)\n",
		       why, took_part, others + 1,
		       (uint32_t)((rdtsc() - t0) * 1000 / tsc_khz()));
		return;
	}
	timer_use_tick_clock();
	if (read64(&tsc_behind))
		printk("timer: the largest gap: a TSC read %llu cycles behind "
		       "another CPU's earlier one\n",
		       (unsigned long long)read64(&tsc_behind));
	printk("timer: warning: %s; jiffies and time_us() count timer ticks "
	       "instead\n", bad);
}
