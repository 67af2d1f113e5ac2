#!/usr/bin/env bash
# pair_test.sh - make trace for exec-spread on 2n2c2t, both kernels, and
# the side-by-side page checked in headless Chromium (test-trace-pair).
#
#   tests/trace/pair_test.sh OUT     (OUT: mk/trace.mk's build/trace, which
#                                     holds pngcolors)
#
# Runs tests/trace/pair_run.sh 2n2c2t exec-spread (what `make trace` does)
# into build/tests/trace-pair/. user/etc/exec-spread.sh runs the shell's
# `trace` command around `execer 4 400` on our kernel; on Linux the same
# lines become init's trace:start, run:execer:4:400, trace:stop, trace:dump.
# Checks, as TAP:
#   shell_trace_*  our kernel, the shell's `trace` command: start answers,
#                  stop and dump print a count line per CPU of the shape
#                  and a total, the dump went to COM2 (the number of lines
#                  the shell reports is what the COM2 file holds, and no
#                  event line reached the console), and the dump holds the
#                  workload: its fork, the four children's exec as execer,
#                  their switches, as many events as the shell counted
#   linux_ftrace   Linux's dump: its topo: lines and the sched_* events of
#                  the workload (the five execs of /bin/execer)
#   page_*         the page (tracevis --page) rendered by Chromium: the DOM
#                  holds two timelines, each with a lane for every CPU and
#                  bars of execer's five tasks; a 1920-pixel screenshot
#                  shows the left timeline's execer colours in the left half
#                  and the right one's in the right half (side by side),
#                  each task's colour and, all of them, more than the
#                  legend's squares would make
# Without Linux (sched/linux/build.sh fails: no kernel source) the Linux
# and page checks are skipped; without Chromium the page checks are.
# About 60-90 s with Linux built (both boots run at once).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
bin=$(cd "${1:?usage: pair_test.sh OUT}" && pwd)
out=$top/build/tests/trace-pair
topo=2n2c2t
scenario=exec-spread
ours=$out/kernel-$topo-$scenario
linux=$out/linux-$topo-$scenario
page=$out/$topo-$scenario.html
n=0

ok() {	# ok STATUS NAME [diagnostic]
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then echo "ok $n $2${3:+ # $3}"; else echo "not ok $n $2${3:+ # $3}"; fi
}
skip() { n=$((n + 1)); echo "ok $n $1 # SKIP $2"; }

rm -rf "$out"
mkdir -p "$out"
have_linux=1
if ! "$top/sched/linux/build.sh" >"$out/linux-build.log" 2>&1; then
	have_linux=0
	why="no companion Linux: $(tail -1 "$out/linux-build.log")"
fi
start=$(date +%s)
LINUX=$have_linux TRACE_TIMEOUT=${TRACE_TIMEOUT:-150} \
	"$top/tests/trace/pair_run.sh" "$topo" "$scenario" "$out" >"$out/run.log" 2>&1
rc=$?
secs=$(($(date +%s) - start))
[ $rc -eq 0 ] || sed 's/^/# /' "$out/run.log" | tail -12

# ---- our kernel: the shell's trace command ---------------------------------
con=$out/console.txt
tr -d '\r' <"$ours.log" >"$con" 2>/dev/null
ncpus=$(sed -n 's/^topo: cpus=\([0-9]*\) .*/\1/p' "$ours.txt" 2>/dev/null | head -1)
ok "$(grep -A1 -x '\$ trace start' "$con" | grep -qx 'tracing on every CPU'; echo $?)" \
	shell_trace_start "booted in $secs s with the Linux side"

# The count table after "$ trace CMD": a row per CPU, then "all E D".
table() {
	awk -v cmd="\$ trace $1" '
	$0 == cmd { on = 1; next }
	/^\$ / { on = 0 }
	on && /^ *[0-9]+ +[0-9]+ +[0-9]+$/ { rows++ }
	on && /^all / { print rows + 0, $2, $3; exit }' "$con"
}
read -r srows sevents sdropped <<<"$(table stop)"
read -r drows devents ddropped <<<"$(table dump)"
ok "$([ -n "$ncpus" ] && [ "${srows:-0}" = "$ncpus" ] && [ "${drows:-0}" = "$ncpus" ] &&
	[ "${sevents:-0}" -gt 0 ] && [ "$sevents" = "$devents" ]; echo $?)" \
	shell_trace_counts_per_cpu \
	"cpus=${ncpus:-?}: stop ${srows:-0} rows, $sevents events, ${sdropped:-?} dropped; dump ${drows:-0} rows, $devents events"

said=$(sed -n 's/^trace dump: \([0-9]*\) lines to .*/\1/p' "$con" | head -1)
lines=$(tr -d '\r' <"$ours.txt" 2>/dev/null | grep -cE '^(topo|trace): ')
leak=$(grep -c '^trace: t=' "$con")
ok "$([ -n "$said" ] && [ "$said" = "$lines" ] && [ "$leak" -eq 0 ]; echo $?)" \
	shell_trace_dump_on_com2 "shell said ${said:-nothing}, COM2 has $lines lines, $leak on the console"

