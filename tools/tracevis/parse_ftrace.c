/*
 * parse_ftrace.c - Linux's ftrace text (tracefs `trace` file) for the
 * scheduler events, mapped onto our events.
 *
 * A line (Linux 6.1, include/trace/events/sched.h; the "(tgid)" column only
 * with the record-tgid option, flags absent in some configurations):
 *
 *   <comm>-<pid> [(<tgid>)] [<cpu>] <flags> <secs>.<usecs>: <event>: <fields>
 *
 *   sched_switch: prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%s%s ==>
 *                 next_comm=%s next_pid=%d next_prio=%d
 *   sched_wakeup, sched_wakeup_new: comm=%s pid=%d prio=%d target_cpu=%03d
 *   sched_migrate_task: comm=%s pid=%d prio=%d orig_cpu=%d dest_cpu=%d
 *   sched_process_fork: comm=%s pid=%d child_comm=%s child_pid=%d
 *   sched_process_exec: filename=%s pid=%d old_pid=%d
 *   sched_process_exit: comm=%s pid=%d prio=%d
 *   CPU:<n> [LOST <k> EVENTS]
 *
 * Mapping: switch pid=next_pid prev=prev_pid prev_state=first letter (6.1
 * prints "R+" for a preempted task, "S", "D", "I" for idle kthreads, "X"/"Z"
 * dead; "I" counts as sleeping); wakeup and wakeup_new pid target=target_cpu;
 * migrate why="linux" (the tracepoint does not say why); fork child=child_pid
 * placed on the parent's CPU until its wakeup_new says where; exec comm=the
 * filename's last component. Task names come from the comm fields. A comm
 * may hold spaces, so a field's value runs up to the next known key.
 * Other events (sched_waking, sched_stat_*, irq, ...) and '#' lines are
 * skipped; a sched line whose fields do not parse is counted as malformed.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "model.h"

/* Where "key=" starts a field in s (at the start or after a space). */
static const char *field(const char *s, const char *key)
{
	size_t klen = strlen(key);
	const char *p = s;

	while ((p = strstr(p, key))) {
		if ((p == s || p[-1] == ' ') && p[klen] == '=')
			return p + klen + 1;
		p += klen;
	}
	return NULL;
}

static int field_int(const char *s, const char *key, long min, long max, int *out)
{
	const char *v = field(s, key);
	char *end;
	long x;

	if (!v || !(isdigit((unsigned char)*v) || *v == '-'))
		return -1;
	x = strtol(v, &end, 10);
	if ((*end && *end != ' ') || x < min || x > max)
		return -1;
	*out = (int)x;
	return 0;
}

/* The value of key up to " next=" (a comm may hold spaces), or up to the
 * end of the line when next is NULL. */
static void field_str(const char *s, const char *key, const char *next,
		      char *buf, size_t len)
{
	const char *v = field(s, key), *e = NULL;
	size_t n, i;

	buf[0] = '\0';
	if (!v)
		return;
	if (next) {
		char pat[32];

		snprintf(pat, sizeof(pat), " %s=", next);
		e = strstr(v, pat);
	}
	if (!e)
		e = v + strlen(v);
	n = (size_t)(e - v);
	if (n >= len)
		n = len - 1;
	for (i = 0; i < n; i++)
		buf[i] = (v[i] >= ' ' && v[i] < 127) ? v[i] : '?';
	buf[n] = '\0';
}

/* Split the header "<comm>-<pid> [(tgid)] [<cpu>] <flags> <ts>: " off line.
 * Returns a pointer to "<event>: ..." or NULL when it is not such a line. */
static const char *header(const char *line, struct tv_event *e, char *comm,
			  size_t clen)
{
	const char *br = line, *dash, *p, *colon;
	char *end;
	unsigned long long secs, frac = 0;
	int digits = 0;

	/* The CPU column: the first "[ddd]". */
	for (;;) {
		br = strchr(br, '[');
		if (!br)
			return NULL;
		if (isdigit((unsigned char)br[1])) {
			long cpu = strtol(br + 1, &end, 10);

			if (*end == ']' && cpu >= 0 && cpu < NR_CPUS) {
				e->cpu = (int)cpu;
				break;
			}
		}
		br++;
	}
	/* Task column: "<comm>-<pid>", maybe followed by "(tgid)". */
	p = br;
	while (p > line && p[-1] == ' ')
		p--;
	if (p > line && p[-1] == ')') {
		while (p > line && p[-1] != '(')
			p--;
		if (p > line)
			p--;
		while (p > line && p[-1] == ' ')
			p--;
	}
	for (dash = p; dash > line && dash[-1] != '-'; dash--)
		;
	if (dash == line || !isdigit((unsigned char)*dash))
		return NULL;
	e->pid = (int)strtol(dash, &end, 10);
	{
		const char *c = line;
		size_t n;

		while (*c == ' ')
			c++;
		n = dash - 1 > c ? (size_t)(dash - 1 - c) : 0;
		if (n >= clen)
			n = clen - 1;
		memcpy(comm, c, n);
		comm[n] = '\0';
	}
	/* Flags (optional), then the timestamp "secs.frac:". */
	p = strchr(br, ']') + 1;
	colon = strstr(p, ": ");
	if (!colon)
		return NULL;
	while (colon > p && colon[-1] != ' ')
		colon--;	/* start of the timestamp word */
	if (!isdigit((unsigned char)*colon))
		return NULL;
	secs = strtoull(colon, &end, 10);
	if (*end == '.') {
		for (end++; isdigit((unsigned char)*end); end++) {
			if (digits < 6) {
				frac = frac * 10 + (unsigned)(*end - '0');
				digits++;
			}
		}
	}
	if (*end != ':')
		return NULL;
	while (digits++ < 6)
		frac *= 10;
	e->t = secs * 1000000ull + frac;
	return end + 2;
}

