#!/usr/bin/env bash
# hw.sh - what the kernel does for real hardware that QEMU does not show by
# itself, each in one boot of a small SMP shape (1n4c):
#
#   tsc_shared      plain ktest boot: the TSC check finds the TSCs in step on
#                   every CPU and says why their rate is constant; no line
#                   on the console says "warning"
#   tsc_unstable    tsc=unstable: the warning, and jiffies/time_us() on the
#                   tick clock still one clock for all CPUs
#                   (ktest clock_shared_across_cpus and all others pass)
#   pit_ch2_off     test_pit_ch2_off (PIT channel 2 never finishes, as when
#                   its gate is wired off): the fallback's message, and the
#                   calibration it gives passes the timer ktests
#   cal_stall       test_cal_stall (the end of every 20 ms calibration
#                   window stalled, as a busy host stalls a vCPU): the boot
#                   calibrates on 50 ms windows and the timer ktests pass
#   cal_stall_all   test_cal_stall=all (the 50 ms windows stalled too): the
#                   boot warns that no sample was clean after all 64 tries,
#                   goes on with its best (2% off, from a 20 or a 50 ms
#                   window: the stall is the same part of both), and the
#                   timer ktests pass
#   cal_stall_long  test_cal_stall=long (one stall inside a read's bracket
#                   in the first pass, past its wait for a channel that
#                   does not count): channel 2 is still used, no warning
#   apic_renumber   test_apic_renumber (the kernel plays firmware that moved
#                   every AP's xAPIC ID by 0x40): every CPU comes online and
#                   all ktests pass
#   overflow        ktest_panic=overflow: CPU 0's stack runs into its guard
#                   page; the #DF task reports a kernel stack overflow
#   overflow_ap     ktest_panic=overflow_ap: the same on the last AP, as it
#                   starts
#   overflow_task   ktest_panic=overflow_task: the same in a kernel thread
#                   (a task's stack, from kstack_alloc())
#   panic_midline   ktest_panic=midline: the last AP prints half a line,
#                   then CPU 0 panics: the half line stays whole on a line
#                   of its own, and the report starts at column 0 (the
#                   console ends another writer's open line first)
#
# One TAP line a boot. Environment: BOOT_TIMEOUT (s, default 120), HW_SHAPE,
# HW_ONLY (a regex: boot only the checks whose name matches; for make soak).
set -uo pipefail
BOOT_TIMEOUT=${BOOT_TIMEOUT:-120}
# shellcheck source=tests/boot/lib.sh
. "$(dirname "$0")/lib.sh"

SHAPE=${HW_SHAPE:-1n4c}
NCPUS=4
n=0

if ! need_files "$KERNEL"; then
	echo "not ok 1 hw_prerequisites"
	echo "1..1"
	exit 0
fi

# check_absent LOG REGEX WHAT: 0 when no console line matches.
check_absent() {
	if tr -d '\r' <"$1" | grep -aE -- "$2" >/dev/null; then
		echo "# $3 on the console:"
		tr -d '\r' <"$1" | grep -aE -- "$2" | head -5 | sed 's/^/#   | /'
		return 1
	fi
	return 0
}

# hw NAME CMDLINE WANT_EXIT CHECK...: boot, then run each CHECK (a shell
# command line, with $log set) and report.
hw() {
	local name=$1 opts=$2 want=$3 dir=$BOOT_OUT/hw-$1 bad=0 c
	shift 3
	[[ -z ${HW_ONLY:-} || hw_$name =~ $HW_ONLY ]] || return 0
	boot_kernel "$dir" "$SHAPE" "$opts"
	log=$dir/clean.log
	tr -d '\r' <"$dir/serial.log" >"$log"
	{
		check_exit "$dir" "$want" || bad=1
		for c in "$@"; do
			eval "$c" || bad=1
		done
	} >"$dir/diag"
	n=$((n + 1))
	if [ $bad -eq 0 ]; then
		echo "ok $n hw_$name # $(cat "$dir/secs") s"
	else
		echo "not ok $n hw_$name"
		cat "$dir/diag"
	fi
}

ALL_ONLINE="check_grep \"\$log\" '^smp: $NCPUS of $NCPUS CPUs online' 'every CPU online'"
KTESTS_PASS="check_grep \"\$log\" '^ktest: ([0-9]+) of \\1 passed' 'all ktests passed'"
GUEST_OK="check_absent \"\$log\" '^not ok |^panic:' 'a failed ktest or a panic'"

hw tsc_shared "ktest" "$EXIT_PASS" "$ALL_ONLINE" "$KTESTS_PASS" "$GUEST_OK" \
	"check_grep \"\$log\" '^timer: TSC rate (invariant|constant \\(Intel family/model\\)|the hypervisor.s clock), in step on $NCPUS of $NCPUS CPUs \\(checked in [0-9]+ us\\)$' 'TSC check line'" \
	"check_absent \"\$log\" '[Ww]arning' 'a warning on a valid machine'"
