#!/usr/bin/env bash
# scale.sh OUTDIR - where the 2.5.59 design stops scaling (make bench-sched;
# docs/lab6-scaling.md reads the table). Runs the loads of
# tests/sched/scale/ on generated shapes of 8 to 1024 CPUs in 1 to 64 nodes
# (docs/formats.md), SMT and not, with schedsim --scale: the runqueues the
# real sched/ code scans and the runqueue locks it takes in the tick, per
# simulated second (sched/sim/count.h). Prints the markdown table and
# writes OUTDIR/scale.svg (work per tick against CPUs). Deterministic: two
# runs print the same numbers.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: scale.sh OUTDIR}
cd "$top"
# 8, 64, 256 and 1024 CPUs in 1, 4, 16 and 64 nodes, without SMT and with
# two threads a core (runqueues shared by the two, as D7 does).
shapes="1n8c1t 1n4c2t 4n16c1t 4n8c2t 16n16c1t 16n8c2t 64n16c1t 64n8c2t"
# The window --scale counts: the last 400 ms (a whole period of the busy
# intervals), or the whole run when it is shorter (idle.scn says why).
window=400
for scn in idle half over; do
	f=tests/sched/scale/$scn.scn
	d=$(awk '$1 == "duration" { print $2 }' "$f")
	w=$(( d < window ? d : window ))
	for s in $shapes; do
		"$out/schedsim" --no-check --scale "$w" --topo "gen:$s" "$f"
	done
done > "$out/scale.lines"
grep '^scale:' "$out/scale.lines" | "$out/scaletab" "$out/scale.svg"
