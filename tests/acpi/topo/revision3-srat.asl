/*
 * Domain width by revision: the same entries as SRAT revision 1 and 3. Up to revision 1 a type 0 entry's domain is its low byte and a type 1 entry's 8 bits; from revision 2 on, all 32 bits count, and domain 0x10001 is beyond the 256 Linux numbers: the SRAT is not used.
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

/* domain 1, or 0x10001 from revision 2 on */
Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 01
Apic ID : 00
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000100
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
Apic ID : 02
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 02
Apic ID : 03
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

/* domain 1 up to revision 1 */
Subtable Type : 01
Length : 28
Proximity Domain : 00000101
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
Proximity Domain : 00000002
Reserved1 : 0000
Base Address : 0000000008000000
Address Length : 0000000008000000
Reserved2 : 00000000
Flags (decoded below) : 00000001
Enabled : 1
Hot Pluggable : 0
Non-Volatile : 0
Reserved3 : 0000000000000000
