# acpi.mk - ACPI parser unit tests and fuzzer. (placeholder)
