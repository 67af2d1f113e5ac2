#!/usr/bin/env bash
# qemu-exit.sh - scripts/qemu.sh's exit status, with a stand-in for QEMU.
#
# QEMU's isa-debug-exit device ends QEMU with (code << 1) | 1: the
# shell's poweroff writes 0 (status 1), a failed ktest 1 (3), a panic 2
# (5). `make run` and `make lab` (QEMU_MODE=interactive) must end with 0
# after a poweroff, so that make says nothing, and keep every other
# status; the tests (QEMU_MODE=batch) read QEMU's status as it is. A
# qemu-system-x86_64 on PATH that exits with the status asked stands in
# for QEMU: no guest boots, so the suite runs on the host alone.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
stub=$(mktemp -d)
trap 'rm -rf "$stub"' EXIT
cat >"$stub/qemu-system-x86_64" <<'STUB'
#!/bin/sh
exit "$FAKE_QEMU_STATUS"
STUB
chmod +x "$stub/qemu-system-x86_64"
n=0 bad=0
check() {	# check MODE QEMU_STATUS WANT WHY
	local got
	PATH=$stub:$PATH FAKE_QEMU_STATUS=$2 QEMU_MODE=$1 QEMU_KERNEL=/dev/null \
		"$top/scripts/qemu.sh" 1n2c2t </dev/null >/dev/null 2>&1
	got=$?
	n=$((n + 1))
	if [ "$got" = "$3" ]; then
		echo "ok $n ${1}_status_$2 # $4"
	else
		echo "not ok $n ${1}_status_$2 # $4: got $got, want $3"
		bad=$((bad + 1))
	fi
}
check interactive 1 0 "the shell's poweroff: a clean end"
check interactive 0 0 "QEMU ended by Ctrl-A X"
check interactive 3 3 "a failed in-kernel test stays a failure"
check interactive 5 5 "a panic stays a failure"
check interactive 2 2 "QEMU's own error"
check batch 1 1 "the tests read QEMU's status as it is"
check batch 5 5 "a panic, for the tests"
echo "1..$n"
echo "$((n - bad)) passed, $bad failed"
[ "$bad" -eq 0 ]
