/*
 * ctx.c - kernel stacks for simulated tasks (see ctx.h), on ucontext.
 *
 * One host thread: "main" is plain simulator code; each call runs on a
 * stack of its own and comes back to main when it ends, when its task is
 * switched away, or when its CPU stalls. Only main resumes stacks, so they
 * never nest. Under AddressSanitizer each switch of stacks is announced to
 * it (the fiber interface), or it would take the other stack's frames for
 * overflows.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>
#include "runqueue.h"
#include "arch.h"
#include "ctx.h"

#if defined(__SANITIZE_ADDRESS__)
#define SIM_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SIM_ASAN 1
#endif
#endif

#ifdef SIM_ASAN
void __sanitizer_start_switch_fiber(void **fake_stack_save, const void *bottom,
				    size_t size);
void __sanitizer_finish_switch_fiber(void *fake_stack_save,
				     const void **bottom_old, size_t *size_old);
#endif

#define CTX_STACK	(512 * 1024)

struct sim_ctx {
	ucontext_t uc;
	void *stack;
	struct task_struct *task;
	void (*fn)(void *);
	void *arg;
	enum sim_ctx_end end;		/* why it came back to main */
	struct task_struct *next;	/* SWITCHED: the task switched to */
	void *fake;			/* AddressSanitizer's fake stack */
};

int (*sim_ctx_stall_hook)(int cpu);

static ucontext_t main_uc;
#ifdef SIM_ASAN
static const void *main_bottom;
static size_t main_size;
#endif
static struct sim_ctx *running;			/* on its stack now */
static struct sim_ctx *stalled[NR_CPUS];
static struct sim_ctx *pending[NR_CPUS];	/* switched to from main */
static struct sim_ctx *starting;

/* Leave the running stack for main. */
static void to_main(struct sim_ctx *c, enum sim_ctx_end end)
{
	c->end = end;
	running = NULL;
#ifdef SIM_ASAN
	__sanitizer_start_switch_fiber(end == SIM_CTX_DONE ? NULL : &c->fake,
				       main_bottom, main_size);
#endif
	swapcontext(&c->uc, &main_uc);
#ifdef SIM_ASAN
	__sanitizer_finish_switch_fiber(c->fake, &main_bottom, &main_size);
#endif
}

static void entry(void)
{
	struct sim_ctx *c = starting;

#ifdef SIM_ASAN
	__sanitizer_finish_switch_fiber(NULL, &main_bottom, &main_size);
#endif
	c->fn(c->arg);
	to_main(c, SIM_CTX_DONE);
	abort();	/* a finished stack is never resumed */
}

/* Finished stacks are kept for the next call: a call per operation, and
 * mapping half a megabyte each time cost more than the scheduler did. */
#define CTX_POOL	64
static struct sim_ctx *pool[CTX_POOL];
static int npool;

static struct sim_ctx *alloc_ctx(void)
{
	struct sim_ctx *c;
	void *stack;

	if (npool) {
		c = pool[--npool];
		stack = c->stack;
		memset(c, 0, sizeof(*c));
		c->stack = stack;
		return c;
	}
	c = calloc(1, sizeof(*c));
	if (!c || !(c->stack = malloc(CTX_STACK))) {
		fprintf(stderr, "sim_ctx_call: out of memory\n");
		abort();
	}
	return c;
}

static void free_ctx(struct sim_ctx *c)
{
	if (c->task && c->task->sim_ctx == c)
		c->task->sim_ctx = NULL;
	if (npool < CTX_POOL) {
		pool[npool++] = c;
		return;
	}
	free(c->stack);
	free(c);
}

/*
 * Main runs c on cpu until the CPU is free or stalled: a switch away from
 * c's task hands the CPU to the next task's parked stack, if it has one
 * (which releases the lock), or finishes the switch for it here.
 */
