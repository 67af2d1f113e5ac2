/*
 * expect.c - a scenario's assertions, each one TAP line with the numbers
 * measured. Every scenario also gets `sanity`: no violation of the sanity
 * checker (nor of the lock rules, which abort the run) in any operation.
 *
 *   distinct_cores group=G        at the end, G's tasks run on different cores
 *   same_node group=G node=N      G's tasks never ran outside node N
 *   exec_spread group=G max_diff=D  when the last of G exec'd, G's
 *                                 exec'd tasks were spread evenly over
 *                                 the nodes: counts differ by at most D
 *   rq_balance max_diff=D within=MS  from MS on, every runqueue holds its
 *                                 share of the runnable tasks, +-D
 *   share a=G b=H ratio=R|timeslice tol=PCT  CPU time per task of G over
 *                                 that of H is R (or the ratio of their
 *                                 slices) within PCT percent
 *   wake_latency group=G max=MS|timeslice [phase=all]  wakeup to
 *                                 running, after warmup (or all along)
 *   starvation min_events=N       no task waits in an expired array past
 *                                 the EXPIRED_STARVING bound; the bound
 *                                 was hit at least N times
 *   pinned group=G                G's tasks ran only where allowed (and
 *                                 only on repin from repin_at + 2 ms)
 *   moves group=G kind=K min=A max=B  migrations of kind K (local, node,
 *                                 active, exec, affinity, wake, cross)
 *   idle_wait max=MS [scope=node|any]  no CPU idled longer beside a
 *                                 waiting task it could run
 *   cpu group=G min=MS max=MS     each task's CPU time
 *   partners_share_cpu group=G    each pipe task of G ends on its
 *                                 partner's CPU
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "sim.h"

struct ctx {
	const struct sim *s;
	const struct sim_expect *e;
	int *n;
	FILE *out;
	int failed;
};

static void result(struct ctx *c, int ok, const char *what, const char *fmt,
		   ...) __attribute__((format(printf, 4, 5)));

static void result(struct ctx *c, int ok, const char *what, const char *fmt,
		   ...)
{
	char msg[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	(*c->n)++;
	if (!ok)
		c->failed++;
	fprintf(c->out, "%sok %d %s[%s] %s # %s\n", ok ? "" : "not ", *c->n,
		c->s->sc->name, c->s->topo_name, what, msg);
}

/* The value of key in the expect line, or NULL. */
static const char *arg(const struct sim_expect *e, const char *key, char *buf,
		       size_t len)
{
	const char *p = e->args;
	size_t k = strlen(key);

	while ((p = strstr(p, key))) {
		if ((p == e->args || p[-1] == ' ') && p[k] == '=') {
			size_t i = 0;

			p += k + 1;
			while (p[i] && p[i] != ' ' && i + 1 < len) {
				buf[i] = p[i];
				i++;
			}
			buf[i] = '\0';
			return buf;
		}
		p += k;
	}
	return NULL;
}

static long arg_long(const struct sim_expect *e, const char *key, long def)
{
	char buf[64];

	return arg(e, key, buf, sizeof(buf)) ? atol(buf) : def;
}

static int group_of(const struct ctx *c, const char *key)
{
	char buf[SIM_NAME];
	int i;

	if (!arg(c->e, key, buf, sizeof(buf)))
		return -1;
	for (i = 0; i < c->s->sc->ntmpl; i++)
		if (!strcmp(c->s->sc->tmpl[i].name, buf))
			return i;
	return -1;
}

#define for_each_in_group(st, s, g) \
	for ((st) = (s)->tasks; (st) < (s)->tasks + (s)->ntasks; (st)++) \
		if ((st)->tmpl == (g))

static void distinct_cores(struct ctx *c, int g)
{
	const struct sim *s = c->s;
	const struct sim_task *st;
	cpumask_t cores = CPU_MASK_NONE;
	char list[128] = "";
	int ok = 1, n = 0;

	for_each_in_group(st, s, g) {
		int cpu = task_cpu(&st->t);
		int first = first_cpu(s->topo.sibling_map[cpu]);
		size_t l = strlen(list);

		snprintf(list + l, sizeof(list) - l, "%s%d", n++ ? "," : "", cpu);
		ok &= sched_current(cpu) == &st->t && !cpu_isset(first, cores);
		cpu_set(first, cores);
	}
	result(c, ok && n > 1, "distinct_cores", "%d tasks on cpus %s", n, list);
}

