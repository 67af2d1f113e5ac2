#!/usr/bin/env bash
# kit.sh - the course kit's test (make test-kit): for every graded lab,
# the teacher's tree scores full; the lab's handout (tests/labs/handout.sh)
# builds its grader and scores less than full; lab 0 answered in 2.5.59's
# words scores full; and the whole unit's handout builds the kernel and
# boots it. (The simulator's build is the
# graders': the same sched/ sources on the same seam.) One TAP line each, then
# "N passed, N failed".
#
# The handouts are unpacked over one copy of this tree, file by file where
# they differ (rsync -c), with this tree's kernel and grader objects beside
# them: a build then recompiles the stubbed files only.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
work=$top/build/kit
labs=$(ls "$top"/tests/labs/stubs/ | sed -n 's/^lab\([0-9]*\)\.patch$/\1/p' | sort -n)
# shellcheck source=tests/labs/say.sh
. "$here/say.sh"

# "score: K/M" of a grader's output, as "K M"; "0 0" when absent.
score() {
	sed -n 's/^score: \([0-9]*\)\/\([0-9]*\)$/\1 \2/p' "$1" | tail -n 1 |
		grep . || echo "0 0"
}

mkdir -p "$work"
cd "$top"

# Lab 8's stub is the lab's own ```patch block (its "Your change"): the
# two must stay one text.
awk '/^```patch$/{on=1;next} /^```$/{if(on){on=0}} on' docs/lab8-wakeup.md |
	cmp -s - tests/labs/stubs/lab8.patch
say "$([ $? = 0 ] && echo 1)" lab8_stub_is_the_labs_patch \
	"docs/lab8-wakeup.md against tests/labs/stubs/lab8.patch"
for lab in $labs; do
	tests/labs/grade.sh "$lab" "$top" "$work/key" >"$work/key-$lab.log" 2>&1
	read -r k m < <(score "$work/key-$lab.log")
	say "$([ "$m" -gt 0 ] && [ "$k" = "$m" ] && echo 1)" "lab${lab}_key_scores_full" \
		"score $k/$m"
done

# Lab 0 answered as 2.5.59 writes it, real-time told by prio
# (`rt_task(p)`) instead of by policy: the rest of the scheduler must not
# hand effective_prio() a task whose prio is not yet its own (sched_fork()
# of a kernel-made task did, and the answer scored 1/5).
rm -rf "$work/rt" && mkdir -p "$work/rt" &&
	cp -r sched lib "$work/rt/" &&
	sed -i 's/^\tif (p->policy != SCHED_NORMAL)$/\tif (rt_task(p))/' \
		"$work/rt/sched/core.c"
if cmp -s sched/core.c "$work/rt/sched/core.c"; then
	say 0 lab0_answer_by_prio_scores_full "effective_prio()'s policy test not found"
else
	tests/labs/grade.sh 0 "$work/rt" "$work/rt-grade" >"$work/rt-0.log" 2>&1
	read -r k m < <(score "$work/rt-0.log")
	say "$([ "$m" -gt 0 ] && [ "$k" = "$m" ] && echo 1)" \
		lab0_answer_by_prio_scores_full "score $k/$m ($work/rt-0.log)"
fi

# The copy the handouts go over: this tree's files, with its mtimes, and
# its kernel objects, newer than them.
rsync -a --delete --exclude=/build/ --exclude=.git "$top/" "$work/tree/"
mkdir -p "$work/tree/build"
rsync -a "$top/build/k" "$top/build/kernel.elf" "$work/tree/build/" 2>/dev/null
# The grader's objects: the key's of this run, every run. Objects kept
# from an earlier run were compiled against that run's headers, and their
# dependency files name this tree's paths, not the copy's: after a header
# change (a function made inline) they linked against what no longer was.
rm -rf "$work/tree/build/labs/grade"
mkdir -p "$work/tree/build/labs"
cp -a "$work/key" "$work/tree/build/labs/grade"

unpack() {	# unpack NAME: the handout NAME over the copy
	rm -rf "$work/$1" && mkdir -p "$work/$1" &&
	tar -xzf "$work/$1.tar.gz" -C "$work/$1" &&
	rsync -rc --delete --exclude=/build/ "$work/$1/$1/" "$work/tree/"
}

for lab in $labs; do
	log=$work/handout-$lab.log
	if ! tests/labs/handout.sh "$lab" "$work" tar >"$log" 2>&1 ||
	   ! unpack "handout-$lab" >>"$log" 2>&1; then
		say 0 "lab${lab}_handout_scores_below_full" "no handout: $log"
		continue
	fi
	missing=$(cd "$work/tree" && ls docs/answers.md tests/labs/held \
		tests/labs/stubs 2>/dev/null | head -n 1)
	"$work/tree/tests/labs/grade.sh" "$lab" "$work/tree" \
		"$work/tree/build/labs/grade" >>"$log" 2>&1
	read -r k m < <(score "$log")
	say "$([ -z "$missing" ] && [ "$m" -gt 0 ] && [ "$k" -lt "$m" ] && echo 1)" \
		"lab${lab}_handout_scores_below_full" \
		"score $k/$m${missing:+, and it holds $missing}"
done

log=$work/handout-all.log
if tests/labs/handout.sh all "$work" tar >"$log" 2>&1 &&
   unpack handout-all >>"$log" 2>&1 &&
   make -s -C "$work/tree" build/kernel.elf >>"$log" 2>&1; then
	say 1 "unit_handout_builds" "the kernel, stubs of labs $(echo $labs)"
else
	say 0 "unit_handout_builds" "see $log"
fi

# No line a stub takes out (a solution's line, of 20 characters or more
# without its blanks) is anywhere in the unit handout's documents.
leaks=$(for st in tests/labs/stubs/lab*.patch; do
	sed -n 's/^-\([^-].*\)$/\1/p' "$st" | while IFS= read -r l; do
		t=$(printf '%s' "$l" | tr -d ' \t')
		[ ${#t} -ge 20 ] || continue
		grep -rlF -- "$l" "$work/handout-all/handout-all/docs" "$work/handout-all/handout-all/README.md" \
			2>/dev/null | awk -v st="$(basename "$st")" -v t="$t" \
			'{ sub(/.*handout-all\/handout-all\//, ""); print $0 " (" st ": " t ")" }'
	done
done | head -n 3)
say "$([ -d "$work/handout-all/handout-all/docs" ] && [ -z "$leaks" ] && echo 1)" \
	unit_handout_docs_hold_no_solution "${leaks:-no stubbed line in docs/ or README.md}"

# The unit's kernel, every stub in, boots two nodes and runs eight spinning
# children to their end (exec placement, balancing, wakeups, the double
# locks of migration): the stubs leave a working system. The initrd is
# this tree's: a handout's user programs are the same.
# shellcheck source=tests/boot/lib.sh
. "$top/tests/boot/lib.sh"
dir=$work/boot
KERNEL=$work/tree/build/kernel.elf BOOT_TIMEOUT=120 \
	boot_kernel "$dir" 2n2c2t "-- -c spin 4 300" -initrd "$top/build/initrd.cpio"
rc=$(cat "$dir/rc")
say "$([ "$rc" = "$EXIT_PASS" ] && grep -aq 'powering off' "$dir/serial.log" &&
	! grep -aq '^panic' "$dir/serial.log" && echo 1)" "unit_handout_boots" \
	"2n2c2t, spin 4 300: QEMU status $rc, $(cat "$dir/secs") s ($dir/serial.log)"

say_end
