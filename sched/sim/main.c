/*
 * main.c - schedsim: run scenarios on the scheduler, print TAP.
 *
 *   schedsim [options] SCENARIO.scn...
 *     --topo NAME       run on this shape instead of the scenario's (repeat);
 *                       gen:NnCcTt generates one (docs/formats.md)
 *     --topo-args ARGS  run on a shape given by QEMU arguments
 *     --topologies F    the shapes file (default tests/topologies)
 *     --no-check        skip the sanity checker (faster)
 *     --trace FILE      write the run as `trace:` lines (tests/trace/README.md:
 *                       topo, switch, wakeup, migrate, fork, exec, exit),
 *                       which build/tools/tracevis draws
 *     --report          print the per-task and per-CPU numbers (stdout)
 *     --options OPTS    override the scenario's options ("balance=node ...")
 *     --summary LABEL   print one `summary:` line per run, tagged LABEL
 *     --scale MS        print a `scale:` line per run (docs/formats.md): the
 *                       scheduler's work in its last MS ticks, per simulated
 *                       second, as count.h counts it
 *     -v                print every scheduler log line
 *
 * Exit status: 0 when every expectation held, 1 otherwise, 2 on bad input.
 */
#include <stdlib.h>
#include <string.h>
#include "sim.h"

static int all_shapes(const char *file, char names[][256], int max)
{
	char line[4096];
	FILE *f = fopen(file, "r");
	int n = 0;

	if (!f)
		return 0;
	while (n < max && fgets(line, sizeof(line), f)) {
		char name[64];

		if (line[0] == '#' || sscanf(line, "%63s", name) != 1)
			continue;
		snprintf(names[n++], 256, "%s", name);
	}
	fclose(f);
	return n;
}

static const char *summary_label;
static FILE *trace_out;
static unsigned long scale_window;

static void trace_topo_line(const char *line)
{
	fprintf(trace_out, "%s\n", line);
}

static int run_one(struct scenario *sc, const char *topo, const char *file,
		   int check, FILE *trace, int report, int *n)
{
	static struct sim s;
	char err[512];
	int failed;

	sc->check = check && sc->check;
	if (sim_setup(&s, sc, topo, file, err, sizeof(err))) {
		fprintf(stdout, "not ok %d %s[%s] setup # %s\n", ++*n, sc->name,
			topo, err);
		return 1;
	}
	if (scale_window > sc->duration) {
		printf("not ok %d %s[%s] scale # --scale %lu: longer than the "
		       "run (%lu ms)\n", ++*n, sc->name, topo, scale_window,
		       sc->duration);
		sim_free(&s);
		return 1;
	}
	s.count_from = sc->duration - scale_window;
	s.trace = trace;
	if (trace) {
		/* The lanes for tracevis: the topology with its runqueues. */
		trace_out = trace;
		topo_report(&s.topo, trace_topo_line);
	}
	sim_run(&s);
	if (report)
		sim_report(&s, stdout);
	if (summary_label)
		sim_summary(&s, summary_label, stdout);
	if (scale_window && sim_scale(&s, scale_window, stdout)) {
		printf("not ok %d %s[%s] scale # nothing counted: a build "
		       "without count.c's wrapping (mk/sched.mk)\n", ++*n, sc->name, topo);
		sim_free(&s);
		return 1;
	}
	failed = sim_expect(&s, n, stdout);
	sim_free(&s);
	fflush(stdout);
	return failed;
}

int main(int argc, char **argv)
{
	static struct scenario sc;
	static char topos[SIM_MAX_TOPOS][256];
	const char *file = "tests/topologies";
	int ntopos = 0, check = 1, report = 0, failed = 0, n = 0, i, t;
	const char *options = NULL;
	FILE *trace = NULL;

	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--topo") && i + 1 < argc &&
		    ntopos < SIM_MAX_TOPOS)
			snprintf(topos[ntopos++], 256, "%s", argv[++i]);
		else if (!strcmp(argv[i], "--topo-args") && i + 1 < argc &&
			 ntopos < SIM_MAX_TOPOS)
			snprintf(topos[ntopos++], 256, "args:%s", argv[++i]);
		else if (!strcmp(argv[i], "--topologies") && i + 1 < argc)
			file = argv[++i];
		else if (!strcmp(argv[i], "--no-check"))
			check = 0;
		else if (!strcmp(argv[i], "--report"))
			report = 1;
		else if (!strcmp(argv[i], "--options") && i + 1 < argc)
			options = argv[++i];
		else if (!strcmp(argv[i], "--summary") && i + 1 < argc)
			summary_label = argv[++i];
		else if (!strcmp(argv[i], "--scale") && i + 1 < argc &&
			 atol(argv[i + 1]) > 0)
			scale_window = (unsigned long)atol(argv[++i]);
		else if (!strcmp(argv[i], "-v"))
			sim_verbose = 1;
		else if (!strcmp(argv[i], "--trace") && i + 1 < argc) {
			trace = fopen(argv[++i], "w");
			if (!trace) {
				fprintf(stderr, "schedsim: cannot write %s\n", argv[i]);
				return 2;
			}
		} else {
			fprintf(stderr, "usage: schedsim [--topo NAME] [--topo-args "
				"ARGS] [--topologies FILE] [--no-check] [--report] "
				"[--options OPTS] [--summary LABEL] [--scale MS] "
				"[--trace FILE] "
				"[-v] SCENARIO...\n");
			return 2;
		}
	}
	if (i == argc) {
		fprintf(stderr, "schedsim: no scenario given\n");
		return 2;
	}
	for (; i < argc; i++) {
		char err[512];
		int nt;

		if (scenario_load(argv[i], &sc, err, sizeof(err))) {
			printf("not ok %d %s # %s\n", ++n, argv[i], err);
			failed++;
			continue;
		}
		if (options && scenario_options(&sc, options, err, sizeof(err))) {
			printf("not ok %d %s # --options: %s\n", ++n, sc.name, err);
			failed++;
			continue;
		}
		if (ntopos) {
			memcpy(sc.topo, topos, sizeof(topos));
			sc.ntopos = ntopos;
		}
		if (sc.ntopos == 1 && !strcmp(sc.topo[0], "all")) {
			sc.ntopos = all_shapes(file, sc.topo, SIM_MAX_TOPOS);
			if (!sc.ntopos) {
				printf("not ok %d %s # no shapes in %s\n", ++n,
				       sc.name, file);
				failed++;
				continue;
			}
		}
		nt = sc.ntopos;
		for (t = 0; t < nt; t++)
			failed += run_one(&sc, sc.topo[t], file, check, trace,
					  report, &n);
	}
	if (trace)
		fclose(trace);
	return failed ? 1 : 0;
}
