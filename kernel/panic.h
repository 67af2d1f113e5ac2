/*
 * panic.h - stopping the machine on a bug, loudly and completely.
 *
 * A panic stops every other CPU (an NMI they cannot mask), prints what went
 * wrong with a stack trace, and then, when a test is running (ktest or
 * ktest_panic on the command line), leaves QEMU with isa-debug-exit
 * QEMU_EXIT_PANIC so no test waits on a timeout; otherwise it halts.
 */
#ifndef KERNEL_PANIC_H
#define KERNEL_PANIC_H

struct trap_frame;

void panic(const char *fmt, ...)
	__attribute__((noreturn, format(printf, 1, 2)));

/*
 * The two halves, for callers that print their own report (exceptions):
 * panic_enter() returns on the first CPU to panic only, with the others
 * stopped and the console free; panic_finish() exits or halts.
 */
void panic_enter(void);
void panic_finish(void) __attribute__((noreturn));

/* The NMI handler's first step: stops this CPU when another one panics,
 * else returns at once (and prints nothing). */
void panic_nmi(struct trap_frame *f);

/* Make a panic leave QEMU (the test modes). */
void panic_set_exit(int on);
/* Make a panic that halts dump the screen's grid to COM1 first
 * (panic_screen: the framebuffer's panic, checked against QEMU's
 * screendump). */
void panic_set_screen_dump(int on);

/* State an invariant: panics naming it when it does not hold. */
#define KASSERT(cond, invariant)					\
	do {								\
		if (!(cond))						\
			panic("assertion failed: %s (%s) at %s:%d",	\
			      invariant, #cond, __FILE__, __LINE__);	\
	} while (0)

#endif
