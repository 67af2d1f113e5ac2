/*
 * parse_topo.c - the `topo:` report (DESIGN.md "Topology report") read back
 * into a struct topology, to group lanes by node, core and thread and to know
 * which CPUs share a runqueue.
 *
 * Our kernel prints it at boot and from the shell's `topo`; the Linux patch
 * prints the same lines from /proc/sched_topo; lib/topology.c's topo_report()
 * is the one writer. Only the per-CPU lines carry what the lanes need:
 *   topo: cpu=0 apic=0 package=0 core=0 thread=0 node=0 siblings=0-1 core_siblings=0-3 rq=0
 * and the node lines give the node count:
 *   topo: node=0 cpus=0-3 mem_mb=512
 * The summary and distance lines are accepted and not needed. A report
 * printed twice (boot, then `topo`) simply overwrites itself.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "model.h"

/* The value of " key=" (or "key=" at the start) in s as a number in
 * 0..max, or -1. */
static long key_num(const char *s, const char *key, long max)
{
	size_t klen = strlen(key);
	const char *p = s;
	char *end;
	long v;

	for (;;) {
		p = strstr(p, key);
		if (!p)
			return -1;
		if ((p == s || p[-1] == ' ') && p[klen] == '=')
			break;
		p += klen;
	}
	p += klen + 1;
	if (*p < '0' || *p > '9')
		return -1;
	v = strtol(p, &end, 10);
	if ((*end && *end != ' ') || v > max)
		return -1;
	return v;
}

int parse_topo_line(struct trace *tr, long lineno, const char *line)
{
	const char *s = strstr(line, "topo: ");
	struct cpu_topo *c;
	long cpu, pkg, core, thr, node, rq;

	/* "topo:" starts a word (after serial junk, not inside "cputopo:"). */
	if (!s || (s > line && (isalnum((unsigned char)s[-1]) || s[-1] == '_')))
		return 0;
	s += 6;
	if (!strncmp(s, "cpus=", 5) || !strncmp(s, "distance ", 9))
		return 1;
	if (!strncmp(s, "node=", 5)) {
		node = key_num(s, "node", MAX_NODES - 1);
		if (node < 0) {
			trace_malformed(tr, lineno, line, "topo node line");
			return 1;
		}
		if (node + 1 > tr->topo.nnodes)
			tr->topo.nnodes = (int)node + 1;
		return 1;
	}
	if (strncmp(s, "cpu=", 4)) {
		trace_malformed(tr, lineno, line, "unknown topo line");
		return 1;
	}
	cpu = key_num(s, "cpu", NR_CPUS - 1);
	pkg = key_num(s, "package", 1 << 16);
	core = key_num(s, "core", 1 << 16);
	thr = key_num(s, "thread", 1 << 16);
	node = key_num(s, "node", MAX_NODES - 1);
	rq = key_num(s, "rq", NR_CPUS - 1);
	if (cpu < 0 || pkg < 0 || core < 0 || thr < 0 || node < 0) {
		trace_malformed(tr, lineno, line, "topo cpu line");
		return 1;
	}
	c = &tr->topo.cpu[cpu];
	c->package = (int)pkg;
	c->core = (int)core;
	c->thread = (int)thr;
	c->node = (int)node;
	c->rq = rq < 0 ? (int)cpu : (int)rq;	/* no rq=: its own */
	c->apic_id = (uint32_t)(key_num(s, "apic", 0xffffffffL) < 0 ? 0 :
				key_num(s, "apic", 0xffffffffL));
	cpu_set(cpu, tr->topo_cpus);
	if (cpu + 1 > tr->topo.ncpus)
		tr->topo.ncpus = (int)cpu + 1;
	if (node + 1 > tr->topo.nnodes)
		tr->topo.nnodes = (int)node + 1;
	tr->have_topo = 1;
	return 1;
}
