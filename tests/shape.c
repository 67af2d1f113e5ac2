/*
 * shape.c - a machine shape's QEMU arguments turned into the topology Linux
 * (and our kernel) should report on it.
 *
 * Everything here is derived from the arguments the way QEMU 7.2 builds the
 * machine, never from a kernel's output:
 *
 * - -smp: omitted sockets/cores/threads are computed as QEMU >= 6.2 does
 *   (hw/core/machine-smp.c: "prefer cores over sockets"): `-smp 4` is one
 *   socket of 4 cores, not 4 sockets (checked with `info hotpluggable-cpus`).
 * - CPU index i sits at thread i % T, core (i / T) % C, package i / (T * C)
 *   (x86_topo_ids_from_idx) and has APIC ID
 *   package << (smt_width + core_width) | core << smt_width | thread, with
 *   width = ceil(log2(count)) (x86_apicid_from_topo_ids, docs/qemu.md).
 * - Only the first `cpus` of `maxcpus` indices are present (MADT flags 1).
 * - Logical CPU numbers follow Linux: the boot CPU (index 0), then the
 *   enabled MADT entries in table order, which is index order.
 * - Node of a CPU: -numa node cpus=; CPUs no node names go where QEMU 7.2
 *   puts them (x86_get_default_cpu_node_id: package % nodes). No -numa: one
 *   node, 0, holding every CPU and all of -m.
 * - Node memory: the size of its memdev, in MiB (QEMU's SRAT gives node 0
 *   [0, 640K) and [1M, ...): the span is still the memdev size).
 * - Distances: -numa dist, the reverse direction when only one is given, 10
 *   on the diagonal (QEMU's complete_init_numa_distance); none: 10/20.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "shape.h"

/* QEMU's default RAM without -m: 128 MiB (hw/i386/pc.c default_ram_size). */
#define DEFAULT_RAM_MB		128
#define MAX_MEMDEVS		16
#define MAX_ARG_WORDS		128

struct memdev {
	char id[32];
	uint64_t size;		/* bytes */
};

struct numa_node {
	int present;
	cpumask_t cpus;		/* QEMU CPU indices named by cpus= */
	uint64_t mem;		/* bytes, from memdev */
};

/* Everything read from the arguments before deriving the topology. */
struct shape {
	uint64_t ram;				/* -m, bytes */
	unsigned cpus, maxcpus, sockets, cores, threads;
	int nmemdevs;
	struct memdev memdev[MAX_MEMDEVS];
	int nnodes;
	struct numa_node node[MAX_NODES];
	int has_dist;
	int dist[MAX_NODES][MAX_NODES];		/* 0: not given */
};

/* Where the error goes; set once per shape_from_args() call. */
struct ctx {
	char *err;
	size_t errlen;
};

__attribute__((format(printf, 2, 3)))
static int fail(struct ctx *c, const char *fmt, ...)
{
	va_list ap;

	if (c->errlen) {
		va_start(ap, fmt);
		vsnprintf(c->err, c->errlen, fmt, ap);
		va_end(ap);
	}
	return -1;
}

/* A decimal number, all of s, no sign. */
static int parse_uint(const char *s, unsigned long long *out)
{
	char *end;

	if (!isdigit((unsigned char)*s))
		return -1;
	errno = 0;
	*out = strtoull(s, &end, 10);
	return errno || *end ? -1 : 0;
}

/*
 * A size as QEMU's qemu_strtosz reads it: a number and an optional suffix
 * B/K/M/G/T (either case). Without a suffix the number is in units of
 * 1 << default_shift: bytes for object sizes, MiB for -m.
 */
