#!/usr/bin/env bash
# badacpi.sh [CASE...] - boot the kernel on crafted ACPI tables.
#
# Every case boots shape 2n2c (tests/topologies) with `ktest acpi=last` and
# one crafted table from build/tests/tables/ (tests/boot/mktables.c) added
# with -acpitable: QEMU appends it after its own tables and acpi=last makes
# the kernel take it instead of QEMU's copy. Each must end with QEMU status 1
# (every in-kernel test passed: no hang, no triple fault, no panic), print
# the expected `acpi:`/`smp:` warning, and report the degraded topology given
# here as QEMU arguments for topoexpect (one source of truth for the format).
# Cases whose warning field is "-" are tables Linux 6.1 accepts without a
# word: they must boot to the topology Linux gives them with no `acpi:`
# warning at all.
#
# Each case's report must also be what build/tools/acpitopo says for the
# same tables (but madt_ghost's: a CPU that never answers is found by
# booting): the tool runs the kernel's code, and this proves it.
#
# srat_badsum goes through GRUB instead (build/tests/badacpi.iso, see
# badacpi-grub.cfg): QEMU's -acpitable recomputes every table's checksum
# and length, so a wrong checksum only reaches the guest by GRUB's `acpi`
# command, which copies a file table byte for byte.
#
# panic_pf forces a page fault in the kernel (ktest_panic=pf): the panic
# must name the vector, EIP, CR2 and a stack trace, and exit with status 5.
set -uo pipefail
# shellcheck source=tests/boot/lib.sh
. "$(dirname "$0")/lib.sh"

SHAPE=2n2c
TABLES=${TABLES:-$top/build/tests/tables}
ACPITOPO=${ACPITOPO:-$top/build/tools/acpitopo}
BAD_ISO=${BAD_ISO:-$top/build/tests/badacpi.iso}
shape_args=$("$top/scripts/topo-args.sh" "$SHAPE") || exit 1

# Degraded shapes, as QEMU arguments derived from the shape's own:
# no usable SRAT: one node with all the memory;
no_numa_args="-M q35 -m 256M -smp 4,sockets=2,cores=2,threads=1"
# only CPUs 0 and 1 found (the MADT walk stops before CPUs 2 and 3).
two_cpus_args=${shape_args/-smp 4,/-smp 2,maxcpus=4,}
# CPUs 1 and 3 missing from the SRAT: logical CPU i goes to the (i mod 2)th
# node with memory (Linux's numa_init_array), so both to node 1.
rr_args=${shape_args/cpus=0-1,/cpus=0,}
rr_args=${rr_args/cpus=2-3,/cpus=1-3,}

# name | table (or iso:) | expected topology (shape: or args:) | warning EREs
# (several separated by %, each must match)
cases=(
	"madt_ghost|madt-ghost.aml|shape:$SHAPE|smp: CPU [0-9]+ \\(APIC 0x20\\) did not answer; left out"
	"srat_badsum|iso:|args:$no_numa_args|acpi: SRAT table .* has a bad checksum; ignoring it"
	"srat_unknown_apic|srat-unknown-apic.aml|shape:$SHAPE|acpi: SRAT names APIC ID 0x20, which the MADT does not"
	"madt_zerolen|madt-zerolen.aml|args:$two_cpus_args|acpi: MADT entry at offset 0x[0-9a-f]+ has length 0; ignoring the rest of the MADT"
	"slit_baddiag|slit-baddiag.aml|shape:$SHAPE|acpi: SLIT distance 0 -> 0 is 20, not 10; ignoring the SLIT"
	"madt_dup|madt-dup.aml|shape:$SHAPE|acpi: MADT lists 2 enabled processors again under an APIC ID already listed \\(first 0x2\\); each is one CPU"
	"srat_order|srat-order.aml|shape:$SHAPE|-"
	"srat_missing|srat-missing.aml|args:$rr_args|-"
	"madt_placeholders|madt-placeholders.aml|shape:$SHAPE|-"
	"slit_remote10|slit-remote10.aml|shape:$SHAPE|acpi: SLIT distance 0 -> 1 is 10, not more than the local 10; ignoring the SLIT"
)

# same_as_acpitopo DIR TABLE: build/tools/acpitopo, given the tables this
# boot used (the crafted one in place of QEMU's copy of its signature:
# madt-2n2c and srat-2n2c are QEMU's own for 2n2c), prints the kernel's
# topo: lines minus the fields only CPUID and the memory map give.
same_as_acpitopo() {
	local dir=$1 table=$2 madt=madt-2n2c.aml srat=srat-2n2c.aml slit=()
	case $table in
	madt-*) madt=$table ;;
	srat-*) srat=$table ;;
	slit-*) slit=("$TABLES/$table") ;;
	esac
	"$ACPITOPO" "$TABLES/$madt" "$TABLES/$srat" "${slit[@]}" |
		grep '^topo: ' >"$dir/acpitopo"
	topo_acpi_only "$dir/serial.log" >"$dir/kernel-acpi"
	diff -u "$dir/acpitopo" "$dir/kernel-acpi" >"$dir/acpitopo.diff" && return 0
	echo "# the kernel's report differs from acpitopo's on the same tables:"
	sed 's/^/#   | /' "$dir/acpitopo.diff"
	return 1
}

