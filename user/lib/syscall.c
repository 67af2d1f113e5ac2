/*
 * syscall.c - one wrapper per system call of include/uapi/syscall.h.
 *
 * The number goes in eax and the arguments in ebx, ecx, edx, esi, edi; the
 * result comes back in eax and every other register is preserved, so only
 * eax is an output and "memory" tells the compiler that the kernel may
 * have read or written what pointers point to. The trap itself is the
 * kernel's __kernel_vsyscall at VSYSCALL_ADDR (uapi/vsyscall.h): sysenter
 * where the CPU and the boot allow it, `int $0x80` otherwise. It runs on
 * our stack (a call and 12 bytes).
 */
#include <unistd.h>
#include "uapi/vsyscall.h"

long syscall5(long nr, long a, long b, long c, long d, long e)
{
	long r;

	__asm__ volatile("call %c[vsyscall]"
			 : "=a"(r)
			 : "a"(nr), "b"(a), "c"(b), "d"(c), "S"(d), "D"(e),
			   [vsyscall] "i"(VSYSCALL_ADDR)
			 : "memory");
	return r;
}

/* The same through `int $0x80` itself, whatever the vsyscall page holds
 * (tests: both entries must keep working). */
long syscall5_int80(long nr, long a, long b, long c, long d, long e)
{
	long r;

	__asm__ volatile("int $0x80"
			 : "=a"(r)
			 : "a"(nr), "b"(a), "c"(b), "d"(c), "S"(d), "D"(e)
			 : "memory");
	return r;
}

#define SC0(nr)			syscall5(nr, 0, 0, 0, 0, 0)
#define SC1(nr, a)		syscall5(nr, (long)(a), 0, 0, 0, 0)
#define SC2(nr, a, b)		syscall5(nr, (long)(a), (long)(b), 0, 0, 0)
#define SC3(nr, a, b, c)	syscall5(nr, (long)(a), (long)(b), (long)(c), 0, 0)

void _exit(int status)
{
	for (;;)
		SC1(SYS_exit, status);
}

int fork(void) { return SC0(SYS_fork); }
int execv(const char *path, char *const argv[]) { return SC2(SYS_exec, path, argv); }
int waitpid(int pid, int *status, int flags) { return SC3(SYS_waitpid, pid, status, flags); }
int wait(int *status) { return waitpid(-1, status, 0); }
int getpid(void) { return SC0(SYS_getpid); }
int getppid(void) { return SC0(SYS_getppid); }
int kill(int pid, int sig) { return SC2(SYS_kill, pid, sig); }
int sched_yield(void) { return SC0(SYS_yield); }
int sleep_ms(unsigned int ms) { return SC1(SYS_sleep_ms, ms); }
int setnice(int pid, int nice) { return SC2(SYS_nice, pid, nice); }

int sched_setscheduler(int pid, int policy, int rt_priority)
{
	return SC3(SYS_sched_setscheduler, pid, policy, rt_priority);
}

int sched_setaffinity(int pid, unsigned int len, const cpumask_u *mask)
{
	return SC3(SYS_sched_setaffinity, pid, len, mask);
}

int sched_getaffinity(int pid, unsigned int len, cpumask_u *mask)
{
	return SC3(SYS_sched_getaffinity, pid, len, mask);
}

int getcpu(unsigned int *cpu, unsigned int *node) { return SC2(SYS_getcpu, cpu, node); }
long read(int fd, void *buf, size_t len) { return SC3(SYS_read, fd, buf, len); }
long write(int fd, const void *buf, size_t len) { return SC3(SYS_write, fd, buf, len); }
int close(int fd) { return SC1(SYS_close, fd); }
int pipe(int fds[2]) { return SC1(SYS_pipe, fds); }
int open(const char *path, int flags) { return SC2(SYS_open, path, flags); }
int poll1(int fd, int timeout_ms) { return SC2(SYS_poll, fd, timeout_ms); }
int proclimit(int limit) { return SC1(SYS_proclimit, limit); }
int clock_us(uint64_t *us) { return SC1(SYS_clock_us, us); }

uint64_t now_us(void)
{
	uint64_t t = 0;

	clock_us(&t);
	return t;
}

int schedstat(int what, void *buf, unsigned int len)
{
	return SC3(SYS_schedstat, what, buf, len);
}

int topo(char *buf, unsigned int len) { return SC2(SYS_topo, buf, len); }
int reboot(int cmd, int status) { return SC2(SYS_reboot, cmd, status); }
