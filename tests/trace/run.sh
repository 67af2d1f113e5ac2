#!/usr/bin/env bash
# run.sh OUT - the tracevis suite (TAP), run by `make test-trace`.
#
# OUT holds the sanitizer builds from mk/trace.mk: test_trace, tracevis-san,
# tracegen-san, pngcolors. Checks, in order:
#   1. the unit tests (tests/trace/test_trace.c), renumbered into this plan
#   2. tracegen dumps of several shapes, both formats, drawn without a
#      complaint; the JSON parses (python3 -m json.tool, used only as a JSON
#      validator), the SVG is well-formed XML (xmllint) and has one lane per
#      CPU of the shape
#   3. the hand-written samples and bad input (missing, empty, binary file),
#      and --stats on a sample whose numbers are known
#   4. the HTML page rendered by headless Chromium: the DOM holds both SVGs'
#      bars, and the screenshot shows every hog's colour and the red of
#      cross-node migrations (tests/trace/pngcolors.c counts the pixels)
# Everything it writes goes to OUT/test/. About 10 s.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
out=$(cd "${1:?usage: run.sh OUT}" && pwd)
work=$out/test
rm -rf "$work" && mkdir -p "$work"
vis=$out/tracevis-san
gen=$out/tracegen-san
n=0

ok() { n=$((n + 1)); echo "ok $n $1"; }
notok() { n=$((n + 1)); echo "not ok $n $1"; shift; for l in "$@"; do echo "# $l"; done; }
skip() { n=$((n + 1)); echo "ok $n $1 # SKIP $2"; }

# 1. Unit tests, renumbered.
while IFS= read -r line; do
	case "$line" in
	"ok "*) ok "${line#ok [0-9]* }" ;;
	"not ok "*) notok "${line#not ok [0-9]* }" ;;
	"#"*) echo "$line" ;;
	esac
done < <("$out/test_trace" tests/trace 2>&1)

