/*
 * sh - the shell: commands typed on the console, or a script.
 *
 *   sh                 interactive, with line editing (line.c)
 *   sh FILE            run the lines of FILE (e.g. /etc/demo.sh): each is
 *                      printed as "$ line" before it runs, so a walkthrough
 *                      replays the same way every time (set +x: quiet)
 *   sh -c 'LINE'       run one line (its words may come as separate arguments)
 *
 * A line is commands separated by ';'; a command ending in '&' runs in the
 * background. Words split at blanks; "double" or 'single' quotes keep
 * blanks in a word. '#' starts a comment. A command that is not a builtin
 * (builtin.c; `help` lists them) runs /bin/NAME. No variables, no pipes, no
 * redirections: the walkthroughs do not need them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sh.h"

struct shell sh;

/* Split the command at *pp into argv, up to the next unquoted ';' or '&'
 * or the end. Returns argc (0: empty); *sep is the separator met. Words are
 * cut in place. */
static int split(char **pp, char **argv, char *sep)
{
	char *p = *pp, *w;
	int argc = 0;

	*sep = 0;
	for (;;) {
		while (*p == ' ' || *p == '\t')
			p++;
		if (*p == '#')
			*p = 0;		/* the rest of the line is a comment */
		if (!*p)
			break;
		if (*p == ';' || *p == '&') {
			*sep = *p++;
			break;
		}
		w = p;
		if (argc < SH_ARGS_MAX)
			argv[argc++] = w;
		/* Copy the word onto itself, dropping quotes. */
		while (*p && *p != ' ' && *p != '\t' && *p != ';' && *p != '&' && *p != '#') {
			if (*p == '"' || *p == '\'') {
				char q = *p++;

				while (*p && *p != q)
					*w++ = *p++;
				if (*p)
					p++;
			} else {
				*w++ = *p++;
			}
		}
		if (*p == ' ' || *p == '\t') {
			*w = 0;
			p++;
		} else {
			char c = *p;

			*w = 0;		/* may overwrite c: keep it */
			if (c == ';' || c == '&') {
				*sep = c;
				p++;
				break;
			}
			if (c == '#' || !c) {
				*p = 0;
				break;
			}
		}
	}
	*pp = p;
	argv[argc] = NULL;
	return argc;
}

