/*
 * top - a live view of the CPUs and the busiest tasks.
 *
 *   top [-b] [N] [ms]   N refreshes (0 or none: until 'q'), every ms
 *                       (default 1000); -b: no screen clearing (logs)
 *
 * Each refresh takes a snapshot and shows what changed since the previous
 * one: per CPU the share of ticks it was busy, context switches per
 * second and the tasks that moved in (and why); per task the share of a
 * CPU it got (its ticks against the ticks its CPU counted). Waiting uses
 * poll() on the console so 'q' is seen at once; a kernel without poll()
 * gets plain sleeps and 5 refreshes by default.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "stat.h"

#define TOP_TASKS	16	/* task lines shown */

static uint32_t prev_run_ticks(const struct snap *p, int32_t pid)
{
	for (int i = 0; i < p->ntask; i++)
		if (p->task[i].pid == pid)
			return p->task[i].run_ticks;
	return 0;
}

static const struct schedstat_cpu *prev_cpu(const struct snap *p, uint32_t cpu)
{
	for (int i = 0; i < p->ncpu; i++)
		if (p->cpu[i].cpu == cpu)
			return &p->cpu[i];
	return NULL;
}

/*
 * The ticks CPU cpu counted since the last refresh: a task's share is its
 * ticks against those of the CPU it is on, counted rather than computed
 * from the time, because under QEMU TCG a busy vCPU misses timer
 * interrupts (20-35%, arch/x86/timer.c) and run_ticks only counts the
 * ones that arrived. Never 0.
 */
static uint32_t cpu_ticks(const struct snap *s, const struct snap *p, uint32_t cpu)
{
	const struct schedstat_cpu *o = prev_cpu(p, cpu), *c = prev_cpu(s, cpu);
	uint32_t n;

	if (!o || !c)
		return 1;
	n = c->busy_ticks - o->busy_ticks + c->idle_ticks - o->idle_ticks;
	return n ? n : 1;
}

static void show(const struct snap *s, const struct snap *p, int batch, int n, int total)
{
	uint64_t dus = s->sum.uptime_us - p->sum.uptime_us;
	uint32_t *delta, *order;
	int i, j;

	if (!dus)
		dus = 1;
	if (!batch)
		printf("\033[H\033[2J");
	printf("top: up %llu.%01llu s, %u tasks, %u running, %llu switches/s  [%d/%s%d]%s\n",
	       (unsigned long long)(s->sum.uptime_us / 1000000u),
	       (unsigned long long)(s->sum.uptime_us / 100000u % 10),
	       s->sum.nr_tasks, s->sum.nr_running,
	       (unsigned long long)((s->sum.switches - p->sum.switches) * 1000000u / dus),
	       n, total ? "" : "~", total, batch ? "" : "  q quits");
	printf("CPU NODE  RQ BUSY%%  SW/s CURR  in: local node active exec wake affin\n");
	for (i = 0; i < s->ncpu; i++) {
		const struct schedstat_cpu *c = &s->cpu[i], *o = prev_cpu(p, c->cpu);
		struct schedstat_cpu z = { 0 };
		uint32_t busy, idle;

		if (!o)
			o = &z;
		busy = c->busy_ticks - o->busy_ticks;
		idle = c->idle_ticks - o->idle_ticks;
		printf("%3u %4u %3u %4u%% %5llu %4d %9u %4u %6u %4u %4u %5u\n", c->cpu, c->node,
		       c->rq, busy + idle ? busy * 100 / (busy + idle) : 0,
		       (unsigned long long)((uint64_t)(c->switches - o->switches) * 1000000u / dus),
		       c->idle ? 0 : c->curr_pid,
		       c->local_moves_in - o->local_moves_in,
		       c->node_moves_in - o->node_moves_in,
		       c->active_moves_in - o->active_moves_in,
		       c->exec_moves - o->exec_moves,
		       c->wake_moves_in - o->wake_moves_in,
		       c->affinity_moves_in - o->affinity_moves_in);
	}

	/* Tasks by CPU ticks used since the last refresh (selection sort:
	 * a few dozen tasks). */
	delta = calloc((size_t)s->ntask + 1, sizeof(*delta));
	order = calloc((size_t)s->ntask + 1, sizeof(*order));
	if (!delta || !order)
		goto out;
	for (i = 0; i < s->ntask; i++) {
		delta[i] = s->task[i].run_ticks - prev_run_ticks(p, s->task[i].pid);
		order[i] = (uint32_t)i;
	}
	for (i = 0; i < s->ntask; i++)
		for (j = i + 1; j < s->ntask; j++)
			if (delta[order[j]] > delta[order[i]]) {
				uint32_t t = order[i];

				order[i] = order[j];
				order[j] = t;
			}
	printf("  PID S  POLICY PRI NICE CPU NODE %%CPU SLEEP NAME\n");
	for (i = 0, j = 0; i < s->ntask && j < TOP_TASKS; i++) {
		const struct schedstat_task *t = &s->task[order[i]];

		if (t->flags & SCHEDSTAT_TASK_IDLE)
			continue;
		j++;
		printf("%5d %c %6s %3u %4d %3u %4u %3u%% %5u %s%s\n", t->pid, (char)t->state,
		       policy_name(t->policy), t->prio,
		       t->policy == SCHED_NORMAL ? (int)t->static_prio - 120 : 0,
		       t->cpu, t->node, delta[order[i]] * 100 / cpu_ticks(s, p, t->cpu),
		       t->sleep_avg,
		       t->name, (t->flags & SCHEDSTAT_TASK_KTHREAD) ? " [k]" : "");
	}
out:
	free(delta);
	free(order);
}

int main(int argc, char **argv)
{
	struct snap a = { 0 }, b = { 0 }, *cur = &a, *prev = &b, *t;
	int batch = 0, n = 0, ms = 1000, i = 1, k, use_poll;
	const int parts = SNAP_CPUS | SNAP_TASKS;

	if (i < argc && !strcmp(argv[i], "-b")) {
		batch = 1;
		i++;
	}
	if (i < argc)
		n = atoi(argv[i++]);
	if (i < argc)
		ms = atoi(argv[i++]);
	if (n < 0 || ms < 10) {
		printf("usage: top [-b] [N] [ms >= 10]\n");
		return 2;
	}
	use_poll = poll1(STDIN_FILENO, 0) != -ENOSYS;
	if (!use_poll && n == 0)
		n = 5;
	if (snap_take(prev, parts, "top"))
		return 1;
	for (k = 1; n == 0 || k <= n; k++) {
		if (use_poll) {
			char c = 0;

			if (poll1(STDIN_FILENO, ms) > 0 && read(STDIN_FILENO, &c, 1) == 1 &&
			    (c == 'q' || c == 'Q' || c == 3))
				break;
		} else {
			sleep_ms((unsigned int)ms);
		}
		if (snap_take(cur, parts, "top"))
			return 1;
		show(cur, prev, batch, k, n);
		t = prev;
		prev = cur;
		cur = t;
	}
	snap_free(&a);
	snap_free(&b);
	return 0;
}
