/*
 * MADT of four CPUs, APIC IDs 0-3.
 * iasl data-table source (iasl compiles it; tests/acpi/acpitopo.sh).
 * Lengths and checksums are iasl's; the values below are what matters.
 */
Signature : "APIC"
Table Length : 00000000
Revision : 04
Checksum : 00
Oem ID : "CRAFTD"
Oem Table ID : "ACPITOPO"
Oem Revision : 00000001
Asl Compiler ID : "INTL"
Asl Compiler Revision : 00000000

Local Apic Address : FEE00000
Flags (decoded below) : 00000001
PC-AT Compatibility : 1

Subtable Type : 00
Length : 08
Processor ID : 00
Local Apic ID : 00
Flags (decoded below) : 00000001
Processor Enabled : 1
Runtime Online Capable : 0

Subtable Type : 00
Length : 08
Processor ID : 01
Local Apic ID : 01
Flags (decoded below) : 00000001
Processor Enabled : 1
Runtime Online Capable : 0

Subtable Type : 00
Length : 08
Processor ID : 02
Local Apic ID : 02
Flags (decoded below) : 00000001
Processor Enabled : 1
Runtime Online Capable : 0

Subtable Type : 00
Length : 08
Processor ID : 03
Local Apic ID : 03
Flags (decoded below) : 00000001
Processor Enabled : 1
Runtime Online Capable : 0
