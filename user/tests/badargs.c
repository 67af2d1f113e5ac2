/*
 * badargs - every system call with bad pointers and bad arguments.
 *
 * Proves that the kernel checks what user programs hand it: a NULL pointer,
 * a kernel address (0xC0000000, and 0x100000 where the kernel image lives:
 * the kernel can read and write it, a user program must not make it), an
 * unmapped user address, a buffer running off the end of the user range,
 * a read-only user page as an output buffer — each is -EFAULT, never a
 * fault in the kernel or a write where it must not go. Bad numbers get
 * -EINVAL, unknown pids -ESRCH, init -EPERM, unknown calls -ENOSYS. After
 * all of it this program is still alive to print the plan.
 *
 * Runs under the teaching kernel only (the numbers are ours).
 */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include "uapi/memlayout.h"
#include "uapi/schedstat.h"
#include "tests/tap.h"

#define KADDR		((void *)0xC0000000u)	/* above the user range */
#define KIMAGE		((void *)0x00100000u)	/* the kernel's code, 1 MiB */
/* In the user range but mapped by nothing: between the program and the
 * stack (programs are small and have no brk). */
#define UNMAPPED	((void *)(USER_BASE + (USER_STACK_LOW - USER_BASE) / 2))

static const char ro_data[64] = "read-only";	/* .rodata: not writable */

static void test_pointers_out(void)
{
	int fds[2];

	/* Calls that write to user memory. */
	TAP_EXPECT("clock_us_null", clock_us(NULL), -EFAULT);
	TAP_EXPECT("clock_us_kernel", clock_us(KADDR), -EFAULT);
	TAP_EXPECT("clock_us_kernel_image", clock_us(KIMAGE), -EFAULT);
	TAP_EXPECT("clock_us_unmapped", clock_us(UNMAPPED), -EFAULT);
	TAP_EXPECT("clock_us_readonly", clock_us((uint64_t *)(uintptr_t)ro_data), -EFAULT);
	TAP_EXPECT("pipe_null", pipe(NULL), -EFAULT);
	TAP_EXPECT("pipe_kernel", pipe(KADDR), -EFAULT);
	TAP_EXPECT("pipe_kernel_image", pipe(KIMAGE), -EFAULT);
	TAP_EXPECT("pipe_unmapped", pipe(UNMAPPED), -EFAULT);
	TAP_EXPECT("getcpu_null_ok", getcpu(NULL, NULL), 0);
	TAP_EXPECT("getcpu_kernel", getcpu(KADDR, NULL), -EFAULT);
	TAP_EXPECT("getcpu_node_kernel_image", getcpu(NULL, KIMAGE), -EFAULT);
	TAP_EXPECT("getaffinity_null", sched_getaffinity(0, 8, NULL), -EFAULT);
	TAP_EXPECT("getaffinity_kernel", sched_getaffinity(0, 8, KADDR), -EFAULT);
	TAP_EXPECT("getaffinity_kernel_image", sched_getaffinity(0, 8, KIMAGE), -EFAULT);
	TAP_EXPECT("schedstat_null", schedstat(SCHEDSTAT_SUMMARY, NULL, sizeof(struct schedstat_summary)), -EFAULT);
	TAP_EXPECT("schedstat_kernel", schedstat(SCHEDSTAT_TASKS, KADDR, 4096), -EFAULT);
	TAP_EXPECT("schedstat_kernel_image", schedstat(SCHEDSTAT_CPUS, KIMAGE, 4096), -EFAULT);
	TAP_EXPECT("schedstat_unmapped", schedstat(SCHEDSTAT_SUMMARY, UNMAPPED, sizeof(struct schedstat_summary)), -EFAULT);
	TAP_EXPECT("topo_null", topo(NULL, 100), -EFAULT);
	TAP_EXPECT("topo_kernel_image", topo(KIMAGE, 4096), -EFAULT);

	/* read() into a bad buffer from a pipe that has data (a console read
	 * would wait for a key). */
	if (pipe(fds) == 0) {
		write(fds[1], "abcd", 4);
		TAP_EXPECT("read_null", read(fds[0], NULL, 1), -EFAULT);
		TAP_EXPECT("read_kernel", read(fds[0], KADDR, 1), -EFAULT);
		TAP_EXPECT("read_kernel_image", read(fds[0], KIMAGE, 1), -EFAULT);
		TAP_EXPECT("read_readonly", read(fds[0], (void *)(uintptr_t)ro_data, 1), -EFAULT);
		close(fds[0]);
		close(fds[1]);
	} else {
		tap_ok(0, "read_bad_buffers", "pipe failed");
	}
}