static void same_node(struct ctx *c, int g)
{
	const struct sim *s = c->s;
	const struct sim_task *st;
	long node = arg_long(c->e, "node", 0);
	cpumask_t ran = CPU_MASK_NONE;
	unsigned long cross = 0;
	char list[CPULIST_LEN];
	int n = 0;

	for_each_in_group(st, s, g) {
		cpus_or(ran, ran, st->ran_on);
		cross += st->cross_node;
		n++;
	}
	cpulist_format(list, sizeof(list), ran);
	result(c, n && node >= 0 && node < s->topo.nnodes && !cross &&
	       cpus_subset(ran, s->topo.node_map[node]), "same_node",
	       "%d tasks ran on cpus %s (node %ld), cross-node moves %lu",
	       n, list, node, cross);
}

/*
 * Where exec put the group's tasks, right after the last of them exec'd:
 * the nodes of those already running their new image (balancing may have
 * moved some since their own exec, and exec placement sees that).
 */
static void exec_spread(struct ctx *c, int g)
{
	const struct sim *s = c->s;
	const struct sim_task *st;
	long max_diff = arg_long(c->e, "max_diff", 1);
	int node, lo = -1, hi = 0, n = 0, unplaced = 0, home = 0;
	char msg[160] = "";

	for_each_in_group(st, s, g) {
		if (st->exec_cpu < 0) {
			unplaced++;
			continue;
		}
		home += s->topo.cpu[st->exec_cpu].node ==
			s->topo.cpu[s->sc->tmpl[st->parent ? st->parent->tmpl :
						 g].cpu].node;
		n++;
	}
	for (node = 0; node < s->topo.nnodes; node++) {
		size_t l = strlen(msg);
		int k = s->exec_nodes[g][node];

		if (cpus_empty(s->topo.node_map[node]))
			continue;
		snprintf(msg + l, sizeof(msg) - l, "node%d=%d ", node, k);
		if (lo < 0 || k < lo)
			lo = k;
		if (k > hi)
			hi = k;
	}
	result(c, n && !unplaced && hi - lo <= max_diff, "exec_spread",
	       "%s(after the last of %d execs; %d stayed on the parent's "
	       "node; %d never exec'd; max-min %d <= %ld)", msg, n, home,
	       unplaced, hi - lo, max_diff);
}

static void rq_balance(struct ctx *c)
{
	const struct sim *s = c->s;
	double max_diff = (double)arg_long(c->e, "max_diff", 1);
	long within = arg_long(c->e, "within", (long)s->sc->duration);
	unsigned long t, settled = 0;

	for (t = 0; t < s->sc->duration; t++)
		if (s->rq_dev[t] > max_diff + 1e-6)
			settled = t + 1;
	result(c, settled <= (unsigned long)within &&
	       settled < s->sc->duration, "rq_balance",
	       "every runqueue within %.0f of its share from %lu ms on "
	       "(%.1f busy inter-node intervals; bound %ld ms); at the end %.2f",
	       max_diff, settled, (double)settled / BUSY_NODE_REBALANCE_TICK,
	       within, s->rq_dev[s->sc->duration - 1]);
}

static unsigned group_slice(const struct sim *s, int g)
{
	const struct sim_task *st;

	for_each_in_group(st, s, g)
		return task_timeslice(&st->t);
	return 1;
}

static double group_cpu(const struct sim *s, int g)
{
	const struct sim_task *st;
	double sum = 0;
	int n = 0;

	for_each_in_group(st, s, g) {
		sum += (double)st->cpu_ticks;
		n++;
	}
	return n ? sum / n : 0;
}

static void share(struct ctx *c)
{
	const struct sim *s = c->s;
	int a = group_of(c, "a"), b = group_of(c, "b");
	char buf[32];
	double want, got, tol = (double)arg_long(c->e, "tol", 10) / 100.0;

	if (a < 0 || b < 0) {
		result(c, 0, "share", "groups a= and b= must name task lines");
		return;
	}
	if (!arg(c->e, "ratio", buf, sizeof(buf)) || !strcmp(buf, "timeslice"))
		want = (double)group_slice(s, a) / group_slice(s, b);
	else
		want = atof(buf);
	got = group_cpu(s, b) ? group_cpu(s, a) / group_cpu(s, b) : 0;
	result(c, want > 0 && got / want >= 1 - tol && got / want <= 1 + tol,
	       "share", "cpu %s/%s = %.0f/%.0f ms = %.3f, expected %.3f "
	       "(+-%.0f%%)", s->sc->tmpl[a].name, s->sc->tmpl[b].name,
	       group_cpu(s, a), group_cpu(s, b), got, want, tol * 100);
}

