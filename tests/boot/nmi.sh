#!/usr/bin/env bash
# nmi.sh - NMIs while a process loops on sysenter (arch/x86/percpu.h: the
# entry stack lies below the TSS, and an NMI does minimal work there). One
# boot of NMI_SHAPE (default up: one CPU, so every NMI lands on the CPU
# that loops) running user/tests/nmicheck; from its "nmicheck: looping" to
# its "nmicheck: done" this script types `nmi` into a QEMU monitor (a pipe
# chardev) every NMI_GAP seconds (QEMU delivers it to every CPU).
#
#   nmi_boot          QEMU exit status 1 (nmicheck passed: every call
#                     returned, ring 3 port I/O still faults), no panic
#                     (the tick panics when the TSS or the guard below the
#                     entry stack was overwritten), no triple fault
#   nmi_counted       the kernel's last "nmi:" line counts NMIs, and at
#                     least one of them on the sysenter entry stack (else
#                     this run did not test the point)
#
# Environment: BOOT_TIMEOUT (s, default 120), NMI_SHAPE, NMI_SECS (how
# long nmicheck loops, default 4), NMI_GAP (default 0.02).
set -uo pipefail
BOOT_TIMEOUT=${BOOT_TIMEOUT:-120}
# shellcheck source=tests/boot/lib.sh
. "$(dirname "$0")/lib.sh"

SHAPE=${NMI_SHAPE:-up}
SECS=${NMI_SECS:-4}
GAP=${NMI_GAP:-0.02}
INITRD=${INITRD:-$top/build/initrd.cpio}
dir=$BOOT_OUT/nmi-$SHAPE
n=0
trap '' PIPE	# a QEMU that died must not take the script with it

if ! need_files "$KERNEL" "$INITRD"; then
	echo "not ok 1 nmi_prerequisites"
	echo "1..1"
	exit 0
fi

tap() {	# tap STATUS NAME: STATUS 0 is ok; diagnostics come from stdin
	local diag
	diag=$(cat)
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n $2"; else echo "not ok $n $2"; fi
	[ -n "$diag" ] && echo "$diag"
}

mkdir -p "$dir"
rm -f "$dir"/mon.in "$dir"/mon.out "$dir"/serial.log
mkfifo "$dir/mon.in" "$dir/mon.out"
cat "$dir/mon.out" >"$dir/monitor.log" &
drain=$!
boot_kernel "$dir" "$SHAPE" "-- -c nmicheck $SECS" -initrd "$INITRD" \
	-chardev "pipe,id=nmimon,path=$dir/mon" -mon chardev=nmimon,mode=readline &
qemu=$!
exec 4>"$dir/mon.in"
sent=0
for ((i = 0; i < BOOT_TIMEOUT * 10; i++)); do
	grep -aq '^nmicheck: looping' "$dir/serial.log" 2>/dev/null && break
	kill -0 "$qemu" 2>/dev/null || break
	sleep 0.1
done
while kill -0 "$qemu" 2>/dev/null &&
      ! grep -aq '^nmicheck: done' "$dir/serial.log"; do
	echo nmi >&4 2>/dev/null && sent=$((sent + 1))
	sleep "$GAP"
done
wait "$qemu"
exec 4>&-
kill "$drain" 2>/dev/null
wait "$drain" 2>/dev/null
log=$dir/clean.log
tr -d '\r' <"$dir/serial.log" >"$log"
echo "# $sent NMIs sent while nmicheck looped; $(cat "$dir/secs") s"

(
	check_exit "$dir" "$EXIT_PASS"
	r=$?
	if grep -a '^not ok [0-9]\|^panic' "$log" >/dev/null; then
		grep -a -A3 '^not ok [0-9]\|^panic' "$log" | sed 's/^/#   | /'
		r=1
	fi
	check_grep "$log" '^# 2 passed, 0 failed' "nmicheck summary" || r=1
	exit $r
) >"$dir/diag"
tap $? nmi_boot <"$dir/diag"

last=$(grep -a '^nmi: CPU' "$log" | tail -1)
total=$(echo "$last" | sed -n 's/.*: \([0-9]*\) unexpected NMIs.*/\1/p')
entry=$(echo "$last" | sed -n 's/.*so far, \([0-9]*\) of them.*/\1/p')
if [ -n "$total" ] && [ "$total" -gt 0 ] && [ -n "$entry" ] && [ "$entry" -gt 0 ]; then
	tap 0 "nmi_counted # $last" </dev/null
else
	tap 1 nmi_counted <<<"# the kernel's last nmi line: '${last:-none}' (want NMIs, some on the entry stack)"
fi
echo "1..$n"
