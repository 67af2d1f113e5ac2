#!/usr/bin/env bash
# run-fuzz.sh OUT SECONDS - run the ELF and the cpio fuzzer (OUT/fuzz_elf,
# OUT/fuzz_initrd) for SECONDS each; one TAP line per fuzzer: "ok N fuzz_elf
# # runs=..." when libFuzzer ends without a crash, hang or leak, "not ok"
# with the artefact otherwise. Corpora grow in OUT/corpus-NAME (seeded from
# OUT/seeds/NAME), artefacts go to OUT/artifacts/, logs to OUT/fuzz-NAME.log.
set -uo pipefail
out=${1:?usage: run-fuzz.sh OUT SECONDS}
secs=${2:?usage: run-fuzz.sh OUT SECONDS}
mkdir -p "$out/artifacts"
n=0
fail=0
for name in elf initrd; do
	n=$((n + 1))
	corpus=$out/corpus-$name
	log=$out/fuzz-$name.log
	mkdir -p "$corpus"
	# -timeout=2: one input taking 2 s is a hang. -max_len: a few pages
	# hold any header maze; the real programs (seeds) are ~18 KiB.
	timeout $((secs + 60)) "$out/fuzz_$name" -max_total_time="$secs" -timeout=2 \
		-max_len=32768 -artifact_prefix="$out/artifacts/$name-" \
		-print_final_stats=1 "$corpus" "$out/seeds/$name" >"$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
	cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
	if [ "$rc" -eq 0 ] && [ -n "$runs" ]; then
		echo "ok $n fuzz_$name # runs=$runs in ${secs}s, cov=${cov:-?}, corpus=$(ls "$corpus" | wc -l)"
	else
		art=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
		grep -E '^(==[0-9]+==ERROR|SUMMARY|.*runtime error)' "$log" | head -5 | sed 's/^/# /'
		echo "not ok $n fuzz_$name # status $rc, crash file ${art:-none} (log $log)"
		fail=1
	fi
done
exit $fail
