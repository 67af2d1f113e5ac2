/*
 * file.h - what a process's fds point at: the console or a pipe end.
 *
 * A struct file is shared by every fd that refers to it (fork copies the
 * table and takes a reference each). Buffers passed to read/write are user
 * addresses; the implementations copy with uaccess.h.
 */
#ifndef KERNEL_FILE_H
#define KERNEL_FILE_H

#include <stdint.h>

struct file;
struct task;

struct file_ops {
	int (*read)(struct file *f, char *ubuf, uint32_t len);
	int (*write)(struct file *f, const char *ubuf, uint32_t len);
	/* 1 when read would not block. */
	int (*readable)(struct file *f);
	void (*release)(struct file *f);
};

struct file {
	int refs;			/* atomic */
	const struct file_ops *ops;
	void *priv;
};

struct file *file_get(struct file *f);
void file_put(struct file *f);

/* The console (serial, and the PS/2 keyboard when present): one file. */
extern struct file console_file;
/* Route COM1's input interrupt to the CPU apic_id (boot, once). */
void console_input_init(uint32_t apic_id);
/* Input arrived (from the serial and keyboard interrupt handlers). */
void console_input_ready(void);

/* A new pipe: its read and write ends, one reference each (pipe.c). */
int pipe_create(struct file **r, struct file **w);

/* An initrd file opened read-only (sys_io.c), or NULL. */
struct file *initrd_file_open(const void *data, uint32_t size);

/* The lowest free fd of t for f (which it takes over), or -EMFILE. */
int fd_install(struct task *t, struct file *f);
/* t's file for fd, or NULL. */
struct file *fd_file(struct task *t, int fd);

#endif
