/*
 * parse_ours.c - the `trace:` lines of our kernel's `trace dump`.
 *
 * THE LINE FORMAT (docs/formats.md, `trace:`; tests/trace/README.md too)
 *
 *   trace: t=<us> cpu=<n> ev=<event> pid=<pid> [key=value ...]
 *   trace: lost cpu=<n> count=<k> [t=<us>]
 *
 * One event a line, fields separated by single spaces, `key=value` with no
 * spaces in a value. Keys may come in any order; the common ones:
 *   t     microseconds since boot when the event was recorded (unsigned)
 *   cpu   the CPU that recorded it (its ring buffer), 0..NR_CPUS-1
 *   ev    switch | wakeup | migrate | fork | exec | exit | balance
 *   pid   the task the event is about (0: the CPU's idle task)
 *   comm  optional on any event: the name of `pid` (no spaces, <= 31 chars)
 * Keys per event (all required unless [optional]):
 *   switch   pid=<next> prev=<pid> [prev_state=<R|S|D|X>] [prev_comm=<name>]
 *            cpu stops running prev and starts running pid (0 = idle).
 *            prev_state: R preempted (still runnable), S sleeping,
 *            D uninterruptible, X dead (exited); absent means R.
 *   wakeup   pid target=<cpu> [sync=<0|1>]
 *            pid became runnable and was queued on target's runqueue;
 *            cpu is the waker's CPU.
 *   migrate  pid from=<cpu> to=<cpu> why=<reason>
 *            pid moved from from's runqueue to to's. reason is one of
 *            sched_move_name[] (sched/stats.c): local_balance, node_balance,
 *            active_balance, exec, affinity, sync_wakeup.
 *   fork     pid=<parent> child=<pid> [target=<cpu>] [child_comm=<name>]
 *            child was created and queued on target's runqueue (default:
 *            cpu's).
 *   exec     pid comm=<name>     pid now runs program name (its basename).
 *   exit     pid                 pid exited (a switch with prev_state=X
 *                                follows on its CPU).
 *   balance  pid=0 moved=<n> why=<local_balance|node_balance> [busiest=<cpu>]
 *            one load_balance() pass on cpu moved n tasks.
 *   lost     cpu's ring buffer overwrote count events before this dump.
 * Keys this parser does not know are ignored (the format grows by adding keys
 * at the end of a line); an unknown ev is counted and skipped. A line that
 * lacks a required key or has a bad number is counted as malformed, quoted in
 * the report, and skipped. Other lines (boot log, shell prompts) are not ours.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "model.h"

#define PREFIX		"trace:"
#define MAX_KEYS	24

struct kv {
	const char *key, *val;
	size_t klen, vlen;
};

/* Split "a=b c=d" into pairs (pointers into s). Returns the count or -1 on
 * a word without '='. */
static int split_kv(const char *s, struct kv *kv, int max, const char **bare)
{
	int n = 0;

	*bare = NULL;
	while (*s) {
		const char *w = s, *eq;
		size_t len;

		while (*s && *s != ' ' && *s != '\t')
			s++;
		len = (size_t)(s - w);
		while (*s == ' ' || *s == '\t')
			s++;
		if (!len)
			continue;
		eq = memchr(w, '=', len);
		if (!eq) {
			if (n == 0 && !*bare) {	/* "lost" */
				*bare = w;
				continue;
			}
			return -1;
		}
		if (n == max)
			break;	/* more keys than we know: the rest are unknown */
		kv[n].key = w;
		kv[n].klen = (size_t)(eq - w);
		kv[n].val = eq + 1;
		kv[n].vlen = len - kv[n].klen - 1;
		n++;
	}
	return n;
}

static const struct kv *find(const struct kv *kv, int n, const char *key)
{
	size_t len = strlen(key);
	int i;

	for (i = 0; i < n; i++)
		if (kv[i].klen == len && !memcmp(kv[i].key, key, len))
			return &kv[i];
	return NULL;
}

/* A decimal number no larger than max. */
static int num(const struct kv *v, uint64_t max, uint64_t *out)
{
	uint64_t x = 0;
	size_t i;

	if (!v || !v->vlen || v->vlen > 20)
		return -1;
	for (i = 0; i < v->vlen; i++) {
		unsigned d = (unsigned char)v->val[i] - '0';

		if (d > 9 || x > (UINT64_MAX - d) / 10)
			return -1;
		x = x * 10 + d;
	}
	if (x > max)
		return -1;
	*out = x;
	return 0;
}

static int int_key(const struct kv *kv, int n, const char *key, int max, int *out)
{
	uint64_t x;

	if (num(find(kv, n, key), (uint64_t)max, &x))
		return -1;
	*out = (int)x;
	return 0;
}

/* Copy a value into buf (truncated, made printable). */
static void str_key(const struct kv *v, char *buf, size_t len)
{
	size_t i, n = v ? v->vlen : 0;

	if (n >= len)
		n = len - 1;
	for (i = 0; i < n; i++) {
		char c = v->val[i];

		buf[i] = (c > ' ' && c < 127) ? c : '?';
	}
	buf[n] = '\0';
}

static const char *const ev_words[TV_NR_EV] = {
	[TV_SWITCH] = "switch", [TV_WAKEUP] = "wakeup", [TV_MIGRATE] = "migrate",
	[TV_FORK] = "fork", [TV_EXEC] = "exec", [TV_EXIT] = "exit",
	[TV_BALANCE] = "balance",
};

