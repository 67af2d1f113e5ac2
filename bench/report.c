/*
 * report.c - the table of `make bench`: our kernel against the companion
 * Linux (6.1, or the LINUX_VERSION the run booted), row by row, from the
 * `bench:` lines both printed (user/bench/bench.h) and the bring-up rows
 * bench/run.sh made from their boot logs.
 *
 *   report DIR [--md FILE] [--svg FILE] [--notes FILE] [--sim FILE]
 *   report DIR --check        TAP: every row present on both kernels, its
 *                             numbers positive, min <= median <= max, the
 *                             host's speed read (ref=) on each row of the
 *                             bench program, and each row's work the same
 *                             on both kernels (report-check.c)
 *   report DIR --det [--compare DIR2] [--md FILE] [--why FILE]
 *                             the deterministic mode (report-det.c)
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
#include "report.h"

#define O1_FLAT		1.05	/* issue 7: 10 000 tasks / 1 task */
#define SMP64_GOAL_US	100000	/* issue 7: 64 CPUs online in 100 ms */

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

static void table(FILE *f, int md)
{
	char hs[16];
	int met = 0, total = 0;

	if (md)
		fprintf(f, "| row | what | ours | %s | ours/Linux | goal met? | host ours/Linux |\n"
			   "|---|---|---:|---:|---:|---|---:|\n", linux_name());
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

static void write_md(const char *path, const char *notes, const char *sim)
{
	char *det = det_block_of(path);
	FILE *f = fopen(path, "w"), *in;

	if (!f) {
		perror(path);
		exit(1);
	}
	fprintf(f, "# Benchmarks: this kernel against %s in the same QEMU\n\n"
		   "Made by `make bench%s` (bench/run.sh, bench/report.c) on %s.\n\n"
		   "- host: %s\n- %s\n- tree: %s\n"
		   "- ours: `%s`\n  - TSC %s at boot; the bench program's calibration: %s\n"
		   "- Linux: `%s`\n  - TSC %s at boot; the bench program's calibration: %s\n"
		   "- bring-up boots: shapes %s of tests/topologies\n\n",
		   linux_name(), !strcmp(meta_get("quick"), "0") ? "" : " QUICK=1", meta_get("date"),
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
