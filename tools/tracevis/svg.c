/*
 * svg.c - the model as a self-contained SVG timeline.
 *
 * Top to bottom: the title and what the trace holds; per node a band (its
 * own tint, "node N" on top) holding its CPUs' lanes, core by core (a small
 * gap between cores), each lane labelled "cpu3  core 1 t1" on the left;
 * under the lanes of each runqueue a strip with its length as a step chart
 * (one scale for all, so strips compare); the time axis in ms; the legend.
 *
 * In a lane a task's slice is a bar in the task's colour (model.c picks
 * it), with "comm pid" written in it where it fits; idle is no bar.
 * Migrations are arrows at the moment they happen, from the old CPU's lane
 * to the new one's: dark and solid inside a node, red, dashed and starting
 * with a dot across nodes. Every bar and arrow carries a <title> (hover).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model.h"
#include "writers.h"

/* Geometry, pixels. */
#define DEFAULT_WIDTH	1400
#define LABEL_W		150	/* lane labels */
#define RIGHT_PAD	20
#define TITLE_H		46
#define BAND_HEAD	18	/* "node N" line at the top of a band */
#define LANE_H		20
#define BAR_H		16
#define CORE_GAP	5
#define RQ_H		22
#define BAND_GAP	8
#define AXIS_H		30
#define LEGEND_ROW	18
#define LEGEND_COL	175
#define LEGEND_TASKS	30	/* most tasks listed; the rest as "+N more" */
#define CHAR_W		6.1	/* average width of a 10 px DejaVu Sans glyph */

#define FONT		"DejaVu Sans, Verdana, Arial, sans-serif"
#define LOCAL_MOVE	"#222222"
#define NODE_MOVE	"#d40000"
#define BAND_TINT_0	"#eef3fa"
#define BAND_TINT_1	"#f8f1e7"
#define RQ_FILL		"#c3cad2"
#define RQ_LABEL_MIN	18	/* px: narrowest step that gets its number */

void xml_text(FILE *f, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", f); break;
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&#39;", f); break;
		default:
			fputc((unsigned char)*s >= ' ' ? *s : '?', f);
		}
	}
}

struct layout {
	int width, height;
	double x0, w;			/* plot area */
	uint64_t base;			/* the first event: time 0 of the axis */
	uint64_t t0, t1, span;		/* the window drawn, microseconds */
	int lane_y[NR_CPUS];		/* top of each CPU's lane */
	int rq_y[NR_CPUS];		/* top of each runqueue's strip (by index) */
	int band_y[MAX_NODES], band_h[MAX_NODES], band_node[MAX_NODES];
	int nbands;
	int axis_y, legend_y;
	int rq_max;			/* strip scale */
};

static double xt(const struct layout *l, uint64_t t)
{
	if (t < l->t0)
		t = l->t0;	/* outside the window: clipped to its edge */
	if (t > l->t1)
		t = l->t1;
	return l->x0 + (double)(t - l->t0) * l->w / (double)l->span;
}

/* Index into tr->rq of the runqueue whose last CPU in lane order is the
 * lane at i, or -1: its strip goes right under that lane. */
static int rq_after_lane(const struct trace *tr, int i)
{
	int r, j;

	for (r = 0; r < tr->nrq; r++) {
		if (!cpu_isset(tr->lane[i], tr->rq[r].cpus))
			continue;
		for (j = i + 1; j < tr->nlanes; j++)
			if (cpu_isset(tr->lane[j], tr->rq[r].cpus))
				return -1;
		return r;
	}
	return -1;
}

/* The time window drawn: --from/--to clamped to the trace (computed in
 * double, so any number given is safe), stretched to span_ms for a page. */
static void set_window(const struct trace *tr, const struct svg_opts *o,
		       struct layout *l)
{
	double all = (double)(tr->t1 - tr->t0) / 1000.0;
	double from = o->from_ms > 0 ? o->from_ms : 0;
	double to = o->to_ms > 0 ? o->to_ms : all;

