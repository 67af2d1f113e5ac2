// SPDX-License-Identifier: GPL-2.0
/*
 * scx_d7.c - the loader of scx_d7.bpf.c: reads the CPU topology from sysfs,
 * hands it to the BPF side, registers the scheduler, optionally runs a
 * workload under it, then unregisters it and prints its counters.
 *
 *   scx_d7 [-p] [-n N] [-x reject|stall] [PROG [ARG...]]
 *
 *   -p     one queue per CPU instead of per core (D7 without its shared
 *          runqueue: a comparison, and a policy the tests must catch)
 *   -n N   run N copies of PROG at once (default 1)
 *   -x F   for the tests of the failure paths only: load the program
 *          with fault F (scx_d7.h): "reject", a store the verifier
 *          refuses; "stall", user tasks (not ours) queued where no CPU
 *          looks, with a watchdog timeout of STALL_TIMEOUT_MS, so that
 *          the kernel ejects the scheduler and EEVDF runs them
 *   PROG   run it (a path) under scx_d7, print the sched_ext state every
 *          second while it runs, then unload; without PROG, run until
 *          SIGINT or SIGTERM
 *
 * Output: "scx_d7: cpu=C queue=Q node=N" per CPU, "scx_d7: state=S ops=O"
 * from /sys/kernel/sched_ext, "scx_d7: exit kind=K code=C unregistered=U"
 * (U is 1 when we unregistered it; the kernel logs the reason), and one
 * `stat:` line per CPU (docs/formats.md; scx_d7.h names the counters).
 * Exit status: 0 when the workload succeeded and the scheduler was
 * unregistered by us (not ejected by the kernel); 1 otherwise, with a
 * message, also when the kernel has no sched_ext or the verifier refuses
 * the program.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <scx/common.h>
#include "scx_d7.h"
#include "scx_d7.bpf.skel.h"

#define SCX_SYSFS	"/sys/kernel/sched_ext"
/* sched_ext's watchdog timeout under -x stall (ms); its default is 30 s. */
#define STALL_TIMEOUT_MS	2000

static volatile sig_atomic_t exit_req;

static void on_signal(int sig)
{
	(void)sig;
	exit_req = 1;
}

/* The first line of @path into @buf, without its newline; "?" if none. */
static void read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");

	snprintf(buf, len, "?");
	if (f) {
		if (fgets(buf, len, f))
			buf[strcspn(buf, "\n")] = '\0';
		fclose(f);
	}
}

static void show_state(void)
{
	char state[64], ops[64];

	read_line(SCX_SYSFS "/state", state, sizeof(state));
	read_line(SCX_SYSFS "/root/ops", ops, sizeof(ops));
	printf("scx_d7: state=%s ops=%s\n", state, ops);
	fflush(stdout);
}

/* The first number of a sysfs CPU list ("0-1", "4,12"), or -1. */
static int first_cpu(const char *path)
{
	char buf[256];
	int cpu;

	read_line(path, buf, sizeof(buf));
	return sscanf(buf, "%d", &cpu) == 1 ? cpu : -1;
}

/*
 * Fill the BPF side's tables: a CPU's queue is its core's (numbered in
 * the order the cores' first threads appear), or its own with @per_cpu;
 * its node is the nodeN link in its sysfs folder (node 0 without NUMA).
 * Returns the number of CPUs, or -1.
 */
static int read_topology(struct scx_d7 *skel, int per_cpu)
{
	int leader_queue[NR_CPUS];
	int nr_cpus = libbpf_num_possible_cpus(), nr_queues = 0, cpu, n;
	char path[128];

	if (nr_cpus < 1 || nr_cpus > NR_CPUS) {
		fprintf(stderr, "scx_d7: %d possible CPUs (1 to %d supported)\n",
			nr_cpus, NR_CPUS);
		return -1;
	}
	for (cpu = 0; cpu < NR_CPUS; cpu++)
		leader_queue[cpu] = -1;
	for (cpu = 0; cpu < nr_cpus; cpu++) {
		int leader, node = 0, q;

		snprintf(path, sizeof(path),
			 "/sys/devices/system/cpu/cpu%d/topology/thread_siblings_list", cpu);
		leader = per_cpu ? cpu : first_cpu(path);
		if (leader < 0 || leader >= nr_cpus) {
			fprintf(stderr, "scx_d7: cannot read %s (CPU offline?)\n", path);
			return -1;
		}
		if (leader_queue[leader] < 0)
			leader_queue[leader] = nr_queues++;
		q = leader_queue[leader];
		for (n = 0; n < MAX_NODES; n++) {
			snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/node%d",
				 cpu, n);
			if (access(path, F_OK) == 0) {
				node = n;
				break;
			}
		}
		skel->rodata->cpu_queue[cpu] = q;
		skel->rodata->cpu_node[cpu] = node;
		skel->rodata->queue_node[q] = node;
		printf("scx_d7: cpu=%d queue=%d node=%d\n", cpu, q, node);
	}
	skel->rodata->nr_cpus = nr_cpus;
	skel->rodata->nr_queues = nr_queues;
	return nr_cpus;
}