static int status_of(int st)
{
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

void sh_reap(int quiet)
{
	int st, pid;

	while ((pid = waitpid(-1, &st, WNOHANG)) > 0)
		if (!quiet)
			printf("[%d] done, status %d\n", pid, status_of(st));
}

int sh_exec(char **argv, int bg, const struct exec_prep *prep)
{
	char path[PATH_MAX];
	int pid, st = 0, r;

	if (strchr(argv[0], '/'))
		strlcpy(path, argv[0], sizeof(path));
	else
		snprintf(path, sizeof(path), "/bin/%s", argv[0]);
	pid = fork();
	if (pid < 0) {
		printf("sh: fork: %s\n", strerror(pid));
		return 126;
	}
	if (pid == 0) {
		if (prep && prep->set_nice && (r = setnice(0, prep->nice)) < 0)
			printf("sh: nice %d: %s\n", prep->nice, strerror(r));
		if (prep && prep->set_policy &&
		    (r = sched_setscheduler(0, prep->policy, prep->rt_prio)) < 0)
			printf("sh: chrt: %s\n", strerror(r));
		if (prep && prep->set_mask &&
		    (r = sched_setaffinity(0, sizeof(prep->mask), &prep->mask)) < 0)
			printf("sh: taskset: %s\n", strerror(r));
		r = execv(path, argv);
		printf("sh: %s: %s\n", argv[0], strerror(r));
		_exit(r == -ENOENT ? 127 : 126);
	}
	if (bg) {
		printf("[%d] %s\n", pid, argv[0]);
		return 0;
	}
	r = waitpid(pid, &st, 0);
	if (r < 0) {
		printf("sh: wait %d: %s\n", pid, strerror(r));
		return 126;
	}
	if (WIFSIGNALED(st))
		printf("sh: %s: killed by signal %d\n", argv[0], WTERMSIG(st));
	return status_of(st);
}

int sh_run_line(char *line)
{
	char *p = line, *argv[SH_ARGS_MAX + 1], sep;

	while (*p && !sh.exiting) {
		int argc = split(&p, argv, &sep), r;

		if (!argc)
			continue;
		r = builtin_run(argc, argv, sep == '&');
		sh.status = r >= 0 ? r : sh_exec(argv, sep == '&', NULL);
		if (sh.status && sh.failures < 255)
			sh.failures++;
		if (sh.status && sh.errexit)
			sh.exiting = 1;
	}
	return sh.status;
}

/* Read all of a file into a fresh NUL-terminated buffer. */
static char *slurp(const char *path)
{
	size_t cap = 1024, len = 0;
	char *buf = malloc(cap);
	int fd = open(path, O_RDONLY);

	if (fd < 0 || !buf) {
		printf("sh: %s: %s\n", path, strerror(fd < 0 ? fd : -ENOMEM));
		free(buf);
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	for (;;) {
		long r;

		if (len + 1 == cap) {
			char *n = realloc(buf, cap * 2);

			if (!n)
				break;
			buf = n;
			cap *= 2;
		}
		r = read(fd, buf + len, cap - 1 - len);
		if (r <= 0) {
			if (r < 0)
				printf("sh: %s: %s\n", path, strerror((int)r));
			break;
		}
		len += (size_t)r;
	}
	close(fd);
	buf[len] = 0;
	return buf;
}

/* Nesting limit of `run FILE` inside scripts (a script running itself). */
#define SH_MAX_DEPTH	8

int sh_run_file(const char *path)
{
	char *text, *line, *next;
	int saved_x = sh.xtrace;

	if (sh.depth >= SH_MAX_DEPTH) {
		printf("sh: %s: scripts nested too deep\n", path);
		return 126;
	}
	text = slurp(path);
	if (!text)
		return 127;
	sh.depth++;
	sh.xtrace = 1;
	for (line = text; line && *line && !sh.exiting; line = next) {
		char *s;

		next = strchr(line, '\n');
		if (next)
			*next++ = 0;
		if (strlen(line) >= SH_LINE_MAX) {
			printf("sh: %s: line too long\n", path);
			continue;
		}
		for (s = line; *s == ' ' || *s == '\t'; s++)
			;
		if (!*s || *s == '#')
			continue;
		if (sh.xtrace)
			printf("$ %s\n", s);
		sh_run_line(s);
		sh_reap(0);
	}
	sh.depth--;
	sh.xtrace = saved_x;
	free(text);
	return sh.status;
}

int main(int argc, char **argv)
{
	char line[SH_LINE_MAX];

	/* sh -c WORDS...: the words joined by spaces are the line, since the
	 * kernel's command line after "--" reaches init split at spaces
	 * (make profile boots "-- -c bench profile ROW N"). */
	if (argc > 2 && !strcmp(argv[1], "-c")) {
		size_t len = strlcpy(line, argv[2], sizeof(line));
		int i;

		for (i = 3; i < argc && len + 1 < sizeof(line); i++) {
			line[len++] = ' ';
			len += strlcpy(line + len, argv[i], sizeof(line) - len);
		}
		return sh_run_line(line);
	}
	if (argc > 1) {
		sh_run_file(argv[1]);
		while (wait(NULL) > 0)	/* a script waits for its jobs */
			;
		return sh.status;
	}
	printf("sh: type 'help' for the commands\n");
	while (!sh.exiting) {
		int n;

		sh_reap(0);
		n = line_read(sh.status ? "sh[!]$ " : "sh$ ", line, sizeof(line));
		if (n < 0)
			break;
		sh_run_line(line);
	}
	return sh.status;
}
