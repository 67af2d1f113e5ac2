/*
 * MADT of a four-socket server in small: two threads a socket, APIC IDs s*16+t, listed first threads first, with the placeholders real firmware writes (Linux 6.1 passes over them without a word, arch/x86/kernel/acpi/boot.c).
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

/* socket 0 thread 0: the boot CPU */
Subtable Type : 00
Length : 08
Processor ID : 00
Local Apic ID : 00
Flags (decoded below) : 00000001
Processor Enabled : 1
Runtime Online Capable : 0

/* a disabled placeholder repeating the APIC ID of an enabled entry below: costs no CPU */
Subtable Type : 00
Length : 08
Processor ID : 01
Local Apic ID : 11
Flags (decoded below) : 00000000
Processor Enabled : 0
Runtime Online Capable : 0

/* socket 1 thread 0 */
Subtable Type : 00
Length : 08
Processor ID : 02
Local Apic ID : 10
Flags (decoded below) : 00000001
Processor Enabled : 1
Runtime Online Capable : 0

/* socket 2 thread 0 */
Subtable Type : 00
Length : 08
Processor ID : 03
Local Apic ID : 20
Flags (decoded below) : 00000001
Processor Enabled : 1
Runtime Online Capable : 0

/* socket 3 thread 0 */
Subtable Type : 00
Length : 08
Processor ID : 04
Local Apic ID : 30
Flags (decoded below) : 00000001
Processor Enabled : 1
Runtime Online Capable : 0

/* socket 0 thread 1 */
Subtable Type : 00
Length : 08
Processor ID : 05
Local Apic ID : 01
Flags (decoded below) : 00000001
Processor Enabled : 1
Runtime Online Capable : 0

/* socket 1 thread 1 */
Subtable Type : 00
Length : 08
Processor ID : 06
Local Apic ID : 11
Flags (decoded below) : 00000001
Processor Enabled : 1
Runtime Online Capable : 0

/* socket 2 thread 1 */
Subtable Type : 00
Length : 08
Processor ID : 07
Local Apic ID : 21
Flags (decoded below) : 00000001
Processor Enabled : 1
Runtime Online Capable : 0

/* socket 3 thread 1 */
Subtable Type : 00
Length : 08
Processor ID : 08
Local Apic ID : 31
Flags (decoded below) : 00000001
Processor Enabled : 1
Runtime Online Capable : 0

/* LAPIC ID 0xff: a placeholder */
Subtable Type : 00
Length : 08
Processor ID : 09
Local Apic ID : FF
Flags (decoded below) : 00000000
Processor Enabled : 0
Runtime Online Capable : 0

/* LAPIC ID 0xff even when flagged enabled */
Subtable Type : 00
Length : 08
Processor ID : 0A
Local Apic ID : FF
Flags (decoded below) : 00000001
Processor Enabled : 1
Runtime Online Capable : 0

/* x2APIC ID 0xffffffff: a placeholder */
Subtable Type : 09
Length : 10
Reserved : 0000
Processor x2Apic ID : FFFFFFFF
Flags (decoded below) : 00000000
Processor Enabled : 0
Processor UID : 0000000B

/* an empty fifth socket */
Subtable Type : 00
Length : 08
Processor ID : 0C
Local Apic ID : 40
Flags (decoded below) : 00000000
Processor Enabled : 0
Runtime Online Capable : 0