static int parse_size(const char *s, int default_shift, uint64_t *out)
{
	unsigned long long v;
	char num[32];
	size_t n = strspn(s, "0123456789");
	int shift = default_shift;

	if (!n || n >= sizeof(num))
		return -1;
	memcpy(num, s, n);
	num[n] = '\0';
	if (parse_uint(num, &v))
		return -1;
	if (s[n]) {
		const char *units = "bkmgt", *u;

		if (s[n + 1] || !(u = strchr(units, tolower((unsigned char)s[n]))))
			return -1;
		shift = 10 * (int)(u - units);
	}
	if (shift && v > (UINT64_MAX >> shift))
		return -1;
	*out = (uint64_t)v << shift;
	return 0;
}

/*
 * Split an option value "a,b=c,d=e" in place into items; calls item() with
 * key (NULL for a bare first item) and value. Stops at the first error.
 */
typedef int (*item_fn)(struct ctx *c, struct shape *s, const char *opt,
		       const char *key, const char *val, void *arg);

static int for_each_item(struct ctx *c, struct shape *s, const char *opt,
			 char *v, item_fn item, void *arg)
{
	int first = 1;

	while (v) {
		char *next = strchr(v, ','), *eq;

		if (next)
			*next++ = '\0';
		eq = strchr(v, '=');
		if (eq) {
			*eq = '\0';
			if (item(c, s, opt, v, eq + 1, arg))
				return -1;
		} else if (first) {
			if (item(c, s, opt, NULL, v, arg))
				return -1;
		} else {
			return fail(c, "%s: '%s' is not key=value", opt, v);
		}
		first = 0;
		v = next;
	}
	return 0;
}

static int count_item(struct ctx *c, const char *opt, const char *key,
		      const char *val, unsigned *out)
{
	unsigned long long v;

	if (parse_uint(val, &v) || v == 0 || v > SHAPE_MAX_SLOTS)
		return fail(c, "%s: %s=%s is not a count from 1 to %d",
			    opt, key ? key : "cpus", val, SHAPE_MAX_SLOTS);
	*out = (unsigned)v;
	return 0;
}

static int smp_item(struct ctx *c, struct shape *s, const char *opt,
		    const char *key, const char *val, void *arg)
{
	(void)arg;
	if (!key || !strcmp(key, "cpus"))
		return count_item(c, opt, key, val, &s->cpus);
	if (!strcmp(key, "maxcpus"))
		return count_item(c, opt, key, val, &s->maxcpus);
	if (!strcmp(key, "sockets"))
		return count_item(c, opt, key, val, &s->sockets);
	if (!strcmp(key, "cores"))
		return count_item(c, opt, key, val, &s->cores);
	if (!strcmp(key, "threads"))
		return count_item(c, opt, key, val, &s->threads);
	if (!strcmp(key, "dies") || !strcmp(key, "clusters")) {
		/* x86 has dies, but a die level changes the APIC ID layout;
		 * no shape uses it, so refuse rather than guess. */
		if (strcmp(val, "1"))
			return fail(c, "%s: %s=%s: only 1 is modelled", opt, key, val);
		return 0;
	}
	return fail(c, "%s: unknown key '%s'", opt, key);
}

/* The omitted counts, as QEMU 7.2's machine_parse_smp_config computes them
 * for machine types >= 6.2 (prefer cores over sockets, threads last). */
static int smp_finish(struct ctx *c, struct shape *s)
{
	unsigned cpus = s->cpus, max = s->maxcpus;
	unsigned so = s->sockets, co = s->cores, th = s->threads;

	if (!cpus && !max) {
		so = so ? so : 1;
		co = co ? co : 1;
		th = th ? th : 1;
	} else {
		max = max ? max : cpus;
		if (!co) {
			so = so ? so : 1;
			th = th ? th : 1;
			co = max / (so * th);
		} else if (!so) {
			th = th ? th : 1;
			so = max / (co * th);
		}
		if (!th)
			th = max / (so * co);
	}
	if (!so || !co || !th || so * co * th != (max ? max : so * co * th))
		return fail(c, "-smp: sockets (%u) * cores (%u) * threads (%u) "
			    "!= maxcpus (%u), as QEMU would refuse", so, co, th,
			    max ? max : cpus);
	max = so * co * th;
	cpus = cpus ? cpus : max;
	if (cpus > max)
		return fail(c, "-smp: %u CPUs but maxcpus %u", cpus, max);
	if (cpus > NR_CPUS)
		return fail(c, "-smp: %u CPUs present, the kernel runs at most "
			    "NR_CPUS=%d", cpus, NR_CPUS);
	if (max > SHAPE_MAX_SLOTS)
		return fail(c, "-smp: maxcpus %u needs x2APIC IDs, which TCG "
			    "refuses", max);
	s->cpus = cpus;
	s->maxcpus = max;
	s->sockets = so;
	s->cores = co;
	s->threads = th;
	return 0;
}

