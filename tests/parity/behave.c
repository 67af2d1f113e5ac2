/*
 * behave.c - behaviour parity: read what the workloads of user/etc/parity.sh
 * printed on the companion Linux and on our kernel, shape by shape, check
 * the properties each scheduler promises, and print one table.
 *
 *   behave [-s] [-o FILE.md] DIR SHAPE...
 *
 * DIR/SHAPE/linux.log and DIR/SHAPE/ours.log are the two consoles (the
 * `topo:` lines, then the scenarios, each after a "parity:NAME" marker);
 * with -s, DIR/SHAPE/scx.log is a third: Linux 6.12 running every workload
 * under scx_d7 (sched/linux/scx/), the seed's policy as a sched_ext
 * scheduler. DIR/SHAPE/KERNEL.status, when present, is one line saying how
 * the boot ended ("ok" or what went wrong). Prints one TAP line per
 * scenario and shape, then the table as "# " lines; -o writes the table
 * (Markdown) to FILE.md as well. Exit status 0 unless the arguments are
 * wrong.
 *
 * Properties, not CPUs: a CPU number is turned into its core (the first
 * CPU of its `siblings=`) and its node (`node=`) from the `topo:` lines the
 * same kernel printed, and the checks count tasks per core and per node.
 * A kernel's cell is PASS or FAIL against the property, "report" when that
 * kernel does not promise it by design (the figures are shown, the reason
 * is in the note), or "n/a" on a shape where the property means nothing
 * (exec spread across nodes on one node).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXCPU		64
#define MAXTASK		64
#define NR_NICE		4

/*
 * Linux's RECLAIM_DISTANCE (include/linux/topology.h, 30): sd_init() clears
 * SD_BALANCE_FORK and SD_BALANCE_EXEC on a NUMA level farther than this, so
 * past it Linux places neither forks nor execs on another node.
 */
#define RECLAIM_DISTANCE	30

/* The nice levels of user/work/nicemix.c, and what each scheduler gives
 * them on one CPU: 2.5.59's task_timeslice() (MIN_TIMESLICE 10 ms +
 * (200 - 10) ms * (139 - static_prio) / 39, sched/tunables.h) and the
 * fair class's sched_prio_to_weight[] (kernel/sched/core.c; CFS in 6.1,
 * EEVDF in 6.12, the same weights). */
static const int nices[NR_NICE] = { 0, 5, 10, 19 };
static const double o1_slice_ms[NR_NICE] = { 102.3, 78.2, 53.8, 10.0 };
static const double cfs_weight[NR_NICE] = { 1024, 335, 110, 15 };
/* scx_d7 gives every task SCX_SLICE_DFL (20 ms) from one FIFO queue. */
static const double fifo_slice[NR_NICE] = { 20, 20, 20, 20 };
/* The check: nice 0 gets at least this many times nice 19's work. The
 * models give far more (O(1) 10x, CFS 68x); ours measured 2-17x in 12
 * runs (see the legend), Linux 38-100x. */
#define NICE_RATIO_MIN	1.5
/*
 * Ours: one O(1) epoch of the four children is the sum of their slices,
 * 102 + 78 + 54 + 10 = 244 ticks at HZ 1000. Under TCG the host drops
 * most of CPU 1's ticks at times (335-880 ticks in the 2 s run instead of
 * 2000): the run then holds one or two epochs, cut anywhere, plus the
 * slices the children inherited at fork, and the shares say little about
 * nice. With NICE_MIN_EPOCHS epochs' ticks, nice 0 must get NICE_RATIO_O1
 * times nice 19 (measured 3.6-19x with 1000-2100 ticks; the model 10x);
 * with fewer, ours is reported. 5, not 4: a CI run with 1124 ticks (4.6
 * epochs, the vCPU starved beside another QEMU) gave 27/24/35/14 %, 1.9x;
 * runs with 1492-1782 ticks on the same shape gave 9.8-12.3x.
 */
#define O1_EPOCH_TICKS	244
#define NICE_MIN_EPOCHS	5
#define NICE_RATIO_O1	2.0
/* The CPU user/etc/parity.sh gives nicemix ("nicemix 2 1"). */
#define NICE_CPU_STR	"1"

struct task {
	int cpu, node, first_cpu, first_node, moves, last_ms;
};

struct spinrun {
	int n, want, fork_cpu, fork_node, done;
	struct task t[MAXTASK];
};

/* The kernels of a table, in its column order. */
enum kind { K_LINUX, K_SCX, K_OURS, NR_KIND };

