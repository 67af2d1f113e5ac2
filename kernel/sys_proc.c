/*
 * sys_proc.c - system calls of process life: exit, fork, exec, waitpid,
 * getpid, getppid, kill, yield, sleep_ms, reboot, proclimit (uapi/syscall.h).
 */
#include "syscall.h"
#include "debugexit.h"
#include "heap.h"
#include "io.h"
#include "proc.h"
#include "string.h"
#include "task.h"
#include "timer.h"
#include "trace.h"
#include "uaccess.h"

int sys_exit(int status)
{
	task_exit(W_EXITCODE(status));
}

int sys_fork(void)
{
	return do_fork(this_task()->uframe);
}

int sys_proclimit(int limit)
{
	return task_proc_limit(limit);
}

/* Copy argv (a user array of user strings, NULL-terminated) into buf:
 * returns argc, or -EFAULT / -E2BIG. */
static int copy_argv(char *const *uargv, char **argv, char *buf)
{
	uint32_t used = 0;
	int argc = 0;

	if (!uargv)
		return 0;
	for (;;) {
		uint32_t p;
		int n;

		if (get_user_u32(&p, (const uint32_t *)(uargv + argc)))
			return -EFAULT;
		if (!p)
			return argc;
		if (argc == EXEC_MAX_ARGS || used >= EXEC_MAX_ARG_BYTES)
			return -E2BIG;
		n = strncpy_from_user(buf + used, (const char *)(uintptr_t)p,
				      EXEC_MAX_ARG_BYTES - used);
		if (n == -ENAMETOOLONG)
			return -E2BIG;
		if (n < 0)
			return n;
		argv[argc++] = buf + used;
		used += (uint32_t)n + 1;
	}
}

int sys_exec(const char *upath, char *const *uargv)
{
	char path[PATH_MAX], *argv[EXEC_MAX_ARGS];
	char *buf;
	int argc, err;

	err = strncpy_from_user(path, upath, sizeof(path));
	if (err < 0)
		return err;
	buf = kmalloc(EXEC_MAX_ARG_BYTES);
	if (!buf)
		return -ENOMEM;
	argc = copy_argv(uargv, argv, buf);
	err = argc < 0 ? argc : do_exec(this_task()->uframe, path, argc, argv);
	kfree(buf);
	return err;
}

int sys_waitpid(int pid, int *status, int flags)
{
	return do_waitpid(pid, status, flags);
}

int sys_getpid(void)
{
	return this_task()->s.pid;
}

int sys_getppid(void)
{
	struct task *p = this_task()->parent;

	return p ? p->s.pid : 0;
}

int sys_kill(int pid, int sig)
{
	return do_kill(pid, sig);
}

int sys_yield(void)
{
	sched_yield();
	return 0;
}

/* Sleeps the whole time unless killed (a kill wakes it to die). */
int sys_sleep_ms(uint32_t ms)
{
	uint64_t end = jiffies_64() + (uint64_t)ms * HZ / 1000 + 1;

	if (!ms) {
		sched_yield();
		return 0;
	}
	while (jiffies_64() < end) {
		if (this_task()->killed)
			return -EINTR;
		sleep_until(end);
	}
	return 0;
}

int sys_reboot(int cmd, int status)
{
	trace_at_poweroff();	/* the `trace` boot option's dump */
	if (cmd == REBOOT_POWEROFF)
		qemu_exit(status);
	if (cmd == REBOOT_RESTART) {
		outb(0x64, 0xfe);	/* the keyboard controller's reset line */
		for (;;)
			;
	}
	return -EINVAL;
}
