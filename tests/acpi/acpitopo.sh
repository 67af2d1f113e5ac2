#!/usr/bin/env bash
# acpitopo.sh OUT - build/tools/acpitopo on crafted tables (tests/acpi/topo/).
#
# For every case of tests/acpi/topo/cases: compile its iasl sources into
# OUT/topo/ (its .aml tables come from tests/boot/mktables.c, already in
# build/tests/tables/), run acpitopo on the binary tables and again on the
# text `acpidump -f` makes of them, and on the binaries `acpixtract -a`
# writes from that text (a case given as acpidump text: once), and compare both outputs and exit
# statuses with the case's .out file and status. Each .out is what Linux
# 6.1's rules give for those tables (the case's comments say which rule);
# a difference is printed as a diff. One TAP line per run.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: acpitopo.sh OUT}
src=$top/tests/acpi/topo
tables=${TABLES:-$top/build/tests/tables}
tool=${ACPITOPO:-$top/build/tools/acpitopo}
dir=$out/topo
mkdir -p "$dir"

n=0
fails=0
result() {	# ok? name [diagnostic file]
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n $2"
	else
		echo "not ok $n $2"
		[ -n "${3:-}" ] && sed 's/^/# /' "$3"
		fails=1
	fi
}

# check NAME STATUS EXPECT_FILE RUN_DIR INPUT...
check() {
	local name=$1 want=$2 expect=$3 rdir=$4 rc
	shift 4
	"$tool" "$@" >"$rdir/got" 2>"$rdir/stderr"
	rc=$?
	{
		[ "$rc" -eq "$want" ] || echo "exit status $rc, want $want"
		if [ -f "$expect" ]; then
			diff -u "$expect" "$rdir/got"
		else
			echo "no $expect"
		fi
		[ -s "$rdir/stderr" ] && { echo "stderr:"; cat "$rdir/stderr"; }
	} >"$rdir/diag" 2>&1
	[ -s "$rdir/diag" ] && return 1
	return 0
}

while read -r name status files; do
	case $name in ''|'#'*) continue ;; esac
	expect=$src/$name.out
	read -ra list <<<"$files"
	last=${list[${#list[@]}-1]}
	if [ "${last#=}" != "$last" ]; then
		expect=$src/${last#=}.out
		unset 'list[${#list[@]}-1]'
	fi
	cdir=$dir/$name
	rm -rf "$cdir"
	mkdir -p "$cdir/bin" "$cdir/text"
	bins=()
	texts=()
	bad=0
	for f in "${list[@]}"; do
		case $f in
		*.txt)
			texts+=("$src/$f")
			;;
		*.asl)
			if ! iasl -p "$cdir/bin/${f%.asl}" "$src/$f" >"$cdir/iasl.log" 2>&1; then
				bad=1
				break
			fi
			bins+=("$cdir/bin/${f%.asl}.aml")
			;;
		*)
			bins+=("$tables/$f")
			;;
		esac
	done
	if [ $bad -ne 0 ]; then
		result 1 "acpitopo_$name # iasl failed" "$cdir/iasl.log"
		continue
	fi
	if [ ${#texts[@]} -gt 0 ]; then	# acpidump's text as it is
		check "$name" "$status" "$expect" "$cdir/text" "${texts[@]}"
		result $? "acpitopo_$name" "$cdir/text/diag"
		continue
	fi
	check "$name" "$status" "$expect" "$cdir/bin" "${bins[@]}"
	result $? "acpitopo_$name" "$cdir/bin/diag"
	: >"$cdir/text/dump.txt"
	for b in "${bins[@]}"; do
		acpidump -f "$b" >>"$cdir/text/dump.txt" 2>>"$cdir/text/acpidump.log"
	done
	check "$name" "$status" "$expect" "$cdir/text" "$cdir/text/dump.txt"
	result $? "acpitopo_${name}_acpidump_text" "$cdir/text/diag"
	# And as `acpixtract -a` writes the dump back out: apic.dat, ...
	mkdir -p "$cdir/xtract"
	(cd "$cdir/xtract" && acpixtract -a ../text/dump.txt >acpixtract.log 2>&1)
	check "$name" "$status" "$expect" "$cdir/xtract" "$cdir"/xtract/*.dat
	result $? "acpitopo_${name}_acpixtract" "$cdir/xtract/diag"
done <"$src/cases"
echo "1..$n"
exit $fails
