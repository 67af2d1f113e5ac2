/*
 * writers.h - the outputs of tracevis: Chrome trace-event JSON (json.c), an
 * SVG timeline (svg.c) and an HTML page of two timelines (page.c). All read
 * a finished model (model_finish()) and write to a stdio stream.
 */
#ifndef TRACEVIS_WRITERS_H
#define TRACEVIS_WRITERS_H

#include <stdio.h>
#include "model.h"

/* "cpu3 (core 1, thread 1)": a lane's name in every output. */
void lane_name(const struct trace *tr, int cpu, char *buf, size_t len);

int write_json(const struct trace *tr, FILE *f);

/*
 * The timeline. inline_svg: for an HTML page (no XML declaration, scales to
 * the page's width). id: prefix of the SVG's element ids, unique per page.
 */
struct svg_opts {
	const char *title;
	int width;		/* pixels; 0: the default */
	int inline_svg;
	const char *id;
	double from_ms, to_ms;	/* the window drawn, ms after the first
				 * event; 0: from the start / to the end */
	double span_ms;		/* the axis is at least this long (ms) */
};
int write_svg(const struct trace *tr, FILE *f, const struct svg_opts *o);

/* Two timelines side by side (wrapping one under the other in a narrow
 * window), each with its title, on one time scale; o gives the window for
 * both and each one's width (0: page.c's default; its title and id are
 * not used). */
int write_page(const struct trace *left, const char *ltitle,
	       const struct trace *right, const char *rtitle,
	       const char *title, const struct svg_opts *o, FILE *f);

/* The numbers of a trace, as "stats: SOURCE ..." lines (stats.c). */
int write_stats(const struct trace *tr, FILE *f);

/* Text made safe for XML/HTML (& < > " ' escaped). */
void xml_text(FILE *f, const char *s);

#endif