static int machine_item(struct ctx *c, struct shape *s, const char *opt,
			const char *key, const char *val, void *arg)
{
	(void)s;
	(void)arg;
	if (key && strcmp(key, "type"))
		return fail(c, "%s: unknown key '%s'", opt, key);
	if (strcmp(val, "pc") && strcmp(val, "q35") &&
	    strncmp(val, "pc-i440fx-", 10) && strncmp(val, "pc-q35-", 7))
		return fail(c, "%s: machine '%s': only pc and q35 are modelled",
			    opt, val);
	return 0;
}

static int mem_item(struct ctx *c, struct shape *s, const char *opt,
		    const char *key, const char *val, void *arg)
{
	(void)arg;
	if (key && strcmp(key, "size"))
		return fail(c, "%s: key '%s' (memory hotplug) is not modelled",
			    opt, key);
	/* -m takes MiB without a suffix (QEMU's default_ram_size unit). */
	if (parse_size(val, 20, &s->ram) || !s->ram)
		return fail(c, "%s: bad size '%s'", opt, val);
	return 0;
}

struct object_args {
	int is_ram;
	struct memdev md;
	int has_size;
};

static int object_item(struct ctx *c, struct shape *s, const char *opt,
		       const char *key, const char *val, void *arg)
{
	struct object_args *o = arg;

	(void)s;
	if (!key || !strcmp(key, "qom-type")) {
		if (strcmp(val, "memory-backend-ram"))
			return fail(c, "%s: object type '%s': only "
				    "memory-backend-ram is modelled", opt, val);
		o->is_ram = 1;
	} else if (!strcmp(key, "id")) {
		if (strlen(val) >= sizeof(o->md.id) || !*val)
			return fail(c, "%s: bad id '%s'", opt, val);
		strcpy(o->md.id, val);
	} else if (!strcmp(key, "size")) {
		if (parse_size(val, 0, &o->md.size) || !o->md.size)
			return fail(c, "%s: bad size '%s'", opt, val);
		o->has_size = 1;
	} else {
		return fail(c, "%s: unknown key '%s'", opt, key);
	}
	return 0;
}

static int add_object(struct ctx *c, struct shape *s, char *val)
{
	struct object_args o = { 0 };
	int i;

	if (for_each_item(c, s, "-object", val, object_item, &o))
		return -1;
	if (!o.is_ram || !o.md.id[0] || !o.has_size)
		return fail(c, "-object: need memory-backend-ram,id=X,size=SIZE");
	for (i = 0; i < s->nmemdevs; i++)
		if (!strcmp(s->memdev[i].id, o.md.id))
			return fail(c, "-object: duplicate id '%s'", o.md.id);
	if (s->nmemdevs == MAX_MEMDEVS)
		return fail(c, "-object: more than %d memory backends", MAX_MEMDEVS);
	s->memdev[s->nmemdevs++] = o.md;
	return 0;
}

/* What one -numa option says; checked and applied once it is all read. */
struct numa_args {
	int type;			/* 1 node, 2 dist */
	long nodeid;			/* -1: the next free one */
	cpumask_t cpus;
	int has_cpus;
	const char *memdev;
	long src, dst, val;
};

