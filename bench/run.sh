#!/usr/bin/env bash
# run.sh OUTDIR - the in-guest half of `make bench` (mk/bench.mk): boot our
# kernel and Linux 6.1 on the same QEMU shapes, run user/bench's `bench`
# program in each, and collect its `bench:` lines.
#
#   OUTDIR/os.txt, OUTDIR/linux.txt   every bench: line of each kernel, plus
#                                     the bring-up rows smp_N made here
#   OUTDIR/meta.txt                   date, host, QEMU command lines
#   OUTDIR/logs/                      every serial log
#
# Boots, one at a time (two QEMUs at once would share the host's 2 cores):
#   BENCH_SHAPE (2n2c2t)         `bench all` on ours (-- /etc/bench-full.sh)
#                                and on Linux (run:bench:all); then ours with
#                                bench_o1 (kernel/tests/bench_o1.c): the O(1) rows
#                                o1k_1..o1k_10000 with kernel threads
#   BENCH_SMP_SHAPES             boots for the bring-up time only, each
#     (up 2n2c2t 4n2c2t 8n8c1t   BENCH_SMP_ROUNDS (3) times: 1, 8, 16, 64 and
#      8n30c2t)                  240 CPUs (ours runs 8n30c2t under -icount,
#                                its shape says so: virtual time; Linux
#                                on the host clock, sched/linux/run.sh
#                                leaves that -icount out: the two 240
#                                rows are not compared, each bring-up row
#                                says its clock= )
# QUICK=1: `bench quick all`, bring-up on up once, and 2n2c2t from the
# main boots. BENCH_TIMEOUT (s) bounds each main boot (BENCH_LINUX_TIMEOUT
# Linux's alone). BZIMAGE: boot that
# Linux kernel instead of asking sched/linux/build.sh (which waits while
# another build holds the cache's lock).
# BENCH_ICOUNT=OPTS (make bench DETERMINISTIC=1): every boot of both kernels
# runs under QEMU's `-icount OPTS`, where guest time is a count of guest
# instructions (bench/notes.md, "Deterministic mode"), and with BENCH_RTC=R
# under `-rtc R` (the RTC's date fixed and driven by that clock); each bring-up shape
# is booted once (a second boot would give the same numbers), and the
# timeouts are longer (all vCPUs share one host thread).
#
# BENCH_SCX=1 (make bench SCX=1, with LINUX_VERSION=6.12): Linux runs
# `bench` as the workload of scx_d7 (sched/linux/scx/), so its rows are
# Linux 6.12's machinery under this kernel's policy as a BPF scheduler;
# the loader wakes once a second to print sched_ext's state. Not the
# exec_place and o1 rows (below). The run fails
# unless sched/linux/scx/check-run.sh finds scx_d7 enabled from attach to
# unload: a row measured after an ejection would be EEVDF's.
#
# Bring-up, two rows a CPU count, each kernel in its own clock:
#   boot_N  from the kernel's entry to N CPUs online (issue 7's measure):
#           ours prints "..., T us after the kernel's entry" (the TSC from
#           kmain's first line); Linux, the printk time of "smp: Brought up"
#           (its printk clock starts early in setup_arch, so it leaves out
#           the decompressor and the first instructions: a little in
#           Linux's favour);
#   smp_N   starting the application processors only: ours "smp: N of N
#           CPUs online in T ms"; Linux from "smp: Bringing up secondary
#           CPUs" to "smp: Brought up".
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:?usage: run.sh OUTDIR}
quick=${QUICK:-}
shape=${BENCH_SHAPE:-2n2c2t}
kernel=$top/build/kernel.elf
initrd=$top/build/initrd.cpio
icount=${BENCH_ICOUNT:-}
rtc=${BENCH_RTC:-}
if [ -n "$quick" ]; then
	smp_shapes=${BENCH_SMP_SHAPES:-up}
	smp_rounds=${BENCH_SMP_ROUNDS:-1}
	tmo=240
	script=/etc/bench-quick.sh
	lcmd=run:bench:quick:all
else
	smp_shapes=${BENCH_SMP_SHAPES:-up 2n2c2t 4n2c2t 8n8c1t 8n30c2t}
	smp_rounds=${BENCH_SMP_ROUNDS:-3}
	tmo=1800
	script=/etc/bench-full.sh
	lcmd=run:bench:all
