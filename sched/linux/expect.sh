#!/usr/bin/env bash
# expect.sh SHAPE - the complaint Linux 6.1 is known to print on a shape of
# tests/topologies, as an extended regex for run.sh's LINUX_EXPECT_COMPLAINT,
# or nothing.
#
# Where a package has CPUs on two nodes (2n-split; 8n30c2t, two nodes a
# socket), Linux warns once in topology_sane() (arch/x86/kernel/smpboot.c)
# that a CPU's LLC sibling is on another node, and ignores that link: QEMU
# gives each package one L3. Which shapes do is read from topoexpect's
# lines (tests/topoexpect.c, built here when missing), not from a list.
# Exit status 0, or 2 when topoexpect cannot describe the shape (then the
# caller expects nothing, and such a warning fails its boot).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
shape=${1:?usage: expect.sh SHAPE}
topoexpect=$top/build/tests/topoexpect
[ -x "$topoexpect" ] ||
	make -s --no-print-directory -C "$top" build/tests/topoexpect >/dev/null 2>&1 || exit 2
lines=$("$topoexpect" -s -f "$top/tests/topologies" "$shape" 2>/dev/null) || exit 2
if awk '$2 ~ /^cpu=/ {
	p = n = ""
	for (i = 3; i <= NF; i++) {
		if ($i ~ /^package=/) p = substr($i, 9)
		if ($i ~ /^node=/) n = substr($i, 6)
	}
	if ((p in node) && node[p] != n) two = 1
	node[p] = n
} END { exit !two }' <<<"$lines"; then
	echo 'llc-sibling CPU #[0-9]+ is not on the same node'
fi
