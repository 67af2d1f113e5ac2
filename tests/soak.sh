#!/usr/bin/env bash
# soak.sh - the flake hunter: run test suites again and again on a host
# loaded on purpose, and say for each test how often it failed.
#
#   tests/soak.sh [-n RUNS] [-j JOBS] [-l LOAD] [-t MINUTES] [-o DIR] [-m REGEX] SUITE...
#   make soak [SOAK="tests/boot/hw.sh ..."] [RUNS=20] [JOBS=1] [LOAD=8] [MINUTES=60] [MATCH=re]
#
# SUITE is a suite script that prints TAP, with its arguments if any, as
# one word ("tests/boot/matrix.sh 2n2c2t"); each run runs every SUITE once,
# one after the other. While they run, stress-ng
# keeps LOAD busy-loop workers on the host (default: 4 per host CPU), so a
# test whose result depends on how fast the host runs shows it here rather
# than in CI. -l 0 runs without load.
#
# -j runs JOBS runs at once, each in its own folder with its own QEMUs: on
# a 2-core host a QEMU competes with the stress-ng workers for CPU, so a
# few runs side by side get through more boots an hour, under a host load
# that is only higher.
# -t stops starting new runs after MINUTES (the runs under way finish).
# -m counts only the tests whose name matches REGEX (all are still run;
# tests/boot/hw.sh also takes HW_ONLY=REGEX to boot only the matching).
#
# Output: how many runs in how long, the host's load average over them,
# one line per test,
#   soak: <suite>:<test> runs=R failed=F [first failure: <log>]
# the first failing run's diagnostics of each test that failed, and the
# closing line "soak: N passed, N failed" (test results summed over the
# runs). Exits 1 when any test failed. Each run's suite output stays in DIR/run-K/ (default
# build/soak/); the QEMU logs of a run are kept only when one of its tests
# failed.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
runs=20 load=$((4 * $(nproc))) minutes=0 out=$top/build/soak match='' jobs=1
while getopts "n:l:t:o:m:j:" opt; do
	case $opt in
	n) runs=$OPTARG ;;
	l) load=$OPTARG ;;
	t) minutes=$OPTARG ;;
	o) out=$OPTARG ;;
	m) match=$OPTARG ;;
	j) jobs=$OPTARG ;;
	*) sed -n '2,31s/^# \{0,1\}//p' "$0" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -gt 0 ] || { echo "soak: no suite given (tests/soak.sh -h)" >&2; exit 2; }
for s in "$@"; do
	[ -f "${s%% *}" ] || { echo "soak: no suite script '${s%% *}'" >&2; exit 2; }
done
case "$runs$load$minutes$jobs" in *[!0-9]*)
	echo "soak: -n, -l, -t and -j take whole numbers" >&2; exit 2 ;;
esac
[ "$jobs" -ge 1 ] || { echo "soak: -j takes 1 or more" >&2; exit 2; }

rm -rf "$out"
mkdir -p "$out"
results=$out/results.tsv
: >"$results"
: >"$out/loadavg"

stress_pid=
stop_load() {
	[ -n "$stress_pid" ] && kill "$stress_pid" 2>/dev/null && wait "$stress_pid" 2>/dev/null
	stress_pid=
}
trap 'stop_load' EXIT
trap 'stop_load; exit 130' INT TERM
if [ "$load" -gt 0 ]; then
	command -v stress-ng >/dev/null ||
		{ echo "soak: stress-ng is missing: scripts/deps.sh soak (as root)" >&2; exit 1; }
	# Its own time limit too, so a killed soak leaves no load behind.
	stress-ng --cpu "$load" --timeout "$(( (minutes > 0 ? minutes : 24 * 60) * 60 + 600 ))s" \
		--quiet >/dev/null 2>&1 &
	stress_pid=$!
	sleep 5	# let the load average climb before the first boot
fi

