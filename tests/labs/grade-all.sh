#!/usr/bin/env bash
# grade-all.sh SUBMISSIONS OUT [LABS] - grade every submission of a folder:
# a student tree (a folder) or a patch against the unit's handout (a file
# NAME.patch; `make handout-all`). Each gets its own build folder under
# OUT/subs/NAME, LIMIT seconds per lab (default 300; a hang in one check
# costs that check only: GRADE_CHECK_SECONDS, default 20), and the
# grader's files of this tree, never its own (tests/labs/grade.sh). Writes
# OUT/grades.csv (one row a submission: its points per lab, the total, a
# note) and OUT/grades.txt, the same as a table, also printed.
# A lab's score depends on that lab's work only: a lab whose stub is still
# intact (its tests/labs/stubs/labK.patch reverse-applies) is graded on the
# tree as handed in, so it scores what a stub scores; a lab the student
# changed is graded on a second build, OUT/subs/NAME/restored, where every
# intact stub gives the teacher's solution back, so another lab's stub does
# not cost it points.
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

# grade_once LAB TREE BUILD: grade.sh into $log within the time
# limit; k and m its score. 0: graded, 1: over the limit, 2: the
# tree does not build.
grade_once() {
	timeout -k 5 "$limit" "$here/grade.sh" "$1" "$2" "$3" >"$log" 2>&1
	local rc=$?
	read -r k m < <(score "$log")
	if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
		return 1
	elif grep -q '^score: 0 (does not build)' "$log"; then
		return 2
	fi
	return 0
}

# git apply in DIR, outside any repository: OUT may lie inside one (this
# tree's build/grades), and there git apply takes a git-style patch's
# paths (a student's `git diff`, the stubs) from the repository's top and
# skips them without a word.
apply_in() {
	local dir=$1
	shift
	(cd "$dir" && GIT_CEILING_DIRECTORIES=$(cd .. && pwd) git apply "$@")
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

# Patches apply to the unit's handout as this tree makes it now: one made
# by an earlier run may hold older stubs.
rm -f "$out/handout-all.tar.gz"
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
		if ! apply_in "$dir/tree" "$sub" >"$dir/apply.log" 2>&1; then
			note="patch does not apply"
		fi
	else
		continue
	fi
	# Which stubs are intact, of every lab (not only those graded now): the
	# second build restores them all.
	intact=" "
	if [ -z "$note" ]; then
		for stub in "$top"/tests/labs/stubs/lab*.patch; do
			k=$(basename "$stub" .patch) k=${k#lab}
			if apply_in "$dir/tree" -R --check "$stub" >/dev/null 2>&1; then
				intact="$intact$k "
			fi
		done
	fi
	# The second build, made only when a graded lab was changed and some
	# stub is intact; otherwise it would be the first one over again.
	restored=$dir/tree rbuild=$dir/build
	changed=
	for lab in $labs; do
		case $intact in *" $lab "*) ;; *) changed=1 ;; esac
	done
	if [ -z "$note" ] && [ -n "$changed" ] && [ "$intact" != " " ]; then
		restored=$dir/restored rbuild=$dir/build-restored
		rsync -a "$dir/tree/" "$restored/"
		for k in $intact; do
			# Stubs of one file touch different functions, so each
			# reverse-applies on its own; one that does not (a change
			# next to it) stays a stub, as in the tree handed in.
			apply_in "$restored" -R "$top/tests/labs/stubs/lab$k.patch" \
				>>"$dir/restore.log" 2>&1 ||
				note="${note:+$note; }lab $k's solution not restored"
		done
	fi
	row=$name total=0
	broken=" "
	for lab in $labs; do
		log=$dir/lab$lab.log
		k=0
		# An untouched lab on the tree as handed in, a changed one on
		# the restored tree; when only the restored one does not build
		# (a solution of the teacher's against the student's other
		# changes), on the tree as handed in, and the note says so.
		case $intact in
		*" $lab "*) trees="$dir/tree" ;;
		*) trees="$restored $dir/tree" ;;
		esac
		for tree in $trees; do
			build=$dir/build
			[ "$tree" = "$dir/tree" ] || build=$rbuild
			case $broken in *" $build "*) continue ;; esac
			break
		done
		# A tree that does not build scores 0 on every lab graded on
		# it: each build is tried once.
		case $broken in *" $build "*) note=${note:-does not build} ;; esac
		if [ "$note" != "patch does not apply" ] &&
		   [ "$note" != "does not build" ]; then
			grade_once "$lab" "$tree" "$build"
			st=$?
			if [ "$st" = 2 ] && [ "$build" != "$dir/build" ]; then
				# Again on the tree as handed in.
				broken="$broken$build "
				note="${note:+$note; }restored tree does not build"
				build=$dir/build
				grade_once "$lab" "$dir/tree" "$build"
				st=$?
			fi
			case $st in
			1) note="${note:+$note; }lab $lab over ${limit} s" ;;
			2) broken="$broken$build " note="does not build" ;;
			esac
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
