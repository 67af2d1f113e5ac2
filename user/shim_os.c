/* shim_os.c - shim.h over the teaching kernel's system calls. */
#include "shim.h"
#include <unistd.h>
#include "uapi/schedstat.h"

const char shim_system[] = "os";

int shim_fork(void) { return fork(); }
int shim_exec(const char *path, char *const argv[]) { return execv(path, argv); }
int shim_kill(int pid) { return kill(pid, SIGKILL); }

/* Our shell runs /bin/NAME with argv[0] = NAME. */
const char *shim_self(const char *argv0)
{
	static char path[PATH_MAX];

	if (strchr(argv0, '/'))
		return argv0;
	snprintf(path, sizeof(path), "/bin/%s", argv0);
	return path;
}

int shim_wait(int pid, int *code)
{
	int st = 0, r = waitpid(pid, &st, 0);

	if (r > 0 && code)
		*code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
	return r;
}

int shim_pin(int cpu)
{
	cpumask_u m;

	if (cpu < 0 || cpu >= NR_CPUS)
		return -EINVAL;
	m = cpumask_of(cpu);
	return sched_setaffinity(0, sizeof(m), &m);
}

int shim_unpin(void)
{
	cpumask_u m = CPU_MASK_ALL;

	return sched_setaffinity(0, sizeof(m), &m);
}

int shim_getcpu(int *cpu, int *node)
{
	unsigned int c = 0, n = 0;
	int r = getcpu(&c, &n);

	if (cpu)
		*cpu = (int)c;
	if (node)
		*node = (int)n;
	return r;
}

int shim_ncpus(void)
{
	struct schedstat_summary s;

	if (schedstat(SCHEDSTAT_SUMMARY, &s, sizeof(s)) != 1)
		return 1;
	return (int)s.nr_cpus;
}

int shim_nice(int nice) { return setnice(0, nice); }
uint64_t shim_now_us(void) { return now_us(); }
void shim_sleep_ms(unsigned int ms) { sleep_ms(ms); }
void shim_yield(void) { sched_yield(); }
int shim_pipe(int fds[2]) { return pipe(fds); }
long shim_read(int fd, void *buf, size_t len) { return read(fd, buf, len); }
long shim_write(int fd, const void *buf, size_t len) { return write(fd, buf, len); }
int shim_close(int fd) { return close(fd); }
void shim_exit(int code) { _exit(code); }
