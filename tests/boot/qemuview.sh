#!/usr/bin/env bash
# qemuview.sh [SHAPE...] - check tests/shape.c against QEMU's own view.
#
# topoexpect derives each CPU's package/core/thread and node, and each node's
# memory, from a shape's arguments by re-implementing QEMU 7.2's rules. Here
# QEMU itself says what it built, without booting anything (-S, monitor
# commands `info hotpluggable-cpus` and `info numa`), and the two must agree.
# This is what makes topoexpect a fair judge of the kernel: when a boot test
# and topoexpect disagree, this test says whether topoexpect follows QEMU.
# (APIC IDs are not visible from the monitor; the boot tests compare them.)
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
TOPOEXPECT=${TOPOEXPECT:-$top/build/tests/topoexpect}

if [ $# -gt 0 ]; then
	shapes=("$@")
else
	mapfile -t shapes < <(awk '!/^#/ && NF { print $1 }' "$top/tests/topologies")
fi

# QEMU's CPUs that are present, in CPU index order (= logical CPU order), as
# "package core thread node"; then "mem NODE MB" per node.
qemu_view() {
	local args
	args=$("$top/scripts/topo-args.sh" "$1") || return 1
	# shellcheck disable=SC2086 # the shape's arguments are words by design
	printf 'info hotpluggable-cpus\ninfo numa\nquit\n' |
		timeout 20 qemu-system-x86_64 $args -accel tcg \
			-cpu qemu64,vendor=GenuineIntel -S -nodefaults \
			-display none -serial none -monitor stdio 2>&1 |
		tr -d '\r' | awk '
		/vcpus_count:/ { present = 0; node = 0 }
		/qom_path:/ { present = 1 }
		/node-id:/ { gsub(/"/, "", $2); node = $2 }
		/socket-id:/ { gsub(/"/, "", $2); s = $2 }
		/core-id:/ { gsub(/"/, "", $2); c = $2 }
		/thread-id:/ {
			gsub(/"/, "", $2)
			if (present) printf "%05d %05d %05d %d\n", s, c, $2, node
		}
		/^node [0-9]+ size:/ { printf "mem %05d %d\n", $2, $4 }' |
		sort | sed -E 's/^0*([0-9])/\1/; s/ 0*([0-9])/ \1/g'
}

# The same from topoexpect. Without -numa QEMU reports 0 nodes, so node
# memory is compared only when there is more than one node or QEMU has one.
expect_view() {
	"$TOPOEXPECT" -f "$top/tests/topologies" "$1" | awk '
	/^topo: cpu=/ {
		for (i = 2; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
		printf "%d %d %d %d\n", v["package"], v["core"], v["thread"], v["node"]
	}
	/^topo: node=/ {
		split($2, a, "="); split($4, b, "=")
		printf "mem %d %d\n", a[2], b[2]
	}'
}

n=0
for shape in "${shapes[@]}"; do
	n=$((n + 1))
	q=$(qemu_view "$shape")
	e=$(expect_view "$shape")
	# QEMU prints no node memory without -numa: drop ours then.
	if ! grep -q '^mem ' <<<"$q"; then
		e=$(grep -v '^mem ' <<<"$e")
	fi
	if [ -n "$q" ] && [ "$q" = "$e" ]; then
		echo "ok $n qemuview_$shape"
	else
		echo "not ok $n qemuview_$shape"
		diff <(echo "$e") <(echo "$q") | sed 's/^</# topoexpect:/; s/^>/# qemu:      /' |
			grep '^#' | head -20
	fi
done
echo "1..$n"
