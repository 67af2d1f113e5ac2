/*
 * topology.c - derived topology maps and the `topo:` report (DESIGN.md).
 *
 * Portable and libc-free: compiled into the kernel and into the host tools,
 * so the kernel's report and the tests' expected report share one formatter.
 */
#include "topology.h"

void topo_build_maps(struct topology *t)
{
	int i, j;

	for (i = 0; i < MAX_NODES; i++)
		t->node_map[i] = CPU_MASK_NONE;
	for (i = 0; i < t->ncpus; i++) {
		const struct cpu_topo *a = &t->cpu[i];

		t->sibling_map[i] = t->core_map[i] = CPU_MASK_NONE;
		for (j = 0; j < t->ncpus; j++) {
			const struct cpu_topo *b = &t->cpu[j];

			if (a->package != b->package)
				continue;
			cpu_set(j, t->core_map[i]);
			if (a->core == b->core)
				cpu_set(j, t->sibling_map[i]);
		}
		if (a->node >= 0 && a->node < MAX_NODES)
			cpu_set(i, t->node_map[a->node]);
	}
}

void topo_default_distances(struct topology *t)
{
	int i, j;

	for (i = 0; i < MAX_NODES; i++)
		for (j = 0; j < MAX_NODES; j++)
			t->distance[i][j] = i == j ? LOCAL_DISTANCE : REMOTE_DISTANCE;
}

/* A line being built; long enough for a distance row of MAX_NODES nodes
 * and for the longest cpulist. */
struct line {
	char buf[CPULIST_LEN + 64 > 32 + 4 * MAX_NODES ? CPULIST_LEN + 64 :
		 32 + 4 * MAX_NODES];
	unsigned len;
};

static void put_str(struct line *l, const char *s)
{
	while (*s && l->len + 1 < sizeof(l->buf))
		l->buf[l->len++] = *s++;
	l->buf[l->len] = '\0';
}

static void put_int(struct line *l, long v)
{
	char tmp[24];
	int n = 0;
	unsigned long u = v < 0 ? -(unsigned long)v : (unsigned long)v;

	if (v < 0)
		put_str(l, "-");
	do {
		tmp[n++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	while (n) {
		char c[2] = { tmp[--n], 0 };

		put_str(l, c);
	}
}

static void put_key_int(struct line *l, const char *key, long v)
{
	put_str(l, key);
	put_int(l, v);
}

static void put_key_mask(struct line *l, const char *key, cpumask_t m)
{
	char list[CPULIST_LEN];

	cpulist_format(list, sizeof(list), m);
	put_str(l, key);
	put_str(l, list);
}

void topo_report(const struct topology *t, void (*emit)(const char *line))
{
	struct line l;
	cpumask_t seen_pkg = CPU_MASK_NONE, seen_core = CPU_MASK_NONE,
		  seen_rq = CPU_MASK_NONE;
	int i, j, packages = 0, cores = 0, tpc = 0, rqs = 0;

	for (i = 0; i < t->ncpus; i++) {
		int first_of_pkg = first_cpu(t->core_map[i]);
		int first_of_core = first_cpu(t->sibling_map[i]);

		if (first_of_pkg < NR_CPUS && !cpu_isset(first_of_pkg, seen_pkg)) {
			cpu_set(first_of_pkg, seen_pkg);
			packages++;
		}
		if (first_of_core < NR_CPUS &&
		    !cpu_isset(first_of_core, seen_core)) {
			cpu_set(first_of_core, seen_core);
			cores++;
		}
		if (cpus_weight(t->sibling_map[i]) > tpc)
			tpc = cpus_weight(t->sibling_map[i]);
		if (t->cpu[i].rq >= 0 && t->cpu[i].rq < NR_CPUS &&
		    !cpu_isset(t->cpu[i].rq, seen_rq)) {
			cpu_set(t->cpu[i].rq, seen_rq);
			rqs++;
		}
	}

	l.len = 0;
	put_key_int(&l, "topo: cpus=", t->ncpus);
	put_key_int(&l, " packages=", packages);
	put_key_int(&l, " cores=", cores);
	put_key_int(&l, " threads_per_core=", tpc);
	put_key_int(&l, " nodes=", t->nnodes);
	put_key_int(&l, " runqueues=", rqs);
	emit(l.buf);

	for (i = 0; i < t->ncpus; i++) {
		const struct cpu_topo *c = &t->cpu[i];

		l.len = 0;
		put_key_int(&l, "topo: cpu=", i);
		put_key_int(&l, " apic=", c->apic_id);
		put_key_int(&l, " package=", c->package);
		put_key_int(&l, " core=", c->core);
		put_key_int(&l, " thread=", c->thread);
		put_key_int(&l, " node=", c->node);
		put_key_mask(&l, " siblings=", t->sibling_map[i]);
		put_key_mask(&l, " core_siblings=", t->core_map[i]);
		put_key_int(&l, " rq=", c->rq);
		emit(l.buf);
	}

	for (i = 0; i < t->nnodes; i++) {
		l.len = 0;
		put_key_int(&l, "topo: node=", i);
		put_key_mask(&l, " cpus=", t->node_map[i]);
		put_key_int(&l, " mem_mb=", t->node_mem_mb[i]);
		emit(l.buf);
	}

	for (i = 0; i < t->nnodes; i++) {
		l.len = 0;
		put_key_int(&l, "topo: distance node=", i);
		for (j = 0; j < t->nnodes; j++)
			put_key_int(&l, " ", t->distance[i][j]);
		emit(l.buf);
	}
}
