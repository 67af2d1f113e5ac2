#!/usr/bin/env bash
# run-suite.sh NAME CMD [ARGS...] - run one test suite and keep its results.
#
# Every suite prints TAP/KTAP: unindented "ok N name" / "not ok N name" lines
# (with "# SKIP why" where a check could not run). This wrapper keeps the full
# output in build/results/NAME.log and the result lines in NAME.tap, and turns
# a suite that dies without saying why into a failure, so nothing is lost.
# It ends with the suite's own closing line "N passed, N failed" and fails
# when a test did (make test goes on past it, with -k); tests/summary.sh
# adds the files of every suite up. NAME.secs keeps the suite's wall time.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
name=${1:?usage: run-suite.sh NAME CMD...}
shift
out=$top/build/results
mkdir -p "$out"
log=$out/$name.log
t0=$SECONDS
# Whole lines: make test runs two host suites at once into one terminal.
"$@" 2>&1 | tee "$log" | grep --line-buffered -E '^(not )?ok |^# ' || true
rc=${PIPESTATUS[0]}
echo $((SECONDS - t0)) >"$out/$name.secs"
grep -E '^(not )?ok ' "$log" > "$out/$name.tap" || true
if [ "$rc" -ne 0 ] && ! grep -q '^not ok ' "$out/$name.tap"; then
	echo "not ok - $name: suite exited with status $rc (see build/results/$name.log)" |
		tee -a "$out/$name.tap"
fi
if [ ! -s "$out/$name.tap" ]; then
	echo "not ok - $name: suite reported no result (see build/results/$name.log)" |
		tee -a "$out/$name.tap"
fi
"$top"/tests/summary.sh "$out/$name.tap" | tail -n 1
exit "${PIPESTATUS[0]}"
