#!/usr/bin/env bash
# fuzz.sh OUTDIR - the scheduler fuzzer's suite (tests/sched/README.md,
# "The fuzzer"):
#  1. a fixed set of runs of OUTDIR/fuzz (seeds 1..FUZZ_RUNS, FUZZ_OPS
#     operations each), which must all pass;
#  2. each defect of tests/sched/defects/: its patch applied to a copy of
#     sched/, the fuzzer built on that copy must report the defect with the
#     seed the patch records, and the same seed must pass on the real code.
# FUZZ_CC and FUZZ_CFLAGS: the compiler and its flags (mk/sched.mk passes
# them); the copy's include directories go first.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: fuzz.sh OUTDIR}
cd "$top"
: "${FUZZ_CC:?FUZZ_CC not set (run through make test-fuzz-sched)}"
: "${FUZZ_CFLAGS:?FUZZ_CFLAGS not set}"
runs=${FUZZ_RUNS:-30}
ops=${FUZZ_OPS:-4000}
n=0
failed=0

ok() { n=$((n + 1)); echo "ok $n $*"; }
notok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n $*"; }

# 1. The bounded stress. The limits (tests/cpu-limit.sh) are CPU seconds,
# 3-4 times what the runs take.
res=$(tests/cpu-limit.sh 300 "$out/fuzz" --seed 1 --runs "$runs" --ops "$ops" 2>&1)
rc=$?
echo "$res" | grep -E '^(# run|not ok)' | sed 's/^not ok/# not ok/'
if [ $rc -eq 0 ] && echo "$res" | grep -q "^$runs passed, 0 failed"; then
	ok "fuzz_runs # $runs runs of $ops operations, seeds 1..$runs"
else
	notok "fuzz_runs # status $rc: $(echo "$res" | grep -E '^not ok|ERROR|PANIC' | head -3)"
fi

# 2. Each defect put back is found.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for patch in tests/sched/defects/*.patch; do
	[ -e "$patch" ] || continue
	name=$(basename "$patch" .patch)
	args=$(sed -n 's/^Fuzz-args: //p' "$patch")
	expect=$(sed -n 's/^Fuzz-expect: //p' "$patch")
	if [ -z "$args" ] || [ -z "$expect" ]; then
		notok "defect_$name # no Fuzz-args/Fuzz-expect line in $patch"
		continue
	fi
	rm -rf "$tmp/sched"
	cp -r sched "$tmp/sched"
	if ! patch -s -d "$tmp" -p1 < "$patch" >"$tmp/patch.log" 2>&1; then
		notok "defect_$name # $patch does not apply: $(head -c 300 "$tmp/patch.log")"
		continue
	fi
	# The copy's headers first: the simulator's seam, then sched/.
	# shellcheck disable=SC2086
	if ! $FUZZ_CC -I"$tmp/sched/sim" -I"$tmp/sched" $FUZZ_CFLAGS -o "$tmp/fuzz" \
		tests/sched/fuzz.c "$tmp"/sched/*.c "$tmp/sched/sim/arch.c" \
		"$tmp/sched/sim/ctx.c" tests/shape.c lib/topology.c \
		lib/cpumask.c lib/statline.c >"$tmp/build.log" 2>&1; then
		notok "defect_$name # the patched fuzzer does not build: $(head -c 300 "$tmp/build.log")"
		continue
	fi
	# shellcheck disable=SC2086
	found=$(tests/cpu-limit.sh 120 "$tmp/fuzz" $args 2>&1)
	# shellcheck disable=SC2086
	clean=$(tests/cpu-limit.sh 120 "$out/fuzz" $args 2>&1)
	cleanrc=$?
	line=$(echo "$found" | grep -m1 '^not ok')
	if ! echo "$found" | grep -Eq "$expect"; then
		notok "defect_$name # fuzz $args did not report /$expect/: ${line:-no failure}"
	elif [ $cleanrc -ne 0 ]; then
		notok "defect_$name # fuzz $args fails on the real code too: $(echo "$clean" | grep -m1 '^not ok')"
	else
		ok "defect_$name # fuzz $args: ${line#not ok }"
	fi
done
echo "1..$n"
echo "$((n - failed)) passed, $failed failed"
[ $failed -eq 0 ]
