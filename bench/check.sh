#!/usr/bin/env bash
# check.sh - the test-bench suite: `make bench QUICK=1`, then the sanity
# of its numbers (bench/report --check: every row on both kernels,
# positive, min <= median <= max). Not their speed: this host's load is
# not the kernel's doing. TAP on stdout; make's output in
# build/bench/quick.log.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
mkdir -p build/bench
t0=$SECONDS
if make --no-print-directory bench QUICK=1 >build/bench/quick.log 2>&1; then
	echo "ok 1 make_bench_quick # $((SECONDS - t0)) s"
else
	echo "not ok 1 make_bench_quick # make failed after $((SECONDS - t0)) s"
	tail -n 15 build/bench/quick.log | sed 's/^/#   /'
fi
# The report's own TAP, renumbered after ours.
build/bench/report build/bench/quick --check | awk '
	/^(not )?ok [0-9]+ / { n++; sub(/ok [0-9]+ /, "ok " n + 1 " "); print; next }
	/^1\.\./ { next }
	{ print }
	END { printf "1..%d\n", n + 1 }'
