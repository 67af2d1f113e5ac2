/*
 * builtin.c - the commands the shell runs itself, and `help`.
 *
 * Builtins are what must act on the shell (exit, set, run, wait) or change
 * how the next program starts (nice, chrt, taskset: set in the child
 * between fork and exec, the way Linux's nice/chrt/taskset tools do).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "sh.h"

/* The programs of /bin, for `help` (mk/user.mk USER_PROGS builds them). */
static const char *const programs[][2] = {
	{ "topo", "the topology report (topo: lines)" },
	{ "ps [-a]", "tasks with policy, priority, sleep_avg, CPU, node" },
	{ "rq [N]", "runqueues: active and expired priority arrays" },
	{ "top [-b] [N] [ms]", "live CPU and task view, q quits" },
	{ "schedstat", "per-CPU counters (stat: lines)" },
	{ "trace start|stop|dump", "scheduler events: record; dump to COM2" },
	{ "hog [s]", "burn a CPU for s seconds (0: forever)" },
	{ "spin [N] [ms]", "N CPU hogs at once: watch them spread" },
	{ "forker [N]", "fork and reap N children" },
	{ "execer [N] [ms]", "N children exec: where exec places them" },
	{ "pipeping [N]", "N round trips through two pipes" },
	{ "sleeper [N] [ms]", "sleep N times: wake-up latency" },
	{ "nicemix [s] [cpu]", "nice 0/5/10/19 hogs on one CPU: shares" },
	{ "pin CPU|all [ms]", "affinity: check we stay on the CPU" },
	{ "badargs", "TAP: every system call with bad arguments" },
	{ "forkbomb", "TAP: fork until EAGAIN, then recover" },
};

static int b_help(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	printf("builtins:\n"
	       "  help                  this list\n"
	       "  echo WORDS            print WORDS\n"
	       "  run FILE              run the lines of FILE here (also: sh FILE)\n"
	       "  set -e|+e|-x|+x       stop a script at a failure | print lines\n"
	       "  CMD &                 run CMD in the background; wait [PID]\n"
	       "  kill PID [SIG]        end a task (SIG 9 or 15)\n"
	       "  sleep N[ms]           pause N seconds (or ms)\n"
	       "  time CMD              run CMD, print the wall-clock time\n"
	       "  nice N CMD            run CMD at nice N (-20..19)\n"
	       "  chrt fifo|rr P CMD    run CMD real-time at priority P (1..99)\n"
	       "  taskset CPULIST CMD   run CMD on the CPUs of CPULIST (0-3,8)\n"
	       "  where                 the CPU and node the shell runs on\n"
	       "  exit [N]              leave the shell (status N, or the last one)\n"
	       "  poweroff [N]          leave QEMU with status N (default: the\n"
	       "                        number of commands that failed)\n"
	       "  reboot\n"
	       "programs (/bin):\n");
	for (size_t i = 0; i < sizeof(programs) / sizeof(programs[0]); i++)
		printf("  %-21s %s\n", programs[i][0], programs[i][1]);
	return 0;
}

/* "0-3,8" -> mask; returns 0 or -EINVAL. */
static int parse_cpulist(const char *s, cpumask_t *mask)
{
	cpus_clear(*mask);
	while (*s) {
		char *end;
		long a = strtol(s, &end, 10), b = a;

		if (end == s || a < 0 || a >= NR_CPUS)
			return -EINVAL;
		s = end;
		if (*s == '-') {
			b = strtol(s + 1, &end, 10);
			if (end == s + 1 || b < a || b >= NR_CPUS)
				return -EINVAL;
			s = end;
		}
		for (long c = a; c <= b; c++)
			cpu_set(c, *mask);
		if (*s == ',')
			s++;
		else if (*s)
			return -EINVAL;
	}
	return cpus_empty(*mask) ? -EINVAL : 0;
}

/* nice / chrt / taskset: the prefix's own arguments, then CMD. */
static int b_prefixed(int argc, char **argv, int bg)
{
	struct exec_prep p = { 0 };
	int skip;

	if (!strcmp(argv[0], "nice")) {
		if (argc < 3)
			goto usage;
		p.set_nice = 1;
		p.nice = atoi(argv[1]);
		skip = 2;
	} else if (!strcmp(argv[0], "chrt")) {
		if (argc < 4)
			goto usage;
		p.set_policy = 1;
		if (!strcmp(argv[1], "fifo"))
			p.policy = SCHED_FIFO;
		else if (!strcmp(argv[1], "rr"))
			p.policy = SCHED_RR;
		else if (!strcmp(argv[1], "normal"))
			p.policy = SCHED_NORMAL;
		else
			goto usage;
		p.rt_prio = atoi(argv[2]);
		skip = 3;
	} else {
		if (argc < 3)
			goto usage;
		if (parse_cpulist(argv[1], &p.mask)) {
			printf("taskset: bad CPU list '%s'\n", argv[1]);
			return 2;
		}
		p.set_mask = 1;
		skip = 2;
	}
	return sh_exec(argv + skip, bg, &p);
usage:
	printf("usage: nice N CMD | chrt fifo|rr|normal PRIO CMD | taskset CPULIST CMD\n");
	return 2;
}

