/*
 * SRAT of the same server: proximity domains 1-4 for the sockets; domain 0 appears only in a disabled entry. Linux numbers nodes by first appearance: domains 1-4 are nodes 0-3 (drivers/acpi/numa/srat.c).
 * iasl data-table source (iasl compiles it; tests/acpi/acpitopo.sh).
 * Lengths and checksums are iasl's; the values below are what matters.
 */
Signature : "SRAT"
Table Length : 00000000
Revision : 03
Checksum : 00
Oem ID : "CRAFTD"
Oem Table ID : "ACPITOPO"
Oem Revision : 00000001
Asl Compiler ID : "INTL"
Asl Compiler Revision : 00000000

Table Revision : 00000001
Reserved : 0000000000000000

/* disabled: numbers no node */
Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 00
Apic ID : 40
Flags (decoded below) : 00000000
Enabled : 0
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

/* socket 0 thread 0 in domain 1 */
Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 01
Apic ID : 00
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 02
Apic ID : 10
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 03
Apic ID : 20
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 04
Apic ID : 30
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 01
Apic ID : 01
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 02
Apic ID : 11
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 03
Apic ID : 21
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 04
Apic ID : 31
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

/* domain 1: below 640 KiB */
Subtable Type : 01
Length : 28
Proximity Domain : 00000001
Reserved1 : 0000
Base Address : 0000000000000000
Address Length : 00000000000A0000
Reserved2 : 00000000
Flags (decoded below) : 00000001
Enabled : 1
Hot Pluggable : 0
Non-Volatile : 0
Reserved3 : 0000000000000000

/* domain 1: 1 MiB - 1 GiB */
Subtable Type : 01
Length : 28
Proximity Domain : 00000001
Reserved1 : 0000
Base Address : 0000000000100000
Address Length : 000000003FF00000
Reserved2 : 00000000
Flags (decoded below) : 00000001
Enabled : 1
Hot Pluggable : 0
Non-Volatile : 0
Reserved3 : 0000000000000000

Subtable Type : 01
Length : 28
Proximity Domain : 00000002
Reserved1 : 0000
Base Address : 0000000040000000
Address Length : 0000000040000000
Reserved2 : 00000000
Flags (decoded below) : 00000001
Enabled : 1
Hot Pluggable : 0
Non-Volatile : 0
Reserved3 : 0000000000000000

Subtable Type : 01
Length : 28
Proximity Domain : 00000003
Reserved1 : 0000
Base Address : 0000000080000000
Address Length : 0000000040000000
Reserved2 : 00000000
Flags (decoded below) : 00000001
Enabled : 1
Hot Pluggable : 0
Non-Volatile : 0
Reserved3 : 0000000000000000

Subtable Type : 01
Length : 28
Proximity Domain : 00000004
Reserved1 : 0000
Base Address : 00000000C0000000
Address Length : 0000000040000000
Reserved2 : 00000000
Flags (decoded below) : 00000001
Enabled : 1
Hot Pluggable : 0
Non-Volatile : 0
Reserved3 : 0000000000000000

/* disabled hot-plug memory of domain 0 */
Subtable Type : 01
Length : 28
Proximity Domain : 00000000
Reserved1 : 0000
Base Address : 0000000100000000
Address Length : 0000000100000000
Reserved2 : 00000000
Flags (decoded below) : 00000002
Enabled : 0
Hot Pluggable : 1
Non-Volatile : 0
Reserved3 : 0000000000000000