# 2. Generated dumps of several shapes, in both formats.
json_ok() { python3 -m json.tool "$1" > /dev/null 2>&1; }
for shape in up 1n4c 2n2c2t 2n3c2t 4n2c2t 2n-split; do
	for fmt in ours linux; do
		name=render_${shape}_$fmt
		base=$work/$shape-$fmt
		flag=; [ "$fmt" = linux ] && flag=--linux
		if ! "$gen" $flag "$shape" hogs > "$base.txt" 2> "$base.gen.err"; then
			notok "$name" "tracegen failed: $(head -3 "$base.gen.err")"
			continue
		fi
		if ! "$vis" -j "$base.json" -s "$base.svg" "$base.txt" 2> "$base.err"; then
			notok "$name" "tracevis failed: $(head -5 "$base.err")"
			continue
		fi
		cpus=$(grep -m1 '^topo: cpus=' "$base.txt" | sed 's/.*cpus=\([0-9]*\).*/\1/')
		lanes=$(grep -c 'class="lane"' "$base.svg")
		why=()
		grep -q 'malformed\|unknown kind' "$base.err" && why+=("$(cat "$base.err")")
		json_ok "$base.json" || why+=("JSON does not parse")
		xmllint --noout "$base.svg" 2> "$base.xml.err" ||
			why+=("SVG not well-formed: $(head -2 "$base.xml.err")")
		[ "$lanes" = "$cpus" ] || why+=("$lanes lanes for $cpus CPUs")
		grep -q '"ph":"X"' "$base.json" || why+=("no slices in the JSON")
		if [ ${#why[@]} -eq 0 ]; then ok "$name"; else notok "$name" "${why[@]}"; fi
	done
done

# 3. The samples, and bad input: a message, never a crash.
check_run() {	# name, expected status, stderr pattern, tracevis args...
	local name=$1 want=$2 pat=$3 rc
	shift 3
	"$vis" "$@" > "$work/$name.out" 2> "$work/$name.err"
	rc=$?
	if [ "$rc" = "$want" ] && grep -q -- "$pat" "$work/$name.err"; then
		ok "$name"
	else
		notok "$name" "status $rc (want $want), stderr:" "$(head -5 "$work/$name.err")"
	fi
}
check_run sample_ours 0 '13 events, 2 tasks, 4 CPUs, 2 runqueues' \
	-j "$work/so.json" -s "$work/so.svg" tests/trace/ours-small.txt
check_run sample_ours_lost 0 '4 events lost on 1 CPUs' \
	-s "$work/so2.svg" tests/trace/ours-small.txt
check_run sample_ftrace 0 '1 malformed lines skipped' \
	-j "$work/sf.json" -s "$work/sf.svg" tests/trace/ftrace-small.txt
check_run sample_ftrace_forced_ours 0 'no trace events found' \
	--format ours -s "$work/sf2.svg" tests/trace/ftrace-small.txt
check_run missing_file 2 'cannot open' -s "$work/x.svg" "$work/does-not-exist"
: > "$work/empty.txt"
check_run empty_file 0 'no trace events found' -j "$work/e.json" -s "$work/e.svg" \
	"$work/empty.txt"
check_run binary_file 0 'lines' -j "$work/b.json" -s "$work/b.svg" "$vis"
check_run usage 2 'usage' -j "$work/u.json"
check_run unwritable 1 'cannot create' -s /nonexistent/dir/x.svg tests/trace/ours-small.txt
# --stats on a sample whose numbers are known (its two stretches of a
# thread idling while a task waits on its core: 1-3 ms and 6-7 ms).
check_run stats_sample 0 '8 events, 2 tasks, 2 CPUs, 1 runqueues' \
	--stats tests/trace/stats-small.txt
want="stats: tests/trace/stats-small.txt long_stretch core=0 from_ms=1.0 to_ms=3.0
stats: tests/trace/stats-small.txt long_stretch core=0 from_ms=6.0 to_ms=7.0
stats: tests/trace/stats-small.txt idle_beside_waiting_ms=3.0 stretches=2 long_stretches=2
stats: tests/trace/stats-small.txt hops_in_core=2 hops_across_cores=0
stats: tests/trace/stats-small.txt comm=hog tasks=2 run_ms=7,4"
if [ "$(cat "$work/stats_sample.out")" = "$want" ]; then
	ok stats_numbers
else
	notok stats_numbers "got:" "$(cat "$work/stats_sample.out")"
fi
why=()
for f in so sf e b; do
	[ -f "$work/$f.json" ] && json_ok "$work/$f.json" || why+=("$f.json does not parse")
done
for f in so sf e b; do
	xmllint --noout "$work/$f.svg" 2>/dev/null || why+=("$f.svg not well-formed")
done
if [ ${#why[@]} -eq 0 ]; then ok outputs_of_odd_input_valid; else notok outputs_of_odd_input_valid "${why[@]}"; fi

# 4. The page in a real browser.
page=$work/page.html
"$gen" 2n2c2t hogs > "$work/ours.txt"
"$gen" --linux 2n2c2t hogs > "$work/linux.txt"
if "$vis" --page "$page" --left "$work/ours.txt" --right "$work/linux.txt" \
	--title "8 hogs on 2n2c2t" 2> "$work/page.err"; then
	ok page_written
else
	notok page_written "$(cat "$work/page.err")"
fi
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$browser" ]; then
	skip page_dom "chromium not installed (scripts/deps.sh)"
	skip page_pixels "chromium not installed (scripts/deps.sh)"
else
	chrome() {	# the flags that keep a headless run quiet and offline
		local prof
		prof=$(mktemp -d)
		timeout 60 "$browser" --headless --no-sandbox --disable-gpu \
			--disable-quic --no-first-run --disable-background-networking \
			--disable-component-update --disable-sync --hide-scrollbars \
			--user-data-dir="$prof" "$@" 2> "$work/chromium.log"
		local rc=$?
		rm -rf "$prof"
		return $rc
	}
	chrome --dump-dom "file://$page" > "$work/dom.html"
	want=$(grep -o 'class="slice"' "$page" | wc -l)
	got=$(grep -o 'class="slice"' "$work/dom.html" | wc -l)
	svgs=$(grep -o '<svg ' "$work/dom.html" | wc -l)
	if [ "$want" -gt 0 ] && [ "$got" = "$want" ] && [ "$svgs" = 2 ]; then
		ok page_dom
	else
		notok page_dom "DOM has $got slice bars in $svgs SVGs, the page $want in 2"
	fi
	# The left SVG's legend: the eight hogs' colours (they run longest).
	colors=$(sed -n '/<section id="left"/,/<\/section>/p' "$page" |
		grep -o 'class="legend-task" data-pid="[0-9]*" x="[0-9]*" y="[0-9]*" width="14" height="12" fill="#[0-9a-f]*"' |
		head -8 | sed 's/.*fill="\(#[0-9a-f]*\)"/\1/')
	chrome --screenshot="$work/page.png" --window-size=1920,1100 "file://$page" > /dev/null
	if [ ! -s "$work/page.png" ]; then
		notok page_pixels "no screenshot: $(tail -3 "$work/chromium.log")"
	else
		# shellcheck disable=SC2086
		"$out/pngcolors" "$work/page.png" $colors '#d40000' > "$work/pixels.txt"
		why=()
		[ "$(echo "$colors" | wc -w)" = 8 ] || why+=("legend lists $(echo "$colors" | wc -w) hogs, want 8")
		while read -r c count; do
			min=200; [ "$c" = '#d40000' ] && min=20
			[ "$count" -ge "$min" ] || why+=("colour $c: $count pixels, want >= $min")
		done < "$work/pixels.txt"
		if [ ${#why[@]} -eq 0 ]; then ok page_pixels; else notok page_pixels "${why[@]}"; fi
	fi
fi
echo "1..$n"
