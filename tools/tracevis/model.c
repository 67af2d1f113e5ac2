/*
 * model.c - events in, pictures' material out: slices, runqueue lengths,
 * lanes, colours (see model.h for the runqueue-length model).
 *
 * Our kernel dumps one ring buffer per CPU after another, so events arrive
 * grouped by CPU: model_finish() sorts them by time (input order breaks
 * ties) before replaying. Events are trusted only as far as they agree:
 * a switch names prev, but the slice closed is the one the CPU was really
 * running in the replay, and a task switched in on one CPU while an older
 * slice is open on another (an event was lost) ends that slice there.
 */
#include <stdlib.h>
#include <string.h>
#include "model.h"
#include "writers.h"

const char *const tv_ev_name[TV_NR_EV] = {
	[TV_SWITCH] = "switch", [TV_WAKEUP] = "wakeup", [TV_MIGRATE] = "migrate",
	[TV_FORK] = "fork", [TV_EXEC] = "exec", [TV_EXIT] = "exit",
	[TV_BALANCE] = "balance", [TV_LOST] = "lost",
};

/* Sasha Trubetskoy's "20 distinct colours" minus white, black and beige,
 * plus one dark teal: each pair tells apart on a screen at slice size. */
const char *const tv_palette[TV_PALETTE_N] = {
	"#e6194b", "#3cb44b", "#4363d8", "#f58231", "#911eb4",
	"#42d4f4", "#f032e6", "#bfef45", "#469990", "#9a6324",
	"#800000", "#808000", "#000075", "#ffe119", "#fabed4",
	"#dcbeff", "#aaffc3", "#ffd8b1", "#a9a9a9", "#1b9e77",
};
const char *const tv_palette_text[TV_PALETTE_N] = {
	"#fff", "#000", "#fff", "#000", "#fff",
	"#000", "#fff", "#000", "#fff", "#fff",
	"#fff", "#fff", "#fff", "#000", "#000",
	"#000", "#000", "#000", "#000", "#fff",
};

#define HASH(pid)	(((unsigned)(pid) * 2654435761u) >> 22)	/* 0..1023 */

void trace_init(struct trace *tr, const char *source)
{
	int i;

	memset(tr, 0, sizeof(*tr));
	tr->source = source;
	for (i = 0; i < 1024; i++)
		tr->hash[i] = -1;
	topo_default_distances(&tr->topo);
}

void trace_free(struct trace *tr)
{
	int i;

	for (i = 0; i < tr->nrq; i++)
		free(tr->rq[i].s);
	free(tr->ev);
	free(tr->task);
	free(tr->slice);
	memset(tr, 0, sizeof(*tr));
}

/* Grow *p (n used, *cap allocated, elements of size sz) to hold one more. */
static int grow(void **p, int n, int *cap, size_t sz)
{
	void *q;
	int c;

	if (n < *cap)
		return 0;
	c = *cap ? *cap * 2 : 64;
	q = realloc(*p, (size_t)c * sz);
	if (!q)
		return -1;
	*p = q;
	*cap = c;
	return 0;
}

int trace_add(struct trace *tr, const struct tv_event *e)
{
	if (grow((void **)&tr->ev, tr->nev, &tr->evcap, sizeof(*e)))
		return -1;
	tr->ev[tr->nev] = *e;
	tr->ev[tr->nev].seq = (uint32_t)tr->nev;
	tr->nev++;
	/* Every CPU an event names gets a lane, even one that recorded
	 * nothing: arrows and queues need somewhere to point. */
	if (e->ev != TV_LOST)
		cpu_set(e->cpu, tr->used_cpus);
	if (e->ev == TV_WAKEUP)
		cpu_set(e->a, tr->used_cpus);
	if (e->ev == TV_MIGRATE)
		cpu_set(e->a, tr->used_cpus), cpu_set(e->b, tr->used_cpus);
	if (e->ev == TV_FORK)
		cpu_set(e->b, tr->used_cpus);
	return 0;
}

void trace_malformed(struct trace *tr, long lineno, const char *line, const char *why)
{
	char *q;

	tr->malformed++;
	if (tr->nquoted == TV_MAX_QUOTED)
		return;
	q = tr->quoted[tr->nquoted++];
	snprintf(q, sizeof(tr->quoted[0]), "line %ld (%s): %.100s", lineno, why, line);
	for (; *q; q++)		/* a binary file's bytes stay off the terminal */
		if ((unsigned char)*q < ' ' || (unsigned char)*q > '~')
			*q = '?';
}

