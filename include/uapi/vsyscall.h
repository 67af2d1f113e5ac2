/*
 * uapi/vsyscall.h - the kernel's system call page in every process.
 *
 * exec maps one read-only page at VSYSCALL_ADDR (arch/x86/sysenter.c
 * fills it) holding __kernel_vsyscall, as Linux's vDSO does: the best
 * system call instruction this CPU and boot allow. The user library calls
 * it in place of `int $0x80`, with the same registers (uapi/syscall.h):
 *
 *	eax = number, ebx, ecx, edx, esi, edi = arguments 1..5
 *	call VSYSCALL_ADDR
 *	eax = result; every other register is preserved
 *
 * It uses 16 bytes of the caller's stack below the return address.
 * Its first byte tells which entry it uses (a test may look):
 * VSYSCALL_OP_INT80 for `int $0x80`, VSYSCALL_OP_SYSENTER for
 * sysenter (Linux's stub: push ecx, edx, ebp; ebp = esp; sysenter).
 *
 * The page is the lowest of the stack's reservation: the stack's pages
 * come on demand above it (exec.c), so a stack that grows into it writes
 * to a read-only page and the process is killed; and no ELF segment may
 * reach it (elf.c's limit is USER_STACK_LOW).
 */
#ifndef UAPI_VSYSCALL_H
#define UAPI_VSYSCALL_H

#include "uapi/memlayout.h"

#define VSYSCALL_ADDR		USER_STACK_LOW	/* 0x7ff00000 */
#define VSYSCALL_OP_INT80	0xcd	/* int imm8 */
#define VSYSCALL_OP_SYSENTER	0x51	/* push ecx */

#endif
