#!/usr/bin/env bash
# linux-tables.sh OUT - Linux 6.1 itself on the crafted SRATs and SLITs of
# tests/acpi/topo/: proof that each case's expected report is Linux's.
#
# Every case of tests/acpi/topo/cases whose MADT is QEMU's own for four
# CPUs (APIC IDs 0-3: madt-4.asl, madt-2n2c.aml) and whose other tables
# are an SRAT and a SLIT boots the companion Linux (sched/linux/run.sh, its
# build cached) on shape 1n4c with those tables added by -acpitable.
# Without -numa QEMU builds no SRAT and no SLIT, so they are the only ones
# Linux sees. Its `topo:` lines, without the fields only CPUID and the
# memory map give, must equal the case's .out (the acpitopo expectation,
# which test-acpitopo holds the kernel's code to). One TAP line per case.
#
# Left out: badsum (-acpitable recomputes the checksum, so Linux would get
# a good one) and the cases with a crafted MADT (QEMU's own comes first,
# and Linux takes the first).
#
# Environment: LINUX_TIMEOUT (s per boot, default 120), BOOT_JOBS (QEMUs at
# a time, default 2). Logs: OUT/linux/<case>/linux.log.
set -uo pipefail
# shellcheck source=tests/boot/lib.sh
. "$(dirname "$0")/../boot/lib.sh"
out=${1:?usage: linux-tables.sh OUT}
src=$top/tests/acpi/topo
tables=${TABLES:-$top/build/tests/tables}
dir=$out/linux
mkdir -p "$dir"

run_case() {	# name expect tables...
	local name=$1 expect=$2 cdir=$dir/$1 extra="" f
	shift 2
	rm -rf "$cdir"
	mkdir -p "$cdir"
	for f in "$@"; do
		case $f in
		madt-*) continue ;;
		*.asl)
			iasl -p "$cdir/${f%.asl}" "$src/$f" >>"$cdir/iasl.log" 2>&1 ||
				{ echo "# iasl failed on $f" >"$cdir/diag"; return; }
			extra+=" -acpitable file=$cdir/${f%.asl}.aml" ;;
		*) extra+=" -acpitable file=$tables/$f" ;;
		esac
	done
	# no_timer_check: under TCG on a loaded machine Linux's IO-APIC timer
	# check can fail and panic; it says nothing about the tables.
	BZIMAGE=$bzimage INITRD=$initrd LINUX_QEMU_ARGS=$extra \
		LINUX_APPEND=no_timer_check LINUX_TIMEOUT=${LINUX_TIMEOUT:-120} \
		"$top/sched/linux/run.sh" 1n4c topo </dev/null >"$cdir/linux.log" 2>&1
	echo $? >"$cdir/rc"
	grep '^topo: ' "$expect" >"$cdir/expected"
	topo_acpi_only "$cdir/linux.log" >"$cdir/linux"
	{
		[ -s "$cdir/linux" ] || { echo "Linux printed no topo: lines (run.sh status $(cat "$cdir/rc")):"; tail -n 5 "$cdir/linux.log"; }
		diff -u "$cdir/expected" "$cdir/linux"
	} >"$cdir/diag" 2>&1
}

names=()
if ! bzimage=${BZIMAGE:-$("$top/sched/linux/build.sh")} ||
   ! initrd=${INITRD:-$("$top/sched/linux/initramfs.sh")}; then
	echo "not ok 1 acpi_linux_prerequisites # the companion Linux did not build"
	echo "1..1"
	exit 0
fi
while read -r name status files; do
	case $name in ''|'#'*|badsum) continue ;; esac
	read -ra list <<<"$files"
	case ${list[0]} in madt-4.asl|madt-2n2c.aml) ;; *) continue ;; esac
	[ "$status" = 0 ] || continue
	expect=$src/$name.out
	last=${list[${#list[@]}-1]}
	if [ "${last#=}" != "$last" ]; then
		expect=$src/${last#=}.out
		unset 'list[${#list[@]}-1]'
	fi
	names+=("$name")
	throttle
	run_case "$name" "$expect" "${list[@]}" &
done <"$src/cases"
wait

n=0
fails=0
for name in "${names[@]}"; do
	n=$((n + 1))
	if [ -f "$dir/$name/diag" ] && [ ! -s "$dir/$name/diag" ]; then
		echo "ok $n acpi_linux_$name"
	else
		echo "not ok $n acpi_linux_$name"
		sed 's/^/# /' "$dir/$name/diag" 2>/dev/null
		fails=1
	fi
done
echo "1..$n"
exit $fails
