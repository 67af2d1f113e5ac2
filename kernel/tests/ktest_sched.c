/*
 * ktest_sched.c - the scheduler on real CPUs, with kernel-thread hogs.
 *
 * A hog is a preemptible kernel thread that counts in a loop and records,
 * each round, the CPU it is on. The tests start hogs from the ktest thread
 * (SCHED_FIFO on CPU 0, asleep while it watches) and read where they run
 * from the scheduler's own answers (sched_current, task_cpu) and from the
 * hogs' records. Waits and bounds are counted in the timer ticks of the
 * CPUs involved, the scheduler's own clock (slices, balancing intervals):
 * under QEMU TCG a loaded host delivers a fraction of HZ of them a guest
 * second, and a bound in guest time would then judge the scheduler by
 * the ticks the host dropped. With `sched_check` on the
 * command line the sanity checker runs every tick and each test also
 * fails on a violation it saw.
 */
#include "ktest.h"
#include "cmdline.h"
#include "cputopo.h"
#include "heap.h"
#include "idle.h"
#include "percpu.h"
#include "printk.h"
#include "string.h"
#include "task.h"
#include "timer.h"
#include "cpu.h"
#include "smp.h"
#include "tunables.h"

/*
 * Ticks (of the CPU left and of the CPU joined, whichever took fewer) a
 * pinned task may take to move after its mask changed. The move is
 * immediate (an IPI, the migration thread, an IPI, the new CPU's pick),
 * but each IPI goes through QEMU's emulated APIC, which the host delays
 * by a few ticks while both vCPUs go on taking them. The bound tells the
 * migration thread apart from the next path that would move a running
 * task, the busy CPUs' balance every BUSY_REBALANCE_TICK (200): a tenth
 * of that.
 */
#define AFFINITY_MAX_TICKS	20

/* Work between two looks at the CPU and the stop flag: about 10 us. */
#define HOG_SPIN	200

struct hog {
	struct task *t;
	volatile int stop;
	volatile unsigned long rounds;
	volatile cpumask_t cpus_seen;	/* the CPUs it ran on */
	volatile int last_cpu;
	volatile uint64_t first_seen[NR_CPUS]; /* jiffies it was first seen
						* on each CPU, 0: never */
	volatile uint32_t seen_ticks[NR_CPUS][2]; /* watch[0..1]'s tick
						  * counts at that moment */
	int watch[2];			/* CPUs whose ticks it records */
	/* With slice_marks set: the slices it began, and at the start of
	 * each (up to NICE_MARKS), its own and peer's run_ticks. */
	volatile unsigned long slices;
	volatile unsigned long (*slice_marks)[2];
	struct hog *peer;
	unsigned int last_slice;
};

/* Slice starts nice_share records for its marker hog. */
#define NICE_MARKS	16

/*
 * A new slice has begun when time_slice went up since the last round: the
 * tick that ends a slice refills it and switches away, so the hog sees the
 * larger value first when it runs again. peer, pinned to the same CPU,
 * is not running then, so its run_ticks stand still while they are read.
 */
static void hog_slice_mark(struct hog *h)
{
	unsigned int ts = h->t->s.time_slice;
	unsigned long n = h->slices;

	if (ts > h->last_slice) {
		if (n < NICE_MARKS) {
			h->slice_marks[n][0] = h->t->run_ticks;
			h->slice_marks[n][1] = h->peer->t->run_ticks;
		}
		__atomic_store_n(&h->slices, n + 1, __ATOMIC_RELEASE);
	}
	h->last_slice = ts;
}

static int hog_main(void *arg)
{
	struct hog *h = arg;
	volatile int spin;

	while (!h->stop) {
		int cpu = smp_processor_id();

		for (spin = 0; spin < HOG_SPIN; spin++)
			;
		h->rounds++;
		h->last_cpu = cpu;
		if (!h->first_seen[cpu]) {
			h->seen_ticks[cpu][0] = cpu_data(h->watch[0])->ticks;
			h->seen_ticks[cpu][1] = cpu_data(h->watch[1])->ticks;
			h->first_seen[cpu] = jiffies_64();
		}
		cpu_set(cpu, h->cpus_seen);
		if (h->slice_marks)
			hog_slice_mark(h);
	}
	return 0;
}

/* n hogs, not started; NULL when memory ran out. */
static struct hog *hogs_create(int n)
{
	struct hog *h = kzalloc(sizeof(*h) * (size_t)n);
	int i;