int trace_find(const struct trace *tr, int pid)
{
	int i;

	for (i = tr->hash[HASH(pid)]; i >= 0; i = tr->task[i].next)
		if (tr->task[i].pid == pid)
			return i;
	return -1;
}

int trace_task(struct trace *tr, int pid)
{
	unsigned h = HASH(pid);
	int i;

	for (i = tr->hash[h]; i >= 0; i = tr->task[i].next)
		if (tr->task[i].pid == pid)
			return i;
	if (grow((void **)&tr->task, tr->ntask, &tr->taskcap, sizeof(*tr->task)))
		return -1;
	i = tr->ntask++;
	memset(&tr->task[i], 0, sizeof(tr->task[i]));
	tr->task[i].pid = pid;
	tr->task[i].rq = tr->task[i].cpu = -1;
	tr->task[i].next = tr->hash[h];
	tr->hash[h] = i;
	return i;
}

void trace_name(struct trace *tr, int pid, const char *comm, int overwrite)
{
	int i;

	if (pid <= 0 || !comm[0] || (i = trace_task(tr, pid)) < 0)
		return;
	if (overwrite || !tr->task[i].comm[0])
		snprintf(tr->task[i].comm, sizeof(tr->task[i].comm), "%s", comm);
}

int model_rq_of(const struct trace *tr, int cpu)
{
	return tr->topo.cpu[cpu].rq;
}

int model_rq_index(const struct trace *tr, int id)
{
	int i;

	for (i = 0; i < tr->nrq; i++)
		if (tr->rq[i].id == id)
			return i;
	return -1;
}

static int by_time(const void *a, const void *b)
{
	const struct tv_event *x = a, *y = b;

	if (x->t != y->t)
		return x->t < y->t ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static const struct topology *lane_topo;

static int by_place(const void *a, const void *b)
{
	const struct cpu_topo *x = &lane_topo->cpu[*(const int *)a];
	const struct cpu_topo *y = &lane_topo->cpu[*(const int *)b];

	if (x->node != y->node)
		return x->node - y->node;
	if (x->package != y->package)
		return x->package - y->package;
	if (x->core != y->core)
		return x->core - y->core;
	if (x->thread != y->thread)
		return x->thread - y->thread;
	return *(const int *)a - *(const int *)b;
}

/* Lanes and runqueues from the topo: lines; CPUs they miss (or all of
 * them, without topo: lines) get a core and a runqueue of their own. */
static void build_lanes(struct trace *tr)
{
	cpumask_t all = cpumask_or_of(tr->topo_cpus, tr->used_cpus);
	int cpu, i;

	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		struct cpu_topo *c = &tr->topo.cpu[cpu];

		if (!cpu_isset(cpu, all))
			continue;
		if (!cpu_isset(cpu, tr->topo_cpus)) {
			c->package = 0;
			c->core = TV_CORE_UNKNOWN + cpu;
			c->thread = 0;
			c->node = 0;
			c->rq = cpu;
		}
		if (!cpu_isset(c->rq, all))
			c->rq = cpu;	/* rq= names a CPU we do not have */
		if (cpu + 1 > tr->topo.ncpus)
			tr->topo.ncpus = cpu + 1;
		tr->lane[tr->nlanes++] = cpu;
	}
	if (tr->topo.nnodes < 1)
		tr->topo.nnodes = 1;
	topo_build_maps(&tr->topo);
	lane_topo = &tr->topo;
	if (tr->nlanes)
		qsort(tr->lane, (size_t)tr->nlanes, sizeof(tr->lane[0]), by_place);

	for (i = 0; i < tr->nlanes; i++) {
		int id = tr->topo.cpu[tr->lane[i]].rq, r = model_rq_index(tr, id);

		if (r < 0) {
			r = tr->nrq++;
			memset(&tr->rq[r], 0, sizeof(tr->rq[r]));
			tr->rq[r].id = id;
		}
		cpu_set(tr->lane[i], tr->rq[r].cpus);
	}
}

static int sample(struct tv_rq *q, uint64_t t)
{
	if (q->n && q->s[q->n - 1].t == t) {
		q->s[q->n - 1].len = q->len;
	} else {
		if (grow((void **)&q->s, q->n, &q->cap, sizeof(*q->s)))
			return -1;
		q->s[q->n].t = t;
		q->s[q->n++].len = q->len;
	}
	if (q->len > q->max)
		q->max = q->len;
	return 0;
}

