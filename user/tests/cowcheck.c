/*
 * cowcheck - fork shares pages copy-on-write (kernel/mm.h): check that it
 * still behaves like a copy.
 *
 *   private_*      parent and child write the same global, heap and stack
 *                  variables after fork; each sees only its own values
 *   kernel_write_* read() from a pipe into a buffer neither touched since
 *                  fork (the kernel's copy_to_user takes the write fault):
 *                  the reader gets the data, the other keeps its bytes
 *   efault_*       a read() into an unmapped address or into the
 *                  program's text (present, read-only, shared) is still
 *                  -EFAULT, and the text is unchanged
 *   no_leak        the free page count (schedstat summary) is the same
 *                  before and after FORK_ROUNDS fork/write/exit rounds
 *   fork_1000      1000 children alive at once (each blocked in read()),
 *                  then all exit and are reaped; notes the pages a child
 *                  costs (kernel/task.h's PROC_COST, behind the process limit)
 */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include "tests/tap.h"
#include "tests/pages.h"

#define PAGE		4096
#define FORK_ROUNDS	50
#define NCHILDREN	1000

static int global_var = 1;
/* Two pages of data nobody touches between fork and the read(). */
static char rbuf[2 * PAGE] __attribute__((aligned(PAGE))) = "parent's bytes";

/* Child's status: 0 when all its checks passed, else a bit per failure. */
static void check_private(void)
{
	volatile int stack_var = 1;
	int *heap = malloc(sizeof(int));
	int a[2], b[2], pid, st = -1, bad = 0;
	char c = 0;

	if (!heap || pipe(a) < 0 || pipe(b) < 0) {
		tap_ok(0, "private_setup", "malloc or pipe failed");
		return;
	}
	*heap = 1;
	pid = fork();
	if (pid == 0) {
		global_var = 2;
		*heap = 2;
		stack_var = 2;
		write(a[1], "c", 1);		/* the child has written */
		read(b[0], &c, 1);		/* the parent has written */
		_exit((global_var != 2) | (*heap != 2) << 1 | (stack_var != 2) << 2);
	}
	if (pid < 0) {
		tap_ok(0, "private_fork", "fork: %s", strerror(pid));
		return;
	}
	read(a[0], &c, 1);
	tap_ok(global_var == 1 && *heap == 1 && stack_var == 1, "private_parent_unchanged",
	       "after the child wrote: global %d heap %d stack %d (want 1 1 1)",
	       global_var, *heap, stack_var);
	global_var = 3;
	*heap = 3;
	stack_var = 3;
	write(b[1], "p", 1);
	waitpid(pid, &st, 0);
	bad = !(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	tap_ok(!bad, "private_child_own", "child status 0x%x (bits: global, heap, stack "
	       "not its own)", st);
	tap_ok(global_var == 3 && *heap == 3 && stack_var == 3, "private_parent_own",
	       "global %d heap %d stack %d (want 3 3 3)", global_var, *heap, stack_var);
	close(a[0]); close(a[1]); close(b[0]); close(b[1]);
	free(heap);
}

/* who reads (0: the parent, 1: the child) into rbuf + PAGE - 3 (the read
 * spans both pages), the other checks its copy is untouched. */
static void check_kernel_write(int child_reads, const char *name)
{
	static const char msg[] = "via read()";
	char *dst = rbuf + PAGE - 3;
	int p[2], done[2], pid, st = -1;
	char c = 0;

	memcpy(rbuf + PAGE - 3, "parent", 6);	/* before fork */
	if (pipe(p) < 0 || pipe(done) < 0) {
		tap_ok(0, name, "pipe failed");
		return;
	}
	write(p[1], msg, sizeof(msg));
	pid = fork();
	if (pid == 0) {
		int ok;

		if (child_reads) {
			ok = read(p[0], dst, sizeof(msg)) == (long)sizeof(msg) &&
			     !memcmp(dst, msg, sizeof(msg));
		} else {
			read(done[0], &c, 1);	/* after the parent's read */
			ok = !memcmp(dst, "parent", 6);
		}
		_exit(ok ? 0 : 1);
	}
	if (pid < 0) {
		tap_ok(0, name, "fork: %s", strerror(pid));
		return;
	}
	if (!child_reads) {
		long n = read(p[0], dst, sizeof(msg));

		tap_ok(n == (long)sizeof(msg) && !memcmp(dst, msg, sizeof(msg)),
		       name, "parent read %ld bytes: \"%.10s\"", n, dst);
		write(done[1], "d", 1);
	}
	waitpid(pid, &st, 0);
	if (child_reads)
		tap_ok(WIFEXITED(st) && WEXITSTATUS(st) == 0 && !memcmp(dst, "parent", 6),
		       name, "child status 0x%x, parent's bytes \"%.6s\"", st, dst);
	else
		tap_ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "kernel_write_child_untouched",
		       "child status 0x%x", st);
	close(p[0]); close(p[1]); close(done[0]); close(done[1]);
}