	l->base = tr->t0;
	if (!(from <= all))	/* NaN and huge numbers too */
		from = all;
	if (!(to <= all))
		to = all;
	if (!(to >= from))
		to = from;
	l->t0 = tr->t0 + (uint64_t)(from * 1000.0);
	l->t1 = tr->t0 + (uint64_t)(to * 1000.0);
	/* A page draws both timelines on one scale: the shorter one's axis
	 * runs on past its last event. */
	if (o->span_ms > 0 && o->span_ms < 1e12 &&
	    (double)(l->t1 - l->t0) < o->span_ms * 1000.0)
		l->t1 = l->t0 + (uint64_t)(o->span_ms * 1000.0);
	if (l->t1 <= l->t0)
		l->t1 = l->t0 + 1;
	l->span = l->t1 - l->t0;
}

static void do_layout(const struct trace *tr, const struct svg_opts *o,
		      struct layout *l)
{
	int y = TITLE_H, i, r, legend_rows, ntasks = 0;

	memset(l, 0, sizeof(*l));
	l->width = o->width > 300 ? o->width : DEFAULT_WIDTH;
	l->x0 = LABEL_W + 10;
	l->w = l->width - l->x0 - RIGHT_PAD;
	set_window(tr, o, l);
	for (i = 0; i < NR_CPUS; i++)
		if (tr->lost[i])
			y += 14;	/* one warning line per CPU that lost events */
	for (i = 0; i < tr->nlanes; i++) {
		const struct cpu_topo *c = &tr->topo.cpu[tr->lane[i]];
		const struct cpu_topo *p = i ? &tr->topo.cpu[tr->lane[i - 1]] : NULL;

		if (!p || p->node != c->node) {
			if (p) {
				l->band_h[l->nbands - 1] = y - l->band_y[l->nbands - 1];
				y += BAND_GAP;
			}
			l->band_y[l->nbands] = y;
			l->band_node[l->nbands++] = c->node;
			y += BAND_HEAD;
		} else if (p->package != c->package || p->core != c->core) {
			y += CORE_GAP;
		}
		l->lane_y[tr->lane[i]] = y;
		y += LANE_H;
		r = rq_after_lane(tr, i);
		if (r >= 0) {
			l->rq_y[r] = y;
			y += RQ_H;
		}
	}
	if (l->nbands)
		l->band_h[l->nbands - 1] = y - l->band_y[l->nbands - 1];
	l->axis_y = y + 4;
	l->legend_y = l->axis_y + AXIS_H;
	for (i = 0; i < tr->ntask; i++)
		ntasks += tr->task[i].run_us > 0;
	if (ntasks > LEGEND_TASKS)
		ntasks = LEGEND_TASKS + 1;
	legend_rows = (ntasks + (l->width - 20) / LEGEND_COL - 1) /
		      ((l->width - 20) / LEGEND_COL) + 2;
	l->height = l->legend_y + legend_rows * LEGEND_ROW + 10;
	for (r = 0; r < tr->nrq; r++)
		if (tr->rq[r].max > l->rq_max)
			l->rq_max = tr->rq[r].max;
	if (l->rq_max < 1)
		l->rq_max = 1;
}

static void defs(FILE *f, const char *id)
{
	fprintf(f, "<defs>\n"
		"<marker id=\"%sah\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
		"markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\">"
		"<path d=\"M0,0 L10,5 L0,10 z\" fill=\"" LOCAL_MOVE "\"/></marker>\n"
		"<marker id=\"%sahx\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" "
		"markerWidth=\"8\" markerHeight=\"8\" orient=\"auto-start-reverse\">"
		"<path d=\"M0,0 L10,5 L0,10 z\" fill=\"" NODE_MOVE "\"/></marker>\n"
		"<marker id=\"%sdot\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" "
		"markerWidth=\"6\" markerHeight=\"6\">"
		"<circle cx=\"5\" cy=\"5\" r=\"4\" fill=\"" NODE_MOVE "\"/></marker>\n"
		"</defs>\n", id, id, id);
}

/* 1, 2 or 5 times a power of ten, in microseconds, giving 6-14 ticks. */
static uint64_t tick_step(uint64_t span)
{
	uint64_t s = 1;

	for (;;) {
		if (span / s <= 14)
			return s;
		if (span / (2 * s) <= 14)
			return 2 * s;
		if (span / (5 * s) <= 14)
			return 5 * s;
		s *= 10;
	}
}