struct kern {
	const char *name;		/* "linux", "scx" or "ours": the log's name */
	enum kind kind;
	char version[32];		/* Linux's "6.12.118", from its banner */
	char status[200];
	int ncpus, nodes, ncores, maxdist;
	int core[MAXCPU], node[MAXCPU];	/* core: first CPU of its siblings */
	struct spinrun smt, over;
	int ex_fork_node, ex_n, ex_done, ex_node[MAXTASK];
	int ex_settled_n, ex_settled[MAXCPU];	/* execer's "per node settled" */
	int pin_checked, pin_bad, pin_done;
	double nice_kl[NR_NICE];
	char nice_on[NR_NICE][32];	/* "ran on" CPU list of each child */
	int nice_got, nice_stats;
	long nice_sw[2], nice_ticks[2];	/* NICE_CPU's stat: line before, after */
	int scx_runs, scx_unreg;	/* scx_d7's exits, and those by its loader */
};

enum verdict { V_PASS, V_FAIL, V_REPORT, V_NA };
static const char *const vname[] = { "PASS", "FAIL", "report", "n/a" };

struct cell {
	enum kind kind;
	enum verdict v;
	char fig[240];
};

static void cellf(struct cell *c, enum verdict v, const char *fmt, ...)
{
	va_list ap;

	c->v = v;
	va_start(ap, fmt);
	vsnprintf(c->fig, sizeof(c->fig), fmt, ap);
	va_end(ap);
}

/* ---- parsing */

/* The value after "key=" in line, or -1. */
static int keyval(const char *line, const char *key)
{
	char pat[32];
	const char *p;

	snprintf(pat, sizeof(pat), " %s=", key);
	p = strstr(line, pat);
	return p ? atoi(p + strlen(pat)) : -1;
}

static void parse_topo(struct kern *k, const char *l)
{
	int cpu = keyval(l, "cpu"), v;
	const char *s;

	if (strstr(l, "topo: cpus=")) {
		k->ncpus = atoi(strstr(l, "cpus=") + 5);
		k->nodes = keyval(l, "nodes");
		return;
	}
	if (cpu >= 0 && cpu < MAXCPU && (s = strstr(l, " siblings=")) != NULL) {
		k->core[cpu] = atoi(s + 10);
		k->node[cpu] = keyval(l, "node");
		return;
	}
	if ((s = strstr(l, "topo: distance node=")) != NULL) {
		s = strchr(s + 20, ' ');
		while (s && *s) {
			v = (int)strtol(s, (char **)&s, 10);
			if (v > k->maxdist)
				k->maxdist = v;
			if (!v)
				break;
		}
	}
}

static void parse_spin(struct spinrun *r, const char *l)
{
	const char *s;
	struct task *t;

	if ((s = strstr(l, "spin[")) != NULL && r->n < MAXTASK) {
		t = &r->t[r->n];
		if (sscanf(s, "spin[%*d]: cpu=%d node=%d", &t->cpu, &t->node) != 2)
			return;
		t->moves = (s = strstr(l, " kloops, ")) ? atoi(s + 9) : 0;
		t->first_cpu = -1;
		t->first_node = -1;
		t->last_ms = 0;
		if ((s = strstr(l, "first cpu=")) != NULL)
			sscanf(s, "first cpu=%d node=%d", &t->first_cpu, &t->first_node);
		if ((s = strstr(l, "last move at ")) != NULL)
			t->last_ms = atoi(s + 13);
		if (t->cpu >= 0 && t->cpu < MAXCPU)
			r->n++;
	} else if ((s = strstr(l, "spin: ")) != NULL) {
		r->want = atoi(s + 6);
		if ((s = strstr(l, "forked on cpu=")) != NULL)
			sscanf(s, "forked on cpu=%d node=%d", &r->fork_cpu, &r->fork_node);
		r->done = 1;
	}
}

