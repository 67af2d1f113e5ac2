/*
 * console.h - the raw devices under printk and the console file: COM1
 * (output, and input by interrupt), COM2, VGA text and the framebuffer.
 *
 * These write bytes and know nothing of locks; printk (kernel/printk.c)
 * serializes whole lines across CPUs before calling them.
 */
#ifndef ARCH_X86_CONSOLE_H
#define ARCH_X86_CONSOLE_H

#include <stdint.h>

/* COM1 at 115200 baud, 8N1. Returns 0, or -1 when no UART answers. */
int serial_init(void);
void serial_putc(char c);

/* COM1's input by interrupt, routed to the CPU apic_id; notify runs (in
 * the interrupt) after bytes arrived. -1 when it cannot be routed: then
 * serial_getc() and serial_pending() poll the UART. */
int serial_rx_init(uint32_t apic_id, void (*notify)(void));
/* A received byte is waiting / the next one, or -1. */
int serial_pending(void);
int serial_getc(void);

/* COM2 (0x2f8), the same way: the trace dump's port. Its writer serializes
 * (kernel/trace.c), printk never uses it. */
int serial2_init(void);
void serial2_putc(char c);

/* 80x25 colour text at 0xB8000; scrolls, no cursor. */
void vga_init(void);
void vga_putc(char c);

/*
 * The framebuffer console (fbcon.c), for screens without VGA text mode.
 * fbcon_putc() keeps what comes before fbcon_init() and draws it then.
 * fbcon_init(), once paging is on and before the APs start: 0 when the
 * loader's framebuffer is the screen now, -1 when there is none usable (VGA
 * text stays the screen), -2 when it lies where paging cannot map it.
 * fbcon_dump() writes the screen's characters through out: "screen: COLSxROWS",
 * one "screen: " line a row (trailing blanks cut), "screen: end"; or
 * "screen: none" before fbcon_init() or without a framebuffer.
 */
void fbcon_putc(char c);
int fbcon_init(void);
void fbcon_dump(void (*out)(char));

#endif