static void grid_and_axis(FILE *f, const struct layout *l)
{
	uint64_t step = tick_step(l->span), t, from = l->t0 - l->base;
	int top = l->nbands ? l->band_y[0] : TITLE_H;

	fprintf(f, "<g class=\"axis\" font-size=\"10\" fill=\"#444\">\n"
		"<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#444\"/>\n",
		l->x0, l->axis_y, l->x0 + l->w, l->axis_y);
	/* Ticks at multiples of step since the first event. */
	for (t = (from + step - 1) / step * step; l->base + t <= l->t1; t += step) {
		double x = xt(l, l->base + t);

		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
			"stroke=\"#ddd\"/>", x, top, x, l->axis_y);
		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
			"stroke=\"#444\"/>", x, l->axis_y, x, l->axis_y + 5);
		fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">",
			x, l->axis_y + 16);
		if (step >= 1000)
			fprintf(f, "%llu ms", (unsigned long long)(t / 1000));
		else
			fprintf(f, "%.3g ms", (double)t / 1000.0);
		fputs("</text>\n", f);
	}
	fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"end\">time since "
		"the first event</text>\n</g>\n", l->x0 - 24, l->axis_y + 16);
}

static void bands_and_labels(FILE *f, const struct trace *tr, const struct layout *l)
{
	int b, i, r;

	for (b = 0; b < l->nbands; b++) {
		char cpus[128];

		cpulist_format(cpus, sizeof(cpus), tr->topo.node_map[l->band_node[b]]);
		fprintf(f, "<rect class=\"band\" x=\"4\" y=\"%d\" width=\"%d\" "
			"height=\"%d\" rx=\"4\" fill=\"%s\" stroke=\"#c8cdd6\"/>\n",
			l->band_y[b], l->width - 8, l->band_h[b] + 4,
			b % 2 ? BAND_TINT_1 : BAND_TINT_0);
		fprintf(f, "<text x=\"10\" y=\"%d\" font-size=\"12\" "
			"font-weight=\"bold\">node %d <tspan font-weight=\"normal\" "
			"fill=\"#555\">cpus %s</tspan></text>\n",
			l->band_y[b] + 13, l->band_node[b], cpus);
	}
	for (i = 0; i < tr->nlanes; i++) {
		int cpu = tr->lane[i];
		const struct cpu_topo *c = &tr->topo.cpu[cpu];

		fprintf(f, "<rect class=\"lane\" data-cpu=\"%d\" x=\"%.1f\" y=\"%d\" "
			"width=\"%.1f\" height=\"%d\" fill=\"#fff\" stroke=\"#e2e2e2\"/>\n",
			cpu, l->x0, l->lane_y[cpu] + 1, l->w, LANE_H - 2);
		fprintf(f, "<text x=\"16\" y=\"%d\" font-size=\"11\">"
			"<tspan font-weight=\"bold\">cpu%d</tspan>", l->lane_y[cpu] + 14, cpu);
		if (c->core < TV_CORE_UNKNOWN)
			fprintf(f, "<tspan fill=\"#666\" font-size=\"10\"> core %d "
				"thread %d</tspan>", c->core, c->thread);
		fputs("</text>\n", f);
	}
	for (r = 0; r < tr->nrq; r++) {
		char cpus[128];

		cpulist_format(cpus, sizeof(cpus), tr->rq[r].cpus);
		fprintf(f, "<text x=\"16\" y=\"%d\" font-size=\"9\" fill=\"#666\">"
			"rq%d (cpu %s) tasks</text>\n", l->rq_y[r] + 12, tr->rq[r].id, cpus);
	}
}

