/*
 * nmicheck [SECONDS] - system calls in a loop while the host sends NMIs
 * (tests/boot/nmi.sh, through QEMU's monitor), then a look at what an NMI
 * on the sysenter entry stack could have broken (arch/x86/percpu.h).
 *
 * For SECONDS (default 3): rounds of 50 getpids through the vsyscall page
 * and, with sysenter on, 200 raw sysenters with TF set (each single-steps
 * into the entry, whose #DB runs on the entry stack: an NMI taken there
 * nests on it). It prints "nmicheck: looping" when it starts and
 * "nmicheck: done" at the end: the host sends NMIs in between.
 *
 *   nmi_calls_returned  every call returned our pid
 *   nmi_port_io_faults  a child's `inb $0x61` still kills it (SIGSEGV):
 *                       the TSS's I/O map base still says "no I/O map"
 */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include "uapi/vsyscall.h"
#include "tests/tap.h"

#define SIGSEGV		11

static long tf_sysenter(void)
{
	long r;

	__asm__ volatile("pushl $1f\n\t"
			 "pushl %%ecx\n\t"
			 "pushl %%edx\n\t"
			 "pushl %%ebp\n\t"
			 "movl %%esp, %%ebp\n\t"
			 "pushfl\n\t"
			 "orl $0x100, (%%esp)\n\t"
			 "popfl\n\t"
			 "sysenter\n"
			 "1:"
			 : "=a"(r) : "a"(SYS_getpid) : "memory", "cc");
	return r;
}

int main(int argc, char **argv)
{
	const volatile uint8_t *page = (const volatile uint8_t *)VSYSCALL_ADDR;
	int secs = argc > 1 ? atoi(argv[1]) : 3, pid = getpid(), i, st = -1;
	int on = page[0] == VSYSCALL_OP_SYSENTER, child;
	unsigned long calls = 0, stepped = 0, bad = 0;
	uint64_t end;

	if (secs < 1 || secs > 600) {
		printf("usage: nmicheck [SECONDS 1-600]\n");
		return 2;
	}
	tap_start("nmicheck");
	printf("nmicheck: looping\n");
	end = now_us() + (uint64_t)secs * 1000000;
	while (now_us() < end) {
		for (i = 0; i < 50; i++, calls++)
			bad += syscall5(SYS_getpid, 0, 0, 0, 0, 0) != pid;
		for (i = 0; on && i < 200; i++, stepped++)
			bad += tf_sysenter() != pid;
	}
	printf("nmicheck: done\n");
	tap_ok(!bad, "nmi_calls_returned", "%lu calls, %lu of them single-"
	       "stepped sysenters, %lu wrong", calls, stepped, bad);
	child = fork();
	if (child == 0) {
		uint8_t v;

		__asm__ volatile("inb $0x61, %0" : "=a"(v));
		_exit(v == 0xff ? 3 : 4);	/* not reached */
	}
	if (child > 0)
		waitpid(child, &st, 0);
	tap_ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV, "nmi_port_io_faults",
	       "status 0x%x (want killed, signal %d; 0x300/0x400: the port "
	       "read worked)", st, SIGSEGV);
	return tap_end();
}