	if (!h)
		return NULL;
	for (i = 0; i < n; i++) {
		h[i].last_cpu = -1;
		h[i].t = kthread_create("hog", hog_main, &h[i]);
		if (!h[i].t) {
			while (i--) {
				h[i].stop = 1;
				kthread_start_task(h[i].t);
				task_reap(h[i].t);
			}
			kfree(h);
			return NULL;
		}
		h[i].t->preemptible = 1;
	}
	return h;
}

static void hogs_start(struct hog *h, int n)
{
	int i;

	for (i = 0; i < n; i++)
		kthread_start_task(h[i].t);
}

static void hogs_stop(struct hog *h, int n)
{
	int i;

	for (i = 0; i < n; i++)
		h[i].stop = 1;
	for (i = 0; i < n; i++)
		task_reap(h[i].t);
	kfree(h);
}

/*
 * Sleep until CPU cpu has taken n ticks since it had `since`. Waits in the
 * hog tests are counted in the ticks of the CPUs involved, never in guest
 * time: the scheduler acts at its ticks, and a loaded host delivers a
 * fraction of HZ of them a second. A CPU that stops ticking is the ktest
 * watchdog's to catch (it counts the other CPUs' ticks).
 */
static void wait_ticks(int cpu, uint32_t since, uint32_t n)
{
	while (cpu_data(cpu)->ticks - since < n)
		msleep(5);
}

static int ncpus(void)
{
	return cpu_topology.ncpus;
}

/* The core of cpu, named by its lowest thread. */
static int core_of(int cpu)
{
	return first_cpu(cpu_topology.sibling_map[cpu]);
}

/* The hog tests take seconds each: they run when the command line asks
 * for the sanity checker too (tests/boot/matrix.sh does on three shapes). */
#define NEED_SCHED_CHECK(t)						\
	do {								\
		if (!boot_opts.sched_check)				\
			return ktest_skip((t), "needs sched_check");	\
	} while (0)

static unsigned long violations_before, wasted_before;

static void sanity_begin(void)
{
	violations_before = sched_sanity_violations();
	wasted_before = sched_sanity_wasted();
}

/*
 * 0, or the failure when the sanity checker (sched_check) found a broken
 * invariant during the test: every report counts, the time-based
 * wasted-core rule's too (its count is given apart, to say which rule).
 */
static int sanity_end(struct ktest_ctx *t)
{
	unsigned long v = sched_sanity_violations() - violations_before;
	unsigned long w = sched_sanity_wasted() - wasted_before;

	if (v)
		return ktest_fail(t, "the sanity checker found %lu violations, "
				  "%lu of them wasted cores (see the sanity: "
				  "lines)", v, w);
	return 0;
}

/* Each CPU's tick count now, for cpus_short_of(). */
static void ticks_mark(uint32_t *tk0)
{
	int cpu;

	for (cpu = 0; cpu < ncpus(); cpu++)
		tk0[cpu] = cpu_data(cpu)->ticks;
}

/* CPUs that have taken fewer than ticks ticks since ticks_mark(tk0): a
 * vCPU the host runs little has had fewer chances to balance, and a test
 * that waits for the balancers waits for their ticks, not for time. */
static int cpus_short_of(const uint32_t *tk0, uint32_t ticks)
{
	int cpu, slow = 0;

	for (cpu = 0; cpu < ncpus(); cpu++)
		slow += cpu_data(cpu)->ticks - tk0[cpu] < ticks;
	return slow;
}

/*
 * smt_spread: as many hogs as cores spread to one per core (D7's point:
 * two hogs on the two threads of one core while another core idles is
 * the waste that shared runqueues and active balancing remove), within 1 s
 * of every CPU's own ticks (the balancers run from the tick; a loaded host
 * drops many, see overload below).
 */
