/*
 * o1rows.h - the user-level O(1) rows, o1_N: the one list of their sizes.
 * user/bench/load.c runs them in this order, bench/report.c (a host
 * program) names, checks and draws them from it.
 *
 * X(N, QUICK): N processes spinning on the measured CPU; QUICK 1 when
 * `bench quick` (make bench QUICK=1) runs the row too, and then
 * report --check wants it measured on both kernels. The quick rows come
 * first. 1000 and 10 000 are above both kernels' boot limits on
 * processes: sys_task_room() raises them (sys_os.c, sys_linux.c).
 */
#ifndef BENCH_O1ROWS_H
#define BENCH_O1ROWS_H

#define BENCH_O1_ROWS(X)	\
	X(1, 1)			\
	X(100, 1)		\
	X(1000, 0)		\
	X(10000, 0)

/* The largest N above: load.c's table of hog pids (it checks). */
#define BENCH_O1_MAX	10000

#define BENCH_O1_N(n, quick)		n,
#define BENCH_O1_IS_QUICK(n, quick)	+ (quick)

#endif
