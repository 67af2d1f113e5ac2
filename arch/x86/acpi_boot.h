/*
 * acpi_boot.h - the kernel's side of ACPI: find the RSDP in BIOS memory,
 * hand the pure parsers of acpi.h mapped tables, keep the result.
 */
#ifndef ARCH_X86_ACPI_BOOT_H
#define ARCH_X86_ACPI_BOOT_H

#include "acpi.h"

/* What the tables said; valid after acpi_boot_init(). */
extern struct acpi_info acpi_info;

/* Find and parse the tables. Returns 0 when the MADT is usable; otherwise
 * the kernel runs on the boot CPU alone (and says so). */
int acpi_boot_init(int prefer_last);

#endif
