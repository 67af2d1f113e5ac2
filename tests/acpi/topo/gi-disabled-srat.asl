/*
 * A disabled generic initiator among the processor entries: Linux 6.1's
 * acpi_parse_gi_affinity() returns -EINVAL for it, and from then on
 * acpi_parse_entries_array() (drivers/acpi/tables.c) calls no handler for
 * the rest of the processor pass. APICs 2 and 3 are then not in the SRAT
 * and go round-robin over the nodes with memory (numa_init_array). The
 * same entries as firstappear-srat.asl otherwise. Linux itself reports
 * this (a boot with this table as its only SRAT, the kernel cached by
 * sched/linux/build.sh): cpu=2 node=3, cpu=3 node=1.
 * iasl data-table source (iasl compiles it; tests/acpi/acpitopo.sh).
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

/* a disabled generic initiator: Linux's handler fails, and no processor entry after it is handled */
Subtable Type : 05
Length : 20
Reserved1 : 00
Device Handle Type : 01
Proximity Domain : 0000000B
Device Handle : 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
Flags (decoded below) : 00000000
Enabled : 0
Reserved2 : 00000000

/* APIC 2: not handled, so round-robin: node 3 (the nodes with memory are 1, 2, 3) */
Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 05
Apic ID : 02
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

/* APIC 3: not handled either: node 1 */
Subtable Type : 02
Length : 18
Reserved1 : 0000
Proximity Domain : 00000007
Apic ID : 00000003
Flags (decoded below) : 00000001
Enabled : 1
Clock Domain : 00000000
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
