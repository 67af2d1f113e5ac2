/*
 * engine.c - the simulated machine that runs the unchanged scheduler.
 *
 * One simulated tick (1 ms at HZ=1000) goes, for every CPU in number order:
 *
 *   1. deliver:  a CPU with a pending reschedule IPI, a migration thread
 *                to run, or an idle loop that sees need_resched, calls
 *                schedule();
 *   2. run:      the current task of each CPU runs for the tick; the cost
 *                model below says how much work that was;
 *   3. time:     the clock advances; sleepers whose timer expired are woken
 *                (on the CPU they slept on), affinity changes are made;
 *   4. act:      each current task does what its model says at the end of
 *                its tick (sleep, fork, exec, wake its pipe partner, exit),
 *                then the CPU takes its timer interrupt (scheduler_tick())
 *                and, on the way out, schedules if asked to;
 *   5. reap:     exited tasks that are off every CPU get sched_exit().
 *
 * A migration thread that gets a CPU runs at once and takes no time. After
 * every call into the scheduler the engine checks that no lock is held and
 * interrupts are on, and (unless `options check=0`) runs the sanity
 * checker.
 *
 * The cost model (what a tick of CPU is worth, in ms of useful work):
 *  - SMT: the busy threads of a core share its throughput. A core with k
 *    busy threads does 1 + smt_gain * (k - 1) work per tick (smt_gain 25%
 *    by default: Intel quoted up to 30% for HT in 2002), split evenly.
 *  - NUMA: a task whose memory is on node h runs on node n at
 *    distance(h, h) / distance(n, h) of full speed (SLIT: 10/20 = half).
 *    The memory is where the task was created, or where exec placed it.
 *  - Cache: a task that starts on a core other than the one it last ran
 *    on loses refill ms of work (0.5 by default) refilling its caches; SMT
 *    siblings share their caches, so moving between them costs nothing.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "sim.h"
#include "shape.h"
#include "ctx.h"
#include "count.h"

static struct sim *S;	/* the simulation the seam's hooks report to */

static void op_done(struct sim *s, const char *what)
{
	int cpu;

	s->ops++;
	/* A task whose exec blocked in schedule() goes on where a CPU
	 * switched back to it (ctx.h). */
	if (!sim_ctx_active())
		for (cpu = 0; cpu < s->topo.ncpus; cpu++)
			sim_ctx_resume_pending(cpu);
	sim_check_quiescent(what);
	if (s->sc->check)
		s->violations += (unsigned long)sched_sanity_check();
}

static struct sim_task *sim_task_of(struct sim *s, struct task_struct *p)
{
	struct sim_task *st = container_of(p, struct sim_task, t);

	if (st < s->tasks || st >= s->tasks + s->ntasks)
		return NULL;
	return st;
}

static unsigned long usec(unsigned long ticks)
{
	return ticks * (1000000 / HZ);
}

