#!/usr/bin/env bash
# linux_run.sh - trace a workload on the companion Linux and draw it (the
# Linux half of make trace).
#
#   tests/trace/linux_run.sh TOPO SCENARIO [OUTDIR]
#
# The workload is user/etc/SCENARIO.sh, the script our kernel's shell runs
# (tests/trace/kernel_run.sh), turned into init commands of
# sched/linux/init/init.c, one per line:
#   PROG ARGS [&]   run:PROG:ARGS when PROG is a workload built for Linux
#                   (build/user-linux/); `&` is dropped: init runs one
#                   command after the other
#   trace X         trace:X (ftrace: start, stop, dump)
#   echo WORD ...   echo:WORD (the first word)
#   poweroff        nothing (init leaves QEMU after its last command)
# Other lines (the shell's builtins and our kernel's own commands: top, rq,
# schedstat, wait, where, sleep ...) are left out and listed. A script
# without `trace start` is traced whole: trace:start before its first
# command, trace:stop and trace:dump after its last.
#
# sched/linux/run.sh boots the shape (building the kernel and initramfs if
# needed: a cold kernel build takes about 7 minutes) with a second serial
# port written to OUTDIR/linux-TOPO-SCENARIO.txt, where init's trace:dump
# puts the `topo:` lines and the ftrace text; build/tools/tracevis draws
# it as .json and .svg beside it. The console is in .log.
#
# SCX=1 (with LINUX_VERSION=6.12): under scx_d7, the teaching kernel's
# policy as a BPF scheduler (sched/linux/scx/): init starts its loader in
# the background and waits for sched_ext to run it (scx:d7) before the
# commands, and checks again after trace:stop that it still does (not
# ejected), or the run fails.
#
# Environment: TRACE_TIMEOUT (s, default 240), and run.sh's (BZIMAGE...).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
topo=${1:?usage: linux_run.sh TOPO SCENARIO [OUTDIR]}
scenario=${2:?usage: linux_run.sh TOPO SCENARIO [OUTDIR]}
out=${3:-$top/build/trace}
base=$out/linux-$topo-$scenario
script=$top/user/etc/$scenario.sh

if [ ! -f "$script" ]; then
	echo "linux_run.sh: no scenario '$scenario' (user/etc/$scenario.sh)" >&2
	exit 2
fi
if [ -n "${SCX:-}" ] && [ "${LINUX_VERSION:-6.1}" != 6.12 ]; then
	echo "linux_run.sh: SCX=1 needs LINUX_VERSION=6.12 (6.1 has no sched_ext)" >&2
	exit 2
fi
mkdir -p "$out"
make -s -C "$top" user-linux build/tools/tracevis >&2 || exit 1

mapfile -t cmds < <(awk -v progs="$top/build/user-linux" '
	/^[ \t]*(#|$)/ || $1 == "poweroff" { next }
	$1 == "trace" { print "trace:" $2; next }
	$1 == "echo" { print "echo:" $2; next }
	{
		if ($NF == "&") NF--
		if (system("test -x \"" progs "/" $1 "\"") == 0) {
			$1 = $1; gsub(/ /, ":"); print "run:" $0
		} else {
			print "skip:" $0
		}
	}' "$script")
run=()
skipped=()
for c in "${cmds[@]}"; do
	case $c in
	skip:*) skipped+=("${c#skip:}") ;;
	*) run+=("$c") ;;
	esac
done
if ! printf '%s\n' "${run[@]}" | grep -qx 'trace:start'; then
	run=(trace:start "${run[@]}" trace:stop trace:dump)
fi
if [ -n "${SCX:-}" ]; then
	scx=()
	for c in "${run[@]}"; do
		scx+=("$c")
		[ "$c" = trace:stop ] && scx+=(scx:d7)
	done
	run=(bg:run:scx_d7 scx:d7 "${scx[@]}")
fi
[ ${#skipped[@]} -eq 0 ] ||
	echo "linux_run.sh: left out on Linux (not workloads):$(printf ' [%s]' "${skipped[@]}")"

rm -f "$base.txt"
echo "tracing ${run[*]} on Linux, $topo (console: $base.log)"
TRACE_FILE=$base.txt LINUX_TIMEOUT=${TRACE_TIMEOUT:-240} \
	"$top/sched/linux/run.sh" "$topo" "${run[@]}" </dev/null >"$base.log" 2>&1
rc=$?
if [ $rc -ne 0 ]; then
	echo "linux_run.sh: sched/linux/run.sh exited $rc; the console's end:" >&2
	tr -d '\r' <"$base.log" | tail -5 >&2
fi
if ! grep -q ' sched_switch: ' "$base.txt" 2>/dev/null; then
	echo "linux_run.sh: no ftrace events in $base.txt" >&2
	exit 1
fi
tr -d '\r' <"$base.log" | grep -a '^init: trace: .* dumped'
# The version the console's banner names (LINUX_VERSION picks the tree).
version=$("$top/sched/linux/version.sh" "$base.log")${SCX:+ + scx_d7}
"$top/build/tools/tracevis" -j "$base.json" -s "$base.svg" \
	--title "$scenario on $topo (Linux ${version:-?})" "$base.txt" || exit 1
echo "wrote $base.json (ui.perfetto.dev) and $base.svg"
exit $rc
