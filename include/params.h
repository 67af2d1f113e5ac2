/*
 * params.h - the machine-independent limits of the whole system.
 *
 * One source of truth: the kernel, the scheduler, the host simulator and the
 * host test tools all include this file. Change a number here and every part
 * follows.
 */
#ifndef PARAMS_H
#define PARAMS_H

/* Most CPUs the kernel runs. 256: every APIC ID QEMU's TCG can give (below
 * 255, so 255 CPUs at most) fits, and so does the largest shape of
 * tests/topologies. A build may set its own (the host simulator runs up to
 * 1024, mk/sched.mk); everything sized by it follows. */
#ifndef NR_CPUS
#define NR_CPUS		256
#endif

/* Most NUMA nodes. 64: Linux x86-64's default (CONFIG_NODES_SHIFT 6). */
#ifndef MAX_NODES
#define MAX_NODES	64
#endif

/* Timer ticks per second. 1000 as in Linux 2.5.59 on i386 (HZ=1000). */
#define HZ		1000

/* Distance of a node to itself and to another node when there is no SLIT:
 * the ACPI defaults that Linux also assumes (LOCAL_DISTANCE, REMOTE_DISTANCE). */
#define LOCAL_DISTANCE	10
#define REMOTE_DISTANCE	20

#endif
