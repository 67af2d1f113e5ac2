/*
 * report.c - the table of `make bench`: our kernel against Linux 6.1, row
 * by row, from the `bench:` lines both printed (user/bench/bench.h) and
 * the bring-up rows bench/run.sh made from their boot logs.
 *
 *   report DIR [--md FILE] [--svg FILE] [--notes FILE] [--sim FILE]
 *   report DIR --check        TAP: every row present on both kernels, its
 *                             numbers positive, min <= median <= max, and
 *                             the host's speed read (ref=) on each row of
 *                             the bench program
 *
 * DIR holds os.txt, linux.txt and meta.txt (bench/run.sh). The table goes
 * to stdout; --md writes it with the QEMU command line, date and host (and
 * the notes file, the measured explanations, appended as is); --svg draws
 * the ratios and the O(1) curve of both kernels.
 *
 * Every row is a cost: lower is better, and the goal (issue 7) is ours
 * faster than Linux on every row, the O(1) curve flat (largest N over N=1
 * at most O1_FLAT) and 64 CPUs online in under SMP64_GOAL_US from the
 * kernel's entry (boot_64).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../user/bench/o1rows.h"

#define O1_FLAT		1.05	/* issue 7: 10 000 tasks / 1 task */
#define SMP64_GOAL_US	100000	/* issue 7: 64 CPUs online in 100 ms */
#define MAX_ROWS	64

struct row {
	char name[32];
	char unit[8];
	char skip[64];
	char extra[256];
	double median, min, max, p99, p10, p90;
	double ref;		/* the host's speed while it ran (ref=, ns), or 0 */
	int rounds, has_p99;
};

struct sys {
	struct row rows[MAX_ROWS];
	int n;
	char begin[160];
	int ended;
};

/*
 * What a row measures in the deterministic mode (QEMU -icount, bench/notes.md,
 * "Deterministic mode"), where guest time is the count of instructions of
 * all vCPUs, run one after another by one host thread:
 *   ONE_CPU   one CPU works at a time, the others are halted: the count of
 *             the kernel's instructions on the row's path;
 *   IN_TURN   two CPUs hand work to each other (a ping-pong, a child on
 *             another CPU, the APs started one by one): the kernel's
 *             instructions, plus whatever the waiting CPU executes
 *             (idle polling counts), plus how soon QEMU's round-robin
 *             reaches the CPU that was woken;
 *   AT_ONCE   several CPUs busy at once (hogs): each gets a share of one
 *             instruction clock, so the row measures QEMU's round-robin
 *             as much as the kernel.
 */
enum det_kind { ONE_CPU, IN_TURN, AT_ONCE };
static const char *const det_kind_text[] = {
	[ONE_CPU] = "one CPU",
	[IN_TURN] = "two CPUs in turn",
	[AT_ONCE] = "CPUs at once: QEMU's round-robin",
};

/*
 * The rows in table order, what they measure, whether --check wants them
 * measured on both kernels (0: may be skipped with a reason; 2: on ours
 * only, which alone has them), their kind in the deterministic mode, and
 * the context switches a round makes by the row's own design (0: no such
 * claim): the row's sw_per_round= (the kernels' own counters of the CPUs
 * it used) must be within SW_SLACK of it on both kernels, or the two did
 * not do the same work (same_work()).
 */
static const struct {
	const char *name, *what;
	int must;
	enum det_kind det;
	double sw;
} defs[] = {
	{ "syscall_null", "null system call (getppid)", 1, ONE_CPU, 0 },
	{ "yield_self", "sched_yield(), nothing else runnable", 1, ONE_CPU, 0 },
	{ "ctx_switch", "pipe token, 2 tasks on 1 CPU, per switch", 1, ONE_CPU, 2 },
	{ "pipe_smt", "pipe ping-pong, SMT siblings, round trip", 1, IN_TURN, 4 },
	{ "pipe_core", "pipe ping-pong, 2 cores of a node, round trip", 1, IN_TURN, 4 },
	{ "pipe_node", "pipe ping-pong, across nodes, round trip", 1, IN_TURN, 4 },
	{ "pipe_core_busy", "pipe_core with a nice 19 hog on both CPUs", 1, AT_ONCE, 4 },
	{ "wakeup", "wakeup latency among hogs, median", 1, AT_ONCE, 0 },
	{ "wakeup:p99", "wakeup latency among hogs, 99th percentile", 1, AT_ONCE, 0 },
	{ "fork_exit", "fork + exit + wait", 1, IN_TURN, 0 },
	{ "fork_exec_exit", "fork + exec + exit + wait", 1, IN_TURN, 0 },
	{ "exec", "exec, pinned (no placement)", 1, ONE_CPU, 0 },
	{ "exec_place", "exec placed off a busy node", 1, AT_ONCE, 0 },
	{ "balance_core", "N hogs from one parent: one per core", 1, AT_ONCE, 0 },
	{ "balance_node", "N hogs from one parent: even nodes", 1, AT_ONCE, 0 },
	/* The field's benchmarks (user/bench/field.c, schbench.c). */
	{ "hackbench", "hackbench: groups of 10 senders x 10 receivers, a run", 1, AT_ONCE, 0 },
	{ "sched_pipe_1cpu", "perf bench sched pipe, 1 CPU, per round trip", 1, ONE_CPU, 2 },
	{ "sched_pipe_2cpu", "perf bench sched pipe, 2 cores, per round trip", 1, IN_TURN, 4 },
	{ "lat_ctx_2", "lmbench lat_ctx, 2 processes of 16 KB, per switch", 1, ONE_CPU, 2 },
	{ "lat_ctx_8", "lmbench lat_ctx, 8 processes of 16 KB, per switch", 1, ONE_CPU, 8 },
	{ "lat_ctx_16", "lmbench lat_ctx, 16 processes of 16 KB, per switch", 1, ONE_CPU, 16 },
	{ "lat_ctx_64", "lmbench lat_ctx, 64 processes of 16 KB, per switch", 1, ONE_CPU, 64 },
	{ "schbench_1x", "schbench wakeup latency, workers = CPUs, p50", 1, AT_ONCE, 0 },
	{ "schbench_1x:p99", "schbench wakeup latency, workers = CPUs, p99", 1, AT_ONCE, 0 },
	{ "schbench_2x", "schbench wakeup latency, workers = 2 x CPUs, p50", 1, AT_ONCE, 0 },
	{ "schbench_2x:p99", "schbench wakeup latency, workers = 2 x CPUs, p99", 1, AT_ONCE, 0 },
	/* The user-level O(1) rows, o1_N (user/bench/o1rows.h). */
#define O1_DEF(n, quick)	{ "o1_" #n, "switch, runnable hogs on the CPU: " #n, quick, ONE_CPU, 2 },
	BENCH_O1_ROWS(O1_DEF)
#undef O1_DEF
	/* Ours only, in the kernel (kernel/tests/bench_o1.c, boot option bench_o1):
	 * the same curve with kernel threads, no user-mode entry and exit. */
	{ "o1k_1", "ours in-kernel: switch beside 1 kernel hog", 2, ONE_CPU, 0 },
	{ "o1k_100", "ours in-kernel: switch beside 100 kernel hogs", 2, ONE_CPU, 0 },
	{ "o1k_1000", "ours in-kernel: switch beside 1000 kernel hogs", 0, ONE_CPU, 0 },
	{ "o1k_10000", "ours in-kernel: switch beside 10000 kernel hogs", 0, ONE_CPU, 0 },
	/* Bring-up (bench/run.sh): from the kernel's entry, and the start
	 * of the application processors alone. */
	{ "boot_1", "entry to all CPUs online, 1 CPU", 1, ONE_CPU, 0 },
	{ "boot_8", "entry to all CPUs online, 8 CPUs", 1, IN_TURN, 0 },
	{ "boot_16", "entry to all CPUs online, 16 CPUs", 0, IN_TURN, 0 },
	{ "boot_64", "entry to all CPUs online, 64 CPUs", 0, IN_TURN, 0 },
	{ "boot_240", "entry to all CPUs online, 240 CPUs (ours: -icount)", 0, IN_TURN, 0 },
	{ "smp_1", "starting the APs, 1 CPU (none)", 1, ONE_CPU, 0 },
	{ "smp_8", "starting the APs, 8 CPUs", 1, IN_TURN, 0 },
	{ "smp_16", "starting the APs, 16 CPUs", 0, IN_TURN, 0 },
	{ "smp_64", "starting the APs, 64 CPUs", 0, IN_TURN, 0 },
	{ "smp_240", "starting the APs, 240 CPUs (ours: -icount)", 0, IN_TURN, 0 },
};
#define NDEFS	(int)(sizeof(defs) / sizeof(defs[0]))

