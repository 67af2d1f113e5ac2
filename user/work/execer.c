/*
 * execer - fork N children that each exec a hog, and see where exec placed
 * them.
 *
 *   execer [N] [ms]   default N = number of CPUs; the hogs run ms (500)
 *   execer +K [ms]    N = number of CPUs + K
 *
 * Exec is the cheapest time to move a task to another node (2.5.59's
 * sched_balance_exec): it has no memory there yet. Each child re-executes
 * this program as "execer -child T0 FD" and reports the CPU and node it
 * runs on right after the exec, on the console and to the parent through
 * a pipe (fd FD survives exec). Then it burns the CPU until the parent
 * stops it.
 *
 * One child at a time: the parent forks a child and sleeps in read()
 * until it has reported, so each exec decision sees the hogs placed
 * before it and not the parent (a parent still forking counts on its
 * node, and how many children it pushed away depended on how fast exec
 * was). The hogs must all be running while the later children decide:
 * the parent lets them run until every child has reported, then ms
 * longer, and kills them.
 */
#include "work/burn.h"

/* What a child whose exec failed reports instead of its node. */
#define EXEC_FAILED	0xff
/* A hog whose parent died stops by itself after this long (ms). */
#define CHILD_MAX_MS	20000

static int child(uint64_t t0_ms, int fd)
{
	int cpu = -1, node = -1;
	unsigned long long at = shim_now_us() / 1000 - t0_ms;
	unsigned char rep;

	shim_getcpu(&cpu, &node);
	printf("execer: after exec cpu=%d node=%d at %llu ms\n", cpu, node, at);
	rep = (unsigned char)(node & 0x3f);
	if (shim_write(fd, &rep, 1) != 1)
		return 1;
	shim_close(fd);
	burn_ms(CHILD_MAX_MS, NULL, NULL);
	return 0;
}

int main(int argc, char **argv)
{
	int n, ms, i, per_node[64] = { 0 }, pids[64], fds[2];
	int forked = 0, reported = 0, pcpu = -1, pnode = -1;
	/* exec(path, NULL) starts a program with argc 0. */
	char *self = argc > 0 ? argv[0] : "execer";
	char t0buf[24], fdbuf[16];
	unsigned char rep;

	if (argc > 3 && !strcmp(argv[1], "-child"))
		return child(strtoul(argv[2], NULL, 10), atoi(argv[3]));
	n = argc > 1 ? atoi(argv[1]) : shim_ncpus();
	if (argc > 1 && argv[1][0] == '+')
		n = shim_ncpus() + atoi(argv[1] + 1);
	ms = argc > 2 ? atoi(argv[2]) : 500;
	if (n < 1 || n > 64 || ms < 0 || ms > CHILD_MAX_MS / 2) {
		printf("usage: execer [N 1..64 | +K] [ms 0..%d]\n", CHILD_MAX_MS / 2);
		return 2;
	}
	if (shim_pipe(fds) < 0) {
		printf("execer: pipe failed\n");
		return 1;
	}
	snprintf(t0buf, sizeof(t0buf), "%lu", (unsigned long)(shim_now_us() / 1000));
	snprintf(fdbuf, sizeof(fdbuf), "%d", fds[1]);
	/* Where the children are forked: exec placement moves them from here. */
	/* On one CPU while it forks (the "a parent on node 0"):
	 * else each child's report, a sync wakeup, drew the parent to the
	 * child's CPU, and the next child was forked on another node. */
	shim_getcpu(&pcpu, &pnode);
	shim_pin(pcpu);
	printf("execer: forking on cpu=%d node=%d\n", pcpu, pnode);
	for (i = 0; i < n; i++) {
		int pid = shim_fork();

		if (pid == 0) {
			char *args[] = { self, "-child", t0buf, fdbuf, NULL };
			int r;

			shim_close(fds[0]);
			shim_unpin();	/* exec placement may move it */
			r = shim_exec(shim_self(self), args);
			printf("execer: exec %s failed (%d)\n", shim_self(self), r);
			rep = EXEC_FAILED;
			shim_write(fds[1], &rep, 1);
			shim_exit(127);
		}
		if (pid < 0)
			continue;
		pids[forked++] = pid;
		/* Asleep until this child has exec'd and said where it is. */
		if (shim_read(fds[0], &rep, 1) == 1 && rep != EXEC_FAILED) {
			per_node[rep & 0x3f]++;
			reported++;
		}
	}
	shim_close(fds[0]);
	shim_close(fds[1]);
	shim_unpin();
	shim_sleep_ms((unsigned int)ms);
	for (i = 0; i < forked; i++)
		shim_kill(pids[i]);
	for (i = 0; i < forked; i++)
		if (shim_wait(-1, NULL) < 0)
			break;
	printf("execer: %d children; per node after exec:", reported);
	for (i = 0; i < 64; i++)
		if (per_node[i])
			printf(" node%d=%d", i, per_node[i]);
	printf("\n");
	return reported == n ? 0 : 1;
}
