/*
 * stat.c - take a snapshot of the scheduler's state (stat.h).
 *
 * The number of tasks is not known in advance: the buffer starts at
 * TASKS_FIRST records and doubles while the kernel fills it completely
 * (so there may have been more), up to TASKS_MAX.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "stat.h"
#include "params.h"

#define TASKS_FIRST	128
#define TASKS_MAX	8192

static int fetch(int what, void **buf, size_t rec, int cap, const char *name)
{
	for (;;) {
		int r;

		free(*buf);
		*buf = calloc((size_t)cap, rec);
		if (!*buf) {
			printf("%s: out of memory for %d records\n", name, cap);
			return -ENOMEM;
		}
		r = schedstat(what, *buf, (unsigned int)(cap * rec));
		if (r < 0) {
			printf("%s: schedstat(%d): %s\n", name, what, strerror(r));
			return r;
		}
		if (r < cap || what != SCHEDSTAT_TASKS || cap >= TASKS_MAX)
			return r;
		cap *= 2;
	}
}

int snap_take(struct snap *s, int parts, const char *name)
{
	int r;

	r = schedstat(SCHEDSTAT_SUMMARY, &s->sum, sizeof(s->sum));
	if (r != 1) {
		printf("%s: schedstat(summary): %s\n", name, r < 0 ? strerror(r) : "empty");
		return r < 0 ? r : -EIO;
	}
	if (parts & SNAP_CPUS) {
		r = fetch(SCHEDSTAT_CPUS, (void **)&s->cpu, sizeof(*s->cpu), NR_CPUS, name);
		if (r < 0)
			return r;
		s->ncpu = r;
	}
	if (parts & SNAP_RQS) {
		r = fetch(SCHEDSTAT_RQS, (void **)&s->rq, sizeof(*s->rq), NR_CPUS, name);
		if (r < 0)
			return r;
		s->nrq = r;
	}
	if (parts & SNAP_TASKS) {
		r = fetch(SCHEDSTAT_TASKS, (void **)&s->task, sizeof(*s->task),
			  TASKS_FIRST, name);
		if (r < 0)
			return r;
		s->ntask = r;
	}
	return 0;
}

void snap_free(struct snap *s)
{
	free(s->cpu);
	free(s->rq);
	free(s->task);
	memset(s, 0, sizeof(*s));
}

const char *policy_name(uint32_t policy)
{
	switch (policy) {
	case SCHED_NORMAL:
		return "NORMAL";
	case SCHED_FIFO:
		return "FIFO";
	case SCHED_RR:
		return "RR";
	}
	return "?";
}

const char *cpulist(cpumask_t mask, int slot)
{
	static char bufs[4][CPULIST_LEN];
	char *b = bufs[slot & 3];

	if (cpus_empty(mask))
		snprintf(b, sizeof(bufs[0]), "none");
	else
		cpulist_format(b, sizeof(bufs[0]), mask);
	return b;
}