static void slices(FILE *f, const struct trace *tr, const struct layout *l)
{
	int i;

	fputs("<g class=\"slices\" font-size=\"10\">\n", f);
	for (i = 0; i < tr->nslice; i++) {
		const struct tv_slice *s = &tr->slice[i];
		const struct tv_task *p = &tr->task[s->task];
		double x = xt(l, s->start), w = xt(l, s->end) - x;

		if (s->end <= l->t0 || s->start >= l->t1)
			continue;	/* outside the window */
		int y = l->lane_y[s->cpu] + (LANE_H - BAR_H) / 2;
		char label[TV_COMM_LEN + 16];

		if (w < 0.6)
			w = 0.6;	/* a short run still shows */
		fprintf(f, "<rect class=\"slice\" data-pid=\"%d\" x=\"%.2f\" y=\"%d\" "
			"width=\"%.2f\" height=\"%d\" fill=\"%s\"><title>", p->pid,
			x, y, w, BAR_H, tv_palette[p->color]);
		xml_text(f, p->comm[0] ? p->comm : "?");
		fprintf(f, " (pid %d) on cpu%d: %.3f-%.3f ms</title></rect>",
			p->pid, s->cpu, (double)(s->start - l->base) / 1000.0,
			(double)(s->end - l->base) / 1000.0);
		snprintf(label, sizeof(label), "%s %d", p->comm, p->pid);
		if (!p->comm[0] || w < CHAR_W * (double)strlen(label) + 6)
			snprintf(label, sizeof(label), "%d", p->pid);
		if (w >= CHAR_W * (double)strlen(label) + 6) {
			fprintf(f, "<text x=\"%.2f\" y=\"%d\" fill=\"%s\">",
				x + 3, y + 12, tv_palette_text[p->color]);
			xml_text(f, label);
			fputs("</text>", f);
		}
		fputc('\n', f);
	}
	fputs("</g>\n", f);
}

static void rq_strips(FILE *f, const struct trace *tr, const struct layout *l)
{
	int r, i;

	fputs("<g class=\"rq\">\n", f);
	for (r = 0; r < tr->nrq; r++) {
		const struct tv_rq *q = &tr->rq[r];
		int base = l->rq_y[r] + RQ_H - 2, top = l->rq_y[r] + 2;
		double scale = (double)(base - top) / l->rq_max;

		fprintf(f, "<rect x=\"%.1f\" y=\"%d\" width=\"%.1f\" height=\"%d\" "
			"fill=\"#f3f3f3\"/>\n", l->x0, top, l->w, base - top);
		fprintf(f, "<path class=\"rqlen\" data-rq=\"%d\" fill=\"" RQ_FILL "\" "
			"stroke=\"#4a5560\" stroke-width=\"0.8\" d=\"M%.1f,%d",
			q->id, l->x0, base);
		for (i = 0; i < q->n; i++) {
			double x = xt(l, q->s[i].t);

			if (i)
				fprintf(f, " H%.1f", x);
			fprintf(f, " V%.1f", base - q->s[i].len * scale);
		}
		fprintf(f, " H%.1f V%d z\"><title>rq%d: at most %d tasks</title>"
			"</path>\n", xt(l, tr->t1), base, q->id, q->max);
		/* The length written where a step is wide enough to hold it. */
		for (i = 0; i < q->n; i++) {
			double x = xt(l, q->s[i].t);
			double e = xt(l, i + 1 < q->n ? q->s[i + 1].t : tr->t1);

			if (e - x >= RQ_LABEL_MIN && q->s[i].len)
				fprintf(f, "<text x=\"%.1f\" y=\"%d\" font-size=\"9\" "
					"text-anchor=\"middle\">%d</text>", (x + e) / 2,
					top + 9, q->s[i].len);
		}
		fputc('\n', f);
	}
	fputs("</g>\n", f);
}