static const int o1_n[] = { BENCH_O1_ROWS(BENCH_O1_N) };
#define NO1	(int)(sizeof(o1_n) / sizeof(o1_n[0]))

static struct sys os, lx;
static char meta[16][1024];
static int nmeta;
/* --compare: the second run, and its meta.txt */
static struct sys os2, lx2;
static int have_run2;
static char meta2[16][1024];
static int nmeta2;

/* The value of " key=" in line (up to the next space) into out. */
static int field(const char *line, const char *key, char *out, size_t len)
{
	size_t kl = strlen(key);
	const char *p;

	for (p = line; (p = strstr(p, key)); p++) {
		if ((p == line || p[-1] == ' ') && p[kl] == '=') {
			size_t n = strcspn(p + kl + 1, " \n");

			if (n >= len)
				n = len - 1;
			memcpy(out, p + kl + 1, n);
			out[n] = 0;
			return 1;
		}
	}
	return 0;
}

static double num(const char *line, const char *key, int *ok)
{
	char v[32], *end;
	double d;

	if (!field(line, key, v, sizeof(v))) {
		*ok = 0;
		return 0;
	}
	d = strtod(v, &end);
	if (end == v || *end)
		*ok = 0;
	return d;
}

static void load(struct sys *s, const char *path)
{
	char line[512];
	FILE *f = fopen(path, "r");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f) && s->n < MAX_ROWS) {
		struct row *r = &s->rows[s->n];
		const char *tail;
		int ok = 1;

		if (strncmp(line, "bench: ", 7))
			continue;
		if (!strncmp(line, "bench: begin ", 13)) {
			snprintf(s->begin, sizeof(s->begin), "%.*s",
				 (int)strcspn(line + 13, "\n"), line + 13);
			continue;
		}
		if (!strncmp(line, "bench: end", 10)) {
			s->ended = 1;
			continue;
		}
		memset(r, 0, sizeof(*r));
		if (!field(line, "name", r->name, sizeof(r->name)))
			continue;
		if (field(line, "skip", r->skip, sizeof(r->skip))) {
			s->n++;
			continue;
		}
		field(line, "unit", r->unit, sizeof(r->unit));
		r->median = num(line, "median", &ok);
		r->min = num(line, "min", &ok);
		r->max = num(line, "max", &ok);
		r->rounds = (int)num(line, "rounds", &ok);
		r->has_p99 = strstr(line, " p99=") != NULL;
		if (r->has_p99)
			r->p99 = num(line, "p99", &ok);
		if (strstr(line, " p10="))
			r->p10 = num(line, "p10", &ok);
		if (strstr(line, " p90="))
			r->p90 = num(line, "p90", &ok);
		if (strstr(line, " ref="))
			r->ref = num(line, "ref", &ok);
		if (!ok)
			snprintf(r->skip, sizeof(r->skip), "malformed");
		tail = strstr(line, "rounds=");
		tail = tail ? strchr(tail, ' ') : NULL;
		snprintf(r->extra, sizeof(r->extra), "%.*s",
			 tail ? (int)strcspn(tail + 1, "\n") : 0, tail ? tail + 1 : "");
		s->n++;
	}
	fclose(f);
}

static const char *meta_in(char m[][1024], int n, const char *key)
{
	size_t kl = strlen(key);

	for (int i = 0; i < n; i++)
		if (!strncmp(m[i], key, kl) && m[i][kl] == '=')
			return m[i] + kl + 1;
	return "?";
}

static const char *meta_get(const char *key)
{
	return meta_in(meta, nmeta, key);
}

/* The row name ("wakeup:p99" is the p99 of wakeup): its value, or NULL. */
static const struct row *find(const struct sys *s, const char *name, double *v)
{
	char base[32];
	const char *colon = strchr(name, ':');

	snprintf(base, sizeof(base), "%.*s", colon ? (int)(colon - name) : (int)strlen(name), name);
	for (int i = 0; i < s->n; i++)
		if (!strcmp(s->rows[i].name, base)) {
			const struct row *r = &s->rows[i];

			if (r->skip[0])
				return r;
			if (colon && !r->has_p99)
				return NULL;
			if (v)
				*v = colon ? r->p99 : r->median;
			return r;
		}
	return NULL;
}

static int measured(const struct row *r)
{
	return r && !r->skip[0];
}

/* "812 ns (640..9120)" or the skip reason. */
static void cell(char *out, size_t len, const struct row *r, double v, int colon)
{
	if (!r)
		snprintf(out, len, "missing");
	else if (r->skip[0])
		snprintf(out, len, "skipped: %s", r->skip);
	else if (colon)
		snprintf(out, len, "%.0f %s", v, r->unit);
	else
		snprintf(out, len, "%.0f %s (%.0f..%.0f)", v, r->unit, r->min, r->max);
}

/*
 * The O(1) curve's last measured point over its first (*n_last its N), by
 * the median, or with use_p10 by the 10th percentile: on a host loaded by
 * other work the median of a row picks up preemptions of QEMU itself, the
 * low percentile much less.
 */
static double flatness_by(const struct sys *s, int *n_last, int use_p10)
{
	double first = 0, last = 0, v;
	char name[32];

	*n_last = 0;
	for (int k = 0; k < NO1; k++) {
		const struct row *r;

		snprintf(name, sizeof(name), "o1_%d", o1_n[k]);
		r = find(s, name, &v);
		if (!measured(r))
			continue;
		if (use_p10)
			v = r->p10;
		if (k == 0)
			first = v;
		last = v;
		*n_last = o1_n[k];
	}
	return first > 0 ? last / first : 0;
}

static double flatness(const struct sys *s, int *n_last)
{
	return flatness_by(s, n_last, 0);
}

/* The same for our in-kernel curve (o1k_N): its largest N over N=1, by
 * the median or with use_p10 by the 10th percentile. */
