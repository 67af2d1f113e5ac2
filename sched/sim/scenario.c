/*
 * scenario.c - read a scenario file.
 *
 * One directive a line; `#` starts a comment; values are key=value words.
 *
 *   title TEXT...
 *   topology NAME...           shapes of tests/topologies, or `all`, or
 *                              gen:NnCcTt (generated: docs/formats.md)
 *   topology args "QEMU ARGS"  a shape given by its QEMU arguments
 *   options share_smt=0|1 test_ht=0|1 balance=numa|node|global check=0|1
 *   duration MS
 *   warmup MS                  wakeup latencies are measured after this
 *   cost smt_gain=PCT refill=MS   (defaults 25 and 0.5, see engine.c)
 *   seed N
 *   map CPU1 CPU2              sched_map_runqueue(CPU1, CPU2) at boot
 *   task NAME [count=N] [model=hog|sleeper|forker|pipe] [cpu=C] [at=MS]
 *        [nice=N] [policy=normal|fifo|rr] [rtprio=N] [allowed=CPULIST]
 *        [run=MS] [sleep=MS] [jitter=MS] [work=MS] [pause=MS] [exec=1]
 *        [child=TEMPLATE] [children=N] [every=MS] [spin=1] [wait=1]
 *        [partner=NAME] [burst=MS] [repin_at=MS repin=CPULIST]
 *   template NAME ...          like task, made only by a forker
 *   expect KIND [key=value...] an assertion (expect.c)
 *
 * pause= makes a task sleep that long at its first run (a task that has
 * slept a while starts with a full sleep average: interactive at once).
 * count= and children= may be written NxCPUS or NxCORES: N per CPU, or per
 * core, of the shape run; count= also N/DxCPUS (N/DxCORES): N per D CPUs
 * (cores), rounded down.
 *
 * Pipe pairs are two task lines of equal count naming each other as
 * partner: task i of one talks to task i of the other, and the line that
 * comes first holds the token when they start.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "sim.h"

#define MAX_WORDS	64

static int fail(char *err, size_t len, const char *path, int line,
		const char *fmt, ...)
{
	char msg[200];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	snprintf(err, len, "%s:%d: %s", path, line, msg);
	return -1;
}

/* Split line into words; "quoted words" keep their spaces. */
static int split(char *line, char **word)
{
	int n = 0;
	char *p = line;

	for (;;) {
		while (isspace((unsigned char)*p))
			p++;
		if (!*p || *p == '#' || n == MAX_WORDS)
			return n;
		if (*p == '"') {
			word[n++] = ++p;
			while (*p && *p != '"')
				p++;
		} else {
			word[n++] = p;
			while (*p && !isspace((unsigned char)*p))
				p++;
		}
		if (*p)
			*p++ = '\0';
	}
}

int parse_cpulist(const char *s, cpumask_t *mask)
{
	cpumask_t m = CPU_MASK_NONE;
	char *end;

	while (*s) {
		long a = strtol(s, &end, 10), b;

		if (end == s || a < 0 || a >= NR_CPUS)
			return -1;
		b = a;
		s = end;
		if (*s == '-') {
			b = strtol(s + 1, &end, 10);
			if (end == s + 1 || b < a || b >= NR_CPUS)
				return -1;
			s = end;
		}
		for (; a <= b; a++)
			cpu_set(a, m);
		if (*s == ',')
			s++;
		else if (*s)
			return -1;
	}
	*mask = m;
	return cpus_empty(m) ? -1 : 0;
}

static int num(const char *v, long *out)
{
	char *end;

	*out = strtol(v, &end, 10);
	return end == v || *end ? -1 : 0;
}

static int find_tmpl(const struct scenario *sc, const char *name)
{
	int i;

	for (i = 0; i < sc->ntmpl; i++)
		if (!strcmp(sc->tmpl[i].name, name))
			return i;
	return -1;
}

/* Names of child= and partner= are resolved after the whole file. */
struct pending {
	char child[SIM_NAME], partner[SIM_NAME];
	int line;
};