static void migrations(FILE *f, const struct trace *tr, const struct layout *l,
		       const char *id)
{
	int i;

	fputs("<g class=\"moves\" fill=\"none\">\n", f);
	for (i = 0; i < tr->nev; i++) {
		const struct tv_event *e = &tr->ev[i];
		int cross, y1, y2, k;
		double x;

		if (e->ev != TV_MIGRATE || e->a == e->b || e->t < l->t0 || e->t > l->t1)
			continue;
		cross = tr->topo.cpu[e->a].node != tr->topo.cpu[e->b].node;
		x = xt(l, e->t);
		y1 = l->lane_y[e->a] + LANE_H / 2;
		y2 = l->lane_y[e->b] + LANE_H / 2;
		y2 += y2 > y1 ? -3 : 3;		/* the head stops at the lane's middle */
		/* A white halo keeps the arrow visible over a bar of its colour. */
		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" "
			"stroke=\"#fff\" stroke-width=\"3\" stroke-opacity=\"0.55\"/>",
			x, y1, x, y2);
		if (cross)
			fprintf(f, "<line class=\"move-node\" x1=\"%.1f\" y1=\"%d\" "
				"x2=\"%.1f\" y2=\"%d\" stroke=\"" NODE_MOVE "\" "
				"stroke-width=\"1.8\" stroke-dasharray=\"5,3\" "
				"marker-start=\"url(#%sdot)\" marker-end=\"url(#%sahx)\">",
				x, y1, x, y2, id, id);
		else
			fprintf(f, "<line class=\"move-local\" x1=\"%.1f\" y1=\"%d\" "
				"x2=\"%.1f\" y2=\"%d\" stroke=\"" LOCAL_MOVE "\" "
				"stroke-width=\"1.3\" marker-end=\"url(#%sah)\">",
				x, y1, x, y2, id);
		k = trace_find(tr, e->pid);
		fputs("<title>", f);
		xml_text(f, k >= 0 && tr->task[k].comm[0] ? tr->task[k].comm : "task");
		fprintf(f, " (pid %d) cpu%d -> cpu%d, %s, at %.3f ms</title></line>\n",
			e->pid, e->a, e->b, e->why[0] ? e->why : "?",
			(double)(e->t - l->base) / 1000.0);
	}
	fputs("</g>\n", f);
}

static int by_run(const void *a, const void *b)
{
	const struct tv_task *x = *(const struct tv_task *const *)a;
	const struct tv_task *y = *(const struct tv_task *const *)b;

	if (x->run_us != y->run_us)
		return x->run_us < y->run_us ? 1 : -1;
	return x->pid - y->pid;
}

static void legend(FILE *f, const struct trace *tr, const struct layout *l,
		   const char *id)
{
	const struct tv_task *v[LEGEND_TASKS + 1];
	int cols = (l->width - 20) / LEGEND_COL, n = 0, i, y = l->legend_y;
	struct tv_task const **all = calloc((size_t)tr->ntask + 1, sizeof(*all));
	int nall = 0;

	for (i = 0; i < tr->ntask; i++)
		if (tr->task[i].run_us && all)
			all[nall++] = &tr->task[i];
	if (nall)
		qsort(all, (size_t)nall, sizeof(*all), by_run);
	for (i = 0; i < nall && n < LEGEND_TASKS; i++)
		v[n++] = all[i];
	fprintf(f, "<g class=\"legend\" font-size=\"10\">\n");
	for (i = 0; i < n; i++) {
		double x = 10 + (i % cols) * LEGEND_COL;
		int yy = y + (i / cols) * LEGEND_ROW;

		fprintf(f, "<rect class=\"legend-task\" data-pid=\"%d\" x=\"%.0f\" "
			"y=\"%d\" width=\"14\" height=\"12\" fill=\"%s\"/>"
			"<text x=\"%.0f\" y=\"%d\">", v[i]->pid, x, yy,
			tv_palette[v[i]->color], x + 18, yy + 10);
		xml_text(f, v[i]->comm[0] ? v[i]->comm : "?");
		fprintf(f, " %d <tspan fill=\"#777\">%.1f ms</tspan></text>\n",
			v[i]->pid, (double)v[i]->run_us / 1000.0);
	}
	if (nall > n) {
		int yy = y + (n / cols) * LEGEND_ROW;

		fprintf(f, "<text x=\"%.0f\" y=\"%d\" fill=\"#777\">+%d more "
			"tasks</text>\n", 10.0 + (n % cols) * LEGEND_COL, yy + 10,
			nall - n);
		n++;
	}
	y += ((n + cols - 1) / cols) * LEGEND_ROW + 4;
	fprintf(f, "<line x1=\"12\" y1=\"%d\" x2=\"44\" y2=\"%d\" stroke=\"" LOCAL_MOVE
		"\" stroke-width=\"1.3\" marker-end=\"url(#%sah)\"/>"
		"<text x=\"52\" y=\"%d\">migration within a node</text>\n",
		y + 6, y + 6, id, y + 10);
	fprintf(f, "<line x1=\"222\" y1=\"%d\" x2=\"258\" y2=\"%d\" stroke=\"" NODE_MOVE
		"\" stroke-width=\"1.8\" stroke-dasharray=\"5,3\" "
		"marker-start=\"url(#%sdot)\" marker-end=\"url(#%sahx)\"/>"
		"<text x=\"266\" y=\"%d\">migration across nodes</text>\n",
		y + 6, y + 6, id, id, y + 10);
	fprintf(f, "<rect x=\"432\" y=\"%d\" width=\"14\" height=\"12\" "
		"fill=\"" RQ_FILL "\"/><text x=\"452\" y=\"%d\">runqueue length, "
		"queued + running (strip = %d)</text>\n", y, y + 10, l->rq_max);
	fprintf(f, "<rect x=\"742\" y=\"%d\" width=\"14\" height=\"12\" "
		"fill=\"#fff\" stroke=\"#ccc\"/><text x=\"762\" y=\"%d\">idle</text>\n",
		y, y + 10);
	fputs("</g>\n", f);
	free(all);
}