static int parse_node_num(struct ctx *c, const char *key, const char *val,
			  long *out)
{
	unsigned long long v;

	if (parse_uint(val, &v) || v >= MAX_NODES)
		return fail(c, "-numa: %s=%s is not a node from 0 to %d",
			    key, val, MAX_NODES - 1);
	*out = (long)v;
	return 0;
}

/* cpus=A or cpus=A-B: QEMU CPU indices (opts-visitor ranges). */
static int parse_cpu_range(struct ctx *c, const char *val, cpumask_t *m)
{
	unsigned long long a, b;
	char tmp[32];
	char *dash;

	if (strlen(val) >= sizeof(tmp))
		return fail(c, "-numa: bad cpus=%s", val);
	strcpy(tmp, val);
	dash = strchr(tmp, '-');
	if (dash)
		*dash = '\0';
	if (parse_uint(tmp, &a) || (dash && parse_uint(dash + 1, &b)))
		return fail(c, "-numa: bad cpus=%s (want A or A-B)", val);
	if (!dash)
		b = a;
	if (b < a || b >= SHAPE_MAX_SLOTS)
		return fail(c, "-numa: bad cpus=%s", val);
	/* Indices >= NR_CPUS are never present (smp_finish caps cpus) and so
	 * never reported; they cannot be kept in a cpumask_t either. */
	for (; a <= b && a < NR_CPUS; a++)
		cpu_set(a, *m);
	return 0;
}

static int numa_item(struct ctx *c, struct shape *s, const char *opt,
		     const char *key, const char *val, void *arg)
{
	struct numa_args *n = arg;

	(void)s;
	if (!key || !strcmp(key, "type")) {
		if (!strcmp(val, "node"))
			n->type = 1;
		else if (!strcmp(val, "dist"))
			n->type = 2;
		else
			return fail(c, "%s: type '%s': only node and dist are "
				    "modelled", opt, val);
		return 0;
	}
	if (n->type == 1 && !strcmp(key, "nodeid"))
		return parse_node_num(c, key, val, &n->nodeid);
	if (n->type == 1 && !strcmp(key, "cpus")) {
		n->has_cpus = 1;
		return parse_cpu_range(c, val, &n->cpus);
	}
	if (n->type == 1 && !strcmp(key, "memdev")) {
		n->memdev = val;
		return 0;
	}
	if (n->type == 2 && !strcmp(key, "src"))
		return parse_node_num(c, key, val, &n->src);
	if (n->type == 2 && !strcmp(key, "dst"))
		return parse_node_num(c, key, val, &n->dst);
	if (n->type == 2 && !strcmp(key, "val")) {
		unsigned long long v;

		if (parse_uint(val, &v) || v < LOCAL_DISTANCE || v > 254)
			return fail(c, "%s: val=%s: a distance is 10 to 254", opt, val);
		n->val = (long)v;
		return 0;
	}
	return fail(c, "%s: unknown key '%s'%s", opt, key,
		    n->type ? "" : " (the type node|dist comes first)");
}

static int add_numa_node(struct ctx *c, struct shape *s, struct numa_args *n)
{
	struct numa_node *node;
	int i, id = n->nodeid < 0 ? s->nnodes : (int)n->nodeid;

	if (id >= MAX_NODES)
		return fail(c, "-numa node: more than MAX_NODES=%d nodes", MAX_NODES);
	node = &s->node[id];
	if (node->present)
		return fail(c, "-numa node: node %d given twice", id);
	node->present = 1;
	node->cpus = n->cpus;
	if (n->memdev) {
		for (i = 0; i < s->nmemdevs; i++)
			if (!strcmp(s->memdev[i].id, n->memdev))
				break;
		if (i == s->nmemdevs)
			return fail(c, "-numa node: memdev '%s' is not an "
				    "-object given before it", n->memdev);
		node->mem = s->memdev[i].size;
	}
	/* A memoryless node (no memdev) is legal in QEMU: mem_mb=0. */
	s->nnodes++;
	return 0;
}

