/*
 * report-svg.c - results.svg: the ratio of every row compared (log
 * scale), then the O(1) curve of both kernels.
 */
#include "report.h"

static double lg(double x) { return x > 0 ? __builtin_log10(x) : 0; }

void write_svg(const char *path)
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
		   "<text x='10' y='20' font-size='15'>ours / %s per row (median; log scale, left of 1 = ours faster)</text>\n",
		w, h, linux_name());
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
			s ? linux_name() : "ours");
	}
	fprintf(f, "</svg>\n");
	fclose(f);
}
