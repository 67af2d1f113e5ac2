/*
 * grade.c - runs one lab's checks: "grade LAB". One TAP line per check,
 * its points after the '#', then "score: K/M"; exit 0 when every check
 * passed.
 *
 * Each check runs in a child process with an alarm: a crash, a sanitizer
 * report, a simulated panic or a hang is a "not ok" worth 0 for that check,
 * and the next check runs on a fresh machine all the same.
 */
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include "grade.h"

/* Seconds a check may run (GRADE_CHECK_SECONDS overrides): the slowest
 * takes about one on a loaded host. */
static unsigned int check_seconds = 20;

static char note[512];

/* The leak checker calls sched_yield(), which here is the scheduler's: it
 * would run the simulated kernel's schedule() at exit. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "detect_leaks=0";
}

int verdict(int cond, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(note, sizeof(note), fmt, ap);
	va_end(ap);
	return cond;
}

struct task_struct *sleeper_on(int cpu, int nice)
{
	struct task_struct *p = spawn(cpu, nice);

	run_schedule(cpu);
	if (cpu_curr(cpu) != p) {
		printf("# task %d did not run on CPU %d\n", p->pid, cpu);
		exit(2);
	}
	sleep_current(cpu);
	return p;
}

struct task_struct *runner_on(int cpu, int nice)
{
	struct task_struct *p = spawn(cpu, nice);

	run_schedule(cpu);
	if (cpu_curr(cpu) != p) {
		printf("# task %d did not get CPU %d\n", p->pid, cpu);
		exit(2);
	}
	return p;
}

unsigned long busy_pulls(int a, int b)
{
	int i, k;

	machine(TWO, NULL);
	for (i = 0; i < a; i++)
		spawn(0, 0);
	for (i = 0; i < b; i++)
		spawn(1, 0);
	settle();
	for (k = 1; k <= 3; k++) {
		sim_jiffies = k * BUSY_REBALANCE_TICK - 1;
		advance(1);
	}
	return moves_in(1, SCHED_MOVE_LOCAL);
}

unsigned long node_moves(int a, int b, int ms)
{
	unsigned long moves = 0;
	int i;

	machine(NUMA2, NULL);
	for (i = 0; i < a; i++)
		spawn(i % 4, 0);
	for (i = 0; i < b; i++)
		spawn(4 + i % 4, 0);
	settle();
	advance(ms);
	for (i = 0; i < 8; i++)
		moves += moves_in(i, SCHED_MOVE_NODE);
	return moves;
}

void wake_from_3(struct task_struct *p)
{
	settle();
	sim_cpu = 3;
	wake_up_process(p, 0);
}

int asked(int cpu)
{
	return cpu_curr(cpu)->need_resched;
}

unsigned long moves_in(int cpu, int kind)
{
	return sched_cpu_stat(cpu)->moves_in[kind];
}

/* The check in a child: 1 when it passed. Its TAP line is printed here,
 * from what the child left in its exit status and on stdout. */
static int run_one(const struct check *c, int n, const char *tag)
{
	int status, passed;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		perror("fork");
		exit(2);
	}
	if (pid == 0) {
		alarm(check_seconds);
		passed = c->run();
		printf("%sok %d %s%s # %d/%d%s%s\n", passed ? "" : "not ", n,
		       c->name, tag, passed ? c->points : 0, c->points,
		       *note ? ": " : "", note);
		fflush(stdout);
		_exit(passed ? 0 : 1);
	}
	if (waitpid(pid, &status, 0) < 0) {
		perror("waitpid");
		exit(2);
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) <= 1)
		return WEXITSTATUS(status) == 0;
	if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
		printf("not ok %d %s%s # 0/%d: hung (over %u s)\n", n, c->name,
		       tag, c->points, check_seconds);
	else if (WIFSIGNALED(status))
		printf("not ok %d %s%s # 0/%d: crashed (signal %d: a panic or "
		       "an assertion, above)\n", n, c->name, tag, c->points,
		       WTERMSIG(status));
	else
		printf("not ok %d %s%s # 0/%d: stopped (exit %d: a panic or "
		       "a sanitizer report, above)\n", n, c->name, tag,
		       c->points, WEXITSTATUS(status));
	return 0;
}

int main(int argc, char **argv)
{
	const struct check *tables[2] = { NULL, NULL }, *c;
	int lab, t, n = 0, score = 0, total = 0, failed = 0;

	lab = argc == 2 ? atoi(argv[1]) : -1;
	switch (lab) {
#define LAB(k) case k: tables[0] = grade_lab##k##_visible;		\
		tables[1] = grade_lab##k##_held; break
	LAB(0); LAB(1); LAB(2); LAB(3); LAB(4); LAB(5); LAB(6); LAB(7);
	LAB(8);
#undef LAB
	}
	if (!tables[0]) {
		fprintf(stderr, "usage: grade LAB (a graded lab: 0-8)\n");
		return 2;
	}
	if (getenv("GRADE_CHECK_SECONDS"))
		check_seconds = (unsigned int)atoi(getenv("GRADE_CHECK_SECONDS"));
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("TAP version 13\n");
	for (t = 0; t < 2; t++) {
		for (c = tables[t]; c && c->name; c++) {
			int ok = run_one(c, ++n, t ? " (held back)" : "");

			total += c->points;
			score += ok ? c->points : 0;
			failed += !ok;
		}
	}
	printf("1..%d\n", n);
	if (!tables[1])
		printf("# the held-back checks are not in this tree: the "
		       "teacher's grade has more\n");
	printf("score: %d/%d\n", score, total);
	return failed ? 1 : 0;
}
