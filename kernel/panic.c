/*
 * panic.c - the one way the kernel gives up.
 *
 * Order matters: first claim the panic (a second CPU panicking at the same
 * time just stops), then stop the others with an NMI so nothing scrolls the
 * report away or holds a lock we need, then take the console by force
 * (a stopped CPU may have held its lock), then print, then exit or halt.
 */
#include <stdarg.h>
#include <stdint.h>
#include "panic.h"
#include "cpu.h"
#include "debugexit.h"
#include "lapic.h"
#include "percpu.h"
#include "printk.h"
#include "smp.h"
#include "stacktrace.h"
#include "timer.h"

/*
 * How long the panicking CPU waits for the others to acknowledge the NMI
 * before printing anyway: 100 ms. An NMI is taken within microseconds on
 * hardware; under QEMU a vCPU may wait for a host core for some ms.
 */
#define PANIC_STOP_WAIT_US	100000

static struct percpu *volatile panic_owner;
static volatile int panic_depth;
static volatile int cpus_stopped;
static int exit_on_panic;
static int dump_screen_on_panic;

void panic_set_exit(int on)
{
	exit_on_panic = on;
}

void panic_set_screen_dump(int on)
{
	dump_screen_on_panic = on;
}

void panic_enter(void)
{
	struct percpu *me = this_cpu();
	struct percpu *none = 0;
	int others;

	cli();
	if (!__atomic_compare_exchange_n(&panic_owner, &none, me, 0,
					 __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
		if (panic_owner != me)
			halt_forever();	/* another CPU reports; it stops us */
		/* A fault while reporting: say so and stop at once. */
		if (++panic_depth > 1)
			panic_finish();
		console_bust();
		printk("panic: CPU %d: fault while panicking\n", me->cpu);
		return;
	}

	others = smp_cpus_started() - 1;
	if (others > 0 && lapic_ready()) {
		uint64_t deadline = timer_deadline_us(PANIC_STOP_WAIT_US);

		lapic_send_nmi_allbutself();
		while (cpus_stopped < others && !timer_expired(deadline))
			cpu_relax();
	}
	console_bust();
	if (others > 0 && cpus_stopped < others)
		printk("panic: %d of %d other CPUs did not stop\n",
		       others - cpus_stopped, others);
}

void panic_finish(void)
{
	if (exit_on_panic) {
		printk("panic: leaving QEMU (isa-debug-exit %d)\n", QEMU_EXIT_PANIC);
		qemu_exit(QEMU_EXIT_PANIC);
	}
	printk("panic: system halted\n");
	if (dump_screen_on_panic)
		console_dump_screen();
	halt_forever();
}

void panic(const char *fmt, ...)
{
	char msg[PRINTK_MAX - 32];
	va_list ap;

	panic_enter();
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	printk("panic: CPU %d (APIC 0x%x): %s\n", smp_processor_id(),
	       this_cpu()->apic_id, msg);
	/* The trace starts in panic() and goes on with whoever called it. */
	dump_stack_from((uintptr_t)__builtin_frame_address(0), (uintptr_t)panic);
	panic_finish();
}

void panic_nmi(struct trap_frame *f)
{
	(void)f;
	if (panic_owner && panic_owner != this_cpu()) {
		__atomic_add_fetch(&cpus_stopped, 1, __ATOMIC_SEQ_CST);
		halt_forever();
	}
	/* Anything else is counted by the caller: no printk in an NMI,
	 * which may have come on the small sysenter entry stack, or while
	 * this CPU held the console's lock. */
}