static int parse_task(struct scenario *sc, struct pending *pend, char **w,
		      int n, int is_template, char *err, size_t len, int line)
{
	struct sim_tmpl *t;
	int i;

	if (n < 2)
		return fail(err, len, sc->path, line, "task without a name");
	if (sc->ntmpl == SIM_MAX_TMPL)
		return fail(err, len, sc->path, line, "too many task lines");
	if (find_tmpl(sc, w[1]) >= 0)
		return fail(err, len, sc->path, line, "task %s twice", w[1]);
	t = &sc->tmpl[sc->ntmpl];
	memset(t, 0, sizeof(*t));
	memset(&pend[sc->ntmpl], 0, sizeof(*pend));
	pend[sc->ntmpl].line = line;
	snprintf(t->name, sizeof(t->name), "%s", w[1]);
	t->is_template = is_template;
	t->count = 1;
	t->count_div = 1;
	t->child = t->partner = -1;
	t->policy = SCHED_NORMAL;
	t->run = 10;
	t->sleep = 90;
	t->every = 1;
	t->burst = 1;
	for (i = 2; i < n; i++) {
		char *k = w[i], *v = strchr(k, '=');
		long x = 0;

		if (!v)
			return fail(err, len, sc->path, line, "'%s' is not key=value", k);
		*v++ = '\0';
		if (!strcmp(k, "model")) {
			if (!strcmp(v, "hog"))
				t->model = MODEL_HOG;
			else if (!strcmp(v, "sleeper"))
				t->model = MODEL_SLEEPER;
			else if (!strcmp(v, "forker"))
				t->model = MODEL_FORKER;
			else if (!strcmp(v, "pipe"))
				t->model = MODEL_PIPE;
			else
				return fail(err, len, sc->path, line, "model %s?", v);
			continue;
		}
		if (!strcmp(k, "policy")) {
			if (!strcmp(v, "normal"))
				t->policy = SCHED_NORMAL;
			else if (!strcmp(v, "fifo"))
				t->policy = SCHED_FIFO;
			else if (!strcmp(v, "rr"))
				t->policy = SCHED_RR;
			else
				return fail(err, len, sc->path, line, "policy %s?", v);
			continue;
		}
		if (!strcmp(k, "allowed") || !strcmp(k, "repin")) {
			if (parse_cpulist(v, !strcmp(k, "allowed") ? &t->allowed :
					  &t->repin))
				return fail(err, len, sc->path, line,
					    "bad CPU list %s", v);
			continue;
		}
		if (!strcmp(k, "child")) {
			snprintf(pend[sc->ntmpl].child, SIM_NAME, "%s", v);
			continue;
		}
		if (!strcmp(k, "partner")) {
			snprintf(pend[sc->ntmpl].partner, SIM_NAME, "%s", v);
			continue;
		}
		if ((!strcmp(k, "count") || !strcmp(k, "children")) &&
		    (strstr(v, "xCPUS") || strstr(v, "xCORES"))) {
			int unit = strstr(v, "xCPUS") ? SIM_PER_CPU : SIM_PER_CORE;
			char *end;
			long div = 1;

			x = strtol(v, &end, 10);
			if (*end == '/' && !strcmp(k, "count"))
				div = strtol(end + 1, &end, 10);
			if (x < 1 || x > 64 || div < 1 || div > 64 ||
			    *end != 'x')
				return fail(err, len, sc->path, line, "%s=%s?", k, v);
			if (!strcmp(k, "count")) {
				t->count = (int)x;
				t->count_div = (int)div;
				t->count_unit = unit;
			} else {
				t->children = (int)x;
				t->children_unit = unit;
			}
			continue;
		}
		if (num(v, &x))
			return fail(err, len, sc->path, line, "%s=%s: not a number",
				    k, v);
		if (!strcmp(k, "count") && x >= 1 && x <= SIM_MAX_TASKS)
			t->count = (int)x;
		else if (!strcmp(k, "cpu") && x >= 0 && x < NR_CPUS)
			t->cpu = (int)x;
		else if (!strcmp(k, "at") && x >= 0)
			t->at = (unsigned long)x * MS_TO_TICKS(1);
		else if (!strcmp(k, "nice") && x >= -20 && x <= 19)
			t->nice = (int)x;
		else if (!strcmp(k, "rtprio") && x >= 1 && x <= 99)
			t->rtprio = (int)x;
		else if (!strcmp(k, "run") && x >= 1)
			t->run = x;
		else if (!strcmp(k, "sleep") && x >= 1)
			t->sleep = x;
		else if (!strcmp(k, "jitter") && x >= 0)
			t->jitter = x;
		else if (!strcmp(k, "work") && x >= 0)
			t->work = x;
		else if (!strcmp(k, "pause") && x >= 0)
			t->pause = x;
		else if (!strcmp(k, "exec"))
			t->exec = !!x;
		else if (!strcmp(k, "children") && x >= 0 && x <= SIM_MAX_TASKS)
			t->children = (int)x;
		else if (!strcmp(k, "every") && x >= 1)
			t->every = x;
		else if (!strcmp(k, "spin"))
			t->spin = !!x;
		else if (!strcmp(k, "wait"))
			t->wait = !!x;
		else if (!strcmp(k, "burst") && x >= 1)
			t->burst = x;
		else if (!strcmp(k, "repin_at") && x >= 1)
			t->repin_at = (unsigned long)x * MS_TO_TICKS(1);
		else
			return fail(err, len, sc->path, line, "%s=%s?", k, v);
	}
	if (t->policy != SCHED_NORMAL && !t->rtprio)
		t->rtprio = 1;
	sc->ntmpl++;
	return 0;
}