static void wake_latency(struct ctx *c, int g)
{
	const struct sim *s = c->s;
	const struct sim_task *st;
	unsigned long max = 0, sum = 0, n = 0, max_all = 0, n_all = 0;
	char buf[32], phase[16] = "warm";
	long bound;

	if (!arg(c->e, "max", buf, sizeof(buf)) || !strcmp(buf, "timeslice"))
		bound = (long)group_slice(s, g);
	else
		bound = atol(buf);
	arg(c->e, "phase", phase, sizeof(phase));
	for_each_in_group(st, s, g) {
		if (st->lat_max > max)
			max = st->lat_max;
		if (st->lat_max_all > max_all)
			max_all = st->lat_max_all;
		sum += st->lat_sum;
		n += st->lat_n;
		n_all += st->lat_n_all;
	}
	if (!strcmp(phase, "all"))
		result(c, n_all && (long)max_all <= bound, "wake_latency",
		       "%lu wakeups: max %lu ms (bound %ld)", n_all, max_all,
		       bound);
	else
		result(c, n && (long)max <= bound, "wake_latency",
		       "%lu wakeups after %lu ms: max %lu ms, mean %.2f ms "
		       "(bound %ld)", n, s->sc->warmup, max,
		       n ? (double)sum / n : 0.0, bound);
}

static void starvation(struct ctx *c)
{
	const struct sim *s = c->s;
	const struct sim_task *st;
	unsigned long max = 0, events = 0, bound;
	long min_events = arg_long(c->e, "min_events", 0);
	runqueue_t *rq;
	const char *who = "-";

	/* EXPIRED_STARVING fires STARVATION_LIMIT * nr_running + 1 ticks
	 * after the first task expired; then the active array drains, each
	 * of its tasks finishing at most one slice. */
	bound = STARVATION_LIMIT * s->max_rq_running + 1 +
		s->max_rq_running * MAX_TIMESLICE;
	for (st = s->tasks; st < s->tasks + s->ntasks; st++)
		if (st->expired_max > max) {
			max = st->expired_max;
			who = st->name;
		}
	for_each_rq(rq)
		events += rq->nr_starving;
	result(c, max <= bound && events >= (unsigned long)min_events,
	       "starvation", "longest wait in an expired array %lu ms (%s), "
	       "bound %lu ms; EXPIRED_STARVING fired %lu times (min %ld)",
	       max, who, bound, events, min_events);
}

static void pinned(struct ctx *c, int g)
{
	const struct sim *s = c->s;
	const struct sim_tmpl *tm = &s->sc->tmpl[g];
	const struct sim_task *st;
	cpumask_t allowed = cpus_empty(tm->allowed) ? CPU_MASK_ALL : tm->allowed,
		  ran = CPU_MASK_NONE, late = CPU_MASK_NONE;
	char a[CPULIST_LEN], b[CPULIST_LEN];
	int ok = 1;

	for_each_in_group(st, s, g) {
		cpus_or(ran, ran, st->ran_on);
		cpus_or(late, late, st->ran_on_late);
		ok &= cpus_subset(st->ran_on, allowed) || tm->repin_at;
		if (tm->repin_at)
			ok &= cpus_subset(st->ran_on_late, tm->repin);
	}
	cpulist_format(a, sizeof(a), tm->repin_at ? late : ran);
	cpulist_format(b, sizeof(b), tm->repin_at ? tm->repin : allowed);
	result(c, ok && !cpus_empty(ran), "pinned", "ran on %s%s, allowed %s", a,
	       tm->repin_at ? " after the repin" : "", b);
}