KTEST(smt_spread)
{
	int cores = 0, n, cpu, i;
	uint64_t t0 = jiffies_64();
	uint32_t tk0[NR_CPUS];
	int per_core[NR_CPUS];
	struct hog *h;
	char got[96];

	NEED_SCHED_CHECK(t);

	/* Physical cores, named by their first thread (sibling_map). */
	for (cpu = 0; cpu < ncpus(); cpu++)
		cores += core_of(cpu) == cpu;
	n = cores;
	if (cores < 2)
		return ktest_skip(t, "needs 2 cores");
	sanity_begin();
	h = hogs_create(n);
	if (!h)
		return ktest_fail(t, "no memory for %d hogs", n);
	ticks_mark(tk0);
	hogs_start(h, n);
	for (;;) {
		int ok = 1, len = 0, slow;

		/* By the CPU each hog is on (running or queued there): the
		 * ktest thread itself runs on CPU 0 whenever it looks. */
		memset(per_core, 0, sizeof(per_core));
		for (i = 0; i < n; i++)
			per_core[core_of(task_cpu(&h[i].t->s))]++;
		for (cpu = 0; cpu < ncpus(); cpu++)
			if (core_of(cpu) == cpu && per_core[cpu] != 1)
				ok = 0;
		if (ok)
			break;
		slow = cpus_short_of(tk0, HZ);
		if (!slow) {
			for (cpu = 0; cpu < ncpus() && len < (int)sizeof(got) - 8; cpu++)
				if (core_of(cpu) == cpu)
					len += snprintf(got + len, sizeof(got) - len,
							" core%d=%d", cpu, per_core[cpu]);
			hogs_stop(h, n);
			return ktest_fail(t, "not one hog per core after 1 s of ticks on every CPU (%d ms):%s",
					  (int)(jiffies_64() - t0), got);
		}
		msleep(2);
	}
	i = (int)(jiffies_64() - t0);
	hogs_stop(h, n);
	printk("# smt_spread: %d hogs on %d cores, one per core after %d ms\n",
	       n, cores, i);
	return sanity_end(t);
}

/*
 * overload: 3 hogs per CPU. Once balanced, the runqueues' hog counts per
 * CPU differ by at most one task (2.5.59 balances nr_running; a shared
 * runqueue serves nr_cpus CPUs), reached within 3 s of every CPU's own
 * ticks (busy CPUs balance every 200 ms inside a node, 400 ms between
 * nodes, counted in the ticks they take: a loaded host drops many, so
 * guest time alone would give the balancer only part of its chances).
 */
KTEST(overload)
{
	int n = 3 * ncpus(), cpu, i, ms;
	uint64_t t0;
	int per_rq[NR_CPUS];
	uint32_t tk0[NR_CPUS];
	struct hog *h;
	char got[128];

	NEED_SCHED_CHECK(t);

	if (ncpus() < 2)
		return ktest_skip(t, "needs 2 CPUs");
	sanity_begin();
	h = hogs_create(n);
	if (!h)
		return ktest_fail(t, "no memory for %d hogs", n);
	t0 = jiffies_64();
	ticks_mark(tk0);
	hogs_start(h, n);
	for (;;) {
		int lo = 1 << 30, hi = -1, len = 0, slow;

		memset(per_rq, 0, sizeof(per_rq));
		for (i = 0; i < n; i++)
			per_rq[sched_rq_of(task_cpu(&h[i].t->s))]++;
		/* Per CPU, in tenths: a shared runqueue of 2 with 6 hogs is 30. */
		for (cpu = 0; cpu < ncpus(); cpu++) {
			int share = 0, c, load;

			if (sched_rq_of(cpu) != cpu)
				continue;
			for (c = 0; c < ncpus(); c++)
				share += sched_rq_of(c) == cpu;
			load = per_rq[cpu] * 10 / share;
			lo = load < lo ? load : lo;
			hi = load > hi ? load : hi;
		}
		if (hi - lo <= 10)
			break;
		slow = cpus_short_of(tk0, 3 * HZ);
		if (!slow) {
			for (cpu = 0; cpu < ncpus() && len < (int)sizeof(got) - 8; cpu++)
				if (sched_rq_of(cpu) == cpu)
					len += snprintf(got + len, sizeof(got) - len,
							" rq%d=%d", cpu, per_rq[cpu]);
			hogs_stop(h, n);
			return ktest_fail(t, "hogs per runqueue after 3 s of ticks on every CPU (%d ms):%s",
					  (int)(jiffies_64() - t0), got);
		}
		msleep(10);
	}
	ms = (int)(jiffies_64() - t0);
	hogs_stop(h, n);
	printk("# overload: %d hogs balanced within one task per CPU after %d ms\n",
	       n, ms);
	return sanity_end(t);
}

/*
 * affinity: a hog pinned to one CPU never runs elsewhere; when its mask
 * changes to another CPU it is there within a tick (set_cpus_allowed ->
 * the migration thread of its CPU preempts it and moves it), and never
 * back.
 */
