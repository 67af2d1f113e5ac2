#!/usr/bin/env bash
# kernel_trace.sh - the kernel's trace dump, read by the host renderer.
#
#   tests/trace/kernel_trace.sh
#
# Boots build/kernel.elf on 2n2c2t with `ktest trace`: trace_records_switches
# (kernel/tests/trace_test.c) runs one worker pinned to each CPU under tracing and
# dumps the trace to COM2, which scripts/qemu.sh writes to a file
# (TRACE_FILE). Checks: every ktest passed; the console got no trace lines;
# build/tools/tracevis parses the dump with nothing malformed or unknown
# and draws JSON and SVG; every CPU of the topo: report recorded events;
# the merged dump is in time order; then 1n2c2t without COM2: the dump
# falls back to the console and still parses; then user/etc/balance.sh on
# 2n2c2t with `trace` (tests/trace/kernel_run.sh, what `make trace` does):
# the dump at power off holds every kind of event a workload makes, and
# exec lines name the program exec'd.
#
# TAP on stdout; files in build/tests/trace-kernel/.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../boot/lib.sh
. "$top/tests/boot/lib.sh"
TRACEVIS=${TRACEVIS:-$top/build/tools/tracevis}
out=$top/build/tests/trace-kernel
BOOT_TIMEOUT=${BOOT_TIMEOUT:-120}
n=0

ok() {	# ok COND-STATUS NAME [diagnostic]
	n=$((n + 1))
	if [ "$1" -eq 0 ]; then
		echo "ok $n $2${3:+ # $3}"
	else
		echo "not ok $n $2${3:+ # $3}"
	fi
}

# Lines of FILE that are trace events (the dump may have CRs on COM1).
events() { tr -d '\r' <"$1" | grep -E '^trace: t=' ; }

# tracevis FILE NAME: draw it; 0 when it parsed with nothing skipped.
draw() {
	local f=$1 name=$2 rc
	"$TRACEVIS" -j "$out/$name.json" -s "$out/$name.svg" \
		--title "kernel trace ($name)" "$f" 2>"$out/$name.tracevis"
	rc=$?
	if [ $rc -ne 0 ]; then
		echo "# tracevis exited $rc"
		return 1
	fi
	if grep -qE 'malformed|unknown kind|no trace events' "$out/$name.tracevis"; then
		sed 's/^/# /' "$out/$name.tracevis"
		return 1
	fi
	[ -s "$out/$name.json" ] && [ -s "$out/$name.svg" ]
}

rm -rf "$out"
mkdir -p "$out"

# ---- 2n2c2t, dump on COM2 ----------------------------------------------------
dir=$out/2n2c2t
trace=$dir/trace.txt
mkdir -p "$dir"
TRACE_FILE=$trace boot_kernel "$dir" 2n2c2t "ktest trace"
rc=$(cat "$dir/rc")
ok "$([ "$rc" = "$EXIT_PASS" ]; echo $?)" "2n2c2t_ktests_pass" \
	"QEMU $rc: $(exit_meaning "$rc"); $(cat "$dir/secs") s"
grep -E '^# trace_(cost|records)' "$dir/serial.log" | tr -d '\r'

nev=$(events "$trace" 2>/dev/null | wc -l)
ok "$([ "$nev" -gt 0 ]; echo $?)" "2n2c2t_dump_on_com2" "$nev events in the COM2 file"
leak=$(grep -c '^trace: t=' "$dir/serial.log")
ok "$([ "$leak" -eq 0 ]; echo $?)" "2n2c2t_console_clean" "$leak trace lines on COM1"

draw "$trace" 2n2c2t
ok $? "2n2c2t_tracevis_parses" "$(head -1 "$out/2n2c2t.tracevis" | sed 's/^tracevis: [^:]*: //')"

# Every CPU the topo: report names recorded something.
ncpus=$(sed -n 's/^topo: cpus=\([0-9]*\) .*/\1/p' "$trace" | head -1)
seen=$(events "$trace" | sed -n 's/^trace: t=[0-9]* cpu=\([0-9]*\) .*/\1/p' | sort -un)
missing=""
for ((c = 0; c < ${ncpus:-0}; c++)); do
	grep -qx "$c" <<<"$seen" || missing="$missing $c"
done
ok "$([ -n "$ncpus" ] && [ "$ncpus" -gt 1 ] && [ -z "$missing" ]; echo $?)" \
	"2n2c2t_events_every_cpu" "cpus=${ncpus:-none}${missing:+, none on:$missing}"

# The dump merges the rings: t never goes back.
back=$(events "$trace" | sed 's/^trace: t=\([0-9]*\) .*/\1/' |
	awk 'NR > 1 && $1 < last { bad++ } { last = $1 } END { print bad + 0 }')
ok "$([ "$back" -eq 0 ] && [ "$nev" -gt 0 ]; echo $?)" "2n2c2t_time_ordered" \
	"$back steps back"

# ---- 1n2c2t without COM2: the console gets the dump --------------------------
dir=$out/1n2c2t-console
boot_kernel "$dir" 1n2c2t "ktest trace"
rc=$(cat "$dir/rc")
nev=$(events "$dir/serial.log" | wc -l)
ok "$([ "$rc" = "$EXIT_PASS" ] && [ "$nev" -gt 0 ]; echo $?)" \
	"no_com2_dump_on_console" "QEMU $rc: $(exit_meaning "$rc"); $nev events on COM1"
draw "$dir/serial.log" 1n2c2t-console
ok $? "no_com2_tracevis_parses" \
	"$(head -1 "$out/1n2c2t-console.tracevis" | sed 's/^tracevis: [^:]*: //')"

# ---- a workload traced to its power off ---------------------------------------
"$top/tests/trace/kernel_run.sh" 2n2c2t balance "$out" >"$out/balance.run" 2>&1
rc=$?
f=$out/kernel-2n2c2t-balance.txt
ok $rc "balance_traced_and_drawn" "$(grep -h 'dumped\|tracevis:' "$out/balance.run" | head -2 | tr '\n' ' ')"
kinds=$(events "$f" 2>/dev/null | sed -n 's/.* ev=\([a-z]*\) .*/\1/p' | sort | uniq -c |
	awk '{ printf "%s%s=%s", sep, $2, $1; sep = " " }')
absent=""
for k in switch wakeup migrate fork exec exit; do
	grep -qw "$k" <<<"$kinds" || absent="$absent $k"
done
ok "$([ -z "$absent" ]; echo $?)" "balance_every_event_kind" "$kinds${absent:+; none of:$absent}"
execs=$(events "$f" 2>/dev/null | grep ' ev=exec ' | sed -n 's/.* comm=\([^ ]*\).*/\1/p' | sort -u | tr '\n' ' ')
ok "$(grep -qw spin <<<"$execs" && ! grep -q '?' <<<"$execs"; echo $?)" \
	"balance_exec_names" "exec'd: $execs"
draw "$f" balance
ok $? "balance_tracevis_parses" "$(head -1 "$out/balance.tracevis" | sed 's/^tracevis: [^:]*: //')"
exit 0
