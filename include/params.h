/*
 * params.h - the machine-independent limits of the whole system.
 *
 * One source of truth: the kernel, the scheduler, the host simulator and the
 * host test tools all include this file. Change a number here and every part
 * follows.
 */
#ifndef PARAMS_H
#define PARAMS_H

/* Most CPUs the kernel runs. 64: the largest shape in tests/topologies
 * (8n8c1t) and the width of cpumask_t (one 64-bit word). */
#define NR_CPUS		64

/* Most NUMA nodes. 8: the most any shape in tests/topologies has. */
#define MAX_NODES	8

/* Timer ticks per second. 1000 as in Linux 2.5.59 on i386 (HZ=1000). */
#define HZ		1000

/* Distance of a node to itself and to another node when there is no SLIT:
 * the ACPI defaults that Linux also assumes (LOCAL_DISTANCE, REMOTE_DISTANCE). */
#define LOCAL_DISTANCE	10
#define REMOTE_DISTANCE	20

#endif
