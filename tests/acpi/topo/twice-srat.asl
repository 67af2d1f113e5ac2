/*
 * An APIC ID listed twice: the later entry wins (Linux's set_apicid_to_node overwrites), silently; a disabled later entry changes nothing.
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

Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 00
Apic ID : 00
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 00
Apic ID : 01
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

/* APIC 2 in domain 0 ... */
Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 00
Apic ID : 02
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 01
Apic ID : 03
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

/* ... and again, later, in domain 1: domain 1 wins */
Subtable Type : 02
Length : 18
Reserved1 : 0000
Proximity Domain : 00000001
Apic ID : 00000002
Flags (decoded below) : 00000001
Enabled : 1
Clock Domain : 00000000
Reserved2 : 00000000

/* APIC 0 again, disabled: ignored */
Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 01
Apic ID : 00
Flags (decoded below) : 00000000
Enabled : 0
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

Subtable Type : 01
Length : 28
Proximity Domain : 00000000
Reserved1 : 0000
Base Address : 0000000000000000
Address Length : 0000000008000000
Reserved2 : 00000000
Flags (decoded below) : 00000001
Enabled : 1
Hot Pluggable : 0
Non-Volatile : 0
Reserved3 : 0000000000000000

Subtable Type : 01
Length : 28
Proximity Domain : 00000001
Reserved1 : 0000
Base Address : 0000000008000000
Address Length : 0000000008000000
Reserved2 : 00000000
Flags (decoded below) : 00000001
Enabled : 1
Hot Pluggable : 0
Non-Volatile : 0
Reserved3 : 0000000000000000