static double flatness_k(int *n_last, int use_p10)
{
	static const int nk[] = { 1, 100, 1000, 10000 };
	double first = 0, last = 0, v;
	char name[32];

	*n_last = 0;
	for (int k = 0; k < 4; k++) {
		const struct row *r;

		snprintf(name, sizeof(name), "o1k_%d", nk[k]);
		r = find(&os, name, &v);
		if (!measured(r))
			continue;
		if (use_p10)
			v = r->p10;
		if (k == 0)
			first = v;
		last = v;
		*n_last = nk[k];
	}
	return first > 0 ? last / first : 0;
}

/* The value of key in a row's extra keys, or -1. */
static double extra_num(const struct row *r, const char *key)
{
	int ok = 1;
	double v;

	if (!measured(r))
		return -1;
	v = num(r->extra, key, &ok);
	return ok ? v : -1;
}

/* A row's claimed switches a round may be off by this fraction: a stray
 * switch of a daemon or a timer on the row's CPUs, not another design. */
#define SW_SLACK	0.10

/* The claim of the row name ("x:p99" is x's), or 0. */
static double sw_claim(const char *name)
{
	size_t len = strcspn(name, ":");

	for (int i = 0; i < NDEFS; i++)
		if (strlen(defs[i].name) == len && !strncmp(defs[i].name, name, len))
			return defs[i].sw;
	return 0;
}

/*
 * Whether both kernels did the work the row claims (issue 28: a ratio of
 * two different works means nothing): each one's switches a round within
 * SW_SLACK of the row's claim, and the rows' work= counts (messages,
 * wakeups) equal. 1 when they did or when there is nothing to check;
 * else 0 and why in why (one line).
 */
static int same_work(const char *name, char *why, size_t len)
{
	const struct row *r[2] = { find(&os, name, NULL), find(&lx, name, NULL) };
	static const char *const who[2] = { "ours", "Linux's" };
	double claim = sw_claim(name), w[2];

	why[0] = 0;
	for (int k = 0; k < 2; k++) {
		double sw = extra_num(r[k], "sw_per_round");

		if (!measured(r[k]) || claim <= 0)
			continue;
		if (sw < 0) {
			snprintf(why, len, "%s row has no sw_per_round, the row claims %.2f switches a round",
				 who[k], claim);
			return 0;
		}
		if (sw < claim * (1 - SW_SLACK) || sw > claim * (1 + SW_SLACK)) {
			snprintf(why, len, "%s row made %.2f switches a round, the row claims %.2f "
				 "(more than %.0f%% off)", who[k], sw, claim, SW_SLACK * 100);
			return 0;
		}
	}
	if (!measured(r[0]) || !measured(r[1]))
		return 1;
	w[0] = extra_num(r[0], "work");
	w[1] = extra_num(r[1], "work");
	if ((w[0] >= 0 || w[1] >= 0) && w[0] != w[1]) {
		snprintf(why, len, "work=%.0f on ours against work=%.0f on Linux", w[0], w[1]);
		return 0;
	}
	return 1;
}

/* Whether the row has anything for same_work() to check. */
static int has_work_check(const char *name)
{
	const struct row *a = find(&os, name, NULL), *b = find(&lx, name, NULL);

	if (!measured(a) && !measured(b))
		return 0;
	return sw_claim(name) > 0 || extra_num(a, "work") >= 0 || extra_num(b, "work") >= 0;
}

/*
 * Whether two measured rows were timed in the same clock: a bring-up row
 * says clock=icount (virtual time, instructions) or clock=host (bench/
 * run.sh). At 240 CPUs ours runs under -icount and Linux on the host
 * clock, and a ratio of the two would mean nothing.
 */
static int same_clock(const struct row *a, const struct row *b)
{
	char ca[16] = "", cb[16] = "";

	field(a->extra, "clock", ca, sizeof(ca));
	field(b->extra, "clock", cb, sizeof(cb));
	return !strcmp(ca, cb);
}

static double ratio_of(const char *name, int *have)
{
	double a = 0, b = 0;
	const struct row *ra = find(&os, name, &a), *rb = find(&lx, name, &b);

	char why[160];

	*have = measured(ra) && measured(rb) && b > 0 && a > 0 && same_clock(ra, rb) &&
		same_work(name, why, sizeof(why));
	return *have ? a / b : 0;
}

/*
 * How much slower the host ran while ours measured the row than while
 * Linux did: the ratio of the two ref= readings (user/bench/util.c), or 0
 * when either is missing. Above 1: the host was slower during ours.
 */
static double host_of(const char *name)
{
	const struct row *ra = find(&os, name, NULL), *rb = find(&lx, name, NULL);

	if (!measured(ra) || !measured(rb) || ra->ref <= 0 || rb->ref <= 0)
		return 0;
	return ra->ref / rb->ref;
}

static const char *goal(const char *name, double ratio, int have)
{
	double v;

	if (!strcmp(name, "boot_64") && measured(find(&os, name, &v)) &&
	    v >= SMP64_GOAL_US)
		return "no (>= 100 ms)";
	if (!have) {
		const struct row *ra = find(&os, name, NULL), *rb = find(&lx, name, NULL);
		char why[160];

		if (!same_work(name, why, sizeof(why)))
			return "no: not the same work";
		if (measured(ra) && measured(rb) && !same_clock(ra, rb))
			return "n/a (clocks differ)";
		return "n/a";
	}
	return ratio < 1.0 ? "yes" : "no";
}

/* The separator before a miss's next measurement: ":" first, then ";". */
static const char *sep_next(const char **sep)
{
	const char *s = *sep;

	*sep = ";";
	return s;
}

/*
 * Each row that missed, with what this run measured about it: the low
 * percentile (a median moved by the host's slow spells moves it much
 * less), the spread of both, the host's speed during each, the switches
 * each round made, and for ctx_switch the cost of a switch that happened.
 * bench/notes.md says what dominates each, with the traces behind it.
 */
static void misses(FILE *f, int md)
{
	const char *sep;
	int any = 0;

	for (int i = 0; i < NDEFS; i++) {
		const char *name = defs[i].name;
		int have, colon = strchr(name, ':') != NULL;
		double ratio = ratio_of(name, &have), h = host_of(name), a, b;
		const struct row *ra = find(&os, name, NULL), *rb = find(&lx, name, NULL);

		if (!have || ratio < 1.0)
			continue;
		if (!any)
			fprintf(f, md ? "\n**The rows that missed, and what this run measured about each** "
				        "(bench/notes.md says what dominates each):\n\n"
				      : "\nmisses:\n");
		any = 1;
		sep = ":";
		fprintf(f, md ? "- `%s` %.2fx" : "  %s %.2fx", name, ratio);
		if (!colon && ra->p10 > 0 && rb->p10 > 0)
			fprintf(f, "%s by the 10th percentile %.2fx (%.0f against %.0f %s)", sep_next(&sep),
				ra->p10 / rb->p10, ra->p10, rb->p10, ra->unit);
		if (!colon && ra->p10 > 0 && rb->p10 > 0 && ra->p90 > 0 && rb->p90 > 0)
			fprintf(f, "%s spread p90/p10 ours %.1f, Linux %.1f", sep_next(&sep),
				ra->p90 / ra->p10, rb->p90 / rb->p10);
		if (colon)
			fprintf(f, "%s medians %.0f against %.0f %s", sep_next(&sep), ra->median, rb->median, ra->unit);
		if (h > 0)
			fprintf(f, "%s the host's reference loop %.0f against %.0f ns (%.2f)", sep_next(&sep),
				ra->ref, rb->ref, h);
		a = extra_num(ra, "sw_per_round");
		b = extra_num(rb, "sw_per_round");
		if (a >= 0 && b >= 0)
			fprintf(f, "%s switches per round %.2f against %.2f", sep_next(&sep), a, b);
		a = extra_num(ra, "per_switch_ns");
		b = extra_num(rb, "per_switch_ns");
		if (a > 0 && b > 0)
			fprintf(f, "%s per switch that happened %.0f against %.0f ns (%.2fx)", sep_next(&sep), a, b, a / b);
		a = extra_num(ra, "cross_cpu");
		b = extra_num(rb, "cross_cpu");
		if (a >= 0 && b >= 0)
			fprintf(f, "%s the sleeper woke on another CPU than its waker's in %.0f against "
				   "%.0f of %d rounds (p99 on the same CPU %.0f against %.0f ns)", sep_next(&sep),
				a, b, ra->rounds, extra_num(ra, "p99_same_ns"), extra_num(rb, "p99_same_ns"));
		fprintf(f, ".\n");
	}
}