static int add_numa(struct ctx *c, struct shape *s, char *val)
{
	struct numa_args n = { .nodeid = -1, .src = -1, .dst = -1, .val = -1 };

	if (for_each_item(c, s, "-numa", val, numa_item, &n))
		return -1;
	if (n.type == 1)
		return add_numa_node(c, s, &n);
	if (n.type != 2)
		return fail(c, "-numa: say node or dist first");
	if (n.src < 0 || n.dst < 0 || n.val < 0)
		return fail(c, "-numa dist: need src=, dst= and val=");
	if (n.src == n.dst && n.val != LOCAL_DISTANCE)
		return fail(c, "-numa dist: local distance of node %ld must be %d",
			    n.src, LOCAL_DISTANCE);
	if (n.src != n.dst && n.val == LOCAL_DISTANCE)
		return fail(c, "-numa dist: %ld->%ld: a remote distance must be "
			    "more than %d", n.src, n.dst, LOCAL_DISTANCE);
	s->has_dist = 1;
	s->dist[n.src][n.dst] = (int)n.val;
	return 0;
}

/* Check the nodes as QEMU's numa_complete_configuration would and derive
 * the distance table. */
static int numa_finish(struct ctx *c, struct shape *s, struct topology *t)
{
	cpumask_t slots = cpus_below((int)s->maxcpus);
	uint64_t total = 0;
	int i, j;

	for (i = 0; i < s->nnodes; i++) {
		if (!s->node[i].present)
			return fail(c, "-numa: node %d missing (node IDs must be "
				    "0..%d)", i, s->nnodes - 1);
		total += s->node[i].mem;
		for (j = 0; j < i; j++)
			if (cpus_intersects(s->node[i].cpus, s->node[j].cpus))
				return fail(c, "-numa: CPU %d is in nodes %d and %d",
					    first_cpu(cpumask_and_of(s->node[i].cpus,
								     s->node[j].cpus)),
					    j, i);
		if (!cpus_subset(s->node[i].cpus, slots))
			return fail(c, "-numa: node %d names a CPU index >= "
				    "maxcpus (%u)", i, s->maxcpus);
	}
	if (s->nnodes && total != s->ram)
		return fail(c, "-numa: node memory adds up to %llu MiB but -m is "
			    "%llu MiB (QEMU refuses)",
			    (unsigned long long)(total >> 20),
			    (unsigned long long)(s->ram >> 20));
	topo_default_distances(t);
	if (!s->has_dist)
		return 0;
	for (i = 0; i < MAX_NODES; i++)
		for (j = 0; j < MAX_NODES; j++)
			if (s->dist[i][j] && (i >= s->nnodes || j >= s->nnodes))
				return fail(c, "-numa dist: node %d does not exist",
					    i >= s->nnodes ? i : j);
	for (i = 0; i < s->nnodes; i++) {
		for (j = 0; j < s->nnodes; j++) {
			int d = s->dist[i][j] ? s->dist[i][j] : s->dist[j][i];

			if (i == j)
				d = LOCAL_DISTANCE;
			else if (!d)
				return fail(c, "-numa dist: distance between "
					    "nodes %d and %d missing (QEMU wants "
					    "every pair once there is one)", i, j);
			t->distance[i][j] = (uint8_t)d;
		}
	}
	return 0;
}

/* ceil(log2(count)): the APIC ID field width (apicid_bitwidth_for_count). */
static int id_width(unsigned count)
{
	int w = 0;

	while ((1u << w) < count)
		w++;
	return w;
}