hw tsc_unstable "ktest tsc=unstable" "$EXIT_PASS" "$ALL_ONLINE" "$KTESTS_PASS" "$GUEST_OK" \
	"check_grep \"\$log\" '^timer: warning: tsc=unstable on the command line; jiffies and time_us\\(\\) count timer ticks instead$' 'tick clock warning'" \
	"check_grep \"\$log\" '^ok [0-9]+ clock_shared_across_cpus' 'clock_shared_across_cpus passing'"
hw pit_ch2_off "ktest test_pit_ch2_off" "$EXIT_PASS" "$ALL_ONLINE" "$KTESTS_PASS" "$GUEST_OK" \
	"check_grep \"\$log\" '^timer: PIT channel 2 does not count .*; the TSC rate comes from (CPUID leaf 0x1[56]|PIT channel 0)$' 'calibration fallback line'" \
	"check_grep \"\$log\" '^ok [0-9]+ lapic_timer_hz' 'lapic_timer_hz passing'"
hw cal_stall "ktest test_cal_stall" "$EXIT_PASS" "$ALL_ONLINE" "$KTESTS_PASS" "$GUEST_OK" \
	"check_grep \"\$log\" '^timer: TSC [0-9]+\\.[0-9]{3} MHz \\(([3-5][0-9]|6[0-4]) tries, 50 ms windows\\)$' 'calibration on 50 ms windows'" \
	"check_grep \"\$log\" '^ok [0-9]+ lapic_timer_hz' 'lapic_timer_hz passing'"
hw cal_stall_all "ktest test_cal_stall=all" "$EXIT_PASS" "$ALL_ONLINE" "$KTESTS_PASS" "$GUEST_OK" \
	"check_grep \"\$log\" '^timer: warning: no clean calibration after 64 tries \\(.*\\); error up to [0-9]+ us in (20|50) ms: the tick may be off by that much$' 'the warning'" \
	"check_grep \"\$log\" '^timer: TSC [0-9]+\\.[0-9]{3} MHz \\(64 tries(, 50 ms windows)?\\)$' 'the best sample of 64 kept'" \
	"check_grep \"\$log\" '^ok [0-9]+ lapic_timer_hz' 'lapic_timer_hz passing'"
hw cal_stall_long "ktest test_cal_stall=long" "$EXIT_PASS" "$ALL_ONLINE" "$KTESTS_PASS" "$GUEST_OK" \
	"check_absent \"\$log\" 'does not count' 'channel 2 taken for gated off'" \
	"check_absent \"\$log\" '[Ww]arning' 'a warning'" \
	"check_grep \"\$log\" '^timer: TSC [0-9]+\\.[0-9]{3} MHz \\([0-9]+ tries\\)$' 'calibration on 20 ms windows'"
hw apic_renumber "ktest test_apic_renumber" "$EXIT_PASS" "$ALL_ONLINE" "$KTESTS_PASS" "$GUEST_OK" \
	"check_grep \"\$log\" '^smp: test_apic_renumber: $((NCPUS - 1)) APs now have APIC ID \\+ 0x40$' 'renumbering line'" \
	"check_absent \"\$log\" 'did not answer' 'an AP left out'"
hw overflow "ktest_panic=overflow" "$EXIT_PANIC" \
	"check_grep \"\$log\" '^panic: CPU 0 \\(APIC 0x[0-9a-f]+\\): exception 8, double fault \\(#DF\\): kernel stack overflow$' 'the #DF report'" \
	"check_grep \"\$log\" '^  ESP [0-9a-f]{8} is in the guard page below the stack' 'the guard page line'"
hw overflow_ap "ktest_panic=overflow_ap" "$EXIT_PANIC" \
	"check_grep \"\$log\" '^panic: CPU $((NCPUS - 1)) \\(APIC 0x[0-9a-f]+\\): exception 8, double fault \\(#DF\\): kernel stack overflow$' 'the #DF report of the last AP'" \
	"check_grep \"\$log\" '^  ESP [0-9a-f]{8} is in the guard page below the stack' 'the guard page line'"
hw overflow_task "ktest_panic=overflow_task" "$EXIT_PANIC" \
	"check_grep \"\$log\" '^panic: CPU [0-9]+ \\(APIC 0x[0-9a-f]+\\): exception 8, double fault \\(#DF\\): kernel stack overflow$' 'the #DF report of the thread'" \
	"check_grep \"\$log\" '^  ESP [0-9a-f]{8} is in the guard page below the stack' 'the guard page line'" \
	"check_grep \"\$log\" 'recurse' 'the overflowing function in the stack trace'"
hw panic_midline "ktest_panic=midline" "$EXIT_PANIC" \
	"check_grep \"\$log\" '^ktest_panic: half a line from CPU $((NCPUS - 1))\$' 'the half line, whole and alone'" \
	"check_grep \"\$log\" '^panic: CPU 0 \\(APIC 0x[0-9a-f]+\\): ktest_panic=midline: panic\\(\\) while CPU $((NCPUS - 1)) has a line open\$' 'the report at column 0'"
echo "1..$n"
