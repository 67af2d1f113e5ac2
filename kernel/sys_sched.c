/*
 * sys_sched.c - system calls about scheduling and the machine: nice,
 * sched_setscheduler, sched_{set,get}affinity, getcpu, clock_us,
 * schedstat, topo.
 *
 * A pid argument names a process (0: the caller); kernel threads and idle
 * tasks are not for user programs to change (-EPERM), a pid nobody has is
 * -ESRCH. The target is used with task_table_lock held, so it cannot be
 * reaped under us; the scheduler calls made under it take only runqueue
 * locks (which nest inside it) and never sleep, except when the target is
 * the caller, who needs no lock to stay alive.
 */
#include "syscall.h"
#include "cpu.h"
#include "cputopo.h"
#include "heap.h"
#include "percpu.h"
#include "pmm.h"
#include "smp.h"
#include "spinlock.h"
#include "string.h"
#include "task.h"
#include "timer.h"
#include "uaccess.h"
#include "uapi/sched.h"
#include "uapi/schedstat.h"
#include "runqueue.h"	/* read-only, for the schedstat rq records */

_Static_assert(SCHEDSTAT_NR_PRIO == MAX_PRIO, "schedstat priorities");

/* The target of pid with the table lock held (*flags), or an error. */
static struct task *target_lock(int pid, uint32_t *flags, int *err)
{
	struct task *t;

	*flags = spin_lock_irqsave(&task_table_lock);
	t = pid ? task_find(pid) : this_task();
	*err = 0;
	if (pid < 0 || !t || t->s.state == TASK_ZOMBIE)
		*err = -ESRCH;
	else if (!t->is_proc)
		*err = -EPERM;
	if (*err) {
		spin_unlock_irqrestore(&task_table_lock, *flags);
		return NULL;
	}
	return t;
}

int sys_nice(int pid, int nice)
{
	uint32_t flags;
	struct task *t;
	int err;

	if (nice < NICE_MIN || nice > NICE_MAX)
		return -EINVAL;
	t = target_lock(pid, &flags, &err);
	if (!t)
		return err;
	set_user_nice(&t->s, nice);
	spin_unlock_irqrestore(&task_table_lock, flags);
	return 0;
}

int sys_sched_setscheduler(int pid, int policy, int rt_priority)
{
	uint32_t flags;
	struct task *t;
	int err;

	if (policy != SCHED_NORMAL && policy != SCHED_FIFO && policy != SCHED_RR)
		return -EINVAL;
	if (policy == SCHED_NORMAL ? rt_priority != 0 :
	    rt_priority < SCHED_RT_PRIO_MIN || rt_priority > SCHED_RT_PRIO_MAX)
		return -EINVAL;
	t = target_lock(pid, &flags, &err);
	if (!t)
		return err;
	err = sched_setscheduler(&t->s, policy, rt_priority) ? -EINVAL : 0;
	spin_unlock_irqrestore(&task_table_lock, flags);
	return err;
}

static cpumask_t online(void)
{
	return cpu_online_mask;
}

/* Linux's get_user_cpu_mask() (kernel/sched/core.c): the first len bytes,
 * a shorter mask zero-extended, a longer one cut to NR_CPUS. */
int sys_sched_setaffinity(int pid, uint32_t len, const cpumask_u *umask)
{
	cpumask_u mask = CPU_MASK_NONE;
	uint32_t flags;
	struct task *t;
	int err;

	if (len > sizeof(mask))
		len = sizeof(mask);
	if (len && copy_from_user(&mask, umask, len))
		return -EFAULT;
	cpus_and(mask, mask, CPU_MASK_ALL);
	if (!cpus_intersects(mask, online()))
		return -EINVAL;
	t = target_lock(pid, &flags, &err);
	if (!t)
		return err;
	if (t == this_task()) {
		/* May schedule (to move us): not with the lock held. */
		spin_unlock_irqrestore(&task_table_lock, flags);
		return set_cpus_allowed(&t->s, mask) ? -EINVAL : 0;
	}
	err = set_cpus_allowed(&t->s, mask) ? -EINVAL : 0;
	spin_unlock_irqrestore(&task_table_lock, flags);
	return err;
}

