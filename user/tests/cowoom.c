/*
 * cowoom - run out of memory in copy-on-write faults: the writer is killed
 * (SIGKILL, with a "killed: ... out of memory" line on the console), never
 * the kernel, and every page comes back.
 *
 * Children each write every page of a 4 MiB array shared from the parent,
 * so each costs 4 MiB of copies, and stay alive (blocked in read()) until
 * the parent has seen OOM_KILLS of them killed or fork fails; then all are
 * let go and reaped. Twice: the free page count after the second round
 * must be the one after the first (nothing leaked on the way).
 */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include "tests/tap.h"
#include "tests/pages.h"

#define PAGE		4096
#define BIG		(4u << 20)
#define OOM_KILLS	2

static char big[BIG] __attribute__((aligned(PAGE)));

/* One round: fork writers until OOM_KILLS of them are killed (or fork
 * fails), then let all go. Returns the free pages after, 0 on a failure. */
static uint32_t oom_round(int round)
{
	int go[2], ready[2], n = 0, killed = 0, other = 0, reaped = 0, st, pid;
	uint32_t limit;
	char c, name[32];

	if (pipe(go) < 0 || pipe(ready) < 0)
		return tap_ok(0, "oom_setup", "pipe failed"), 0;
	limit = free_pages() / (BIG / PAGE) + 8;	/* more than memory holds */
	while (killed < OOM_KILLS && (uint32_t)n < limit) {
		pid = fork();
		if (pid == 0) {
			unsigned i;

			close(go[1]);
			for (i = 0; i < BIG; i += PAGE)
				big[i] = 2;
			write(ready[1], "r", 1);
			read(go[0], &c, 1);
			_exit(big[BIG - PAGE] == 2 ? 0 : 1);
		}
		if (pid < 0)
			break;		/* -ENOMEM or -EAGAIN: memory is full */
		n++;
		/* Until it is ready or dead. */
		for (;;) {
			if (poll1(ready[0], 10) == 1) {
				read(ready[0], &c, 1);
				break;
			}
			if (waitpid(pid, &st, WNOHANG) == pid) {
				reaped++;
				if (WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL)
					killed++;
				else
					other++;
				break;
			}
		}
	}
	snprintf(name, sizeof(name), "oom_killed_%d", round);
	tap_ok(killed > 0, name, "%d children, %d killed by SIGKILL, %d other deaths",
	       n, killed, other);
	close(go[1]);
	while ((pid = wait(&st)) > 0) {
		reaped++;
		if (!WIFEXITED(st) || WEXITSTATUS(st))
			other++;
	}
	snprintf(name, sizeof(name), "oom_reaped_%d", round);
	tap_ok(reaped == n && other == 0, name, "%d reaped of %d, %d bad exits",
	       reaped, n, other);
	close(go[0]);
	close(ready[0]);
	close(ready[1]);
	return free_pages();
}

int main(void)
{
	uint32_t first, second;

	unsigned i;

	tap_start("cowoom");
	/* Every page of big in the parent, so the children share them
	 * copy-on-write: an untouched bss page would come to each child on
	 * demand instead (kernel/mm.h), and the test would be about that. */
	for (i = 0; i < BIG; i += PAGE)
		big[i] = 1;
	/* The first round grows the kernel's heap (task structures) for
	 * good; the second must end with exactly as many pages free. */
	first = oom_round(1);
	second = oom_round(2);
	tap_ok(first && second == first, "oom_pages_back",
	       "free pages %u after the first round, %u after the second", first, second);
	return tap_end();
}
