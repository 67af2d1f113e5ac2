/*
 * forkbomb - fork until the kernel says no, and check it recovers.
 *
 * Children block in read() on a pipe nobody writes, so they all stay alive
 * until the parent closes its write end. The kernel must refuse a fork
 * with -EAGAIN (out of task slots) or -ENOMEM (out of memory) at some point,
 * keep running while full, release everything when the children exit, and
 * allow as many forks the second time round (nothing leaked). Then the
 * same under a lowered proclimit(): the machine's limit is what stops it.
 *
 * fork() copies the whole address space, so this program brings its own
 * small malloc arena (lib/arena.c says how) to keep each child cheap.
 */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include "tests/tap.h"

uint64_t __malloc_arena[16384 / sizeof(uint64_t)];
const size_t __malloc_arena_bytes = sizeof(__malloc_arena);

/* Stop here if the kernel has no limit (a bug, reported below). */
#define FORKBOMB_MAX	4096

/* Fork blocked children until fork fails. Returns how many were made;
 * *err is the failure (0: hit FORKBOMB_MAX). */
static int bomb(int *err)
{
	int fds[2], n = 0, r = 0, reaped = 0;

	*err = 0;
	if (pipe(fds) < 0)
		return -1;
	while (n < FORKBOMB_MAX) {
		char c;

		r = fork();
		if (r == 0) {
			close(fds[1]);
			read(fds[0], &c, 1);	/* until the parent lets go */
			_exit(0);
		}
		if (r < 0)
			break;
		n++;
	}
	*err = r < 0 ? r : 0;
	tap_ok(getpid() > 0 && now_us() > 0, "alive_when_full", "%d children", n);
	close(fds[1]);
	close(fds[0]);
	while (wait(NULL) > 0)
		reaped++;
	tap_ok(reaped == n, "reaped_all", "reaped %d of %d", reaped, n);
	return n;
}

/* The limit this program lowers the machine's to: far below the boot's
 * 1100, above what the tests running beside us need. */
#define LOWERED_LIMIT	40

/* proclimit() reads, refuses bad values, and a lowered limit stops a bomb
 * short (with -EAGAIN, however much memory is left). */
static void lowered_limit(void)
{
	int limit = proclimit(0), raised, n, err, r;

	raised = limit > 0 ? proclimit(limit + 100) : limit;
	tap_ok(limit >= 16 && raised == limit + 100 && proclimit(0) == raised,
	       "limit_read_raise", "limit %d, raised to %d", limit, raised);
	r = proclimit(-1);
	tap_ok(r == -EINVAL && proclimit(15) == -EINVAL &&
	       proclimit(1 << 30) == -EINVAL && proclimit(0) == raised,
	       "limit_bad_values", "proclimit(-1) %d, limit %d", r, proclimit(0));
	r = proclimit(LOWERED_LIMIT);
	n = bomb(&err);
	tap_ok(r == LOWERED_LIMIT && err == -EAGAIN && n > LOWERED_LIMIT / 2 &&
	       n < LOWERED_LIMIT, "limit_lowered",
	       "limit %d: %d forks, then %s", r, n, err ? strerror(err) : "no refusal");
	r = proclimit(limit);
	tap_ok(r == limit && proclimit(0) == limit, "limit_restored", "%d", r);
}

int main(void)
{
	int err1, err2, n1, n2, st = 0, pid, r;

	tap_start("forkbomb");
	n1 = bomb(&err1);
	tap_ok(err1 == -EAGAIN || err1 == -ENOMEM, "fork_refused",
	       "after %d forks: %s", n1, err1 ? strerror(err1) : "never refused");
	pid = fork();
	if (pid == 0)
		_exit(42);
	r = pid > 0 ? waitpid(pid, &st, 0) : pid;
	tap_ok(r == pid && WIFEXITED(st) && WEXITSTATUS(st) == 42, "fork_after_reap",
	       "pid %d, waitpid %d, status 0x%x", pid, r, st);
	n2 = bomb(&err2);
	/* A slot or two may still be in the kernel's hands (an exiting task
	 * freed a moment later), hence the margin of 2. */
	tap_ok(err2 != 0 && n2 >= n1 - 2, "no_leak", "first %d, second %d", n1, n2);
	lowered_limit();
	return tap_end();
}