static void derive_cpus(const struct shape *s, struct topology *t)
{
	int smt_w = id_width(s->threads), core_w = id_width(s->cores);
	unsigned i;

	t->ncpus = (int)s->cpus;
	for (i = 0; i < s->cpus; i++) {
		struct cpu_topo *cpu = &t->cpu[i];
		int n;

		cpu->thread = (int)(i % s->threads);
		cpu->core = (int)(i / s->threads % s->cores);
		cpu->package = (int)(i / (s->threads * s->cores));
		cpu->apic_id = (uint32_t)cpu->package << (smt_w + core_w) |
			       (uint32_t)cpu->core << smt_w | (uint32_t)cpu->thread;
		cpu->rq = (int)i;
		cpu->node = -1;
		for (n = 0; n < s->nnodes; n++)
			if (cpu_isset((int)i, s->node[n].cpus))
				cpu->node = n;
		if (cpu->node < 0)
			cpu->node = s->nnodes ? cpu->package % s->nnodes : 0;
	}
}

static int handle_option(struct ctx *c, struct shape *s, const char *opt,
			 char *val, int *seen_smp)
{
	if (!strcmp(opt, "-M") || !strcmp(opt, "-machine"))
		return for_each_item(c, s, opt, val, machine_item, NULL);
	if (!strcmp(opt, "-m"))
		return for_each_item(c, s, opt, val, mem_item, NULL);
	if (!strcmp(opt, "-smp")) {
		if ((*seen_smp)++)
			return fail(c, "-smp given twice");
		return for_each_item(c, s, opt, val, smp_item, NULL);
	}
	if (!strcmp(opt, "-object"))
		return add_object(c, s, val);
	if (!strcmp(opt, "-numa"))
		return add_numa(c, s, val);
	/* How QEMU keeps time, not what the machine is: no topology in it. */
	if (!strcmp(opt, "-icount"))
		return 0;
	return fail(c, "option '%s' is not modelled (know -M -m -smp -object "
		    "-numa -icount)", opt);
}

int shape_from_args(const char *args, struct topology *t, char *err, size_t errlen)
{
	struct ctx c = { err, errlen };
	struct shape s;
	char *copy, *word[MAX_ARG_WORDS], *p;
	int nwords = 0, i, seen_smp = 0, ret = -1;

	if (errlen)
		err[0] = '\0';
	memset(&s, 0, sizeof(s));
	memset(t, 0, sizeof(*t));
	s.ram = (uint64_t)DEFAULT_RAM_MB << 20;
	copy = strdup(args ? args : "");
	if (!copy)
		return fail(&c, "out of memory");
	for (p = strtok(copy, " \t\n"); p; p = strtok(NULL, " \t\n")) {
		if (nwords == MAX_ARG_WORDS) {
			fail(&c, "more than %d words of arguments", MAX_ARG_WORDS);
			goto out;
		}
		word[nwords++] = p;
	}
	for (i = 0; i < nwords; i += 2) {
		if (word[i][0] != '-') {
			fail(&c, "'%s' is not an option", word[i]);
			goto out;
		}
		if (i + 1 == nwords) {
			fail(&c, "%s needs a value", word[i]);
			goto out;
		}
		if (handle_option(&c, &s, word[i], word[i + 1], &seen_smp))
			goto out;
	}
	if (!seen_smp)
		s.cpus = 1;		/* QEMU's default: -smp 1 */
	if (smp_finish(&c, &s) || numa_finish(&c, &s, t))
		goto out;
	derive_cpus(&s, t);
	if (s.nnodes) {
		t->nnodes = s.nnodes;
		for (i = 0; i < s.nnodes; i++)
			t->node_mem_mb[i] = (uint32_t)((s.node[i].mem + (1 << 19)) >> 20);
	} else {
		t->nnodes = 1;
		t->node_mem_mb[0] = (uint32_t)((s.ram + (1 << 19)) >> 20);
	}
	topo_build_maps(t);
	ret = 0;
out:
	free(copy);
	return ret;
}

