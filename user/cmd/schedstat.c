/*
 * schedstat - the per-CPU scheduler counters, one `stat:` line per CPU
 * (docs/formats.md), formatted by lib/statline.c as the kernel and the
 * simulator format it, so tests read all of them alike.
 */
#include <stdio.h>
#include "stat.h"
#include "statline.h"

int main(void)
{
	struct snap s = { 0 };
	int i;

	if (snap_take(&s, SNAP_CPUS, "schedstat"))
		return 1;
	for (i = 0; i < s.ncpu; i++) {
		char line[256];

		stat_line_format(line, sizeof(line), &s.cpu[i]);
		printf("%s\n", line);
	}
	snap_free(&s);
	return 0;
}
