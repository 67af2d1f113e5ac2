/*
 * stacktrace.c - walk the chain of saved frame pointers.
 *
 * Every function compiled with frame pointers starts with push %ebp; mov
 * %esp, %ebp, so [ebp] is the caller's ebp and [ebp + 4] the return address.
 * The walk reads only inside this CPU's stack and stops at the first frame
 * that does not look right, so a trace of a corrupt stack ends early instead
 * of faulting inside a panic.
 */
#include "stacktrace.h"
#include "percpu.h"
#include "printk.h"
#include "ksyms.h"
#include "trap.h"

extern const char isr_dispatch_return[];	/* entry.asm */

/* Deepest trace printed; kernel call chains are short. */
#define MAX_FRAMES	24

/* Name the function holding `lookup`, with addr's offset in it. */
static void format_sym(char *buf, size_t len, uintptr_t addr, uintptr_t lookup)
{
	uintptr_t start, size;
	const char *name = ksym_lookup(lookup, &start, &size);

	if (name)
		snprintf(buf, len, "%s+0x%lx/0x%lx", name,
			 (unsigned long)(addr - start), (unsigned long)size);
	else
		snprintf(buf, len, "?");
}

void ksym_format(char *buf, size_t len, uintptr_t addr)
{
	format_sym(buf, len, addr, addr);
}

/* The AP trampoline runs from its copy below 1 MiB (smpboot.c). */
#define TRAMPOLINE_COPY		0x8000
#define TRAMPOLINE_COPY_END	0x9000

void dump_stack_from(uintptr_t ebp, uintptr_t eip)
{
	struct percpu *pc = this_cpu();
	uintptr_t lo = pc->stack_base, hi = pc->stack_top;
	char sym[64];
	int n;

	printk("  stack trace (CPU %d):\n", pc->cpu);
	ksym_format(sym, sizeof(sym), eip);
	printk("    [<%08lx>] %s\n", (unsigned long)eip, sym);
	for (n = 0; n < MAX_FRAMES; n++) {
		uintptr_t next, ret;

		if (ebp < lo || ebp + 8 > hi || (ebp & 3))
			break;
		next = ((uintptr_t *)ebp)[0];
		ret = ((uintptr_t *)ebp)[1];
		if (!ret)
			break;
		/* A return address points after the call, which may be the
		 * last instruction of its function: name the call's. */
		if (ret == (uintptr_t)isr_dispatch_return) {
			/*
			 * trap_dispatch's caller: its argument, above the
			 * return address, is the trap frame. Go on in the
			 * interrupted code, from where it was stopped.
			 */
			const struct trap_frame *f = ((const struct trap_frame **)ebp)[2];

			if ((uintptr_t)f < lo || (uintptr_t)f + sizeof(*f) > hi)
				break;
			ksym_format(sym, sizeof(sym), f->eip);
			printk("    -- vector %u --\n    [<%08lx>] %s\n", f->vector,
			       (unsigned long)f->eip, sym);
			if (f->ebp <= ebp)
				break;
			ebp = f->ebp;
			continue;
		}
		if (ret >= TRAMPOLINE_COPY && ret < TRAMPOLINE_COPY_END)
			snprintf(sym, sizeof(sym), "AP trampoline (copy at 0x%x)",
				 TRAMPOLINE_COPY);
		else
			format_sym(sym, sizeof(sym), ret, ret - 1);
		printk("    [<%08lx>] %s\n", (unsigned long)ret, sym);
		if (next <= ebp)
			break;	/* the stack grows down: callers are above */
		ebp = next;
	}
}

void dump_stack(void)
{
	dump_stack_from((uintptr_t)__builtin_frame_address(0),
			(uintptr_t)dump_stack);
}
