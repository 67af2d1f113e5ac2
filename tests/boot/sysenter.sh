#!/usr/bin/env bash
# sysenter.sh - the two system call entries (arch/x86/sysenter.h): one boot
# as it comes (sysenter on: QEMU's CPU has SEP) and one with `nosysenter`
# (int 0x80 only), each running user/etc/fastpath.sh: fastpath (fork
# child, exec, a blocking pipe read, registers, DF, TF, a raw sysenter with
# a bad stack, any %ds, AC and ID kept private, through the vsyscall page
# and through int $0x80), fpucheck (each process's own x87 registers),
# badargs, a short sysfuzz (every other call by int $0x80), forker and
# pipecheck.
#
# One TAP line a boot: QEMU exit status 1 (every command passed), no panic,
# the kernel's "sysenter:" line and fastpath's view of the vsyscall page
# say the entry the boot asked for, every CPU runs with the same CR0 (the
# kernel's "cpu: CR0" line), fpucheck's #MF victim was named on the
# console, no guest "not ok", and every one of the five KTAP programs
# printed its "0 failed" summary.
#
# Environment: BOOT_TIMEOUT (s, default 240), SYSENTER_SHAPE (2n2c2t).
set -uo pipefail
BOOT_TIMEOUT=${BOOT_TIMEOUT:-240}
# shellcheck source=tests/boot/lib.sh
. "$(dirname "$0")/lib.sh"

SHAPE=${SYSENTER_SHAPE:-2n2c2t}
INITRD=${INITRD:-$top/build/initrd.cpio}
n=0

if ! need_files "$KERNEL" "$INITRD"; then
	echo "not ok 1 sysenter_prerequisites"
	echo "1..1"
	exit 0
fi

# boot NAME CMDLINE_OPTIONS KERNEL_LINE PAGE_NOTE
boot() {
	local name=$1 opts=$2 kline=$3 page=$4 dir=$BOOT_OUT/sysenter-$1 bad=0
	local log summaries
	mkdir -p "$dir"
	boot_kernel "$dir" "$SHAPE" "$opts${opts:+ }-- /etc/fastpath.sh" -initrd "$INITRD"
	log=$dir/clean.log
	tr -d '\r' <"$dir/serial.log" >"$log"
	{
		check_exit "$dir" "$EXIT_PASS" || bad=1
		check_grep "$log" "^sysenter: $kline" "kernel line 'sysenter: $kline'" || bad=1
		check_grep "$log" "^ok [0-9]+ vsyscall_page # $page" \
			"fastpath seeing '$page' in the vsyscall page" || bad=1
		check_grep "$log" "^cpu: CR0 0x[0-9a-f]{8} on all [0-9]+ CPUs" \
			"kernel line 'cpu: CR0 ... on all N CPUs'" || bad=1
		check_grep "$log" "^killed: pid [0-9]+ \(fpucheck\): x87 floating-point error \(#MF\)" \
			"kernel line naming fpucheck's #MF" || bad=1
		if grep -a '^not ok [0-9]\|^panic:\|^cpu: CPU' "$log" >/dev/null; then
			echo "# failed checks in the guest:"
			grep -a '^not ok [0-9]\|^panic:\|^cpu: CPU' "$log" | sed 's/^/#   | /'
			bad=1
		fi
		summaries=$(grep -ac '^# [0-9]* passed, 0 failed' "$log")
		if [ "$summaries" -ne 5 ]; then
			echo "# $summaries of 5 KTAP programs (fastpath, fpucheck, badargs, sysfuzz, pipecheck) passed all"
			bad=1
		fi
	} >"$dir/diag"
	n=$((n + 1))
	if [ $bad -eq 0 ]; then
		echo "ok $n sysenter_$name # $(cat "$dir/secs") s"
	else
		echo "not ok $n sysenter_$name"
		cat "$dir/diag"
	fi
}

boot on "" "on " "first byte 0x51: sysenter"
boot off "nosysenter" "off \\(nosysenter\\)" "first byte 0xcd: int80"
echo "1..$n"
