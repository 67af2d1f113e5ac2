#!/usr/bin/env bash
# summary.sh [FILE.tap...] - add up build/results/*.tap (or the files
# given); print the failures, for the whole of build/results the wall time
# of each suite (NAME.secs, from run-suite.sh), and the closing line
# "N passed, N failed[, N skipped]"; exit 1 if anything failed.
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
if [ $# -eq 0 ]; then
	for f in "${files[@]}"; do
		[ -f "${f%.tap}.secs" ] && echo "$(basename "$f" .tap) $(cat "${f%.tap}.secs")"
	done | sort -k2,2nr | awk '
		{ t += $2; s = s sprintf("%s%s %d s", NR > 1 ? ", " : "", $1, $2) }
		END { if (NR) printf "time: %d s summed over the suites (two host suites run at once), the longest first: %s\n", t, s }'
fi
if [ "$skip" -gt 0 ]; then
	echo "$pass passed, $fail failed, $skip skipped"
else
	echo "$pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
