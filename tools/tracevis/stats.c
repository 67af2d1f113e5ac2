/*
 * stats.c - the numbers a reader would otherwise count in a timeline
 * (tracevis --stats): what lab 9 compares between our kernel's shared
 * runqueues and Linux's per-CPU ones, with and without patch 0004.
 *
 *   stats: FILE idle_beside_waiting_ms=X stretches=N long_stretches=L
 *       a CPU idled while a task waited on its core (the runqueue model's
 *       count of the core's tasks exceeded its busy CPUs, model.h), summed
 *       over the cores: what a shared runqueue (D7) or 0004's shared list
 *       exists to prevent. stretches: how many times it began;
 *       long_stretches: those that lasted LONG_US or more (a hand-over
 *       between a wakeup and the switch takes microseconds)
 *   stats: FILE long_stretch core=R from_ms=A to_ms=B
 *       each long stretch (the first MAX_LONG), in ms after the trace's
 *       first event, as tracevis --from/--to take them: where to look.
 *       The model does not know affinity: a task pinned to the busy CPU
 *       (a per-CPU kernel thread) counts as waiting beside the idle one
 *   stats: FILE hops_in_core=H hops_across_cores=C
 *       a task's next slice on another CPU of the same core, or of another
 *       core (a shared runqueue hands tasks between its threads freely)
 *   stats: FILE comm=NAME tasks=N run_ms=A,B,...
 *       the CPU time of each task of that name (two or more tasks), largest
 *       first: how evenly tasks that want a CPU each shared them
 *
 * Only the trace's CPUs and cores are used; a task's time counts from the
 * trace's first event, as the slices do.
 */
#include <stdlib.h>
#include <string.h>
#include "model.h"
#include "writers.h"

/* A stretch of idling beside a waiting task this long or longer is one a
 * scheduler could have avoided (more than a switch's delay), in us. */
#define LONG_US		1000
/* Long stretches listed one a line (the rest only counted). */
#define MAX_LONG	10

struct edge {
	uint64_t t;
	int busy;	/* +1 a slice starts, -1 one ends, 0 a length sample */
	int len;	/* the sample's length */
};

static int by_edge(const void *a, const void *b)
{
	const struct edge *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return x->busy - y->busy;	/* ends before samples before starts */
}

/* A stretch of idling beside a waiting task ended (one of no length, as
 * between a wakeup and the switch at the same instant, is none). */
static void stretch(const struct trace *tr, const struct tv_rq *q,
		    uint64_t from, uint64_t to, uint64_t *us, long *stretches,
		    long *longs, FILE *f)
{
	if (to <= from)
		return;
	*us += to - from;
	(*stretches)++;
	if (to - from >= LONG_US && ++*longs <= MAX_LONG)
		fprintf(f, "stats: %s long_stretch core=%d from_ms=%.1f to_ms=%.1f\n",
			tr->source, q->id, (double)(from - tr->t0) / 1000.0,
			(double)(to - tr->t0) / 1000.0);
}

/* Idle-beside-waiting time of runqueue q: a sweep over its length samples
 * and its CPUs' slices. */
static int rq_idle_wait(const struct trace *tr, const struct tv_rq *q,
			uint64_t *us, long *stretches, long *longs, FILE *f)
{
	struct edge *e;
	int n = 0, i, busy = 0, len = 0, ncpu = 0, cpu, waiting = 0;
	uint64_t since = 0;

	for (cpu = 0; cpu < NR_CPUS; cpu++)
		ncpu += cpu_isset(cpu, q->cpus) ? 1 : 0;
	e = malloc(sizeof(*e) * (size_t)(q->n + 2 * tr->nslice + 1));
	if (!e)
		return -1;
	for (i = 0; i < q->n; i++)
		e[n++] = (struct edge){ q->s[i].t, 0, q->s[i].len };
	for (i = 0; i < tr->nslice; i++) {
		const struct tv_slice *s = &tr->slice[i];

		if (!cpu_isset(s->cpu, q->cpus))
			continue;
		e[n++] = (struct edge){ s->start, 1, 0 };
		e[n++] = (struct edge){ s->end, -1, 0 };
	}
	if (n)
		qsort(e, (size_t)n, sizeof(*e), by_edge);
	for (i = 0; i < n; i++) {
		int now;

		if (e[i].busy)
			busy += e[i].busy;
		else
			len = e[i].len;
		now = len > busy && busy < ncpu;
		if (now && !waiting)
			since = e[i].t;
		else if (!now && waiting)
			stretch(tr, q, since, e[i].t, us, stretches, longs, f);
		waiting = now;
	}
	if (waiting)
		stretch(tr, q, since, tr->t1, us, stretches, longs, f);
	free(e);
	return 0;
}

static int by_task_time(const void *a, const void *b)
{
	const struct tv_slice *x = a, *y = b;

	if (x->task != y->task)
		return x->task - y->task;
	return x->start < y->start ? -1 : x->start > y->start;
}

static int by_run_desc(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? 1 : x > y ? -1 : 0;
}

static void comm_line(const struct trace *tr, int first, FILE *f)
{
	uint64_t *run = malloc(sizeof(*run) * (size_t)tr->ntask);
	int i, n = 0;

	if (!run)
		return;
	for (i = first; i < tr->ntask; i++)
		if (!strcmp(tr->task[i].comm, tr->task[first].comm) &&
		    tr->task[i].pid > 0)
			run[n++] = tr->task[i].run_us;
	if (n >= 2) {
		qsort(run, (size_t)n, sizeof(*run), by_run_desc);
		fprintf(f, "stats: %s comm=%s tasks=%d run_ms=", tr->source,
			tr->task[first].comm, n);
		for (i = 0; i < n; i++)
			fprintf(f, "%s%llu", i ? "," : "",
				(unsigned long long)(run[i] / 1000));
		fputc('\n', f);
	}
	free(run);
}

int write_stats(const struct trace *tr, FILE *f)
{
	uint64_t us = 0;
	long stretches = 0, longs = 0, in_core = 0, across = 0;
	struct tv_slice *s;
	int i, j;

	for (i = 0; i < tr->nrq; i++)
		if (rq_idle_wait(tr, &tr->rq[i], &us, &stretches, &longs, f))
			return -1;
	fprintf(f, "stats: %s idle_beside_waiting_ms=%.1f stretches=%ld "
		"long_stretches=%ld\n", tr->source, (double)us / 1000.0,
		stretches, longs);

	s = malloc(sizeof(*s) * (size_t)(tr->nslice + 1));
	if (!s)
		return -1;
	if (tr->nslice) {
		memcpy(s, tr->slice, sizeof(*s) * (size_t)tr->nslice);
		qsort(s, (size_t)tr->nslice, sizeof(*s), by_task_time);
	}
	for (i = 1; i < tr->nslice; i++) {
		if (s[i].task != s[i - 1].task || s[i].cpu == s[i - 1].cpu ||
		    tr->task[s[i].task].pid <= 0)
			continue;
		if (model_rq_of(tr, s[i].cpu) == model_rq_of(tr, s[i - 1].cpu))
			in_core++;
		else
			across++;
	}
	free(s);
	fprintf(f, "stats: %s hops_in_core=%ld hops_across_cores=%ld\n",
		tr->source, in_core, across);

	/* One line per name, at its first task. */
	for (i = 0; i < tr->ntask; i++) {
		if (!tr->task[i].comm[0])
			continue;
		for (j = 0; j < i; j++)
			if (!strcmp(tr->task[j].comm, tr->task[i].comm))
				break;
		if (j == i)
			comm_line(tr, i, f);
	}
	return ferror(f) ? -1 : 0;
}