static void parse_line(struct kern *k, const char *sect, const char *l)
{
	const char *s;
	int a, b;

	if ((s = strstr(l, "Linux version ")) != NULL && !k->version[0])
		sscanf(s, "Linux version %31s", k->version);
	if ((s = strstr(l, "scx_d7: exit kind=")) != NULL) {
		/* Each workload's loader: 1 when it unregistered scx_d7 itself,
		 * 0 when the kernel ejected it (an error, the watchdog). */
		k->scx_runs++;
		k->scx_unreg += strstr(s, " unregistered=1") != NULL;
		return;
	}
	if (strstr(l, "topo: "))
		parse_topo(k, l);
	else if (!strcmp(sect, "smt_fork"))
		parse_spin(&k->smt, l);
	else if (!strcmp(sect, "overload"))
		parse_spin(&k->over, l);
	else if (!strcmp(sect, "exec")) {
		if ((s = strstr(l, "execer: forking on cpu=")) != NULL)
			sscanf(s, "execer: forking on cpu=%*d node=%d", &k->ex_fork_node);
		else if ((s = strstr(l, "execer: after exec cpu=")) != NULL &&
			 sscanf(s, "execer: after exec cpu=%*d node=%d", &a) == 1 &&
			 k->ex_n < MAXTASK)
			k->ex_node[k->ex_n++] = a;
		else if ((s = strstr(l, "execer: ")) != NULL && strstr(s, " per node settled ")) {
			/* "execer: N children; per node settled MS ms after
			 * the last exec: node0=4 node1=4 ..." */
			const char *p = strstr(s, "exec:");
			int nd, c;

			k->ex_settled_n = atoi(s + strlen("execer: "));
			for (p = p ? strstr(p, " node") : NULL; p; p = strstr(p + 1, " node"))
				if (sscanf(p, " node%d=%d", &nd, &c) == 2 && nd >= 0 && nd < MAXCPU)
					k->ex_settled[nd] = c;
			k->ex_done = 1;
		}
	} else if (!strcmp(sect, "affinity")) {
		if ((s = strstr(l, "pin: ")) != NULL &&
		    sscanf(s, "pin: %d cpus checked, %d found", &a, &b) == 2) {
			k->pin_checked = a;
			k->pin_bad = b;
			k->pin_done = 1;
		}
	} else if (!strcmp(sect, "nice")) {
		double kl;
		char pat[32];

		snprintf(pat, sizeof(pat), "stat: cpu=%s ", NICE_CPU_STR);
		/* The kernel's stat: lines (init's stat), not scx_d7's own
		 * counters, which its loader prints after each workload. */
		if ((s = strstr(l, pat)) != NULL && k->nice_stats < 2 &&
		    !strstr(s, " user_switches=")) {
			k->nice_sw[k->nice_stats] = keyval(s, "switches");
			k->nice_ticks[k->nice_stats] = keyval(s, "idle_ticks") + keyval(s, "busy_ticks");
			k->nice_stats++;
		}

		if ((s = strstr(l, "nicemix: nice ")) != NULL &&
		    sscanf(s, "nicemix: nice %d: %lf kloops", &a, &kl) == 2)
			for (b = 0; b < NR_NICE; b++)
				if (nices[b] == a) {
					k->nice_kl[b] = kl;
					k->nice_got |= 1 << b;
					if ((s = strstr(l, ", ran on ")) != NULL)
						snprintf(k->nice_on[b], sizeof(k->nice_on[b]), "%s", s + 9);
				}
	}
}

static int load(struct kern *k, const char *dir, const char *shape)
{
	char path[512], line[1024], sect[64] = "";
	FILE *f;
	int i;

	for (i = 0; i < MAXCPU; i++)
		k->core[i] = k->node[i] = -1;
	k->smt.fork_node = k->over.fork_node = k->ex_fork_node = -1;
	snprintf(path, sizeof(path), "%s/%s/%s.status", dir, shape, k->name);
	snprintf(k->status, sizeof(k->status), "no status file");
	if ((f = fopen(path, "r")) != NULL) {
		if (fgets(k->status, sizeof(k->status), f))
			k->status[strcspn(k->status, "\r\n")] = 0;
		fclose(f);
	}
	snprintf(path, sizeof(path), "%s/%s/%s.log", dir, shape, k->name);
	if (!(f = fopen(path, "r")))
		return -1;
	while (fgets(line, sizeof(line), f)) {
		char *p;

		line[strcspn(line, "\r\n")] = 0;
		/* A marker may follow a kernel message's tail on one line. */
		if ((p = strstr(line, "parity:")) != NULL && !strchr(p, ' ')) {
			snprintf(sect, sizeof(sect), "%s", p + 7);
			continue;
		}
		parse_line(k, sect, line);
	}
	fclose(f);
	for (i = 0; i < k->ncpus && i < MAXCPU; i++) {
		int j, seen = 0;

		for (j = 0; j < i; j++)
			if (k->core[j] == k->core[i])
				seen = 1;
		if (!seen && k->core[i] >= 0)
			k->ncores++;
	}
	return 0;
}

/* ---- the checks: one cell per kernel */

static int valid_cpu(const struct kern *k, int cpu)
{
	return cpu >= 0 && cpu < k->ncpus && cpu < MAXCPU && k->core[cpu] >= 0;
}

/* Tasks per core (indexed by core id) and per node; 0 on a bad CPU. */
static int count(const struct kern *k, const struct spinrun *r, int *per_core, int *per_node)
{
	memset(per_core, 0, sizeof(int) * MAXCPU);
	memset(per_node, 0, sizeof(int) * MAXCPU);
	for (int i = 0; i < r->n; i++) {
		if (!valid_cpu(k, r->t[i].cpu))
			return 0;
		per_core[k->core[r->t[i].cpu]]++;
		per_node[k->node[r->t[i].cpu]]++;
	}
	return 1;
}

