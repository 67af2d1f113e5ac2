/*
 * timer.c - TSC and LAPIC timer calibration, and the periodic tick.
 *
 * The PIT runs at a known 1.193182 MHz, so it measures the other two: we
 * let PIT channel 2 count down with its gate (port 0x61) on, and read its
 * count, the TSC and the LAPIC timer's count at both ends of a window of
 * CALIBRATE_MS. Linux does much the same (quick_pit_calibrate reads the
 * count, calibrate_APIC_clock). Under QEMU all three follow the host clock,
 * so one short window is as good as a long one, as long as the reads at its
 * ends are not stalled (calibrate_once()).
 *
 * Some boards wire channel 2's gate off (it drives the speaker), and then it
 * never counts. Calibration notices within a bounded wait and takes the TSC
 * rate from CPUID leaf 0x15 (crystal clock and ratio), else leaf 0x16 (the
 * base frequency), and measures the LAPIC timer against the TSC; else it
 * measures both against PIT channel 0 (always gated on), as against
 * channel 2 (its OUT pin read with the read-back command). Channel 0's
 * IRQ 0 goes nowhere: the 8259s are masked, the I/O APIC pin too.
 *
 * The TSC as a shared clock: jiffies_64(), time_us() and the watchdog
 * compare TSC values read on different CPUs. tsc_sync.c decides at boot
 * whether they may; when not, timer_use_tick_clock() makes jiffies and
 * time_us() count timer ticks instead (the furthest any CPU has counted).
 * udelay() and timer_deadline_us() stay on this CPU's TSC, which only needs
 * its own CPU's TSC to run steadily.
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
#include "cmdline.h"
#include "smp.h"
#include "string.h"

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

/* A window may last this many times its length (at the guessed TSC rate,
 * which is high, so the real wait is longer) before the channel is taken
 * not to count (channel 2 with its gate wired off). */
#define PIT_CH2_PATIENCE	10

#define PIT_CH0		0x40
#define PIT_CH0_MODE0	0x30		/* channel 0, lo/hi byte, mode 0, binary */
#define PIT_LATCH_CH0	0x00		/* counter latch command, channel 0 */
#define PIT_LATCH_CH2	0x80		/* counter latch command, channel 2 */
#define PIT_COUNT_MAX	0xffff		/* the count each window starts from */
#define PIT_READBACK_CH0 0xe2		/* read-back: status only, channel 0 */
#define PIT_STATUS_OUT	0x80		/* status byte: the OUT pin */

static uint32_t tsc_khz_cal;
static uint32_t tsc_khz_cal_err;	/* its error bound, kHz */
static uint32_t lapic_counts_per_tick;
static uint64_t tsc_at_boot;
static uint64_t tsc_at_entry;
static tick_hook_t tick_hook;

uint32_t tsc_khz(void)
{
	return tsc_khz_cal;
}

uint32_t tsc_khz_error(void)
{
	return tsc_khz_cal_err;
}

static uint32_t khz(void)
{
	return tsc_khz_cal ? tsc_khz_cal : TSC_KHZ_GUESS;
}

void timer_mark_entry(void)
{
	tsc_at_entry = rdtsc();
}

uint64_t time_since_entry_us(void)
{
	return (rdtsc() - tsc_at_entry) * 1000 / khz();
}

/*
 * The tick clock (see the top): 0 while the TSC is the shared clock. Set
 * once by timer_tsc_check(), before anything but the boot CPU reads the
 * clocks across CPUs. tick_jiffies only grows: every tick of every CPU
 * offers tick_base[cpu] + its tick count and keeps the larger, so one CPU
 * stopped with interrupts off, or ticks QEMU dropped on one CPU, do not
 * stop the clock. 64-bit atomics (cmpxchg8b), no lock.
 */
int tick_clock;
static volatile uint64_t tick_jiffies;
static uint64_t tick_base[NR_CPUS];

static uint64_t tick_jiffies_read(void)
{
	return read64(&tick_jiffies);
}