int write_svg(const struct trace *tr, FILE *f, const struct svg_opts *o)
{
	struct layout l;
	const char *id = o->id ? o->id : "tv";
	int i, y = 38, moves = 0, cross = 0;

	do_layout(tr, o, &l);
	if (!o->inline_svg)
		fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", f);
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"tracevis\" "
		"width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"" FONT
		"\"%s>\n", l.width, l.height, l.width, l.height,
		o->inline_svg ? " style=\"max-width:100%;height:auto\"" : "");
	defs(f, id);
	fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n",
		l.width, l.height);
	fputs("<text x=\"10\" y=\"20\" font-size=\"16\" font-weight=\"bold\">", f);
	xml_text(f, o->title ? o->title : tr->source);
	for (i = 0; i < tr->nev; i++) {
		const struct tv_event *e = &tr->ev[i];

		if (e->ev != TV_MIGRATE || e->a == e->b)
			continue;
		moves++;
		cross += tr->topo.cpu[e->a].node != tr->topo.cpu[e->b].node;
	}
	fprintf(f, "</text>\n<text x=\"10\" y=\"36\" font-size=\"11\" fill=\"#555\">"
		"%d CPUs, %d nodes, %d runqueues, %d tasks, %.1f ms, %d events, "
		"%d migrations (%d across nodes) (%s)"
		"%s", tr->nlanes, l.nbands, tr->nrq, tr->ntask,
		(double)(tr->t1 - tr->t0) / 1000.0, tr->nev, moves, cross,
		tr->format == TV_FMT_FTRACE ? "Linux ftrace" : "trace dump",
		tr->have_topo ? "" : "; no topo: lines, lanes ungrouped");
	if (o->from_ms > 0 || o->to_ms > 0)
		fprintf(f, "; showing %.3f-%.3f ms", (double)(l.t0 - l.base) / 1000.0,
			(double)(l.t1 - l.base) / 1000.0);
	fputs("</text>\n", f);
	for (i = 0; i < NR_CPUS; i++)
		if (tr->lost[i]) {
			y += 14;
			fprintf(f, "<text class=\"lost\" x=\"10\" y=\"%d\" font-size=\"11\" "
				"fill=\"#c00\">cpu%d lost %llu events: its lane has gaps"
				"</text>\n", y, i, (unsigned long long)tr->lost[i]);
		}
	bands_and_labels(f, tr, &l);
	grid_and_axis(f, &l);
	slices(f, tr, &l);
	rq_strips(f, tr, &l);
	migrations(f, tr, &l, id);
	legend(f, tr, &l, id);
	fputs("</svg>\n", f);
	return ferror(f) ? -1 : 0;
}
