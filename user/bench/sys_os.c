/* sys_os.c - bench.h's system calls on the teaching kernel. */
#include "bench/bench.h"
#include <unistd.h>
#include "uapi/schedstat.h"

int sys_kill(int pid) { return kill(pid, SIGKILL); }
int sys_poll(int fd, int ms) { return poll1(fd, ms); }
long sys_null(void) { return getppid(); }
int sys_topo(char *buf, int len) { return topo(buf, (unsigned int)len); }
int sys_renice(int pid, int nice) { return setnice(pid, nice); }

uint64_t sys_switches(int cpu)
{
	static struct schedstat_cpu c[64];
	int n = schedstat(SCHEDSTAT_CPUS, c, sizeof(c)), i;

	for (i = 0; i < n; i++)
		if ((int)c[i].cpu == cpu)
			return c[i].switches;
	return 0;
}

/* Our limit on processes boots at 1100 (kernel/task.h); the largest o1_N
 * row (o1rows.h) needs its hogs, its pair, and us, sh and init beside. */
int sys_task_room(int n)
{
	int limit = proclimit(0);

	if (limit < 0 || limit >= n + 100)
		return limit < 0 ? limit : 0;
	limit = proclimit(n + 100);
	return limit < 0 ? limit : 0;
}
