#!/usr/bin/env bash
# cow.sh - copy-on-write fork out of memory: one boot of the smallest shape
# (COW_SHAPE, default up: 128 MiB, one node, so the kernel heap grows the
# same way in both rounds) running user/tests/cowoom, which forks writers
# of a shared 4 MiB array until two are killed, twice.
#
#   cow_oom_boot    QEMU exit status 1 (the shell, and so cowoom, passed),
#                   no panic
#   cow_oom_killed  the console says which process was killed and why
#   cow_oom_tap     cowoom's own checks: killed by SIGKILL, every child
#                   reaped, the same free page count after both rounds
#
# The other copy-on-write checks (private writes, kernel-mode faults,
# -EFAULT, no leak over 50 fork/exit rounds, 1000 children) are
# user/tests/cowcheck in the user-mode boot of tests/boot/matrix.sh.
set -uo pipefail
# shellcheck source=tests/boot/lib.sh
. "$(dirname "$0")/lib.sh"

SHAPE=${COW_SHAPE:-up}
INITRD=${INITRD:-$top/build/initrd.cpio}
dir=$BOOT_OUT/cow-$SHAPE

if ! need_files "$KERNEL" "$INITRD"; then
	echo "not ok 1 cow_prerequisites"
	echo "1..1"
	exit 0
fi
boot_kernel "$dir" "$SHAPE" "-- -c cowoom" -initrd "$INITRD"
log=$dir/serial.log

n=0
tap() {	# tap STATUS NAME: STATUS 0 is ok; diagnostics come from stdin
	local diag
	diag=$(cat)
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n $2"; else echo "not ok $n $2"; fi
	[ -n "$diag" ] && echo "$diag"
}

{ check_exit "$dir" "$EXIT_PASS" && ! check_grep "$log" '^panic' "panic" >/dev/null; } \
	>"$dir/diag" 2>&1
tap $? "cow_oom_boot" <"$dir/diag"
check_grep "$log" '^killed: pid [0-9]+ \(cowoom\): out of memory for a copy-on-write page' \
	"OOM kill message" >"$dir/diag"
tap $? "cow_oom_killed" <"$dir/diag"
if tr -d '\r' <"$log" | grep -a 'not ok [0-9]' >"$dir/diag" ||
   ! tr -d '\r' <"$log" | grep -aq '^# 5 passed, 0 failed'; then
	sed -i 's/^/#   | /' "$dir/diag"
	tap 1 "cow_oom_tap" <"$dir/diag"
else
	tap 0 "cow_oom_tap" </dev/null
fi
echo "1..$n"
