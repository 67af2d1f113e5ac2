/*
 * printk.h - the kernel's console output.
 *
 * printk formats into a buffer first and then writes it under the console
 * lock, so a line printed with one call never interleaves with another CPU's,
 * and a line never starts in the middle of another writer's (printk.c).
 * Everything goes to COM1 (what tests read) and to the screen (VGA text,
 * or the framebuffer under UEFI).
 */
#ifndef KERNEL_PRINTK_H
#define KERNEL_PRINTK_H

#include <stdarg.h>
#include <stddef.h>

/* Longest output of one printk call; longer output is cut. */
#define PRINTK_MAX	512

int printk(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int vprintk(const char *fmt, va_list ap);
int snprintf(char *buf, size_t size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
int vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);

/* Start the console devices (serial first, then VGA text). */
void console_init(void);

/*
 * The screen: the boot loader's framebuffer where it gave one (UEFI),
 * showing the boot log from its first line; VGA text otherwise. Once paging
 * is on, on the boot CPU before the APs start.
 */
void console_screen_init(void);

/*
 * Write the framebuffer console's characters to the serial port only (the
 * screen test compares them with the pixels): fbcon_dump()'s format.
 */
void console_dump_screen(void);

/* Panic only: free the console lock, whoever held it (they are stopped). */
void console_bust(void);

#endif
