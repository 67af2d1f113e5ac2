/*
 * stat.h - a snapshot of the kernel's scheduler state for the commands
 * that show it (ps, rq, top, schedstat), from the schedstat() system call
 * (include/uapi/schedstat.h).
 */
#ifndef USER_CMD_STAT_H
#define USER_CMD_STAT_H

#include <stdint.h>
#include "uapi/schedstat.h"
#include "cpumask.h"

struct snap {
	struct schedstat_summary sum;
	struct schedstat_cpu *cpu;
	int ncpu;
	struct schedstat_rq *rq;
	int nrq;
	struct schedstat_task *task;
	int ntask;
};

/* Fill s (the parts wanted: SNAP_* bits). Returns 0 or a negative errno,
 * having printed what failed as "NAME: ...". */
#define SNAP_CPUS	0x1
#define SNAP_RQS	0x2
#define SNAP_TASKS	0x4
int snap_take(struct snap *s, int parts, const char *name);
void snap_free(struct snap *s);

/* "NORMAL", "FIFO", "RR" or "?". */
const char *policy_name(uint32_t policy);
/* The cpulist of mask ("0-3,8"), or "none", in a static buffer per call
 * site slot (0..3). */
const char *cpulist(cpumask_t mask, int slot);

#endif
