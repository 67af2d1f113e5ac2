/*
 * test_main.c - the scheduler's unit tests (TAP on stdout).
 *
 * Each check calls sched/ directly on a small simulated machine (harness.c)
 * and asserts one behaviour; its name says which.
 */
#include "harness.h"

void test_core(void);
void test_smp(void);
void test_sanity(void);
void test_locking(void);
void test_exec(void);
void test_waitbound(void);

int main(void)
{
	test_core();
	test_smp();
	test_sanity();
	test_locking();
	test_exec();
	test_waitbound();
	return tap_done();
}
