#!/usr/bin/env bash
# run.sh OUTDIR - the scheduler's test suite: the unit tests, then every
# scenario of tests/sched/ on the simulator with the sanity checker on,
# then the scaling counts and generated shapes (scale_check.sh).
# Each part prints TAP; this renumbers the lines into one plan. The
# scenarios' numbers (per-task and per-CPU lines) go to the suite's log.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: run.sh OUTDIR}
cd "$top"

# A part that dies (a sanitizer report, a panic, a limit) is a failure.
# The limits catch a hang, not slowness: they count CPU seconds
# (tests/cpu-limit.sh), and the scenarios take 76 s of CPU under ASan
# however busy the host is (7 minutes of wall time at load 10).
part() {
	"$@"
	local rc=$?
	if [ "$rc" -gt 1 ]; then
		echo "not ok 0 ${*: -1} exited with status $rc"
	fi
}

# LeakSanitizer's exit-time scan hangs in some sandboxes (seen with
# schedsim: ptrace attach, detach, then nothing); the simulator frees what
# it allocates (valgrind: no leaks), so only the unit tests keep it.
{
	part tests/cpu-limit.sh 600 "$out/test_sched"
	ASAN_OPTIONS=detect_leaks=0 part tests/cpu-limit.sh 1200 "$out/schedsim-san" \
		--report tests/sched/*.scn
	part tests/cpu-limit.sh 600 tests/sched/scale_check.sh "$out/schedsim"
} | awk '
	/^(not )?ok [0-9]+ / { n++; sub(/ok [0-9]+ /, "ok " n " "); print; next }
	/^1\.\.[0-9]+$/ { next }
	{ print }
	END { print "1.." n }'