/* Linux's checks (kernel/sched/core.c): len holds every online CPU and is
 * a whole number of unsigned longs. The mask fills the first
 * min(len, sizeof(cpumask_u)) bytes and zeros the rest of len, as glibc's
 * wrapper does; the result is 0, as glibc's is. */
int sys_sched_getaffinity(int pid, uint32_t len, cpumask_u *umask)
{
	static const cpumask_u zeros;
	cpumask_u mask;
	uint32_t flags, n, done;
	struct task *t;
	int err;

	if (len < (uint32_t)(cpus_weight(online()) + 7) / 8 ||
	    len % sizeof(unsigned long))
		return -EINVAL;
	if (!user_range_ok((uintptr_t)umask, len))
		return -EFAULT;
	t = target_lock(pid, &flags, &err);
	if (!t)
		return err;
	mask = cpumask_and_of(t->s.cpus_allowed, online());
	spin_unlock_irqrestore(&task_table_lock, flags);
	n = len < sizeof(mask) ? len : sizeof(mask);
	if (copy_to_user(umask, &mask, n))
		return -EFAULT;
	for (done = n; done < len; done += n) {
		n = len - done < sizeof(zeros) ? len - done : sizeof(zeros);
		if (copy_to_user((char *)umask + done, &zeros, n))
			return -EFAULT;
	}
	return 0;
}

int sys_getcpu(uint32_t *ucpu, uint32_t *unode)
{
	uint32_t flags = irq_save();
	uint32_t cpu = (uint32_t)smp_processor_id(), node = (uint32_t)this_cpu()->node;

	irq_restore(flags);
	if (ucpu && put_user_u32(ucpu, cpu))
		return -EFAULT;
	if (unode && put_user_u32(unode, node))
		return -EFAULT;
	return 0;
}

int sys_clock_us(uint64_t *uus)
{
	uint64_t us = time_us();

	return copy_to_user(uus, &us, sizeof(us)) ? -EFAULT : 0;
}

/* ---- schedstat ---------------------------------------------------------- */

static int pid_of(const struct task_struct *p)
{
	return (p->flags & PF_IDLE) ? 0 : p->pid;
}

static void fill_cpu(struct schedstat_cpu *c, int cpu)
{
	const struct sched_cpu_stat *st = sched_cpu_stat(cpu);

	memset(c, 0, sizeof(*c));
	c->cpu = (uint32_t)cpu;
	c->node = (uint32_t)cpu_topology.cpu[cpu].node;
	c->rq = (uint32_t)sched_rq_of(cpu);
	c->curr_pid = pid_of(sched_current(cpu));
	c->idle = (uint32_t)idle_cpu(cpu);
	c->switches = (uint32_t)st->switches;
	c->exec_moves = (uint32_t)st->moves_in[SCHED_MOVE_EXEC];
	c->node_moves_in = (uint32_t)st->moves_in[SCHED_MOVE_NODE];
	c->local_moves_in = (uint32_t)st->moves_in[SCHED_MOVE_LOCAL];
	c->active_moves_in = (uint32_t)st->moves_in[SCHED_MOVE_ACTIVE];
	c->wake_moves_in = (uint32_t)st->moves_in[SCHED_MOVE_WAKE];
	c->affinity_moves_in = (uint32_t)st->moves_in[SCHED_MOVE_AFFINITY];
	c->idle_ticks = (uint32_t)st->idle_ticks;
	c->busy_ticks = (uint32_t)st->busy_ticks;
}

static void fill_array(const prio_array_t *a, uint32_t *bitmap,
		       uint16_t *count, uint32_t *best)
{
	int prio;

	*best = SCHEDSTAT_NR_PRIO;
	for (prio = 0; prio < MAX_PRIO; prio++) {
		const struct list_head *pos;
		uint16_t n = 0;

		list_for_each(pos, &a->queue[prio])
			n++;
		count[prio] = n;
		if (n) {
			bitmap[prio / 32] |= 1u << (prio % 32);
			if (*best == SCHEDSTAT_NR_PRIO)
				*best = (uint32_t)prio;
		}
	}
}

