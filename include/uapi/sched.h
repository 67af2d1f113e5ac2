/*
 * uapi/sched.h - scheduling policies, with Linux's numbers.
 *
 * The one definition: sched/sched.h includes this file, and user programs
 * pass these to sched_setscheduler().
 */
#ifndef UAPI_SCHED_H
#define UAPI_SCHED_H

#define SCHED_NORMAL		0	/* time sharing, nice -20..19 */
#define SCHED_FIFO		1	/* real time, runs until it blocks */
#define SCHED_RR		2	/* real time, round robin slices */

/* Real-time priorities a user program may ask for (rt_priority). */
#define SCHED_RT_PRIO_MIN	1
#define SCHED_RT_PRIO_MAX	99

/* Nice levels (nice()). */
#define NICE_MIN		(-20)
#define NICE_MAX		19

#endif
