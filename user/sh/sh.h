/*
 * sh.h - the shell's parts: the line editor (line.c), the command runner
 * (sh.c) and the built-in commands (builtin.c).
 */
#ifndef USER_SH_H
#define USER_SH_H

#include <stddef.h>

#define SH_LINE_MAX	256	/* bytes of one command line */
#define SH_ARGS_MAX	32	/* words of one command */

/*
 * Read one line from the console with editing (line.c lists the keys).
 * Returns its length (the line is in buf, NUL-terminated), or -1 at the end
 * of input (^D on an empty line, or read() failing).
 */
int line_read(const char *prompt, char *buf, size_t len);

/* The shell's state that builtins change. */
struct shell {
	int status;		/* exit status of the last command */
	int errexit;		/* set -e: a failing command ends a script */
	int xtrace;		/* set -x: print each script line before it runs */
	int exiting;		/* exit was called */
	int depth;		/* nesting of run FILE */
	int failures;		/* commands that failed so far */
};
extern struct shell sh;

/* Run one line (several commands separated by ';', '&' at the end of one
 * puts it in the background). Returns the status of the last one. */
int sh_run_line(char *line);
/* Run every line of the file at path. Returns the last status, or 127 if
 * the file cannot be read. */
int sh_run_file(const char *path);
/* Fork, apply what prep says in the child, exec argv; wait unless bg.
 * Returns the exit status (128 + signal when killed), or 0 for bg. */
struct exec_prep {
	int set_nice, nice;
	int set_policy, policy, rt_prio;
	int set_mask;
	cpumask_u mask;
};
int sh_exec(char **argv, int bg, const struct exec_prep *prep);
/* Collect finished background jobs, saying which. */
void sh_reap(int quiet);

/* A builtin: returns its status; -1 when argv[0] is not a builtin. */
int builtin_run(int argc, char **argv, int bg);

#endif
