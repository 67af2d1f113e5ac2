/*
 * topoexpect - print the `topo:` lines a kernel should print on a shape.
 *
 *   topoexpect [-f FILE] NAME     shape NAME of tests/topologies (or FILE)
 *   topoexpect -a "QEMU ARGS"     any arguments tests/shape.c understands
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
	fprintf(stderr, "usage: topoexpect [-f FILE] NAME | topoexpect -a \"QEMU ARGS\"\n");
	return 2;
}

int main(int argc, char **argv)
{
	static struct topology t;
	const char *file = DEFAULT_FILE, *args = NULL;
	char buf[4096], err[512];
	int opt;

	while ((opt = getopt(argc, argv, "f:a:h")) != -1) {
		switch (opt) {
		case 'f':
			file = optarg;
			break;
		case 'a':
			args = optarg;
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
	topo_report(&t, emit);
	return fflush(stdout) ? 2 : 0;
}
