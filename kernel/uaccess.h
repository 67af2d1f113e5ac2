/*
 * uaccess.h - reading and writing user memory from the kernel.
 *
 * Every user pointer is checked against [USER_BASE, USER_TOP) first; what
 * is inside but unmapped (or read-only, for writes: CR0.WP is on) faults,
 * and the page-fault handler resumes at the copy's fixup address
 * (an exception table of two entries, arch/x86/uaccess.asm), so a bad
 * pointer gives -EFAULT and never a kernel fault.
 */
#ifndef KERNEL_UACCESS_H
#define KERNEL_UACCESS_H

#include <stdint.h>
#include "uapi/errno.h"

/* 1 when [a, a + n) lies in user space (n may be 0). */
int user_range_ok(uintptr_t a, uint32_t n);

int copy_from_user(void *dst, const void *usrc, uint32_t n);	/* 0 / -EFAULT */
int copy_to_user(void *udst, const void *src, uint32_t n);	/* 0 / -EFAULT */
int put_user_u32(uint32_t *u, uint32_t v);
int get_user_u32(uint32_t *v, const uint32_t *u);
/* Copy a NUL-terminated string of at most max - 1 chars: its length, or
 * -EFAULT, or -ENAMETOOLONG when no NUL comes within max bytes. */
int strncpy_from_user(char *dst, const char *usrc, uint32_t max);

/* The page-fault handler's question: if eip is a user-copy instruction,
 * where to resume instead (0: it is not one). */
uint32_t uaccess_fixup(uint32_t eip);

#endif