KTEST(affinity)
{
	int from = ncpus() - 1, to = 0, late;
	uint32_t tk_from, tk_to;
	struct hog *h;

	NEED_SCHED_CHECK(t);

	if (ncpus() < 2)
		return ktest_skip(t, "needs 2 CPUs");
	if (cpu_topology.nnodes > 1)	/* the far node: a real move */
		to = cpu_topology.cpu[from].node == 0 ? ncpus() / 2 : 0;
	h = hogs_create(1);
	if (!h)
		return ktest_fail(t, "no memory for a hog");
	/* The whole test: the checker exempts the window of the move itself
	 * (a running task outside its mask with a request pending). */
	sanity_begin();
	set_cpus_allowed(&h->t->s, cpumask_of(from));
	h->watch[0] = from;
	h->watch[1] = to;
	hogs_start(h, 1);
	/* 100 of its CPU's ticks. */
	tk_from = cpu_data(from)->ticks;
	wait_ticks(from, tk_from, 100);
	if (!cpus_equal(h->cpus_seen, cpumask_of(from)) || !h->rounds) {
		char seen[CPULIST_LEN];

		cpulist_format(seen, sizeof(seen), h->cpus_seen);
		hogs_stop(h, 1);
		return ktest_fail(t, "pinned to CPU %d, ran on CPUs %s", from,
				  seen);
	}
	/*
	 * Counted in timer ticks the two CPUs took, not in guest time: under
	 * TCG on a loaded host a vCPU can stand still for tens of ms, and
	 * what the scheduler promises is a tick of the CPUs involved.
	 */
	tk_from = cpu_data(from)->ticks;
	tk_to = cpu_data(to)->ticks;
	set_cpus_allowed(&h->t->s, cpumask_of(to));
	cpus_clear(h->cpus_seen);
	while (!h->first_seen[to] &&
	       (cpu_data(from)->ticks - tk_from <= AFFINITY_MAX_TICKS ||
		cpu_data(to)->ticks - tk_to <= AFFINITY_MAX_TICKS))
		msleep(2);
	/* A hog that arrived just now records it before its new CPU's
	 * next tick. */
	if (!h->first_seen[to])
		wait_ticks(to, cpu_data(to)->ticks, 2);
	late = -1;
	if (h->first_seen[to]) {
		int a = (int)(h->seen_ticks[to][0] - tk_from);
		int b = (int)(h->seen_ticks[to][1] - tk_to);

		late = a < b ? a : b;
	}
	if (late < 0 || late > AFFINITY_MAX_TICKS ||
	    !cpus_subset(h->cpus_seen,
			 cpumask_or_of(cpumask_of(to), cpumask_of(from)))) {
		char seen[CPULIST_LEN];

		cpulist_format(seen, sizeof(seen), h->cpus_seen);
		hogs_stop(h, 1);
		return ktest_fail(t, "moved %d -> %d after %d ticks (want <= %d), "
				  "ran on CPUs %s", from, to, late,
				  AFFINITY_MAX_TICKS, seen);
	}
	cpus_clear(h->cpus_seen);
	wait_ticks(to, cpu_data(to)->ticks, 50);
	if (!cpus_equal(h->cpus_seen, cpumask_of(to))) {
		char seen[CPULIST_LEN];

		cpulist_format(seen, sizeof(seen), h->cpus_seen);
		hogs_stop(h, 1);
		return ktest_fail(t, "after the move ran on CPUs %s, want only CPU %d",
				  seen, to);
	}
	hogs_stop(h, 1);
	printk("# affinity: CPU %d -> %d in %d ticks\n", from, to, late);
	return sanity_end(t);
}

/*
 * nice_share: a nice 0 and a nice 19 hog on one CPU share it in the ratio
 * of their time slices (2.5.59: both expire every epoch, so each runs one
 * slice per epoch: 102 ticks against 10).
 *
 * Measured over whole epochs, in the ticks the scheduler charged each hog
 * (run_ticks): an epoch is the time from one slice start of the nice 19
 * hog to its next, and the hog marks both run_ticks at each start. A tick
 * the host never delivers is charged to no one, and a host stall counts
 * for nothing, so the ratio does not depend on how fast the host runs the
 * vCPU; a window cut at arbitrary times would instead end part way into
 * either slice and be off by up to a whole one. The first slices come
 * from fork (set_user_nice() keeps the one the nice 19 hog has), so the
 * window starts at the nice 19 hog's third slice, an epoch clear of
 * them. The tolerance is for ticks charged
 * outside the slice rules (a task picked from the expired array on a
 * shared runqueue runs without using its slice).
 */
#define NICE_FIRST	2	/* the mark the window starts at (from 0) */
#define NICE_EPOCHS	5	/* epochs in the window */
/*
 * The slices tunables.h promises: nice +19 gets MIN_TIMESLICE, and a slice
 * grows linearly with the static priority up to MAX_TIMESLICE at nice
 * -20, so nice 0 (19 of the 39 steps) gets 102 ticks. Taken from the
 * definitions, not from task_timeslice(), so that a scheduler that
 * ignored nice fails here.
 */
