/*
 * soak - a mixed workload for a bounded time, then check that nothing was
 * lost: every child came back, within its bound, with the right status.
 *
 *   soak [s] [seed]   run for s seconds (default 30, at most 600)
 *
 * Up to SOAK_PAR children at a time, each one job drawn by a seeded PRNG:
 *   sleep   sleeps of 1..20 ms; each must end (a lost wakeup never does)
 *   pipe    a forked pair bouncing bytes through two pipes, data checked
 *   nice    burns 20 ms of CPU at a random nice 0..19
 *   pin     hops through random CPUs with sched_setaffinity; getcpu must
 *           agree after each hop
 *   rt      a short SCHED_RR burn (2 ms) at priority 1..10, then back
 *   exec    execs /bin/forker 5 (fork + exec + wait in one)
 * A child that has not ended SOAK_BOUND_MS after its start is a lost
 * wakeup (or a starved task): reported, then killed. At the end every
 * child must be reaped (waitpid says -ECHILD) and the task count, from
 * schedstat, must be back to what it was before.
 */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include "uapi/schedstat.h"
#include "tests/tap.h"

#define SOAK_SECONDS	30
#define SOAK_MAX_SECONDS 600
#define SOAK_PAR	6		/* children at once */
#define SOAK_BOUND_MS	10000		/* a job takes < 100 ms alone; TCG is slow */
#define SOAK_JOBS	6

static uint32_t rng = 59;

static uint32_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 17;
	rng ^= rng << 5;
	return rng;
}

static void burn(unsigned int ms)
{
	uint64_t end = now_us() + ms * 1000ULL;

	while (now_us() < end)
		;
}

static int job_sleep(void)
{
	for (int i = 0; i < 5; i++)
		sleep_ms(1 + rnd() % 20);
	return 0;
}

static int job_pipe(void)
{
	int a[2], b[2], pid, i, st = -1;
	unsigned char c;

	if (pipe(a) || pipe(b))
		return 10;
	pid = fork();
	if (pid < 0)
		return 11;
	if (pid == 0) {
		close(a[1]);
		close(b[0]);
		while (read(a[0], &c, 1) == 1) {
			c = (unsigned char)(c + 1);
			if (write(b[1], &c, 1) != 1)
				break;
		}
		_exit(0);
	}
	close(a[0]);
	close(b[1]);
	for (i = 0; i < 200; i++) {
		unsigned char want = (unsigned char)(i * 7 + 1);

		c = (unsigned char)(i * 7);
		if (write(a[1], &c, 1) != 1 || read(b[0], &c, 1) != 1 || c != want)
			break;
	}
	close(a[1]);
	waitpid(pid, &st, 0);
	return i == 200 && WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : 12;
}

static int job_nice(void)
{
	if (setnice(0, (int)(rnd() % 20)))
		return 20;
	burn(20);
	return 0;
}

static int job_pin(void)
{
	unsigned int cpu, ncpu = 0;
	struct schedstat_summary sum;

	if (schedstat(SCHEDSTAT_SUMMARY, &sum, sizeof(sum)) != 1)
		return 30;
	ncpu = sum.nr_cpus;
	for (int i = 0; i < 8; i++) {
		unsigned int want = rnd() % ncpu;
		cpumask_u m = cpumask_of((int)want);

		if (sched_setaffinity(0, sizeof(m), &m))
			return 31;
		burn(1);
		if (getcpu(&cpu, NULL) || cpu != want)
			return 32;
	}
	return 0;
}

static int job_rt(void)
{
	if (sched_setscheduler(0, SCHED_RR, 1 + (int)(rnd() % 10)))
		return 40;
	burn(2);
	return sched_setscheduler(0, SCHED_NORMAL, 0) ? 41 : 0;
}

static int job_exec(void)
{
	char *argv[] = { "forker", "5", NULL };

	execv("/bin/forker", argv);
	return 50;
}

