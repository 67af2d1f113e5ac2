/*
 * lab0.c - the visible checks of lab 0 (docs/lab0-o1.md): does
 * effective_prio() give the interactivity bonus its contract says?
 *
 * The bonus maps sleep_avg (0..MAX_SLEEP_AVG) linearly onto -5..+5
 * priority levels around the static priority: a task that only slept is
 * 5 levels better than its nice, a pure hog 5 worse; real-time tasks keep
 * their priority. Each check asks several tasks, of several nice values,
 * so that no single constant passes.
 */
#include "grade.h"

/* The priority effective_prio() gives a nice-n task with this sleep_avg. */
static int prio_of(int nice, unsigned long sleep_avg)
{
	struct task_struct *p;

	machine(TWO, NULL);
	p = new_task(0);
	p->static_prio = NICE_TO_PRIO(nice);
	p->sleep_avg = sleep_avg;
	return effective_prio(p);
}

static int sleeper_bonus(void)
{
	int a = prio_of(0, MAX_SLEEP_AVG), b = prio_of(-3, MAX_SLEEP_AVG),
	    c = prio_of(7, MAX_SLEEP_AVG);

	return verdict(a == NICE_TO_PRIO(0) - 5 && b == NICE_TO_PRIO(-3) - 5 &&
		       c == NICE_TO_PRIO(7) - 5,
		       "slept all along: nice 0 -> %d, -3 -> %d, 7 -> %d "
		       "(want 5 levels better)", a, b, c);
}

static int hog_penalty(void)
{
	int a = prio_of(0, 0), b = prio_of(-8, 0), c = prio_of(5, 0);

	return verdict(a == NICE_TO_PRIO(0) + 5 && b == NICE_TO_PRIO(-8) + 5 &&
		       c == NICE_TO_PRIO(5) + 5,
		       "never slept: nice 0 -> %d, -8 -> %d, 5 -> %d "
		       "(want 5 levels worse)", a, b, c);
}

static int realtime_unchanged(void)
{
	struct task_struct *p;
	int fifo, rr;

	machine(TWO, NULL);
	p = spawn(0, 0);
	sched_setscheduler(p, SCHED_FIFO, 10);
	p->sleep_avg = 0;
	fifo = effective_prio(p);
	sched_setscheduler(p, SCHED_RR, 30);
	p->sleep_avg = MAX_SLEEP_AVG;
	rr = effective_prio(p);
	return verdict(fifo == MAX_USER_RT_PRIO - 1 - 10 &&
		       rr == MAX_USER_RT_PRIO - 1 - 30,
		       "FIFO 10 -> %d, RR 30 -> %d", fifo, rr);
}

const struct check grade_lab0_visible[] = {
	{ "sleeper_bonus", 2, sleeper_bonus },
	{ "hog_penalty", 2, hog_penalty },
	{ "realtime_unchanged", 1, realtime_unchanged },
	{ NULL, 0, NULL }
};
