/*
 * ps2kbd.h - the PS/2 keyboard (i8042, IRQ 1): keys as ASCII for the
 * console (kernel/file.c reads it beside COM1).
 */
#ifndef ARCH_X86_PS2KBD_H
#define ARCH_X86_PS2KBD_H

/* Route IRQ 1 to the boot CPU and start taking keys (boot CPU, once,
 * after ioapic_init). Without an I/O APIC the keyboard stays unused. */
void ps2kbd_init(int have_ioapic);

/* The next typed character, or -1 when none is waiting. Any CPU. */
int ps2kbd_getc(void);
/* Characters waiting (an unlocked look). */
int ps2kbd_pending(void);

#endif