static int lost_line(struct trace *tr, const char *line)
{
	struct tv_event e = { .ev = TV_LOST, .pid = -1 };
	int cpu;
	long k;

	if (sscanf(line, " CPU:%d [LOST %ld EVENTS]", &cpu, &k) != 2 ||
	    cpu < 0 || cpu >= NR_CPUS || k < 0)
		return 0;
	e.cpu = cpu;
	e.a = k > 0x7fffffff ? 0x7fffffff : (int)k;
	trace_add(tr, &e);
	return 1;
}

int parse_ftrace_line(struct trace *tr, long lineno, const char *line)
{
	struct tv_event e = { 0 };
	char comm[TV_COMM_LEN], name[TV_COMM_LEN];
	const char *ev, *f;
	int ok = 0, sink;

	if (line[0] == '#')
		return 1;
	if (lost_line(tr, line))
		return 1;
	ev = header(line, &e, comm, sizeof(comm));
	if (!ev)
		return 0;
	if (strncmp(ev, "sched_", 6)) {
		tr->ignored++;
		return 1;
	}
	if (e.pid == 0 || !strcmp(comm, "<idle>"))
		e.pid = 0;
	else if (comm[0] && strcmp(comm, "<...>"))
		trace_name(tr, e.pid, comm, 0);
	f = strchr(ev, ':');
	if (!f)
		return 0;
	f += 2;
	if (!strncmp(ev, "sched_switch:", 13)) {
		const char *nx = strstr(f, " ==> ");
		const char *st;

		e.ev = TV_SWITCH;
		ok = nx && !field_int(f, "prev_pid", 0, 0x7fffffff, &e.a) &&
		     !field_int(nx, "next_pid", 0, 0x7fffffff, &e.pid);
		st = field(f, "prev_state");
		e.state = st ? *st : 'R';
		if (ok) {
			field_str(f, "prev_comm", "prev_pid", name, sizeof(name));
			if (e.a)
				trace_name(tr, e.a, name, 0);
			field_str(nx + 5, "next_comm", "next_pid", name, sizeof(name));
			if (e.pid)
				trace_name(tr, e.pid, name, 0);
		}
	} else if (!strncmp(ev, "sched_wakeup:", 13) ||
		   !strncmp(ev, "sched_wakeup_new:", 17)) {
		e.ev = TV_WAKEUP;
		ok = !field_int(f, "pid", 0, 0x7fffffff, &e.pid) &&
		     !field_int(f, "target_cpu", 0, NR_CPUS - 1, &e.a);
		if (ok) {
			field_str(f, "comm", "pid", name, sizeof(name));
			trace_name(tr, e.pid, name, 0);
		}
	} else if (!strncmp(ev, "sched_migrate_task:", 19)) {
		e.ev = TV_MIGRATE;
		ok = !field_int(f, "pid", 0, 0x7fffffff, &e.pid) &&
		     !field_int(f, "orig_cpu", 0, NR_CPUS - 1, &e.a) &&
		     !field_int(f, "dest_cpu", 0, NR_CPUS - 1, &e.b);
		strcpy(e.why, "linux");
	} else if (!strncmp(ev, "sched_process_fork:", 19)) {
		e.ev = TV_FORK;
		e.b = e.cpu;
		ok = !field_int(f, "pid", 0, 0x7fffffff, &e.pid) &&
		     !field_int(f, "child_pid", 0, 0x7fffffff, &e.a);
		if (ok) {
			field_str(f, "child_comm", "child_pid", name, sizeof(name));
			trace_name(tr, e.a, name, 0);
		}
	} else if (!strncmp(ev, "sched_process_exec:", 19)) {
		const char *slash;

		e.ev = TV_EXEC;
		ok = !field_int(f, "pid", 0, 0x7fffffff, &e.pid) &&
		     !field_int(f, "old_pid", 0, 0x7fffffff, &sink);
		field_str(f, "filename", "pid", name, sizeof(name));
		slash = strrchr(name, '/');
		snprintf(e.comm, sizeof(e.comm), "%s", slash ? slash + 1 : name);
		ok = ok && e.comm[0];
		if (ok)
			trace_name(tr, e.pid, e.comm, 1);
	} else if (!strncmp(ev, "sched_process_exit:", 19)) {
		e.ev = TV_EXIT;
		ok = !field_int(f, "pid", 0, 0x7fffffff, &e.pid);
	} else {
		tr->ignored++;
		return 1;
	}
	if (!ok) {
		trace_malformed(tr, lineno, line, "sched event fields");
		return 1;
	}
	trace_add(tr, &e);
	return 1;
}

/* Format of a line: ours has "trace: " and ev=, ftrace has "[ddd]" and
 * ": sched_". */
int detect_format_line(const char *line)
{
	const char *p = strstr(line, "trace: ");

	if (p && (strstr(p, " ev=") || strstr(p, "lost cpu=")) &&
	    (p == line || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')))
		return TV_FMT_OURS;
	p = strstr(line, ": sched_");
	if (p && strchr(line, '[') && strchr(line, '[') < p)
		return TV_FMT_FTRACE;
	return 0;
}
