/*
 * uapi/memlayout.h - where a user program lives in its address space.
 *
 * The kernel maps physical memory at its own address (arch/x86/paging.c),
 * all but this range: RAM between 1 GiB and 2 GiB stays unused (paging.h),
 * so the range is free in every address space for the user part: the
 * program's ELF segments from USER_BASE up, its stack below USER_TOP. Every
 * address outside [USER_BASE, USER_TOP) belongs to the kernel (a system call
 * given one returns -EFAULT).
 *
 * user/ links its programs at USER_BASE (mk/user.mk reads the number from
 * here); kernel/elf.c refuses segments outside [USER_BASE, USER_STACK_LOW).
 */
#ifndef UAPI_MEMLAYOUT_H
#define UAPI_MEMLAYOUT_H

#define USER_BASE	0x40000000u	/* 1 GiB: lowest user address */
#define USER_TOP	0x80000000u	/* 2 GiB: one past the highest */
#define USER_STACK_SIZE	0x00100000u	/* 1 MiB reserved for the stack */
#define USER_STACK_LOW	(USER_TOP - USER_STACK_SIZE)

#endif