/* The host's speed at the O(1) curve's ends (its ref= readings): a slow
 * spell over one end and not the other moves the curve by itself. */
static void o1_host(FILE *f, int md, int no, int nl)
{
	char last[32];
	double h[2] = { 0, 0 };

	for (int s = 0; s < 2; s++) {
		const struct sys *sy = s ? &lx : &os;
		const struct row *r1 = find(sy, "o1_1", NULL), *rn;

		snprintf(last, sizeof(last), "o1_%d", s ? nl : no);
		rn = find(sy, last, NULL);
		if (measured(r1) && measured(rn) && r1->ref > 0 && rn->ref > 0)
			h[s] = rn->ref / r1->ref;
	}
	if (h[0] > 0 && h[1] > 0)
		fprintf(f, md ? "The host's reference loop at the largest N over N=1: %.2f while ours ran, "
				"%.2f while Linux did.\n"
			      : "O(1) host's loop, largest N over N=1: ours %.2f, Linux %.2f\n",
			h[0], h[1]);
}

/* Row i of both kernels as table cells: ours, Linux's, their ratio ("-"
 * when one is missing). 0 when neither kernel has the row. */
struct cells {
	char a[96], b[96], rs[16];
	double ratio;
	int have;
};

static int row_cells(int i, struct cells *c)
{
	double va = 0, vb = 0;
	int colon = strchr(defs[i].name, ':') != NULL;
	const struct row *ra = find(&os, defs[i].name, &va);
	const struct row *rb = find(&lx, defs[i].name, &vb);

	if (!ra && !rb)
		return 0;
	cell(c->a, sizeof(c->a), ra, va, colon);
	cell(c->b, sizeof(c->b), rb, vb, colon);
	c->ratio = ratio_of(defs[i].name, &c->have);
	snprintf(c->rs, sizeof(c->rs), c->have ? "%.2f" : "-", c->ratio);
	return 1;
}

/*
 * TAP, one test a row that claims its switches or counts its work: both
 * kernels did that same work (same_work()), numbered from *n on. Returns
 * the number that failed.
 */
static int same_work_tap(FILE *f, int *n)
{
	char why[160];
	int bad = 0;

	for (int i = 0; i < NDEFS; i++) {
		const char *name = defs[i].name;

		if (strchr(name, ':') || !has_work_check(name))
			continue;
		(*n)++;
		if (same_work(name, why, sizeof(why)))
			fprintf(f, "ok %d same_work_%s\n", *n, name);
		else {
			fprintf(f, "not ok %d same_work_%s # not the same work on both kernels: %s\n",
				*n, name, why);
			bad++;
		}
	}
	return bad;
}

/* The rows that did not do the same work on both kernels, with why. */
static int work_lines(FILE *f, int md)
{
	char why[160];
	int bad = 0;

	for (int i = 0; i < NDEFS; i++) {
		if (strchr(defs[i].name, ':') || same_work(defs[i].name, why, sizeof(why)))
			continue;
		if (!bad)
			fprintf(f, md ? "\n**Rows that did not do the same work on both kernels** "
					"(no ratio: the run fails):\n\n"
				      : "\nnot the same work (no ratio; the run fails):\n");
		fprintf(f, md ? "- `%s`: %s.\n" : "  %s: %s\n", defs[i].name, why);
		bad++;
	}
	return bad;
}

static void table(FILE *f, int md)
{
	char hs[16];
	int met = 0, total = 0;

	if (md)
		fprintf(f, "| row | what | ours | Linux 6.1 | ours/Linux | goal met? | host ours/Linux |\n"
			   "|---|---|---:|---:|---:|---|---:|\n");
	else
		fprintf(f, "%-15s %-28s %-28s %8s  %-9s %s\n", "row", "ours median (min..max)",
			"Linux median (min..max)", "ratio", "goal met?", "host");
	for (int i = 0; i < NDEFS; i++) {
		struct cells c;
		const char *g;

		if (!row_cells(i, &c))
			continue;
		snprintf(hs, sizeof(hs), host_of(defs[i].name) > 0 ? "%.2f" : "-",
			 host_of(defs[i].name));
		g = goal(defs[i].name, c.ratio, c.have);
		total += c.have;
		met += c.have && !strcmp(g, "yes");
		if (md)
			fprintf(f, "| `%s` | %s | %s | %s | %s | %s | %s |\n", defs[i].name,
				defs[i].what, c.a, c.b, c.rs, g, hs);
		else
			fprintf(f, "%-15s %-28s %-28s %8s  %-9s %s\n", defs[i].name, c.a, c.b,
				c.rs, g, hs);
	}
	{
		int no, nl;
		double fo = flatness(&os, &no), fl = flatness(&lx, &nl);

		fprintf(f, md ? "\nO(1) curve (median switch at the largest N measured over N=1): "
			   "ours %.2f at N=%d, Linux %.2f at N=%d; goal ours <= %.2f: %s.\n"
			      : "\nO(1): ours %.2f at N=%d, Linux %.2f at N=%d (goal ours <= %.2f: %s)\n",
			fo, no, fl, nl, O1_FLAT, fo > 0 && fo <= O1_FLAT ? "yes" : "no");
		o1_host(f, md, no, nl);
		fo = flatness_by(&os, &no, 1);
		fl = flatness_by(&lx, &nl, 1);
		fprintf(f, md ? "By the 10th percentile: ours %.2f at N=%d, Linux %.2f at N=%d.\n"
			      : "O(1) by p10: ours %.2f at N=%d, Linux %.2f at N=%d\n",
			fo, no, fl, nl);
		fo = flatness_k(&no, 0);
		fl = flatness_k(&nl, 1);
		if (no) {
			char last[32];
			const struct row *r1 = find(&os, "o1k_1", NULL), *rn;

			snprintf(last, sizeof(last), "o1k_%d", no);
			rn = find(&os, last, NULL);
			fprintf(f, md ? "In the kernel (o1k rows, kernel threads): ours %.2f at N=%d; goal <= %.2f: %s; "
					"by the 10th percentile %.2f"
				      : "O(1) in the kernel: ours %.2f at N=%d (goal <= %.2f: %s; by p10 %.2f",
				fo, no, O1_FLAT, fo > 0 && fo <= O1_FLAT ? "yes" : "no", fl);
			/* The host's speed during each: a slow spell over one
			 * row and not the other moves the ratio by itself. */
			if (measured(r1) && measured(rn) && r1->ref > 0 && rn->ref > 0)
				fprintf(f, "; the host's reference loop %.2fx as slow at N=%d as at N=1",
					rn->ref / r1->ref, no);
			fprintf(f, md ? ".\n" : ")\n");
		}
		fprintf(f, md ? "\nRows faster than Linux: %d of %d compared.\n"
			      : "rows faster than Linux: %d of %d compared\n", met, total);
	}
	misses(f, md);
	work_lines(f, md);
}