#define NICE19_SLICE	MIN_TIMESLICE
#define NICE0_SLICE	(MIN_TIMESLICE + (MAX_TIMESLICE - MIN_TIMESLICE) * 19 / 39)

KTEST(nice_share)
{
	int cpu = ncpus() - 1;
	unsigned long r0, r19, want10, got10, slice0, slice19, need, slices;
	static volatile unsigned long marks[NICE_MARKS][2];
	uint32_t tk0;
	uint64_t t0;
	struct hog *h;

	NEED_SCHED_CHECK(t);

	sanity_begin();
	h = hogs_create(2);
	if (!h)
		return ktest_fail(t, "no memory for 2 hogs");
	memset((void *)marks, 0, sizeof(marks));
	set_cpus_allowed(&h[0].t->s, cpumask_of(cpu));
	set_cpus_allowed(&h[1].t->s, cpumask_of(cpu));
	set_user_nice(&h[1].t->s, 19);
	slice0 = NICE0_SLICE;
	slice19 = NICE19_SLICE;
	h[1].peer = &h[0];
	h[1].slice_marks = marks;
	/*
	 * Wait for the slices, counted in the CPU's own ticks: the fork
	 * slices (at most two nice 0 ones) and the window's epochs need
	 * `need` of them. Twice that without the last mark means the nice 19
	 * hog is not given a slice each epoch.
	 */
	need = 2 * slice0 + (NICE_FIRST + NICE_EPOCHS) * (slice0 + slice19);
	tk0 = cpu_data(cpu)->ticks;
	t0 = jiffies_64();
	hogs_start(h, 2);
	while (__atomic_load_n(&h[1].slices, __ATOMIC_ACQUIRE) <=
	       NICE_FIRST + NICE_EPOCHS &&
	       cpu_data(cpu)->ticks - tk0 < 2 * need)
		msleep(20);
	slices = h[1].slices;
	hogs_stop(h, 2);
	if (slices <= NICE_FIRST + NICE_EPOCHS)
		return ktest_fail(t, "the nice 19 hog began %lu slices in %u ticks "
				  "of CPU %d (%d ms), want %d within %lu ticks",
				  slices, cpu_data(cpu)->ticks - tk0, cpu,
				  (int)(jiffies_64() - t0),
				  NICE_FIRST + NICE_EPOCHS + 1, 2 * need);
	r19 = marks[NICE_FIRST + NICE_EPOCHS][0] - marks[NICE_FIRST][0];
	r0 = marks[NICE_FIRST + NICE_EPOCHS][1] - marks[NICE_FIRST][1];
	want10 = slice0 * 10 / slice19;
	if (!r19 || !r0)
		return ktest_fail(t, "ticks in %d epochs: nice 0 %lu, nice 19 %lu",
				  NICE_EPOCHS, r0, r19);
	got10 = r0 * 10 / r19;
	if (got10 * 10 < want10 * 7 || got10 * 10 > want10 * 13)
		return ktest_fail(t, "ticks in %d epochs: nice 0 / nice 19 = "
				  "%lu/%lu = %lu.%lu, want %lu.%lu +-30%%",
				  NICE_EPOCHS, r0, r19, got10 / 10, got10 % 10,
				  want10 / 10, want10 % 10);
	printk("# nice_share: CPU %d, %d epochs: nice 0 ran %lu ticks, nice 19 "
	       "%lu (ratio %lu.%lu, promised slices %lu/%lu)\n", cpu, NICE_EPOCHS,
	       r0, r19, got10 / 10, got10 % 10, slice0, slice19);
	return sanity_end(t);
}

/* Wakeups sleeper_latency waits for, and the fewest it judges by. */
#define SLEEPER_WAKEUPS	20
#define SLEEPER_MIN	5

/*
 * sleeper_latency: a task that sleeps 10 ms at a time, among as many hogs
 * as one core has CPUs (all of them allowed on that core only), is back on
 * a CPU within one time slice of its wakeup: the first hog whose slice
 * ends goes to the expired array and the sleeper, still active, runs.
 */
struct sleeper {
	volatile int stop;
	cpumask_t core;
	volatile uint32_t worst, wakeups;	/* ticks late */
};

/* Ticks late = the fewest ticks any CPU of the core took while we slept
 * and waited, less the 10 of the sleep: in ticks taken, because a slice
 * is counted in them (and QEMU drops some under load). */
