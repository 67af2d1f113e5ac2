/*
 * fpucheck - the x87/MMX registers are each process's own
 * (arch/x86/fpu.h). Every check runs pinned to one CPU, so that parent and
 * child share one physical FPU and nothing but the kernel keeps them apart.
 *
 *   fpu_fork_inherits  a child sees the registers its parent had at fork
 *   fpu_parent_kept    the parent's registers and control word are its own
 *                      after a child loaded others and exited
 *   fpu_exec_clean     an exec'd image starts with fninit's state (control
 *                      word 0x37f, every register empty, no exception
 *                      flags), whatever the process had before
 *   fpu_mf_kills       an unmasked x87 exception (1/0 with ZM clear) kills
 *                      its process with SIGFPE at its next waiting FPU
 *                      instruction (CR0.NE: #MF), and the kernel goes on
 *   fpu_migrate_kept   registers loaded on one CPU are there after the
 *                      process was moved through every other CPU (its
 *                      affinity set to each in turn), read on the last
 */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include "tests/tap.h"

#define SIGFPE		8
#define CW_PARENT	0x027f	/* 53-bit precision, every exception masked */
#define CW_CHILD	0x007f	/* 24-bit precision */
#define CW_FNINIT	0x037f
#define CW_ZM_CLEAR	0x037b	/* divide-by-zero unmasked */
/* As doubles, rounded to nearest: pi, 1, log2(e); log10(2) for the child. */
#define D_PI		0x400921fb54442d18ull
#define D_ONE		0x3ff0000000000000ull
#define D_L2E		0x3ff71547652b82feull

/* Load pi, 1, log2(e) (st0..st2) and control word cw. */
static void fpu_load(uint16_t cw)
{
	__asm__ volatile("fldcw %0\n\tfldl2e\n\tfld1\n\tfldpi" : : "m"(cw));
}

/* Pop st0..st2 as doubles into v[], and read the control word. */
static void fpu_read(uint64_t v[3], uint16_t *cw)
{
	__asm__ volatile("fnstcw %3\n\tfstpl %0\n\tfstpl %1\n\tfstpl %2"
			 : "=m"(v[0]), "=m"(v[1]), "=m"(v[2]), "=m"(*cw));
}

static int fpu_is(uint16_t cw_want)
{
	uint64_t v[3];
	uint16_t cw;

	fpu_read(v, &cw);
	return v[0] == D_PI && v[1] == D_ONE && v[2] == D_L2E && cw == cw_want;
}

static int wait_status(int pid)
{
	int st = -1;

	if (pid <= 0 || waitpid(pid, &st, 0) != pid)
		return -1;
	return st;
}

static void check_fork(void)
{
	uint64_t v[3];
	uint16_t cw;
	int pid, st;

	fpu_load(CW_PARENT);
	pid = fork();
	if (pid == 0) {
		int inherited = fpu_is(CW_PARENT);
		uint16_t c = CW_CHILD;

		/* Others of our own, then let the parent run again. */
		__asm__ volatile("fninit\n\tfldcw %0\n\tfldz\n\tfldz\n\tfldlg2"
				 : : "m"(c));
		sleep_ms(5);
		_exit(inherited ? 0 : 1);
	}
	st = wait_status(pid);
	fpu_read(v, &cw);
	tap_ok(st == 0, "fpu_fork_inherits", "child status 0x%x (1: it did "
	       "not see pi, 1, log2e, cw 0x%x)", st, CW_PARENT);
	tap_ok(v[0] == D_PI && v[1] == D_ONE && v[2] == D_L2E &&
	       cw == CW_PARENT, "fpu_parent_kept", "st0-2 0x%llx 0x%llx 0x%llx, "
	       "cw 0x%x (want pi 0x%llx, 1, log2e; cw 0x%x)",
	       (unsigned long long)v[0], (unsigned long long)v[1],
	       (unsigned long long)v[2], cw, (unsigned long long)D_PI,
	       CW_PARENT);
}

/* fnstenv's first three words: control, status, tag. */
static int exec_child(void)
{
	uint32_t env[7];

	__asm__ volatile("fnstenv %0" : "=m"(env));
	printf("# exec child: cw 0x%x sw 0x%x tag 0x%x\n", env[0] & 0xffff,
	       env[1] & 0xffff, env[2] & 0xffff);
	return (env[0] & 0xffff) == CW_FNINIT && (env[1] & 0xffff) == 0 &&
	       (env[2] & 0xffff) == 0xffff ? 0 : 1;
}

static void check_exec(void)
{
	char *argv[] = { (char *)"fpucheck", (char *)"exec-child", 0 };
	int pid, st;

	pid = fork();
	if (pid == 0) {
		fpu_load(CW_PARENT);	/* ours, live, when exec comes */
		execv("/bin/fpucheck", argv);
		_exit(2);
	}
	st = wait_status(pid);
	tap_ok(st == 0, "fpu_exec_clean", "status 0x%x (1: the new image saw "
	       "state of the old one, 2: exec failed)", st);
}

static void check_mf(void)
{
	int pid = fork(), st;

	if (pid == 0) {
		uint16_t cw = CW_ZM_CLEAR;

		__asm__ volatile("fninit\n\tfldcw %0\n\tfldz\n\tfld1\n\t"
				 "fdivp\n\tfwait" : : "m"(cw));
		_exit(3);	/* not reached */
	}
	st = wait_status(pid);
	tap_ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGFPE, "fpu_mf_kills",
	       "status 0x%x (want killed, signal %d; 0x300: it went on)",
	       st, SIGFPE);
}

static void check_migrate(unsigned int home)
{
	cpumask_u one;
	unsigned int c, moves = 0, cpu = home;
	int ok;

	fpu_load(CW_PARENT);
	for (c = 0; c < NR_CPUS; c++) {
		one = cpumask_of(c);
		if (c == home || sched_setaffinity(0, sizeof(one), &one))
			continue;	/* not online */
		sched_yield();
		moves += getcpu(&cpu, 0) == 0 && cpu == c;
	}
	ok = fpu_is(CW_PARENT);		/* on the last CPU, not at home */
	one = cpumask_of(home);
	sched_setaffinity(0, sizeof(one), &one);
	tap_ok(ok && moves > 0, "fpu_migrate_kept", "%u other CPUs run on; "
	       "registers %s", moves, ok ? "kept" : "lost");
}

int main(int argc, char **argv)
{
	cpumask_u mask;
	unsigned int cpu = 0;

	if (argc > 1 && !strcmp(argv[1], "exec-child"))
		return exec_child();
	tap_start("fpucheck");
	if (getcpu(&cpu, 0) == 0 && cpu < NR_CPUS) {
		mask = cpumask_of(cpu);
		tap_ok(sched_setaffinity(0, sizeof(mask), &mask) == 0,
		       "fpu_pinned", "CPU %u", cpu);
	} else {
		tap_ok(0, "fpu_pinned", "getcpu failed");
	}
	check_fork();
	check_exec();
	check_mf();
	check_migrate(cpu);
	return tap_end();
}