/* Derived numbers that say where time goes (same run, same units). */
static void breakdown(FILE *f)
{
	static const struct {
		const char *what, *a, *b;
		double k;
	} d[] = {
		{ "lmbench's pipe overhead in a switch: ctx_switch - lat_ctx_2 (ns)", "ctx_switch", "lat_ctx_2", 1 },
		{ "cross-core wakeup extra: pipe_core - 2 x o1_1 (ns)", "pipe_core", "o1_1", 2 },
		{ "a busy target instead of an idle one: pipe_core_busy - pipe_core (ns)", "pipe_core_busy", "pipe_core", 1 },
		{ "exec placement: exec_place - exec (us)", "exec_place", "exec", 1 },
		{ "exec's share of fork_exec_exit: fork_exec_exit - fork_exit (us)", "fork_exec_exit", "fork_exit", 1 },
	};

	fprintf(f, "| derived | ours | Linux |\n|---|---:|---:|\n");
	for (size_t i = 0; i < sizeof(d) / sizeof(d[0]); i++) {
		double a1 = 0, a2 = 0, b1 = 0, b2 = 0;
		int oko = measured(find(&os, d[i].a, &a1)) && measured(find(&os, d[i].b, &a2));
		int okl = measured(find(&lx, d[i].a, &b1)) && measured(find(&lx, d[i].b, &b2));

		fprintf(f, "| %s | ", d[i].what);
		if (oko)
			fprintf(f, "%.0f | ", a1 - d[i].k * a2);
		else
			fprintf(f, "- | ");
		if (okl)
			fprintf(f, "%.0f |\n", b1 - d[i].k * b2);
		else
			fprintf(f, "- |\n");
	}
}

/* The switches each round made on the CPUs used (the kernels' own stat:
 * counters, read by the bench program before and after the rounds). */
static void switches(FILE *f)
{
	fprintf(f, "\n| context switches per round (stat: counters) | ours | Linux |\n|---|---:|---:|\n");
	for (int i = 0; i < NDEFS; i++) {
		char a[32] = "-", b[32] = "-";
		const struct row *ra = find(&os, defs[i].name, NULL);
		const struct row *rb = find(&lx, defs[i].name, NULL);

		if (strchr(defs[i].name, ':'))
			continue;
		if (!(measured(ra) && field(ra->extra, "sw_per_round", a, sizeof(a))) &
		    !(measured(rb) && field(rb->extra, "sw_per_round", b, sizeof(b))))
			continue;
		fprintf(f, "| `%s` | %s | %s |\n", defs[i].name, a, b);
	}
	{
		char a[32] = "-", b[32] = "-";
		const struct row *ra = find(&os, "ctx_switch", NULL);
		const struct row *rb = find(&lx, "ctx_switch", NULL);

		if (measured(ra))
			field(ra->extra, "per_switch_ns", a, sizeof(a));
		if (measured(rb))
			field(rb->extra, "per_switch_ns", b, sizeof(b));
		fprintf(f, "| `ctx_switch`: mean ns per switch that happened | %s | %s |\n", a, b);
	}
}

static void copy_file(FILE *f, const char *path)
{
	char buf[4096];
	size_t n;
	FILE *in = path ? fopen(path, "r") : NULL;

	if (!in)
		return;
	while ((n = fread(buf, 1, sizeof(buf), in)) > 0)
		fwrite(buf, 1, n, f);
	fclose(in);
}

/* ---- the deterministic mode (make bench DETERMINISTIC=1) ----------------- */

/*
 * The deterministic section lives in results.md between these two lines:
 * the wall-clock run rewrites the rest of the file and keeps it, the
 * deterministic run rewrites it alone and keeps the rest.
 */
#define DET_BEGIN	"<!-- deterministic mode: begin (make bench DETERMINISTIC=1 rewrites this section) -->\n"
#define DET_END		"<!-- deterministic mode: end -->\n"
#define SVG_LINE	"![ratios and the O(1) curve](results.svg)"
/* issue 17: two deterministic runs give every row within 1% */
#define AGREE		0.01

/* The whole of a file, NUL-terminated (malloc), or NULL. */
static char *slurp(const char *path)
{
	FILE *f = path ? fopen(path, "r") : NULL;
	char *buf = NULL;
	size_t len = 0, n;

	if (!f)
		return NULL;
	for (;;) {
		buf = realloc(buf, len + 4097);
		if (!buf)
			exit(1);
		n = fread(buf + len, 1, 4096, f);
		len += n;
		if (!n)
			break;
	}
	buf[len] = 0;
	fclose(f);
	return buf;
}

/* The deterministic section of the file at path, markers included, or NULL. */
static char *det_block_of(const char *path)
{
	char *all = slurp(path), *b, *e, *out = NULL;

	if (all && (b = strstr(all, DET_BEGIN)) && (e = strstr(b, DET_END))) {
		e += strlen(DET_END);
		out = strndup(b, (size_t)(e - b));
	}
	free(all);
	return out;
}

/* Largest relative difference of a row between the two runs, over both
 * kernels; -1 when the row is not measured in both runs of either. */
static double row_diff(const char *name, const struct sys *a, const struct sys *b)
{
	double va = 0, vb = 0, hi;

	if (!measured(find(a, name, &va)) || !measured(find(b, name, &vb)))
		return -1;
	hi = va > vb ? va : vb;
	if (hi <= 0)
		return 0;
	return (va > vb ? va - vb : vb - va) / hi;
}

static double diff_both(const char *name)
{
	double d1 = row_diff(name, &os, &os2), d2 = row_diff(name, &lx, &lx2);

	return d1 > d2 ? d1 : d2;
}

/*
 * --compare: TAP, one test a row a kernel: the row's value (the median;
 * for wakeup:p99 the 99th percentile) in run 1 and run 2 within AGREE of
 * the larger, or skipped alike in both. A row measured in one run only
 * fails. Returns the number that failed.
 */
