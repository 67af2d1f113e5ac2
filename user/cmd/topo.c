/*
 * topo - print the kernel's topology report (the `topo:` lines of
 * docs/formats.md), exactly as the kernel formats it at boot
 * (lib/topology.c topo_report()), so it can be diffed against the boot log
 * and against the patched Linux's /proc/sched_topo.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(void)
{
	unsigned int len = 8192;

	for (;;) {
		char *buf = malloc(len);
		int r;

		if (!buf) {
			printf("topo: out of memory\n");
			return 1;
		}
		r = topo(buf, len);
		if (r < 0) {
			printf("topo: %s\n", strerror(r));
			return 1;
		}
		if ((unsigned int)r < len) {	/* it all fit */
			fdputs(STDOUT_FILENO, buf);
			return 0;
		}
		free(buf);
		len = (unsigned int)r + 1;
	}
}