/* N copies of argv[0] at once; 0 when every one exited with 0. While
 * they run, the sched_ext state once a second: it must stay enabled. */
static int run_workload(int n, char **argv, struct scx_d7 *skel)
{
	int i, status, running = 0, failed = 0;
	pid_t pid;

	for (i = 0; i < n; i++) {
		fflush(stdout);
		pid = fork();
		if (pid == 0) {
			execv(argv[0], argv);
			fprintf(stderr, "scx_d7: exec %s: %s\n", argv[0], strerror(errno));
			_exit(127);
		}
		if (pid < 0) {
			fprintf(stderr, "scx_d7: fork: %s\n", strerror(errno));
			failed = 1;
			break;
		}
		running++;
	}
	while (running > 0) {
		show_state();
		for (i = 0; i < 10 && running > 0; i++) {
			pid = waitpid(-1, &status, WNOHANG);
			if (pid > 0) {
				running--;
				if (!WIFEXITED(status) || WEXITSTATUS(status))
					failed = 1;
				continue;
			}
			usleep(100 * 1000);
		}
		if (UEI_EXITED(skel, uei))
			break;
	}
	while (running > 0 && wait(&status) > 0) {
		running--;
		if (!WIFEXITED(status) || WEXITSTATUS(status))
			failed = 1;
	}
	printf("scx_d7: workload: %d %s, %s\n", n, n == 1 ? "copy" : "copies",
	       failed ? "not all exited with 0" : "all exited with 0");
	return failed;
}

static void print_stats(struct scx_d7 *skel, int nr_cpus)
{
	static const char *names[D7_NR_STATS] = D7_STAT_NAMES;
	int cpu, s;

	for (cpu = 0; cpu < nr_cpus; cpu++) {
		printf("stat: cpu=%d", cpu);
		for (s = 0; s < D7_NR_STATS; s++)
			printf(" %s=%llu", names[s],
			       (unsigned long long)skel->bss->stats[cpu][s]);
		printf("\n");
	}
}

int main(int argc, char **argv)
{
	struct scx_d7 *skel;
	struct bpf_link *link;
	int opt, per_cpu = 0, copies = 1, nr_cpus, failed = 0;
	unsigned int fault = D7_FAULT_NONE;

	while ((opt = getopt(argc, argv, "+pn:x:")) != -1) {
		switch (opt) {
		case 'p':
			per_cpu = 1;
			break;
		case 'n':
			copies = atoi(optarg);
			break;
		case 'x':
			if (!strcmp(optarg, "reject"))
				fault = D7_FAULT_REJECT;
			else if (!strcmp(optarg, "stall"))
				fault = D7_FAULT_STALL;
			else {
				fprintf(stderr, "scx_d7: -x takes reject or stall\n");
				return 1;
			}
			printf("scx_d7: fault %s asked for (a test)\n", optarg);
			break;
		default:
			fprintf(stderr, "usage: scx_d7 [-p] [-n N] [-x reject|stall] "
				"[PROG [ARG...]]\n");
			return 1;
		}
	}
	if (copies < 1) {
		fprintf(stderr, "scx_d7: -n wants a positive count\n");
		return 1;
	}
	if (access(SCX_SYSFS "/state", F_OK)) {
		fprintf(stderr, "scx_d7: %s is missing: this kernel has no sched_ext "
			"(CONFIG_SCHED_CLASS_EXT)\n", SCX_SYSFS);
		return 1;
	}
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);

	skel = SCX_OPS_OPEN(d7_ops, scx_d7);
	nr_cpus = read_topology(skel, per_cpu);
	if (nr_cpus < 0)
		return 1;
	skel->rodata->fault = fault;
	skel->rodata->loader_tgid = getpid();
	if (fault == D7_FAULT_STALL)
		skel->struct_ops.d7_ops->timeout_ms = STALL_TIMEOUT_MS;
	/* SCX_OPS_LOAD() without its SCX_BUG_ON(): libbpf has printed the
	 * verifier's log; say in one line what it means. */
	UEI_SET_SIZE(skel, d7_ops, uei);
	if (scx_d7__load(skel)) {
		fprintf(stderr, "scx_d7: the kernel refused the BPF program (%s); "
			"the verifier's log is above\n", strerror(errno));
		scx_d7__destroy(skel);
		return 1;
	}
	link = SCX_OPS_ATTACH(skel, d7_ops, scx_d7);
	show_state();

	if (optind < argc)
		failed = run_workload(copies, argv + optind, skel);
	else
		while (!exit_req && !UEI_EXITED(skel, uei))
			sleep(1);
	show_state();

	bpf_link__destroy(link);
	printf("scx_d7: exit kind=%d code=%lld unregistered=%d\n",
	       skel->data->uei.kind, (long long)skel->data->uei.exit_code,
	       skel->bss->unregistered);
	print_stats(skel, nr_cpus);
	show_state();
	/* We unregistered it: anything else means the kernel ejected it. */
	if (!skel->bss->unregistered) {
		fprintf(stderr, "scx_d7: the kernel ejected the scheduler\n");
		failed = 1;
	}
	scx_d7__destroy(skel);
	if (failed)
		fprintf(stderr, "scx_d7: FAILED\n");
	return failed;
}
