/*
 * pipeping - bounce one byte between two processes through two pipes.
 *
 *   pipeping [N]      round trips, default 1000
 *
 * Each side sleeps in read() until the other writes: a wakeup per message.
 * 2.5.59 wakes the reader with "sync" (the writer is about to sleep), which
 * may pull it to the writer's CPU: the two often end up sharing one CPU.
 * Prints the mean round trip and where both sides ran.
 */
#include "work/burn.h"

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1000;
	int ping[2], pong[2], pid, i, cpu = -1, code = -1;
	uint64_t t0, dt;
	char c = 'x';

	if (n < 1) {
		printf("usage: pipeping [N]\n");
		return 2;
	}
	if (shim_pipe(ping) < 0 || shim_pipe(pong) < 0) {
		printf("pipeping: pipe failed\n");
		return 1;
	}
	pid = shim_fork();
	if (pid < 0) {
		printf("pipeping: fork failed (%d)\n", pid);
		return 1;
	}
	if (pid == 0) {
		/* The echo side: read a byte, send it back, until EOF. */
		shim_close(ping[1]);
		shim_close(pong[0]);
		while (shim_read(ping[0], &c, 1) == 1)
			if (shim_write(pong[1], &c, 1) != 1)
				break;
		shim_getcpu(&cpu, NULL);
		shim_exit(cpu & 0x7f);
	}
	shim_close(ping[0]);
	shim_close(pong[1]);
	t0 = shim_now_us();
	for (i = 0; i < n; i++) {
		if (shim_write(ping[1], &c, 1) != 1 || shim_read(pong[0], &c, 1) != 1) {
			printf("pipeping: round trip %d failed\n", i);
			break;
		}
	}
	dt = shim_now_us() - t0;
	shim_close(ping[1]);	/* EOF: the child ends */
	shim_wait(pid, &code);
	shim_getcpu(&cpu, NULL);
	printf("pipeping: %d round trips in %llu ms, %llu us each; parent cpu=%d child cpu=%d\n",
	       i, (unsigned long long)(dt / 1000), (unsigned long long)(dt / (unsigned)n),
	       cpu, code);
	return i == n ? 0 : 1;
}
