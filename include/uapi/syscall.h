/*
 * uapi/syscall.h - the system call interface between the kernel and user
 * programs: the numbers, the calling convention, and the constants the
 * arguments use. The kernel's dispatch table (kernel/syscall.c) and the user
 * library's stubs (user/lib/syscall.c) are both written from this file.
 *
 * Calling convention (i386, like Linux's int 0x80):
 *
 *	eax = number, ebx, ecx, edx, esi, edi = arguments 1..5
 *	int $0x80
 *	eax = result; every other register is preserved
 *
 * A result in [-MAX_ERRNO, -1] is an error: -EFAULT, -EINVAL ... (errno.h).
 * An unknown number returns -ENOSYS. A pointer argument that is NULL, points
 * into the kernel, or into unmapped user memory gives -EFAULT (getcpu()
 * alone accepts NULL, as Linux's does), never a fault in the kernel.
 *
 * A new program starts at its ELF entry with esp pointing at (Linux's
 * layout, so crt0 is the usual one):
 *
 *	argc, argv[0] .. argv[argc - 1], NULL, NULL (an empty envp),
 *	then the argument strings
 *
 * Every other register is zero. fds 0, 1, 2 are the console for init, and
 * are inherited through fork() and exec().
 */
#ifndef UAPI_SYSCALL_H
#define UAPI_SYSCALL_H

#include "cpumask.h"

#define SYSCALL_VECTOR		0x80

/*    name			number	   arguments -> result */
#define SYS_exit		1	/* (int status) -> never returns */
#define SYS_fork		2	/* () -> child pid in the parent, 0 in the child */
#define SYS_exec		3	/* (const char *path, char *const argv[]) -> only errors */
#define SYS_waitpid		4	/* (int pid, int *status, int flags) -> pid reaped, 0 (WNOHANG) */
#define SYS_getpid		5	/* () -> pid */
#define SYS_getppid		6	/* () -> parent's pid */
#define SYS_kill		7	/* (int pid, int sig) -> 0 */
#define SYS_yield		8	/* () -> 0 */
#define SYS_sleep_ms		9	/* (unsigned int ms) -> 0 */
#define SYS_nice		10	/* (int pid, int nice) -> 0: sets nice -20..19 */
#define SYS_sched_setscheduler	11	/* (int pid, int policy, int rt_priority) -> 0 */
#define SYS_sched_setaffinity	12	/* (int pid, unsigned int len, const cpumask_u *mask) -> 0 */
#define SYS_sched_getaffinity	13	/* (int pid, unsigned int len, cpumask_u *mask) -> 0 */
#define SYS_getcpu		14	/* (unsigned int *cpu, unsigned int *node) -> 0 */
#define SYS_read		15	/* (int fd, void *buf, unsigned int len) -> bytes, 0 at end */
#define SYS_write		16	/* (int fd, const void *buf, unsigned int len) -> bytes */
#define SYS_close		17	/* (int fd) -> 0 */
#define SYS_pipe		18	/* (int fds[2]) -> 0: fds[0] reads, fds[1] writes */
#define SYS_clock_us		19	/* (uint64_t *us) -> 0: microseconds since boot */
#define SYS_schedstat		20	/* (int what, void *buf, unsigned int len) -> records (schedstat.h) */
#define SYS_topo		21	/* (char *buf, unsigned int len) -> length of the whole report */
#define SYS_trace		22	/* (int cmd, void *buf, unsigned int len) -> per cmd (uapi/trace.h) */
#define SYS_reboot		23	/* (int cmd, int status) -> never returns (REBOOT_*) */
#define SYS_open		24	/* (const char *path, int flags) -> fd: an initrd file, read only */
#define SYS_poll		25	/* (int fd, int timeout_ms) -> 1 readable, 0 timed out */
#define SYS_proclimit		26	/* (int limit) -> the limit of user processes in force */
#define NR_SYSCALLS		27	/* one more than the largest number */