/* Runqueue id's record, taken under its lock. */
static void fill_rq(struct schedstat_rq *r, int id)
{
	runqueue_t *rq = &runqueues[id];
	unsigned long flags;
	int i;

	memset(r, 0, sizeof(*r));
	flags = arch_irq_save();
	arch_spin_lock(&rq->lock);
	r->index = (uint32_t)id;
	r->nr_cpus = (uint32_t)rq->nr_cpus;
	r->curr_pid[0] = r->curr_pid[1] = -1;
	for (i = 0; i < rq->nr_cpus; i++) {
		cpu_set(rq->cpu[i].cpu, r->cpus);
		if (i < 2)
			r->curr_pid[i] = pid_of(rq->cpu[i].curr);
	}
	r->nr_running = (uint32_t)rq->nr_running;
	r->nr_active = (uint32_t)rq->active->nr_active;
	r->nr_expired = (uint32_t)rq->expired->nr_active;
	r->expired_timestamp = (uint32_t)rq->expired_timestamp;
	fill_array(rq->active, r->active_bitmap, r->active_count, &r->best_active);
	fill_array(rq->expired, r->expired_bitmap, r->expired_count,
		   &r->best_expired);
	arch_spin_unlock(&rq->lock);
	arch_irq_restore(flags);
}

static void fill_task(struct schedstat_task *r, struct task *t)
{
	const struct task_struct *p = &t->s;

	memset(r, 0, sizeof(*r));
	r->cpus_allowed = p->cpus_allowed;
	r->pid = pid_of(p);
	r->ppid = t->parent ? t->parent->s.pid : 0;
	r->state = p->state == TASK_RUNNING ? SCHEDSTAT_TASK_RUNNING :
		   p->state == TASK_ZOMBIE ? SCHEDSTAT_TASK_ZOMBIE :
		   p->state == TASK_UNINTERRUPTIBLE ? SCHEDSTAT_TASK_BLOCKED :
		   SCHEDSTAT_TASK_SLEEPING;
	r->flags = (task_curr(p) ? SCHEDSTAT_TASK_ONCPU : 0) |
		   (t->is_proc ? 0 : SCHEDSTAT_TASK_KTHREAD) |
		   ((p->flags & PF_IDLE) ? SCHEDSTAT_TASK_IDLE : 0);
	r->policy = (uint32_t)p->policy;
	r->rt_priority = p->rt_priority;
	r->prio = (uint32_t)p->prio;
	r->static_prio = (uint32_t)p->static_prio;
	r->sleep_avg = (uint32_t)p->sleep_avg;
	r->time_slice = p->time_slice;
	r->cpu = (uint32_t)p->cpu;
	r->node = (uint32_t)p->node;
	r->rq = (uint32_t)sched_rq_of(p->cpu);
	r->run_ticks = (uint32_t)t->run_ticks;
	strlcpy(r->name, t->name, sizeof(r->name));
}