static void test_pointers_in(void)
{
	static char buf[16];
	char longpath[PATH_MAX + 16];
	char *bad_argv[] = { "x", KADDR, NULL };

	/* Calls that read user memory. */
	TAP_EXPECT("write_null", write(1, NULL, 5), -EFAULT);
	TAP_EXPECT("write_kernel", write(1, KADDR, 5), -EFAULT);
	TAP_EXPECT("write_kernel_image", write(1, KIMAGE, 5), -EFAULT);
	TAP_EXPECT("write_unmapped", write(1, UNMAPPED, 5), -EFAULT);
	/* Starts in our .bss, runs past the end of the user range. */
	TAP_EXPECT("write_runs_off_user_range", write(1, buf, USER_TOP), -EFAULT);
	/* Starts in the stack, and start + length wraps past 4 GiB. */
	TAP_EXPECT("write_wraps_address_space",
		   write(1, (void *)(USER_TOP - 16), 0xfffffff0u), -EFAULT);
	TAP_EXPECT("write_zero_len_ok", write(1, buf, 0), 0);
	TAP_EXPECT("open_null", open(NULL, O_RDONLY), -EFAULT);
	TAP_EXPECT("open_kernel", open(KADDR, O_RDONLY), -EFAULT);
	TAP_EXPECT("open_kernel_image", open(KIMAGE, O_RDONLY), -EFAULT);
	TAP_EXPECT("exec_null", execv(NULL, NULL), -EFAULT);
	TAP_EXPECT("exec_kernel", execv(KADDR, NULL), -EFAULT);
	TAP_EXPECT("exec_unmapped", execv(UNMAPPED, NULL), -EFAULT);
	TAP_EXPECT("exec_argv_kernel", execv("/bin/hog", KADDR), -EFAULT);
	TAP_EXPECT("exec_argv_element_kernel", execv("/bin/hog", bad_argv), -EFAULT);
	memset(longpath, 'a', sizeof(longpath) - 1);
	longpath[0] = '/';
	longpath[sizeof(longpath) - 1] = 0;
	TAP_EXPECT("exec_path_too_long", execv(longpath, NULL), -ENAMETOOLONG);
	TAP_EXPECT("setaffinity_null", sched_setaffinity(0, 8, NULL), -EFAULT);
	TAP_EXPECT("setaffinity_kernel", sched_setaffinity(0, 8, KADDR), -EFAULT);
}

static void test_exec(void)
{
	char *many[EXEC_MAX_ARGS + 2];
	int i;

	TAP_EXPECT("exec_missing", execv("/bin/no-such-program", NULL), -ENOENT);
	TAP_EXPECT("exec_corrupt_elf", execv("/bin/corrupt", NULL), -ENOEXEC);
	TAP_EXPECT("exec_not_elf", execv("/bin/notelf", NULL), -ENOEXEC);
	TAP_EXPECT("exec_script_not_elf", execv("/etc/test.sh", NULL), -ENOEXEC);
	for (i = 0; i < EXEC_MAX_ARGS + 1; i++)
		many[i] = "arg";
	many[i] = NULL;
	TAP_EXPECT("exec_too_many_args", execv("/bin/hog", many), -E2BIG);
	/* Still here after every failed exec: */
	TAP_EXPECT("alive_after_failed_execs", getpid() > 0, 1);
}

