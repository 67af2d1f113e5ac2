/*
 * bench_o1.h - the in-kernel O(1) benchmark (kernel/tests/bench_o1.c), run
 * instead of init by the boot option bench_o1.
 */
#ifndef KERNEL_BENCH_O1_H
#define KERNEL_BENCH_O1_H

void bench_o1_start(void);

#endif
