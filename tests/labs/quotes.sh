#!/usr/bin/env bash
# quotes.sh [ANSWERS] - check the teacher's key (docs/answers.md) against
# the labs: every `labN step K: TEXT` quote must be part of a line of that
# step's ```output excerpt, every `EXPR = R` must compute (quotes.awk says
# how). The excerpts are the one source of a run's numbers: run.sh checks
# them against the real output, excerpts.sh refreshes them from it and then
# runs this to name each quote of the key left behind. One unnumbered TAP
# line per lab section of the key; status 1 when a quote is wrong.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
answers=${1:-$top/docs/answers.md}
cd "$top"
for md in $("$here/labs.sh" .); do
	n=$(basename "$md" | sed -nE 's/^lab([0-9]+).*/\1/p')
	awk -f "$here/extract.awk" "$md" | sed "s/^/$n /"
done | awk -f "$here/words.awk" -f "$here/quotes.awk" - "${answers#"$top"/}"