/* A `trace:` line (tests/trace/README.md) at this tick, from sim_cpu. */
static void trace(struct sim *s, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void trace(struct sim *s, const char *fmt, ...)
{
	va_list ap;

	if (!s->trace)
		return;
	fprintf(s->trace, "trace: t=%lu cpu=%d ", usec(sim_jiffies), sim_cpu);
	va_start(ap, fmt);
	vfprintf(s->trace, fmt, ap);
	va_end(ap);
	fputc('\n', s->trace);
}

/* A task's name for traces: its task line's, "migration/N", or "idle". */
static const char *comm(struct sim *s, struct task_struct *p, char *buf,
			size_t len)
{
	struct sim_task *st = sim_task_of(s, p);

	if (st)
		snprintf(buf, len, "%s", s->sc->tmpl[st->tmpl].name);
	else if (p->flags & PF_KTHREAD)
		snprintf(buf, len, "migration/%d", task_cpu(p));
	else
		snprintf(buf, len, "idle");
	return buf;
}

static void on_switch(struct task_struct *prev, struct task_struct *next)
{
	static const char state[] = "RSDX";
	char a[SIM_NAME], b[SIM_NAME];
	int st = prev->state == TASK_ZOMBIE ? 3 :
		 prev->state == TASK_UNINTERRUPTIBLE ? 2 :
		 prev->state == TASK_INTERRUPTIBLE ? 1 : 0;

	trace(S, "ev=switch pid=%d prev=%d prev_state=%c prev_comm=%s comm=%s",
	      next->pid, prev->pid, state[st], comm(S, prev, a, sizeof(a)),
	      comm(S, next, b, sizeof(b)));
}

static void on_migrate(struct task_struct *p, int from, int to, int why)
{
	struct sim_task *st = sim_task_of(S, p);

	if (st) {
		st->moves[why]++;
		if (S->topo.cpu[from].node != S->topo.cpu[to].node)
			st->cross_node++;
	}
	trace(S, "ev=migrate pid=%d from=%d to=%d why=%s", p->pid, from, to,
	      sched_move_name[why]);
}

/*
 * The scheduler's other trace points. The engine writes switch, wakeup,
 * fork, exec and exit lines itself, where it knows the tasks' names; the
 * balance passes that moved nothing are seen only inside the scheduler.
 */
static void on_trace(int ev, const struct task_struct *p, int a, int b, int c)
{
	char line[256];

	if (!S->trace || ev != SCHED_TRACE_BALANCE)
		return;
	sched_trace_format(line, sizeof(line), usec(sim_jiffies), sim_cpu, ev,
			   p ? p->pid : 0, a, b, c, NULL);
	fprintf(S->trace, "%s\n", line);
}

static unsigned rnd(struct sim *s)
{
	s->rng ^= s->rng << 13;
	s->rng ^= s->rng >> 17;
	s->rng ^= s->rng << 5;
	return s->rng;
}

/*
 * Schedule on cpu until it runs a task or idles: a migration thread that
 * got the CPU does its work and sleeps again at once.
 */
static void reschedule(struct sim *s, int cpu)
{
	int guard;

	sim_ipi_pending[cpu] = 0;
	for (guard = 0; guard < 64; guard++) {
		struct task_struct *curr = cpu_curr(cpu);

		sim_cpu = cpu;
		if (curr->flags & PF_KTHREAD) {
			if (curr->state == TASK_RUNNING) {
				migration_thread_run();
				op_done(s, "migration_thread_run");
			}
			schedule();
			op_done(s, "schedule");
			continue;
		}
		if (!curr->need_resched)
			return;
		/* The interrupt's return path: a preemption. */
		schedule_preempt();
		op_done(s, "schedule_preempt");
	}
	arch_sched_panic("CPU %d keeps rescheduling", cpu);
}

/* ---- making tasks ------------------------------------------------------- */

/* What NxCPUS / NxCORES multiply N by on this shape. */
static int per_unit(const struct sim *s, int unit)
{
	cpumask_t firsts = CPU_MASK_NONE;
	int cpu;

	if (unit == SIM_PER_CPU)
		return s->topo.ncpus;
	if (unit != SIM_PER_CORE)
		return 1;
	for (cpu = 0; cpu < s->topo.ncpus; cpu++)
		cpu_set(first_cpu(s->topo.sibling_map[cpu]), firsts);
	return cpus_weight(firsts);
}

static struct sim_task *make_task(struct sim *s, int tmpl, int index,
				  struct sim_task *parent)
{
	const struct sim_tmpl *tm = &s->sc->tmpl[tmpl];
	struct sim_task *st, *o;

	if (s->ntasks == SIM_MAX_TASKS)
		arch_sched_panic("more than %d simulated tasks", SIM_MAX_TASKS);
	st = &s->tasks[s->ntasks];
	memset(st, 0, sizeof(*st));
	st->id = s->ntasks++;
	st->t.pid = st->id + 1;
	st->tmpl = tmpl;
	snprintf(st->name, sizeof(st->name), "%s.%d", tm->name, index);
	st->parent = parent;
	st->alive = 1;
	st->last_cpu = -1;
	st->exec_cpu = -1;
	st->created = s->now;
	st->burst_left = tm->model == MODEL_SLEEPER ? tm->run : tm->burst;
	st->children_left = tm->children * per_unit(s, tm->children_unit);
	st->next_fork = s->now;
	if (tm->model == MODEL_PIPE) {
		/* Find task `index` of the partner line, if made already. */
		for (o = s->tasks; o < st; o++) {
			if (o->tmpl != tm->partner ||
			    strcmp(strrchr(o->name, '.'), strrchr(st->name, '.')))
				continue;
			st->partner = o;
			o->partner = st;
		}
		st->tokens = tmpl < tm->partner;
	}
	return st;
}

/* Apply a task line's settings to a task made (not yet queued) on cpu. */
static void setup_task(struct sim *s, struct sim_task *st, int cpu)
{
	const struct sim_tmpl *tm = &s->sc->tmpl[st->tmpl];

	sim_cpu = cpu;
	if (tm->nice) {
		set_user_nice(&st->t, tm->nice);
		op_done(s, "set_user_nice");
	}
	if (tm->policy != SCHED_NORMAL) {
		sched_setscheduler(&st->t, tm->policy, tm->rtprio);
		op_done(s, "sched_setscheduler");
	}
	if (!cpus_empty(tm->allowed)) {
		set_cpus_allowed(&st->t, tm->allowed);
		op_done(s, "set_cpus_allowed");
	}
	sim_cpu = cpu;
	wake_up_new_task(&st->t);
	op_done(s, "wake_up_new_task");
	trace(s, "ev=fork pid=%d child=%d target=%d child_comm=%s",
	      st->parent ? st->parent->t.pid : 0, st->t.pid, task_cpu(&st->t),
	      s->sc->tmpl[st->tmpl].name);
}

/* Task lines whose time has come: made by the kernel on their CPU. */
static void spawn_due(struct sim *s)
{
	int i, n;

	for (i = 0; i < s->sc->ntmpl; i++) {
		const struct sim_tmpl *tm = &s->sc->tmpl[i];

		if (tm->is_template || tm->at != s->now)
			continue;
		for (n = 0; n < tm->count * per_unit(s, tm->count_unit) /
				tm->count_div; n++) {
			struct sim_task *st = make_task(s, i, n, NULL);

			sim_cpu = tm->cpu;
			sched_fork(NULL, &st->t);
			op_done(s, "sched_fork");
			setup_task(s, st, tm->cpu);
		}
	}
}

static void fork_child(struct sim *s, struct sim_task *parent, int cpu)
{
	const struct sim_tmpl *tm = &s->sc->tmpl[parent->tmpl];
	int made = tm->children * per_unit(s, tm->children_unit) -
		   parent->children_left;
	struct sim_task *c = make_task(s, tm->child, made, parent);

	snprintf(c->name, sizeof(c->name), "%s.%d", s->sc->tmpl[tm->child].name,
		 made);
	sim_cpu = cpu;
	sched_fork(&parent->t, &c->t);
	op_done(s, "sched_fork");
	setup_task(s, c, cpu);
	parent->children_left--;
	parent->children_alive++;
}

/* ---- what tasks do ------------------------------------------------------ */

static void wake(struct sim *s, struct sim_task *st, int from_cpu, int sync)
{
	st->blocked = 0;
	st->wake_at = 0;
	st->woken_at = s->now + 1;
	sim_cpu = from_cpu;
	wake_up_process(&st->t, sync);
	op_done(s, sync ? "wake_up_process(sync)" : "wake_up_process");
	trace(s, "ev=wakeup pid=%d target=%d sync=%d", st->t.pid,
	      task_cpu(&st->t), sync);
}

/* The current task of cpu sleeps, until wake_at (0: until woken). */
static void block(struct sim *s, struct sim_task *st, int cpu,
		  unsigned long wake_at)
{
	st->blocked = 1;
	st->wake_at = wake_at;
	st->t.state = TASK_INTERRUPTIBLE;
	sim_cpu = cpu;
	schedule();
	op_done(s, "schedule (sleep)");
	reschedule(s, cpu);
}

static void task_exit(struct sim *s, struct sim_task *st, int cpu)
{
	struct sim_task *parent = st->parent;

	st->zombie = 1;
	st->exited = s->now;
	sim_cpu = cpu;
	trace(s, "ev=exit pid=%d", st->t.pid);
	if (parent && parent->alive && !parent->zombie) {
		parent->children_alive--;
		if (parent->blocked && !parent->wake_at &&
		    !parent->children_left && !parent->children_alive)
			wake(s, parent, cpu, 0);
	}
	st->t.state = TASK_ZOMBIE;
	sim_cpu = cpu;
	schedule();
	op_done(s, "schedule (exit)");
	reschedule(s, cpu);
}

static void forker_act(struct sim *s, struct sim_task *st, int cpu)
{
	const struct sim_tmpl *tm = &s->sc->tmpl[st->tmpl];

	if (st->children_left > 0 && s->now >= st->next_fork) {
		fork_child(s, st, cpu);
		st->next_fork = s->now + (unsigned long)tm->every;
	}
	if (cpu_curr(cpu) != &st->t)
		return;
	if (st->children_left > 0) {
		if (!tm->spin)
			block(s, st, cpu, st->next_fork);
	} else if (tm->wait && st->children_alive > 0) {
		block(s, st, cpu, 0);
	} else if (!tm->spin) {
		task_exit(s, st, cpu);
	}
}

static void pipe_act(struct sim *s, struct sim_task *st, int cpu)
{
	const struct sim_tmpl *tm = &s->sc->tmpl[st->tmpl];
	struct sim_task *partner = st->partner;

	if (st->tokens <= 0) {
		block(s, st, cpu, 0);
		return;
	}
	if (st->burst_left > 0)
		return;
	st->burst_left = tm->burst;
	st->tokens--;
	if (partner && partner->alive && !partner->zombie) {
		partner->tokens++;
		if (partner->blocked)
			wake(s, partner, cpu, 1);
	}
	if (st->tokens <= 0)
		block(s, st, cpu, 0);
}

/* Where the exec'd tasks of st's line are, as st's exec places it. */
static void exec_snapshot(struct sim *s, const struct sim_task *st)
{
	int *count = s->exec_nodes[st->tmpl], i;

	memset(s->exec_nodes[st->tmpl], 0, sizeof(s->exec_nodes[0]));
	for (i = 0; i < s->ntasks; i++) {
		const struct sim_task *o = &s->tasks[i];

		if (o->tmpl != st->tmpl || !o->exec_done || !o->alive || o->zombie)
			continue;
		count[s->topo.cpu[o == st ? o->exec_cpu : task_cpu(&o->t)].node]++;
	}
}

/*
 * exec, on the task's own kernel stack: sched_balance_exec() asks its
 * migration thread for the move and blocks in schedule() until a CPU runs
 * it again, as in the kernel; its reservation lasts until then (ctx.h).
 * The rest of the exec (the image's memory) follows on the CPU it wakes on.
 */
static void exec_call(void *arg)
{
	struct sim_task *st = arg;
	struct sim *s = S;

	st->exec_cpu = sched_balance_exec();
	if (cpu_curr(sim_cpu) != &st->t)
		arch_sched_panic("exec of pid %d returned on CPU %d, which runs "
				 "pid %d", st->t.pid, sim_cpu,
				 cpu_curr(sim_cpu)->pid);
	op_done(s, "sched_balance_exec");
	trace(s, "ev=exec pid=%d comm=%s", st->t.pid,
	      s->sc->tmpl[st->tmpl].name);
	st->t.node = s->topo.cpu[st->exec_cpu].node;
	exec_snapshot(s, st);
}

/* Step 4: the model's action at the end of the current task's tick. */
static void act(struct sim *s, int cpu)
{
	struct sim_task *st = sim_task_of(s, cpu_curr(cpu));
	const struct sim_tmpl *tm;

	if (!st || st->zombie || !st->ran)
		return;
	tm = &s->sc->tmpl[st->tmpl];
	sim_cpu = cpu;
	if (tm->pause && !st->paused) {
		st->paused = 1;
		block(s, st, cpu, s->now + (unsigned long)tm->pause);
		return;
	}
	if (tm->exec && !st->exec_done) {
		/* exec: placement first, then the new image's memory goes
		 * to the node chosen. */
		st->exec_done = 1;
		sim_ctx_call(&st->t, exec_call, st);
		op_done(s, "sched_balance_exec (call)");
		reschedule(s, cpu);
		return;
	}
	if (tm->work && (long)st->cpu_ticks >= tm->work) {
		task_exit(s, st, cpu);
		return;
	}
	switch (tm->model) {
	case MODEL_HOG:
		break;
	case MODEL_SLEEPER:
		if (st->burst_left > 0)
			break;
		st->burst_left = tm->run;
		block(s, st, cpu, s->now + (unsigned long)tm->sleep +
		      (tm->jitter ? rnd(s) % (unsigned)(tm->jitter + 1) : 0));
		break;
	case MODEL_FORKER:
		forker_act(s, st, cpu);
		break;
	case MODEL_PIPE:
		pipe_act(s, st, cpu);
		break;
	}
}

/* Step 3: timers and affinity changes due now. */
static void timers(struct sim *s)
{
	int i;

	for (i = 0; i < s->ntasks; i++) {
		struct sim_task *st = &s->tasks[i];
		const struct sim_tmpl *tm = &s->sc->tmpl[st->tmpl];

		if (!st->alive || st->zombie)
			continue;
		if (st->blocked && st->wake_at && st->wake_at <= s->now)
			wake(s, st, task_cpu(&st->t), 0);
		if (tm->repin_at && tm->repin_at == s->now) {
			int cpu = task_cpu(&st->t);

			sim_cpu = cpu;
			set_cpus_allowed(&st->t, tm->repin);
			op_done(s, "set_cpus_allowed");
			reschedule(s, cpu);
		}
	}
}

/* ---- accounting --------------------------------------------------------- */

/* Work per tick of a thread of cpu's core, from the SMT model. */
static double core_share(const struct sim *s, int cpu)
{
	int sib, busy = 0;

	for_each_cpu_mask(sib, s->topo.sibling_map[cpu])
		busy += !idle_cpu(sib);
	if (busy <= 1)
		return 1.0;
	return (1.0 + s->sc->smt_gain * (busy - 1)) / busy;
}

static double numa_factor(const struct sim *s, int cpu, int home)
{
	int node = s->topo.cpu[cpu].node;

	if (home < 0 || home >= s->topo.nnodes || !s->topo.distance[node][home])
		return 1.0;
	return (double)s->topo.distance[home][home] /
	       s->topo.distance[node][home];
}

/* Step 2: the current task of cpu runs for this tick. */
static void account(struct sim *s, int cpu)
{
	struct sim_task *st = sim_task_of(s, cpu_curr(cpu));
	const struct sim_tmpl *tm;
	double rate, take;

	if (!st)
		return;
	tm = &s->sc->tmpl[st->tmpl];
	st->ran = 1;
	st->cpu_ticks++;
	cpu_set(cpu, st->ran_on);
	if (tm->repin_at && s->now >= tm->repin_at + 2)
		cpu_set(cpu, st->ran_on_late);
	if (st->woken_at) {
		unsigned long lat = s->now - (st->woken_at - 1);

		if (lat > st->lat_max_all)
			st->lat_max_all = lat;
		st->lat_n_all++;
		if (st->woken_at - 1 >= s->sc->warmup) {
			if (lat > st->lat_max)
				st->lat_max = lat;
			st->lat_sum += lat;
			st->lat_n++;
		}
		st->woken_at = 0;
	}
	rate = core_share(s, cpu) * numa_factor(s, cpu, st->t.node);
	if (st->last_cpu >= 0 && st->last_cpu != cpu &&
	    !cpu_isset(st->last_cpu, s->topo.sibling_map[cpu]))
		st->refill += s->sc->refill_ms;
	st->last_cpu = cpu;
	take = st->refill < rate ? st->refill : rate;
	st->refill -= take;
	st->work += rate - take;
	if (st->burst_left > 0)
		st->burst_left--;
}

/* Step 2, the tasks that wait: wait time, time in the expired array, idle
 * CPUs beside waiting tasks, runqueue lengths. */
static void account_waiting(struct sim *s)
{
	cpumask_t wait_node[MAX_NODES] = { CPU_MASK_NONE },
		  wait_all = CPU_MASK_NONE;
	long total = 0, ncpus = s->topo.ncpus;
	float dev = 0;
	runqueue_t *rq;
	int i, cpu;

	for (i = 0; i < s->ntasks; i++) {
		struct sim_task *st = &s->tasks[i];
		struct task_struct *p = &st->t;
		int waiting, expired;

		if (!st->alive)
			continue;
		waiting = p->array && !task_running(p);
		expired = waiting && p->array == task_rq(p)->expired;
		if (waiting) {
			st->wait_ticks++;
			cpus_or(wait_node[task_rq(p)->node],
				wait_node[task_rq(p)->node], p->cpus_allowed);
			cpus_or(wait_all, wait_all, p->cpus_allowed);
		}
		if (expired && !st->expired_since) {
			st->expired_since = s->now + 1;
		} else if (!expired && st->expired_since) {
			unsigned long w = s->now - (st->expired_since - 1);

			if (w > st->expired_max)
				st->expired_max = w;
			st->expired_since = 0;
		}
	}
	for (cpu = 0; cpu < s->topo.ncpus; cpu++) {
		if (!idle_cpu(cpu))
			continue;
		if (cpu_isset(cpu, wait_node[s->topo.cpu[cpu].node]))
			s->idle_wait_node[cpu]++;
		if (cpu_isset(cpu, wait_all))
			s->idle_wait_any[cpu]++;
	}
	for_each_rq(rq) {
		total += (long)rq->nr_running;
		if (rq->nr_running > s->max_rq_running)
			s->max_rq_running = rq->nr_running;
	}
	for_each_rq(rq) {
		long d = (long)rq->nr_running * ncpus - total * rq->nr_cpus;
		float f = (float)(d < 0 ? -d : d) / (float)ncpus;

		if (f > dev)
			dev = f;
	}
	s->rq_dev[s->now] = dev;
}

static void reap(struct sim *s)
{
	int i;

	for (i = 0; i < s->ntasks; i++) {
		struct sim_task *st = &s->tasks[i];
		struct sim_task *parent = st->parent;

		if (!st->alive || !st->zombie || !sched_task_inactive(&st->t))
			continue;
		sim_cpu = 0;
		sched_exit(&st->t, parent && parent->alive && !parent->zombie ?
				   &parent->t : NULL);
		op_done(s, "sched_exit");
		st->alive = 0;
	}
}

/* ---- the run ------------------------------------------------------------ */

int sim_setup(struct sim *s, const struct scenario *sc, const char *topo,
	      const char *topologies_file, char *err, size_t errlen)
{
	char args[2048];
	int cpu, i, generated = 0;

	memset(s, 0, sizeof(*s));
	s->sc = sc;
	if (!strncmp(topo, "gen:", 4)) {
		/* A generated shape (docs/formats.md): no QEMU arguments. */
		if (shape_generate(topo + 4, &s->topo, err, errlen))
			return -1;
		snprintf(s->topo_name, sizeof(s->topo_name), "%s", topo + 4);
		generated = 1;
	} else if (!strncmp(topo, "args:", 5)) {
		snprintf(args, sizeof(args), "%s", topo + 5);
		snprintf(s->topo_name, sizeof(s->topo_name), "custom");
	} else {
		if (shape_lookup(topologies_file, topo, args, sizeof(args), err,
				 errlen))
			return -1;
		snprintf(s->topo_name, sizeof(s->topo_name), "%s", topo);
	}
	if (!generated && shape_from_args(args, &s->topo, err, errlen))
		return -1;
	for (i = 0; i < sc->ntmpl; i++) {
		if (sc->tmpl[i].cpu >= s->topo.ncpus) {
			snprintf(err, errlen, "task %s: no CPU %d on %s (%d CPUs)",
				 sc->tmpl[i].name, sc->tmpl[i].cpu, s->topo_name,
				 s->topo.ncpus);
			return -1;
		}
	}
	s->tasks = calloc(SIM_MAX_TASKS, sizeof(*s->tasks));
	s->rq_dev = calloc(sc->duration + 1, sizeof(*s->rq_dev));
	if (!s->tasks || !s->rq_dev) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	s->rng = sc->seed ? sc->seed : 1;

	sim_arch_reset();
	S = s;
	sim_switch_hook = on_switch;
	sim_migrate_hook = on_migrate;
	sim_trace_hook = on_trace;
	sched_init(&s->topo, &sc->opts);
	for (i = 0; i < sc->nmap; i++) {
		int a = sc->map[i][0], b = sc->map[i][1];

		if (a >= s->topo.ncpus || b >= s->topo.ncpus || a == b ||
		    rq_idx(a) != a || cpu_rq(b)->nr_cpus != 1) {
			snprintf(err, errlen, "map %d %d: not two unshared CPUs of "
				 "%s", a, b, s->topo_name);
			return -1;
		}
		sched_map_runqueue(a, b);
	}
	sched_fill_rq_map(&s->topo);
	sched_sanity_reset();
	for (cpu = 0; cpu < s->topo.ncpus; cpu++) {
		sim_cpu = cpu;
		sched_init_idle(&s->idle[cpu]);
	}
	for (cpu = 0; cpu < s->topo.ncpus; cpu++) {
		sim_cpu = cpu;
		s->mig[cpu].pid = 10000 + cpu;
		sched_init_migration_thread(cpu, &s->mig[cpu]);
	}
	sim_cpu = 0;
	op_done(s, "boot");
	return 0;
}

void sim_run(struct sim *s)
{
	int cpu, n = s->topo.ncpus, i;

	for (s->now = 0; s->now < s->sc->duration;) {
		if (s->now == s->count_from) {
			/* The window of --scale opens (count.h). */
			s->counts_at_start = sim_counts;
			sim_counts.hold_max = 0;
		}
		sim_jiffies = s->now;
		spawn_due(s);
		for (cpu = 0; cpu < n; cpu++)
			if (sim_ipi_pending[cpu] ||
			    (cpu_curr(cpu)->flags & (PF_KTHREAD | PF_IDLE) &&
			     cpu_curr(cpu)->need_resched) ||
			    (cpu_curr(cpu)->flags & PF_KTHREAD))
				reschedule(s, cpu);
		for (cpu = 0; cpu < n; cpu++)
			account(s, cpu);
		account_waiting(s);

		sim_jiffies = ++s->now;
		timers(s);
		for (cpu = 0; cpu < n; cpu++) {
			act(s, cpu);
			sim_cpu = cpu;
			sim_in_tick = 1;
			scheduler_tick();
			sim_in_tick = 0;
			sim_counts.ticks++;
			op_done(s, "scheduler_tick");
			reschedule(s, cpu);
		}
		reap(s);
	}
	s->counts_at_end = sim_counts;
	/* Close the expired-array waits still open. */
	for (i = 0; i < s->ntasks; i++) {
		struct sim_task *st = &s->tasks[i];

		if (st->expired_since &&
		    s->now - (st->expired_since - 1) > st->expired_max)
			st->expired_max = s->now - (st->expired_since - 1);
	}
}

void sim_free(struct sim *s)
{
	int i;

	for (i = 0; i < s->ntasks; i++)	/* an exec still blocked at the end */
		sim_ctx_forget(&s->tasks[i].t);
	sim_ctx_reset();
	free(s->tasks);
	free(s->rq_dev);
	s->tasks = NULL;
	s->rq_dev = NULL;
	sim_switch_hook = NULL;
	sim_migrate_hook = NULL;
	sim_trace_hook = NULL;
}
