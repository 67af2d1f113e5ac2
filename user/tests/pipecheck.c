/*
 * pipecheck - pipeping with its data checked: N round trips of one byte
 * between two processes through two pipes, every byte compared.
 *
 *   pipecheck [N]     round trips, default 100000
 *
 * The parent sends byte i & 0xff, the child sends back its complement,
 * so a lost, repeated or stale byte is seen at once. KTAP result
 * pipe_pingpong with the mean round trip in microseconds.
 */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include "tests/tap.h"

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 100000;
	int ping[2], pong[2], pid, i, st = -1, bad = 0;
	uint64_t t0, dt;
	unsigned char c;

	tap_start("pipecheck");
	if (n < 1 || pipe(ping) || pipe(pong)) {
		tap_ok(0, "pipe_pingpong", "bad N or pipe failed");
		return tap_end();
	}
	pid = fork();
	if (pid == 0) {
		close(ping[1]);
		close(pong[0]);
		while (read(ping[0], &c, 1) == 1) {
			c = (unsigned char)~c;
			if (write(pong[1], &c, 1) != 1)
				_exit(1);
		}
		_exit(0);
	}
	close(ping[0]);
	close(pong[1]);
	t0 = now_us();
	for (i = 0; pid > 0 && i < n; i++) {
		c = (unsigned char)i;
		if (write(ping[1], &c, 1) != 1 || read(pong[0], &c, 1) != 1)
			break;
		if (c != (unsigned char)~(unsigned char)i)
			bad++;
	}
	dt = now_us() - t0;
	close(ping[1]);
	if (pid > 0)
		waitpid(pid, &st, 0);
	tap_ok(i == n && !bad && WIFEXITED(st) && WEXITSTATUS(st) == 0, "pipe_pingpong",
	       "%d round trips, %d bad bytes, child status 0x%x, %llu ms, %llu us each", i, bad,
	       st, (unsigned long long)(dt / 1000), (unsigned long long)(dt / (unsigned)n));
	return tap_end();
}