static int compare(FILE *f)
{
	int n = 0, bad = 0;

	for (int s = 0; s < 2; s++) {
		const struct sys *a = s ? &lx : &os, *b = s ? &lx2 : &os2;
		const char *who = s ? "linux" : "os";

		/* A run that did not finish has no rows to disagree with. */
		n++;
		if (a->ended && b->ended)
			fprintf(f, "ok %d agree_%s_runs_complete\n", n, who);
		else {
			fprintf(f, "not ok %d agree_%s_runs_complete # bench: end missing in run%s%s\n",
				n, who, a->ended ? "" : " 1", b->ended ? "" : " 2");
			bad++;
		}
		for (int i = 0; i < NDEFS; i++) {
			const char *name = defs[i].name;
			const struct row *ra = find(a, name, NULL), *rb = find(b, name, NULL);
			double va = 0, vb = 0, d;

			if (!ra && !rb)
				continue;
			n++;
			if (!measured(ra) && !measured(rb) && ra && rb &&
			    !strcmp(ra->skip, rb->skip)) {
				fprintf(f, "ok %d agree_%s_%s # SKIP %s in both runs\n", n, who, name, ra->skip);
				continue;
			}
			d = row_diff(name, a, b);
			if (d < 0) {
				fprintf(f, "not ok %d agree_%s_%s # run 1: %s, run 2: %s\n", n, who, name,
					!ra ? "missing" : ra->skip[0] ? ra->skip : "measured",
					!rb ? "missing" : rb->skip[0] ? rb->skip : "measured");
				bad++;
				continue;
			}
			find(a, name, &va);
			find(b, name, &vb);
			if (d <= AGREE)
				fprintf(f, "ok %d agree_%s_%s # %.0f and %.0f %s (%.2f%%)\n", n, who, name,
					va, vb, ra->unit, d * 100);
			else {
				fprintf(f, "not ok %d agree_%s_%s # %.0f and %.0f %s differ by %.2f%% (> %.0f%%)\n",
					n, who, name, va, vb, ra->unit, d * 100, AGREE * 100);
				bad++;
			}
		}
	}
	/* run 1's rows, the ones the table compares */
	bad += same_work_tap(f, &n);
	fprintf(f, "1..%d\n", n);
	return bad;
}

/*
 * Why ours is not faster on a row in this mode: bench/det-why.md, one entry
 * a row, "- `row`: text" with indented continuation lines. Returns the
 * entry's text (malloc), or NULL.
 */
static char *why_of(const char *whyfile, const char *name)
{
	char *all = slurp(whyfile), *p, *out = NULL, key[48];

	if (!all)
		return NULL;
	snprintf(key, sizeof(key), "- `%s`:", name);
	for (p = all; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		char *e;

		if (strncmp(p, key, strlen(key)))
			continue;
		p += strlen(key);
		while (*p == ' ')
			p++;
		/* up to the next line that is not indented */
		for (e = p; (e = strchr(e, '\n')) && e[1] == ' ' && e[2] == ' '; e++)
			;
		out = strndup(p, e ? (size_t)(e - p) : strlen(p));
		break;
	}
	free(all);
	return out;
}

/* The deterministic section (markers included) into f; the number of rows
 * where ours is not faster and whyfile has no entry. */
static int det_section(FILE *f, const char *whyfile)
{
	char ds[32];
	int met = 0, total = 0, unexplained = 0, disagree = 0, compared = 0;
	double worst = 0;
	const char *worst_row = "";
	const char *rtc = meta_get("rtc");	/* "?" in a run made before -rtc */
	int has_rtc = rtc[0] && strcmp(rtc, "?");

	fputs(DET_BEGIN, f);
	fprintf(f, "## Deterministic mode: guest instructions, not the host's clock\n\n"
		   "Made by `make bench DETERMINISTIC=1%s` (bench/run.sh, bench/report.c) on %s, "
		   "tree %s, in %s s of wall time%s. Both kernels ran under QEMU's **`-icount %s`**%s%s%s "
		   "(every other option as in the wall-clock table; the whole command lines are "
		   "below). The guest's clocks (TSC, APIC timer, HPET, PIT) then advance by 2^shift ns "
		   "per guest instruction executed: with shift=0 a `ns` in this table is one "
		   "instruction, summed over every vCPU that ran in the meantime. "
		   "bench/notes.md, \"Deterministic mode\", says why these options and what the "
		   "mode does not see (memory, TLB and cache costs; vCPUs that run at once).\n\n",
		   !strcmp(meta_get("quick"), "0") ? "" : " QUICK=1", meta_get("date"), meta_get("tree"),
		   meta_get("seconds"),
		   have_run2 ? ", twice" : "", meta_get("icount"),
		   has_rtc ? " and **`-rtc " : "", has_rtc ? rtc : "", has_rtc ? "`**" : "");
	fprintf(f, "*In this mode*: **one CPU**, the row's work runs on one CPU while the others "
		   "halt: the count of the kernel's instructions on its path; **two CPUs in turn**, "
		   "work handed between CPUs (a pipe, a child, the APs): also what the waiting CPU "
		   "executes (idle polling counts) and how soon QEMU's round-robin reaches the CPU "
		   "that was woken; **CPUs at once**, hogs on several CPUs share one instruction "
		   "clock: QEMU's round-robin as much as the kernel, kept for the record, not to "
		   "rank the kernels.\n\n");
	fprintf(f, "| row | what | in this mode | ours | Linux 6.1 | ours/Linux | two runs differ by |\n"
		   "|---|---|---|---:|---:|---:|---:|\n");
	for (int i = 0; i < NDEFS; i++) {
		struct cells c;
		double d;

		if (!row_cells(i, &c))
			continue;
		d = have_run2 ? diff_both(defs[i].name) : -1;
		if (d >= 0) {
			snprintf(ds, sizeof(ds), "%.2f%%", d * 100);
			compared++;
			disagree += d > AGREE;
			if (d >= worst) {
				worst = d;
				worst_row = defs[i].name;
			}
		} else
			snprintf(ds, sizeof(ds), "-");
		total += c.have;
		met += c.have && c.ratio < 1.0;
		fprintf(f, "| `%s` | %s | %s | %s | %s | %s | %s |\n", defs[i].name, defs[i].what,
			det_kind_text[defs[i].det], c.a, c.b, c.rs, ds);
	}
	fprintf(f, "\nRows faster than Linux: %d of %d compared", met, total);
	{
		int m1 = 0, t1 = 0;

		for (int i = 0; i < NDEFS; i++) {
			int have;
			double r = ratio_of(defs[i].name, &have);

			if (have && defs[i].det != AT_ONCE) {
				t1++;
				m1 += r < 1.0;
			}
		}
		fprintf(f, " (%d of %d without the *CPUs at once* rows).\n", m1, t1);
	}
	if (have_run2) {
		fprintf(f, "Two runs, one after the other: %d of %d rows within %.0f%% on every kernel that "
			   "measured them; the largest difference %.2f%% (`%s`); run times %s and %s s.\n",
			compared - disagree, compared, AGREE * 100, worst * 100, worst_row,
			meta_get("seconds"), meta_in(meta2, nmeta2, "seconds"));
		for (int k = 0; k < 2; k++) {
			const struct sys *a = k ? &lx : &os, *b = k ? &lx2 : &os2;

			if (!a->ended || !b->ended)
				fprintf(f, "**%s's run%s did not finish** (no `bench: end`; its serial log in "
					   "the run's logs/): its rows are missing, and the run fails.\n",
					k ? "Linux 6.1" : "Ours", a->ended ? " 2" : b->ended ? " 1" : "s");
		}
	}
	work_lines(f, 1);
	fprintf(f, "\n**Where ours is not faster, and why** (bench/det-why.md):\n\n");
	for (int i = 0; i < NDEFS; i++) {
		int have;
		double ratio = ratio_of(defs[i].name, &have);
		char *why;

		if (!have || ratio < 1.0)
			continue;
		why = why_of(whyfile, defs[i].name);
		fprintf(f, "- `%s` %.2fx (%s): %s\n", defs[i].name, ratio, det_kind_text[defs[i].det],
			why ? why : "**not explained yet**: bench/det-why.md has no entry for this row");
		unexplained += !why;
		free(why);
	}
	if (!total)
		fprintf(f, "- no row compared: no row was measured on both kernels.\n");
	else if (met == total)
		fprintf(f, "- none: ours is faster on every row compared.\n");
	fprintf(f, "\n- ours: `%s`\n- Linux: `%s`\n- host: %s; %s\n\n",
		meta_get("os_cmd"), meta_get("linux_cmd"), meta_get("host"), meta_get("qemu"));
	fputs(DET_END, f);
	return unexplained;
}

