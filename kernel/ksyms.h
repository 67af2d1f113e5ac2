/*
 * ksyms.h - the kernel's function names, for stack traces.
 *
 * The table is generated from the first link (nm -n) by gen-ksyms.sh and
 * linked into .ksyms by the second; the linker script puts .ksyms after all
 * code, so adding it moves no function. A kernel linked without it (the first
 * pass) simply has no names.
 */
#ifndef KERNEL_KSYMS_H
#define KERNEL_KSYMS_H

#include <stdint.h>

/* The function holding addr: its name, *start and *size; NULL if none. */
const char *ksym_lookup(uintptr_t addr, uintptr_t *start, uintptr_t *size);

#endif
