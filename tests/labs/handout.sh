#!/usr/bin/env bash
# handout.sh LAB|all OUT tar|branch - the student's tree of a lab (or of
# the whole unit, "all"): this tree as it stands (committed or not), with
# the lab's solution replaced by its stub (tests/labs/stubs/labN.patch:
# the body goes, its contract stays in a comment), without the teacher's
# key (docs/answers.md), the held-back checks (tests/labs/held/) and the
# stubs, whose patches hold the solutions they take out; a lab text's code
# change that shows lines of a stubbed solution is left out too.
#   tar     OUT/handout-LAB.tar.gz, one folder handout-LAB/ inside
#   branch  the branch handout-LAB of this repository: one commit of its
#           own, with no parent, so no history holds the solutions
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
lab=${1:?usage: handout.sh LAB|all OUT tar|branch}
out=${2:?usage: handout.sh LAB|all OUT tar|branch}
format=${3:-tar}
cd "$top"
if [ "$lab" = all ]; then
	stubs=$(ls tests/labs/stubs/lab*.patch)
else
	stubs=tests/labs/stubs/lab$lab.patch
	if [ ! -f "$stubs" ]; then
		echo "handout.sh: lab $lab has no stub (tests/labs/stubs/)" >&2
		exit 2
	fi
fi
case $format in tar|branch) ;; *)
	echo "handout.sh: FORMAT is tar or branch, not $format" >&2; exit 2 ;;
esac

# A private index: the working tree's files as they are, then the stubs
# and the removals; this tree's own index and files stay untouched.
export GIT_INDEX_FILE=$top/build/handout.index
mkdir -p build
rm -f "$GIT_INDEX_FILE"
trap 'rm -f "$GIT_INDEX_FILE"' EXIT
git read-tree HEAD
git add -A .
for s in $stubs; do
	git apply --cached "$s"
done
git rm -r -q --cached --ignore-unmatch docs/answers.md tests/labs/held \
	tests/labs/stubs
# A lab's ```patch block that no longer applies once the stubs are in
# changes the teacher's version of a function the handout asks for, and
# shows lines of it (lab 8's block is its stub: the whole solution; lab 9's
# changes lab 2's pick). The handout's copy of that lab's text says so in
# its place.
for md in docs/lab[0-9]*-*.md; do
	n=${md#docs/lab} n=${n%%-*}
	diff=$(awk -f tests/labs/extract.awk "$md" | sed -n 's/^patch //p')
	[ -n "$diff" ] || continue
	printf '%s\n' "$diff" | git apply --cached --check >/dev/null 2>&1 && continue
	# The block is the lab's stub itself, a change to its own solution, or
	# one to the solution of another lab.
	kind=other
	if [ -f "tests/labs/stubs/lab$n.patch" ]; then
		kind=own
		printf '%s\n' "$diff" | cmp -s - "tests/labs/stubs/lab$n.patch" && kind=stub
	fi
	blob=$(awk -v n="$n" -v kind=$kind '
		/^```patch$/ { skip = 1
			print "```text"
			if (kind == "stub") {
				print "Left out of the handout: your tree already holds this stub, and"
				print "the block showed the body it takes away (`make lab-apply` has"
				print "nothing to apply here)."
			} else {
				print "Left out of the handout: this change is made to the teacher'"'"'s"
				print "version of a function " (kind == "own" ? "you write in this lab" : \
					"an earlier lab asks you to write") ", and it shows"
				print "lines of that version. Once yours scores full, make the change"
				print "to your own code by hand (`make lab-apply` has no block to apply"
				print "in a handout, nor `make lab-undo` one to take back)."
			}
			print "```"
			next }
		skip && /^```$/ { skip = 0; next }
		!skip' "$md" | git hash-object -w --stdin)
	git update-index --cacheinfo "100644,$blob,$md"
done
tree=$(git write-tree)

name=handout-$lab
if [ "$format" = branch ]; then
	names=$(for f in $stubs; do basename "$f" .patch; done | tr '\n' ' ')
	commit=$(echo "Lab $lab handout, stubs: $names" | git commit-tree "$tree")
	git branch -f "$name" "$commit"
	echo "branch $name ($commit)"
else
	mkdir -p "$out"
	git archive --format=tar.gz --prefix="$name/" -o "$out/$name.tar.gz" "$tree"
	echo "$out/$name.tar.gz"
fi
