/*
 * sysenter.h - the fast system call entry (sysenter/sysexit) beside
 * `int $0x80`, and the vsyscall page that chooses between them for user
 * code (uapi/vsyscall.h).
 *
 * Used when the boot CPU has SEP (CPUID.1:EDX bit 11, minus the Pentium
 * Pro's false claim) and the command line does not say `nosysenter`;
 * otherwise the vsyscall page holds `int $0x80` and the MSRs stay 0, so a
 * stray sysenter faults (#GP) in user mode and only kills its task.
 */
#ifndef ARCH_X86_SYSENTER_H
#define ARCH_X86_SYSENTER_H

#include <stdint.h>

struct mm;
struct trap_frame;

/* Program this CPU's IA32_SYSENTER_CS/ESP/EIP: every CPU, on itself,
 * after gdt_load_cpu() and with the command line parsed. */
void sysenter_setup_cpu(void);

/* Map and fill the vsyscall page in mm (exec): 0 or -ENOMEM. */
int vsyscall_map(struct mm *mm);

/* 1 when eip lies in the entry code between sysenter and the switch to
 * the kernel's flags (a #DB there is the user's TF: usermode.c). */
int sysenter_window(uint32_t eip);

/* sysentry.asm: the rest of the system call; 1 lets it sysexit. */
int sysenter_dispatch(struct trap_frame *f);

#endif
