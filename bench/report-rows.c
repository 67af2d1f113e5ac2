/*
 * report-rows.c - a run's rows: the table of the rows the report knows
 * (what each measures, whether --check wants it, its kind in the
 * deterministic mode, the switches it claims), the bench: lines of both
 * kernels read into it, and a row's ratio between the kernels, given
 * only when both did the same work.
 */
#include "report.h"

const char *const det_kind_text[] = {
	[ONE_CPU] = "one CPU",
	[IN_TURN] = "two CPUs in turn",
	[AT_ONCE] = "CPUs at once: QEMU's round-robin",
};

const struct def defs[] = {
	{ "syscall_null", "null system call (getppid)", 1, ONE_CPU, 0, 0 },
	{ "yield_self", "sched_yield(), nothing else runnable", 1, ONE_CPU, 0, 0 },
	{ "ctx_switch", "pipe token, 2 tasks on 1 CPU, per switch", 1, ONE_CPU, 2, 0 },
	{ "pipe_smt", "pipe ping-pong, SMT siblings, round trip", 1, IN_TURN, 4, 0 },
	{ "pipe_core", "pipe ping-pong, 2 cores of a node, round trip", 1, IN_TURN, 4, 0 },
	{ "pipe_node", "pipe ping-pong, across nodes, round trip", 1, IN_TURN, 4, 0 },
	{ "pipe_core_busy", "pipe_core with a nice 19 hog on both CPUs", 1, AT_ONCE, 4, 0 },
	{ "wakeup", "wakeup latency among hogs, median", 1, AT_ONCE, 0, 0 },
	{ "wakeup:p99", "wakeup latency among hogs, 99th percentile", 1, AT_ONCE, 0, 0 },
	{ "fork_exit", "fork + exit + wait", 1, IN_TURN, 0, 0 },
	{ "fork_exec_exit", "fork + exec + exit + wait", 1, IN_TURN, 0, 0 },
	{ "exec", "exec, pinned (no placement)", 1, ONE_CPU, 0, 0 },
	{ "exec_place", "exec placed off a busy node", 1, AT_ONCE, 0, 1 },
	{ "balance_core", "N hogs from one parent: one per core", 1, AT_ONCE, 0, 0 },
	{ "balance_node", "N hogs from one parent: even nodes", 1, AT_ONCE, 0, 0 },
	/* The field's benchmarks (user/bench/field.c, schbench.c). */
	{ "hackbench", "hackbench: groups of 10 senders x 10 receivers, a run", 1, AT_ONCE, 0, 0 },
	{ "sched_pipe_1cpu", "perf bench sched pipe, 1 CPU, per round trip", 1, ONE_CPU, 2, 0 },
	{ "sched_pipe_2cpu", "perf bench sched pipe, 2 cores, per round trip", 1, IN_TURN, 4, 0 },
	{ "lat_ctx_2", "lmbench lat_ctx, 2 processes of 16 KB, per switch", 1, ONE_CPU, 2, 0 },
	{ "lat_ctx_8", "lmbench lat_ctx, 8 processes of 16 KB, per switch", 1, ONE_CPU, 8, 0 },
	{ "lat_ctx_16", "lmbench lat_ctx, 16 processes of 16 KB, per switch", 1, ONE_CPU, 16, 0 },
	{ "lat_ctx_64", "lmbench lat_ctx, 64 processes of 16 KB, per switch", 1, ONE_CPU, 64, 0 },
	{ "schbench_1x", "schbench wakeup latency, workers = CPUs, p50", 1, AT_ONCE, 0, 0 },
	{ "schbench_1x:p99", "schbench wakeup latency, workers = CPUs, p99", 1, AT_ONCE, 0, 0 },
	{ "schbench_2x", "schbench wakeup latency, workers = 2 x CPUs, p50", 1, AT_ONCE, 0, 0 },
	{ "schbench_2x:p99", "schbench wakeup latency, workers = 2 x CPUs, p99", 1, AT_ONCE, 0, 0 },
	/* The user-level O(1) rows, o1_N (user/bench/o1rows.h). */
#define O1_DEF(n, quick)	{ "o1_" #n, "switch, runnable hogs on the CPU: " #n, quick, ONE_CPU, 2, 0 },
	BENCH_O1_ROWS(O1_DEF)
#undef O1_DEF
	/* Ours only, in the kernel (kernel/tests/bench_o1.c, boot option bench_o1):
	 * the same curve with kernel threads, no user-mode entry and exit. */
	{ "o1k_1", "ours in-kernel: switch beside 1 kernel hog", 2, ONE_CPU, 0, 0 },
	{ "o1k_100", "ours in-kernel: switch beside 100 kernel hogs", 2, ONE_CPU, 0, 0 },
	{ "o1k_1000", "ours in-kernel: switch beside 1000 kernel hogs", 0, ONE_CPU, 0, 0 },
	{ "o1k_10000", "ours in-kernel: switch beside 10000 kernel hogs", 0, ONE_CPU, 0, 0 },
	/* Bring-up (bench/run.sh): from the kernel's entry, and the start
	 * of the application processors alone. */
	{ "boot_1", "entry to all CPUs online, 1 CPU", 1, ONE_CPU, 0, 0 },
	{ "boot_8", "entry to all CPUs online, 8 CPUs", 1, IN_TURN, 0, 0 },
	{ "boot_16", "entry to all CPUs online, 16 CPUs", 0, IN_TURN, 0, 0 },
	{ "boot_64", "entry to all CPUs online, 64 CPUs", 0, IN_TURN, 0, 0 },
	{ "boot_240", "entry to all CPUs online, 240 CPUs (ours: -icount)", 0, IN_TURN, 0, 0 },
	{ "smp_1", "starting the APs, 1 CPU (none)", 1, ONE_CPU, 0, 0 },
	{ "smp_8", "starting the APs, 8 CPUs", 1, IN_TURN, 0, 0 },
	{ "smp_16", "starting the APs, 16 CPUs", 0, IN_TURN, 0, 0 },
	{ "smp_64", "starting the APs, 64 CPUs", 0, IN_TURN, 0, 0 },
	{ "smp_240", "starting the APs, 240 CPUs (ours: -icount)", 0, IN_TURN, 0, 0 },
};
const int ndefs = (int)(sizeof(defs) / sizeof(defs[0]));

