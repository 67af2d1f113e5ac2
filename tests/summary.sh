#!/usr/bin/env bash
# summary.sh [FILE.tap...] - add up build/results/*.tap (or the files
# given); print the failures and the closing line "N passed, N failed[, N
# skipped]"; exit 1 if anything failed.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
shopt -s nullglob
if [ $# -gt 0 ]; then files=("$@"); else files=("$top"/build/results/*.tap); fi
if [ ${#files[@]} -eq 0 ]; then
	echo "summary: no results in build/results"
	echo "0 passed, 1 failed"
	exit 1
fi
pass=0 fail=0 skip=0
for f in "${files[@]}"; do
	suite=$(basename "$f" .tap)
	while IFS= read -r line; do
		case "$line" in
		"not ok "*) fail=$((fail + 1)); echo "FAIL [$suite] ${line#not ok }" ;;
		*"# SKIP"*) skip=$((skip + 1)) ;;
		"ok "*) pass=$((pass + 1)) ;;
		esac
	done < "$f"
done
if [ "$skip" -gt 0 ]; then
	echo "$pass passed, $fail failed, $skip skipped"
else
	echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
