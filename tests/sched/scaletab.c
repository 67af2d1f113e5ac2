/*
 * scaletab - the scaling table and its plot from schedsim's `scale:` lines
 * (docs/formats.md), for make bench-sched (tests/sched/scale.sh).
 *
 *   scaletab SVG < lines      the markdown table on stdout, the plot in SVG
 *
 * The plot: runqueues scanned per CPU per tick (the scheduler's work in
 * the tick, all of it balancing) against the number of CPUs, both axes
 * logarithmic, one line per load and per SMT or not. A zero is drawn on
 * the floor of the plot (0.1). Exit status 0, or 2 on bad input (a line
 * without a key the table needs).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ROWS	64
#define MAX_SERIES	16

struct row {
	char scenario[32], topo[32], settle[16];
	long cpus, nodes, rqs, tasks, threads;
	double scans_s, locks_s, scans_tick, active_tick, hold;
};

static struct row rows[MAX_ROWS];
static int nrows;

/* The value of key= in line, or NULL. */
static const char *field(const char *line, const char *key, char *buf,
			 size_t len)
{
	size_t k = strlen(key);
	const char *p = line;

	while ((p = strstr(p, key))) {
		if ((p == line || p[-1] == ' ') && p[k] == '=') {
			size_t n = strcspn(p + k + 1, " \n");

			if (n >= len)
				return NULL;
			memcpy(buf, p + k + 1, n);
			buf[n] = '\0';
			return buf;
		}
		p += k;
	}
	return NULL;
}

static int parse(const char *line, struct row *r)
{
	static const char *const num[] = { "cpus", "nodes", "runqueues", "tasks",
		"rq_scans_per_s", "rq_locks_per_s", "rq_scans_per_cpu_tick",
		"active_scans_per_cpu_tick", "hold_max_scans" };
	double v[9];
	char buf[64];
	const char *t;
	int i;

	for (i = 0; i < 9; i++) {
		if (!field(line, num[i], buf, sizeof(buf)))
			return -1;
		v[i] = atof(buf);
	}
	if (!field(line, "scenario", r->scenario, sizeof(r->scenario)) ||
	    !field(line, "topo", r->topo, sizeof(r->topo)) ||
	    !field(line, "settle_ms", r->settle, sizeof(r->settle)))
		return -1;
	r->cpus = (long)v[0];
	r->nodes = (long)v[1];
	r->rqs = (long)v[2];
	r->tasks = (long)v[3];
	r->scans_s = v[4];
	r->locks_s = v[5];
	r->scans_tick = v[6];
	r->active_tick = v[7];
	r->hold = v[8];
	/* Threads per core: the T of a generated shape NnCcTt. */
	t = strrchr(r->topo, 'c');
	r->threads = t ? atol(t + 1) : 1;
	return r->cpus > 0 ? 0 : -1;
}

/* 1234567 -> "1 234 567": the table's numbers are long. */
static const char *grouped(double x, char *buf)
{
	char digits[32];
	int n, i, j = 0;

	snprintf(digits, sizeof(digits), "%.0f", x);
	n = (int)strlen(digits);
	for (i = 0; i < n; i++) {
		if (i && (n - i) % 3 == 0)
			buf[j++] = ' ';
		buf[j++] = digits[i];
	}
	buf[j] = '\0';
	return buf;
}

