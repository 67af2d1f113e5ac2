#!/usr/bin/env bash
# behave.sh [SHAPE...] - behaviour parity: the same workloads on the
# companion Linux and on our kernel, compared by tests/parity/behave.c.
#
# For each shape (default PARITY_SHAPES: 1n2c2t 2n2c2t 4n2c2t 2n-dist40),
# two boots, two QEMUs at a time:
#   ours   build/kernel.elf with the initrd and "-- /etc/parity.sh": the
#          shell runs user/etc/parity.sh and powers off
#   Linux  sched/linux/run.sh SHAPE topo <the same lines>, booted with
#          clocksource=hpet (a boot whose TSC calibration the loaded host
#          spoilt, 648 MHz for 2300, ran its clock 3.5x fast: nicemix's 2 s
#          were over before its children started); each workload
#          line "PROG ARGS" of parity.sh becomes init's run:PROG:ARGS and
#          "echo parity:X" becomes echo:parity:X and schedstat stat, so the
#          script is the one
#          list of scenarios for both
# then behave.c reads both consoles and prints a TAP line per scenario and
# shape and the table ("# " lines), also written to build/parity/behaviour.md.
#
# With PARITY_SCX=1 (make parity-scx: LINUX_VERSION=6.12), a third boot
# per shape: the same Linux 6.12 running each workload under scx_d7, the
# seed's policy as a sched_ext scheduler (sched/linux/scx/): init's
# run:PROG:ARGS becomes run:scx_d7:/bin/PROG:ARGS, one loader a workload;
# the table gets its column.
#
# Environment: PARITY_SHAPES, PARITY_TIMEOUT (s per boot, default 150; a
# boot takes 15-35 s here with another QEMU beside it), BOOT_JOBS (QEMUs at
# a time, default 2), BZIMAGE (another Linux), LINUX_VERSION, PARITY_SCX.
# Logs: build/parity/behave/<shape>/{linux,ours}.{log,status} (6.12:
# build/parity/behave-6.12/, scx.{log,status} too).
set -uo pipefail
# shellcheck source=tests/boot/lib.sh
. "$(dirname "$0")/../boot/lib.sh"

version=${LINUX_VERSION:-6.1}
scx=${PARITY_SCX:-0}
if [ "$scx" = 1 ] && [ "$version" != 6.12 ]; then
	echo "behave.sh: PARITY_SCX=1 needs LINUX_VERSION=6.12 (sched_ext)" >&2
	exit 2
fi
[ "$version" = 6.1 ] && suffix= || suffix=-$version
out=$top/build/parity/behave$suffix
table=$top/build/parity/behaviour$suffix.md
script=$top/user/etc/parity.sh
timeout_s=${PARITY_TIMEOUT:-150}
if [ $# -gt 0 ]; then shapes=("$@"); else
	read -r -a shapes <<<"${PARITY_SHAPES:-1n2c2t 2n2c2t 4n2c2t 2n-dist40}"
fi

# What the suite needs, built here (a failed build becomes "not ok" lines).
fail_all() {
	local i=0 s c
	echo "1..$((${#shapes[@]} * 6))"
	for s in "${shapes[@]}"; do
		for c in smt_spread fork_locality exec_spread overload affinity nice_share; do
			i=$((i + 1))
			echo "not ok $i ${c}_$s # $1"
		done
	done
	exit 0
}
mkdir -p "$out"
make -s --no-print-directory -C "$top" build/kernel.elf build/initrd.cpio \
	build/tests/behave >"$out/build.log" 2>&1 ||
	fail_all "build failed: build/kernel.elf, build/initrd.cpio or build/tests/behave (see $out/build.log)"
if ! bzimage=${BZIMAGE:-$("$top/sched/linux/build.sh")} || ! initrd=$("$top/sched/linux/initramfs.sh"); then
	fail_all "the companion Linux did not build"
fi

# The Linux side of parity.sh: one init command per line (poweroff ends
# QEMU there by itself).
mapfile -t cmds < <(awk '
	/^[ \t]*(#|$)/ || $1 == "poweroff" { next }
	$1 == "echo" { print "echo:" $2; next }
	$1 == "schedstat" { print "stat"; next }
	{ $1 = $1; gsub(/ /, ":"); print "run:" $0 }' "$script")
# The same under scx_d7: its loader runs the workload and unloads after.
scx_cmds=()
for c in "${cmds[@]}"; do
	case $c in
	run:*) scx_cmds+=("run:scx_d7:/bin/${c#run:}") ;;
	*) scx_cmds+=("$c") ;;
	esac
done

# status FILE-PREFIX RC WHAT: one line saying how the boot ended.
status() {
	case $2 in
	ok) echo ok ;;
	*) echo "$3" ;;
	esac >"$1.status"
}