/* Move task k's count to runqueue id (-1: none) at time t. */
static int set_rq(struct trace *tr, int k, int id, uint64_t t)
{
	struct tv_task *p = &tr->task[k];
	int from = p->rq >= 0 ? model_rq_index(tr, p->rq) : -1;
	int to = id >= 0 ? model_rq_index(tr, id) : -1;

	if (p->rq == id)
		return 0;
	p->rq = id;
	if (from >= 0) {
		tr->rq[from].len--;
		if (sample(&tr->rq[from], t))
			return -1;
	}
	if (to >= 0) {
		tr->rq[to].len++;
		if (sample(&tr->rq[to], t))
			return -1;
	}
	return 0;
}

static int add_slice(struct trace *tr, int k, int cpu, uint64_t start, uint64_t end)
{
	struct tv_slice *s;

	tr->task[k].cpu = -1;
	if (end <= start)
		return 0;
	if (grow((void **)&tr->slice, tr->nslice, &tr->slicecap, sizeof(*s)))
		return -1;
	s = &tr->slice[tr->nslice++];
	s->start = start;
	s->end = end;
	s->cpu = cpu;
	s->task = k;
	tr->task[k].run_us += end - start;
	return 0;
}

struct replay {
	int cur[NR_CPUS];		/* task running, or -1 */
	uint64_t since[NR_CPUS];
	unsigned char seen[NR_CPUS];	/* a switch happened there */
};

static int do_switch(struct trace *tr, struct replay *r, const struct tv_event *e)
{
	int cpu = e->cpu, prev = -1, next = -1;

	if (r->cur[cpu] >= 0) {
		prev = r->cur[cpu];
		if (add_slice(tr, prev, cpu, r->since[cpu], e->t))
			return -1;
	} else if (!r->seen[cpu] && e->a > 0) {
		/* The first switch: prev ran since the trace began. */
		if ((prev = trace_task(tr, e->a)) < 0 ||
		    add_slice(tr, prev, cpu, tr->t0, e->t))
			return -1;
	}
	r->seen[cpu] = 1;
	r->cur[cpu] = -1;
	if (prev < 0 && e->a > 0 && (prev = trace_task(tr, e->a)) < 0)
		return -1;
	if (prev >= 0 && tr->task[prev].pid == e->a &&
	    ((e->state != 'R' && e->state != '+') || tr->task[prev].exited))
		if (set_rq(tr, prev, -1, e->t))
			return -1;
	if (e->pid > 0) {
		if ((next = trace_task(tr, e->pid)) < 0)
			return -1;
		if (tr->task[next].cpu >= 0 && tr->task[next].cpu != cpu) {
			int other = tr->task[next].cpu;

			if (add_slice(tr, next, other, r->since[other], e->t))
				return -1;
			r->cur[other] = -1;
		}
		r->cur[cpu] = next;
		r->since[cpu] = e->t;
		tr->task[next].cpu = cpu;
		if (set_rq(tr, next, model_rq_of(tr, cpu), e->t))
			return -1;
	}
	return 0;
}

static int replay_one(struct trace *tr, struct replay *r, const struct tv_event *e)
{
	int k;

	switch (e->ev) {
	case TV_SWITCH:
		return do_switch(tr, r, e);
	case TV_WAKEUP:
		if (e->pid <= 0 || (k = trace_task(tr, e->pid)) < 0)
			return e->pid <= 0 ? 0 : -1;
		tr->task[k].exited = 0;
		return set_rq(tr, k, model_rq_of(tr, e->a), e->t);
	case TV_MIGRATE:
		if (e->pid <= 0 || (k = trace_task(tr, e->pid)) < 0)
			return e->pid <= 0 ? 0 : -1;
		/* A sleeping task placed on a new CPU is queued by its wakeup. */
		if (tr->task[k].rq >= 0)
			return set_rq(tr, k, model_rq_of(tr, e->b), e->t);
		return 0;
	case TV_FORK:
		if (e->a <= 0 || (k = trace_task(tr, e->a)) < 0)
			return e->a <= 0 ? 0 : -1;
		return set_rq(tr, k, model_rq_of(tr, e->b), e->t);
	case TV_EXIT:
		if (e->pid <= 0 || (k = trace_task(tr, e->pid)) < 0)
			return e->pid <= 0 ? 0 : -1;
		tr->task[k].exited = 1;
		if (tr->task[k].cpu < 0)
			return set_rq(tr, k, -1, e->t);
		return 0;
	case TV_LOST:
		tr->lost[e->cpu] += (uint64_t)e->a;
		return 0;
	default:
		return 0;
	}
}

/* Colours: a stable hash of the pid picks the palette slot; while free
 * slots remain, a taken one moves on to the next free, so up to
 * TV_PALETTE_N tasks never share a colour (assigned in pid order, so the
 * same trace always gets the same colours). */
