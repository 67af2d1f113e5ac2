#!/usr/bin/env bash
# bigmem.sh - more RAM than the kernel maps (arch/x86/paging.h: nothing in
# user space [1 GiB, 2 GiB), nothing above 4 GiB): `make run MEM=2G` and
# `MEM=3G` must reach the shell and run programs. Each boot goes through
# GRUB from the ISO, as `make run` does, with QEMU_MEM (scripts/qemu.sh:
# the shape's RAM, split over its nodes), waits for the shell's prompt,
# types `zerocheck`, `forker 20` and `poweroff` on the serial console, and
# checks: QEMU exit status 1 (poweroff with 0 failed commands), no panic,
# zerocheck's "0 failed", and the kernel's line saying how much RAM it
# leaves unused, in all and in user space:
#   2n2c2t (q35, make run's default) 2G: 1023, 1023 (the RAM from 1 to
#     2 GiB but the ACPI tables' 132 KiB; node 1 then has no memory)
#   2n2c2t 3G: 2047, 1023 (q35 puts the RAM past 2 GiB above 4 GiB)
#   2n2c2t 5G: 4095, 1023
#   1n4c (pc) 3G: 1024, 1024 (pc keeps 3 GiB low: the kernel uses 2-3 GiB)
#
# Environment: BOOT_TIMEOUT (s, default 120).
set -uo pipefail
BOOT_TIMEOUT=${BOOT_TIMEOUT:-120}
# shellcheck source=tests/boot/lib.sh
. "$(dirname "$0")/lib.sh"

trap '' PIPE	# a QEMU that died must not take the script with it
ISO=${ISO:-$top/build/os.iso}
n=0

if ! need_files "$ISO"; then
	echo "not ok 1 bigmem_prerequisites"
	echo "1..1"
	exit 0
fi

# boot SHAPE SIZE UNUSED_MIB UNUSED_IN_USER_SPACE_MIB
boot() {
	local shape=$1 size=$2 unused=$3 hole=$4 dir=$BOOT_OUT/bigmem-$1-$2
	local bad=0 pid i t0 t1 log
	mkdir -p "$dir"
	rm -f "$dir"/serial.log "$dir"/rc "$dir"/in
	mkfifo "$dir/in"
	t0=$EPOCHREALTIME
	ISO=$ISO QEMU_MODE=batch QEMU_MEM=$size timeout --kill-after=5 "$BOOT_TIMEOUT" \
		"$top/scripts/qemu.sh" "$shape" <"$dir/in" \
		>"$dir/serial.log" 2>"$dir/stderr" &
	pid=$!
	exec 3>"$dir/in"	# QEMU's stdin, the guest's COM1
	for ((i = 0; i < BOOT_TIMEOUT * 10; i++)); do
		grep -aq 'sh\$ ' "$dir/serial.log" && break
		kill -0 "$pid" 2>/dev/null || break
		if grep -aq '^init: not started\|^panic' "$dir/serial.log"; then
			sleep 1		# the rest of the story, then stop
			kill "$pid"
			break
		fi
		sleep 0.1
	done
	printf 'zerocheck\rforker 20\rpoweroff\r' >&3 2>/dev/null
	wait "$pid"
	echo $? >"$dir/rc"
	exec 3>&-
	t1=$EPOCHREALTIME
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", b - a }' >"$dir/secs"
	log=$dir/clean.log
	tr -d '\r' <"$dir/serial.log" >"$log"
	{
		check_exit "$dir" "$EXIT_PASS" || bad=1
		check_grep "$log" "^numa: $unused MiB of RAM unused: $hole MiB in user space" \
			"kernel line 'numa: $unused MiB of RAM unused'" || bad=1
		check_grep "$log" '^# [0-9]+ passed, 0 failed' "zerocheck summary" || bad=1
		if grep -a '^not ok [0-9]\|^panic:\|init: not started' "$log" >/dev/null; then
			grep -a '^not ok [0-9]\|^panic:\|init: not started' "$log" | sed 's/^/#   | /'
			bad=1
		fi
	} >"$dir/diag"
	n=$((n + 1))
	if [ $bad -eq 0 ]; then
		echo "ok $n bigmem_${shape}_$size # $(cat "$dir/secs") s"
	else
		echo "not ok $n bigmem_${shape}_$size"
		cat "$dir/diag"
	fi
}

boot 2n2c2t 2G 1023 1023
boot 2n2c2t 3G 2047 1023
boot 2n2c2t 5G 4095 1023
boot 1n4c 3G 1024 1024
echo "1..$n"