# linux_boot SHAPE NAME COMMAND...: one Linux boot running the init
# COMMANDs, into DIR/SHAPE/NAME.log and NAME.status.
linux_boot() {
	local s=$1 name=$2 rc
	shift 2
	BZIMAGE=$bzimage INITRD=$initrd LINUX_TIMEOUT=$timeout_s \
		LINUX_APPEND="${LINUX_APPEND:-} clocksource=hpet" \
		"$top/sched/linux/run.sh" "$s" topo "$@" </dev/null >"$out/$s/$name.log" 2>&1
	rc=$?
	if [ $rc -eq 0 ]; then status "$out/$s/$name" ok; else
		status "$out/$s/$name" bad "run.sh status $rc (1: init failed, under scx_d7 also when the kernel ejected it; 2: panic, 4: an oops, BUG or WARNING in the log, 124: timeout after $timeout_s s)"
	fi
}

boot_shape() {
	local s=$1 d=$out/$1 rc
	rm -rf "$d"
	mkdir -p "$d"
	linux_boot "$s" linux "${cmds[@]}"
	[ "$scx" = 1 ] && linux_boot "$s" scx "${scx_cmds[@]}"
	BOOT_TIMEOUT=$timeout_s boot_kernel "$d/ours-boot" "$s" "-- /etc/parity.sh" \
		-initrd "$top/build/initrd.cpio"
	tr -d '\r' <"$d/ours-boot/serial.log" >"$d/ours.log"
	rc=$(cat "$d/ours-boot/rc")
	if [ "$rc" = "$EXIT_PASS" ]; then status "$d/ours" ok; else
		status "$d/ours" bad "QEMU status $rc: $(exit_meaning "$rc")"
	fi
}

t0=$EPOCHREALTIME
# The biggest shape first, so that it overlaps with the small ones.
for s in $(printf '%s\n' "${shapes[@]}" | awk '{ print ($1 ~ /^4n/ ? 0 : 1), $1 }' | sort | cut -d' ' -f2); do
	throttle
	boot_shape "$s" &
done
wait
flags=()
[ "$scx" = 1 ] && flags=(-s)
"$top/build/tests/behave" "${flags[@]}" -o "$table" "$out" "${shapes[@]}"
# A Linux boot that did not end well fails the suite even where its
# scenarios passed: run.sh fails a boot whose kernel logged an oops, a BUG
# or a WARNING (run-suite.sh turns the status into a failure).
failed_boot=0
kernels="linux ours"
[ "$scx" = 1 ] && kernels="linux scx ours"
for s in "${shapes[@]}"; do
	for k in $kernels; do
		st=$(cat "$out/$s/$k.status" 2>/dev/null || echo "no status")
		[ "$st" = ok ] || echo "# $s $k: $st"
		[ "$st" = ok ] || [ $k = ours ] || failed_boot=1
	done
done
awk -v a="$t0" -v b="$EPOCHREALTIME" -v n=$((${#shapes[@]} * (scx == 1 ? 3 : 2))) \
	'BEGIN { printf "# %d boots in %.0f s\n", n, b - a }'
echo "# table: ${table#"$top"/}"
[ $failed_boot -eq 0 ] || { echo "# a Linux boot failed (see above): the suite fails"; exit 1; }
