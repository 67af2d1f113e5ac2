/*
 * acpi_fuzz.h - the input format of the ACPI fuzzer (fuzz_acpi.c), shared
 * with the seed writer (test_acpi --seeds).
 *
 * Byte 0 chooses what the rest of the input is:
 *   mode & 3 == FUZZ_MADT, FUZZ_SRAT, FUZZ_SLIT: one table for that parser;
 *   mode & 3 == FUZZ_WALK: "physical memory" (address = offset) holding an
 *   RSDP (found by acpi_find_rsdp, else taken at 0) and the tables, walked by
 *   acpi_parse() with prefer_last = (mode & FUZZ_LAST) != 0. With
 *   FUZZ_FIXSUM the harness first makes the checksums of the RSDP, the root
 *   table and every table it lists right, so that mutations reach the table
 *   contents instead of dying at the checksum check.
 */
#ifndef TESTS_ACPI_FUZZ_H
#define TESTS_ACPI_FUZZ_H

#define FUZZ_MADT	0
#define FUZZ_SRAT	1
#define FUZZ_SLIT	2
#define FUZZ_WALK	3
#define FUZZ_LAST	4
#define FUZZ_FIXSUM	8

#endif
