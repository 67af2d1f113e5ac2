/*
 * sysfuzz - random system calls with random arguments; the kernel must stay
 * up and the system must still work afterwards.
 *
 *   sysfuzz [N] [seed] [affinity]   N calls (default 100000), seed of the
 *                        PRNG (4); "affinity": also give ourselves random
 *                        CPU masks (off by default: it can hang the kernel)
 *
 * Every other call goes through `int $0x80` itself, the rest through the
 * vsyscall page (sysenter unless the boot said nosysenter), so both
 * entries are fuzzed. The PRNG is seeded, so a failing run repeats exactly. Numbers are mostly
 * valid ones, some out of range (those must say -ENOSYS). Arguments are
 * drawn from: small ints, random words, NULL, kernel addresses, unmapped
 * user addresses, and a valid small buffer of our own. Random words never
 * land in our own image or stack (that would corrupt this program, not
 * test the kernel): they are moved to an unmapped address.
 *
 * Calls that would end the test itself are skipped or tamed: exit, reboot;
 * fork is done here and the child exits at once; exec only of bad
 * pointers or files that exec refuses; kill never of init, us or our
 * parent; sleeps and poll timeouts are clamped; a read or write that could
 * block (console input, an empty or full pipe) is skipped; our own nice,
 * policy and affinity are restored after each change; our fds >= 3 are
 * closed every few calls (pipes must not fill up), fds 0..2 never.
 */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include "uapi/memlayout.h"
#include "uapi/trace.h"
#include "tests/tap.h"

#define FUZZ_CALLS	100000
#define FUZZ_SEED	4
#define FUZZ_CLOSE_EVERY 16	/* calls between closing fds >= 3 */
#define FUZZ_BUF	64	/* bytes of the valid buffer */
#define FUZZ_FORK_EVERY	32	/* one drawn fork (or exec of a real file) in this many is made */
#define KERNEL_ADDR	0x00100000u	/* the kernel's image (1 MiB), mapped supervisor only */
#define UNMAPPED_ADDR	0x60000000u	/* between the heap and the stack */
#define MAX_ERRNO	4095

static uint32_t rng;
static uint8_t buf[FUZZ_BUF] __attribute__((aligned(16)));
static int self, parent;
static int fuzz_affinity;	/* 1: change our own affinity for real too */

static uint32_t rnd(void)
{
	/* xorshift32 (Marsaglia 2003) */
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return rng;
}

/* One argument of a random class. */
static long arg(void)
{
	uint32_t r = rnd();

	switch (rnd() % 8) {
	case 0:
		return 0;
	case 1:
		return (long)(r % 24) - 4;	/* small ints, some negative */
	case 2:
		return (long)(KERNEL_ADDR + (r & 0xfffff));
	case 3:
		return (long)(0xc0000000u + (r & 0x3fffffff));
	case 4:
		return (long)(UNMAPPED_ADDR + (r & 0xffffff));
	case 5:
	case 6:
		return (long)(uintptr_t)buf;
	default:
		/* A random word, but never inside our own memory. */
		if (r >= USER_BASE && r < USER_TOP)
			r = UNMAPPED_ADDR + (r & 0xffff);
		return (long)r;
	}
}

static int bad_ptr(long p)
{
	return !((uintptr_t)p >= (uintptr_t)buf && (uintptr_t)p < (uintptr_t)buf + FUZZ_BUF);
}

static void close_fds(void)
{
	for (int fd = 3; fd < MAX_FDS; fd++)
		close(fd);
}

static void restore_self(void)
{
	cpumask_u all = CPU_MASK_ALL;

	sched_setscheduler(0, SCHED_NORMAL, 0);
	setnice(0, 0);
	sched_setaffinity(0, sizeof(all), &all);
}

struct counts {
	long calls, skipped, errors, nosys_ok, nosys_bad, weird;
	long int80;	/* calls made through int $0x80 itself */
};

