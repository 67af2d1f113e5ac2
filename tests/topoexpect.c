/*
 * topoexpect - print the `topo:` lines a kernel should print on a shape.
 *
 *   topoexpect [-f FILE] NAME     shape NAME of tests/topologies (or FILE)
 *   topoexpect -a "QEMU ARGS"     any arguments tests/shape.c understands
 *   -s                            SMT siblings share a runqueue (rq = the
 *                                 lowest sibling, as after sched_map_runqueue);
 *                                 without -s each CPU has its own (rq = cpu)
 *
 * The lines come from the QEMU arguments alone (tests/shape.c) and are
 * formatted by topo_report() (lib/topology.c), the same formatter the kernel
 * uses, so a boot test can compare them with the serial output line by line.
 * Exit status 0, or 2 with a message on stderr.
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "shape.h"

#define DEFAULT_FILE	"tests/topologies"

static void emit(const char *line)
{
	puts(line);
}

static int usage(void)
{
	fprintf(stderr, "usage: topoexpect [-s] [-f FILE] NAME | "
		"topoexpect [-s] -a \"QEMU ARGS\"\n");
	return 2;
}

int main(int argc, char **argv)
{
	static struct topology t;
	const char *file = DEFAULT_FILE, *args = NULL;
	char buf[4096], err[512];
	int opt, shared_rq = 0, i;

	while ((opt = getopt(argc, argv, "f:a:sh")) != -1) {
		switch (opt) {
		case 'f':
			file = optarg;
			break;
		case 'a':
			args = optarg;
			break;
		case 's':
			shared_rq = 1;
			break;
		default:
			return usage();
		}
	}
	if (args ? optind != argc : optind + 1 != argc)
		return usage();
	if (!args) {
		if (shape_lookup(file, argv[optind], buf, sizeof(buf), err, sizeof(err))) {
			fprintf(stderr, "topoexpect: %s\n", err);
			return 2;
		}
		args = buf;
	}
	if (shape_from_args(args, &t, err, sizeof(err))) {
		fprintf(stderr, "topoexpect: %s\n", err);
		return 2;
	}
	if (shared_rq)
		for (i = 0; i < t.ncpus; i++)
			t.cpu[i].rq = first_cpu(t.sibling_map[i]);
	topo_report(&t, emit);
	return fflush(stdout) ? 2 : 0;
}
