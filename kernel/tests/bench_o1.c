/*
 * bench_o1.c - the in-kernel half of make bench's O(1) row: what one switch
 * costs on a CPU that holds N runnable tasks, N = 1, 100, 1000, 10000.
 *
 * The user-mode rows (user/bench/load.c) measure the same with processes,
 * on both kernels; this one leaves out the way into and out of user mode.
 * On the CPU: N hogs at nice 19, and a pair at nice -20 that hand the CPU
 * to each other (each wakes the other, then sleeps until woken). Every
 * switch of the pair is one schedule() choosing between the partner and N
 * queued hogs - the O(1) claim.
 *
 * Boot option `bench_o1` (or bench_o1=N: sizes up to N). make bench adds
 * it with `noshare`: on a shared runqueue the sibling's HT-aware search
 * would walk the N hogs, all pinned away from it, which is a cost of D7's
 * design of its own, not of schedule() on this CPU. Prints, in make
 * bench's line format,
 *   bench: name=o1k_N unit=ns median=M min=A max=B rounds=R p10=X p90=Y ref=H
 *          tasks=N cpu=C   (ref=: include/hostref.h's loop, ns: the host's speed)
 * and leaves QEMU through isa-debug-exit.
 */
#include "cpu.h"
#include "cmdline.h"
#include "cputopo.h"
#include "debugexit.h"
#include "heap.h"
#include "hostref.h"
#include "printk.h"
#include "string.h"
#include "task.h"
#include "timer.h"
#include "bench_o1.h"

#define O1_ROUNDS	400	/* round trips (two switches each) per N */

struct pair {
	struct task *t[2];
	volatile int turn;	/* whose turn: 0 or 1 */
	volatile int stop;
	uint64_t *samples;	/* cycles per switch, one a round */
	uint64_t refs[O1_ROUNDS / 8];	/* cycles of the host's reference
					 * loop, every 8th round */
	int rounds;
};

struct pair_arg {
	struct pair *p;
	int me;
};

static volatile int o1_hogs_stop;

static int o1_hog(void *arg)
{
	(void)arg;
	while (!o1_hogs_stop)
		cpu_relax();
	return 0;
}

/* Sleep until it is our turn (or the end). The state is set before the
 * look, so a wakeup between the two is not lost (kernel/pipe.c's rule). */
static void wait_turn(struct pair *p, int me)
{
	for (;;) {
		this_task()->s.state = TASK_INTERRUPTIBLE;
		if (p->turn == me || p->stop) {
			this_task()->s.state = TASK_RUNNING;
			return;
		}
		schedule();
	}
}

/* The ping side (me 0) times the rounds; the pong side (1) answers. */
static int pair_main(void *arg)
{
	struct pair_arg *a = arg;
	struct pair *p = a->p;
	int r;

	if (p->stop)		/* started only to be reaped: no partner */
		return 0;
	if (a->me == 1) {
		for (;;) {
			wait_turn(p, 1);
			if (p->stop)
				return 0;
			p->turn = 0;
			wake_up_process(&p->t[0]->s, 0);
		}
	}
	for (r = 0; r < p->rounds; r++) {
		uint64_t t0 = rdtsc();

		p->turn = 1;
		wake_up_process(&p->t[1]->s, 0);
		wait_turn(p, 0);	/* two switches: to pong and back */
		p->samples[r] = (rdtsc() - t0) / 2;
		if (r % 8 == 7) {	/* the host's speed, as user/bench reads it */
			t0 = rdtsc();
			hostref_loop();
			p->refs[r / 8] = rdtsc() - t0;
		}
	}
	p->stop = 1;
	wake_up_process(&p->t[1]->s, 0);
	return 0;
}

