#!/usr/bin/env bash
# qemu-tables.sh OUT [SHAPE...] - the ACPI parsers on tables QEMU really built.
#
# For each shape, start QEMU (no kernel: SeaBIOS builds the ACPI tables and
# then finds nothing to boot), save guest memory 0xE0000-0xFFFFF and the top
# 1 MiB of low RAM through the monitor, stop QEMU, and let OUT/qemu_check
# parse the dumps and compare them with the shape's arguments. One TAP line
# per shape. The dumps stay in OUT/qemu/ for a look with acpidump-like tools.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: qemu-tables.sh OUT [SHAPE...]}
shift
shapes=("$@")
[ ${#shapes[@]} -gt 0 ] || shapes=(up 2n2c2t 2n-maxcpus 2n-split 3n-dist 8n8c1t)
dir=$out/qemu
mkdir -p "$dir"

# -m SIZE in bytes (QEMU's default unit is MiB; 128 MiB without -m).
mem_bytes() {
	local m
	m=$(printf '%s\n' "$1" | sed -n 's/.*-m \([0-9]*[MGmg]\?\).*/\1/p')
	case $m in
	'') echo $((128 << 20)) ;;
	*[Gg]) echo $((${m%?} << 30)) ;;
	*[Mm]) echo $((${m%?} << 20)) ;;
	*) echo $((m << 20)) ;;
	esac
}

n=0
fails=0
for s in "${shapes[@]}"; do
	n=$((n + 1))
	args=$("$top/scripts/topo-args.sh" "$s") || { echo "not ok $n qemu_tables_$s # unknown shape"; fails=1; continue; }
	high=$(( $(mem_bytes "$args") - 0x100000 ))
	f=$dir/$s-fseg.bin
	h=$dir/$s-high.bin
	rm -f "$f" "$h"
	# Poll: save the F segment every half second until it holds an RSDP
	# (SeaBIOS has built the tables), then the high megabyte; 20 s at most.
	coproc QEMU { # shellcheck disable=SC2086 # the shape's arguments are words
		exec timeout 30 qemu-system-x86_64 $args -accel tcg \
			-cpu qemu64,vendor=GenuineIntel -display none -serial none \
			-net none -monitor stdio >/dev/null 2>&1; }
	for _ in $(seq 40); do
		sleep 0.5
		echo "pmemsave 0xe0000 0x20000 \"$f\"" >&"${QEMU[1]}"
		sleep 0.2
		[ -f "$f" ] && grep -qa 'RSD PTR ' "$f" && break
	done
	printf 'pmemsave 0x%x 0x100000 "%s"\n' "$high" "$h" >&"${QEMU[1]}"
	for _ in $(seq 20); do [ -s "$h" ] && [ "$(stat -c %s "$h")" -eq $((0x100000)) ] && break; sleep 0.2; done
	echo quit >&"${QEMU[1]}"
	wait "$QEMU_PID" 2>/dev/null
	if [ ! -s "$f" ] || [ ! -s "$h" ]; then
		echo "not ok $n qemu_tables_$s # QEMU gave no memory dump"
		fails=1
		continue
	fi
	"$out/qemu_check" "$s" "$args" "$f" "$h" "$high" | sed "s/^\(not \)\?ok - /\1ok $n /" || fails=1
	[ "${PIPESTATUS[0]}" -eq 0 ] || fails=1
done
echo "1..$n"
exit $fails
