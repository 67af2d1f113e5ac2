/*
 * statline.h - the `stat:` line of DESIGN.md, formatted in one place.
 *
 * Portable and libc-free (lib/statline.c): the scheduler (kernel and
 * simulator, sched_stat_format()) and the user command `schedstat` both
 * print a struct schedstat_cpu through it, so the keys and their order can
 * only change here.
 */
#ifndef STATLINE_H
#define STATLINE_H

#include <stddef.h>
#include "uapi/schedstat.h"

/*
 * "stat: cpu=3 switches=N exec_moves=N node_moves_in=N local_moves_in=N
 * active_moves_in=N idle_ticks=N busy_ticks=N wake_moves_in=N
 * affinity_moves_in=N" into buf (NUL-terminated, cut to fit). Returns the
 * length written.
 */
int stat_line_format(char *buf, size_t len, const struct schedstat_cpu *c);

#endif
