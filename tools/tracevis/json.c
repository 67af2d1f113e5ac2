/*
 * json.c - the model as Chrome trace-event JSON ("JSON Object Format" of the
 * Trace Event Format document), which Perfetto and chrome://tracing open.
 *
 * Lanes: one "process" per NUMA node, one "thread" per CPU, named
 * "cpu3 (core 1, thread 1)" and sorted node -> core -> SMT thread. Trace
 * pids and tids are node + 1 and cpu + 1: Perfetto treats pid/tid 0 as the
 * kernel's idle task and would merge the lane of node 0 / CPU 0 into it.
 *
 *   "X"  a task's slice on a CPU (name = comm, args.pid = its pid)
 *   "i"  wakeup (on the target CPU), fork, exec, exit, balance, lost events
 *   "s"/"f" a flow arrow for each migration, from the old CPU to the new
 *   "C"  a counter per runqueue: its length (model.h), under its node
 *   "M"  process/thread names and sort order
 * Timestamps are microseconds, as the format wants.
 */
#include <stdio.h>
#include <string.h>
#include "model.h"
#include "writers.h"

/* A JSON string (quotes included). */
static void jstr(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20 || c >= 0x7f)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static const char *comm_of(const struct trace *tr, int pid, char *buf, size_t len)
{
	int i = trace_find(tr, pid);

	if (i >= 0 && tr->task[i].comm[0])
		snprintf(buf, len, "%s", tr->task[i].comm);
	else
		snprintf(buf, len, "pid %d", pid);
	return buf;
}

#define PID(tr, c)	((tr)->topo.cpu[(c)].node + 1)
#define TID(c)		((c) + 1)

/* Every record after the first is preceded by ",\n". */
static void rec(FILE *f, int *n)
{
	fputs(*n ? ",\n" : "\n", f);
	(*n)++;
}

static void meta(FILE *f, int *n, const struct trace *tr)
{
	int node, i;
	unsigned char has_node[MAX_NODES] = { 0 };

	for (i = 0; i < tr->nlanes; i++) {
		node = tr->topo.cpu[tr->lane[i]].node;
		if (node >= 0 && node < MAX_NODES)
			has_node[node] = 1;
	}
	for (node = 0; node < MAX_NODES; node++) {
		if (!has_node[node])
			continue;
		rec(f, n);
		fprintf(f, "{\"name\":\"process_name\",\"ph\":\"M\",\"ts\":0,\"pid\":%d,"
			"\"args\":{\"name\":\"node %d\"}}", node + 1, node);
		rec(f, n);
		fprintf(f, "{\"name\":\"process_sort_index\",\"ph\":\"M\",\"ts\":0,\"pid\":%d,"
			"\"args\":{\"sort_index\":%d}}", node + 1, node);
	}
	for (i = 0; i < tr->nlanes; i++) {
		int cpu = tr->lane[i];
		char name[64];

		lane_name(tr, cpu, name, sizeof(name));
		rec(f, n);
		fprintf(f, "{\"name\":\"thread_name\",\"ph\":\"M\",\"ts\":0,\"pid\":%d,"
			"\"tid\":%d,\"args\":{\"name\":", PID(tr, cpu), TID(cpu));
		jstr(f, name);
		fputs("}}", f);
		rec(f, n);
		fprintf(f, "{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"ts\":0,\"pid\":%d,"
			"\"tid\":%d,\"args\":{\"sort_index\":%d}}", PID(tr, cpu),
			TID(cpu), i);
	}
}

static void instant(FILE *f, int *n, const struct trace *tr, const struct tv_event *e,
		    int cpu, const char *name, const char *cat)
{
	rec(f, n);
	fputs("{\"name\":", f);
	jstr(f, name);
	fprintf(f, ",\"cat\":\"%s\",\"ph\":\"i\",\"s\":\"t\",\"ts\":%llu,"
		"\"pid\":%d,\"tid\":%d,\"args\":{\"pid\":%d,\"a\":%d,\"b\":%d",
		cat, (unsigned long long)e->t, PID(tr, cpu), TID(cpu), e->pid,
		e->a, e->b);
	if (e->why[0]) {
		fputs(",\"why\":", f);
		jstr(f, e->why);
	}
	fputs("}}", f);
}