static int sleeper_main(void *arg)
{
	struct sleeper *s = arg;
	uint32_t before[NR_CPUS];
	int cpu;

	while (!s->stop) {
		uint32_t least = ~0u;

		for (cpu = 0; cpu < cpu_topology.ncpus; cpu++)
			if (cpu_isset(cpu, s->core))
				before[cpu] = cpu_data(cpu)->ticks;
		msleep(10);
		for (cpu = 0; cpu < cpu_topology.ncpus; cpu++)
			if (cpu_isset(cpu, s->core) &&
			    cpu_data(cpu)->ticks - before[cpu] < least)
				least = cpu_data(cpu)->ticks - before[cpu];
		least = least > 10 ? least - 10 : 0;
		s->wakeups++;
		if (least > s->worst)
			s->worst = least;
	}
	return 0;
}

KTEST(sleeper_latency)
{
	int last = ncpus() - 1, cpu, n = 0, i;
	struct sleeper *s;
	cpumask_t core = CPU_MASK_NONE;
	char list[CPULIST_LEN];
	uint32_t slice, worst, wakeups, bound, tk0[NR_CPUS];
	struct task *st;
	struct hog *h;

	NEED_SCHED_CHECK(t);

	s = kzalloc(sizeof(*s));
	if (!s)
		return ktest_fail(t, "no memory");
	for (cpu = 0; cpu < ncpus(); cpu++)
		if (sched_rq_of(cpu) == sched_rq_of(last)) {
			cpu_set(cpu, core);
			n++;
		}
	sanity_begin();
	h = hogs_create(n);
	st = kthread_create("sleeper", sleeper_main, s);
	if (!h || !st) {
		kfree(s);
		return ktest_fail(t, "no memory for the tasks");
	}
	for (i = 0; i < n; i++)
		set_cpus_allowed(&h[i].t->s, core);
	set_cpus_allowed(&st->s, core);
	s->core = core;
	slice = task_timeslice(&h[0].t->s);
	/*
	 * SLEEPER_WAKEUPS wakeups, however slowly a loaded host lets the
	 * vCPUs tick: each takes at most the sleep and the allowed lateness
	 * in ticks of the core's CPUs, so the wait ends when each CPU of the
	 * core took that many ticks for every wakeup.
	 */
	bound = SLEEPER_WAKEUPS * (10 + slice + 2);
	ticks_mark(tk0);
	hogs_start(h, n);
	kthread_start_task(st);
	for (;;) {
		int short_of = 0;

		for (cpu = 0; cpu < ncpus(); cpu++)
			if (cpu_isset(cpu, core))
				short_of += cpu_data(cpu)->ticks - tk0[cpu] < bound;
		if (s->wakeups >= SLEEPER_WAKEUPS || !short_of)
			break;
		msleep(50);
	}
	s->stop = 1;
	task_reap(st);
	hogs_stop(h, n);
	worst = s->worst;
	wakeups = s->wakeups;
	kfree(s);
	/* A slice, plus the tick the wakeup came in (partly over) and the
	 * one the first hog's slice ends in. */
	if (wakeups < SLEEPER_MIN)
		return ktest_fail(t, "%u wakeups in %u ticks of each CPU of the core, "
				  "too few to judge (want >= %d; worst %u ticks late)",
				  wakeups, bound, SLEEPER_MIN, worst);
	if (worst > slice + 2)
		return ktest_fail(t, "%u wakeups, worst %u ticks late, want <= %u",
				  wakeups, worst, slice + 2);
	cpulist_format(list, sizeof(list), core);
	printk("# sleeper_latency: %d hogs on CPUs %s: %u wakeups, worst "
	       "%u ticks late (slice %u)\n", n, list, wakeups, worst, slice);
	return sanity_end(t);
}

/*
 * Idle polling (kernel/idle.c). A kernel thread on the last CPU answers
 * the ktest thread (CPU 0) round after round and sleeps in between, so its
 * CPU goes idle each time and is woken again soon after.
 *  - Every round must be answered, and some wakeups must find the CPU
 *    polling (they sent no IPI).
 *  - Then a nice 19 hog is started on that CPU from an interrupt that
 *    comes while it polls: the interrupt's return path switches to the
 *    hog, and that switch must end the polling. A flag left set makes
 *    every waker skip the IPI that the CPU, now running the hog, needs
 *    (seen: each wakeup then waited for the next tick, 1015 us rounds).
 *    Checked directly: while the hog runs there, the flag must be 0.
 * Nothing here is timed against a bound: under `make test` this boot
 * shares the 2 host cores with another QEMU (a 64-CPU one, at times),
 * whose stalls of tens of ms say nothing about the kernel. So the CPU
 * polls CATCH_POLL_US, not the default 300 us, for the length of the test:
 * the mechanism (a wakeup that finds the flag sends no IPI; a switch ends
 * the poll) does not depend on the length, and a vCPU the host leaves
 * unrun longer than a short poll would never be found polling. Only that
 * CPU: 64 vCPUs polling that long would swamp the host. The medians are
 * printed for reading; what the default poll buys is the pipe benchmark's
 * business (make bench).
 */
