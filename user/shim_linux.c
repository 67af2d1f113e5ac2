/*
 * shim_linux.c - shim.h over Linux (glibc, linked -static), for the
 * companion Linux guest. Errors come back as -errno, as on our kernel.
 *
 * stdout is made unbuffered before main() runs: a fork() would otherwise
 * copy output that is still in the buffer, and lines of concurrent
 * programs would interleave by buffer rather than by printf() call.
 */
#define _GNU_SOURCE
#include "shim.h"
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

const char shim_system[] = "linux";

__attribute__((constructor)) static void shim_init(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
}

static int ret(long r)
{
	return r < 0 ? -errno : (int)r;
}

int shim_fork(void) { return ret(fork()); }

int shim_exec(const char *path, char *const argv[])
{
	char *const none[] = { (char *)path, NULL };

	return ret(execv(path, argv ? argv : none));
}

/* The program's own file by its real path (/bin/execer), not the
 * /proc/self/exe link: Linux names a task after the file it exec'd, and
 * the traces (make trace) and ps should say "execer", not "exe". */
const char *shim_self(const char *argv0)
{
	static char path[256];
	ssize_t n = readlink("/proc/self/exe", path, sizeof(path) - 1);

	(void)argv0;
	if (n <= 0)
		return "/proc/self/exe";
	path[n] = '\0';
	return path;
}

int shim_wait(int pid, int *code)
{
	int st = 0;
	pid_t r;

	do
		r = waitpid(pid, &st, 0);
	while (r < 0 && errno == EINTR);
	if (r > 0 && code)
		*code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	return ret(r);
}

int shim_pin(int cpu)
{
	cpu_set_t s;

	if (cpu < 0 || cpu >= CPU_SETSIZE)
		return -EINVAL;
	CPU_ZERO(&s);
	CPU_SET(cpu, &s);
	return ret(sched_setaffinity(0, sizeof(s), &s));
}

int shim_unpin(void)
{
	cpu_set_t s;
	int i;

	CPU_ZERO(&s);
	for (i = 0; i < CPU_SETSIZE; i++)
		CPU_SET(i, &s);
	return ret(sched_setaffinity(0, sizeof(s), &s));
}

int shim_getcpu(int *cpu, int *node)
{
	unsigned int c = 0, n = 0;
	int r = getcpu(&c, &n);

	if (cpu)
		*cpu = (int)c;
	if (node)
		*node = (int)n;
	return ret(r);
}

int shim_ncpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (int)n : 1;
}

int shim_nice(int nice) { return ret(setpriority(PRIO_PROCESS, 0, nice)); }

uint64_t shim_now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

void shim_sleep_ms(unsigned int ms)
{
	struct timespec ts = { ms / 1000, (long)(ms % 1000) * 1000000L };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

void shim_yield(void) { sched_yield(); }
int shim_pipe(int fds[2]) { return ret(pipe(fds)); }
long shim_read(int fd, void *buf, size_t len) { return ret(read(fd, buf, len)); }
long shim_write(int fd, const void *buf, size_t len) { return ret(write(fd, buf, len)); }
int shim_close(int fd) { return ret(close(fd)); }
int shim_kill(int pid) { return ret(kill(pid, SIGKILL)); }
void shim_exit(int code) { _exit(code); }
