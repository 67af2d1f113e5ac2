#!/usr/bin/env bash
# scx.sh - scx_d7, the teaching kernel's policy as a sched_ext scheduler
# (sched/linux/scx/), on the companion Linux 6.12: booted on an SMT shape
# (1n2c2t), an SMT and NUMA shape (2n2c2t) and a NUMA shape without SMT
# (2n2c), each running twice as many CPU hogs as CPUs under scx_d7. One TAP
# line a check:
#
#   enabled_while_running  /sys/kernel/sched_ext/state reads enabled and
#           root/ops d7 at attach, every second of the workload and after
#           it; disabled once the loader has unregistered it
#   unloads_cleanly  sched_ext's exit is the unregistration by user space
#           (SCX_EXIT_UNREG: not an error, not the watchdog), the loader and the
#           workload exit with 0, and the kernel logged no oops, BUG or
#           WARNING (run.sh fails such a boot)
#   runs_on_every_cpu  every CPU ran user tasks (user_switches > 0)
#   siblings_share_core_queue  on SMT shapes, threads took tasks queued for
#           their sibling from the core's shared queue (sibling_pulls > 0);
#           on 2n2c, where no core has two threads, none (= 0)
#   nodes_pull_work  on NUMA shapes, CPUs of the node without work took
#           tasks from the other node's queues (node_moves_in > 0): the
#           children all start on their parent's node
#   per_cpu_queues_no_sibling_pulls  with one queue per CPU (scx_d7 -p,
#           D7 without its shared runqueue) the counter stays 0: it counts
#           the shared queue, nothing else
#   refuses_kernel_without_sched_ext  booted on the 6.1 companion kernel
#           (no sched_ext) with the same initramfs, scx_d7 says so and
#           exits non-zero, which fails init
#   verifier_refusal_is_clear  scx_d7 -x reject (a store the verifier
#           refuses): libbpf prints the verifier's log, the loader says in
#           one line that the kernel refused the program and exits
#           non-zero before attaching anything
#   watchdog_ejects_to_eevdf  scx_d7 -x stall (user tasks queued where
#           no CPU looks, watchdog timeout 2 s): the kernel logs that it
#           disabled d7 for a runnable task stall, the loader sees the
#           stall's exit kind (SCX_EXIT_ERROR_STALL, 1026) and fails, and
#           every copy of the workload still ran to its end under EEVDF
#   ejected_run_is_refused  sched/linux/scx/check-run.sh, the guard of every
#           run that claims to measure scx_d7 (make bench SCX=1), fails on
#           that stalled boot's log
#   trace_under_scx_d7  make trace's Linux side with SCX=1 (exec-spread on
#           2n2c2t): ftrace events, and init's scx:d7 check passing before
#           and after the traced workload
#   trace_scx_refusals  SCX=1 on 6.1 refused before any build or boot;
#           init's scx:d7 without a loaded scheduler failing, saying so
#
# Environment: LINUX_TIMEOUT (s per boot, default 120), BZIMAGE (another
# Linux 6.12, e.g. a development tree; the 6.1 check still uses build.sh). Logs:
# build/parity/scx/<boot>.log.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/build/parity/scx
mkdir -p "$out"
export LINUX_VERSION=6.12
n=0

tap() {	# tap NAME STATUS(0 = ok)
	n=$((n + 1))
	if [ "$2" -eq 0 ]; then echo "ok $n $1"; else echo "not ok $n $1"; fi
}