static int last_move(const struct spinrun *r)
{
	int m = 0;

	for (int i = 0; i < r->n; i++)
		if (r->t[i].last_ms > m)
			m = r->t[i].last_ms;
	return m;
}

/* "3/3/2/2": the counts of every core (or node) of the machine. */
static char *counts_str(const struct kern *k, const int *per, int by_node, char *buf,
			size_t len, int *min, int *max)
{
	size_t o = 0;

	*min = MAXTASK + 1;
	*max = 0;
	buf[0] = 0;
	for (int c = 0; c < (by_node ? k->nodes : k->ncpus); c++) {
		if (!by_node && k->core[c] != c)
			continue;	/* not the first CPU of a core */
		o += (size_t)snprintf(buf + o, len > o ? len - o : 0, "%s%d", o ? "/" : "", per[c]);
		if (per[c] < *min)
			*min = per[c];
		if (per[c] > *max)
			*max = per[c];
	}
	return buf;
}

/* 1 (and a FAIL) when the kernel's output of a scenario is not there, or
 * when scx_d7 did not run every workload from start to end: a run the
 * kernel ejected it from measured EEVDF. */
static int missing(struct cell *c, const struct kern *k, int have, const char *what)
{
	if (!have) {
		cellf(c, V_FAIL, "no %s output (boot: %s)", what, k->status);
		return 1;
	}
	if (k->kind == K_SCX && (!k->scx_runs || k->scx_unreg != k->scx_runs)) {
		cellf(c, V_FAIL, "scx_d7 ejected: %d of its %d runs ended by its loader",
		      k->scx_unreg, k->scx_runs);
		return 1;
	}
	return 0;
}

/* SMT spread: spin 2 (one hog per core of a node) must end on 2 cores. */
static void check_smt(struct cell *c, const struct kern *k)
{
	int pc[MAXCPU], pn[MAXCPU], used = 0, n = k->smt.n;

	if (missing(c, k, k->smt.done && n, "spin 2"))
		return;
	if (!count(k, &k->smt, pc, pn)) {
		cellf(c, V_FAIL, "a CPU number outside the topo: lines");
		return;
	}
	for (int i = 0; i < MAXCPU; i++)
		used += pc[i] > 0;
	int want = n < k->ncores ? n : k->ncores;

	cellf(c, used == want ? V_PASS : V_FAIL, "end cpus %d,%d on %d cores (want %d); last move %d ms",
	      k->smt.t[0].cpu, n > 1 ? k->smt.t[1].cpu : -1, used, want, last_move(&k->smt));
}

/* Fork locality: the children of spin 2 first ran on the parent's node
 * and stayed there (ours: the node has an idle core for each, so no
 * balancer takes them away; scx_d7: select_cpu places a child on the
 * node, and only an idle CPU whose node has queued work pulls); Linux
 * reported. */
static void check_fork(struct cell *c, const struct kern *k)
{
	int local = 0, n = k->smt.n, pc[MAXCPU], pn[MAXCPU], endlocal;

	if (missing(c, k, k->smt.done && n, "spin 2"))
		return;
	count(k, &k->smt, pc, pn);
	for (int i = 0; i < n; i++)
		local += k->smt.t[i].first_node == k->smt.fork_node;
	endlocal = k->smt.fork_node >= 0 && k->smt.fork_node < MAXCPU ? pn[k->smt.fork_node] : 0;
	if (k->nodes < 2) {
		cellf(c, V_NA, "one node");
		return;
	}
	enum verdict v;

	if (k->kind == K_LINUX)
		v = V_REPORT;	/* see the legend: (a) */
	else
		v = local == n && endlocal == n ? V_PASS : V_FAIL;
	cellf(c, v, "%d/%d started on the fork node %d, %d/%d ended there", local, n,
	      k->smt.fork_node, endlocal, n);
}

/* "a/b/c/d" of per[] over the kernel's nodes into buf; *min, *max. */
static void per_node_str(const struct kern *k, const int *per, char *buf, size_t len,
			 int *min, int *max)
{
	size_t o = 0;

	*min = MAXTASK;
	*max = 0;
	buf[0] = 0;
	for (int d = 0; d < k->nodes && d < MAXCPU; d++) {
		o += (size_t)snprintf(buf + o, len > o ? len - o : 0, "%s%d", o ? "/" : "", per[d]);
		if (per[d] < *min)
			*min = per[d];
		if (per[d] > *max)
			*max = per[d];
	}
}

