/*
 * Node numbers by first appearance: processor entries (types 0, 2 and generic initiators, type 5, enabled ones, in table order) first, then memory entries. Domains 5, 2, 9, 7 become nodes 0, 1, 2, 3 though memory of domain 7 comes first in the table.
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

/* memory: numbered after every processor entry */
Subtable Type : 01
Length : 28
Proximity Domain : 00000007
Reserved1 : 0000
Base Address : 0000000000000000
Address Length : 0000000004000000
Reserved2 : 00000000
Flags (decoded below) : 00000001
Enabled : 1
Hot Pluggable : 0
Non-Volatile : 0
Reserved3 : 0000000000000000

/* APIC 0: domain 5, node 0 */
Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 05
Apic ID : 00
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

/* disabled: domain 3 gets no node */
Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 03
Apic ID : 01
Flags (decoded below) : 00000000
Enabled : 0
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

/* APIC 1 (an x2APIC entry): domain 2, node 1 */
Subtable Type : 02
Length : 18
Reserved1 : 0000
Proximity Domain : 00000002
Apic ID : 00000001
Flags (decoded below) : 00000001
Enabled : 1
Clock Domain : 00000000
Reserved2 : 00000000

/* a generic initiator: domain 9, node 2 */
Subtable Type : 05
Length : 20
Reserved1 : 00
Device Handle Type : 01
Proximity Domain : 00000009
Device Handle : 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
Flags (decoded below) : 00000001
Enabled : 1
Reserved2 : 00000000

/* APIC 2: domain 5 again, node 0 */
Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 05
Apic ID : 02
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

/* APIC 3: domain 7, node 3 */
Subtable Type : 02
Length : 18
Reserved1 : 0000
Proximity Domain : 00000007
Apic ID : 00000003
Flags (decoded below) : 00000001
Enabled : 1
Clock Domain : 00000000
Reserved2 : 00000000

/* a disabled generic initiator: domain 11 gets no node (and Linux handles no processor entry after it: gi-disabled) */
Subtable Type : 05
Length : 20
Reserved1 : 00
Device Handle Type : 01
Proximity Domain : 0000000B
Device Handle : 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
Flags (decoded below) : 00000000
Enabled : 0
Reserved2 : 00000000

Subtable Type : 01
Length : 28
Proximity Domain : 00000002
Reserved1 : 0000
Base Address : 0000000004000000
Address Length : 0000000004000000
Reserved2 : 00000000
Flags (decoded below) : 00000001
Enabled : 1
Hot Pluggable : 0
Non-Volatile : 0
Reserved3 : 0000000000000000

/* the initiator's node has memory */
Subtable Type : 01
Length : 28
Proximity Domain : 00000009
Reserved1 : 0000
Base Address : 0000000008000000
Address Length : 0000000008000000
Reserved2 : 00000000
Flags (decoded below) : 00000001
Enabled : 1
Hot Pluggable : 0
Non-Volatile : 0
Reserved3 : 0000000000000000
