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

/* The value of a sysctl file, or -errno. */
static long sysctl_read(const char *path)
{
	long v = 0;
	FILE *f = fopen(path, "r");

	if (!f)
		return -errno;
	if (fscanf(f, "%ld", &v) != 1)
		v = -EINVAL;
	fclose(f);
	return v;
}

/* Raise the sysctl at path to want when it is lower: 0 or -errno
 * (-EPERM when the write did not take). */
static int sysctl_raise(const char *path, long want)
{
	long v = sysctl_read(path);
	FILE *f;

	if (v < 0 || v >= want)
		return v < 0 ? (int)v : 0;
	f = fopen(path, "w");
	if (!f)
		return -errno;
	fprintf(f, "%ld\n", want);
	if (fclose(f))
		return -errno;
	return sysctl_read(path) >= want ? 0 : -EPERM;
}

/*
 * Two limits stop Linux short of the O(1) row's 10 000 hogs in the 1 GiB
 * shape (fork says -EAGAIN at 7892 hogs):
 *  - kernel.threads-max, sized from memory at boot (1/8 of RAM for 16 KiB
 *    kernel stacks: 7892 tasks in 1 GiB);
 *  - kernel.pid_max, 8192 here (1024 per CPU: the companion kernel's
 *    config starts from tinyconfig, whose CONFIG_BASE_SMALL makes the
 *    default 4096), less the 300 pids Linux keeps for itself.
 * A forked hog costs about 70 KiB here (MemFree at 7892 hogs: 393 of
 * 1021 MB), so 10 000 fit; raising both is safe.
 */
int sys_task_room(int n)
{
	int r = sysctl_raise("/proc/sys/kernel/threads-max", n + 1000);

	return r ? r : sysctl_raise("/proc/sys/kernel/pid_max", n + 1000 + 300);
}
