#!/usr/bin/env bash
# check.sh - the test-bench suite: `make bench QUICK=1`, then the sanity
# of its numbers (bench/report --check: every row on both kernels,
# positive, min <= median <= max, the same work on both), that the
# report's --compare tells two runs that agree from two that do not, and
# that --check fails a row whose work differs (its switches, its moves),
# and that SCX=1 wants Linux 6.12. Not their speed: this host's load is
# not the kernel's doing. TAP on stdout; make's output in
# build/bench/quick.log.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 1
mkdir -p build/bench
t0=$SECONDS
if make --no-print-directory bench QUICK=1 >build/bench/quick.log 2>&1; then
	echo "ok 1 make_bench_quick # $((SECONDS - t0)) s"
else
	echo "not ok 1 make_bench_quick # make failed after $((SECONDS - t0)) s"
	tail -n 15 build/bench/quick.log | sed 's/^/#   /'
fi
# The report's own TAP, renumbered after ours, then the tests of its
# --compare mode (what `make bench DETERMINISTIC=1` relies on), on this
# run's own lines: a copy agrees with the run; a copy with one row's median
# 2% higher does not, and the report names that row and exits non-zero.
{
	build/bench/report build/bench/quick --check
	d=build/bench/compare-check
	rm -rf "$d" && mkdir -p "$d/same" "$d/off"
	cp build/bench/quick/*.txt "$d/same/"
	cp build/bench/quick/*.txt "$d/off/"
	awk '/^bench: name=syscall_null .*median=/ {
		match($0, / median=[0-9]+/); m = substr($0, RSTART + 8, RLENGTH - 8) + 0
		sub(/ median=[0-9]+/, " median=" int(m * 1.02 + 1)) } { print }' \
		build/bench/quick/os.txt >"$d/off/os.txt"
	if build/bench/report build/bench/quick --compare "$d/same" >"$d/same.log" 2>&1 &&
		! grep -q '^not ok' "$d/same.log"; then
		echo "ok 1 compare_same_run_agrees"
	else
		echo "not ok 1 compare_same_run_agrees # see $d/same.log"
	fi
	if build/bench/report build/bench/quick --compare "$d/off" >"$d/off.log" 2>&1; then
		echo "not ok 2 compare_2pct_fails # exit status 0 (see $d/off.log)"
	elif grep -q '^not ok [0-9]* agree_os_syscall_null ' "$d/off.log" &&
		[ "$(grep -c '^not ok' "$d/off.log")" = 1 ]; then
		echo "ok 2 compare_2pct_fails"
	else
		echo "not ok 2 compare_2pct_fails # not exactly syscall_null failed (see $d/off.log)"
	fi
	# Same work on both sides: a copy of the run whose Linux row ROW was
	# edited by SED fails --check on that row alone.
	# plant N NAME ROW SED
	plant() {
		local w=$d/$2
		rm -rf "$w" && mkdir -p "$w"
		cp build/bench/quick/*.txt "$w/"
		sed "$4" build/bench/quick/linux.txt >"$w/linux.txt"
		if build/bench/report "$w" --check >"$w.log" 2>&1; then
			echo "not ok $1 $2 # exit status 0 (see $w.log)"
		elif grep -q "^not ok [0-9]* same_work_$3 # not the same work" "$w.log" &&
			[ "$(grep -c '^not ok' "$w.log")" = 1 ]; then
			echo "ok $1 $2"
		else
			echo "not ok $1 $2 # not exactly $3 failed (see $w.log)"
		fi
	}
	# Linux's ctx_switch made no switch (what a yield did there).
	plant 3 same_work_fails ctx_switch \
		's/^\(bench: name=ctx_switch .*sw_per_round=\)[0-9.]*/\10.00/'
	# Linux's exec_place moved no task (what sched_ext in 6.12 does).
	plant 4 same_work_moves_fails exec_place \
		's/^\(bench: name=exec_place .*moved=\)[0-9]*/\10/'
	# The deterministic section: written into a results file once, kept
	# when the wall-clock table is written again, replaced (not added to)
	# by the next deterministic report.
	cp build/bench/results.md "$d/both.md"
	build/bench/report "$d/same" --det --compare build/bench/quick --md "$d/both.md" \
		--why /dev/null >"$d/det.log" 2>&1
	build/bench/report build/bench/quick --md "$d/both.md" >>"$d/det.log" 2>&1
	build/bench/report "$d/same" --det --md "$d/both.md" --why /dev/null >>"$d/det.log" 2>&1
	# shellcheck disable=SC2016 # the backquotes are markdown's
	if [ "$(grep -c '^<!-- deterministic mode: begin' "$d/both.md")" = 1 ] &&
		[ "$(grep -c '^<!-- deterministic mode: end' "$d/both.md")" = 1 ] &&
		grep -q '^| `syscall_null` | .* | one CPU |' "$d/both.md" &&
		grep -q '^| `syscall_null` | null system call (getppid) | [0-9]* ns' "$d/both.md"; then
		echo "ok 5 det_section_kept_once"
	else
		echo "not ok 5 det_section_kept_once # see $d/both.md"
	fi
	# SCX=1 asks for sched_ext: on 6.1 run.sh refuses before any boot.
	if LINUX_VERSION=6.1 BENCH_SCX=1 bench/run.sh "$d/scx" >"$d/scx.log" 2>&1; then
		echo "not ok 6 scx_needs_6_12 # exit status 0 (see $d/scx.log)"
	elif grep -qxF 'run.sh: BENCH_SCX=1 needs LINUX_VERSION=6.12 (6.1 has no sched_ext)' "$d/scx.log" &&
		[ ! -d "$d/scx/logs" ]; then
		echo "ok 6 scx_needs_6_12"
	else
		echo "not ok 6 scx_needs_6_12 # no message, or it booted (see $d/scx.log)"
	fi
} | awk '
	/^(not )?ok [0-9]+ / { n++; sub(/ok [0-9]+ /, "ok " n + 1 " "); print; next }
	/^1\.\./ { next }
	{ print }
	END { printf "1..%d\n", n + 1 }'
