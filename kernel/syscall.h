/*
 * syscall.h - the kernel's system call functions, one per number of
 * uapi/syscall.h. Arguments are the user's registers ebx, ecx, edx, esi,
 * edi in order; pointers are user addresses, checked by uaccess.h. Each
 * returns the result or -errno.
 */
#ifndef KERNEL_SYSCALL_H
#define KERNEL_SYSCALL_H

#include <stdint.h>
#include "uapi/syscall.h"

#define SYSCALL_LIST(X)							\
	X(exit) X(fork) X(exec) X(waitpid) X(getpid) X(getppid) X(kill)	\
	X(yield) X(sleep_ms) X(nice) X(sched_setscheduler)		\
	X(sched_setaffinity) X(sched_getaffinity) X(getcpu) X(read)	\
	X(write) X(close) X(pipe) X(clock_us) X(schedstat) X(topo)	\
	X(reboot) X(open) X(poll) X(trace) X(proclimit)

int sys_exit(int status);
int sys_fork(void);
int sys_exec(const char *path, char *const *argv);
int sys_waitpid(int pid, int *status, int flags);
int sys_getpid(void);
int sys_getppid(void);
int sys_kill(int pid, int sig);
int sys_yield(void);
int sys_sleep_ms(uint32_t ms);
int sys_nice(int pid, int nice);
int sys_sched_setscheduler(int pid, int policy, int rt_priority);
int sys_sched_setaffinity(int pid, uint32_t len, const cpumask_u *mask);
int sys_sched_getaffinity(int pid, uint32_t len, cpumask_u *mask);
int sys_getcpu(uint32_t *cpu, uint32_t *node);
int sys_read(int fd, char *buf, uint32_t len);
int sys_write(int fd, const char *buf, uint32_t len);
int sys_close(int fd);
int sys_pipe(int *fds);
int sys_clock_us(uint64_t *us);
int sys_schedstat(int what, void *buf, uint32_t len);
int sys_topo(char *buf, uint32_t len);
int sys_reboot(int cmd, int status);
int sys_open(const char *path, int flags);
int sys_poll(int fd, int timeout_ms);
int sys_proclimit(int limit);
int sys_trace(int cmd, void *buf, uint32_t len);	/* kernel/trace.c */

#endif