int shape_lookup(const char *file, const char *name, char *args, size_t len,
		 char *err, size_t errlen)
{
	struct ctx c = { err, errlen };
	char line[4096], known[512] = "";
	FILE *f = fopen(file, "r");
	int found = 0;

	if (!f)
		return fail(&c, "%s: %s", file, strerror(errno));
	while (!found && fgets(line, sizeof(line), f)) {
		char *p = line + strspn(line, " \t"), *rest;
		size_t n = strcspn(p, " \t\n");

		if (*p == '#' || !n)
			continue;
		rest = p + n;
		if (n == strlen(name) && !strncmp(p, name, n)) {
			rest += strspn(rest, " \t");
			rest[strcspn(rest, "\n")] = '\0';
			if (strlen(rest) >= len) {
				fclose(f);
				return fail(&c, "%s: shape '%s': arguments longer "
					    "than %zu bytes", file, name, len - 1);
			}
			strcpy(args, rest);
			found = 1;
		} else if (strlen(known) + n + 2 < sizeof(known)) {
			strcat(known, " ");
			strncat(known, p, n);
		}
	}
	fclose(f);
	if (!found)
		return fail(&c, "%s: no shape '%s'; known:%s", file, name, known);
	return 0;
}

/*
 * A generated shape "NnCcTt" (docs/formats.md): N nodes, each one package
 * of C cores of T threads, numbered as QEMU numbers CPU indices (thread
 * fastest, then core, then package), node n = package n. It is the machine
 * -smp N*C*T,sockets=N,cores=C,threads=T with one -numa node per socket
 * would give, without QEMU's limits: it may pass NR_CPUS=256 and APIC ID
 * 254 (the simulator builds with NR_CPUS=1024, MAX_NODES=64). No SLIT:
 * distances 10/20; each node is given GEN_NODE_MB of memory, which only the
 * report shows.
 */
#define GEN_NODE_MB	1024

int shape_generate(const char *spec, struct topology *t, char *err,
		   size_t errlen)
{
	struct ctx c = { err, errlen };
	const char *whole = spec;
	static struct shape s;	/* a few hundred KiB with NR_CPUS=1024 */
	unsigned long n, co, th;
	char *end;
	int i;

	if (errlen)
		err[0] = '\0';
	memset(&s, 0, sizeof(s));
	memset(t, 0, sizeof(*t));
	n = strtoul(spec, &end, 10);
	if (end == spec || *end != 'n')
		goto bad;
	spec = end + 1;
	co = strtoul(spec, &end, 10);
	if (end == spec || *end != 'c')
		goto bad;
	spec = end + 1;
	th = strtoul(spec, &end, 10);
	if (end == spec || strcmp(end, "t"))
		goto bad;
	if (!n || n > MAX_NODES)
		return fail(&c, "gen: %lu nodes: 1 to MAX_NODES=%d", n, MAX_NODES);
	if (!co || !th || co > NR_CPUS || th > NR_CPUS ||
	    n * co * th > NR_CPUS)
		return fail(&c, "gen: %lu x %lu x %lu CPUs: 1 to NR_CPUS=%d "
			    "in all", n, co, th, NR_CPUS);
	s.sockets = (unsigned)n;
	s.cores = (unsigned)co;
	s.threads = (unsigned)th;
	s.cpus = s.maxcpus = (unsigned)(n * co * th);
	s.nnodes = (int)n;
	for (i = 0; i < (int)s.cpus; i++)
		cpu_set(i, s.node[i / (int)(co * th)].cpus);
	derive_cpus(&s, t);
	t->nnodes = (int)n;
	for (i = 0; i < (int)n; i++)
		t->node_mem_mb[i] = GEN_NODE_MB;
	topo_default_distances(t);
	topo_build_maps(t);
	return 0;
bad:
	return fail(&c, "gen: '%s' is not NnCcTt (e.g. 64n8c2t: 64 nodes of "
		    "8 cores of 2 threads)", whole);
}