static int by_pid(const void *a, const void *b)
{
	return (*(const struct tv_task *const *)a)->pid -
	       (*(const struct tv_task *const *)b)->pid;
}

static int assign_colors(struct trace *tr)
{
	struct tv_task **v = malloc(sizeof(*v) * (size_t)(tr->ntask + 1));
	int used[TV_PALETTE_N] = { 0 }, nused = 0, i;

	if (!v)
		return -1;
	for (i = 0; i < tr->ntask; i++)
		v[i] = &tr->task[i];
	if (tr->ntask)
		qsort(v, (size_t)tr->ntask, sizeof(*v), by_pid);
	for (i = 0; i < tr->ntask; i++) {
		int c = (int)(((unsigned)v[i]->pid * 2654435761u) >> 8) % TV_PALETTE_N;

		if (!v[i]->run_us)
			continue;	/* never drawn: keep the free colours */
		while (nused < TV_PALETTE_N && used[c])
			c = (c + 1) % TV_PALETTE_N;
		if (!used[c]++)
			nused++;
		v[i]->color = c;
	}
	free(v);
	return 0;
}

int model_finish(struct trace *tr)
{
	struct replay r;
	int i, first = 1;

	if (tr->nev)
		qsort(tr->ev, (size_t)tr->nev, sizeof(*tr->ev), by_time);
	for (i = 0; i < tr->nev; i++) {
		if (tr->ev[i].ev == TV_LOST)
			continue;
		if (first)
			tr->t0 = tr->ev[i].t;
		tr->t1 = tr->ev[i].t;
		first = 0;
	}
	build_lanes(tr);
	for (i = 0; i < tr->nrq; i++)
		if (sample(&tr->rq[i], tr->t0))
			return -1;
	for (i = 0; i < NR_CPUS; i++)
		r.cur[i] = -1;
	memset(r.seen, 0, sizeof(r.seen));
	for (i = 0; i < tr->nev; i++)
		if (replay_one(tr, &r, &tr->ev[i]))
			return -1;
	for (i = 0; i < NR_CPUS; i++)
		if (r.cur[i] >= 0 && add_slice(tr, r.cur[i], i, r.since[i], tr->t1))
			return -1;
	for (i = 0; i < tr->nrq; i++)
		if (sample(&tr->rq[i], tr->t1))
			return -1;
	return assign_colors(tr);
}

void model_report(const struct trace *tr, FILE *f)
{
	uint64_t lost = 0;
	int i, ncpu = 0;

	for (i = 0; i < NR_CPUS; i++)
		if (tr->lost[i]) {
			lost += tr->lost[i];
			ncpu++;
		}
	fprintf(f, "tracevis: %s: %ld lines, %d events, %d tasks, %d CPUs, "
		"%d runqueues, %.3f ms\n", tr->source, tr->lines, tr->nev,
		tr->ntask, tr->nlanes, tr->nrq, (double)(tr->t1 - tr->t0) / 1000.0);
	if (!tr->have_topo)
		fprintf(f, "tracevis: %s: no topo: lines; one lane per CPU, "
			"ungrouped\n", tr->source);
	if (tr->event_runs > 1)
		fprintf(f, "tracevis: %s: %d traces in the file (each topo: report "
			"after events starts one); drew number %d (--run N)\n",
			tr->source, tr->runs + 1, tr->want_run ? tr->want_run : 1);
	if (tr->want_run > tr->runs + 1)
		fprintf(f, "tracevis: %s: there is no trace number %d\n", tr->source,
			tr->want_run);
	if (tr->malformed) {
		fprintf(f, "tracevis: %s: %ld malformed lines skipped\n",
			tr->source, tr->malformed);
		for (i = 0; i < tr->nquoted; i++)
			fprintf(f, "tracevis:   %s\n", tr->quoted[i]);
	}
	if (tr->unknown_ev)
		fprintf(f, "tracevis: %s: %ld events of unknown kind skipped\n",
			tr->source, tr->unknown_ev);
	if (lost)
		fprintf(f, "tracevis: %s: %llu events lost on %d CPUs\n",
			tr->source, (unsigned long long)lost, ncpu);
}

void lane_name(const struct trace *tr, int cpu, char *buf, size_t len)
{
	const struct cpu_topo *c = &tr->topo.cpu[cpu];

	if (c->core >= TV_CORE_UNKNOWN)
		snprintf(buf, len, "cpu%d", cpu);
	else
		snprintf(buf, len, "cpu%d (core %d, thread %d)", cpu, c->core,
			 c->thread);
}