static void tick_clock_advance(struct percpu *pc)
{
	uint64_t want = tick_base[pc->cpu] + pc->ticks;
	uint64_t cur = tick_jiffies_read();

	while (cur < want && !cmpxchg64(&tick_jiffies, &cur, want))
		;
}

int timer_tick_clock(void)
{
	return __atomic_load_n(&tick_clock, __ATOMIC_ACQUIRE);
}

/* This CPU's tick offers its count to the clock before it returns, so the
 * clock is never behind what this CPU reads here. */
uint64_t timer_tick_clock_this_cpu(void)
{
	struct percpu *pc = this_cpu();

	return tick_base[pc->cpu] + pc->ticks;
}

uint64_t time_us(void)
{
	if (timer_tick_clock())
		return tick_jiffies_read() * (1000000 / HZ);
	return (rdtsc() - tsc_at_boot) * 1000 / khz();
}

/*
 * jiffies_64() from the TSC divides only once a jiffy on each CPU (the
 * scheduler reads it at every switch, and a 64-bit division is a libgcc
 * call on i686): a CPU keeps the last value it computed and the TSC at
 * which the next jiffy begins, and until then answers from them (timer.h,
 * inline). The values are the division's own: jiffy j + 1 begins at the
 * first TSC where (tsc - tsc_at_boot) * HZ >= (j + 1) * khz * 1000. Each
 * CPU's own, read and written with interrupts off; emptied when the
 * calibration changes the rate and the base (before any AP runs).
 */
struct jiffy_cache jiffy_cache[NR_CPUS];