static int b_sleep(int argc, char **argv)
{
	char *end;
	long n;

	if (argc < 2)
		goto usage;
	n = strtol(argv[1], &end, 10);
	if (n < 0 || (*end && strcmp(end, "ms")))
		goto usage;
	sleep_ms((unsigned int)(*end ? n : n * 1000));
	return 0;
usage:
	printf("usage: sleep N | sleep Nms\n");
	return 2;
}

static int b_wait(int argc, char **argv)
{
	int st = 0, pid, want = argc > 1 ? atoi(argv[1]) : -1, last = 0;

	while ((pid = waitpid(want, &st, 0)) > 0) {
		last = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
		printf("[%d] done, status %d\n", pid, last);
		if (want > 0)
			break;
	}
	if (pid < 0 && want > 0) {
		printf("wait: %d: %s\n", want, strerror(pid));
		return 127;
	}
	return last;
}

static int b_time(int argc, char **argv, int bg)
{
	uint64_t t0 = now_us(), dt;
	int r;

	if (argc < 2) {
		printf("usage: time CMD\n");
		return 2;
	}
	r = builtin_run(argc - 1, argv + 1, bg);
	if (r < 0)
		r = sh_exec(argv + 1, bg, NULL);
	dt = now_us() - t0;
	printf("time: %llu.%03llu s\n", (unsigned long long)(dt / 1000000u),
	       (unsigned long long)(dt / 1000u % 1000u));
	return r;
}

static int b_set(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-e"))
			sh.errexit = 1;
		else if (!strcmp(argv[i], "+e"))
			sh.errexit = 0;
		else if (!strcmp(argv[i], "-x"))
			sh.xtrace = 1;
		else if (!strcmp(argv[i], "+x"))
			sh.xtrace = 0;
		else {
			printf("usage: set -e|+e|-x|+x\n");
			return 2;
		}
	}
	return 0;
}

int builtin_run(int argc, char **argv, int bg)
{
	const char *c = argv[0];
	int r;

	if (!strcmp(c, "help"))
		return b_help(argc, argv);
	if (!strcmp(c, "echo")) {
		for (int i = 1; i < argc; i++)
			printf(i + 1 < argc ? "%s " : "%s", argv[i]);
		printf("\n");
		return 0;
	}
	if (!strcmp(c, "exit")) {
		sh.exiting = 1;
		return argc > 1 ? atoi(argv[1]) & 0xff : sh.status;
	}
	if (!strcmp(c, "run") || !strcmp(c, ".")) {
		if (argc < 2) {
			printf("usage: run FILE\n");
			return 2;
		}
		return sh_run_file(argv[1]);
	}
	if (!strcmp(c, "set"))
		return b_set(argc, argv);
	if (!strcmp(c, "wait"))
		return b_wait(argc, argv);
	if (!strcmp(c, "kill")) {
		if (argc < 2) {
			printf("usage: kill PID [SIG]\n");
			return 2;
		}
		r = kill(atoi(argv[1]), argc > 2 ? atoi(argv[2]) : SIGTERM);
		if (r < 0)
			printf("kill: %s: %s\n", argv[1], strerror(r));
		return r < 0 ? 1 : 0;
	}
	if (!strcmp(c, "sleep"))
		return b_sleep(argc, argv);
	if (!strcmp(c, "time"))
		return b_time(argc, argv, bg);
	if (!strcmp(c, "nice") || !strcmp(c, "chrt") || !strcmp(c, "taskset"))
		return b_prefixed(argc, argv, bg);
	if (!strcmp(c, "where")) {
		unsigned int cpu = 0, node = 0;

		r = getcpu(&cpu, &node);
		if (r < 0)
			printf("where: %s\n", strerror(r));
		else
			printf("sh: pid %d on cpu %u node %u\n", getpid(), cpu, node);
		return r < 0;
	}
	if (!strcmp(c, "poweroff") || !strcmp(c, "reboot")) {
		/* No N: how many commands failed, so the status of a test
		 * script that ends in poweroff says whether all passed. */
		int code = argc > 1 ? atoi(argv[1]) : sh.failures;

		r = reboot(c[0] == 'p' ? REBOOT_POWEROFF : REBOOT_RESTART, code);
		printf("%s: %s\n", c, strerror(r));
		return 1;
	}
	return -1;
}