static int (*const jobs[SOAK_JOBS])(void) = {
	job_sleep, job_pipe, job_nice, job_pin, job_rt, job_exec,
};
static const char *const job_names[SOAK_JOBS] = { "sleep", "pipe", "nice", "pin", "rt", "exec" };

static int ntasks(void)
{
	static struct schedstat_task t[128];

	return schedstat(SCHEDSTAT_TASKS, t, sizeof(t));
}

struct slot {
	int pid, job;
	uint64_t start;
};

int main(int argc, char **argv)
{
	int secs = argc > 1 ? atoi(argv[1]) : SOAK_SECONDS;
	struct slot s[SOAK_PAR] = { 0 };
	long started = 0, done = 0, bad = 0, late = 0, forkfail = 0;
	long per_job[SOAK_JOBS] = { 0 };
	int before, after, i, st, r;
	uint64_t end, maxdur = 0;

	if (argc > 2 && atoi(argv[2]))
		rng = (uint32_t)atoi(argv[2]);
	if (secs < 1 || secs > SOAK_MAX_SECONDS)
		secs = SOAK_SECONDS;
	tap_start("soak");
	before = ntasks();
	end = now_us() + (uint64_t)secs * 1000000;
	for (;;) {
		int live = 0;
		uint64_t now = now_us();

		for (i = 0; i < SOAK_PAR; i++) {
			if (!s[i].pid && now < end) {
				int job = (int)(rnd() % SOAK_JOBS), pid;

				rnd();	/* the child draws from the next numbers */
				pid = fork();
				if (pid == 0)
					_exit(jobs[job]());
				if (pid < 0) {
					forkfail++;
					continue;
				}
				s[i] = (struct slot){ pid, job, now };
				started++;
				per_job[job]++;
			}
			if (!s[i].pid)
				continue;
			r = waitpid(s[i].pid, &st, WNOHANG);
			if (r == s[i].pid) {
				uint64_t dur = now_us() - s[i].start;

				if (dur > maxdur)
					maxdur = dur;
				if (!WIFEXITED(st) || WEXITSTATUS(st)) {
					bad++;
					printf("# soak: %s job pid %d status 0x%x\n",
					       job_names[s[i].job], s[i].pid, st);
				}
				done++;
				s[i].pid = 0;
			} else if (now - s[i].start > SOAK_BOUND_MS * 1000ULL) {
				late++;
				printf("# soak: %s job pid %d still running after %d ms: killed\n",
				       job_names[s[i].job], s[i].pid, SOAK_BOUND_MS);
				kill(s[i].pid, SIGKILL);
				waitpid(s[i].pid, NULL, 0);
				s[i].pid = 0;
			} else {
				live++;
			}
		}
		if (!live && now_us() >= end)
			break;
		sleep_ms(2);
	}
	r = waitpid(-1, NULL, WNOHANG);
	/* A reaped task may still be leaving its runqueue: give it a moment. */
	for (i = 0; i < 100 && (after = ntasks()) != before; i++)
		sleep_ms(10);
	tap_ok(started > 0 && done == started && forkfail == 0, "all_jobs_reaped",
	       "%ld started, %ld reaped, %ld fork failures; sleep %ld pipe %ld nice %ld pin %ld rt %ld exec %ld",
	       started, done, forkfail, per_job[0], per_job[1], per_job[2], per_job[3],
	       per_job[4], per_job[5]);
	tap_ok(bad == 0, "job_results", "%ld bad", bad);
	tap_ok(late == 0, "no_lost_wakeup", "%ld late, longest job %llu ms (bound %d)", late,
	       (unsigned long long)(maxdur / 1000), SOAK_BOUND_MS);
	tap_ok(r == -ECHILD, "no_child_left", "waitpid says %d", r);
	tap_ok(before > 0 && after == before, "task_count_back", "before %d after %d", before,
	       after);
	return tap_end();
}