uint64_t jiffies_64_slow(void)
{
	struct jiffy_cache *c;
	uint64_t now, j, per;
	uint32_t flags;

	if (timer_tick_clock())
		return tick_jiffies_read();
	flags = irq_save();
	c = &jiffy_cache[smp_processor_id()];
	now = rdtsc();
	if (now < c->next_tsc) {
		j = c->j;
	} else {
		per = (uint64_t)khz() * 1000;
		j = (now - tsc_at_boot) * HZ / per;
		c->j = j;
		c->next_tsc = tsc_at_boot + ((j + 1) * per + HZ - 1) / HZ;
	}
	irq_restore(flags);
	return j;
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
	uint64_t end = rdtsc() + (uint64_t)us * khz() / 1000;

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

/*
 * The watchdog: 0 when disarmed, else how many of its own ticks a CPU may
 * take after the arm. Counted in each CPU's ticks, not in time: under TCG
 * on a loaded host a vCPU takes a fraction of HZ ticks a second, and a
 * test that waits for the scheduler's ticks takes that much longer in
 * guest time while doing all it should; what tells a hang apart is work
 * the CPUs were given, not time that passed. Every CPU checks at its own
 * ticks, so a CPU stuck with interrupts off is caught by the others.
 * watchdog_seq is a sequence count: odd while the test that arms it (one
 * writer) changes the limit; even, it names the arming, and a CPU that
 * first sees a new one takes its tick count then as its start.
 */
static volatile uint32_t watchdog_seq;
static volatile uint32_t watchdog_ticks;
static const char *volatile watchdog_what;
static uint32_t watchdog_seen[NR_CPUS];	/* the arming each CPU started on */
static uint32_t watchdog_start[NR_CPUS];	/* its tick count then */

static void watchdog_set(uint32_t ticks)
{
	watchdog_seq++;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	watchdog_ticks = ticks;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	watchdog_seq++;
}

void timer_watchdog_arm(uint32_t us, const char *what)
{
	watchdog_what = what;
	watchdog_set((uint32_t)(((uint64_t)us * HZ + 999999) / 1000000) ?: 1);
}

void timer_watchdog_disarm(void)
{
	watchdog_set(0);
}

/* This CPU (pc, interrupts off) has taken the armed number of ticks since
 * it first saw the arming. */
static int watchdog_expired(struct percpu *pc)
{
	uint32_t seq = watchdog_seq, limit;

	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (seq & 1)
		return 0;
	limit = watchdog_ticks;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (!limit || watchdog_seq != seq)
		return 0;
	if (watchdog_seen[pc->cpu] != seq) {
		watchdog_seen[pc->cpu] = seq;
		watchdog_start[pc->cpu] = pc->ticks;
		return 0;
	}
	return pc->ticks - watchdog_start[pc->cpu] >= limit;
}

static void timer_interrupt(struct trap_frame *f)
{
	tick_hook_t fn = __atomic_load_n(&tick_hook, __ATOMIC_ACQUIRE);
	struct percpu *pc = this_cpu();

	pc->ticks++;
	if (timer_tick_clock())
		tick_clock_advance(pc);
	if (*(uint32_t *)pc->stack_base != STACK_END_MAGIC)
		panic("stack overflow: the end of CPU %d's stack at 0x%lx was overwritten",
		      pc->cpu, (unsigned long)pc->stack_base);
	trap_tick();
	if (watchdog_expired(pc)) {
		watchdog_set(0);
		panic("watchdog: %s did not finish within %u ticks of CPU %d",
		      watchdog_what, pc->ticks - watchdog_start[pc->cpu], pc->cpu);
	}
	if (fn)
		fn((f->cs & 3) == 3);
}

/*
 * One measurement: the PIT's count read at each end of a window, each read
 * bracketed by two TSC reads. A read latches the count, so the host may
 * stall the vCPU anywhere between the two ends at no cost: only a stall
 * inside a bracket (a few port accesses long) widens the error, and the
 * caller keeps only samples with narrow brackets. (Waiting for the count to
 * reach zero instead, as OUT shows it, would take a stall at the window's
 * end, which on a busy host is where the vCPU waits, into the error.)
 */
struct cal_sample {
	uint64_t tsc;		/* TSC ticks in the PIT window */
	uint64_t tsc_err;	/* half the widths of both brackets */
	uint64_t lapic_tsc;	/* TSC ticks between the two LAPIC reads */
	uint32_t lapic;		/* LAPIC counts between them */
	uint64_t start;		/* TSC at the start */
};

/* The OUT pin of PIT channel ch (2 or 0): channel 2's through port 0x61,
 * channel 0's in the status byte of a read-back command. */
static int pit_out_high(int ch)
{
	if (ch == 2)
		return (inb(PIT_GATE_PORT) & 0x20) && !boot_opts.test_pit_ch2_off;
	outb(PIT_CMD, PIT_READBACK_CH0);
	return !!(inb(PIT_CH0) & PIT_STATUS_OUT);
}

/*
 * Tries before settling for the best sample, and the error a sample may
 * have: 1/1000 of the window (20 us), which the lapic_timer_hz test's 10%
 * tolerance and microsecond timestamps both easily absorb. 32 tries (at most
 * 0.64 s, only when the host keeps stalling the vCPU): with 8, a loaded host
 * (load average 8 on 2 cores) left the best sample 6% off.
 */
#define CALIBRATE_TRIES		32
#define CALIBRATE_MAX_ERR_DIV	1000

/*
 * When none of those was good enough, the host kept stalling the vCPU
 * inside the reads' brackets (a few port accesses each, but a busy host
 * stalls a vCPU for milliseconds many times a second). Longer windows make
 * the same stall a smaller part:
 * up to 32 more of 50 ms (the PIT's 16 bits allow 54.9 ms; at most 1.6 s,
 * on a busy host only), until one is within 1/500 (100 us), which leaves
 * lapic_timer_hz's 10% a clear answer.
 */
#define CALIBRATE_SLOW_MS	50
#define CALIBRATE_SLOW_TRIES	32
#define CALIBRATE_SLOW_ERR_DIV	500

/* The count of PIT channel ch (2 or 0), latched and read. Under
 * test_pit_ch2_off channel 2 stands still, as when its gate is wired off. */
static uint32_t pit_count(int ch)
{
	uint32_t port = ch == 2 ? PIT_CH2 : PIT_CH0, lo;

	if (ch == 2 && boot_opts.test_pit_ch2_off)
		return PIT_COUNT_MAX;
	outb(PIT_CMD, ch == 2 ? PIT_LATCH_CH2 : PIT_LATCH_CH0);
	lo = inb(port);
	return lo | (uint32_t)inb(port) << 8;
}

/* test_cal_stall: a stall of 4% of the window so far inside the bracket of
 * every read that may end it (may_end: a quarter of the window on), as a
 * busy host stalls a vCPU: the sample's
 * error is then 2%, 20 times the 1/1000 a 20 ms window may have, and the 50 ms
 * windows have to do; =all stalls those too (2%, 10 times their 1/500),
 * and the boot goes on with its best sample and a warning. Only in the
 * boot's calibration (no rate yet): the tests' re-measurement also uses
 * 50 ms windows. */
static void test_stall(uint32_t ms, uint64_t start, uint64_t now, int may_end)
{
	static int long_done;

	/* =long: once, in the first pass (1 ms), a stall after a read's
	 * latch half as long again as that pass's give_up (TSC ticks at the
	 * guessed rate): past it, as a host's stall may be, yet short of the
	 * 54.9 ms in which the count passes zero on any TSC over 1.1 GHz. Not
	 * a sign of a channel that does not count. */
	if (boot_opts.test_cal_stall == TEST_CAL_STALL_LONG) {
		if (ms == 1 && !long_done++)
			while (rdtsc() - now <
			       (uint64_t)TSC_KHZ_GUESS * PIT_CH2_PATIENCE * 3 / 2)
				cpu_relax();
		return;
	}
	if (!may_end || !boot_opts.test_cal_stall || tsc_khz_cal ||
	    (ms != CALIBRATE_MS &&
	     (boot_opts.test_cal_stall != TEST_CAL_STALL_ALL ||
	      ms != CALIBRATE_SLOW_MS)))
		return;
	while (rdtsc() - now < (now - start) / 25)
		cpu_relax();
}

/*
 * 0 and a sample in *c; 1 when no read of the window's end was usable
 * (the host stalled the vCPU past the count's zero, 54.9 ms after the
 * start, before it had read enough: try again); -1 when the channel does
 * not count (channel 2 gated off).
 */
static int calibrate_once(struct cal_sample *c, uint32_t ms, int ch)
{
	uint32_t want = PIT_HZ * ms / 1000, port = ch == 2 ? PIT_CH2 : PIT_CH0;
	uint32_t first, c0, c1 = 0, l0, l1;
	uint64_t ta, tb, tc, td = 0, te = 0, tl, tf, give_up;

	/* Mode 0 from PIT_COUNT_MAX: the count runs down for 54.9 ms, OUT
	 * low until it passes zero, then high until the next mode write. */
	outb(PIT_CMD, ch == 2 ? PIT_CH2_MODE0 : PIT_CH0_MODE0);
	outb(port, PIT_COUNT_MAX & 0xff);
	outb(port, PIT_COUNT_MAX >> 8);
	lapic_timer_oneshot_max();
	give_up = rdtsc() + (uint64_t)TSC_KHZ_GUESS * ms * PIT_CH2_PATIENCE;
	/* The start: the first read that differs from the first, so the
	 * count is loaded and running (an 8254 loads it at the clock after
	 * the write; until then a read gives the old one). Only a count that
	 * has not moved by give_up means a channel that does not count: a
	 * host may stall the vCPU past give_up anywhere, between a read's
	 * latch and the TSC read after it too. */
	first = pit_count(ch);
	do {
		ta = rdtsc();
		c0 = pit_count(ch);
		tb = rdtsc();
		if (c0 == first && (int64_t)(tb - give_up) > 0)
			return -1;
	} while (c0 == first);
	l0 = lapic_timer_current();
	tc = rdtsc();
	/*
	 * The end: reads until one is `want` counts on. OUT still low after
	 * a read shows the count had not passed zero when it was latched;
	 * once OUT is high, the last such read ends the window (a shorter
	 * one, as clean: the stall fell between reads).
	 */
	for (;;) {
		uint64_t t0 = rdtsc(), t1;
		uint32_t n = pit_count(ch);

		test_stall(ms, ta, t0, c0 - n >= want / 4);
		t1 = rdtsc();
		if (pit_out_high(ch))
			break;
		td = t0;
		te = t1;
		c1 = n;
		if (c0 - c1 >= want)
			break;
		if (c1 == c0 && (int64_t)(t1 - give_up) > 0)
			return -1;	/* stopped counting (gate off) */
	}
	tl = rdtsc();
	l1 = lapic_timer_current();
	tf = rdtsc();
	if (!te || c0 - c1 < want / 4)
		return 1;

	/* TSC ticks for c0 - c1 counts, scaled to `want` counts (ms). */
	c->tsc = ((td + te) / 2 - (ta + tb) / 2) * want / (c0 - c1);
	c->tsc_err = (tb - ta + te - td) / 2 * want / (c0 - c1);
	c->lapic_tsc = (tl + tf) / 2 - (tb + tc) / 2;
	c->lapic = l0 - l1;
	c->tsc_err += (tc - tb + tf - tl) / 2;
	c->start = ta;
	return 0;
}

/*
 * Up to `tries` samples, until one has an error under 1/err_div of the
 * window; the best one in *best. Returns the samples taken, `tries` when
 * none was good enough, -1 when channel 2 does not count.
 */
static int calibrate_best(struct cal_sample *best, uint32_t ms, int tries,
			  int err_div, int ch)
{
	struct cal_sample c;
	uint32_t flags;
	uint8_t gate;
	int i, r, have = 0;

	flags = irq_save();
	/* Gate 2 on, speaker off. */
	gate = inb(PIT_GATE_PORT);
	outb(PIT_GATE_PORT, (gate & ~0x02) | 0x01);
	/* A 1 ms pass, thrown away: under QEMU the first run of this code is
	 * translated as it goes, which widened the first sample's brackets
	 * past the error allowed in most boots, at the cost of a whole
	 * window (20 ms of every boot). */
	i = calibrate_once(&c, 1, ch) < 0 ? -1 : 0;
	for (; i >= 0 && i < tries; i++) {
		r = calibrate_once(&c, ms, ch);
		if (r < 0) {
			i = -1;
			break;
		}
		if (r > 0)
			continue;	/* no sample: a try all the same */
		if (!have++ || c.tsc_err < best->tsc_err)
			*best = c;
		if (best->tsc_err * err_div < best->tsc)
			break;
	}
	outb(PIT_GATE_PORT, gate);
	irq_restore(flags);
	return i;
}

/* The TSC rate CPUID states: leaf 0x15 (TSC = crystal * EBX / EAX) when it
 * names the crystal's frequency, else leaf 0x16 (base frequency, MHz). 0
 * when neither leaf says. *src names the leaf. */
static uint32_t cpuid_tsc_khz(const char **src)
{
	uint32_t max = cpuid(0, 0).eax;
	struct cpuid_regs r;

	if (max >= 0x15) {
		r = cpuid(0x15, 0);
		if (r.eax && r.ebx && r.ecx) {
			*src = "CPUID leaf 0x15";
			return (uint32_t)((uint64_t)r.ecx * r.ebx / r.eax / 1000);
		}
	}
	if (max >= 0x16) {
		r = cpuid(0x16, 0);
		if (r.eax & 0xffff) {
			*src = "CPUID leaf 0x16";
			return (r.eax & 0xffff) * 1000;
		}
	}
	return 0;
}

/* The LAPIC timer's counts against a known TSC rate: CALIBRATE_MS by the
 * TSC, each end's count read between two TSC reads. */
static void lapic_against_tsc(struct cal_sample *c)
{
	uint32_t flags = irq_save(), l0, l1;
	uint64_t ta, tb, te, tf;

	lapic_timer_oneshot_max();
	ta = rdtsc();
	l0 = lapic_timer_current();
	tb = rdtsc();
	while (rdtsc() - tb < (uint64_t)tsc_khz_cal * CALIBRATE_MS)
		cpu_relax();
	te = rdtsc();
	l1 = lapic_timer_current();
	tf = rdtsc();
	irq_restore(flags);
	c->lapic = l0 - l1;
	c->lapic_tsc = (te + tf) / 2 - (ta + tb) / 2;
	c->start = ta;
}

/*
 * Channel 2 does not count: the TSC rate from CPUID, the LAPIC timer against
 * the TSC; else both against channel 0, as against channel 2 (its OUT pin
 * read back). Returns calibrate_best()'s count for channel 0, else 0.
 */
static int calibrate_without_ch2(struct cal_sample *best)
{
	const char *src = "PIT channel 0";
	int i = 0;

	tsc_khz_cal = cpuid_tsc_khz(&src);
	if (tsc_khz_cal) {
		lapic_against_tsc(best);
	} else {
		i = calibrate_best(best, CALIBRATE_MS, CALIBRATE_TRIES,
				   CALIBRATE_MAX_ERR_DIV, 0);
		tsc_khz_cal = (uint32_t)(best->tsc / CALIBRATE_MS);
		tsc_khz_cal_err = (uint32_t)((best->tsc_err + CALIBRATE_MS - 1) /
					     CALIBRATE_MS);
	}
	printk("timer: PIT channel 2 does not count (its gate, port 0x61, may be "
	       "wired off); the TSC rate comes from %s\n", src);
	return i < 0 ? 0 : i;
}

/* Sample a has a smaller error for its window than sample b. */
static int sample_better(const struct cal_sample *a, const struct cal_sample *b)
{
	return a->tsc_err * b->tsc < b->tsc_err * a->tsc;
}

void timer_calibrate(void)
{
	struct cal_sample best = { 0 }, slow = { 0 };
	uint32_t lapic_khz, ms = CALIBRATE_MS;
	int i = calibrate_best(&best, CALIBRATE_MS, CALIBRATE_TRIES,
			       CALIBRATE_MAX_ERR_DIV, 2), good = 1, slow_tries;

	if (i < 0) {
		i = calibrate_without_ch2(&best);
		good = i < CALIBRATE_TRIES;
		i += good;	/* the samples taken, the good one included */
	} else {
		if (i == CALIBRATE_TRIES) {
			slow_tries = calibrate_best(&slow, CALIBRATE_SLOW_MS,
						    CALIBRATE_SLOW_TRIES,
						    CALIBRATE_SLOW_ERR_DIV, 2);
			if (slow_tries >= 0 && sample_better(&slow, &best)) {
				best = slow;
				ms = CALIBRATE_SLOW_MS;
			}
			good = slow_tries >= 0 && slow_tries < CALIBRATE_SLOW_TRIES;
			i += slow_tries < 0 ? 0 : slow_tries + good;
		} else {
			i++;	/* the samples taken, the good one included */
		}
		tsc_khz_cal = (uint32_t)(best.tsc / ms);
		tsc_khz_cal_err = (uint32_t)((best.tsc_err + ms - 1) / ms);
	}
	tsc_at_boot = best.start;
	/* Its next_tsc values came from the guessed rate and another base. */
	memset(jiffy_cache, 0, sizeof(jiffy_cache));
	if (!tsc_khz_cal || !best.lapic_tsc)
		panic("timer: calibration failed (TSC %u kHz)", tsc_khz_cal);
	/* LAPIC counts per ms = counts / (TSC ticks / TSC ticks per ms). */
	lapic_khz = (uint32_t)((uint64_t)best.lapic * tsc_khz_cal / best.lapic_tsc);
	lapic_counts_per_tick = lapic_khz * 1000 / HZ;
	if (!lapic_counts_per_tick)
		panic("timer: LAPIC timer does not count");
	if (!good)
		printk("timer: warning: no clean calibration after %d tries (this CPU "
		       "kept being stalled, as a busy host stalls a vCPU); error "
		       "up to %u us in %u ms: the tick may be off by that much\n", i,
		       (uint32_t)(best.tsc_err * 1000 / tsc_khz_cal), ms);
	/* The divider is 16: the bus clock is 16 times the count rate. */
	printk("timer: LAPIC bus clock %u kHz; %u counts (divide 16) per tick at HZ=%d\n",
	       lapic_khz * 16, lapic_counts_per_tick, HZ);
	printk("timer: TSC %u.%03u MHz (%d tries%s)\n", tsc_khz_cal / 1000,
	       tsc_khz_cal % 1000, i, ms == CALIBRATE_SLOW_MS ? ", 50 ms windows" : "");
	irq_register(VEC_TIMER, timer_interrupt);
}

/*
 * The re-measurement for tests runs with every CPU ticking: with 64 vCPUs
 * taking 64000 interrupts a second on 2 host cores, one PIT poll (a port
 * read under QEMU's big lock) took over 40 us, so no 20 ms window reached
 * 0.2%. A 50 ms window (the PIT's 16 bits allow 54.9 ms) and 0.4% error
 * (200 us) still leave a test with 1% tolerance a clear answer.
 */
#define REMEASURE_MS		50
#define REMEASURE_TRIES		16
#define REMEASURE_MAX_ERR_DIV	250

uint32_t timer_pit_tsc_khz(uint32_t *err_khz)
{
	struct cal_sample best = { 0 };

	if (calibrate_best(&best, REMEASURE_MS, REMEASURE_TRIES,
			   REMEASURE_MAX_ERR_DIV, 2) < 0)
		calibrate_best(&best, REMEASURE_MS, REMEASURE_TRIES,
			       REMEASURE_MAX_ERR_DIV, 0);
	/* The samples ran the LAPIC timer one-shot: tick again. */
	timer_start_tick();
	/* Even the best sample may be wide when the host was busy: say how
	 * wide, rather than pretend it is exact or throw it away. */
	*err_khz = (uint32_t)((best.tsc_err + REMEASURE_MS - 1) / REMEASURE_MS);
	return (uint32_t)(best.tsc / REMEASURE_MS);
}

/* From here on jiffies and time_us() count ticks, continuing from now. */
void timer_use_tick_clock(void)
{
	uint64_t j = jiffies_64();
	int cpu;

	for_each_cpu_mask(cpu, cpu_online_mask)
		tick_base[cpu] = j - cpu_data(cpu)->ticks;
	write64(&tick_jiffies, j);
	__atomic_store_n(&tick_clock, 1, __ATOMIC_RELEASE);
}

void timer_start_tick(void)
{
	lapic_timer_periodic(lapic_counts_per_tick, VEC_TIMER);
}

/*
 * The tick rate this CPU's running LAPIC timer is programmed for, measured:
 * two reads of its current count inside one period, bracketed by TSC reads,
 * give counts per second; divided by the count per period, periods per
 * second. Unlike counting interrupts this does not depend on QEMU delivering
 * each one in time. Returns 0 when no clean pair of reads was had.
 */
#define MEASURE_GAP_US	200	/* well inside one 1000 us period */
#define MEASURE_TRIES	20

uint32_t timer_measure_hz(void)
{
	int i;

	for (i = 0; i < MEASURE_TRIES; i++) {
		uint64_t ta, tb, tc, td, span;
		uint32_t c0, c1, flags = irq_save();

		ta = rdtsc();
		c0 = lapic_timer_current();
		tb = rdtsc();
		udelay(MEASURE_GAP_US);
		tc = rdtsc();
		c1 = lapic_timer_current();
		td = rdtsc();
		irq_restore(flags);

		span = (tc + td) / 2 - (ta + tb) / 2;
		/*
		 * Useless when the count was reloaded in between (c1 >= c0;
		 * or the vCPU lost its host CPU for a period or more, which
		 * a span near a whole period shows) or when a bracket is
		 * wider than 1% of the gap.
		 */
		if (c1 >= c0 || span * HZ * 10 > (uint64_t)tsc_khz_cal * 1000 * 9 ||
		    (tb - ta + td - tc) * 100 > span)
			continue;
		return (uint32_t)((uint64_t)(c0 - c1) * tsc_khz_cal * 1000 / span /
				  lapic_counts_per_tick);
	}
	return 0;
}