static enum sim_ctx_end run_on(int cpu, struct sim_ctx *c)
{
	for (;;) {
		struct task_struct *next;

		sim_cpu = cpu;
		running = c;
#ifdef SIM_ASAN
		{
			void *fake = NULL;

			__sanitizer_start_switch_fiber(&fake, c->stack, CTX_STACK);
			swapcontext(&main_uc, &c->uc);
			__sanitizer_finish_switch_fiber(fake, NULL, NULL);
		}
#else
		swapcontext(&main_uc, &c->uc);
#endif
		sim_cpu = cpu;
		switch (c->end) {
		case SIM_CTX_DONE:
			free_ctx(c);
			return SIM_CTX_DONE;
		case SIM_CTX_STALLED:
			stalled[cpu] = c;
			return SIM_CTX_STALLED;
		case SIM_CTX_SWITCHED:
			break;
		}
		/* c's task is parked inside its switch; cpu runs next now,
		 * with the runqueue lock held and interrupts off. */
		next = c->next;
		if (next->sim_ctx && next->sim_ctx != c) {
			c = next->sim_ctx;
			continue;
		}
		schedule_tail();
		arch_irq_restore(0);
		return SIM_CTX_SWITCHED;
	}
}

/* A fresh context on c's stack that starts in entry(). */
static __attribute__((noinline)) void prepare(struct sim_ctx *c)
{
	getcontext(&c->uc);
	c->uc.uc_stack.ss_sp = c->stack;
	c->uc.uc_stack.ss_size = CTX_STACK;
	c->uc.uc_link = NULL;
	starting = c;
	makecontext(&c->uc, entry, 0);
}

enum sim_ctx_end sim_ctx_call(struct task_struct *self, void (*fn)(void *),
			      void *arg)
{
	struct sim_ctx *c;

	if (running)
		arch_sched_panic("sim_ctx_call on CPU %d from inside a call",
				 sim_cpu);
	if (self->sim_ctx)
		arch_sched_panic("sim_ctx_call: pid %d is in the kernel already",
				 self->pid);
	c = alloc_ctx();
	c->task = self;
	c->fn = fn;
	c->arg = arg;
	self->sim_ctx = c;
	prepare(c);
	return run_on(sim_cpu, c);
}

void sim_ctx_switched(struct task_struct *prev, struct task_struct *next)
{
	struct sim_ctx *c = running;

	if (c && c->task == prev) {
		c->next = next;
		to_main(c, SIM_CTX_SWITCHED);
		return;		/* switched back to prev, on sim_cpu */
	}
	if (c)
		arch_sched_panic("switch from pid %d on CPU %d inside a call "
				 "made for pid %d", prev->pid, sim_cpu,
				 c->task->pid);
	if (next->sim_ctx)
		pending[sim_cpu] = next->sim_ctx;
}

enum sim_ctx_end sim_ctx_resume_pending(int cpu)
{
	struct sim_ctx *c = pending[cpu];

	if (running || !c)
		return SIM_CTX_DONE;
	pending[cpu] = NULL;
	if (cpu_curr(cpu) != c->task)
		arch_sched_panic("CPU %d switched to pid %d and away again "
				 "before it resumed", cpu, c->task->pid);
	/* The switch's caller released the lock the task expects to hold. */
	sim_cpu = cpu;
	arch_irq_save();
	arch_spin_lock(&cpu_rq(cpu)->lock);
	return run_on(cpu, c);
}

enum sim_ctx_end sim_ctx_resume_stalled(int cpu)
{
	struct sim_ctx *c = stalled[cpu];

	if (running || !c)
		return SIM_CTX_DONE;
	stalled[cpu] = NULL;
	return run_on(cpu, c);
}

int sim_ctx_stalled(int cpu)
{
	return stalled[cpu] != NULL;
}

int sim_ctx_in_kernel(const struct task_struct *p)
{
	return p->sim_ctx != NULL;
}

int sim_ctx_active(void)
{
	return running != NULL;
}

void sim_ctx_unlocked(void)
{
	struct sim_ctx *c = running;
	int cpu = sim_cpu;

	if (!c || !sim_ctx_stall_hook || !sim_ctx_stall_hook(cpu))
		return;
	to_main(c, SIM_CTX_STALLED);
	sim_cpu = cpu;
}

void sim_ctx_forget(struct task_struct *p)
{
	struct sim_ctx *c = p->sim_ctx;
	int cpu;

	if (!c)
		return;
	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		if (stalled[cpu] == c || pending[cpu] == c)
			arch_sched_panic("pid %d forgotten while its CPU %d "
					 "runs it", p->pid, cpu);
	}
	free_ctx(c);
}

void sim_ctx_reset(void)
{
	int cpu;

	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		if (stalled[cpu] && stalled[cpu]->task)
			stalled[cpu]->task->sim_ctx = NULL;
		if (stalled[cpu])
			free_ctx(stalled[cpu]);
		stalled[cpu] = pending[cpu] = NULL;
	}
	running = NULL;
}