static void events(FILE *f, int *n, const struct trace *tr)
{
	char name[96], comm[TV_COMM_LEN + 8];
	int i, flow = 0;

	for (i = 0; i < tr->nev; i++) {
		const struct tv_event *e = &tr->ev[i];

		switch (e->ev) {
		case TV_WAKEUP:
			snprintf(name, sizeof(name), "wakeup %s",
				 comm_of(tr, e->pid, comm, sizeof(comm)));
			instant(f, n, tr, e, e->a, name, "wakeup");
			break;
		case TV_MIGRATE:
			snprintf(name, sizeof(name), "migrate %s %d->%d %s",
				 comm_of(tr, e->pid, comm, sizeof(comm)), e->a, e->b,
				 e->why);
			instant(f, n, tr, e, e->b, name, "migrate");
			flow++;
			rec(f, n);
			fprintf(f, "{\"name\":\"migrate\",\"cat\":\"migrate\",\"ph\":\"s\","
				"\"id\":%d,\"ts\":%llu,\"pid\":%d,\"tid\":%d}", flow,
				(unsigned long long)e->t, PID(tr, e->a), TID(e->a));
			rec(f, n);
			fprintf(f, "{\"name\":\"migrate\",\"cat\":\"migrate\",\"ph\":\"f\","
				"\"bp\":\"e\",\"id\":%d,\"ts\":%llu,\"pid\":%d,\"tid\":%d}",
				flow, (unsigned long long)e->t, PID(tr, e->b), TID(e->b));
			break;
		case TV_FORK:
			snprintf(name, sizeof(name), "fork %s -> %d",
				 comm_of(tr, e->pid, comm, sizeof(comm)), e->a);
			instant(f, n, tr, e, e->cpu, name, "fork");
			break;
		case TV_EXEC:
			snprintf(name, sizeof(name), "exec %s", e->comm);
			instant(f, n, tr, e, e->cpu, name, "exec");
			break;
		case TV_EXIT:
			snprintf(name, sizeof(name), "exit %s",
				 comm_of(tr, e->pid, comm, sizeof(comm)));
			instant(f, n, tr, e, e->cpu, name, "exit");
			break;
		case TV_BALANCE:
			snprintf(name, sizeof(name), "balance moved %d", e->a);
			instant(f, n, tr, e, e->cpu, name, "balance");
			break;
		case TV_LOST:
			rec(f, n);
			fprintf(f, "{\"name\":\"lost %d events on cpu%d\",\"cat\":"
				"\"lost\",\"ph\":\"i\",\"s\":\"g\",\"ts\":%llu,"
				"\"pid\":%d,\"tid\":%d}", e->a, e->cpu,
				(unsigned long long)(e->t ? e->t : tr->t0),
				PID(tr, e->cpu), TID(e->cpu));
			break;
		default:
			break;
		}
	}
}

static void slices(FILE *f, int *n, const struct trace *tr)
{
	int i;

	for (i = 0; i < tr->nslice; i++) {
		const struct tv_slice *s = &tr->slice[i];
		const struct tv_task *p = &tr->task[s->task];
		char name[TV_COMM_LEN + 16];

		if (p->comm[0])
			snprintf(name, sizeof(name), "%s", p->comm);
		else
			snprintf(name, sizeof(name), "pid %d", p->pid);
		rec(f, n);
		fputs("{\"name\":", f);
		jstr(f, name);
		fprintf(f, ",\"cat\":\"task\",\"ph\":\"X\",\"ts\":%llu,\"dur\":%llu,"
			"\"pid\":%d,\"tid\":%d,\"args\":{\"pid\":%d,\"comm\":",
			(unsigned long long)s->start,
			(unsigned long long)(s->end - s->start), PID(tr, s->cpu),
			TID(s->cpu), p->pid);
		jstr(f, p->comm);
		fputs("}}", f);
	}
}

static void counters(FILE *f, int *n, const struct trace *tr)
{
	int r, i;

	for (r = 0; r < tr->nrq; r++) {
		const struct tv_rq *q = &tr->rq[r];
		int cpu = first_cpu(q->cpus);

		for (i = 0; i < q->n; i++) {
			rec(f, n);
			fprintf(f, "{\"name\":\"rq%d length\",\"ph\":\"C\",\"ts\":%llu,"
				"\"pid\":%d,\"args\":{\"tasks\":%d}}", q->id,
				(unsigned long long)q->s[i].t, PID(tr, cpu), q->s[i].len);
		}
	}
}

int write_json(const struct trace *tr, FILE *f)
{
	int n = 0;

	fputs("{\"displayTimeUnit\":\"ms\",\"otherData\":{\"source\":", f);
	jstr(f, tr->source);
	fprintf(f, ",\"format\":\"%s\"},\n\"traceEvents\":[",
		tr->format == TV_FMT_FTRACE ? "ftrace" : "ours");
	meta(f, &n, tr);
	slices(f, &n, tr);
	events(f, &n, tr);
	counters(f, &n, tr);
	fputs("\n]}\n", f);
	return ferror(f) ? -1 : 0;
}
