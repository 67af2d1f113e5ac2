/*
 * forker - fork and reap N short-lived children, one after another.
 *
 *   forker [N]        default 100
 *
 * Measures the cost of fork + exit + wait, and checks that each child's
 * exit status comes back intact (child i exits with i & 0xff).
 */
#include "shim.h"

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 100;
	int i, bad = 0;
	uint64_t t0 = shim_now_us(), dt;

	if (n < 1) {
		printf("usage: forker [N]\n");
		return 2;
	}
	for (i = 0; i < n; i++) {
		int code = -1, pid = shim_fork();

		if (pid == 0)
			shim_exit(i & 0xff);
		if (pid < 0) {
			printf("forker: fork %d: %d\n", i, pid);
			return 1;
		}
		if (shim_wait(pid, &code) != pid || code != (i & 0xff))
			bad++;
	}
	dt = shim_now_us() - t0;
	printf("forker: %d forks in %llu ms, %llu us each, %d bad exit codes\n", n,
	       (unsigned long long)(dt / 1000), (unsigned long long)(dt / (unsigned)n), bad);
	return bad ? 1 : 0;
}