/*
 * Write the deterministic section into path: in place of the one there,
 * or after the wall-clock table's chart, or as a file of its own (a quick
 * run's). Returns det_section()'s count of unexplained rows.
 */
static int write_det_md(const char *path, const char *whyfile)
{
	char *all = slurp(path), *b = NULL, *e = NULL, *at;
	FILE *f;
	int unexplained;

	if (all && (b = strstr(all, DET_BEGIN)) && (e = strstr(b, DET_END)))
		e += strlen(DET_END);
	else if (all && (at = strstr(all, SVG_LINE "\n"))) {
		b = e = at + strlen(SVG_LINE "\n");
	} else {
		free(all);
		all = NULL;
	}
	f = fopen(path, "w");
	if (!f) {
		perror(path);
		exit(1);
	}
	if (all)
		fwrite(all, 1, (size_t)(b - all), f);
	else
		fprintf(f, "# Benchmarks: the deterministic mode alone\n\n");
	unexplained = det_section(f, whyfile);
	if (all)
		fputs(e, f);
	fclose(f);
	free(all);
	return unexplained;
}

static void write_md(const char *path, const char *notes, const char *sim)
{
	char *det = det_block_of(path);
	FILE *f = fopen(path, "w"), *in;

	if (!f) {
		perror(path);
		exit(1);
	}
	fprintf(f, "# Benchmarks: this kernel against Linux 6.1 in the same QEMU\n\n"
		   "Made by `make bench%s` (bench/run.sh, bench/report.c) on %s.\n\n"
		   "- host: %s\n- %s\n- tree: %s\n"
		   "- ours: `%s`\n  - TSC %s at boot; the bench program's calibration: %s\n"
		   "- Linux: `%s`\n  - TSC %s at boot; the bench program's calibration: %s\n"
		   "- bring-up boots: shapes %s of tests/topologies\n\n",
		   !strcmp(meta_get("quick"), "0") ? "" : " QUICK=1", meta_get("date"),
		   meta_get("host"), meta_get("qemu"), meta_get("tree"), meta_get("os_cmd"), meta_get("os_tsc"),
		   os.begin, meta_get("linux_cmd"), meta_get("linux_tsc"), lx.begin,
		   meta_get("smp_shapes"));
	fprintf(f, "Medians with (min..max) over `rounds` rounds; every row is a cost "
		   "(lower is better); the ratio is ours / Linux, goal met when below 1. "
		   "The in-guest program is user/bench/ (one source, both kernels); "
		   "times come from the TSC. The whole lines, with p10/p90/p99 and the "
		   "CPUs used, are in the run's os.txt and linux.txt. *host ours/Linux*: how much slower "
		   "the host itself ran while ours measured the row than while Linux did, read by the "
		   "same fixed loop between the row's rounds on both kernels (`ref=`, user/bench/util.c; "
		   "bench/notes.md, \"Host speed\").\n\n");
	table(f, 1);
	fprintf(f, "\n%s\n", SVG_LINE);
	if (det)
		fprintf(f, "\n%s", det);
	free(det);
	fprintf(f, "\n## Where the time goes (derived from the rows above)\n\n");
	breakdown(f);
	switches(f);
	fprintf(f, "\n");
	copy_file(f, notes);
	if (sim && (in = fopen(sim, "r"))) {
		fclose(in);
		fprintf(f, "\n## The simulator's benchmarks (make bench-sched)\n\n");
		copy_file(f, sim);
	}
	fprintf(f, "\n## Reproduce\n\n    make bench            # this file, results.svg, and the table\n"
		   "    make bench QUICK=1    # a quick sanity run into build/bench/ (test-bench)\n"
		   "    make bench DETERMINISTIC=1 [QUICK=1]   # two runs under -icount, compared;\n"
		   "                          # the full one rewrites the deterministic section here\n");
	fclose(f);
}

/* ---- the SVG: ratio bars (log scale), then the O(1) curves -------------- */

static double lg(double x) { return x > 0 ? __builtin_log10(x) : 0; }

static void write_svg(const char *path)
{
	FILE *f = fopen(path, "w");
	int y = 40, w = 820, h, nbars = 0, i, k;
	double maxv = 0;

	if (!f) {
		perror(path);
		exit(1);
	}
	for (i = 0; i < NDEFS; i++) {
		int have;

		ratio_of(defs[i].name, &have);
		nbars += have;
	}
	h = 60 + nbars * 22 + 330;
	fprintf(f, "<svg xmlns='http://www.w3.org/2000/svg' width='%d' height='%d' "
		   "font-family='sans-serif' font-size='12'>\n<rect width='100%%' height='100%%' fill='white'/>\n"
		   "<text x='10' y='20' font-size='15'>ours / Linux 6.1 per row (median; log scale, left of 1 = ours faster)</text>\n",
		w, h);
	/* x: log10(ratio) in [-2, 2] over [300, 780] */
	fprintf(f, "<line x1='540' y1='%d' x2='540' y2='%d' stroke='black'/>\n", y - 10, y + nbars * 22);
	for (k = -2; k <= 2; k++)
		fprintf(f, "<text x='%d' y='%d' text-anchor='middle' fill='#666'>%g</text>\n",
			540 + k * 120, y + nbars * 22 + 14, __builtin_pow(10, k));
	for (i = 0; i < NDEFS; i++) {
		int have;
		double r = ratio_of(defs[i].name, &have), x;

		if (!have)
			continue;
		x = lg(r);
		if (x < -2)
			x = -2;
		if (x > 2)
			x = 2;
		fprintf(f, "<text x='290' y='%d' text-anchor='end'>%s</text>\n", y + 12, defs[i].name);
		fprintf(f, "<rect x='%.1f' y='%d' width='%.1f' height='16' fill='%s'/>\n",
			x < 0 ? 540 + x * 120 : 540, y, (x < 0 ? -x : x) * 120 + 1,
			r < 1 ? "#3a3" : "#c33");
		fprintf(f, "<text x='%d' y='%d' fill='#333'>%.2f</text>\n",
			x < 0 ? 545 : 535 - 40, y + 12, r);
		y += 22;
	}
	/* O(1): ns per switch against log10(N) */
	y += 40;
	fprintf(f, "<text x='10' y='%d' font-size='15'>O(1): ns per switch with N runnable hogs on the CPU (median)</text>\n", y);
	y += 20;
	for (k = 0; k < NO1; k++) {
		double v;
		char name[32];

		snprintf(name, sizeof(name), "o1_%d", o1_n[k]);
		if (measured(find(&os, name, &v)) && v > maxv)
			maxv = v;
		if (measured(find(&lx, name, &v)) && v > maxv)
			maxv = v;
	}
	if (maxv <= 0)
		maxv = 1;
	fprintf(f, "<rect x='100' y='%d' width='600' height='220' fill='none' stroke='black'/>\n", y);
	for (k = 0; k <= 4; k++)
		fprintf(f, "<text x='%d' y='%d' text-anchor='middle'>%g</text>\n",
			100 + k * 150, y + 236, __builtin_pow(10, k));
	fprintf(f, "<text x='400' y='%d' text-anchor='middle'>runnable hogs N (log)</text>\n", y + 252);
	fprintf(f, "<text x='95' y='%d' text-anchor='end'>%.0f ns</text>\n<text x='95' y='%d' text-anchor='end'>0</text>\n",
		y + 10, maxv, y + 220);
	for (int s = 0; s < 2; s++) {
		const struct sys *sy = s ? &lx : &os;
		const char *col = s ? "#c60" : "#06c";
		int first = 1;

		fprintf(f, "<polyline fill='none' stroke='%s' stroke-width='2' points='", col);
		for (k = 0; k < NO1; k++) {
			double v;
			char name[32];

			snprintf(name, sizeof(name), "o1_%d", o1_n[k]);
			if (!measured(find(sy, name, &v)))
				continue;
			fprintf(f, "%s%.1f,%.1f", first ? "" : " ", 100 + lg(o1_n[k]) * 150,
				y + 220 - v / maxv * 210);
			first = 0;
		}
		fprintf(f, "'/>\n<text x='710' y='%d' fill='%s'>%s</text>\n", y + 20 + s * 16, col,
			s ? "Linux 6.1" : "ours");
	}
	fprintf(f, "</svg>\n");
	fclose(f);
}

