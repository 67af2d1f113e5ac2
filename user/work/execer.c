/*
 * execer - fork N children that each exec a hog, and see where exec placed
 * them and where they run once the spread has settled.
 *
 *   execer [N] [ms]   default N = number of CPUs; the hogs run ms (500)
 *                     after the last exec, then report again
 *   execer +K [ms]    N = number of CPUs + K
 *
 * Exec is the cheapest time to move a task to another node (2.5.59's
 * sched_balance_exec): it has no memory there yet. Each child re-executes
 * this program as "execer -child T0 FD SFD I" and reports the CPU and node
 * it runs on right after the exec, on the console and to the parent
 * through a pipe (fd FD survives exec). Then it burns the CPU until the
 * parent stops it.
 *
 * One child at a time: the parent forks a child and sleeps in read()
 * until it has reported, so each exec decision sees the hogs placed
 * before it and not the parent (a parent still forking counts on its
 * node, and how many children it pushed away depended on how fast exec
 * was). The hogs must all be running while the later children decide:
 * the parent lets them run until every child has reported, then ms
 * longer, and kills them.
 *
 * Where exec placed each child is one line; where the children run once
 * the balancers have had ms to correct what exec could not see (a hog a
 * balancer moved for a moment while a later child decided) is the other:
 * "per node after exec" and "per node settled". For the second, each
 * hog writes its number and node to a second pipe (SFD) when it starts
 * and whenever its node changes; nobody reads that pipe meanwhile, so the
 * writes wake no one (the parent's wakeups would count on its node while
 * children decide). After the ms the parent writes a marker to it and
 * reads up to the marker: each hog's last record is its node at that
 * moment.
 */
#include "work/burn.h"

/* What a child whose exec failed reports instead of its node. */
#define EXEC_FAILED	0xff
/* The parent's marker in the where-pipe (no child has this number). */
#define WHERE_MARK	0xff
/* A hog whose parent died stops by itself after this long (ms). */
#define CHILD_MAX_MS	20000

/* Hog number i runs on node: a record of the where-pipe. */
static int where_put(int sfd, int i, int node)
{
	unsigned char rec[2] = { (unsigned char)i, (unsigned char)(node & 0x3f) };

	return shim_write(sfd, rec, 2) == 2 ? 0 : -1;
}

static int child(uint64_t t0_ms, int fd, int sfd, int i)
{
	int cpu = -1, node = -1, last = -1;
	unsigned long long at = shim_now_us() / 1000 - t0_ms;
	uint64_t end = shim_now_us() + (uint64_t)CHILD_MAX_MS * 1000u;
	unsigned char rep;

	shim_getcpu(&cpu, &node);
	printf("execer: after exec cpu=%d node=%d at %llu ms\n", cpu, node, at);
	rep = (unsigned char)(node & 0x3f);
	if (shim_write(fd, &rep, 1) != 1)
		return 1;
	shim_close(fd);
	do {
		volatile uint32_t sink = 0;

		for (uint32_t k = 0; k < BURN_CHUNK; k++)
			sink += k;
		if (shim_getcpu(&cpu, &node) < 0 || node == last)
			continue;
		if (where_put(sfd, i, node))
			return 1;
		last = node;
	} while (shim_now_us() < end);
	return 0;
}

/* The node each hog last said it runs on, up to the marker: into where[]
 * (-1: none heard from). */
static void where_read(int sfd, int where[64])
{
	unsigned char rec[2];
	int i, got = 0;

	for (i = 0; i < 64; i++)
		where[i] = -1;
	for (;;) {
		long r = shim_read(sfd, rec + got, (size_t)(2 - got));

		if (r <= 0)
			return;
		got += (int)r;
		if (got < 2)
			continue;
		got = 0;
		if (rec[0] == WHERE_MARK)
			return;
		if (rec[0] < 64)
			where[rec[0]] = rec[1] & 0x3f;
	}
}

int main(int argc, char **argv)
{
	int n, ms, i, per_node[64] = { 0 }, pids[64], fds[2], sfds[2];
	int settled[64] = { 0 }, where[64], nsettled = 0;
	int forked = 0, reported = 0, pcpu = -1, pnode = -1;
	/* exec(path, NULL) starts a program with argc 0. */
	char *self = argc > 0 ? argv[0] : "execer";
	char t0buf[24], fdbuf[16], sfdbuf[16], ibuf[8];
	unsigned char rep, mark[2] = { WHERE_MARK, WHERE_MARK };

	if (argc > 5 && !strcmp(argv[1], "-child"))
		return child(strtoul(argv[2], NULL, 10), atoi(argv[3]),
			     atoi(argv[4]), atoi(argv[5]));
	n = argc > 1 ? atoi(argv[1]) : shim_ncpus();
	if (argc > 1 && argv[1][0] == '+')
		n = shim_ncpus() + atoi(argv[1] + 1);
	ms = argc > 2 ? atoi(argv[2]) : 500;
	if (n < 1 || n > 64 || ms < 0 || ms > CHILD_MAX_MS / 2) {
		printf("usage: execer [N 1..64 | +K] [ms 0..%d]\n", CHILD_MAX_MS / 2);
		return 2;
	}
	if (shim_pipe(fds) < 0 || shim_pipe(sfds) < 0) {
		printf("execer: pipe failed\n");
		return 1;
	}
	snprintf(t0buf, sizeof(t0buf), "%lu", (unsigned long)(shim_now_us() / 1000));
	snprintf(fdbuf, sizeof(fdbuf), "%d", fds[1]);
	snprintf(sfdbuf, sizeof(sfdbuf), "%d", sfds[1]);
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
			char *args[] = { self, "-child", t0buf, fdbuf, sfdbuf,
					 ibuf, NULL };
			int r;

			snprintf(ibuf, sizeof(ibuf), "%d", i);
			shim_close(fds[0]);
			shim_close(sfds[0]);
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
	/* Every record before the marker was written before this moment. */
	if (shim_write(sfds[1], mark, 2) == 2)
		where_read(sfds[0], where);
	else
		for (i = 0; i < 64; i++)
			where[i] = -1;
	for (i = 0; i < forked; i++)
		shim_kill(pids[i]);
	for (i = 0; i < forked; i++)
		if (shim_wait(-1, NULL) < 0)
			break;
	shim_close(sfds[0]);
	shim_close(sfds[1]);
	for (i = 0; i < n && i < 64; i++)
		if (where[i] >= 0) {
			settled[where[i]]++;
			nsettled++;
		}
	printf("execer: %d children; per node after exec:", reported);
	for (i = 0; i < 64; i++)
		if (per_node[i])
			printf(" node%d=%d", i, per_node[i]);
	printf("\n");
	printf("execer: %d children; per node settled %d ms after the last "
	       "exec:", nsettled, ms);
	for (i = 0; i < 64; i++)
		if (settled[i])
			printf(" node%d=%d", i, settled[i]);
	printf("\n");
	return reported == n && nsettled == n ? 0 : 1;
}