# one_run K: every SUITE once, its results in DIR/run-K/results.tsv.
one_run() {
	local i=$1 rdir=$out/run-$1 k=0 s name log
	mkdir -p "$rdir"
	: >"$rdir/results.tsv"
	for s in "${suites[@]}"; do
		k=$((k + 1))
		name=$(basename "${s%% *}" .sh)
		log=$rdir/$k-$name.log
		cut -d' ' -f1 /proc/loadavg >>"$rdir/loadavg"
		# shellcheck disable=SC2086 # a SUITE is a command line
		BOOT_OUT=$rdir/boot bash $s >"$log" 2>&1
		cut -d' ' -f1 /proc/loadavg >>"$rdir/loadavg"
		awk -v suite="$name" -v logf="$log" -v run="$i" '
			/^(not )?ok [0-9]+ / {
				st = $1 == "ok" ? "ok" : "fail"
				t = $1 == "ok" ? $3 : $4
				print run "\t" suite ":" t "\t" st "\t" logf
			}' "$log" >>"$rdir/results.tsv"
		grep -q '^ok \|^not ok ' "$log" ||
			printf '%s\t%s\tfail\t%s\n' "$i" "$name:(no result)" "$log" >>"$rdir/results.tsv"
	done
	if grep -q '	fail	' "$rdir/results.tsv"; then
		echo "soak: run $i: a test failed (logs kept in $rdir)"
	else
		rm -rf "${rdir:?}/boot"
	fi
}

# running: run_pids = the runs under way, the background jobs other than
# stress-ng, which is one too and must count neither against -j nor in the
# last wait (it runs until its own time limit). It sets a variable rather
# than printing: called as a pipeline's part or inside $(...), a function
# runs in a subshell whose `jobs` sees an empty job table (bash keeps the
# table only for a $(jobs ...) of the shell itself, as below).
running() {
	local p
	run_pids=()
	for p in $(jobs -rp); do
		[ "$p" = "${stress_pid:-}" ] || run_pids+=("$p")
	done
}
suites=("$@")
t0=$SECONDS started=0 finished=0
for ((i = 1; i <= runs; i++)); do
	if [ "$minutes" -gt 0 ] && [ $((SECONDS - t0)) -ge $((minutes * 60)) ]; then
		echo "soak: time limit of $minutes min reached after $started of $runs runs"
		break
	fi
	running
	while [ "${#run_pids[@]}" -ge "$jobs" ]; do
		wait -n "${run_pids[@]}"
		running
		finished=$((finished + 1))
		[ $((finished % 5)) -eq 0 ] && echo "soak: $finished runs done in $(( (SECONDS - t0) / 60 )) min"
	done
	one_run "$i" &
	started=$i
done
# (With none left, a bare wait would wait for stress-ng.)
running
[ "${#run_pids[@]}" -eq 0 ] || wait "${run_pids[@]}"
done_runs=$started
for ((i = 1; i <= done_runs; i++)); do
	cat "$out/run-$i/results.tsv" >>"$results"
	cat "$out/run-$i/loadavg" >>"$out/loadavg"
done
stop_load

echo "soak: $done_runs runs of $* in $(( (SECONDS - t0) / 60 )) min; logs in $out" |
	tee "$out/summary"
awk '{ s += $1; if ($1 > m) m = $1 }
	END { if (NR) printf "soak: host load average %.1f (max %.1f) over %d samples, " \
		"%d stress-ng workers on %d CPUs\n", s / NR, m, NR, load, cpus }' \
	load="$load" cpus="$(nproc)" "$out/loadavg" | tee -a "$out/summary"

# Per test: runs, failures, the first failing log; then its diagnostics.
awk -F'\t' -v match_re="$match" '
	match_re != "" && $2 !~ match_re { next }
	!($2 in runs) { order[++n] = $2 }
	{ runs[$2]++ }
	$3 == "fail" { if (!fails[$2]++) first[$2] = $4; bad++ }
	$3 == "ok" { good++ }
	END {
		for (k = 1; k <= n; k++) {
			t = order[k]
			printf "soak: %s runs=%d failed=%d", t, runs[t], fails[t]
			if (fails[t]) printf " first failure: %s", first[t]
			printf "\n"
		}
		for (k = 1; k <= n; k++) {
			t = order[k]
			if (!fails[t]) continue
			print "soak: first failure of " t ":"
			name = t; sub(/^[^:]*:/, "", name)
			on = 0
			while ((getline line < first[t]) > 0) {
				split(line, f, " ")
				if (f[1] == "not" && f[4] == name) { on = 1; shown = 0 }
				else if (!(on && line ~ /^#/)) on = 0
				if (on && shown++ < 20) print "soak:   | " line
			}
			close(first[t])
		}
		printf "soak: %d passed, %d failed\n", good, bad
		exit bad > 0
	}' "$results" | tee -a "$out/summary"
exit "${PIPESTATUS[0]}"
