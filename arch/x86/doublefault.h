/*
 * doublefault.h - the double fault (#DF) as a task of its own, so that a
 * kernel stack overflow is reported instead of resetting the machine.
 */
#ifndef ARCH_X86_DOUBLEFAULT_H
#define ARCH_X86_DOUBLEFAULT_H

/* Build the #DF task (its TSS, GDT descriptor and stack) and point IDT
 * vector 8 at it. Boot CPU, once, after paging_init() and idt_init(). */
void doublefault_init(void);

/* ktest_panic=overflow: recurse, interrupts off, until this CPU's stack
 * runs into its guard page. Does not return. */
void doublefault_overflow_stack(void) __attribute__((noreturn));

#endif
