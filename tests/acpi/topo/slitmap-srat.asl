/*
 * The SLIT read through the node numbers: domains 3 and 1, named in that
 * order, are nodes 0 and 1, so node 0's distances are the SLIT's row 3
 * and node 1's row 1 (drivers/acpi/numa/srat.c, acpi_numa_slit_init).
 * Rows 0 and 2 belong to no node and are skipped. With slitmap-slit.asl.
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

/* APIC 0: domain 3, node 0 */
Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 03
Apic ID : 00
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

/*  */
Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 03
Apic ID : 01
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

/* APIC 2: domain 1, node 1 */
Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 01
Apic ID : 02
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

/*  */
Subtable Type : 00
Length : 10
Proximity Domain Low(8) : 01
Apic ID : 03
Flags (decoded below) : 00000001
Enabled : 1
Local Sapic EID : 00
Proximity Domain High(24) : 000000
Clock Domain : 00000000

/*  */
Subtable Type : 01
Length : 28
Proximity Domain : 00000003
Reserved1 : 0000
Base Address : 0000000000000000
Address Length : 0000000008000000
Reserved2 : 00000000
Flags (decoded below) : 00000001
Enabled : 1
Hot Pluggable : 0
Non-Volatile : 0
Reserved3 : 0000000000000000

/*  */
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