/* Where "trace:" starts, or NULL: at the line's start, after optional
 * terminal junk (serial escapes, a prompt) ending in a non-word char. */
static const char *find_prefix(const char *line)
{
	const char *p = strstr(line, PREFIX);

	if (!p || (p > line && (isalnum((unsigned char)p[-1]) || p[-1] == '_')))
		return NULL;
	return p + strlen(PREFIX);
}

static int bad(struct trace *tr, long lineno, const char *line, const char *why)
{
	trace_malformed(tr, lineno, line, why);
	return 1;
}

static int parse_lost(struct trace *tr, long lineno, const char *line,
		      const struct kv *kv, int n)
{
	struct tv_event e = { .ev = TV_LOST };
	uint64_t t = 0;

	if (int_key(kv, n, "cpu", NR_CPUS - 1, &e.cpu) ||
	    int_key(kv, n, "count", 0x7fffffff, &e.a))
		return bad(tr, lineno, line, "lost needs cpu= and count=");
	if (find(kv, n, "t") && num(find(kv, n, "t"), UINT64_MAX, &t))
		return bad(tr, lineno, line, "bad t=");
	e.t = t;
	e.pid = -1;
	trace_add(tr, &e);
	return 1;
}

int parse_ours_line(struct trace *tr, long lineno, const char *line)
{
	const char *s = find_prefix(line), *bare;
	struct kv kv[MAX_KEYS];
	struct tv_event e = { 0 };
	const struct kv *evk;
	int n, i, ok = 0;

	if (!s)
		return 0;
	n = split_kv(s, kv, MAX_KEYS, &bare);
	if (n < 0)
		return bad(tr, lineno, line, "a word without '='");
	if (bare) {
		if (!strncmp(bare, "lost ", 5) || !strcmp(bare, "lost"))
			return parse_lost(tr, lineno, line, kv, n);
		return bad(tr, lineno, line, "a word without '='");
	}
	if (num(find(kv, n, "t"), UINT64_MAX, &e.t) ||
	    int_key(kv, n, "cpu", NR_CPUS - 1, &e.cpu) ||
	    int_key(kv, n, "pid", 0x7fffffff, &e.pid) || !(evk = find(kv, n, "ev")))
		return bad(tr, lineno, line, "needs t=, cpu=, ev= and pid=");
	for (i = 0; i < TV_NR_EV; i++)
		if (ev_words[i] && evk->vlen == strlen(ev_words[i]) &&
		    !memcmp(evk->val, ev_words[i], evk->vlen))
			break;
	if (i == TV_NR_EV) {
		tr->unknown_ev++;
		return 1;
	}
	e.ev = (enum tv_ev)i;
	switch (e.ev) {
	case TV_SWITCH: {
		const struct kv *st = find(kv, n, "prev_state");

		ok = !int_key(kv, n, "prev", 0x7fffffff, &e.a);
		e.state = st && st->vlen ? st->val[0] : 'R';
		if (ok && find(kv, n, "prev_comm")) {
			char c[TV_COMM_LEN];

			str_key(find(kv, n, "prev_comm"), c, sizeof(c));
			trace_name(tr, e.a, c, 0);
		}
		break;
	}
	case TV_WAKEUP:
		ok = !int_key(kv, n, "target", NR_CPUS - 1, &e.a);
		if (ok && find(kv, n, "sync"))
			ok = !int_key(kv, n, "sync", 1, &e.b);
		break;
	case TV_MIGRATE:
		ok = !int_key(kv, n, "from", NR_CPUS - 1, &e.a) &&
		     !int_key(kv, n, "to", NR_CPUS - 1, &e.b) && find(kv, n, "why");
		str_key(find(kv, n, "why"), e.why, sizeof(e.why));
		break;
	case TV_FORK:
		ok = !int_key(kv, n, "child", 0x7fffffff, &e.a);
		e.b = e.cpu;
		if (ok && find(kv, n, "target"))
			ok = !int_key(kv, n, "target", NR_CPUS - 1, &e.b);
		if (ok && find(kv, n, "child_comm")) {
			char c[TV_COMM_LEN];

			str_key(find(kv, n, "child_comm"), c, sizeof(c));
			trace_name(tr, e.a, c, 0);
		}
		break;
	case TV_EXEC:
		ok = find(kv, n, "comm") && find(kv, n, "comm")->vlen;
		str_key(find(kv, n, "comm"), e.comm, sizeof(e.comm));
		break;
	case TV_EXIT:
		ok = 1;
		break;
	case TV_BALANCE:
		ok = !int_key(kv, n, "moved", 0x7fffffff, &e.a);
		str_key(find(kv, n, "why"), e.why, sizeof(e.why));
		break;
	default:
		break;
	}
	if (!ok)
		return bad(tr, lineno, line, "missing or bad key for this ev");
	/* comm= names pid on any event; a task is drawn under one name, the
	 * one its exec gave it if it has one (the program, not the shell that
	 * forked it). */
	if (e.ev == TV_EXEC) {
		trace_name(tr, e.pid, e.comm, 1);
	} else if (find(kv, n, "comm")) {
		char c[TV_COMM_LEN];

		str_key(find(kv, n, "comm"), c, sizeof(c));
		trace_name(tr, e.pid, c, 0);
	}
	if (trace_add(tr, &e))
		return bad(tr, lineno, line, "out of memory");
	return 1;
}