/* Make call i; returns 1 when it was made. */
static int one_call(struct counts *c)
{
	long nr, a[5], r;
	int i;

	nr = rnd() % 8 ? (long)(rnd() % NR_SYSCALLS) : (long)(int32_t)rnd() % 64 - 8;
	for (i = 0; i < 5; i++)
		a[i] = arg();
	switch (nr) {
	case SYS_exit:
	case SYS_reboot:
		return 0;
	case SYS_fork:
		if (rnd() % FUZZ_FORK_EVERY)
			return 0;	/* a fork copies us whole: slow under TCG */
		if (c->calls & 1)
			c->int80++;
		r = c->calls & 1 ? syscall5_int80(SYS_fork, 0, 0, 0, 0, 0) : fork();
		if (r == 0)
			_exit(0);
		if (r > 0 && waitpid((int)r, NULL, 0) != r)
			c->weird++;
		c->calls++;
		return 1;
	case SYS_exec:
		if (!bad_ptr(a[0]) && rnd() % FUZZ_FORK_EVERY)
			a[0] = 0;	/* a refused file costs a read and a console line */
		if (!bad_ptr(a[0])) {
			static const char *const refused[] = { "/bin/nonexistent", "/bin/notelf",
							       "/bin/corrupt", "" };
			a[0] = (long)(uintptr_t)refused[rnd() % 4];
		}
		if (!bad_ptr(a[1]))
			a[1] = 0;
		break;
	case SYS_kill:
		if (a[0] <= 1 || a[0] == self || a[0] == parent)
			return 0;
		break;
	case SYS_close:
		if (a[0] >= 0 && a[0] < 3)
			return 0;	/* our console: the results must get out */
		break;
	case SYS_sleep_ms:
		a[0] &= 1;	/* ms */
		break;
	case SYS_poll:
		a[1] &= 1;	/* ms */
		break;
	case SYS_read:
		if (a[0] >= 0 && a[0] < 3)
			return 0;	/* the console would wait for a key */
		if (a[0] >= 0 && a[0] < MAX_FDS && poll1((int)a[0], 0) == 0)
			return 0;	/* an empty pipe with a writer: would block */
		if (!bad_ptr(a[1]))
			a[2] %= FUZZ_BUF + 1;
		break;
	case SYS_write:
		if (a[0] >= 0 && a[0] < 3 && !bad_ptr(a[1]))
			return 0;	/* no random bytes on the console */
		if ((unsigned long)a[2] > FUZZ_BUF && !bad_ptr(a[1]))
			a[2] = FUZZ_BUF;	/* a full pipe would block */
		break;
	case SYS_schedstat:
		if (!bad_ptr(a[1]))
			a[2] %= FUZZ_BUF + 1;	/* fills len bytes: stay in buf */
		break;
	case SYS_topo:
		if (!bad_ptr(a[0]))
			a[1] %= FUZZ_BUF + 1;
		break;
	case SYS_proclimit:
		/* The machine's process limit: a random one could stop the
		 * tests after us from forking. Reads and values that must fail
		 * (below 16, above any machine's 11 776) only. */
		if (a[0] >= 16 && a[0] < (1L << 20))
			a[0] = 0;
		break;
	case SYS_trace:
		if (a[0] == TRACE_DUMP)
			a[0] = TRACE_STATUS;	/* the dump would flood the console */
		break;
	case SYS_sched_setaffinity:
		/* Our own affinity with a real mask only when asked: thousands
		 * of changes of it can hang the kernel, a bug not found yet;
		 * the bad-pointer and bad-pid paths stay. */
		if ((a[0] == 0 || a[0] == self) && !fuzz_affinity && !bad_ptr(a[2]))
			a[2] = 0;
		/* fall through */
	case SYS_nice:
	case SYS_sched_setscheduler:
		if (a[0] == 1 || a[0] == parent)
			return 0;
		break;
	default:
		break;
	}
	/* Every other call through `int $0x80` itself, the others through
	 * the vsyscall page (sysenter where the kernel enables it): both
	 * entries get the same storm. Not drawn: the sequence stays the
	 * seed's. */
	if (c->calls & 1) {
		r = syscall5_int80(nr, a[0], a[1], a[2], a[3], a[4]);
		c->int80++;
	} else {
		r = syscall5(nr, a[0], a[1], a[2], a[3], a[4]);
	}
	c->calls++;
	if (r < 0 && r >= -MAX_ERRNO)
		c->errors++;
	if (nr < 0 || nr >= NR_SYSCALLS) {
		if (r == -ENOSYS)
			c->nosys_ok++;
		else
			c->nosys_bad++;
	}
	if (nr == SYS_nice || nr == SYS_sched_setscheduler || nr == SYS_sched_setaffinity)
		restore_self();
	if (nr == SYS_trace)
		syscall5(SYS_trace, TRACE_CLEAR, 0, 0, 0, 0);
	return 1;
}

/* After the storm: fork + wait, a pipe round trip, getcpu. */
static void still_works(void)
{
	int pid, st = -1, fds[2] = { -1, -1 }, r;
	unsigned int cpu = 99, node = 99;
	char ch = 0;

	pid = fork();
	if (pid == 0)
		_exit(7);
	r = pid > 0 ? waitpid(pid, &st, 0) : pid;
	tap_ok(r == pid && WIFEXITED(st) && WEXITSTATUS(st) == 7, "fork_wait_after",
	       "pid %d waitpid %d status 0x%x", pid, r, st);
	r = pipe(fds);
	if (r == 0) {
		pid = fork();
		if (pid == 0) {
			char x;

			if (read(fds[0], &x, 1) == 1 && x == 'q')
				write(fds[1], "r", 1);
			_exit(0);
		}
		write(fds[1], "q", 1);
		/* Let the child take the 'q' before we read our own pipe. */
		waitpid(pid, NULL, 0);
		r = (int)read(fds[0], &ch, 1);
	}
	tap_ok(r == 1 && ch == 'r', "pipe_after", "got %d '%c'", r, ch ? ch : '?');
	close(fds[0]);
	close(fds[1]);
	r = getcpu(&cpu, &node);
	tap_ok(r == 0 && cpu < 64 && node < 8, "getcpu_after", "cpu %u node %u", cpu, node);
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atoi(argv[1]) : FUZZ_CALLS;
	struct counts c = { 0 };
	uint64_t t0 = now_us();
	long i;

	rng = argc > 2 ? (uint32_t)atoi(argv[2]) : FUZZ_SEED;
	if (!rng)
		rng = FUZZ_SEED;
	fuzz_affinity = argc > 3 && !strcmp(argv[3], "affinity");
	self = getpid();
	parent = getppid();
	tap_start("sysfuzz");
	for (i = 0; c.calls < n && i < 4 * n; i++) {
		if (!one_call(&c))
			c.skipped++;
		if (i % FUZZ_CLOSE_EVERY == 0)
			close_fds();
	}
	close_fds();
	restore_self();
	tap_ok(c.calls >= n && c.int80 >= n / 2 - 1, "calls_made",
	       "%ld calls (%ld by int 0x80), %ld skipped, %ld errors, %llu ms",
	       c.calls, c.int80, c.skipped, c.errors,
	       (unsigned long long)((now_us() - t0) / 1000));
	tap_ok(c.nosys_bad == 0 && c.nosys_ok > 0, "enosys_out_of_range",
	       "%ld ENOSYS, %ld other", c.nosys_ok, c.nosys_bad);
	tap_ok(c.weird == 0, "forks_reaped", "%ld odd", c.weird);
	still_works();
	return tap_end();
}