static void table(void)
{
	char a[40], b[40];
	int i;

	printf("| load | shape | CPUs | nodes | runqueues | tasks | runqueues "
	       "scanned /s | per CPU per tick | of which active balance | "
	       "runqueue locks /s | longest lock hold (runqueues scanned) | "
	       "settled after (ms) |\n");
	printf("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
	for (i = 0; i < nrows; i++) {
		const struct row *r = &rows[i];

		printf("| %s | %s | %ld | %ld | %ld | %ld | %s | %.1f | %.1f | %s "
		       "| %.0f | %s |\n", r->scenario, r->topo, r->cpus,
		       r->nodes, r->rqs, r->tasks, grouped(r->scans_s, a),
		       r->scans_tick, r->active_tick, grouped(r->locks_s, b),
		       r->hold, strcmp(r->settle, "none") ? r->settle :
		       "not within the run");
	}
}

/* The plot's frame: x from 4 to 2048 CPUs (log2), y from 0.1 to 1e6. */
#define W	640
#define H	400
#define L	70
#define R	170
#define T	30
#define B	50
static double px(double cpus)
{
	return L + (log2(cpus) - 2) / (11 - 2) * (W - L - R);
}

static double py(double v)
{
	if (v < 0.1)
		v = 0.1;
	return H - B - (log10(v) + 1) / 7 * (H - T - B);
}

static void plot(FILE *f)
{
	static const char *const colour[] = { "#1f77b4", "#d62728", "#2ca02c",
		"#9467bd", "#ff7f0e", "#8c564b" };
	char key[MAX_SERIES][48];
	int nseries = 0, i, s, c;

	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		"height=\"%d\" font-family=\"sans-serif\" font-size=\"11\">\n",
		W, H);
	fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>\n", W, H);
	fprintf(f, "<text x=\"%d\" y=\"18\" font-size=\"13\">Runqueues "
		"scanned per CPU per tick (2.5.59 design, simulator)</text>\n", L);
	for (c = 4; c <= 2048; c *= 2) {
		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
			"stroke=\"#ddd\"/>\n", px(c), T, px(c), H - B);
		fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%d"
			"</text>\n", px(c), H - B + 15, c);
	}
	for (i = -1; i <= 6; i++) {
		double v = pow(10, i);

		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
			"stroke=\"#ddd\"/>\n", L, py(v), W - R, py(v));
		fprintf(f, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%g"
			"</text>\n", L - 5, py(v) + 4, v);
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">CPUs</text>\n",
		(L + W - R) / 2, H - 12);
	for (i = 0; i < nrows; i++) {
		char k[48];

		snprintf(k, sizeof(k), "%.31s%s", rows[i].scenario,
			 rows[i].threads > 1 ? ", SMT" : "");
		for (s = 0; s < nseries && strcmp(key[s], k); s++)
			;
		if (s == nseries && nseries < MAX_SERIES)
			snprintf(key[nseries++], sizeof(key[0]), "%s", k);
	}
	for (s = 0; s < nseries; s++) {
		const char *col = colour[s % 6];
		int first = 1;

		fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s "
			"points=\"", col, strstr(key[s], "SMT") ?
			" stroke-dasharray=\"6,3\"" : "");
		for (i = 0; i < nrows; i++) {
			char k[48];

			snprintf(k, sizeof(k), "%.31s%s", rows[i].scenario,
				 rows[i].threads > 1 ? ", SMT" : "");
			if (strcmp(k, key[s]))
				continue;
			fprintf(f, "%s%.1f,%.1f", first ? "" : " ",
				px((double)rows[i].cpus), py(rows[i].scans_tick));
			first = 0;
		}
		fprintf(f, "\"/>\n");
		fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
			"stroke=\"%s\" stroke-width=\"2\"%s/>\n", W - R + 10,
			T + 10 + 18 * s, W - R + 35, T + 10 + 18 * s, col,
			strstr(key[s], "SMT") ? " stroke-dasharray=\"6,3\"" : "");
		fprintf(f, "<text x=\"%d\" y=\"%d\">%s</text>\n", W - R + 40,
			T + 14 + 18 * s, key[s]);
	}
	fprintf(f, "</svg>\n");
}

int main(int argc, char **argv)
{
	char line[1024];
	FILE *f;

	if (argc != 2) {
		fprintf(stderr, "usage: scaletab SVG < scale-lines\n");
		return 2;
	}
	while (fgets(line, sizeof(line), stdin)) {
		if (strncmp(line, "scale: ", 7))
			continue;
		if (nrows == MAX_ROWS) {
			fprintf(stderr, "scaletab: more than %d lines\n", MAX_ROWS);
			return 2;
		}
		if (parse(line, &rows[nrows])) {
			fprintf(stderr, "scaletab: bad line: %s", line);
			return 2;
		}
		nrows++;
	}
	if (!nrows) {
		fprintf(stderr, "scaletab: no scale: lines\n");
		return 2;
	}
	table();
	f = fopen(argv[1], "w");
	if (!f) {
		fprintf(stderr, "scaletab: cannot write %s\n", argv[1]);
		return 2;
	}
	plot(f);
	return fclose(f) ? 2 : 0;
}