static int parse_options(struct scenario *sc, char **w, int n, char *err,
			 size_t len, int line)
{
	int i;

	for (i = 1; i < n; i++) {
		char *k = w[i], *v = strchr(k, '=');

		if (!v)
			return fail(err, len, sc->path, line, "'%s'?", k);
		*v++ = '\0';
		if (!strcmp(k, "share_smt"))
			sc->opts.share_smt = atoi(v);
		else if (!strcmp(k, "test_ht"))
			sc->opts.test_ht = atoi(v);
		else if (!strcmp(k, "check"))
			sc->check = atoi(v);
		else if (!strcmp(k, "balance") && !strcmp(v, "numa"))
			sc->opts.balance = SCHED_BALANCE_NUMA;
		else if (!strcmp(k, "balance") && !strcmp(v, "node"))
			sc->opts.balance = SCHED_BALANCE_NODE;
		else if (!strcmp(k, "balance") && !strcmp(v, "global"))
			sc->opts.balance = SCHED_BALANCE_GLOBAL;
		else
			return fail(err, len, sc->path, line, "option %s=%s?", k, v);
	}
	return 0;
}

static int parse_cost(struct scenario *sc, char **w, int n, char *err,
		      size_t len, int line)
{
	int i;

	for (i = 1; i < n; i++) {
		char *k = w[i], *v = strchr(k, '=');

		if (!v)
			return fail(err, len, sc->path, line, "'%s'?", k);
		*v++ = '\0';
		if (!strcmp(k, "smt_gain"))
			sc->smt_gain = atof(v) / 100.0;
		else if (!strcmp(k, "refill"))
			sc->refill_ms = atof(v);
		else
			return fail(err, len, sc->path, line, "cost %s?", k);
	}
	return 0;
}

int scenario_options(struct scenario *sc, const char *opts, char *err,
		     size_t errlen)
{
	char buf[512], *w[MAX_WORDS];
	int n;

	snprintf(buf, sizeof(buf), "options %s", opts);
	n = split(buf, w);
	return parse_options(sc, w, n, err, errlen, 0);
}

static void set_name(struct scenario *sc, const char *path)
{
	const char *base = strrchr(path, '/');
	char *dot;

	snprintf(sc->path, sizeof(sc->path), "%s", path);
	snprintf(sc->name, sizeof(sc->name), "%s", base ? base + 1 : path);
	dot = strrchr(sc->name, '.');
	if (dot)
		*dot = '\0';
}