shapes=(1n2c2t 2n2c2t 2n2c)
checks=$(( ${#shapes[@]} * 4 + 2 + 1 + 1 + 5 ))
echo "1..$checks"
if ! bzimage=${BZIMAGE:-$("$top/sched/linux/build.sh")} || ! initrd=$("$top/sched/linux/initramfs.sh"); then
	echo "not ok 1 linux_6_12_build # Linux 6.12 or scx_d7 did not build"
	exit 0
fi

# boot NAME SHAPE [LOADER OPTION...]: scx_d7 runs 2 hogs per CPU for 4 s.
boot() {
	local name=$1 shape=$2 cpus
	shift 2
	cpus=$("$top/scripts/topo-args.sh" "$shape" | sed -E 's/.*-smp ([0-9]+).*/\1/')
	local cmd=run:scx_d7
	for o in "$@"; do cmd=$cmd:$o; done
	BZIMAGE=$bzimage INITRD=$initrd LINUX_TIMEOUT=${LINUX_TIMEOUT:-120} \
		"$top/sched/linux/run.sh" "$shape" "$cmd:-n:$((2 * cpus)):/bin/hog:4" \
		</dev/null >"$out/$name.log" 2>&1
	echo $? >"$out/$name.rc"
}
lines() {
	tr -d '\r' <"$out/$1.log" | grep -a "^$2" || true
}
# sum NAME KEY: the sum of KEY= over the boot's stat: lines.
sum() {
	lines "$1" 'stat: ' | tr ' ' '\n' | awk -F= -v k="$2" '$1 == k { s += $2 } END { print s + 0 }'
}
fail_with() {	# a diagnostic line and the log's tail
	echo "# $1"
	tr -d '\r' <"$out/$2.log" | tail -n 8 | sed 's/^/#   | /'
}

# Two QEMUs at a time at most (the machine has two cores).
boot 1n2c2t 1n2c2t &
boot 2n2c2t 2n2c2t &
wait
boot 2n2c 2n2c &
boot per-cpu 1n2c2t -p &
wait
# The failure paths, on the 6.12 kernel: a program the verifier refuses,
# and one whose stalled tasks the watchdog finds.
faulty() {	# faulty NAME FAULT COPIES
	BZIMAGE=$bzimage INITRD=$initrd LINUX_TIMEOUT=${LINUX_TIMEOUT:-120} \
		"$top/sched/linux/run.sh" 1n2c2t "run:scx_d7:-x:$2:-n:$3:/bin/hog:3" \
		</dev/null >"$out/$1.log" 2>&1
	echo $? >"$out/$1.rc"
}
faulty reject reject 1 &
faulty stall stall 4 &
wait
# The 6.1 kernel (make test's, usually cached) has no sched_ext.
if bz61=$(LINUX_VERSION=6.1 "$top/sched/linux/build.sh"); then
	BZIMAGE=$bz61 INITRD=$initrd LINUX_TIMEOUT=${LINUX_TIMEOUT:-120} \
		"$top/sched/linux/run.sh" 1n2c2t run:scx_d7:/bin/hog:1 \
		</dev/null >"$out/no-scx.log" 2>&1
	echo $? >"$out/no-scx.rc"
else
	echo "the 6.1 build failed" >"$out/no-scx.log"
	echo build >"$out/no-scx.rc"
fi

for s in "${shapes[@]}"; do
	# State: attach, the workload's 4 seconds, after it; then disabled,
	# by the loader (sched/linux/scx/check-run.sh).
	bad=0
	why=$("$top/sched/linux/scx/check-run.sh" "$out/$s.log" 3) ||
		{ fail_with "$why" "$s"; bad=1; }
	tap "enabled_while_running_$s" $bad

	bad=0
	rc=$(cat "$out/$s.rc")
	[ "$rc" = 0 ] || { fail_with "run.sh status $rc (0: init and scx_d7 succeeded, no kernel complaint)" "$s"; bad=1; }
	tap "unloads_cleanly_$s" $bad

	bad=0
	nstat=$(lines "$s" 'stat: cpu=' | grep -c .)
	idle=$(lines "$s" 'stat: cpu=' | grep -c ' user_switches=0 ')
	if [ "$nstat" -eq 0 ] || [ "$idle" -ne 0 ]; then
		fail_with "$nstat stat: lines, $idle CPUs ran no user task" "$s"
		bad=1
	fi
	tap "runs_on_every_cpu_$s" $bad

	pulls=$(sum "$s" sibling_pulls)
	bad=0
	case $s in
	*t) [ "$pulls" -gt 0 ] || { fail_with "sibling_pulls=$pulls, want > 0" "$s"; bad=1; } ;;
	*) [ "$pulls" -eq 0 ] || { fail_with "sibling_pulls=$pulls without SMT, want 0" "$s"; bad=1; } ;;
	esac
	tap "siblings_share_core_queue_$s" $bad
done

for s in 2n2c2t 2n2c; do
	moves=$(sum "$s" node_moves_in)
	bad=0
	[ "$moves" -gt 0 ] || { fail_with "node_moves_in=$moves, want > 0" "$s"; bad=1; }
	tap "nodes_pull_work_$s" $bad
done

# The comparison policy: it must run, and its sibling pulls stay 0.
bad=0
rc=$(cat "$out/per-cpu.rc")
pulls=$(sum per-cpu sibling_pulls)
[ "$rc" = 0 ] || { fail_with "run.sh status $rc" per-cpu; bad=1; }
if [ "$(lines per-cpu 'stat: cpu=' | grep -c .)" -eq 0 ] || [ "$pulls" -ne 0 ]; then
	fail_with "sibling_pulls=$pulls with a queue per CPU, want 0 (and stat: lines)" per-cpu
	bad=1
fi
tap per_cpu_queues_no_sibling_pulls_1n2c2t $bad

# Without sched_ext: run.sh status 1 (init failed), the loader's message,
# and no state line (it stopped before loading anything).
bad=0
rc=$(cat "$out/no-scx.rc")
[ "$rc" = 1 ] || { fail_with "run.sh status $rc, want 1 (init failed)" no-scx; bad=1; }
lines no-scx 'scx_d7: ' | grep -qF 'this kernel has no sched_ext' ||
	{ fail_with "no message saying the kernel has no sched_ext" no-scx; bad=1; }
if lines no-scx 'scx_d7: state=' | grep -q .; then
	fail_with "the loader went on without sched_ext" no-scx
	bad=1
fi
tap refuses_kernel_without_sched_ext_1n2c2t $bad

# The verifier's refusal: init fails (status 1), the verifier's reason and
# the loader's line are there, and nothing was attached.
bad=0
rc=$(cat "$out/reject.rc")
[ "$rc" = 1 ] || { fail_with "run.sh status $rc, want 1 (init failed)" reject; bad=1; }
lines reject '' | grep -q 'unbounded memory access' ||
	{ fail_with "no verifier log naming the refused store" reject; bad=1; }
lines reject 'scx_d7: ' | grep -qF 'scx_d7: the kernel refused the BPF program' ||
	{ fail_with "no line from the loader saying the program was refused" reject; bad=1; }
if lines reject 'scx_d7: state=' | grep -q .; then
	fail_with "the loader attached a program the verifier refused" reject
	bad=1
fi
tap verifier_refusal_is_clear_1n2c2t $bad

# The watchdog: init fails (the loader reports the ejection), the kernel
# says why, the exit kind is the stall's, and all 4 copies of the workload
# exited with 0 after the fallback (no task lost).
bad=0
rc=$(cat "$out/stall.rc")
[ "$rc" = 1 ] || { fail_with "run.sh status $rc, want 1 (init failed)" stall; bad=1; }
lines stall '' | grep -qF 'sched_ext: BPF scheduler "d7" disabled (runnable task stall)' ||
	{ fail_with "the kernel did not log the stall's ejection" stall; bad=1; }
lines stall 'scx_d7: exit ' | grep -qE '^scx_d7: exit kind=1026 code=[0-9-]+ unregistered=0$' ||
	{ fail_with "the exit is not SCX_EXIT_ERROR_STALL (1026)" stall; bad=1; }
lines stall 'scx_d7: ' | grep -qxF 'scx_d7: workload: 4 copies, all exited with 0' ||
	{ fail_with "the workload did not all run to its end after the ejection" stall; bad=1; }
lines stall 'scx_d7: ' | grep -qxF 'scx_d7: the kernel ejected the scheduler' ||
	{ fail_with "the loader did not report the ejection" stall; bad=1; }
tap watchdog_ejects_to_eevdf_1n2c2t $bad

# A run that claims to measure scx_d7 (make bench SCX=1) is refused when
# the kernel ejected it: check-run.sh on the stalled boot's log.
bad=0
if "$top/sched/linux/scx/check-run.sh" "$out/stall.log" >/dev/null; then
	fail_with "check-run.sh passed a run whose scheduler the kernel ejected" stall
	bad=1
fi
tap ejected_run_is_refused_1n2c2t $bad

# make trace SCX=1: the exec-spread scenario traced by ftrace under scx_d7,
# which init saw running before the trace and still after it.
bad=0
trace_out=$out/trace
rm -rf "$trace_out"
if ! SCX=1 BZIMAGE=$bzimage "$top/tests/trace/linux_run.sh" 2n2c2t exec-spread "$trace_out" \
	>"$out/trace.log" 2>&1; then
	fail_with "tests/trace/linux_run.sh failed under SCX=1" trace
	bad=1
elif [ "$(tr -d '\r' <"$trace_out/linux-2n2c2t-exec-spread.log" | grep -ac '^scx: state=enabled ops=d7$')" != 2 ] ||
     ! grep -q ' sched_switch: ' "$trace_out/linux-2n2c2t-exec-spread.txt"; then
	fail_with "want scx:d7 twice (before and after the traced workload) and sched_switch events" trace
	bad=1
fi
tap trace_under_scx_d7_2n2c2t $bad

# The bad inputs of that path: SCX=1 on 6.1 is refused before anything is
# built or booted; init's scx:d7 with no BPF scheduler loaded fails after
# its wait, saying so.
bad=0
LINUX_VERSION=6.1 SCX=1 "$top/tests/trace/linux_run.sh" 2n2c2t exec-spread "$out/trace61" \
	>"$out/trace61.log" 2>&1
rc=$?
if [ "$rc" != 2 ] || [ -d "$out/trace61" ] ||
   ! grep -qxF 'linux_run.sh: SCX=1 needs LINUX_VERSION=6.12 (6.1 has no sched_ext)' "$out/trace61.log"; then
	fail_with "want status 2, the message and nothing made (status $rc)" trace61
	bad=1
fi
BZIMAGE=$bzimage INITRD=$initrd LINUX_TIMEOUT=${LINUX_TIMEOUT:-120} \
	"$top/sched/linux/run.sh" 1n2c2t scx:d7 </dev/null >"$out/no-loader.log" 2>&1
rc=$?
if [ "$rc" != 1 ] || ! lines no-loader 'init: scx: ' | grep -qxF 'init: scx: d7 is not the running scheduler after 10000 ms'; then
	fail_with "want init to fail (status 1) saying d7 is not running (status $rc)" no-loader
	bad=1
fi
tap trace_scx_refusals $bad
exit 0
