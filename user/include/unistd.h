/*
 * unistd.h - the system calls, one small wrapper each (user/lib/syscall.c).
 *
 * Unlike POSIX, every wrapper returns what the kernel returned: a value, or
 * a negative errno (-EFAULT ...) from uapi/errno.h. There is no errno
 * variable; strerror(-r) names an error. The numbers and the semantics are
 * in include/uapi/syscall.h.
 */
#ifndef USER_UNISTD_H
#define USER_UNISTD_H

#include <stddef.h>
#include <stdint.h>
#include "uapi/syscall.h"
#include "uapi/errno.h"
#include "uapi/sched.h"

#define STDIN_FILENO	0
#define STDOUT_FILENO	1
#define STDERR_FILENO	2

/* The raw trap: number and up to five arguments (for tests that pass
 * anything at all, user/tests/badargs.c). */
long syscall5(long nr, long a, long b, long c, long d, long e);
/* syscall5 through `int $0x80` whatever the vsyscall page holds (tests). */
long syscall5_int80(long nr, long a, long b, long c, long d, long e);

void _exit(int status) __attribute__((noreturn));
int fork(void);
int execv(const char *path, char *const argv[]);
int waitpid(int pid, int *status, int flags);
int wait(int *status);
int getpid(void);
int getppid(void);
int kill(int pid, int sig);
int sched_yield(void);
int sleep_ms(unsigned int ms);
int setnice(int pid, int nice);
int sched_setscheduler(int pid, int policy, int rt_priority);
int sched_setaffinity(int pid, unsigned int len, const cpumask_u *mask);
int sched_getaffinity(int pid, unsigned int len, cpumask_u *mask);
int getcpu(unsigned int *cpu, unsigned int *node);
long read(int fd, void *buf, size_t len);
long write(int fd, const void *buf, size_t len);
int close(int fd);
int pipe(int fds[2]);
int open(const char *path, int flags);
int poll1(int fd, int timeout_ms);
int proclimit(int limit);	/* 0: read it (uapi/syscall.h) */
int clock_us(uint64_t *us);
uint64_t now_us(void);		/* clock_us() or 0 */
int schedstat(int what, void *buf, unsigned int len);
int topo(char *buf, unsigned int len);
int reboot(int cmd, int status);

#endif
