#!/usr/bin/env bash
# kernel_run.sh - trace a workload on our kernel and draw it (make trace).
#
#   tests/trace/kernel_run.sh TOPO SCENARIO [OUTDIR]
#
# Boots build/kernel.elf with the initrd on shape TOPO (tests/topologies),
# command line `trace -- /etc/SCENARIO.sh`: init runs the script (user/etc/)
# and powers off, and power off dumps the trace to COM2 (kernel/trace.h),
# which goes to OUTDIR/kernel-TOPO-SCENARIO.txt. A script that runs the
# shell's `trace start` itself (exec-spread.sh) traces only its workload:
# it is booted without the `trace` option and its `trace dump` fills COM2.
# build/tools/tracevis then draws it as .json (Perfetto) and .svg beside it. The console is in .log.
#
# Environment: TRACE_TIMEOUT (s, default 180).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
topo=${1:?usage: kernel_run.sh TOPO SCENARIO [OUTDIR]}
scenario=${2:?usage: kernel_run.sh TOPO SCENARIO [OUTDIR]}
out=${3:-$top/build/trace}
base=$out/kernel-$topo-$scenario

if [ ! -f "$top/user/etc/$scenario.sh" ]; then
	echo "kernel_run.sh: no scenario '$scenario'; there are:" \
		"$(cd "$top/user/etc" && ls -- *.sh | sed 's/\.sh$//' | tr '\n' ' ')" >&2
	exit 2
fi
mkdir -p "$out"
rm -f "$base.txt"
opt=trace
grep -qE '^[[:space:]]*trace[[:space:]]+start' "$top/user/etc/$scenario.sh" && opt=
echo "tracing /etc/$scenario.sh on $topo (console: $base.log)"
TRACE_FILE=$base.txt QEMU_MODE=batch QEMU_KERNEL=$top/build/kernel.elf \
	QEMU_APPEND="${opt:+$opt }-- /etc/$scenario.sh" \
	timeout --kill-after=5 "${TRACE_TIMEOUT:-180}" \
	"$top/scripts/qemu.sh" "$topo" -initrd "$top/build/initrd.cpio" \
	</dev/null >"$base.log" 2>&1
rc=$?
# init powers off with the script's status: QEMU says (status << 1) | 1.
if [ $rc -eq 124 ] || [ $rc -eq 137 ]; then
	echo "kernel_run.sh: timed out after ${TRACE_TIMEOUT:-180} s" >&2
fi
if ! grep -q '^trace: ' "$base.txt" 2>/dev/null; then
	echo "kernel_run.sh: no trace in $base.txt (QEMU status $rc); the" \
		"console's end:" >&2
	tail -5 "$base.log" >&2
	exit 1
fi
tr -d '\r' <"$base.log" | grep -a -e '^trace rings: .* dumped' -e '^trace dump: '
"$top/build/tools/tracevis" -j "$base.json" -s "$base.svg" \
	--title "$scenario on $topo (our kernel)" "$base.txt" || exit 1
echo "wrote $base.json (ui.perfetto.dev) and $base.svg"
