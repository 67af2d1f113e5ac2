/*
 * SLIT of four localities for slitmap-srat.asl: row 3 (node 0) says 10
 * to itself and 27 to locality 1 (node 1); row 1 (node 1) says 23 back.
 * Every diagonal entry is 10 and every other one above 10: valid.
 * iasl data-table source (iasl compiles it; tests/acpi/acpitopo.sh).
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

Localities : 0000000000000004
Locality   0 : 0A 11 12 13
Locality   1 : 11 0A 14 17
Locality   2 : 12 14 0A 15
Locality   3 : 13 1B 15 0A
