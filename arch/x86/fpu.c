/* fpu.c - lazy x87/MMX registers per task, and CR0 per CPU (fpu.h). */
#include "fpu.h"
#include "cpu.h"
#include "percpu.h"
#include "printk.h"
#include "smp.h"
#include "string.h"
#include "task.h"
#include "trap.h"

/* Intel SDM vol. 3, 2.5. */
#define CR0_MP		(1u << 1)	/* wait/fwait also honours TS */
#define CR0_EM		(1u << 2)	/* no FPU: every FPU instruction #NM */
#define CR0_TS		(1u << 3)
#define CR0_NE		(1u << 5)	/* x87 errors as #MF, not FERR#/IRQ 13 */

/* CR0 as each CPU had it after fpu_init_cpu(), by slot; read by the
 * boot CPU's report once the APs are up. */
static uint32_t cr0_seen[NR_CPUS];

static inline void clts(void)
{
	__asm__ volatile("clts" : : : "memory");
}

static inline void stts(void)
{
	write_cr0(read_cr0() | CR0_TS);
}

void fpu_init_cpu(void)
{
	struct percpu *pc = this_cpu();
	uint32_t cr0 = read_cr0();

	cr0 = (cr0 & ~(CR0_EM | CR0_TS)) | CR0_MP | CR0_NE;
	write_cr0(cr0);
	__asm__ volatile("fninit" : : : "memory");	/* drop the firmware's */
	cr0_seen[pc->slot] = cr0;
	pc->fpu_owner = 0;
	stts();
}

void fpu_report_cr0(void)
{
	uint32_t cr0 = cr0_seen[this_cpu()->slot];
	int cpu, n = 0, bad = 0;

	for (cpu = 0; cpu < NR_CPUS; cpu++) {
		struct percpu *pc = cpu_data(cpu);

		if (!pc)
			continue;
		n++;
		if (cr0_seen[pc->slot] != cr0) {
			printk("cpu: CPU %d runs with CR0 0x%08x, CPU %d with "
			       "0x%08x\n", cpu, cr0_seen[pc->slot],
			       smp_processor_id(), cr0);
			bad++;
		}
	}
	if (bad)
		printk("cpu: CR0 differs on %d of %d CPUs\n", bad, n);
	else
		printk("cpu: CR0 0x%08x on all %d CPUs\n", cr0, n);
}

void fpu_switch_out(struct fpu *prev)
{
	struct percpu *pc = this_cpu();

	if (pc->fpu_owner != prev)
		return;		/* TS is set: nothing of prev's is live */
	/* fnsave also resets the FPU, so no state lingers for the next. */
	__asm__ volatile("fnsave %0" : "=m"(prev->image) : : "memory");
	pc->fpu_owner = 0;
	stts();
}

/* Drop this CPU's live copy of f, if it holds one (interrupts off). */
static void fpu_drop(struct fpu *f)
{
	struct percpu *pc = this_cpu();

	if (pc->fpu_owner == f) {
		__asm__ volatile("fninit" : : : "memory");
		pc->fpu_owner = 0;
		stts();
	}
}

void fpu_exec(struct fpu *f)
{
	uint32_t flags = irq_save();

	fpu_drop(f);
	f->used = 0;
	irq_restore(flags);
}

void fpu_fork(struct fpu *child, struct fpu *parent)
{
	uint32_t flags = irq_save();

	fpu_switch_out(parent);		/* the image to copy is in parent */
	memcpy(child, parent, sizeof(*child));
	irq_restore(flags);
}

int fpu_device_not_available(struct trap_frame *f)
{
	struct task *t = this_task();
	struct percpu *pc = this_cpu();

	if ((f->cs & 3) != 3 || !t || pc->fpu_owner)
		return 0;
	clts();
	if (t->fpu.used) {
		__asm__ volatile("frstor %0" : : "m"(t->fpu.image) : "memory");
	} else {
		__asm__ volatile("fninit" : : : "memory");
		t->fpu.used = 1;
	}
	pc->fpu_owner = &t->fpu;
	return 1;
}

void fpu_status(uint16_t *status, uint16_t *control)
{
	uint16_t sw = 0, cw = 0;

	if (this_cpu()->fpu_owner == &this_task()->fpu)
		__asm__ volatile("fnstsw %0\n\tfnstcw %1"
				 : "=m"(sw), "=m"(cw) : : "memory");
	*status = sw;
	*control = cw;
}
