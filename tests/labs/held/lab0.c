/*
 * lab0.c - the held-back checks of lab 0 (docs/lab0-o1.md): the bonus is
 * linear and bounded at every sleep_avg, and a hog that runs loses its
 * priority through the scheduler's own recalculation. Left out of the
 * handouts (tests/labs/handout.sh).
 */
#include "grade.h"

/* Every sleep_avg, nice -20, 0 and 19: the priority never rises with
 * more sleep, spans exactly the 11 levels around the static priority
 * (clipped to 100..139), and is the static one at half the cap. */
static int linear_and_clipped(void)
{
	static const int nices[] = { -20, 0, 19 };
	struct task_struct *p;
	int i, prio, prev, lo, hi;
	unsigned long s;

	machine(TWO, NULL);
	p = new_task(0);
	for (i = 0; i < 3; i++) {
		p->static_prio = NICE_TO_PRIO(nices[i]);
		lo = p->static_prio - 5 < MAX_RT_PRIO ? MAX_RT_PRIO :
		     p->static_prio - 5;
		hi = p->static_prio + 5 > MAX_PRIO - 1 ? MAX_PRIO - 1 :
		     p->static_prio + 5;
		prev = MAX_PRIO;
		for (s = 0; s <= MAX_SLEEP_AVG; s += 7) {
			p->sleep_avg = s;
			prio = effective_prio(p);
			if (prio > prev || prio < lo || prio > hi)
				return verdict(0, "nice %d, sleep_avg %lu: %d "
					       "(before: %d, range %d..%d)",
					       nices[i], s, prio, prev, lo, hi);
			prev = prio;
		}
		p->sleep_avg = MAX_SLEEP_AVG;
		if (effective_prio(p) != lo)
			return verdict(0, "nice %d slept all along: %d, want %d",
				       nices[i], effective_prio(p), lo);
		p->sleep_avg = MAX_SLEEP_AVG / 2;
		if (effective_prio(p) != p->static_prio)
			return verdict(0, "nice %d at half the cap: %d, want %d",
				       nices[i], effective_prio(p),
				       p->static_prio);
	}
	return verdict(1, "%s", "");
}

/* A hog alone on a CPU, with 2 s of sleep credit, runs 2.5 s: the
 * scheduler's recalculation as its credit runs out takes it 5 levels
 * below its nice. */
static int running_hog_sinks(void)
{
	struct task_struct *p;

	machine(TWO, NULL);
	p = spawn(0, 0);
	p->sleep_avg = MAX_SLEEP_AVG / 5;
	settle();
	advance(2500);
	return verdict(p->prio == NICE_TO_PRIO(0) + 5,
		       "after 2.5 s of running: prio %d, sleep_avg %lu", p->prio,
		       p->sleep_avg);
}

const struct check grade_lab0_held[] = {
	{ "linear_and_clipped", 2, linear_and_clipped },
	{ "running_hog_sinks", 1, running_hog_sinks },
	{ NULL, 0, NULL }
};
