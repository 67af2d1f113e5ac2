/*
 * util.c - what every row shares: the TSC rate, the machine's topology
 * from its topo: report, the statistics and the one output line.
 */
#include "bench/bench.h"
#include "hostref.h"

struct bench_cfg bench;
struct bench_cpu bench_cpus[64];
int bench_nr_nodes = 1;

/*
 * TSC ticks per ms against the system clock over ms milliseconds: the clock
 * is read at both ends between two TSC reads, and the middles are used.
 */
uint32_t bench_calibrate(unsigned int ms)
{
	uint64_t a0 = rdtsc(), c0 = shim_now_us(), a1 = rdtsc();
	uint64_t b0, c1, b1, dus, dt;

	shim_sleep_ms(ms);
	b0 = rdtsc();
	c1 = shim_now_us();
	b1 = rdtsc();
	dus = c1 - c0;
	dt = (b0 + b1) / 2 - (a0 + a1) / 2;
	if (!dus || !dt)
		return 1000000;	/* a clock that does not move: 1 GHz, say so */
	return (uint32_t)(dt * 1000 / dus);
}

/* The number after " key=" in line (up to its end), or -1. */
static int key(const char *line, const char *end, const char *k)
{
	size_t kl = strlen(k);
	const char *p;

	for (p = line; p + kl + 1 < end; p++)
		if (p[-1] == ' ' && !strncmp(p, k, kl) && p[kl] == '=')
			return atoi(p + kl + 1);
	return -1;
}

int bench_read_topo(void)
{
	static char buf[16384];
	char *p, *e;
	int n = sys_topo(buf, sizeof(buf)), found = 0;

	if (n <= 0)
		return 0;
	for (p = buf; *p; p = *e ? e + 1 : e) {
		int cpu;

		e = strchr(p, '\n');
		if (!e)
			e = p + strlen(p);
		if (strncmp(p, "topo: ", 6))
			continue;
		if (!strncmp(p + 6, "cpus=", 5)) {
			int nodes = key(p + 1, e, "nodes");

			if (nodes > 0)
				bench_nr_nodes = nodes;
			continue;
		}
		if (strncmp(p + 6, "cpu=", 4))
			continue;
		cpu = atoi(p + 10);
		if (cpu < 0 || cpu >= 64)
			continue;
		bench_cpus[cpu].package = key(p + 1, e, "package");
		bench_cpus[cpu].core = key(p + 1, e, "core");
		bench_cpus[cpu].thread = key(p + 1, e, "thread");
		bench_cpus[cpu].node = key(p + 1, e, "node");
		found++;
	}
	return found;
}

int bench_rounds(int full, int quick)
{
	int n = bench.quick ? quick : full;

	return n > BENCH_MAX_ROUNDS ? BENCH_MAX_ROUNDS : n;
}

int bench_rounds_of(const char *row, int full, int quick)
{
	int n;

	if (!bench.profile_row)
		return bench_rounds(full, quick);
	n = strcmp(row, bench.profile_row) ? 0 : bench.profile_rounds;
	return n > BENCH_MAX_ROUNDS ? BENCH_MAX_ROUNDS : n;
}

uint64_t bench_ticks_to(uint64_t ticks, enum bench_unit unit)
{
	static const uint64_t mul[] = { 1000000, 1000, 1 };

	return ticks * mul[unit] / bench.tsc_khz;
}

static void sort(uint64_t *s, int n)
{
	int gap, i, j;

	for (gap = n / 2; gap > 0; gap /= 2)
		for (i = gap; i < n; i++) {
			uint64_t v = s[i];

			for (j = i; j >= gap && s[j - gap] > v; j -= gap)
				s[j] = s[j - gap];
			s[j] = v;
		}
}

uint64_t bench_pct(uint64_t *s, int n, int permille)
{
	if (n <= 0)
		return 0;
	sort(s, n);
	return s[(long)n * permille / 1000];
}

/* The host's speed (include/hostref.h), read between a row's rounds. */
static uint64_t ref_s[BENCH_MAX_ROUNDS];
static int ref_n;