/*
 * Exec spread: execer with one child per CPU. Ours (2.5.59's
 * sched_balance_exec) promises it at exec: every node has a child right
 * after exec, and still once the spread has settled. Linux 6.1's sched_exec
 * (find_idlest_group) allows a NUMA imbalance: while a node runs few tasks
 * (imb_numa_nr) and the idle CPUs differ by at most NUMA_IMBALANCE_MIN (2),
 * it keeps the exec'd task local and leaves "a real need of migration" to
 * the periodic balancer; so Linux is checked where the children run once
 * settled, and its after-exec spread is shown. Past RECLAIM_DISTANCE Linux
 * does no exec balancing across nodes at all: reported. scx_d7 has no exec
 * hook in 6.12: its children exec where they were forked, and the idle
 * CPUs of other nodes pull the ones left waiting; checked once settled.
 */
static void check_exec(struct cell *c, const struct kern *k)
{
	int per[MAXCPU] = { 0 }, n = k->ex_n, min, max, smin, smax, home;
	char buf[96], sbuf[96];

	if (missing(c, k, k->ex_done && n, "execer"))
		return;
	for (int i = 0; i < n; i++)
		if (k->ex_node[i] >= 0 && k->ex_node[i] < MAXCPU)
			per[k->ex_node[i]]++;
	per_node_str(k, per, buf, sizeof(buf), &min, &max);
	per_node_str(k, k->ex_settled, sbuf, sizeof(sbuf), &smin, &smax);
	if (k->nodes < 2) {
		cellf(c, V_NA, "one node (%d children)", n);
		return;
	}
	home = k->ex_fork_node >= 0 && k->ex_fork_node < MAXCPU ? per[k->ex_fork_node] : 0;
	if (k->kind == K_LINUX && k->maxdist > RECLAIM_DISTANCE)
		cellf(c, V_REPORT, "per node %s after exec, %s settled; the fork node %d had %d of %d",
		      buf, sbuf, k->ex_fork_node, home, n);
	else
		cellf(c, smin >= 1 && k->ex_settled_n == n && (k->kind != K_OURS || min >= 1) ?
			 V_PASS : V_FAIL,
		      "per node %s after exec (spread %d), %s settled, of %d children", buf,
		      max - min, sbuf, n);
}

/*
 * Overload: CPUs + 2 hogs end within OVERLOAD_SPREAD of each other per
 * core. The end is one instant: both balancers may have a move in flight
 * (CFS moves hogs on all the time to share the 2 extra ones; one Linux run
 * in 2 on 2n-dist40 ended 2/2/4/2, one of ours on 1n2c2t 4/2), so 2, not
 * 1; a balancer that fails to spread (all on one node) is far beyond.
 */
#define OVERLOAD_SPREAD	2

static void check_overload(struct cell *c, const struct kern *k)
{
	int pc[MAXCPU], pn[MAXCPU], cmin, cmax, nmin, nmax;
	char cb[96], nb[64];

	if (missing(c, k, k->over.done && k->over.n, "spin +2"))
		return;
	if (!count(k, &k->over, pc, pn)) {
		cellf(c, V_FAIL, "a CPU number outside the topo: lines");
		return;
	}
	counts_str(k, pc, 0, cb, sizeof(cb), &cmin, &cmax);
	counts_str(k, pn, 1, nb, sizeof(nb), &nmin, &nmax);
	/* scx_d7 has no busy balancing: the queues keep the split they got
	 * when the idle CPUs filled (scx/README.md), reported. */
	cellf(c, k->kind == K_SCX ? V_REPORT :
		 cmax - cmin <= OVERLOAD_SPREAD && k->over.n == k->ncpus + 2 ? V_PASS : V_FAIL,
	      "%d hogs; per core %s; per node %s; last move %d ms", k->over.n, cb, nb,
	      last_move(&k->over));
}

static void check_affinity(struct cell *c, const struct kern *k)
{
	if (missing(c, k, k->pin_done, "pin all"))
		return;
	cellf(c, k->pin_bad == 0 && k->pin_checked == k->ncpus ? V_PASS : V_FAIL,
	      "%d CPUs pinned in turn, %d found elsewhere", k->pin_checked, k->pin_bad);
}

/* Nice share: nice 0 gets at least NICE_RATIO_MIN times what nice 19
 * gets, all on the pinned CPU; the shares are shown against the model. */