/*
 * Semantics, where the one-line summaries above leave a question:
 *
 * exit(status): status & 0xff is what the parent's waitpid() sees.
 *
 * exec(path, argv): path is looked up in the initrd ("/bin/sh"). argv is a
 *   NULL-terminated array (NULL itself means no arguments). At most
 *   EXEC_MAX_ARGS strings and EXEC_MAX_ARG_BYTES bytes of them (with their
 *   NULs), else -E2BIG. The file is checked completely before the old image
 *   is dropped, so a bad file (-ENOENT, -ENOEXEC) leaves the caller running.
 *   The task's name (ps) becomes the last component of path.
 *
 * waitpid(pid, status, flags): pid -1 waits for any child. status may be
 *   NULL. -ECHILD when the caller has no such child. The status word is
 *   Linux's: see W*() below. An orphan is re-parented to init (pid 1).
 *
 * kill(pid, sig): SIGKILL and SIGTERM both end the task (status
 *   W_SIGNALED(sig)); sig 0 only checks that pid exists. -EINVAL for any
 *   other sig, -ESRCH for no such pid, -EPERM for init and kernel threads.
 *
 * nice(pid, nice): pid 0 is the caller. nice outside NICE_MIN..NICE_MAX
 *   is -EINVAL (not clamped, so a test sees a bad argument).
 *
 * sched_setscheduler(pid, policy, rt_priority): SCHED_NORMAL wants
 *   rt_priority 0, SCHED_FIFO and SCHED_RR 1..99 (uapi/sched.h), else
 *   -EINVAL.
 *
 * sched_{set,get}affinity(pid, len, mask): Linux's order of arguments and
 *   rules. The mask is len bytes, CPU n being bit n % 8 of byte n / 8 (a
 *   cpumask_u, or a uint64_t for CPUs 0-63, or glibc's cpu_set_t). Set reads
 *   len bytes: a shorter mask is zero-extended, a longer one cut to NR_CPUS;
 *   a mask with no online CPU is -EINVAL. Get needs len to hold every online
 *   CPU and to be a multiple of 4 (Linux's sizeof(long)), else -EINVAL; it
 *   zero-fills the bytes after sizeof(cpumask_u).
 *   Moving the caller off its CPU happens before the call returns.
 *
 * getcpu(cpu, node): either pointer may be NULL.
 *
 * read(fd, buf, len): the console is raw: it returns as soon as one byte is
 *   there, does not echo, and passes '\r' from the serial line as is (the
 *   shell does its own line editing). A pipe returns what is buffered (at
 *   least one byte), blocking while it is empty and a writer is open; 0 when
 *   it is empty and every writer is closed.
 *
 * write(fd, buf, len): the console turns "\n" into "\r\n". A pipe blocks
 *   while full; with no reader left it returns -EPIPE.
 *
 * pipe(fds): PIPE_BUF bytes of buffer. The lowest free fds are used
 *   (-EMFILE past MAX_FDS).
 *
 * schedstat(what, buf, len): fills buf with records of the kind what names
 *   (schedstat.h) and returns how many it wrote: as many as fit in len.
 *   -EINVAL for an unknown what; -EFAULT for a bad buf.
 *
 * topo(buf, len): the kernel's `topo:` report (shared/DESIGN.md), one line
 *   each ending in "\n", NUL-terminated and cut at len - 1 bytes. Returns
 *   the length of the whole report (like snprintf): a result >= len means
 *   the buffer was too small.
 *
 * reboot(cmd, status): REBOOT_POWEROFF leaves QEMU through isa-debug-exit
 *   with status (QEMU's exit status is (status << 1) | 1); REBOOT_RESTART
 *   resets the machine. Any other cmd is -EINVAL.
 *
 * open(path, flags): flags must be O_RDONLY. -ENOENT when the initrd has no
 *   such file.
 *
 * poll(fd, timeout_ms): waits until read(fd) would not block, or
 *   timeout_ms passes (0: just look; -1: forever). `top` uses it on fd 0 to
 *   refresh every second and still see the 'q' key.
 *
 * proclimit(limit): how many user processes may be alive at once (zombies
 *   count); a fork past it is -EAGAIN. limit 0 only reads it. The limit is
 *   the machine's, like Linux's kernel.threads-max (make bench raises it
 *   for its O(1) row, the fork bomb test lowers it). -EINVAL below 16 or
 *   above what the machine allows: as many processes as half its memory
 *   holds at their smallest (32 KiB), at most 11 776 (kernel/task.h).
 */

/* waitpid() flags and status words (Linux's encoding). */
#define WNOHANG			1
#define W_EXITCODE(code)	(((code) & 0xff) << 8)
#define W_SIGNALED(sig)		((sig) & 0x7f)
#define WIFEXITED(s)		(((s) & 0x7f) == 0)
#define WEXITSTATUS(s)		(((s) >> 8) & 0xff)
#define WIFSIGNALED(s)		(((s) & 0x7f) != 0)
#define WTERMSIG(s)		((s) & 0x7f)

/* kill() signals: both end the task. */
#define SIGKILL			9
#define SIGTERM			15

/* reboot() commands. */
#define REBOOT_POWEROFF		1
#define REBOOT_RESTART		2

/* open() flags. */
#define O_RDONLY		0

/* Limits. */
#define MAX_FDS			16	/* fds per process */
#define PIPE_BUF		4096	/* bytes a pipe holds */
#define PATH_MAX		128	/* bytes of a path, with its NUL */
#define EXEC_MAX_ARGS		32	/* argv strings exec() takes */
#define EXEC_MAX_ARG_BYTES	4096	/* bytes of them, with their NULs */
#define TASK_COMM_LEN		16	/* bytes of a task's name, with its NUL */

/* The affinity mask: the kernel's cpumask_t, NR_CPUS bits (CPU n is bit
 * n % 8 of byte n / 8 on this little-endian machine); cpumask.h's helpers
 * (cpu_set, cpu_isset, cpumask_of ...) work on it. */
typedef cpumask_t cpumask_u;

#endif