static void moves(struct ctx *c, int g)
{
	static const char *const kinds[] = { "local", "node", "active", "exec",
					     "affinity", "wake" };
	const struct sim *s = c->s;
	const struct sim_task *st;
	char kind[32] = "cross";
	long min = arg_long(c->e, "min", 0), max = arg_long(c->e, "max", 1L << 30);
	unsigned long sum = 0;
	int k = -1, i;

	arg(c->e, "kind", kind, sizeof(kind));
	for (i = 0; i < SCHED_MOVE_NR; i++)
		if (!strcmp(kind, kinds[i]))
			k = i;
	for_each_in_group(st, s, g)
		sum += k < 0 ? st->cross_node : st->moves[k];
	result(c, (k >= 0 || !strcmp(kind, "cross")) && (long)sum >= min &&
	       (long)sum <= max, "moves", "%s moves of %s: %lu (allowed %ld..%ld)",
	       kind, s->sc->tmpl[g].name, sum, min, max);
}

static void idle_wait(struct ctx *c)
{
	const struct sim *s = c->s;
	char scope[16] = "node";
	long bound = arg_long(c->e, "max", 0);
	unsigned long worst = 0;
	int cpu, who = 0;

	arg(c->e, "scope", scope, sizeof(scope));
	for (cpu = 0; cpu < s->topo.ncpus; cpu++) {
		unsigned long v = strcmp(scope, "any") ? s->idle_wait_node[cpu] :
							 s->idle_wait_any[cpu];

		if (v > worst) {
			worst = v;
			who = cpu;
		}
	}
	result(c, (long)worst <= bound, "idle_wait",
	       "most idle time beside a waiting task (%s): %lu ms on CPU %d, "
	       "bound %ld", scope, worst, who, bound);
}

/* Each pipe task of G ends on the CPU of its partner: sync wakeups pulled
 * the pair together. */
static void partners_share_cpu(struct ctx *c, int g)
{
	const struct sim *s = c->s;
	const struct sim_task *st;
	int n = 0, together = 0;

	for_each_in_group(st, s, g) {
		n++;
		together += st->partner &&
			    task_cpu(&st->t) == task_cpu(&st->partner->t);
	}
	result(c, n && together == n, "partners_share_cpu",
	       "%d of %d pairs on one CPU", together, n);
}

static void cpu_time(struct ctx *c, int g)
{
	const struct sim *s = c->s;
	const struct sim_task *st;
	long min = arg_long(c->e, "min", 0), max = arg_long(c->e, "max", 1L << 30);
	unsigned long lo = ~0UL, hi = 0;

	for_each_in_group(st, s, g) {
		if (st->cpu_ticks < lo)
			lo = st->cpu_ticks;
		if (st->cpu_ticks > hi)
			hi = st->cpu_ticks;
	}
	result(c, hi && (long)lo >= min && (long)hi <= max, "cpu",
	       "CPU time of %s per task %lu..%lu ms (allowed %ld..%ld)",
	       s->sc->tmpl[g].name, lo, hi, min, max);
}

int sim_expect(const struct sim *s, int *n, FILE *out)
{
	struct ctx c = { s, NULL, n, out, 0 };
	int i;

	result(&c, s->violations == 0, "sanity",
	       "%lu sanity violations in %lu checked operations",
	       s->violations, s->ops);
	for (i = 0; i < s->sc->nexpect; i++) {
		const struct sim_expect *e = &s->sc->expect[i];
		int g;

		c.e = e;
		g = group_of(&c, "group");
		if (!strcmp(e->kind, "rq_balance"))
			rq_balance(&c);
		else if (!strcmp(e->kind, "share"))
			share(&c);
		else if (!strcmp(e->kind, "starvation"))
			starvation(&c);
		else if (!strcmp(e->kind, "idle_wait"))
			idle_wait(&c);
		else if (g < 0)
			result(&c, 0, e->kind, "line %d: group= must name a task "
			       "line", e->line);
		else if (!strcmp(e->kind, "distinct_cores"))
			distinct_cores(&c, g);
		else if (!strcmp(e->kind, "same_node"))
			same_node(&c, g);
		else if (!strcmp(e->kind, "exec_spread"))
			exec_spread(&c, g);
		else if (!strcmp(e->kind, "wake_latency"))
			wake_latency(&c, g);
		else if (!strcmp(e->kind, "pinned"))
			pinned(&c, g);
		else if (!strcmp(e->kind, "moves"))
			moves(&c, g);
		else if (!strcmp(e->kind, "cpu"))
			cpu_time(&c, g);
		else if (!strcmp(e->kind, "partners_share_cpu"))
			partners_share_cpu(&c, g);
		else
			result(&c, 0, e->kind, "line %d: unknown expectation",
			       e->line);
	}
	return c.failed;
}