static void check_nice(struct cell *c, const struct kern *k)
{
	double tot = 0, mtot = 0, share[NR_NICE], model[NR_NICE];
	const double *m = k->kind == K_OURS ? o1_slice_ms : k->kind == K_LINUX ? cfs_weight :
			  fifo_slice;
	if (missing(c, k, k->nice_got == (1 << NR_NICE) - 1, "nicemix"))
		return;
	for (int i = 0; i < NR_NICE; i++) {
		tot += k->nice_kl[i];
		mtot += m[i];
	}
	for (int i = 0; i < NR_NICE; i++) {
		share[i] = tot > 0 ? 100 * k->nice_kl[i] / tot : 0;
		model[i] = 100 * m[i] / mtot;
	}
	double ratio = k->nice_kl[NR_NICE - 1] > 0 ? k->nice_kl[0] / k->nice_kl[NR_NICE - 1] : 999;

	/* nicemix pins every child to NICE_CPU: a child that also ran
	 * elsewhere got a CPU of its own for a while, and its share says
	 * nothing about nice. */
	char away[64] = "";

	for (int i = 0; i < NR_NICE; i++)
		if (k->nice_on[i][0] && strcmp(k->nice_on[i], NICE_CPU_STR))
			snprintf(away + strlen(away), sizeof(away) - strlen(away),
				 "; nice %d ran on %s", nices[i], k->nice_on[i]);
	/* CPU 1's context switches and ticks over the run (stat: lines
	 * around nicemix; Linux counts ticks only with schedstats on). */
	char cpu1[80] = "";

	if (k->nice_stats == 2)
		snprintf(cpu1, sizeof(cpu1), "; CPU %s: %ld switches, %ld ticks", NICE_CPU_STR,
			 k->nice_sw[1] - k->nice_sw[0], k->nice_ticks[1] - k->nice_ticks[0]);
	enum verdict v = ratio >= NICE_RATIO_MIN && !away[0] ? V_PASS : V_FAIL;

	/* Ours counts slices in ticks: with too few of them the run holds
	 * too few O(1) epochs for the model to show (see the legend). */
	long ticks = k->nice_stats == 2 ? k->nice_ticks[1] - k->nice_ticks[0] : 0;

	if (k->kind == K_SCX)
		v = V_REPORT;	/* one slice for every task: nice means nothing */
	else if (k->kind == K_OURS && ticks < NICE_MIN_EPOCHS * O1_EPOCH_TICKS)
		v = V_REPORT;
	else if (k->kind == K_OURS && v == V_PASS && ratio < NICE_RATIO_O1)
		v = V_FAIL;
	cellf(c, v, "%.0f/%.0f/%.0f/%.1f%%, nice 0 = %.1fx nice 19 (model %.0f/%.0f/%.0f/%.1f)%s%s",
	      share[0], share[1], share[2], share[3], ratio, model[0], model[1], model[2],
	      model[3], away, cpu1);
}

/* ---- the table */

enum { S_SMT, S_FORK, S_EXEC, S_OVER, S_AFF, S_NICE, NR_SCEN };
static const char *const scen_name[NR_SCEN] = {
	"smt_spread", "fork_locality", "exec_spread", "overload", "affinity", "nice_share",
};

/* The row's note: the same promise, or how the two differ by design
 * (the legend under the table says why). */
static const char *note(int s, const struct kern *l)
{
	int far = l->maxdist > RECLAIM_DISTANCE;

	switch (s) {
	case S_SMT:
		return "same promise";
	case S_FORK:
		if (l->nodes < 2)
			return "one node";
		return far ? "Linux: no fork balancing past RECLAIM_DISTANCE, but reported (a)"
			   : "by design: Linux balances forks across nodes, reported (a)";
	case S_EXEC:
		if (l->nodes < 2)
			return "one node";
		return far ? "by design: no exec balancing in Linux past RECLAIM_DISTANCE, reported (b)"
			   : "same promise (b)";
	case S_OVER:
		return "same promise; Linux's fair class goes on moving (c)";
	case S_AFF:
		return "same promise";
	case S_NICE:
		return "by design: O(1) slices vs the fair class's weights; ours checked with >= 5 epochs of ticks (d)";
	}
	return "";
}

static const char legend[] =
	"What each row checks (user/etc/parity.sh runs the workloads; each kernel's cell is\n"
	"PASS/FAIL against the property, `report` where that kernel does not promise it,\n"
	"`n/a` where the shape makes it meaningless):\n"
	"\n"
	"- smt_spread: `spin 2 2000`, one hog per core of a node: at the end the two hogs run on\n"
	"  two different cores (never two siblings of one core while a core idles). Last move:\n"
	"  when a hog last changed CPU, i.e. how long balancing took.\n"
	"- fork_locality (a): the same run: each child first ran on the fork node and ours'\n"
	"  also ended there (2.5.59 forks onto the parent's runqueue, and the node has an idle\n"
	"  core for each, so no balancer takes them away). Linux 6.1 balances forks across\n"
	"  nodes up to RECLAIM_DISTANCE (30) (SD_BALANCE_FORK, find_idlest_group): reported.\n"
	"  Past it (2n-dist40) its children started on the fork node in 3 runs of 4, and both\n"
	"  on the other node in one (not explained; perhaps the parent moved right after it\n"
	"  read its CPU): reported too.\n"