run_case() {
	local spec=$1 name table expect warn dir w warns bad=0
	IFS='|' read -r name table expect warn <<<"$spec"
	dir=$BOOT_OUT/badacpi-$name
	mkdir -p "$dir"
	case $expect in
	shape:*) expect_shape "$dir/expected" "${expect#shape:}" ;;
	args:*) expect_args "$dir/expected" "${expect#args:}" ;;
	esac 2>"$dir/diag" || { sed -i 's/^/# /' "$dir/diag"; echo 0 >"$dir/secs";
				 echo "not ok" >"$dir/status"; return; }
	if [ "$table" = "iso:" ]; then
		BOOT_ISO=$BAD_ISO boot_kernel "$dir" "$SHAPE" ""
	else
		boot_kernel "$dir" "$SHAPE" "ktest acpi=last" \
			-acpitable "file=$TABLES/$table"
	fi
	{
		check_exit "$dir" "$EXIT_PASS" || bad=1
		check_ktap "$dir/serial.log" || bad=1
		if [ "$warn" = - ]; then
			check_no_acpi_warning "$dir/serial.log" || bad=1
		else
			IFS=% read -ra warns <<<"$warn"
			for w in "${warns[@]}"; do
				check_grep "$dir/serial.log" "$w" "expected warning" || bad=1
			done
		fi
		compare_topo "$dir/expected" "$dir/serial.log" || bad=1
		# A ghost CPU is the kernel's finding, not the tables'.
		if [ "$table" != iso: ] && [ "$name" != madt_ghost ]; then
			same_as_acpitopo "$dir" "$table" || bad=1
		fi
	} >"$dir/diag"
	if [ $bad -eq 0 ]; then echo ok; else echo "not ok"; fi >"$dir/status"
}

# The panic text: vector 14 (#PF), EIP, CR2 and a stack trace. The words are
# matched loosely (case, "eip"/"EIP=") so the kernel may format them its way.
run_panic() {
	local dir=$BOOT_OUT/badacpi-panic_pf bad=0 log
	mkdir -p "$dir"
	boot_kernel "$dir" "$SHAPE" "ktest ktest_panic=pf"
	log=$dir/serial.log
	{
		check_exit "$dir" "$EXIT_PANIC" || bad=1
		check_grep "$log" '[Pp][Aa][Nn][Ii][Cc]' "panic message" || bad=1
		check_grep "$log" '(vector|trap|exception)[ =:#]*(14|0xe)\b|#PF|[Pp]age [Ff]ault' \
			"page-fault vector" || bad=1
		check_grep "$log" '[Ee][Ii][Pp][ =:]+(0x)?[0-9a-fA-F]{8}' "EIP" || bad=1
		check_grep "$log" '[Cc][Rr]2[ =:]+(0x)?[0-9a-fA-F]{8}' "CR2" || bad=1
		check_grep "$log" '([Ss]tack|[Cc]all) ?[Tt]race|[Bb]acktrace' "stack trace" || bad=1
		check_grep "$log" '\[<[0-9a-fA-F]{8}>\]' "stack trace frame [<address>]" || bad=1
	} >"$dir/diag"
	if [ $bad -eq 0 ]; then echo ok; else echo "not ok"; fi >"$dir/status"
}

want=("$@")
selected() {
	[ ${#want[@]} -eq 0 ] && return 0
	local w
	for w in "${want[@]}"; do [ "$w" = "$1" ] && return 0; done
	return 1
}

if ! need_files "$KERNEL" "$TOPOEXPECT" "$ACPITOPO" "$TABLES/madt-ghost.aml" "$BAD_ISO"; then
	echo "not ok 1 badacpi_prerequisites"
	echo "1..1"
	exit 0
fi
names=()
for spec in "${cases[@]}"; do
	name=${spec%%|*}
	selected "$name" || continue
	names+=("$name")
	rm -f "$BOOT_OUT/badacpi-$name/status"
	throttle
	run_case "$spec" &
done
if selected panic_pf; then
	names+=(panic_pf)
	rm -f "$BOOT_OUT/badacpi-panic_pf/status"
	throttle
	run_panic &
fi
wait

n=0
for name in "${names[@]}"; do
	dir=$BOOT_OUT/badacpi-$name
	n=$((n + 1))
	if [ -f "$dir/status" ]; then
		echo "$(cat "$dir/status") $n badacpi_$name # $(cat "$dir/secs") s"
		cat "$dir/diag"
	else
		echo "not ok $n badacpi_$name # the boot left no result"
	fi
done
echo "1..$n"