const int o1_n[] = { BENCH_O1_ROWS(BENCH_O1_N) };
const int no1 = (int)(sizeof(o1_n) / sizeof(o1_n[0]));

struct sys os, lx;
char meta[16][1024];
int nmeta;
/* --compare: the second run, and its meta.txt */
struct sys os2, lx2;
int have_run2;
char meta2[16][1024];
int nmeta2;

/* The value of " key=" in line (up to the next space) into out. */
int field(const char *line, const char *key, char *out, size_t len)
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

const char *meta_in(char m[][1024], int n, const char *key)
{
	size_t kl = strlen(key);

	for (int i = 0; i < n; i++)
		if (!strncmp(m[i], key, kl) && m[i][kl] == '=')
			return m[i] + kl + 1;
	return "?";
}

const char *meta_get(const char *key)
{
	return meta_in(meta, nmeta, key);
}

const char *linux_name(void)
{
	static char name[64];
	const char *v = meta_get("linux");

	/* A run made before run.sh recorded the version booted 6.1. */
	snprintf(name, sizeof(name), "Linux %s", strcmp(v, "?") ? v : "6.1");
	return name;
}

/* The row name ("wakeup:p99" is the p99 of wakeup): its value, or NULL. */
const struct row *find(const struct sys *s, const char *name, double *v)
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

int measured(const struct row *r)
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

/* The value of key in a row's extra keys, or -1. */
double extra_num(const struct row *r, const char *key)
{
	int ok = 1;
	double v;

	if (!measured(r))
		return -1;
	v = num(r->extra, key, &ok);
	return ok ? v : -1;
}

