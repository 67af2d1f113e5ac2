/*
 * report.c - what happened, in numbers: one `sim: task` line per task (CPU
 * time, wait, work done, wakeup latency, migrations by kind), the `stat:`
 * lines (docs/formats.md) per CPU, and each CPU's idle time beside waiting
 * tasks. The lines carry no "# " so they stay in the suite's log.
 */
#include <string.h>
#include "sim.h"

static FILE *topo_out;

static void emit_topo(const char *line)
{
	fprintf(topo_out, "%s\n", line);
}

void sim_report(const struct sim *s, FILE *out)
{
	char buf[256];
	int i, cpu;

	fprintf(out, "sim: scenario=%s topo=%s duration_ms=%lu ops=%lu "
		"violations=%lu switches=%lu ipis=%lu\n", s->sc->name,
		s->topo_name, s->sc->duration, s->ops, s->violations,
		sim_switches, sim_ipis_sent);
	topo_out = out;
	topo_report(&s->topo, emit_topo);
	for (i = 0; i < s->ntasks; i++) {
		const struct sim_task *st = &s->tasks[i];

		cpulist_format(buf, sizeof(buf), st->ran_on);
		fprintf(out, "sim: task %s pid=%d cpu_ms=%lu wait_ms=%lu "
			"work_ms=%.1f lat_max=%lu lat_avg=%.1f expired_max=%lu "
			"local=%lu node=%lu active=%lu exec=%lu affinity=%lu "
			"wake=%lu cross_node=%lu ran_on=%s exec_cpu=%d cpu=%d%s\n",
			st->name, st->t.pid, st->cpu_ticks, st->wait_ticks,
			st->work, st->lat_max,
			st->lat_n ? (double)st->lat_sum / st->lat_n : 0.0,
			st->expired_max, st->moves[SCHED_MOVE_LOCAL],
			st->moves[SCHED_MOVE_NODE], st->moves[SCHED_MOVE_ACTIVE],
			st->moves[SCHED_MOVE_EXEC], st->moves[SCHED_MOVE_AFFINITY],
			st->moves[SCHED_MOVE_WAKE], st->cross_node, buf,
			st->exec_cpu, task_cpu(&st->t),
			st->alive ? "" : " exited");
	}
	for (cpu = 0; cpu < s->topo.ncpus; cpu++) {
		sched_stat_format(cpu, buf, sizeof(buf));
		fprintf(out, "%s\n", buf);
	}
	for (cpu = 0; cpu < s->topo.ncpus; cpu++) {
		const runqueue_t *rq = cpu_rq(cpu);

		if (rq->id != cpu)
			continue;
		fprintf(out, "sim: rq=%d node=%d cpus=%d nr_running=%lu "
			"switches=%lu starving=%lu\n", rq->id, rq->node, rq->nr_cpus,
			rq->nr_running, rq->nr_switches, rq->nr_starving);
	}
	for (cpu = 0; cpu < s->topo.ncpus; cpu++)
		fprintf(out, "sim: cpu=%d idle_wait_node_ms=%lu idle_wait_any_ms=%lu\n",
			cpu, s->idle_wait_node[cpu], s->idle_wait_any[cpu]);
}

void sim_summary(const struct sim *s, const char *label, FILE *out)
{
	unsigned long cpu = 0, wait = 0, cross = 0, moves = 0, idle_wait = 0;
	unsigned long last_exit = 0;
	double work = 0;
	int i, k, exited = 0;

	for (i = 0; i < s->ntasks; i++) {
		const struct sim_task *st = &s->tasks[i];

		work += st->work;
		cpu += st->cpu_ticks;
		wait += st->wait_ticks;
		cross += st->cross_node;
		for (k = 0; k < SCHED_MOVE_NR; k++)
			moves += st->moves[k];
		if (st->zombie) {
			exited++;
			if (st->exited > last_exit)
				last_exit = st->exited;
		}
	}
	for (i = 0; i < s->topo.ncpus; i++)
		idle_wait += s->idle_wait_node[i];
	fprintf(out, "summary: scenario=%s topo=%s config=%s work_ms=%.0f "
		"cpu_ms=%lu wait_ms=%lu moves=%lu cross_node=%lu "
		"idle_wait_ms=%lu exited=%d/%d last_exit_ms=%lu\n", s->sc->name,
		s->topo_name, label, work, cpu, wait, moves, cross, idle_wait,
		exited, s->ntasks, last_exit);
}

/* x events in window ticks, per simulated second (HZ ticks), rounded. */
static unsigned long per_s(unsigned long x, unsigned long window)
{
	return (unsigned long)(((unsigned long long)x * HZ + window / 2) / window);
}

int sim_scale(const struct sim *s, unsigned long window, FILE *out)
{
	const struct sim_counts *a = &s->counts_at_start, *b = &s->counts_at_end;
	unsigned long ticks = b->ticks - a->ticks, scans = b->rq_scans - a->rq_scans;
	unsigned long t;
	int nrq = 0, i;

	if (!b->balances || !ticks)
		return -1;
	for (i = 0; i < s->topo.ncpus; i++)
		nrq += rq_idx(i) == i;
	/* Settled: every runqueue within one task per CPU of its fair share
	 * (rq_dev, engine.c) from tick t to the end of the run. */
	for (t = s->sc->duration; t > 0 && s->rq_dev[t - 1] <= 1.0f; t--)
		;
	fprintf(out, "scale: scenario=%s topo=%s cpus=%d nodes=%d runqueues=%d "
		"tasks=%d window_ms=%lu rq_scans_per_s=%lu rq_locks_per_s=%lu "
		"rq_scans_per_cpu_tick=%.1f active_scans_per_cpu_tick=%.1f "
		"hold_max_scans=%lu settle_ms=",
		s->sc->name, s->topo_name, s->topo.ncpus, s->topo.nnodes, nrq,
		s->ntasks, window, per_s(scans, window),
		per_s(b->rq_locks - a->rq_locks, window),
		(double)scans / (double)ticks,
		(double)(b->active_scans - a->active_scans) / (double)ticks,
		b->hold_max);
	if (t < s->sc->duration)
		fprintf(out, "%lu\n", t);
	else
		fprintf(out, "none\n");
	return 0;
}
