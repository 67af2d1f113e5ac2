/*
 * tracevis - a scheduler trace turned into pictures.
 *
 *   tracevis [-j OUT.json] [-s OUT.svg] [--stats] [--title T] [--width PX]
 *            [--from MS] [--to MS] [--run N] [--format ours|ftrace] DUMP
 *   tracevis --page OUT.html --left OURS --right LINUX [--stats]
 *            [--title T] [--left-title T] [--right-title T] [--width PX]
 *            [--from MS] [--to MS] [--format ours|ftrace]
 *
 * --stats: print on stdout the numbers of each trace (stats.c): how long a
 * CPU idled while a task waited on its core, tasks' moves between CPUs,
 * and the CPU time of tasks of one name.
 * --run N: a file holding several traces (each begins with its topo:
 * report, as the simulator writes one per shape) is read for the Nth only.
 * --from/--to draw only that window of the SVG timelines (milliseconds
 * after each trace's first event); the JSON always holds everything.
 *
 * DUMP is our kernel's `trace dump` output (with its topo: lines) or Linux's
 * ftrace text (with the companion patch's topo: lines); the format is read
 * from the first event line unless --format says it ("-" reads stdin).
 * What was skipped (malformed lines, lost events) is reported on stderr; the
 * pictures are drawn from the rest. Exit status: 0, 1 when an output could
 * not be written, 2 on a usage error or an unreadable input.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model.h"
#include "writers.h"

static int usage(void)
{
	fprintf(stderr,
		"usage: tracevis [-j OUT.json] [-s OUT.svg] [--stats] [--title T] [--width PX]\n"
		"                [--from MS] [--to MS] [--run N] [--format ours|ftrace] DUMP\n"
		"       tracevis --page OUT.html --left OURS --right LINUX [--stats] [--title T]\n"
		"                [--left-title T] [--right-title T] [--width PX]\n"
		"                [--from MS] [--to MS] [--format ours|ftrace]\n");
	return 2;
}

static int load(struct trace *tr, const char *path, int format, int run)
{
	trace_init(tr, path);
	tr->want_run = run;
	if (trace_read_file(tr, path, format))
		return -1;
	if (model_finish(tr)) {
		fprintf(stderr, "tracevis: %s: out of memory\n", path);
		return -1;
	}
	model_report(tr, stderr);
	if (!tr->nev)
		fprintf(stderr, "tracevis: %s: no trace events found; drawing empty "
			"lanes\n", path);
	return 0;
}

/* Open path, write with fn, close; report failures. */
static int output(const char *path, int (*fn)(const void *arg, FILE *f),
		  const void *arg)
{
	FILE *f = fopen(path, "w");
	int rc;

	if (!f) {
		fprintf(stderr, "tracevis: %s: cannot create: %m\n", path);
		return -1;
	}
	rc = fn(arg, f);
	if (fclose(f) || rc) {
		fprintf(stderr, "tracevis: %s: write failed\n", path);
		return -1;
	}
	return 0;
}

struct job {
	struct trace *a, *b;
	const char *title, *ltitle, *rtitle;
	struct svg_opts o;
};

static int do_json(const void *arg, FILE *f)
{
	return write_json(((const struct job *)arg)->a, f);
}

static int do_svg(const void *arg, FILE *f)
{
	const struct job *j = arg;
	struct svg_opts o = j->o;

	o.title = j->title;
	return write_svg(j->a, f, &o);
}

static int do_page(const void *arg, FILE *f)
{
	const struct job *j = arg;

	return write_page(j->a, j->ltitle, j->b, j->rtitle, j->title, &j->o, f);
}

int main(int argc, char **argv)
{
	const char *json = NULL, *svg = NULL, *page = NULL, *left = NULL,
		   *right = NULL, *in = NULL;
	static struct trace a, b;
	struct job j = { .a = &a, .b = &b };
	int format = TV_FMT_AUTO, i, rc = 0, run = 1, stats = 0;

	for (i = 1; i < argc; i++) {
		const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(o, "-h") || !strcmp(o, "--help")) {
			usage();
			return 0;
		}
		if (o[0] != '-' || !strcmp(o, "-")) {
			if (in)
				return usage();
			in = o;
			continue;
		}
		if (!strcmp(o, "--stats")) {
			stats = 1;
			continue;
		}
		if (!v)
			return usage();
		i++;
		if (!strcmp(o, "-j"))
			json = v;
		else if (!strcmp(o, "-s"))
			svg = v;
		else if (!strcmp(o, "--page"))
			page = v;
		else if (!strcmp(o, "--left"))
			left = v;
		else if (!strcmp(o, "--right"))
			right = v;
		else if (!strcmp(o, "--title"))
			j.title = v;
		else if (!strcmp(o, "--left-title"))
			j.ltitle = v;
		else if (!strcmp(o, "--right-title"))
			j.rtitle = v;
		else if (!strcmp(o, "--width"))
			j.o.width = atoi(v);
		else if (!strcmp(o, "--run") && atoi(v) > 0)
			run = atoi(v);
		else if (!strcmp(o, "--from"))
			j.o.from_ms = atof(v);
		else if (!strcmp(o, "--to"))
			j.o.to_ms = atof(v);
		else if (!strcmp(o, "--format") && !strcmp(v, "ours"))
			format = TV_FMT_OURS;
		else if (!strcmp(o, "--format") && !strcmp(v, "ftrace"))
			format = TV_FMT_FTRACE;
		else
			return usage();
	}
	if (page) {
		if (!left || !right || in || json || svg)
			return usage();
		if (load(&a, left, format, run) || load(&b, right, format, run))
			return 2;
		if (!j.title)
			j.title = "Scheduler timelines";
		if (!j.ltitle)
			j.ltitle = a.format == TV_FMT_FTRACE ? "Linux" : "this kernel";
		if (!j.rtitle)
			j.rtitle = b.format == TV_FMT_FTRACE ? "Linux" : "this kernel";
		rc = output(page, do_page, &j);
		if (stats && (write_stats(&a, stdout) || write_stats(&b, stdout)))
			rc = -1;
	} else {
		if (!in || left || right || (!json && !svg && !stats))
			return usage();
		if (load(&a, in, format, run))
			return 2;
		if (stats && write_stats(&a, stdout))
			rc = -1;
		if (json && output(json, do_json, &j))
			rc = -1;
		if (svg && output(svg, do_svg, &j))
			rc = -1;
	}
	trace_free(&a);
	trace_free(&b);
	return rc ? 1 : 0;
}
