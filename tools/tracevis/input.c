/*
 * input.c - read a file line by line into a struct trace: topo: lines
 * always, events in the format asked for or the one its first event line
 * shows (our `trace:` lines or Linux's ftrace text).
 *
 * Lines are read whole however long (a mangled serial log may hold one huge
 * line); carriage returns and NUL bytes are dropped, so a raw serial capture
 * reads like a clean one. Lines neither format claims are other output
 * (boot messages, prompts) and are only counted.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model.h"

/* Clean a line in place: no CR/LF, no NUL, tabs stay. */
static void clean(char *s, size_t *len)
{
	size_t i, j = 0;

	for (i = 0; i < *len; i++)
		if (s[i] && s[i] != '\r' && s[i] != '\n')
			s[j++] = s[i];
	s[j] = '\0';
	*len = j;
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

		lineno++;
		clean(line, &len);
		if (format == TV_FMT_AUTO)
			format = detect_format_line(line);
		if (parse_topo_line(tr, lineno, line))
			continue;
		if (format == TV_FMT_OURS)
			parse_ours_line(tr, lineno, line);
		else if (format == TV_FMT_FTRACE)
			parse_ftrace_line(tr, lineno, line);
	}
	tr->lines += lineno;
	tr->format = format;
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
