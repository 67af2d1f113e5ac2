#!/usr/bin/env bash
# grade-all.sh SUBMISSIONS OUT [LABS] - grade every submission of a folder:
# a student tree (a folder) or a patch against the unit's handout (a file
# NAME.patch; `make handout-all`). Each gets its own build folder under
# OUT/subs/NAME, LIMIT seconds per lab (default 300; a hang in one check
# costs that check only: GRADE_CHECK_SECONDS, default 20), and the
# grader's files of this tree, never its own (tests/labs/grade.sh). Writes
# OUT/grades.csv (one row a submission: its points per lab, the total, a
# note) and OUT/grades.txt, the same as a table, also printed.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
subs=${1:?usage: grade-all.sh SUBMISSIONS OUT [LABS]}
out=${2:?usage: grade-all.sh SUBMISSIONS OUT [LABS]}
labs=${3:-0 1 2 3 4 5 6 7 8}
limit=${LIMIT:-300}
subs=$(cd "$subs" && pwd) || exit 2
mkdir -p "$out/subs"
out=$(cd "$out" && pwd)

# "K M" of a grader's log; "0 0" when it printed no score.
score() {
	sed -n 's/^score: \([0-9]*\)\/\([0-9]*\)$/\1 \2/p' "$1" | tail -n 1 |
		grep . || echo "0 0"
}

# The points of each lab: the teacher's tree, graded as a submission.
declare -A max
for lab in $labs; do
	"$here/grade.sh" "$lab" "$top" "$out/key" >"$out/key-$lab.log" 2>&1
	read -r k m < <(score "$out/key-$lab.log")
	if [ "$m" = 0 ] || [ "$k" != "$m" ]; then
		echo "grade-all: the teacher's tree scores $k/$m on lab $lab" \
			"($out/key-$lab.log)" >&2
		exit 1
	fi
	max[$lab]=$m
done

header="submission"
for lab in $labs; do header="$header,lab$lab/${max[$lab]}"; done
echo "$header,total,note" >"$out/grades.csv"
total_max=0
for lab in $labs; do total_max=$((total_max + max[$lab])); done

for sub in "$subs"/*; do
	name=$(basename "$sub" .patch)
	dir=$out/subs/$name
	rm -rf "$dir" && mkdir -p "$dir"
	note=
	# The tree to build: a copy, without the submission's own build/.
	if [ -d "$sub" ]; then
		rsync -a --exclude=/build/ --exclude=.git "$sub/" "$dir/tree/"
	elif [ "${sub%.patch}" != "$sub" ]; then
		if [ ! -f "$out/handout-all.tar.gz" ]; then
			"$here/handout.sh" all "$out" tar >/dev/null || exit 1
		fi
		tar -xzf "$out/handout-all.tar.gz" -C "$dir" &&
			mv "$dir/handout-all" "$dir/tree"
		if ! (cd "$dir/tree" && git apply "$sub") >"$dir/apply.log" 2>&1; then
			note="patch does not apply"
		fi
	else
		continue
	fi
	row=$name total=0
	for lab in $labs; do
		log=$dir/lab$lab.log
		k=0
		# A tree that does not build scores 0 on every lab: built once.
		if [ "$note" != "does not build" ] &&
		   [ "$note" != "patch does not apply" ]; then
			timeout -k 5 "$limit" "$here/grade.sh" "$lab" "$dir/tree" \
				"$dir/build" >"$log" 2>&1
			rc=$?
			read -r k m < <(score "$log")
			if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
				note="${note:+$note; }lab $lab over ${limit} s"
			elif grep -q '^score: 0 (does not build)' "$log"; then
				note="does not build"
			fi
			[ "$m" = "${max[$lab]}" ] || k=0
			hung=$(grep -c '# 0/[0-9]*: hung' "$log")
			crashed=$(grep -c '# 0/[0-9]*: \(crashed\|stopped\)' "$log")
			[ "$hung" = 0 ] || note="${note:+$note; }lab $lab: $hung hung"
			[ "$crashed" = 0 ] ||
				note="${note:+$note; }lab $lab: $crashed crashed"
		fi
		row="$row,$k"
		total=$((total + k))
	done
	echo "$row,$total,${note:-ok}" >>"$out/grades.csv"
done

# The table: the CSV's columns aligned.
awk -F, '{ for (i = 1; i <= NF; i++) { c[NR, i] = $i
		if (length($i) > w[i]) w[i] = length($i) } n = NR; if (NF > nf) nf = NF }
	END { for (r = 1; r <= n; r++) { line = ""
		for (i = 1; i <= nf; i++)
			line = line sprintf(i < nf ? "%-" w[i] "s  " : "%s", c[r, i])
		print line } }' "$out/grades.csv" >"$out/grades.txt"
echo "(of $total_max; $out/grades.csv)" >>"$out/grades.txt"
cat "$out/grades.txt"