fi
scx=${BENCH_SCX:-}
if [ -n "$scx" ]; then
	[ "${LINUX_VERSION:-6.1}" = 6.12 ] ||
		{ echo "run.sh: BENCH_SCX=1 needs LINUX_VERSION=6.12 (6.1 has no sched_ext)" >&2; exit 1; }
	# Every group but two, whose rows would not measure their work:
	# place (exec_place), since sched_ext in 6.12 cannot move a task at
	# exec (select_task_rq_scx() keeps WF_EXEC on its CPU before any BPF
	# runs: moved=0, and report --check fails the row); o1, since scx_d7
	# queues FIFO with one 20 ms slice for all (nice changes nothing), so
	# the nice -20 pair waits behind every nice 19 hog's slice: o1_100
	# would be 2 s a switch, o1_10000 hours. Linux's rows of the two are
	# missing from the run (sched/linux/scx/README.md).
	lcmd=run:scx_d7:/bin/bench:${quick:+quick:}syscall:ctx:pipe:wakeup:fork:exec:balance:field:schbench
fi
smp_tmo=240 o1_tmo=900
ltmo=$tmo
if [ -n "$icount" ]; then
	# Ours' main boot under -icount took 3.5-4 min (quick) and 21 min
	# (full) here, Linux's 3 min (quick); both get four times the
	# wall-clock bound. Linux boots its APs under -icount thanks to
	# sched/linux's patch 0005 (bench/notes.md, "Deterministic mode").
	smp_rounds=${BENCH_SMP_ROUNDS:-1}
	tmo=$((tmo * 4)) smp_tmo=600 o1_tmo=3600
	ltmo=$tmo
fi
tmo=${BENCH_TIMEOUT:-$tmo}
ltmo=${BENCH_LINUX_TIMEOUT:-$ltmo}
o1_tmo=${BENCH_O1_TIMEOUT:-$o1_tmo}
qargs=()
[ -z "$icount" ] || qargs=(-icount "$icount")
[ -z "$rtc" ] || qargs+=(-rtc "$rtc")
# shape_qargs SHAPE: qargs, unless the shape's own line already has -icount
# (tests/topologies: 8n30c2t): QEMU takes one.
shape_qargs() {
	"$top/scripts/topo-args.sh" "$1" | grep -q -- '-icount' || echo "${qargs[*]}"
}
mkdir -p "$out/logs"
rm -f "$out"/logs/* "$out/os.txt" "$out/linux.txt" "$out/meta.txt" "$out/linux-complained"
bz=${BZIMAGE:-$("$top/sched/linux/build.sh")} || { echo "run.sh: no Linux build" >&2; exit 1; }
lin_initrd=$("$top/sched/linux/initramfs.sh") || exit 1

# boot_os LOG SHAPE SCRIPT TIMEOUT / boot_linux LOG SHAPE CMD TIMEOUT
# shellcheck disable=SC2046 # shape_qargs gives QEMU words
boot_os() {
	QEMU_MODE=batch QEMU_KERNEL=$kernel QEMU_APPEND="-- $3" \
		timeout --kill-after=5 "$4" "$top/scripts/qemu.sh" "$2" -initrd "$initrd" \
		$(shape_qargs "$2") </dev/null 2>&1 | tr -d '\r' >"$1"
}
# run.sh boots Linux with no_timer_check (its IO-APIC timer check fails
# now and then under TCG on a loaded host). A boot whose QEMU died of a
# signal (QEMU 7.2's crash in its MMIO dispatch, tests/README.md) is
# retried once, but not under -icount, where a boot repeats itself
# instruction for instruction. Any other boot that ends without init's
# "done" (init's failure, a panic, a timeout) is the kernel's or the
# workload's and is not retried: its rows are missing and the run fails;
# one whose kernel logged an oops, a BUG or a WARNING (run.sh status 4)
# fails the run at the end.
# The shape's own -icount is ours' (run.sh leaves it out): Linux gets
# -icount from this mode alone. LINUX_EXPECT_COMPLAINT: the warning Linux
# prints on a shape with a package on two nodes (sched/linux/expect.sh).
boot_linux() {
	local try tries=2 rc
	[ -z "$icount" ] || tries=1
	for try in $(seq 1 "$tries"); do
		BZIMAGE=$bz INITRD=$lin_initrd LINUX_TIMEOUT=$4 \
			LINUX_EXPECT_COMPLAINT="$("$top/sched/linux/expect.sh" "$2")" \
			LINUX_QEMU_ARGS="${qargs[*]}" "$top/sched/linux/run.sh" "$2" "$3" </dev/null 2>&1 |
			tr -d '\r' >"$1"
		rc=${PIPESTATUS[0]}
		[ "$rc" != 4 ] || { echo "$1" >>"$out/linux-complained"; return; }
		grep -q '^init: done' "$1" && return
		cp "$1" "$1.failed$try"
		[ "$rc" -gt 128 ] || return
	done
}

# The bring-up time (smp_) and the time from entry (boot_, entry_*) in us
# of one boot log, or nothing.
smp_os() {
	sed -n 's/^smp: \([0-9]*\) of [0-9]* CPUs online in \([0-9]*\) ms.*/\2000/p' "$1" | head -1
}
smp_linux() {
	awk 'function t(s) { s = substr(s, index(s, "[") + 1); return s + 0 }
	     /smp: Bringing up secondary CPUs/ { a = t($0) }
	     /smp: Brought up/ && a != "" { printf "%d\n", (t($0) - a) * 1000000 + 0.5; exit }' "$1"
}
entry_os() {
	sed -n "s/^smp: .* CPUs online in .*, \([0-9]*\) us after the kernel's entry.*/\1/p" "$1" | head -1
}
entry_linux() {
	awk '/smp: Brought up/ { s = substr($0, index($0, "[") + 1)
	     printf "%d\n", s * 1000000 + 0.5; exit }' "$1"
}
cpus_of() {	# the CPU count of a shape's -smp
	"$top/scripts/topo-args.sh" "$1" | sed -n 's/.*-smp \([0-9]*\).*/\1/p'
}

