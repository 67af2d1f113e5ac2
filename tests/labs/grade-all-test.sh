#!/usr/bin/env bash
# grade-all-test.sh - make grade-all on five submissions made from this
# tree, graded on lab 8: a correct tree (this one), a wrong body, one that
# does not build and one that loops forever (patches against the unit's
# handout), and a handout whose grader says every check passed (a tree).
# Then, graded on labs 4 and 8, a patch against the unit's handout that
# solves lab 4 only: lab 4 scores full although lab 2's stubbed pick
# starves the thread that moves its execs, and lab 8 scores what its stub
# scores, not the teacher's.
# And the same patch with a line in sched/wakeup.c that only the teacher's
# lab 8 trips on: its restored tree does not build, so lab 4 is graded on
# the tree as handed in (not a zero; lab 2's stub costs it points there),
# and the row says so.
# Checks each row of the CSV; TAP, then "N passed, N failed".
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
work=$top/build/grade-all-test
rm -rf "$work/subs" "$work/subs4" "$work/grades/subs" &&
	mkdir -p "$work/subs" "$work/subs4" "$work/h"
# shellcheck source=tests/labs/say.sh
. "$here/say.sh"

# A patch against the handout: wake_up_cpu()'s stub body replaced by $1.
body_patch() {
	local f=$work/h/handout-all/sched/wakeup.c
	awk -v body="$1" '
		/^void wake_up_cpu\(/ { print; getline; print; print body; skip = 1; next }
		skip && /^}/ { skip = 0 }
		!skip' "$f" >"$work/h/wakeup.c"
	diff -u --label a/sched/wakeup.c --label b/sched/wakeup.c "$f" \
		"$work/h/wakeup.c"
}

"$here/handout.sh" all "$work/h" tar >/dev/null &&
	rm -rf "$work/h/handout-all" &&
	tar -xzf "$work/h/handout-all.tar.gz" -C "$work/h" || exit 1
rsync -a --exclude=/build/ --exclude=.git "$top/" "$work/subs/correct/"
body_patch '	resched_task(cpu_curr(cpu));	/* always its own CPU */
	(void)rq; (void)p; (void)hand_over_for;' >"$work/subs/wrong.patch"
body_patch '	this does not compile;' >"$work/subs/nobuild.patch"
cp -r "$work/h/handout-all" "$work/subs/cheats"
sed -i 's/return verdict(/return 1 || verdict(/' "$work/subs/cheats/tests/labs/grade/lab8.c"
body_patch '	for (;;)
		(void)rq;
	(void)cpu; (void)p; (void)hand_over_for;' >"$work/subs/hangs.patch"

# A handout left in OUT by an earlier run, made before a stub changed:
# grade-all must make its own, or every patch would be applied to the
# old one (the wrong patch's rows below then fail).
mkdir -p "$work/grades/old" && echo stale >"$work/grades/old/STALE" &&
	tar -czf "$work/grades/handout-all.tar.gz" -C "$work/grades/old" STALE &&
	rm -rf "$work/grades/old"
GRADE_CHECK_SECONDS=2 "$here/grade-all.sh" "$work/subs" "$work/grades" 8 |
	sed 's/^/# /'
csv=$work/grades/grades.csv
row() { grep "^$1," "$csv"; }
max=$(head -n 1 "$csv" | sed -n 's/.*lab8\/\([0-9]*\),.*/\1/p')
# lab 8's points of a row, and the row
k_of() { echo "$1" | cut -d, -f2; }
r=$(row correct)
say "$([ "$r" = "correct,$max,$max,ok" ] && echo 1)" correct_scores_full "$r"
r=$(row wrong) k=$(k_of "$(row wrong)")
say "$([ -n "$k" ] && [ "$k" -gt 0 ] && [ "$k" -lt "$max" ] && echo 1)" \
	wrong_scores_part "$r"
r=$(row nobuild)
say "$([ "$r" = "nobuild,0,0,does not build" ] && echo 1)" nobuild_scores_zero "$r"
r=$(row hangs)
say "$(echo "$r" | grep -q '^hangs,0,0,lab 8: [0-9]* hung$' && echo 1)" \
	hang_scores_zero "$r"
r=$(row cheats) k=$(k_of "$(row cheats)")
say "$([ -n "$k" ] && [ "$k" -lt "$max" ] && echo 1)" edited_grader_ignored "$r"
stub8=$k

# Lab 4 solved, every other stub in: the teacher's lab 4 put back into
# the handout, as a patch against it in git's format (a student's `git
# diff`), whose paths git apply would take from this repository's top if
# grade-all.sh let it find one. The same OUT, so the key's build is
# reused; the second run rewrites the CSV.
f=$work/h/handout-all/sched/exec.c
mkdir -p "$work/h/lab4/sched" && cp "$f" "$work/h/lab4/sched/exec.c" &&
	(cd "$work/h/lab4" && GIT_CEILING_DIRECTORIES=$work/h \
		git apply -R "$top/tests/labs/stubs/lab4.patch") &&
	{ echo "diff --git a/sched/exec.c b/sched/exec.c"
	  diff -u --label a/sched/exec.c --label b/sched/exec.c "$f" \
		"$work/h/lab4/sched/exec.c"; } >"$work/subs4/lab4only.patch"
# A macro named like a local of the teacher's wake_up_cpu(), which the
# stub does not have: the handout builds with it, the restored tree not.
w=$work/h/handout-all/sched/wakeup.c
mkdir -p "$work/h/breaks/sched" &&
	sed '/^#include "runqueue.h"$/a #define victim 0' "$w" >"$work/h/breaks/sched/wakeup.c" &&
	! cmp -s "$w" "$work/h/breaks/sched/wakeup.c" &&
	{ cat "$work/subs4/lab4only.patch"
	  echo "diff --git a/sched/wakeup.c b/sched/wakeup.c"
	  diff -u --label a/sched/wakeup.c --label b/sched/wakeup.c "$w" \
		"$work/h/breaks/sched/wakeup.c"; } >"$work/subs4/restorebreaks.patch"
GRADE_CHECK_SECONDS=2 "$here/grade-all.sh" "$work/subs4" "$work/grades" \
	"4 8" | sed 's/^/# /'
max4=$(head -n 1 "$csv" | sed -n 's/.*lab4\/\([0-9]*\),.*/\1/p')
r=$(row lab4only)
k4=$(echo "$r" | cut -d, -f2) k8=$(echo "$r" | cut -d, -f3)
say "$([ -n "$max4" ] && [ "$k4" = "$max4" ] && echo 1)" \
	lab4_alone_scores_full "$r (lab 4 of $max4)"
say "$([ -n "$k8" ] && [ "$k8" = "$stub8" ] && echo 1)" \
	untouched_lab8_scores_its_stub "$r (the stub: $stub8)"
r=$(row restorebreaks)
k4=$(echo "$r" | cut -d, -f2) k8=$(echo "$r" | cut -d, -f3)
say "$([ -n "$k4" ] && [ "$k4" -gt 0 ] && [ "$k8" = "$stub8" ] &&
	echo "$r" | grep -q ',restored tree does not build\(;[^,]*\)\?$' && echo 1)" \
	restored_tree_broken_grades_as_handed_in "$r (lab 4 graded, lab 8 its stub's $stub8)"
say_end
