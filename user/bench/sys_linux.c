/*
 * sys_linux.c - bench.h's system calls on Linux. The topo: report comes
 * from the companion patch 0001 (/proc/sched_topo).
 */
#define _GNU_SOURCE
#include "bench/bench.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

int sys_kill(int pid) { return kill(pid, SIGKILL) < 0 ? -errno : 0; }

int sys_poll(int fd, int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	int r = poll(&p, 1, ms);

	return r < 0 ? -errno : r;
}

/* Not getppid(): the raw call, so no C library may answer from a cache. */
long sys_null(void) { return syscall(SYS_getppid); }

int sys_topo(char *buf, int len)
{
	int fd = open("/proc/sched_topo", O_RDONLY), n = 0;
	long r;

	if (fd < 0)
		return -errno;
	while (n < len - 1 && (r = read(fd, buf + n, (size_t)(len - 1 - n))) > 0)
		n += (int)r;
	buf[n] = 0;
	close(fd);
	return n;
}

int sys_renice(int pid, int nice)
{
	return setpriority(PRIO_PROCESS, (id_t)pid, nice) < 0 ? -errno : 0;
}

/* The companion patch 0003's /proc/sched_stat: "stat: cpu=N switches=N ...". */
uint64_t sys_switches(int cpu)
{
	char line[256];
	unsigned long long sw = 0;
	FILE *f = fopen("/proc/sched_stat", "r");
	int c;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "stat: cpu=%d switches=%llu", &c, &sw) == 2 && c == cpu)
			break;
		else
			sw = 0;
	fclose(f);
	return sw;
}

/*
 * Linux sizes kernel.threads-max from memory (1/8 of RAM for kernel
 * stacks: 8192 tasks in 1 GiB), below the O(1) row's 10 000 hogs; a
 * 10 000-task run needs about 400 MB here, so raising it is safe.
 */
int sys_task_room(int n)
{
	long max = 0;
	FILE *f = fopen("/proc/sys/kernel/threads-max", "r");

	if (!f)
		return -errno;
	if (fscanf(f, "%ld", &max) != 1)
		max = 0;
	fclose(f);
	if (max >= n + 1000)
		return 0;
	f = fopen("/proc/sys/kernel/threads-max", "w");
	if (!f)
		return -errno;
	fprintf(f, "%d\n", n + 1000);
	return fclose(f) ? -errno : 0;
}