# smp_timeout SHAPE SECS: SECS, or 900 for a shape beyond 64 CPUs (240 took
# ours about 2 minutes to user space under -icount here).
smp_timeout() {
	local n
	n=$(cpus_of "$1")
	if [ "${n:-1}" -gt 64 ]; then echo 900; else echo "$2"; fi
}

# One row from the values given (us): name unit=us median min max rounds.
smp_row() {
	local name=$1
	shift
	[ $# -gt 0 ] || { echo "bench: name=$name skip=no_bringup_line"; return; }
	printf '%s\n' "$@" | sort -n | awk -v n="$name" '{ v[NR] = $1 }
	END { printf "bench: name=%s unit=us median=%d min=%d max=%d rounds=%d\n",
		n, v[int(NR / 2) + 1], v[1], v[NR], NR }'
}

# The clock a kernel's bring-up rows on SHAPE were measured in: icount
# (virtual: instructions) or host; bench/report compares two rows only in
# the same clock. clock_os SHAPE / clock_linux SHAPE.
clock_os() {
	if [ -n "$icount" ] || "$top/scripts/topo-args.sh" "$1" | grep -q -- '-icount'; then
		echo icount
	else
		echo host
	fi
}
clock_linux() {
	if [ -n "$icount" ]; then echo icount; else echo host; fi
}

t0=$SECONDS
echo "bench: ours on $shape ($script)" >&2
boot_os "$out/logs/os-$shape.log" "$shape" "$script" "$tmo"
echo "bench: Linux on $shape ($lcmd), ours took $((SECONDS - t0)) s" >&2
t1=$SECONDS
boot_linux "$out/logs/linux-$shape.log" "$shape" "$lcmd" "$ltmo"
echo "bench: Linux took $((SECONDS - t1)) s" >&2
grep '^bench: ' "$out/logs/os-$shape.log" >"$out/os.txt"
grep '^bench: ' "$out/logs/linux-$shape.log" >"$out/linux.txt"

# Ours in the kernel: the same O(1) curve as the user-level o1_N rows
# (user/bench/o1rows.h), with kernel threads, kernel/tests/bench_o1.c: a
# switch without the way in and out of user mode; noshare, so that the sibling's HT-aware
# search does not walk the hogs pinned away from it. QUICK: to 100.
t1=$SECONDS
QEMU_MODE=batch QEMU_KERNEL=$kernel QEMU_APPEND="bench_o1${quick:+=100} noshare" \
	timeout --kill-after=5 "$o1_tmo" "$top/scripts/qemu.sh" "$shape" \
	"${qargs[@]}" </dev/null 2>&1 | tr -d '\r' >"$out/logs/os-o1k-$shape.log"
grep '^bench: name=o1k_' "$out/logs/os-o1k-$shape.log" >>"$out/os.txt"
echo "bench: ours in the kernel (bench_o1) took $((SECONDS - t1)) s" >&2

# Bring-up: the main boots count for their shape.
declare -A osv linv osb linb
osv[$shape]=$(smp_os "$out/logs/os-$shape.log")
linv[$shape]=$(smp_linux "$out/logs/linux-$shape.log")
osb[$shape]=$(entry_os "$out/logs/os-$shape.log")
linb[$shape]=$(entry_linux "$out/logs/linux-$shape.log")
for s in $smp_shapes; do
	for r in $(seq 1 "$smp_rounds"); do
		[ "$s" = "$shape" ] && [ "$r" = 1 ] && continue
		boot_os "$out/logs/os-smp-$s-$r.log" "$s" /etc/bench-boot.sh \
			"$(smp_timeout "$s" "$smp_tmo")"
		osv[$s]="${osv[$s]:-} $(smp_os "$out/logs/os-smp-$s-$r.log")"
		osb[$s]="${osb[$s]:-} $(entry_os "$out/logs/os-smp-$s-$r.log")"
		boot_linux "$out/logs/linux-smp-$s-$r.log" "$s" topo \
			"$(smp_timeout "$s" "$smp_tmo")"
		linv[$s]="${linv[$s]:-} $(smp_linux "$out/logs/linux-smp-$s-$r.log")"
		linb[$s]="${linb[$s]:-} $(entry_linux "$out/logs/linux-smp-$s-$r.log")"
	done
done
for s in $(printf '%s\n' "$shape" $smp_shapes | sort -u); do
	case " $smp_shapes " in *" $s "*) ;; *) [ -n "$quick" ] || continue ;; esac
	n=$(cpus_of "$s")
	# shellcheck disable=SC2086 # lists of numbers
	{
		smp_row "boot_$n" ${osb[$s]}
		smp_row "smp_$n" ${osv[$s]}
	} | sed "/skip=/!s/\$/ clock=$(clock_os "$s")/; s/\$/ shape=$s/" >>"$out/os.txt"
	# shellcheck disable=SC2086
	{
		smp_row "boot_$n" ${linb[$s]}
		smp_row "smp_$n" ${linv[$s]}
	} | sed "/skip=/!s/\$/ clock=$(clock_linux "$s")/; s/\$/ shape=$s/" >>"$out/linux.txt"
