/*
 * shim.h - the few services the workload programs (user/work/) use, so the
 * same sources build for the teaching kernel (shim_os.c over our system
 * calls) and as static Linux programs (shim_linux.c over Linux's), and a
 * workload can be run on both and compared.
 *
 * Every call returns a value or a negative errno (-EAGAIN ...), on both
 * systems. Besides these, a workload may use printf, snprintf, strcmp,
 * strtol, atoi and malloc, which both C libraries have.
 */
#ifndef USER_SHIM_H
#define USER_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "os" or "linux": which system the program was built for. */
extern const char shim_system[];

/* fork(): the child's pid in the parent, 0 in the child. */
int shim_fork(void);
/* Replace the program: only returns on error. argv ends with NULL. */
int shim_exec(const char *path, char *const argv[]);
/* The path that runs this same program again (execer re-executes itself). */
const char *shim_self(const char *argv0);
/*
 * Wait for child pid (-1: any). Returns its pid and sets *code to its
 * exit status, or 128 + the signal that killed it (as a shell shows it).
 */
int shim_wait(int pid, int *code);
/* Stop process pid for good (SIGKILL). */
int shim_kill(int pid);
/* Only CPU cpu for the caller (the move happens before it returns). */
int shim_pin(int cpu);
/* Every CPU again. */
int shim_unpin(void);
/* The CPU and NUMA node the caller runs on now. */
int shim_getcpu(int *cpu, int *node);
/* Online CPUs. */
int shim_ncpus(void);
/* Set the caller's nice level (-20..19; Linux needs privilege below 0). */
int shim_nice(int nice);
uint64_t shim_now_us(void);
void shim_sleep_ms(unsigned int ms);
void shim_yield(void);
int shim_pipe(int fds[2]);
long shim_read(int fd, void *buf, size_t len);
long shim_write(int fd, const void *buf, size_t len);
int shim_close(int fd);
void shim_exit(int code) __attribute__((noreturn));

#endif