static void test_numbers(void)
{
	cpumask_u m = CPU_MASK_NONE, none = CPU_MASK_NONE, high;
	cpumask_u big[2];
	uint64_t m64 = 1;
	int zeroed = 1;
	struct schedstat_summary sum;
	uint64_t t1 = 0, t2 = 0;
	int fds[2], st = 0, pid, nfd;

	TAP_EXPECT("syscall_0", syscall5(0, 0, 0, 0, 0, 0), -ENOSYS);
	TAP_EXPECT("syscall_nr", syscall5(NR_SYSCALLS, 0, 0, 0, 0, 0), -ENOSYS);
	TAP_EXPECT("syscall_1000", syscall5(1000, 0, 0, 0, 0, 0), -ENOSYS);
	TAP_EXPECT("syscall_minus_1", syscall5(-1, 0, 0, 0, 0, 0), -ENOSYS);

	TAP_EXPECT("kill_no_such_pid", kill(99999, SIGTERM), -ESRCH);
	TAP_EXPECT("kill_bad_signal", kill(getpid(), 77), -EINVAL);
	TAP_EXPECT("kill_init", kill(1, SIGKILL), -EPERM);
	TAP_EXPECT("kill_sig0_self", kill(getpid(), 0), 0);

	TAP_EXPECT("nice_20", setnice(0, 20), -EINVAL);
	TAP_EXPECT("nice_minus_21", setnice(0, -21), -EINVAL);
	TAP_EXPECT("nice_no_such_pid", setnice(99999, 0), -ESRCH);
	TAP_EXPECT("nice_0_ok", setnice(0, 0), 0);

	TAP_EXPECT("setscheduler_bad_policy", sched_setscheduler(0, 7, 0), -EINVAL);
	TAP_EXPECT("setscheduler_fifo_prio_0", sched_setscheduler(0, SCHED_FIFO, 0), -EINVAL);
	TAP_EXPECT("setscheduler_fifo_prio_100", sched_setscheduler(0, SCHED_FIFO, 100), -EINVAL);
	TAP_EXPECT("setscheduler_normal_prio_5", sched_setscheduler(0, SCHED_NORMAL, 5), -EINVAL);
	TAP_EXPECT("setscheduler_no_such_pid", sched_setscheduler(99999, SCHED_NORMAL, 0), -ESRCH);

	/* Linux's rules (uapi/syscall.h): get needs every online CPU in len,
	 * a multiple of 4; set zero-extends a short mask. */
	if (schedstat(SCHEDSTAT_SUMMARY, &sum, sizeof(sum)) != 1)
		sum.nr_cpus = 0;
	TAP_EXPECT("getaffinity_len_0", sched_getaffinity(0, 0, &m), -EINVAL);
	TAP_EXPECT("getaffinity_len_3", sched_getaffinity(0, 3, &m), -EINVAL);
	TAP_EXPECT("getaffinity_short_len", sched_getaffinity(0, 4, &m),
		   sum.nr_cpus > 32 ? -EINVAL : 0);
	TAP_EXPECT("getaffinity_ok", sched_getaffinity(0, sizeof(m), &m), 0);
	tap_ok(!cpus_empty(m), "getaffinity_nonempty", "%d CPUs", cpus_weight(m));
	memset(big, 0xff, sizeof(big));
	TAP_EXPECT("getaffinity_long_len", sched_getaffinity(0, sizeof(big), big), 0);
	for (size_t i = 0; i < sizeof(big[1]); i++)
		zeroed &= ((unsigned char *)&big[1])[i] == 0;
	tap_ok(zeroed && cpus_equal(big[0], m), "getaffinity_zero_fills",
	       "%d CPUs, rest zeroed %d", cpus_weight(big[0]), zeroed);
	TAP_EXPECT("getaffinity_no_such_pid", sched_getaffinity(99999, sizeof(m), &m), -ESRCH);
	TAP_EXPECT("setaffinity_len_0", sched_setaffinity(0, 0, &m), -EINVAL);
	TAP_EXPECT("setaffinity_u64", sched_setaffinity(0, sizeof(m64), (cpumask_u *)&m64), 0);
	TAP_EXPECT("setaffinity_restore", sched_setaffinity(0, sizeof(m), &m), 0);
	TAP_EXPECT("setaffinity_empty", sched_setaffinity(0, sizeof(none), &none), -EINVAL);
	high = cpumask_of(NR_CPUS - 1);
	if (sum.nr_cpus && sum.nr_cpus < NR_CPUS)
		TAP_EXPECT("setaffinity_offline_cpu", sched_setaffinity(0, sizeof(high), &high), -EINVAL);
	else
		tap_ok(1, "setaffinity_offline_cpu", "SKIP NR_CPUS CPUs online");
	TAP_EXPECT("setaffinity_no_such_pid", sched_setaffinity(99999, sizeof(m), &m), -ESRCH);

	TAP_EXPECT("schedstat_bad_what", schedstat(99, &sum, sizeof(sum)), -EINVAL);
	TAP_EXPECT("schedstat_len_0", schedstat(SCHEDSTAT_SUMMARY, &sum, 0), 0);
	TAP_EXPECT("schedstat_len_short", schedstat(SCHEDSTAT_SUMMARY, &sum, sizeof(sum) - 1), 0);
	TAP_EXPECT("schedstat_summary_ok", schedstat(SCHEDSTAT_SUMMARY, &sum, sizeof(sum)), 1);
	TAP_EXPECT("reboot_bad_cmd", reboot(99, 0), -EINVAL);
	TAP_EXPECT("open_missing", open("/etc/no-such-file", O_RDONLY), -ENOENT);
	TAP_EXPECT("open_bad_flags", open("/etc/test.sh", 5), -EINVAL);

	TAP_EXPECT("read_bad_fd", read(99, &m, 1), -EBADF);
	TAP_EXPECT("read_negative_fd", read(-1, &m, 1), -EBADF);
	TAP_EXPECT("write_bad_fd", write(MAX_FDS, &m, 1), -EBADF);
	TAP_EXPECT("close_bad_fd", close(99), -EBADF);
	TAP_EXPECT("close_negative_fd", close(-1), -EBADF);
	TAP_EXPECT("poll_bad_fd", poll1(99, 0), -EBADF);
	if (pipe(fds) == 0) {
		TAP_EXPECT("write_to_read_end", write(fds[0], "x", 1), -EBADF);
		TAP_EXPECT("read_from_write_end", read(fds[1], &m, 1), -EBADF);
		TAP_EXPECT("close_ok", close(fds[1]), 0);
		TAP_EXPECT("close_twice", close(fds[1]), -EBADF);
		TAP_EXPECT("read_eof_no_writer", read(fds[0], &m, 1), 0);
		close(fds[0]);
	}
	/* Fill the fd table: pipes until -EMFILE, then give them all back. */
	for (nfd = 0; nfd < 2 * MAX_FDS && pipe(fds) == 0; nfd++)
		;
	TAP_EXPECT("pipe_until_emfile", pipe(fds), -EMFILE);
	for (int fd = 3; fd < MAX_FDS; fd++)
		close(fd);
	TAP_EXPECT("pipe_after_closing", pipe(fds) == 0, 1);
	close(fds[0]);
	close(fds[1]);

	TAP_EXPECT("waitpid_no_child", waitpid(-1, &st, 0), -ECHILD);
	TAP_EXPECT("waitpid_bad_flags", waitpid(-1, &st, 0x100), -EINVAL);
	pid = fork();
	if (pid == 0)
		_exit(7);
	TAP_EXPECT("waitpid_status_kernel", waitpid(pid, KADDR, 0), -EFAULT);
	/* Whether that reaped the child is the kernel's choice; either way
	 * no child may be left and nothing may hang. */
	st = waitpid(pid, NULL, 0);
	tap_ok(st == pid || st == -ECHILD, "waitpid_after_efault", "got %d", st);

	clock_us(&t1);
	sleep_ms(10);
	clock_us(&t2);
	tap_ok(t2 >= t1 + 10000, "sleep_ms_10", "slept %llu us", t2 - t1);
}

int main(void)
{
	tap_start("badargs");
	test_pointers_out();
	test_pointers_in();
	test_exec();
	test_numbers();
	return tap_end();
}