#define POLL_ROUNDS	100
/* us the ponger's CPU polls: far longer than a loaded host leaves a vCPU
 * unrun (tens of ms seen). */
#define CATCH_POLL_US	200000

struct ponger {
	struct task *t;
	volatile int stop;
	volatile uint32_t seq, done;
};

static int ponger_main(void *arg)
{
	struct ponger *p = arg;

	while (!p->stop) {
		p->t->s.state = TASK_INTERRUPTIBLE;
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		if (p->seq != p->done || p->stop) {
			p->t->s.state = TASK_RUNNING;
			p->done = p->seq;
			continue;
		}
		schedule_until(0);
	}
	return 0;
}

/*
 * Flag seen set while CPU cpu ran a task: 1. What the kernel promises
 * (percpu.h): the switch away from the idle task clears the flag before
 * it stores current, so a flag loaded after a current that names a task
 * is from after that switch. current is loaded again after the flag, so
 * that a CPU that went idle and began polling in between is not taken for
 * one that runs a task with the flag set; going back to the task needs a
 * second wakeup, which only this test's CPU sends.
 */
static int flag_with_task(int cpu)
{
	struct percpu *pc = cpu_data(cpu);
	void *c1 = __atomic_load_n(&pc->current, __ATOMIC_ACQUIRE);
	int flag = __atomic_load_n(&pc->idle_polling, __ATOMIC_ACQUIRE);
	void *c2 = __atomic_load_n(&pc->current, __ATOMIC_ACQUIRE);

	return flag && c1 == c2 && c1 != (void *)task_idle(cpu);
}

/* CPU cpu seen polling within CATCH_POLL_US: 1. */
static int seen_polling(int cpu)
{
	uint64_t t0 = rdtsc(), wait = (uint64_t)tsc_khz() * (CATCH_POLL_US / 1000);
	int polled;

	while (!(polled = __atomic_load_n(&cpu_data(cpu)->idle_polling,
					  __ATOMIC_RELAXED)) &&
	       rdtsc() - t0 < wait)
		cpu_relax();
	return polled;
}

/*
 * One round: wake the ponger on CPU cpu and wait for its answer, adding to
 * *bad each time the flag is seen set beside a running task. The round's
 * length in us goes to *us; returns 0 when no answer came within 10 s (a
 * lost wakeup is rescued by the CPU's next tick, so only a wakeup that
 * never comes ends the wait).
 */
static int pingpong(struct ponger *p, int cpu, int *bad, uint64_t *us)
{
	uint64_t t0 = rdtsc(), limit = (uint64_t)tsc_khz() * 10000;

	p->seq++;
	wake_up_process(&p->t->s, 0);
	while (p->done != p->seq && rdtsc() - t0 < limit) {
		*bad += flag_with_task(cpu);
		cpu_relax();
	}
	if (p->done != p->seq)
		return 0;
	*us = (rdtsc() - t0) * 1000 / tsc_khz();
	*bad += flag_with_task(cpu);
	return 1;
}

/*
 * POLL_ROUNDS rounds: the median round in us into *median; returns the
 * rounds answered. With idle set, each wakeup waits until the ponger's CPU
 * is seen polling (a round without is still run), so that the wakeups test
 * the polling path, and the CPU polls only as long as this CPU takes to
 * see it.
 */
static int pingpong_rounds(struct ponger *p, int cpu, int idle, uint32_t *median,
			   int *bad)
{
	static uint64_t us[POLL_ROUNDS];
	int r, i, j;

	for (r = 0; r < POLL_ROUNDS; r++) {
		if (idle)
			seen_polling(cpu);
		else
			msleep(0);	/* the hog's turn */
		if (!pingpong(p, cpu, bad, &us[r]))
			break;
	}
	for (i = 1; i < r; i++)
		for (j = i; j > 0 && us[j - 1] > us[j]; j--) {
			uint64_t v = us[j];

			us[j] = us[j - 1];
			us[j - 1] = v;
		}
	*median = r ? (uint32_t)us[r / 2] : 0;
	return r;
}

