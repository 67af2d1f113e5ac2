#!/usr/bin/env bash
# run-fuzz.sh OUT SECONDS - run OUT/fuzz_acpi for SECONDS and say how it went
# in one TAP line: "ok 1 fuzz_acpi # runs=N ..." when libFuzzer ends without a
# crash, hang or leak, "not ok 1 fuzz_acpi # <artefact>" otherwise. The corpus
# grows in OUT/corpus (seeded from OUT/seeds); artefacts go to OUT/artifacts/;
# the whole libFuzzer log is in OUT/fuzz.log.
set -uo pipefail
out=${1:?usage: run-fuzz.sh OUT SECONDS}
secs=${2:?usage: run-fuzz.sh OUT SECONDS}
top=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$out/corpus" "$out/artifacts"
log=$out/fuzz.log

# -timeout=2: one input taking 2 s is a hang. -max_len=4096: a page of
# "physical memory" holds a whole QEMU table set. The outer timeout only
# guards against libFuzzer itself not stopping.
timeout $((secs + 60)) "$out/fuzz_acpi" -max_total_time="$secs" -timeout=2 \
	-max_len=4096 -dict="$top/tests/acpi/acpi.dict" \
	-artifact_prefix="$out/artifacts/" -print_final_stats=1 \
	"$out/corpus" "$out/seeds" >"$log" 2>&1
rc=$?

runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
time=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -1)
rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
if [ "$rc" -eq 0 ] && [ -n "$runs" ]; then
	echo "ok 1 fuzz_acpi # runs=${runs} in ${time:-?}s (${rate:-?}/s), cov=${cov:-?}, corpus=$(ls "$out/corpus" | wc -l)"
	exit 0
fi
art=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error)' "$log" | head -5 | sed 's/^/# /'
echo "not ok 1 fuzz_acpi # status $rc, crash file ${art:-none} (log $log)"
exit 1
