/* debugexit.c - qemu_exit() through isa-debug-exit. */
#include "debugexit.h"
#include "cpu.h"
#include "io.h"

#define DEBUG_EXIT_PORT	0xf4	/* iobase of the device in scripts/qemu.sh */

void qemu_exit(int v)
{
	outl(DEBUG_EXIT_PORT, (uint32_t)v);
	halt_forever();
}