/* In an interrupt on the CPU the hog is pinned to. */
static void start_here(void *hog)
{
	kthread_start_task(hog);
}

KTEST(idle_poll_wakeups)
{
	int last = ncpus() - 1, got, polled = 0, tries, bad = 0, bad_idle, poll_us;
	uint64_t us;
	uint32_t median, median_busy = 0;
	unsigned long saved0, saved;
	struct ponger *p;
	struct hog *h;

	if (last < 1)
		return ktest_skip(t, "needs 2 CPUs");
	if (boot_opts.idle_poll_us == 0)
		return ktest_skip(t, "idle_poll=0: no polling");
	p = kzalloc(sizeof(*p));
	h = hogs_create(1);
	if (p)
		p->t = kthread_create("ponger", ponger_main, p);
	if (!p || !p->t || !h) {
		if (h)
			hogs_stop(h, 1);
		kfree(p);
		return ktest_fail(t, "no memory for the tasks");
	}
	poll_us = idle_set_poll(last, CATCH_POLL_US);
	set_cpus_allowed(&p->t->s, cpumask_of(last));
	kthread_start_task(p->t);
	msleep(20);
	saved0 = idle_ipis_saved(last);
	got = pingpong_rounds(p, last, 1, &median, &bad);
	saved = idle_ipis_saved(last) - saved0;
	set_cpus_allowed(&h[0].t->s, cpumask_of(last));
	set_user_nice(&h[0].t->s, 19);
	/* A round's end starts a poll, and the hog must start inside it. */
	for (tries = 0; got == POLL_ROUNDS && !polled && tries < 20; tries++)
		polled = pingpong(p, last, &bad, &us) && seen_polling(last);
	bad_idle = bad;
	smp_call_function_single(last, start_here, h[0].t);
	msleep(20);
	if (got == POLL_ROUNDS)
		got += pingpong_rounds(p, last, 0, &median_busy, &bad);
	p->stop = 1;
	wake_up_process(&p->t->s, 0);
	task_reap(p->t);
	idle_set_poll(last, poll_us);	/* while the hog keeps it busy */
	hogs_stop(h, 1);
	kfree(p);
	printk("# idle_poll_wakeups: CPU %d: median round %u us idle, %u us beside a "
	       "hog (started while it %s); %lu of %d wakeups found it polling\n", last,
	       median, median_busy, polled ? "polled" : "did not poll", saved, POLL_ROUNDS);
	if (got < 2 * POLL_ROUNDS)
		return ktest_fail(t, "round %d of %d never answered", got + 1, 2 * POLL_ROUNDS);
	if (bad)
		return ktest_fail(t, "CPU %d ran a task with its polling flag set: seen %d times "
				  "(%d before the hog)", last, bad, bad_idle);
	if (!saved)
		return ktest_fail(t, "no wakeup of %d found CPU %d polling", POLL_ROUNDS, last);
	if (!polled)
		return ktest_fail(t, "CPU %d never seen polling in %d rounds of %d us polls",
				  last, tries, CATCH_POLL_US);
	return 0;
}

/*
 * lock_held: the seam's arch_spin_held(), which every "runqueue lock held"
 * assertion of sched/ relies on, says yes only for a lock this CPU holds
 * with interrupts off: not for a free lock, not after the release, not
 * while interrupts are on (a holder that turned them on could deadlock
 * against its own tick). Another CPU's hold reads as "no" too: spin_is_held
 * compares the holder with this CPU.
 */
KTEST(lock_held)
{
	static arch_spinlock_t lock;
	unsigned long flags;
	int free_no, held_yes, irqs_on_no, released_no;

	arch_spin_lock_init(&lock, SCHED_LOCK_RQ);
	free_no = !arch_spin_held(&lock);
	flags = arch_irq_save();
	arch_spin_lock(&lock);
	held_yes = arch_spin_held(&lock);
	sti();
	irqs_on_no = !arch_spin_held(&lock);
	cli();
	arch_spin_unlock(&lock);
	released_no = !arch_spin_held(&lock);
	arch_irq_restore(flags);
	KT_EXPECT(t, free_no && held_yes && irqs_on_no && released_no,
		  "arch_spin_held: free %d, held %d, irqs on %d, released %d "
		  "(want 0 1 0 0)", !free_no, held_yes, !irqs_on_no,
		  !released_no);
	return 0;
}