static void sort_u64(uint64_t *v, int n)
{
	int i, j;

	for (i = 1; i < n; i++) {
		uint64_t x = v[i];

		for (j = i; j > 0 && v[j - 1] > x; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
}

static uint64_t to_ns(uint64_t cycles)
{
	return cycles * 1000000ull / tsc_khz();
}

/* One N: returns 0, or -1 when the threads could not be made. */
static int o1_run(int n, int cpu)
{
	struct task **hogs = kzalloc(sizeof(*hogs) * (size_t)n);
	uint64_t *s = kzalloc(sizeof(*s) * O1_ROUNDS);
	struct pair p = { .rounds = O1_ROUNDS };
	struct pair_arg args[2] = { { &p, 0 }, { &p, 1 } };
	int i, made = 0, k, err = -1;

	p.samples = s;
	o1_hogs_stop = 0;
	if (!hogs || !s)
		goto out;
	for (made = 0; made < n; made++) {
		hogs[made] = kthread_create("o1hog", o1_hog, NULL);
		if (!hogs[made])
			break;
		hogs[made]->preemptible = 1;
		set_cpus_allowed(&hogs[made]->s, cpumask_of(cpu));
		set_user_nice(&hogs[made]->s, 19);
	}
	for (i = 0; i < 2; i++) {
		p.t[i] = kthread_create(i ? "o1pong" : "o1ping", pair_main, &args[i]);
		if (!p.t[i])
			break;
		set_cpus_allowed(&p.t[i]->s, cpumask_of(cpu));
		set_user_nice(&p.t[i]->s, -20);
	}
	if (made == n && p.t[0] && p.t[1]) {
		for (i = 0; i < n; i++)
			kthread_start_task(hogs[i]);
		p.turn = 0;	/* pong starts by waiting */
		kthread_start_task(p.t[1]);
		kthread_start_task(p.t[0]);
		task_reap(p.t[0]);
		task_reap(p.t[1]);
		p.t[0] = p.t[1] = NULL;
		sort_u64(s, O1_ROUNDS);
		sort_u64(p.refs, O1_ROUNDS / 8);
		printk("bench: name=o1k_%d unit=ns median=%llu min=%llu max=%llu rounds=%d p10=%llu p90=%llu ref=%llu tasks=%d cpu=%d\n",
		       n, (unsigned long long)to_ns(s[O1_ROUNDS / 2]),
		       (unsigned long long)to_ns(s[0]),
		       (unsigned long long)to_ns(s[O1_ROUNDS - 1]), O1_ROUNDS,
		       (unsigned long long)to_ns(s[O1_ROUNDS / 10]),
		       (unsigned long long)to_ns(s[O1_ROUNDS * 9 / 10]),
		       (unsigned long long)to_ns(p.refs[O1_ROUNDS / 16]), n, cpu);
		err = 0;
	} else {
		printk("bench: skip name=o1k_%d why=only_%d_threads\n", n, made);
		for (k = 0; k < 2; k++)
			if (p.t[k]) {
				p.stop = 1;
				kthread_start_task(p.t[k]);
				task_reap(p.t[k]);
			}
		for (i = 0; i < made; i++)
			kthread_start_task(hogs[i]);
	}
	o1_hogs_stop = 1;
	for (i = 0; i < made; i++)
		task_reap(hogs[i]);
out:
	kfree(hogs);
	kfree(s);
	return err;
}

static int bench_o1_main(void *arg)
{
	static const int sizes[] = { 1, 100, 1000, 10000 };
	int cpu = cpu_topology.ncpus - 1, k, failed = 0;

	(void)arg;
	printk("bench: begin system=os-kernel cpus=%d tsc_khz=%u\n",
	       cpu_topology.ncpus, tsc_khz());
	for (k = 0; k < (int)(sizeof(sizes) / sizeof(sizes[0])); k++)
		if (sizes[k] <= boot_opts.bench_o1)
			failed |= o1_run(sizes[k], cpu);
	printk("bench: end\n");
	qemu_exit(failed ? QEMU_EXIT_FAIL : QEMU_EXIT_PASS);
	return 0;
}

void bench_o1_start(void)
{
	struct task *t = kthread_create("bench_o1", bench_o1_main, NULL);

	if (!t) {
		printk("bench_o1: no memory for its thread\n");
		return;
	}
	set_cpus_allowed(&t->s, cpumask_of(0));
	kthread_start_task(t);
}
