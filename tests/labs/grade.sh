#!/usr/bin/env bash
# grade.sh LAB [TREE [OUT]] - build the labs' grader with TREE's scheduler
# (default: this tree) and this tree's checks (tests/labs/grade/grade.mk),
# into OUT (default: TREE/build/labs/grade), and run lab LAB's checks: one
# TAP line per check with its points, then "score: K/M". Exit 0 when
# every check passed. The checks are simulator programs on
# tests/sched/harness.c, so they test the student's scheduler code exactly
# as the kernel would run it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
lab=${1:?usage: grade.sh LAB [TREE [OUT]]}
tree=$(cd "${2:-$top}" && pwd)
out=${3:-$tree/build/labs/grade}
case $lab in
[0-8]) ;;
*) echo "grade.sh: lab $lab has no grader (graded: 0 to 8)" >&2; exit 2 ;;
esac
mkdir -p "$out"
out=$(cd "$out" && pwd)
if ! make -s -j2 -f "$here/grade/grade.mk" TREE="$tree" KIT="$top" \
	OUT="$out" "$out/grade" >"$out/build.log" 2>&1; then
	cat "$out/build.log"
	echo "score: 0 (does not build)"
	exit 1
fi
"$out/grade" "$lab"
