/*
 * debugexit.h - leaving QEMU from the guest through its isa-debug-exit
 * device (-device isa-debug-exit,iobase=0xf4,iosize=0x04, which
 * scripts/qemu.sh adds): writing v makes QEMU exit with status (v << 1) | 1.
 * On a machine without the device the write does nothing and the caller
 * halts instead.
 */
#ifndef ARCH_X86_DEBUGEXIT_H
#define ARCH_X86_DEBUGEXIT_H

#define QEMU_EXIT_PASS	0	/* QEMU exits 1: every ktest passed */
#define QEMU_EXIT_FAIL	1	/* QEMU exits 3: some ktest failed */
#define QEMU_EXIT_PANIC	2	/* QEMU exits 5: the kernel panicked */

/* Leave QEMU with value v; halts this CPU if that did not work. */
void qemu_exit(int v) __attribute__((noreturn));

#endif
