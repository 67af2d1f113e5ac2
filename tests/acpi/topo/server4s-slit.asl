/*
 * SLIT of the same server, indexed by proximity domain 0-4: Linux reads it through the node numbering, so node n's row is domain n+1's.
 * iasl data-table source (iasl compiles it; tests/acpi/acpitopo.sh).
 * Lengths and checksums are iasl's; the values below are what matters.
 */
Signature : "SLIT"
Table Length : 00000000
Revision : 01
Checksum : 00
Oem ID : "CRAFTD"
Oem Table ID : "ACPITOPO"
Oem Revision : 00000001
Asl Compiler ID : "INTL"
Asl Compiler Revision : 00000000

Localities : 0000000000000005
Locality   0 : 0A 15 15 15 15
Locality   1 : 15 0A 10 14 1E
Locality   2 : 15 10 0A 1E 14
Locality   3 : 15 14 1E 0A 10
Locality   4 : 15 1E 14 10 0A