/*
 * A row's claim is the fewest switches a round its design allows: fewer
 * means a switch it times did not happen (a yield that returned to its
 * caller). More is the kernel's own doing (a woken task preempting its
 * waker before the waker blocks, a timer) and stays in its time. The
 * slack allows for a round or two counted across the row's ends.
 */
#define SW_SLACK	0.10

/* The definition of the row name ("x:p99" is x's), or NULL. */
static const struct def *def_of(const char *name)
{
	size_t len = strcspn(name, ":");

	for (int i = 0; i < NDEFS; i++)
		if (strlen(defs[i].name) == len && !strncmp(defs[i].name, name, len))
			return &defs[i];
	return NULL;
}


/*
 * Whether both kernels did the work the row claims (issue 28: a ratio of
 * two different works means nothing): each one's switches a round at
 * least the row's claim less SW_SLACK, and the rows' work= counts (messages,
 * wakeups) equal. 1 when they did or when there is nothing to check;
 * else 0 and why in why (one line).
 */
int same_work(const char *name, char *why, size_t len)
{
	const struct row *r[2] = { find(&os, name, NULL), find(&lx, name, NULL) };
	static const char *const who[2] = { "ours", "Linux's" };
	const struct def *d = def_of(name);
	double claim = d ? d->sw : 0, w[2];

	why[0] = 0;
	for (int k = 0; k < 2; k++) {
		double sw = extra_num(r[k], "sw_per_round"), mv = extra_num(r[k], "moved");

		if (measured(r[k]) && d && d->moves &&
		    mv < r[k]->rounds * (1 - SW_SLACK)) {
			snprintf(why, len, "%s row moved the task in %.0f of %d rounds, the row "
				 "claims a move every round", who[k], mv < 0 ? 0 : mv, r[k]->rounds);
			return 0;
		}

		if (!measured(r[k]) || claim <= 0)
			continue;
		if (sw < 0) {
			snprintf(why, len, "%s row has no sw_per_round, the row claims %.2f switches a round",
				 who[k], claim);
			return 0;
		}
		if (sw < claim * (1 - SW_SLACK)) {
			snprintf(why, len, "%s row made %.2f switches a round, the row claims at "
				 "least %.2f", who[k], sw, claim);
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
int has_work_check(const char *name)
{
	const struct row *a = find(&os, name, NULL), *b = find(&lx, name, NULL);
	const struct def *d = def_of(name);

	if (!measured(a) && !measured(b))
		return 0;
	return (d && (d->sw > 0 || d->moves)) ||
	       extra_num(a, "work") >= 0 || extra_num(b, "work") >= 0;
}

/*
 * Whether two measured rows were timed in the same clock: a bring-up row
 * says clock=icount (virtual time, instructions) or clock=host (bench/
 * run.sh). At 240 CPUs ours runs under -icount and Linux on the host
 * clock, and a ratio of the two would mean nothing.
 */
int same_clock(const struct row *a, const struct row *b)
{
	char ca[16] = "", cb[16] = "";

	field(a->extra, "clock", ca, sizeof(ca));
	field(b->extra, "clock", cb, sizeof(cb));
	return !strcmp(ca, cb);
}

double ratio_of(const char *name, int *have)
{
	double a = 0, b = 0;
	const struct row *ra = find(&os, name, &a), *rb = find(&lx, name, &b);

	char why[160];

	*have = measured(ra) && measured(rb) && b > 0 && a > 0 && same_clock(ra, rb) &&
		same_work(name, why, sizeof(why));
	return *have ? a / b : 0;
}

int row_cells(int i, struct cells *c)
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

/* The whole of a file, NUL-terminated (malloc), or NULL. */
char *slurp(const char *path)
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

/* DIR's os.txt, linux.txt and meta.txt into s, l and m (n lines). */
void load_run(const char *dir, struct sys *s, struct sys *l, char m[][1024], int *n)
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
