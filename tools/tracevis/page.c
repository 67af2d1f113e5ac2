/*
 * page.c - one HTML page holding two timelines for the same workload, ours
 * beside Linux's, each under its title, on one time scale. Side by side
 * when the window holds both (each is PAGE_SVG_WIDTH pixels unless --width
 * says otherwise: two fit a 1920-pixel screen); a narrower window wraps
 * the right one under the left (CSS flex-wrap), and a window narrower than
 * one timeline scales it down. Self-contained: the SVGs are inline, the
 * style is in the page, nothing is fetched.
 */
#include <stdio.h>
#include "model.h"
#include "writers.h"

#define PAGE_SVG_WIDTH	920	/* px, each timeline's default width */

static void one(FILE *f, const struct trace *tr, const char *title,
		const char *id, const struct svg_opts *base)
{
	struct svg_opts o = *base;

	o.title = title;
	o.inline_svg = 1;
	o.id = id;
	/* The SVG carries the title itself, so it stays titled when saved
	 * out of the page. */
	fprintf(f, "<section id=\"%s\" style=\"flex: 1 1 %dpx\">\n", id,
		o.width);
	write_svg(tr, f, &o);
	fputs("</section>\n", f);
}

/* The window's length in ms for tr, as write_svg() will clamp it. */
static double window_ms(const struct trace *tr, const struct svg_opts *o)
{
	double all = (double)(tr->t1 - tr->t0) / 1000.0;
	double from = o->from_ms > 0 ? o->from_ms : 0;
	double to = o->to_ms > 0 && o->to_ms < all ? o->to_ms : all;

	return to > from ? to - from : 0;
}

int write_page(const struct trace *left, const char *ltitle,
	       const struct trace *right, const char *rtitle,
	       const char *title, const struct svg_opts *o, FILE *f)
{
	struct svg_opts same = *o;
	double a = window_ms(left, o), b = window_ms(right, o);

	/* One time scale for both, so the same moment is at the same x. */
	same.span_ms = a > b ? a : b;
	if (same.width <= 300)		/* write_svg()'s floor */
		same.width = PAGE_SVG_WIDTH;
	o = &same;
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<title>", f);
	xml_text(f, title);
	fputs("</title>\n<style>\n"
	      "body { font-family: 'DejaVu Sans', Verdana, Arial, sans-serif; "
	      "margin: 12px; background: #fafafa; color: #222; }\n"
	      "h1 { font-size: 20px; margin: 4px 0 10px; }\n"
	      ".pair { display: flex; flex-wrap: wrap; gap: 12px; "
	      "align-items: flex-start; }\n"
	      "section { background: #fff; border: 1px solid #ddd; padding: 6px; "
	      "min-width: 0; }\n"
	      "svg { display: block; }\n"
	      "</style>\n</head>\n<body>\n<h1>", f);
	xml_text(f, title);
	fputs("</h1>\n<div class=\"pair\">\n", f);
	one(f, left, ltitle, "left", o);
	one(f, right, rtitle, "right", o);
	fputs("</div>\n</body>\n</html>\n", f);
	return ferror(f) ? -1 : 0;
}
