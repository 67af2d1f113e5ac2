/*
 * input.c - read a file line by line into a struct trace: topo: lines
 * always, events in the format asked for or the one its first event line
 * shows (our `trace:` lines or Linux's ftrace text).
 *
 * Lines are read whole however long (a mangled serial log may hold one huge
 * line); carriage returns and NUL bytes are dropped, so a raw serial capture
 * reads like a clean one, and so are terminal escape sequences. Lines neither format claims are other output
 * (boot messages, prompts) and are only counted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model.h"

/* Clean a line in place: no CR/LF, no NUL, no terminal escape sequences
 * (ESC [ parameters final-letter, as GRUB and a serial console emit). */
static void clean(char *s, size_t *len)
{
	size_t i, j = 0;

	for (i = 0; i < *len; i++) {
		if (s[i] == '\x1b') {
			if (i + 1 < *len && s[i + 1] == '[') {
				for (i += 2; i < *len && !(s[i] >= '@' && s[i] <= '~'); i++)
					;
			}
			continue;
		}
		if (s[i] && s[i] != '\r' && s[i] != '\n')
			s[j++] = s[i];
	}
	s[j] = '\0';
	*len = j;
}

void trace_feed_line(struct trace *tr, long lineno, char *line, int *format)
{
	size_t len = strlen(line);
	int kind;

	clean(line, &len);
	tr->lines++;
	kind = detect_format_line(line);
	/* A second topology report after events starts another run (the
	 * simulator writes one per shape into one file); a run's first report
	 * may come before or after its events. Only the chosen run is read. */
	if (strstr(line, "topo: cpus=")) {
		if (tr->run_events && tr->run_topo) {
			tr->runs++;
			tr->run_events = 0;
		}
		tr->run_topo = 1;
	}
	if (kind && !tr->run_events++)
		tr->event_runs++;
	if (tr->runs + 1 != (tr->want_run ? tr->want_run : 1))
		return;
	if (*format == TV_FMT_AUTO)
		*format = kind;
	if (parse_topo_line(tr, lineno, line))
		return;
	if (*format == TV_FMT_OURS)
		parse_ours_line(tr, lineno, line);
	else if (*format == TV_FMT_FTRACE)
		parse_ftrace_line(tr, lineno, line);
	tr->format = *format;
}

int trace_read_file(struct trace *tr, const char *path, int format)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	char *line = NULL;
	size_t cap = 0;
	ssize_t got;
	long lineno = 0;

	if (!f) {
		fprintf(stderr, "tracevis: %s: cannot open: %m\n", path);
		return -1;
	}
	while ((got = getline(&line, &cap, f)) >= 0) {
		size_t len = (size_t)got;

		/* A NUL inside the line would end it early: drop them first. */
		clean(line, &len);
		trace_feed_line(tr, ++lineno, line, &format);
	}
	free(line);
	if (ferror(f)) {
		fprintf(stderr, "tracevis: %s: read error\n", path);
		if (f != stdin)
			fclose(f);
		return -1;
	}
	if (f != stdin)
		fclose(f);
	return 0;
}