ev() { tr -d '\r' <"$ours.txt" 2>/dev/null | grep -E '^trace: t=' ; }
nev=$(ev | wc -l)
execs=$(ev | grep ' ev=exec ' | grep -c ' comm=execer')
forks=$(ev | grep -c ' ev=fork ')
runs=$(ev | grep ' ev=switch ' | grep -c ' comm=execer')
ok "$([ "$execs" -ge 4 ] && [ "$forks" -ge 4 ] && [ "$runs" -ge 5 ] &&
	[ "$nev" = "${sevents:-x}" ]; echo $?)" shell_trace_workload_events \
	"$nev events (shell counted ${sevents:-?}): $execs exec as execer, $forks fork, $runs switches to execer"

# ---- Linux -------------------------------------------------------------------
if [ $have_linux = 0 ]; then
	skip linux_ftrace "$why"
else
	ltopo=$(grep -c '^topo: cpu=' "$linux.txt" 2>/dev/null)
	lexec=$(grep -c ' sched_process_exec: filename=/bin/execer ' "$linux.txt" 2>/dev/null)
	lsw=$(grep -c ' sched_switch: ' "$linux.txt" 2>/dev/null)
	ok "$([ "$ltopo" = "${ncpus:-x}" ] && [ "$lexec" -ge 5 ] && [ "$lsw" -gt 0 ]; echo $?)" \
		linux_ftrace "$ltopo topo: cpu lines, $lexec execs of /bin/execer, $lsw switches"
fi

# ---- the page ------------------------------------------------------------------
browser=$(command -v chromium || command -v chromium-browser || true)
if [ $have_linux = 0 ]; then
	for t in page_written page_dom_lanes_and_tasks page_side_by_side; do skip $t "$why"; done
	echo "1..$n"
	exit 0
fi
ok "$([ -s "$page" ]; echo $?)" page_written "$page"
if [ -z "$browser" ]; then
	skip page_dom_lanes_and_tasks "chromium not installed (scripts/deps.sh)"
	skip page_side_by_side "chromium not installed (scripts/deps.sh)"
	echo "1..$n"
	exit 0
fi
chrome() {	# the flags that keep a headless run quiet and offline
	local prof rc
	prof=$(mktemp -d)
	timeout 60 "$browser" --headless --no-sandbox --disable-gpu \
		--disable-quic --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync --hide-scrollbars \
		--user-data-dir="$prof" "$@" 2>>"$out/chromium.log"
	rc=$?
	rm -rf "$prof"
	return $rc
}
chrome --dump-dom "file://$page" >"$out/dom.html"
# One section of the DOM, as Chromium serialized it.
section() { sed -n "/<section id=\"$1\"/,/<\/section>/p" "$out/dom.html"; }
why=()
for side in left right; do
	section $side >"$out/dom-$side.html"
	lanes=$(grep -o 'class="lane" data-cpu="[0-9]*"' "$out/dom-$side.html" | sort -u | wc -l)
	tasks=$(grep -o 'data-pid="[0-9]*"[^>]*><title>execer (pid' "$out/dom-$side.html" |
		sed 's/data-pid="\([0-9]*\)".*/\1/' | sort -u | wc -l)
	[ "$lanes" = "${ncpus:-x}" ] || why+=("$side: $lanes lanes, want ${ncpus:-?}")
	[ "$tasks" -ge 5 ] || why+=("$side: bars of $tasks execer tasks, want 5")
	echo "# $side: $lanes CPU lanes, bars of $tasks execer tasks"
done
[ "$(grep -c '<svg ' "$out/dom.html")" -ge 2 ] || why+=("fewer than 2 SVGs in the DOM")
ok "$([ ${#why[@]} -eq 0 ]; echo $?)" page_dom_lanes_and_tasks "${why[*]:-}"

# The execer tasks' colours, from each side's legend in the page.
colours() {
	sed -n "/<section id=\"$1\"/,/<\/section>/p" "$page" |
		grep -o 'class="legend-task" data-pid="[0-9]*" [^>]*fill="#[0-9a-f]*"/><text[^>]*>execer ' |
		sed 's/.*fill="\(#[0-9a-f]*\)".*/\1/'
}
chrome --screenshot="$out/page.png" --window-size=1920,1400 "file://$page" >/dev/null
why=()
if [ ! -s "$out/page.png" ]; then
	why+=("no screenshot: $(tail -1 "$out/chromium.log")")
else
	for side in left right; do
		cols=0-959
		[ $side = right ] && cols=960-1919
		# Past 20 tasks two may share a colour (svg.c): count the
		# legend's execer entries, then each distinct colour.
		entries=$(colours $side | wc -l)
		mapfile -t want < <(colours $side | sort -u)
		[ "$entries" -ge 5 ] || why+=("$side legend: $entries execer tasks")
		[ ${#want[@]} -gt 0 ] || continue
		sum=0
		while read -r c count; do
			[ "$count" -ge 100 ] || why+=("$side half: $c has $count pixels")
			sum=$((sum + count))
		done < <("$bin/pngcolors" --cols $cols "$out/page.png" "${want[@]}")
		# The legend squares are 168 pixels each; the children's bars,
		# 400 ms of a timeline about a second long, thousands.
		[ $sum -ge 4000 ] || why+=("$side half: execer's colours cover $sum pixels")
		echo "# $side half: ${#want[@]} execer colours, $sum pixels"
	done
fi
ok "$([ ${#why[@]} -eq 0 ]; echo $?)" page_side_by_side "${why[*]:-}"
echo "1..$n"