"- exec_spread (b): `execer +0 500`, one child per CPU, forked one at a time: every\n"
	"  node has a child once the spread has settled (500 ms after the last exec). Ours\n"
	"  (2.5.59's sched_balance_exec, the least loaded node) promises it at exec too, and is\n"
	"  checked on both. Linux 6.1's sched_exec (find_idlest_group) keeps an exec'd task on\n"
	"  its node while the node runs few tasks (imb_numa_nr) and the idle CPUs differ by at\n"
	"  most 2 (adjust_numa_imbalance), leaving the rest to the periodic balancer: its\n"
	"  after-exec spread is shown (4/0/8/4 in one run, 4/4/4/4 in others), its settled one\n"
	"  checked. Past RECLAIM_DISTANCE Linux does no exec balancing across nodes: reported.\n"
	"  Ours (2.5.59) ignores distance: checked.\n"
"- overload (c): `spin +2 3000`, CPUs + 2 hogs that all stop together: at the end the\n"
	"  hogs per core differ by at most 2 (one instant: a move may be in flight). Ours has\n"
	"  one runqueue per core; Linux balances through sched domains and keeps moving hogs\n"
	"  to share the 2 extra ones (last moves near the end are the fair class's sharing).\n"
"- affinity: `pin all 50`: after sched_setaffinity() every getcpu() names that CPU.\n"
	"- nice_share (d): `nicemix 2 1`, nice 0/5/10/19 hogs pinned to CPU 1: nice 0 gets at\n"
	"  least 1.5x the work of nice 19 (ours: 2x), every child only on CPU 1; CPU 1's\n"
	"  switches and ticks over the run (`stat:` lines) are shown. The shares differ by\n"
	"  design: O(1) slices (102/78/54/10 ms) against the fair class's weights\n"
	"  (1024/335/110/15: CFS in 6.1, EEVDF in 6.12), the\n"
	"  model in brackets. Ours counts slices in ticks, and the host drops many of CPU 1's\n"
	"  (335-880 of 2000 in some runs): the 2 s then hold one or two O(1) epochs (244 ticks)\n"
	"  cut anywhere, and the shares wander (nice 19 got 9-31% in such runs, once no nice\n"
	"  effect at all; 1.9x once with 1124 ticks). So ours is checked only when CPU 1 got\n"
	"  5 epochs of ticks (1220), reported otherwise.\n";

static const char legend_scx[] =
	"The scx_d7 column: Linux 6.12 with the seed's policy as a sched_ext scheduler\n"
	"(sched/linux/scx/). Every workload runs under its own loader (`scx_d7 /bin/PROG ARGS`);\n"
	"a cell fails when the kernel ejected scx_d7 from any of the runs (an error, the\n"
	"watchdog): such a run measured EEVDF.\n"
	"\n"
	"- smt_spread, fork_locality, affinity: checked as ours (D7's idle-core-first pick;\n"
	"  select_cpu keeps a forked child on its parent's node).\n"
	"- exec_spread: 6.12 has no exec hook, so children exec where they were forked; idle\n"
	"  CPUs of other nodes pull the ones left waiting. Checked once settled, after-exec shown.\n"
	"- overload: reported. scx_d7 has no busy balancing (only idle CPUs pull), so the queues\n"
	"  keep the split they had when the idle CPUs filled.\n"
	"- nice_share: reported. One FIFO queue per core and the same 20 ms slice for every\n"
	"  nice level: the model is equal shares.\n";

static int tap_n;

static const char *const kind_name[NR_KIND] = { "linux", "scx", "ours" };

/* One TAP line and one table row: the row fails when a kernel's cell
 * fails; it is skipped where every cell is n/a, "reported" where every
 * cell is. */
static void emit(FILE *md, const char *shape, int s, struct cell *const cells[], int nk,
		 const struct kern *l)
{
	int fail = 0, na = 0, rep = 0;
	const char *res;
	char tap[1024] = "";
	size_t o = 0;

	for (int k = 0; k < nk; k++) {
		fail += cells[k]->v == V_FAIL;
		na += cells[k]->v == V_NA;
		rep += cells[k]->v == V_REPORT;
		o += (size_t)snprintf(tap + o, sizeof(tap) > o ? sizeof(tap) - o : 0, "%s%s %s: %s",
				      k ? "; " : "", kind_name[cells[k]->kind], vname[cells[k]->v],
				      cells[k]->fig);
	}
	res = fail ? "FAIL" : na == nk ? "skip" : rep == nk ? "reported" : "pass";
	tap_n++;
	if (!fail && na == nk)
		printf("ok %d %s_%s # SKIP %s\n", tap_n, scen_name[s], shape, cells[nk - 1]->fig);
	else
		printf("%s %d %s_%s # %s\n", fail ? "not ok" : "ok", tap_n, scen_name[s], shape, tap);
	if (md) {
		fprintf(md, "| %s | %s |", scen_name[s], shape);
		for (int k = 0; k < nk; k++)
			fprintf(md, " %s: %s |", vname[cells[k]->v], cells[k]->fig);
		fprintf(md, " %s | %s |\n", res, note(s, l));
	}
}

