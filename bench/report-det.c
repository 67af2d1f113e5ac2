/*
 * report-det.c - the deterministic mode (make bench DETERMINISTIC=1):
 * --compare's test that two runs agree, and the deterministic section of
 * results.md with bench/det-why.md's reason beside each row where ours
 * is not faster.
 */
#include "report.h"

/* The deterministic section of the file at path, markers included, or NULL. */
char *det_block_of(const char *path)
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
int compare(FILE *f)
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
	fprintf(f, "| row | what | in this mode | ours | %s | ours/Linux | two runs differ by |\n"
		   "|---|---|---|---:|---:|---:|---:|\n", linux_name());
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
					k ? linux_name() : "Ours", a->ended ? " 2" : b->ended ? " 1" : "s");
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
int write_det_md(const char *path, const char *whyfile)
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
