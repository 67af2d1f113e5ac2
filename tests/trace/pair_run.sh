#!/usr/bin/env bash
# pair_run.sh - make trace: one workload traced on both kernels and drawn
# side by side on one page.
#
#   tests/trace/pair_run.sh TOPO SCENARIO [OUTDIR]
#
# Runs tests/trace/kernel_run.sh (our kernel) and tests/trace/linux_run.sh
# (the companion Linux, ftrace) at the same time, each on shape TOPO with
# user/etc/SCENARIO.sh, then build/tools/tracevis --page writes
# OUTDIR/TOPO-SCENARIO.html: both SVG timelines, ours on the left, on one
# time scale. Each side's files stay beside it: kernel-TOPO-SCENARIO.* and
# linux-TOPO-SCENARIO.* (.txt the trace, .log the console, .json, .svg).
#
# When one side fails, the other still has its own .svg, no page is
# written, and the status is 1.
# LINUX=0 skips Linux (our kernel only, as before the Linux half existed).
# SCX=1 (LINUX_VERSION=6.12): the Linux side under scx_d7 (linux_run.sh).
# Environment: TRACE_TIMEOUT (s per boot), passed on.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
topo=${1:?usage: pair_run.sh TOPO SCENARIO [OUTDIR]}
scenario=${2:?usage: pair_run.sh TOPO SCENARIO [OUTDIR]}
out=${3:-$top/build/trace}
ours=$out/kernel-$topo-$scenario
linux=$out/linux-$topo-$scenario
page=$out/$topo-$scenario.html

mkdir -p "$out"
if [ "${LINUX:-1}" = 0 ]; then
	exec "$here/kernel_run.sh" "$topo" "$scenario" "$out"
fi
# Linux first: it may have to build its kernel (minutes) and boots slower.
"$here/linux_run.sh" "$topo" "$scenario" "$out" >"$linux.run" 2>&1 &
lpid=$!
"$here/kernel_run.sh" "$topo" "$scenario" "$out"
krc=$?
wait $lpid
lrc=$?
sed 's/^/linux: /' "$linux.run"

[ $krc -eq 0 ] || echo "pair_run.sh: our kernel's side failed ($krc)" >&2
[ $lrc -eq 0 ] || echo "pair_run.sh: the Linux side failed ($lrc; $linux.run)" >&2
if [ $krc -ne 0 ] || [ $lrc -ne 0 ]; then
	exit 1
fi
version=$("$top/sched/linux/version.sh" "$linux.log")${SCX:+ + scx_d7}
"$top/build/tools/tracevis" --page "$page" --left "$ours.txt" --right "$linux.txt" \
	--title "$scenario on $topo: this kernel and Linux ${version:-?}" \
	--left-title "this kernel (trace dump)" \
	--right-title "Linux ${version:-?} (ftrace)" || exit 1
echo "wrote $page"
