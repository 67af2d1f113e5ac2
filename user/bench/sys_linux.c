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