static void check_efault(void)
{
	unsigned char before[8], *text = (unsigned char *)(uintptr_t)check_efault;
	int p[2], pid, st;

	if (pipe(p) < 0) {
		tap_ok(0, "efault_setup", "pipe failed");
		return;
	}
	/* After a fork, so that every writable page is shared too. */
	pid = fork();
	if (pid == 0)
		_exit(0);
	waitpid(pid, &st, 0);
	write(p[1], "xxxxxxxx", 8);
	TAP_EXPECT("efault_unmapped", read(p[0], (void *)0x60000000, 1), -EFAULT);
	memcpy(before, text, sizeof(before));
	TAP_EXPECT("efault_text", read(p[0], text, sizeof(before)), -EFAULT);
	tap_ok(!memcmp(before, text, sizeof(before)), "efault_text_unchanged", NULL);
	TAP_EXPECT("efault_kernel", read(p[0], (void *)0x100000, 1), -EFAULT);
	close(p[0]);
	close(p[1]);
}

static uint32_t fork_rounds(int n)
{
	int r, pid, st;

	for (r = 0; r < n; r++) {
		pid = fork();
		if (pid == 0) {
			global_var = r;		/* a copy in the child */
			rbuf[0] = 'c';
			_exit(0);
		}
		if (pid < 0)
			return 0;
		waitpid(pid, &st, 0);
		global_var = -r;		/* ours alone again: no copy */
	}
	return free_pages();
}

static void check_no_leak(void)
{
	uint32_t before, after = 0;
	int tries;

	/* Warm up (kernel heap, pipe buffers), then compare; a leak of one
	 * page a round shows as FORK_ROUNDS pages. Another task may hold a
	 * page for a moment: up to three tries. */
	fork_rounds(5);
	for (tries = 0; tries < 3; tries++) {
		before = free_pages();
		after = fork_rounds(FORK_ROUNDS);
		if (before && after == before)
			break;
	}
	tap_ok(before && after == before, "no_leak",
	       "free pages %u before, %u after %d fork/exit rounds", before, after,
	       FORK_ROUNDS);
}

static void check_fork_1000(void)
{
	static int pids[NCHILDREN];
	int go[2], ready[2], n, reaped = 0, err = 0;
	uint32_t before, during;
	char c;

	if (pipe(go) < 0 || pipe(ready) < 0) {
		tap_ok(0, "fork_1000", "pipe failed");
		return;
	}
	before = free_pages();
	for (n = 0; n < NCHILDREN; n++) {
		pids[n] = fork();
		if (pids[n] == 0) {
			close(go[1]);
			write(ready[1], "r", 1);
			read(go[0], &c, 1);	/* until the parent lets go */
			_exit(0);
		}
		if (pids[n] < 0) {
			err = pids[n];
			break;
		}
	}
	for (int i = 0; i < n; i++)
		read(ready[0], &c, 1);
	during = free_pages();
	close(go[1]);
	while (wait(NULL) > 0)
		reaped++;
	tap_ok(n == NCHILDREN && reaped == n, "fork_1000",
	       "%d forked%s%s, %d reaped; %u pages (%u KiB) a child", n,
	       err ? ", then " : "", err ? strerror(err) : "", reaped,
	       n ? (before - during) / n : 0, n ? (before - during) * 4 / n : 0);
	close(go[0]);
	close(ready[0]);
	close(ready[1]);
}

int main(void)
{
	tap_start("cowcheck");
	check_private();
	check_kernel_write(1, "kernel_write_child");
	check_kernel_write(0, "kernel_write_parent");
	check_efault();
	check_no_leak();
	check_fork_1000();
	return tap_end();
}
