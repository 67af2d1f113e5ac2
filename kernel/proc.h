/*
 * proc.h - processes: fork, exec, exit, wait, kill (kernel/fork.c, exec.c,
 * exit.c), and the first process.
 */
#ifndef KERNEL_PROC_H
#define KERNEL_PROC_H

#include <stddef.h>
#include <stdint.h>

struct task;
struct trap_frame;

/* exit.c: the two halves of task_exit(). */
void proc_exit_files(struct task *t);
/* Orphans go to init; t becomes TASK_ZOMBIE; its parent is woken. */
void proc_exit_family(struct task *t, int status);
int do_waitpid(int pid, int *status, int flags);
int do_kill(int pid, int sig);

/* fork.c: a copy of the calling process (its user registers in f). */
int do_fork(struct trap_frame *f);

/* exec.c: replace the calling process's image with the initrd file path
 * (argv: kernel copies of the strings). On success the trap frame f
 * returns into the new image. */
int do_exec(struct trap_frame *f, const char *path, int argc, char **argv);

/* exec.c: a regular file of the initrd: 0, -ENOENT or -EISDIR. */
int initrd_lookup(const char *path, const void **data, size_t *size);

/* Start /bin/init (or init) from the initrd as pid 1; 0 or -errno. */
int proc_start_init(void);

#endif
