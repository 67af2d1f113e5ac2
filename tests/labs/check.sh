# check.sh - the checks of a lab step's ```expect block (sourced by run.sh).
# shellcheck shell=bash
#
# One check a line; REGEX is grep -E, matched against each output line:
#   match REGEX            some line matches
#   no REGEX               no line matches
#   count OP N REGEX       the number of matching lines, OP one of
#                          >= <= == > <
#   total KEY OP N         the sum of KEY=<number> over all lines (e.g. the
#                          stat: lines' node_moves_in)
#   distinct core|node|rq REGEX
#                          REGEX's first group is a CPU number; the CPUs of
#                          all matching lines are on different cores (nodes,
#                          runqueues), as the boot's topo: lines say; at
#                          least two lines must match
#   same node REGEX        ... all on one node
#   needs CMD              (host steps) run the step only when the shell
#                          command CMD succeeds; otherwise it is skipped

cmp_op() {
	case $2 in
	'>=') [ "$1" -ge "$3" ] ;;
	'<=') [ "$1" -le "$3" ] ;;
	'==') [ "$1" -eq "$3" ] ;;
	'>') [ "$1" -gt "$3" ] ;;
	'<') [ "$1" -lt "$3" ] ;;
	*) return 2 ;;
	esac
}

# cpu_key TOPOFILE WHAT: "cpu key" lines (key = package:core, node or rq).
cpu_keys() {
	awk -v what="$2" '$2 ~ /^cpu=/ {
		for (i = 2; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
		if (what == "core") k = f["package"] ":" f["core"]
		else k = f[what]
		print f["cpu"], k
	}' "$1"
}

# run_checks OUT TOPOFILE CHECK...: prints a "# ..." line per failed check;
# status 1 when one failed.
run_checks() {
	local out=$1 topo=$2 bad=0 c op n re key got what cpus keys
	shift 2
	for c; do
		read -r kw a b rest <<<"$c"
		case $kw in
		match)
			re=${c#match }
			grep -aE -- "$re" "$out" >/dev/null ||
				{ echo "# no line matches /$re/"; bad=1; }
			;;
		no)
			re=${c#no }
			if grep -aE -- "$re" "$out" >/dev/null; then
				echo "# a line matches /$re/, none should:"
				grep -aE -- "$re" "$out" | head -3 | sed 's/^/#   > /'
				bad=1
			fi
			;;
		count)
			op=$a n=$b re=$rest
			got=$(grep -acE -- "$re" "$out")
			cmp_op "$got" "$op" "$n" ||
				{ echo "# $got lines match /$re/, want $op $n"; bad=1; }
			;;
		total)
			key=$a op=$b n=$rest
			got=$(grep -aoE -- "(^|[ ,])$key=[0-9]+" "$out" |
				awk -F= '{ s += $2 } END { print s + 0 }')
			cmp_op "$got" "$op" "$n" ||
				{ echo "# the $key= values add up to $got, want $op $n"; bad=1; }
			;;
		distinct | same)
			what=$a re=${c#"$kw $a "}
			cpus=$(grep -aoE -- "$re" "$out" | sed -E "s/^.*$re.*\$/\\1/")
			keys=$(for cpu in $cpus; do
				cpu_keys "$topo" "$what" | awk -v c="$cpu" '$1 == c { print $2 }'
			done)
			got=$(echo "$cpus" | grep -c .)
			if [ "$got" -lt 2 ]; then
				echo "# $got lines match /$re/, want at least 2"; bad=1
			elif [ "$(echo "$keys" | grep -c .)" -ne "$got" ]; then
				echo "# CPUs $(echo $cpus) not all in the boot's topo: lines"; bad=1
			elif [ "$kw" = distinct ] &&
				[ "$(echo "$keys" | sort -u | grep -c .)" -ne "$got" ]; then
				echo "# CPUs $(echo $cpus) share a $what ($(echo $keys)), want all different"
				bad=1
			elif [ "$kw" = same ] && [ "$(echo "$keys" | sort -u | grep -c .)" -ne 1 ]; then
				echo "# CPUs $(echo $cpus) are on ${what}s $(echo $keys), want one"
				bad=1
			fi
			;;
		needs) ;;	# run.sh's business
		*)
			echo "# unknown check: $c"; bad=1 ;;
		esac
	done
	return $bad
}