done

# Linux's own idea of the TSC (the bench line has the calibrated one).
{
	echo "date=$(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "host=$(uname -n) $(uname -sr), $(nproc) CPUs: $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1); load average $(cut -d' ' -f1-3 /proc/loadavg)"
	echo "qemu=$(qemu-system-x86_64 --version | head -1)"
	echo "quick=${quick:-0}"
	echo "icount=$icount"
	echo "rtc=$rtc"
	# The kernel measured is the working tree's: say which, and whether
	# its own sources had changes not yet committed.
	echo "tree=$(git -C "$top" rev-parse --short HEAD)$(git -C "$top" status --porcelain -- boot arch kernel sched lib include | grep -q . && echo ' + uncommitted changes in the kernel sources')"
	echo "os_cmd=qemu-system-x86_64 $("$top/scripts/topo-args.sh" "$shape") -accel tcg -cpu qemu64,vendor=GenuineIntel -no-reboot -device isa-debug-exit,iobase=0xf4,iosize=0x04 -display none -serial stdio -monitor none -kernel build/kernel.elf -append '-- $script' -initrd build/initrd.cpio${icount:+ -icount $icount}${rtc:+ -rtc $rtc}"
	echo "linux_cmd=qemu-system-x86_64 $("$top/scripts/topo-args.sh" "$shape") -accel tcg -cpu qemu64,vendor=GenuineIntel -display none -serial stdio -monitor none -no-reboot -device isa-debug-exit,iobase=0xf4,iosize=0x04 -kernel bzImage -initrd build/linux/initramfs.cpio ${icount:+-icount $icount }${rtc:+-rtc $rtc }-append 'console=ttyS0 panic=-1 rcupdate.rcu_cpu_stall_timeout=300 no_timer_check -- $lcmd'"
	echo "os_tsc=$(sed -n 's/^timer: TSC \([0-9.]*\) MHz.*/\1 MHz/p' "$out/logs/os-$shape.log" | head -1)"
	echo "linux=$("$top/sched/linux/version.sh" "$out/logs/linux-$shape.log")${scx:+ + scx_d7}"
	echo "linux_tsc=$(sed -n 's/.*tsc: Refined TSC clocksource calibration: //p; s/.*tsc: Detected \(.*\) processor/\1/p' "$out/logs/linux-$shape.log" | tail -1)"
	echo "smp_shapes=$shape $smp_shapes"
	echo "seconds=$((SECONDS - t0))"
} >"$out/meta.txt"
grep -q '^bench: end' "$out/os.txt" || echo "run.sh: our kernel's run did not finish (logs/os-$shape.log)" >&2
grep -q '^bench: end' "$out/linux.txt" || echo "run.sh: Linux's run did not finish (logs/linux-$shape.log)" >&2
if [ -n "$scx" ] && ! why=$("$top/sched/linux/scx/check-run.sh" "$out/logs/linux-$shape.log"); then
	echo "run.sh: scx_d7 did not schedule the whole Linux run (logs/linux-$shape.log): $why" >&2
	exit 1
fi
if [ -s "$out/linux-complained" ]; then
	echo "run.sh: the Linux kernel logged an oops, a BUG or a WARNING in: $(tr '\n' ' ' <"$out/linux-complained")" >&2
	exit 1
fi
exit 0
