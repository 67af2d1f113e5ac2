/*
 * stacktrace.h - stack traces by frame pointers (the kernel is built with
 * -fno-omit-frame-pointer), with symbol names from the table the second
 * link pass puts in .ksyms (kernel/ksyms.c).
 */
#ifndef ARCH_X86_STACKTRACE_H
#define ARCH_X86_STACKTRACE_H

#include <stddef.h>
#include <stdint.h>

/* Print eip, then the return addresses found by following ebp. */
void dump_stack_from(uintptr_t ebp, uintptr_t eip);

/* Print the trace of the caller. */
void dump_stack(void);

/* "name+0xoff/0xsize" for addr, or "?" when it is not in the kernel. */
void ksym_format(char *buf, size_t len, uintptr_t addr);

#endif
