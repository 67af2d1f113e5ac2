/*
 * statline.h - the `stat:` line (docs/formats.md), formatted in one place.
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

/*
 * The builder under it, also the scheduler's for its `trace:` lines
 * (sched/stats.c sched_trace_format): key=value pieces into a bounded
 * buffer. pos counts every character offered, also those cut off, as
 * snprintf's result does; line_end() then NUL-terminates within len.
 */
struct line_out {
	char *buf;
	size_t len, pos;
};

void line_put_str(struct line_out *o, const char *s);
/* key, then v in decimal: ("cpu=", 3) gives "cpu=3". */
void line_put_key(struct line_out *o, const char *key, unsigned long long v);
/* key, then v in decimal with its sign. */
void line_put_int(struct line_out *o, const char *key, int v);
/* key, then w as one word: at most LINE_WORD_MAX characters, each space,
 * control character or non-ASCII byte as '?', so a parser can split the
 * line at spaces (a task's name is what a program chose). */
#define LINE_WORD_MAX	31
void line_put_word(struct line_out *o, const char *key, const char *w);
/* NUL-terminate (cut to fit; len must be > 0) and return the length kept. */
int line_end(struct line_out *o);

#endif
