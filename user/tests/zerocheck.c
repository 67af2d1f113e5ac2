/*
 * zerocheck - demand-zero pages (kernel/mm.h): a program's bss and stack
 * pages appear, zeroed, when first touched.
 *
 *   bss_zero        an untouched bss page reads as zeros, and costs a page
 *                   of memory only once touched (the schedstat summary's
 *                   free count drops by 1 or 2: a page table may come too)
 *   bss_kernel_*    read() into an untouched bss page (the kernel's
 *                   copy_to_user takes the fault) and write() from one
 *                   (copy_from_user): both work
 *   bss_fork        a child forked before the parent touches a bss page
 *                   sees zeros there and its own writes only
 *   stack_deep      768 KiB of stack (more than the 64 KiB exec mapped
 *                   before pages came on demand) in a child
 *   stack_limit     a child that runs its stack into the vsyscall page at
 *                   the bottom of the 1 MiB reservation is killed, the
 *                   kernel is not
 */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include "tests/tap.h"
#include "uapi/memlayout.h"
#include "tests/pages.h"

#define PAGE		4096

/* 16 pages nobody touches until a check does (one page per check). */
static char zbuf[16 * PAGE] __attribute__((aligned(PAGE)));

static void check_bss_zero(void)
{
	volatile char *p = &zbuf[0];
	uint32_t before = free_pages(), after;
	int i, nonzero = 0;

	for (i = 0; i < PAGE; i++)
		nonzero += p[i] != 0;
	after = free_pages();
	tap_ok(!nonzero && before && before - after >= 1 && before - after <= 2,
	       "bss_zero", "%d non-zero bytes; free pages %u -> %u", nonzero,
	       before, after);
}

static void check_bss_kernel(void)
{
	char *dst = &zbuf[PAGE], *src = &zbuf[2 * PAGE];
	char back[8];
	int p[2];

	if (pipe(p) < 0) {
		tap_ok(0, "bss_kernel_setup", "pipe failed");
		return;
	}
	write(p[1], "fresh", 6);
	TAP_EXPECT("bss_kernel_read", read(p[0], dst, 6), 6);
	tap_ok(!memcmp(dst, "fresh", 6), "bss_kernel_read_data", NULL);
	/* Eight zero bytes from a page nobody touched yet. */
	TAP_EXPECT("bss_kernel_write", write(p[1], src, 8), 8);
	memset(back, 'x', sizeof(back));
	read(p[0], back, 8);
	tap_ok(!memcmp(back, "\0\0\0\0\0\0\0\0", 8), "bss_kernel_write_data", NULL);
	close(p[0]);
	close(p[1]);
}

static void check_bss_fork(void)
{
	volatile char *page = &zbuf[3 * PAGE];
	int pid, st;

	pid = fork();
	if (pid == 0) {
		int bad = page[0] != 0;

		page[0] = 'c';
		_exit(bad | (page[0] != 'c') << 1);
	}
	if (pid < 0) {
		tap_ok(0, "bss_fork", "fork: %s", strerror(pid));
		return;
	}
	waitpid(pid, &st, 0);
	tap_ok(WIFEXITED(st) && WEXITSTATUS(st) == 0 && page[0] == 0, "bss_fork",
	       "child status 0x%x, parent sees %d", st, page[0]);
}

/* Recurse through about kb KiB of stack; returns a sum the compiler must
 * compute (so it keeps the frames). */
static int __attribute__((noinline)) dig(int kb)
{
	volatile char frame[1024];

	frame[0] = (char)kb;
	frame[1023] = 1;
	if (kb <= 1)
		return frame[0] + frame[1023];
	return dig(kb - 1) + frame[1023];
}

static int child_status(int kb)
{
	int pid = fork(), st = -1;

	if (pid == 0)
		_exit(dig(kb) == kb + 1 ? 0 : 1);
	if (pid < 0)
		return -1;
	waitpid(pid, &st, 0);
	return st;
}

static void check_stack(void)
{
	int st = child_status(768);

	tap_ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "stack_deep",
	       "child status 0x%x", st);
	/* 1 MiB is the whole reservation, and the process has more on its
	 * stack than dig's frames: this one runs into the vsyscall page. */
	st = child_status((int)(USER_STACK_SIZE / 1024));
	tap_ok(WIFSIGNALED(st), "stack_limit", "child status 0x%x", st);
}

int main(void)
{
	tap_start("zerocheck");
	check_bss_zero();
	check_bss_kernel();
	check_bss_fork();
	check_stack();
	return tap_end();
}
