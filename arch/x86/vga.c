/*
 * vga.c - the VGA text screen, a second copy of the console for a person
 * watching QEMU's window. Tests read the serial port, not this.
 */
#include <stdint.h>
#include "console.h"

#define VGA_TEXT	((volatile uint16_t *)0xb8000)
#define VGA_COLS	80
#define VGA_ROWS	25
#define VGA_ATTR	0x0700	/* light grey on black */

static int col, row;

void vga_init(void)
{
	int i;

	for (i = 0; i < VGA_COLS * VGA_ROWS; i++)
		VGA_TEXT[i] = VGA_ATTR | ' ';
	col = row = 0;
}

static void scroll(void)
{
	int i;

	for (i = 0; i < VGA_COLS * (VGA_ROWS - 1); i++)
		VGA_TEXT[i] = VGA_TEXT[i + VGA_COLS];
	for (; i < VGA_COLS * VGA_ROWS; i++)
		VGA_TEXT[i] = VGA_ATTR | ' ';
	row = VGA_ROWS - 1;
}

void vga_putc(char c)
{
	if (c == '\n') {
		col = 0;
		if (++row == VGA_ROWS)
			scroll();
		return;
	}
	if (c == '\r')
		return;
	VGA_TEXT[row * VGA_COLS + col] = VGA_ATTR | (uint8_t)c;
	if (++col == VGA_COLS) {
		col = 0;
		if (++row == VGA_ROWS)
			scroll();
	}
}
