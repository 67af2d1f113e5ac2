#!/usr/bin/env bash
# check.sh OUTDIR - the test-profile suite (mk/bench.mk), host and one
# small guest only (two boots of ours on `up`, a few seconds each):
#   1. profile-report credits synthetic counts to the right functions
#      (a clone such as foo.part.0 to foo; the per-round arithmetic);
#   2. make profile's script runs ROW=syscall_null on ours: both boots
#      load the plugin and leave a profile, the row ran its rounds;
#   3. the system call path (entry, dispatch, the way out, getppid, the
#      vsyscall page) makes at least 60% of the instructions per round,
#      and the total per round is within 0.8x-2x of the row's own figure
#      (the rounds' loop and bench's calls between the timed windows are
#      in the total, not in the row's figure);
#   4. that check fails a report whose boots are swapped (the rounds'
#      instructions then come out negative): it can fail.
# TAP on stdout. Environment: PLUGIN, REPORT, BENCH_ICOUNT, BENCH_RTC.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: check.sh OUTDIR}
mkdir -p "$out"
fail=0
ok() { echo "ok $1 $2"; }
notok() { echo "not ok $1 $2"; fail=1; }

# 1. Synthetic: ROUNDS 2; a: (10 - 4) / 2 = 3; b with its clone: (5 + 3) / 2 = 4.
syn=$out/synthetic
mkdir -p "$syn"
printf '00001000 T a\n00001010 T b\n00001020 t b.part.0\n00002000 D data\n' >"$syn/k.syms"
printf '# insns=18\n1000 10\n1014 5\n1020 3\n' >"$syn/with.pcs"
printf '# insns=4\n1000 4\n' >"$syn/without.pcs"
"$REPORT" 2 "$syn/with.pcs" "$syn/without.pcs" "k:$syn/k.syms" >"$syn/report.txt" 2>&1
if grep -Eq '^ +4\.0 +57\.1%  k:b$' "$syn/report.txt" &&
	grep -Eq '^ +3\.0 +42\.9%  k:a$' "$syn/report.txt" &&
	grep -q '^total: 7\.0 instructions per round' "$syn/report.txt"; then
	ok 1 report_synthetic
else
	notok 1 report_synthetic
	sed 's/^/#   /' "$syn/report.txt"
fi

# family REPORT: the system call path's share (%) of the total per round,
# and 0 when the total is not positive.
family() {
	awk '/^total: / { total = $2 }
	     /%  / && $3 ~ /^(sysenter|syscall|trap_|sys_getppid|__kernel_vsyscall|this_task)/ { sum += $1 }
	     END { if (total > 0) printf "%d\n", 100 * sum / total; else print 0 }' "$1"
}

# 2. The two boots.
t0=$SECONDS
prof=$out/syscall_null
if ROW=syscall_null KERNEL=os ROUNDS=300 SHAPE=up TOP=40 PROFILE_TIMEOUT=120 \
	"$here/profile.sh" "$prof" >"$out/profile.log" 2>&1; then
	ok 2 "profile_boots # $((SECONDS - t0)) s"
else
	notok 2 "profile_boots # $((SECONDS - t0)) s"
	tail -n 15 "$out/profile.log" | sed 's/^/#   /'
fi

# 3. What the profile says.
share=0 total=0 figure=0
if [ -s "$prof/profile.txt" ]; then
	share=$(family "$prof/profile.txt")
	total=$(sed -n 's/^total: \([0-9.-]*\) .*/\1/p' "$prof/profile.txt")
	figure=$(sed -n 's/^row: \([0-9]*\) .*/\1/p' "$prof/profile.txt")
fi
if [ "$share" -ge 60 ] && awk -v t="${total:-0}" -v f="${figure:-0}" \
	'BEGIN { exit !(f > 0 && t >= 0.8 * f && t <= 2 * f) }'; then
	ok 3 "syscall_path_dominates # ${share}% of ${total} insns/round, row ${figure}"
else
	notok 3 "syscall_path_dominates # ${share}% of ${total:-?} insns/round, row ${figure:-?}"
	[ ! -s "$prof/profile.txt" ] || sed 's/^/#   /' "$prof/profile.txt"
fi

# 4. The same check on the boots swapped must fail.
if [ -s "$prof/with.pcs" ] && [ -s "$prof/without.pcs" ]; then
	"$REPORT" -n 40 300 "$prof/without.pcs" "$prof/with.pcs" ":$prof/kernel.syms" \
		"bench:$prof/bench.syms" ":$prof/extra.syms" >"$out/swapped.txt" 2>&1
	s=$(family "$out/swapped.txt")
	if [ "$s" -lt 60 ]; then
		ok 4 "check_rejects_swapped # ${s}%"
	else
		notok 4 "check_rejects_swapped # ${s}% with the boots swapped"
	fi
else
	notok 4 "check_rejects_swapped # no profiles"
fi
exit $fail