void bench_ref(void)
{
	uint64_t t0;

	/* a profile counts the row's rounds alone (bench/profile/profile.sh) */
	if (ref_n >= BENCH_MAX_ROUNDS || bench.profile_row)
		return;
	t0 = rdtsc();
	hostref_loop();
	ref_s[ref_n++] = rdtsc() - t0;
}

uint64_t bench_ref_take(void)
{
	uint64_t v = 0;

	if (ref_n) {
		sort(ref_s, ref_n);
		v = bench_ticks_to(ref_s[ref_n / 2], UNIT_NS);
	}
	ref_n = 0;
	return v;
}

void bench_row(const char *name, enum bench_unit unit, uint64_t *s, int n,
	       int with_p99, const char *extra)
{
	static const char *names[] = { "ns", "us", "ms" };
	char p99[32] = "", ref[32] = "";

	/*
	 * A profile's two boots (bench profile ROW N and ROW 0) print a line
	 * of one form, with the mean alone, in ns whatever the row's unit (a
	 * ns is an instruction under -icount shift=0): sorting N samples
	 * would be work after the rounds that grows with N, and a profile
	 * divides everything that grows with N by N.
	 */
	if (bench.profile_row) {
		uint64_t sum = 0;
		int i;

		for (i = 0; i < n; i++)
			sum += s[i];
		printf("bench: name=%s profile mean_ns=%llu rounds=%d\n", name,
		       (unsigned long long)bench_ticks_to(n > 0 ? sum / (uint64_t)n : 0, UNIT_NS), n);
		return;
	}
	if (n <= 0) {
		bench_skip(name, "no_samples");
		return;
	}
	sort(s, n);
	if (ref_n)
		snprintf(ref, sizeof(ref), " ref=%llu", (unsigned long long)bench_ref_take());
	ref_n = 0;
	if (with_p99)
		snprintf(p99, sizeof(p99), " p99=%llu",
			 (unsigned long long)bench_ticks_to(s[n * 99 / 100], unit));
	/* p10/p90 after the fixed keys: the shape of the spread (a row that
	 * is bimodal, e.g. half its samples a timer tick long, shows here). */
	printf("bench: name=%s unit=%s median=%llu min=%llu max=%llu rounds=%d%s p10=%llu p90=%llu%s%s%s\n",
	       name, names[unit],
	       (unsigned long long)bench_ticks_to(s[n / 2], unit),
	       (unsigned long long)bench_ticks_to(s[0], unit),
	       (unsigned long long)bench_ticks_to(s[n - 1], unit), n, p99,
	       (unsigned long long)bench_ticks_to(s[n / 10], unit),
	       (unsigned long long)bench_ticks_to(s[n * 9 / 10], unit), ref,
	       extra ? " " : "", extra ? extra : "");
}

void bench_skip(const char *name, const char *why)
{
	ref_n = 0;
	printf("bench: name=%s skip=%s\n", name, why);
}

void bench_kill_all(const int *pids, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (pids[i] > 0)
			sys_kill(pids[i]);
	for (i = 0; i < n; i++)
		if (pids[i] > 0)
			shim_wait(pids[i], NULL);
}

/*
 * Busy for us microseconds, with a PAUSE each time round, as a spin-wait
 * on hardware has (Linux's cpu_relax()). Under QEMU's -icount (make bench
 * DETERMINISTIC=1) one thread runs every vCPU in turn, and a vCPU gives
 * up its turn only at a PAUSE, a HLT or the next timer: without it a
 * thinking task holds the thread to the next tick while the vCPU that
 * should run the task it woke waits (the wakeup row's hogs, ctx.c).
 */
void bench_spin_us(unsigned int us)
{
	uint64_t end = rdtsc() + (uint64_t)us * bench.tsc_khz / 1000;

	while (rdtsc() < end)
		__asm__ __volatile__("pause");
}

uint64_t bench_switches(int a, int b)
{
	return sys_switches(a) + (b >= 0 && b != a ? sys_switches(b) : 0);
}

void bench_sw_note(char *buf, size_t len, uint64_t s0, int a, int b, int rounds)
{
	uint64_t d = bench_switches(a, b) - s0;
	unsigned int x100 = rounds > 0 ? (unsigned int)(d * 100 / (unsigned int)rounds) : 0;

	snprintf(buf, len, " sw_per_round=%u.%02u", x100 / 100, x100 % 100);
}