/* ---- --check: the sanity of a (quick) run, as TAP ----------------------- */

/* A row of user/bench (not the kernel's o1k_ nor run.sh's bring-up rows). */
static int in_guest_program(const char *name)
{
	return strncmp(name, "o1k_", 4) && strncmp(name, "boot_", 5) && strncmp(name, "smp_", 4);
}

static int check(void)
{
	int n = 0, bad = 0;

	for (int s = 0; s < 2; s++) {
		const struct sys *sy = s ? &lx : &os;
		const char *who = s ? "linux" : "os";

		n++;
		if (sy->ended && sy->begin[0])
			printf("ok %d %s_run_complete\n", n, who);
		else {
			printf("not ok %d %s_run_complete # no bench: begin/end\n", n, who);
			bad++;
		}
		for (int i = 0; i < NDEFS; i++) {
			double v = 0;
			const struct row *r;
			int min_ok;

			if (strchr(defs[i].name, ':'))
				continue;
			r = find(sy, defs[i].name, &v);
			if (!r && (!defs[i].must || (defs[i].must == 2 && s)))
				continue;
			n++;
			if (!r || (r->skip[0] && defs[i].must)) {
				printf("not ok %d %s_%s # %s\n", n, who, defs[i].name,
				       r ? r->skip : "missing");
				bad++;
				continue;
			}
			if (r->skip[0]) {
				printf("ok %d %s_%s # SKIP %s\n", n, who, defs[i].name, r->skip);
				continue;
			}
			/* smp_1 starts no AP: 0 is its true value */
			min_ok = !strcmp(defs[i].name, "smp_1") ? r->min >= 0 : r->min > 0;
			/* every row of the bench program reads the host's speed */
			if (in_guest_program(defs[i].name) && r->ref <= 0)
				min_ok = 0;
			if (min_ok && r->min <= r->median && r->median <= r->max &&
			    r->rounds > 0 && (!r->has_p99 || (r->p99 >= r->median && r->p99 <= r->max)))
				printf("ok %d %s_%s # median %.0f %s\n", n, who, defs[i].name,
				       r->median, r->unit);
			else {
				printf("not ok %d %s_%s # min %.0f median %.0f max %.0f rounds %d ref %.0f\n",
				       n, who, defs[i].name, r->min, r->median, r->max, r->rounds, r->ref);
				bad++;
			}
		}
	}
	bad += same_work_tap(stdout, &n);
	printf("1..%d\n", n);
	return bad ? 1 : 0;
}

/* DIR's os.txt, linux.txt and meta.txt into s, l and m (n lines). */
static void load_run(const char *dir, struct sys *s, struct sys *l, char m[][1024], int *n)
{
	char path[1024];
	FILE *f;

	snprintf(path, sizeof(path), "%s/os.txt", dir);
	load(s, path);
	snprintf(path, sizeof(path), "%s/linux.txt", dir);
	load(l, path);
	snprintf(path, sizeof(path), "%s/meta.txt", dir);
	f = fopen(path, "r");
	while (f && *n < 16 && fgets(m[*n], sizeof(m[0]), f)) {
		m[*n][strcspn(m[*n], "\n")] = 0;
		(*n)++;
	}
	if (f)
		fclose(f);
}

int main(int argc, char **argv)
{
	const char *md = NULL, *svg = NULL, *notes = NULL, *sim = NULL, *run2 = NULL;
	const char *why = "bench/det-why.md";
	int do_check = 0, det = 0, bad = 0;

	if (argc < 2) {
		fprintf(stderr, "usage: report DIR [--md F] [--svg F] [--notes F] [--sim F] [--check]\n"
				"       report DIR --det [--compare DIR2] [--md F] [--why F]\n");
		return 2;
	}
	for (int i = 2; i < argc; i++) {
		if (!strcmp(argv[i], "--check"))
			do_check = 1;
		else if (!strcmp(argv[i], "--det"))
			det = 1;
		else if (i + 1 < argc && !strcmp(argv[i], "--md"))
			md = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--svg"))
			svg = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--notes"))
			notes = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--sim"))
			sim = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--compare"))
			run2 = argv[++i];
		else if (i + 1 < argc && !strcmp(argv[i], "--why"))
			why = argv[++i];
		else {
			fprintf(stderr, "report: unknown argument '%s'\n", argv[i]);
			return 2;
		}
	}
	load_run(argv[1], &os, &lx, meta, &nmeta);
	if (do_check)
		return check();
	table(stdout, 0);
	if (run2) {
		load_run(run2, &os2, &lx2, meta2, &nmeta2);
		have_run2 = 1;
		printf("\nthe two runs, %s and %s:\n", argv[1], run2);
		if (compare(stdout)) {
			fprintf(stderr, "report: the two runs differ by more than %.0f%% on some rows, "
					"or one did not finish (not ok above)\n", AGREE * 100);
			bad = 1;
		}
	}
	if (md && det) {
		int n = write_det_md(md, why);

		if (n) {
			fprintf(stderr, "report: %d row(s) where ours is not faster have no line in %s\n",
				n, why);
			bad = 1;
		}
	} else if (md)
		write_md(md, notes, sim);
	if (svg && !det)
		write_svg(svg);
	if (work_lines(stderr, 0)) {
		fprintf(stderr, "report: some rows did not do the same work on both kernels (above)\n");
		bad = 1;
	}
	return bad;
}
