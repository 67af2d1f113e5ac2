/*
 * grade.h - the labs' graders: checks with points, each run in a process
 * of its own (grade.c), so that a body that crashes, panics the simulated
 * kernel or loops forever costs that check and no other.
 *
 * A lab's checks are two tables: grade_labN_visible[] (tests/labs/grade/
 * labN.c, handed out with the lab) and grade_labN_held[] (tests/labs/held/
 * labN.c, the teacher's: left out of handouts). A check returns its
 * verdict through verdict(), which also keeps the line explaining it.
 */
#ifndef TESTS_LABS_GRADE_H
#define TESTS_LABS_GRADE_H

#include "harness.h"

struct check {
	const char *name;
	int points;
	int (*run)(void);	/* 1: passed */
};

/* cond, with the note printed after the TAP line's '#'. */
int verdict(int cond, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* A task of the given nice that ran on cpu and is asleep now. */
struct task_struct *sleeper_on(int cpu, int nice);
/* A task of the given nice running on cpu now. */
struct task_struct *runner_on(int cpu, int nice);
/* Moves into cpu's runqueue of this kind since the machine started. */
unsigned long moves_in(int cpu, int kind);
/* Lab 3: a tasks on CPU 0, b on CPU 1 of TWO, three busy balances (each
 * counts an imbalance only when it lasts two looks): tasks CPU 1 pulled. */
unsigned long busy_pulls(int a, int b);
/* Lab 5: a tasks forked on node 0 of NUMA2, b on node 1, then ms ticks:
 * the tasks moved between nodes by a balance (SCHED_MOVE_NODE). */
unsigned long node_moves(int a, int b, int ms);
/* Lab 8: wake p from CPU 3 (a CPU of another runqueue, idle), not a sync
 * wakeup, once the machine has settled. */
void wake_from_3(struct task_struct *p);
/* Lab 8: cpu was asked to reschedule (need_resched of what it runs). */
int asked(int cpu);

/* The student's topo_build_maps() (lab 1): TREE's lib/topology.c, built
 * with its functions renamed (grade.mk). */
void grade_student_topo_build_maps(struct topology *t);

/* The tables, declared weak: a tree without tests/labs/held/ (a
 * handout) links without the held-back ones. */
#define GRADE_LAB(n)							\
	extern const struct check grade_lab##n##_visible[]		\
		__attribute__((weak));					\
	extern const struct check grade_lab##n##_held[]			\
		__attribute__((weak))
GRADE_LAB(0);
GRADE_LAB(1);
GRADE_LAB(2);
GRADE_LAB(3);
GRADE_LAB(4);
GRADE_LAB(5);
GRADE_LAB(6);
GRADE_LAB(7);
GRADE_LAB(8);

#define SMT2	"-smp 4,sockets=1,cores=2,threads=2"	/* rq 0: CPUs 0-1 */
#define TWO	"-smp 2,sockets=1,cores=2,threads=1"
#define NOSMT4	"-smp 4,sockets=1,cores=4,threads=1"
#define NUMA2	"-M q35 -m 1G -smp 8,sockets=2,cores=2,threads=2 "	\
		"-object memory-backend-ram,id=m0,size=512M "		\
		"-object memory-backend-ram,id=m1,size=512M "		\
		"-numa node,nodeid=0,cpus=0-3,memdev=m0 "		\
		"-numa node,nodeid=1,cpus=4-7,memdev=m1"

#endif
