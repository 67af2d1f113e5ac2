#!/usr/bin/env bash
# profile.sh OUTDIR - `make profile` (mk/bench.mk): where one bench row's
# instructions go, per function, on our kernel or on Linux 6.1.
#
# Two boots that differ only in the row's round count: `bench profile ROW
# ROUNDS` and `bench profile ROW 0` (user/bench/main.c), each under the
# deterministic options (-icount BENCH_ICOUNT -rtc BENCH_RTC) and with the
# plugin (plugin.c) counting the guest's instructions per PC on every vCPU.
# Everything up to the row's first round is the same in both boots; what
# the first has more is the rounds: profile-report (report.c) maps both
# profiles to functions, subtracts, and divides by ROUNDS.
#
#   OUTDIR/{with,without}.{log,pcs}   serial logs and the plugin's counts
#   OUTDIR/*.syms                     the symbol tables used (nm -n)
#   OUTDIR/profile.txt                the report, also on stdout
#
# Environment (mk/bench.mk sets them): ROW (syscall_null, yield_self,
# ctx_switch, fork_exit, fork_exec_exit), ROUNDS (1000), KERNEL (os or linux), SHAPE (a shape of
# tests/topologies), TOP (functions shown), PLUGIN and REPORT (the built
# plugin and profile-report), BENCH_ICOUNT and BENCH_RTC, BZIMAGE (Linux:
# that bzImage instead of asking sched/linux/build.sh; its System.map must
# be beside the build tree's, see below), PROFILE_TIMEOUT (s, each boot).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?usage: profile.sh OUTDIR}
row=${ROW:-syscall_null}
rounds=${ROUNDS:-1000}
kernel=${KERNEL:-os}
shape=${SHAPE:-up}
ntop=${TOP:-25}
plugin=${PLUGIN:?PLUGIN: the plugin .so}
report=${REPORT:?REPORT: profile-report}
icount=${BENCH_ICOUNT:?} rtc=${BENCH_RTC:?}
tmo=${PROFILE_TIMEOUT:-600}
mkdir -p "$out"
rm -f "$out"/with.* "$out"/without.* "$out"/*.syms "$out/profile.txt"

case $row in
syscall_null | yield_self | fork_exit | fork_exec_exit) per_round=1 ;;
ctx_switch) per_round=2 ;;	# a round is a round trip; the row prints half of one
*) echo "profile.sh: ROW=$row: want syscall_null, yield_self, ctx_switch, fork_exit or fork_exec_exit" >&2; exit 2 ;;
esac

# boot NAME N: the row with N rounds, its log in NAME.log, its counts in NAME.pcs.
case $kernel in
os)
	boot() {
		QEMU_MODE=batch QEMU_KERNEL=$top/build/kernel.elf \
			QEMU_APPEND="-- -c bench profile $row $2" \
			timeout --kill-after=5 "$tmo" "$top/scripts/qemu.sh" "$shape" \
			-initrd "$top/build/initrd.cpio" -icount "$icount" -rtc "$rtc" \
			-plugin "file=$plugin,arg=out=$out/$1.pcs" </dev/null 2>&1 |
			tr -d '\r' >"$out/$1.log" || true	# the checks below judge the boot
	}
	i686-linux-gnu-nm -n "$top/build/kernel.elf" >"$out/kernel.syms"
	i686-linux-gnu-nm -n "$top/build/user/bin/bench" >"$out/bench.syms"
	# The system call page every process has (include/uapi/vsyscall.h's
	# VSYSCALL_ADDR): the user side of each system call goes through it.
	echo "7ff00000 T __kernel_vsyscall" >"$out/extra.syms"
	;;
linux)
	bz=${BZIMAGE:-$("$top/sched/linux/build.sh")}
	lin_initrd=$("$top/sched/linux/initramfs.sh")
	# bzImage is arch/x86/boot/bzImage of the build tree; System.map is at
	# its top. The kernel is not relocatable (CONFIG_RELOCATABLE is off in
	# the companion config): it runs at System.map's addresses.
	map=$(dirname "$bz")/../../../System.map
	[ -f "$map" ] || { echo "profile.sh: no System.map beside $bz" >&2; exit 1; }
	boot() {
		BZIMAGE=$bz INITRD=$lin_initrd LINUX_TIMEOUT=$tmo LINUX_APPEND=no_timer_check \
			LINUX_QEMU_ARGS="-icount $icount -rtc $rtc -plugin file=$plugin,arg=out=$out/$1.pcs" \
			"$top/sched/linux/run.sh" "$shape" "run:bench:profile:$row:$2" </dev/null 2>&1 |
			tr -d '\r' >"$out/$1.log" || true	# the checks below judge the boot
	}
	cp "$map" "$out/kernel.syms"
	nm -n "$top/build/user-linux/bench" >"$out/bench.syms"
	: >"$out/extra.syms"	# the vDSO moves from boot to boot (ASLR): [unknown]
	;;
*) echo "profile.sh: KERNEL=$kernel: want os or linux" >&2; exit 2 ;;
esac

for name in with without; do
	n=$rounds
	[ "$name" = with ] || n=0
	t0=$SECONDS
	boot "$name" "$n"
	[ -s "$out/$name.pcs" ] || { echo "profile.sh: the $name boot left no profile (see $out/$name.log)" >&2; exit 1; }
	grep -q "^bench: name=$row .*rounds=$n\$" "$out/$name.log" ||
		{ echo "profile.sh: the $name boot did not run $row $n times (see $out/$name.log)" >&2; exit 1; }
	echo "profile: $kernel $row, $n rounds: $((SECONDS - t0)) s" >&2
done

# The row's own figure: the mean of its samples (TSC ns, which are
# instructions under -icount shift=0), times the samples a round makes.
extra=$(cat "$out/extra.syms")
mean=$(sed -n "s/^bench: name=$row profile mean_ns=\([0-9]*\) rounds=.*/\1/p" "$out/with.log" | head -1)
{
	echo "profile: $row on $kernel ($shape), $rounds rounds against 0, -icount $icount"
	"$report" -n "$ntop" -c "$((mean * per_round))" "$rounds" "$out/with.pcs" "$out/without.pcs" \
		":$out/kernel.syms" "bench:$out/bench.syms" ${extra:+":$out/extra.syms"}
} | tee "$out/profile.txt"