int main(int argc, char **argv)
{
	const char *out = NULL, *dir;
	FILE *md = NULL, *tmp;
	int i = 1, nshapes, nk = 2, with_scx = 0;
	char version[32] = "";

	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "-s"))
			with_scx = 1;
		else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			out = argv[++i];
		else
			break;
	}
	if (argc - i < 2 || argv[i][0] == '-') {
		fprintf(stderr, "usage: behave [-s] [-o FILE.md] DIR SHAPE...\n");
		return 2;
	}
	if (with_scx)
		nk = 3;
	dir = argv[i++];
	nshapes = argc - i;
	printf("1..%d\n", nshapes * NR_SCEN);
	tmp = tmpfile();
	for (; i < argc; i++) {
		static struct kern kern[NR_KIND];
		static struct cell cell[NR_KIND][NR_SCEN];
		/* The table's columns: Linux, scx_d7 with -s, ours. */
		enum kind col[3] = { K_LINUX, with_scx ? K_SCX : K_OURS, K_OURS };

		for (int k = 0; k < nk; k++) {
			struct kern *kp = &kern[col[k]];

			memset(kp, 0, sizeof(*kp));
			kp->kind = col[k];
			kp->name = kind_name[col[k]];
			load(kp, dir, argv[i]);
			check_smt(&cell[k][S_SMT], kp);
			check_fork(&cell[k][S_FORK], kp);
			check_exec(&cell[k][S_EXEC], kp);
			check_overload(&cell[k][S_OVER], kp);
			check_affinity(&cell[k][S_AFF], kp);
			check_nice(&cell[k][S_NICE], kp);
			for (int sc = 0; sc < NR_SCEN; sc++)
				cell[k][sc].kind = col[k];
		}
		if (!version[0])
			snprintf(version, sizeof(version), "%s", kern[K_LINUX].version);
		for (int sc = 0; sc < NR_SCEN; sc++) {
			struct cell *cells[3] = { &cell[0][sc], &cell[1][sc], &cell[2][sc] };

			emit(tmp, argv[i], sc, cells, nk, &kern[K_LINUX]);
		}
	}
	if (!tmp)
		return 0;
	rewind(tmp);
	if (out && !(md = fopen(out, "w")))
		fprintf(stderr, "behave: cannot write %s\n", out);
	if (!version[0])
		snprintf(version, sizeof(version), "?");
	if (md)
		fprintf(md, "# Behaviour parity: Linux %s%s and our kernel\n\n"
			    "Written by tests/parity/behave.c (make test-parity-behave; with the "
			    "scx_d7 column, make parity-scx); how to read it: "
			    "sched/linux/README.md.\n\n", version,
			with_scx ? ", Linux with scx_d7" : "");
	{
		char line[4096], head[256];

		snprintf(head, sizeof(head), "| scenario | shape | Linux %s (fair class) |%s"
			 " ours (O(1), 2.5.59 + D7) | result | note |\n|---|---|---|%s---|---|---|\n",
			 version, with_scx ? " Linux + scx_d7 (the seed's policy) |" : "",
			 with_scx ? "---|" : "");
		printf("# %.*s\n", (int)(strchr(head, '\n') - head), head);
		printf("# %s", strchr(head, '\n') + 1);
		if (md)
			fputs(head, md);
		while (fgets(line, sizeof(line), tmp)) {
			printf("# %s", line);
			if (md)
				fputs(line, md);
		}
		for (const char *p = legend; *p; p = strchr(p, '\n') + 1)
			printf("# %.*s\n", (int)(strchr(p, '\n') - p), p);
		if (md)
			fprintf(md, "\n%s", legend);
		if (with_scx) {
			for (const char *p = legend_scx; *p; p = strchr(p, '\n') + 1)
				printf("# %.*s\n", (int)(strchr(p, '\n') - p), p);
			if (md)
				fprintf(md, "\n%s", legend_scx);
		}
	}
	if (md)
		fclose(md);
	fclose(tmp);
	return 0;
}