int sys_schedstat(int what, void *ubuf, uint32_t len)
{
	static const uint32_t size[] = {
		sizeof(struct schedstat_summary), sizeof(struct schedstat_cpu),
		sizeof(struct schedstat_rq), sizeof(struct schedstat_task),
	};
	union {
		struct schedstat_summary s;
		struct schedstat_cpu c;
		struct schedstat_rq r;
		struct schedstat_task t;
	} *rec;
	int n = 0, i, max, cpu;
	char *out = ubuf;

	if (what < SCHEDSTAT_SUMMARY || what > SCHEDSTAT_TASKS)
		return -EINVAL;
	if (!user_range_ok((uintptr_t)ubuf, len))
		return -EFAULT;
	max = (int)(len / size[what]);
	rec = kmalloc(sizeof(*rec));
	if (!rec)
		return -ENOMEM;
	if (what == SCHEDSTAT_SUMMARY && max) {
		memset(&rec->s, 0, sizeof(rec->s));
		rec->s.uptime_us = time_us();
		rec->s.switches = nr_context_switches();
		rec->s.hz = HZ;
		rec->s.nr_cpus = (uint32_t)cpu_topology.ncpus;
		rec->s.nr_nodes = (uint32_t)cpu_topology.nnodes;
		for (cpu = 0; cpu < cpu_topology.ncpus; cpu++)
			rec->s.nr_rqs += sched_rq_of(cpu) == cpu;
		for (i = 0; i < MAX_TASKS; i++)
			rec->s.nr_tasks += task_table[i] != NULL;
		rec->s.nr_tasks += (uint32_t)cpu_topology.ncpus;	/* idle */
		rec->s.nr_running = (uint32_t)nr_running();
		rec->s.free_pages = pmm_free_pages_all();
		for (i = 0; i < cpu_topology.nnodes; i++)
			rec->s.total_pages += pmm_total_pages(i);
		n = copy_to_user(out, rec, size[what]) ? -EFAULT : 1;
	} else if (what == SCHEDSTAT_CPUS || what == SCHEDSTAT_RQS) {
		for (cpu = 0; cpu < cpu_topology.ncpus && n < max; cpu++) {
			if (what == SCHEDSTAT_RQS && sched_rq_of(cpu) != cpu)
				continue;
			if (what == SCHEDSTAT_CPUS)
				fill_cpu(&rec->c, cpu);
			else
				fill_rq(&rec->r, cpu);
			if (copy_to_user(out + n * size[what], rec, size[what])) {
				n = -EFAULT;
				break;
			}
			n++;
		}
	} else if (what == SCHEDSTAT_TASKS) {
		for (cpu = 0; cpu < cpu_topology.ncpus && n < max; cpu++) {
			fill_task(&rec->t, task_idle(cpu));
			if (copy_to_user(out + n * size[what], rec, size[what])) {
				kfree(rec);
				return -EFAULT;
			}
			n++;
		}
		for (i = 0; i < MAX_TASKS && n < max; i++) {
			uint32_t flags = spin_lock_irqsave(&task_table_lock);
			int have = task_table[i] != NULL;

			if (have)
				fill_task(&rec->t, task_table[i]);
			spin_unlock_irqrestore(&task_table_lock, flags);
			if (!have)
				continue;
			if (copy_to_user(out + n * size[what], rec, size[what])) {
				n = -EFAULT;
				break;
			}
			n++;
		}
	}
	kfree(rec);
	return n;
}

/* ---- topo --------------------------------------------------------------- */

static struct spinlock topo_lock = SPINLOCK_INIT("topo report");
static char *topo_buf;
static uint32_t topo_len, topo_used;

static void topo_emit(const char *line)
{
	uint32_t n = strlen(line);
	uint32_t i;

	for (i = 0; i <= n; i++) {
		char c = i < n ? line[i] : '\n';

		if (topo_used + 1 < topo_len)
			topo_buf[topo_used] = c;
		topo_used++;
	}
}

int sys_topo(char *ubuf, uint32_t len)
{
	/* The report grows with the CPUs and nodes (64 CPUs: about 6 KiB):
	 * measured by a first pass that writes nothing. The topology does not
	 * change after boot, so the second pass writes as many bytes. */
	uint32_t cap, flags, total;
	char *buf;
	int err = 0;

	if (!user_range_ok((uintptr_t)ubuf, len) || (len && !ubuf))
		return -EFAULT;
	flags = spin_lock_irqsave(&topo_lock);
	topo_buf = NULL;
	topo_len = 0;
	topo_used = 0;
	topo_report(&cpu_topology, topo_emit);
	spin_unlock_irqrestore(&topo_lock, flags);
	cap = topo_used + 1;
	buf = kmalloc(cap);
	if (!buf)
		return -ENOMEM;
	flags = spin_lock_irqsave(&topo_lock);
	topo_buf = buf;
	topo_len = cap;
	topo_used = 0;
	topo_report(&cpu_topology, topo_emit);
	total = topo_used;
	spin_unlock_irqrestore(&topo_lock, flags);
	buf[total < cap ? total : cap - 1] = '\0';
	if (len) {
		uint32_t n = total < len - 1 ? total : len - 1;

		buf[n] = '\0';
		err = copy_to_user(ubuf, buf, n + 1) ? -EFAULT : 0;
	}
	kfree(buf);
	return err ? err : (int)total;
}