int scenario_load(const char *path, struct scenario *sc, char *err,
		  size_t errlen)
{
	static struct pending pend[SIM_MAX_TMPL];
	char buf[1024], *w[MAX_WORDS];
	FILE *f = fopen(path, "r");
	int line = 0, n, i;

	memset(sc, 0, sizeof(*sc));
	set_name(sc, path);
	sched_default_options(&sc->opts);
	sc->check = 1;
	sc->duration = 1000;
	sc->smt_gain = 0.25;
	sc->refill_ms = 0.5;
	sc->seed = 1;
	if (!f)
		return fail(err, errlen, path, 0, "cannot open");
	while (fgets(buf, sizeof(buf), f)) {
		int rc = 0;

		line++;
		n = split(buf, w);
		if (!n)
			continue;
		if (!strcmp(w[0], "title")) {
			char *t = sc->title;

			for (i = 1; i < n; i++)
				t += snprintf(t, sizeof(sc->title) - (size_t)(t - sc->title),
					      "%s%s", i > 1 ? " " : "", w[i]);
		} else if (!strcmp(w[0], "topology")) {
			if (n == 3 && !strcmp(w[1], "args")) {
				snprintf(sc->topo[sc->ntopos++], 256, "args:%s", w[2]);
				continue;
			}
			for (i = 1; i < n && sc->ntopos < SIM_MAX_TOPOS; i++)
				snprintf(sc->topo[sc->ntopos++], 256, "%s", w[i]);
		} else if (!strcmp(w[0], "options")) {
			rc = parse_options(sc, w, n, err, errlen, line);
		} else if (!strcmp(w[0], "cost")) {
			rc = parse_cost(sc, w, n, err, errlen, line);
		} else if (!strcmp(w[0], "duration") && n == 2) {
			sc->duration = (unsigned long)atol(w[1]) * MS_TO_TICKS(1);
		} else if (!strcmp(w[0], "warmup") && n == 2) {
			sc->warmup = (unsigned long)atol(w[1]) * MS_TO_TICKS(1);
		} else if (!strcmp(w[0], "map") && n == 3 && sc->nmap < NR_CPUS) {
			sc->map[sc->nmap][0] = atoi(w[1]);
			sc->map[sc->nmap][1] = atoi(w[2]);
			sc->nmap++;
		} else if (!strcmp(w[0], "seed") && n == 2) {
			sc->seed = (unsigned)atol(w[1]);
		} else if (!strcmp(w[0], "task") || !strcmp(w[0], "template")) {
			rc = parse_task(sc, pend, w, n, !strcmp(w[0], "template"),
					err, errlen, line);
		} else if (!strcmp(w[0], "expect") && n >= 2) {
			struct sim_expect *e = &sc->expect[sc->nexpect];
			char *a = e->args;

			if (sc->nexpect == SIM_MAX_EXPECT) {
				rc = fail(err, errlen, path, line, "too many expects");
			} else {
				snprintf(e->kind, sizeof(e->kind), "%s", w[1]);
				e->line = line;
				for (i = 2; i < n; i++)
					a += snprintf(a, sizeof(e->args) -
						      (size_t)(a - e->args), "%s ", w[i]);
				sc->nexpect++;
			}
		} else {
			rc = fail(err, errlen, path, line, "unknown directive %s", w[0]);
		}
		if (rc) {
			fclose(f);
			return -1;
		}
	}
	fclose(f);
	for (i = 0; i < sc->ntmpl; i++) {
		struct sim_tmpl *t = &sc->tmpl[i];

		if (pend[i].child[0] &&
		    (t->child = find_tmpl(sc, pend[i].child)) < 0)
			return fail(err, errlen, path, pend[i].line,
				    "no template %s", pend[i].child);
		if (pend[i].partner[0] &&
		    (t->partner = find_tmpl(sc, pend[i].partner)) < 0)
			return fail(err, errlen, path, pend[i].line,
				    "no task %s", pend[i].partner);
		if (t->model == MODEL_FORKER && t->child < 0)
			return fail(err, errlen, path, pend[i].line,
				    "forker %s without child=", t->name);
		if (t->model == MODEL_PIPE &&
		    (t->partner < 0 || t->partner == i || t->is_template ||
		     sc->tmpl[t->partner].count != t->count ||
		     sc->tmpl[t->partner].model != MODEL_PIPE))
			return fail(err, errlen, path, pend[i].line,
				    "pipe %s needs a partner pipe line of as "
				    "many tasks", t->name);
	}
	if (!sc->ntopos)
		snprintf(sc->topo[sc->ntopos++], 256, "2n2c2t");
	return 0;
}
