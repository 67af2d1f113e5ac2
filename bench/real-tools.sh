#!/usr/bin/env bash
# real-tools.sh - does the port measure what the original measures? The
# field's benchmarks of user/bench (field.c) are written from the tools'
# descriptions; here the real tools run beside the port in one Linux 6.1
# guest, on the same machine shape, and each pair must agree within 15%:
#
#   hackbench       rt-tests' `hackbench -p -g 10 -f 10 -l 100` (pipes,
#                   processes, 10 senders and 10 receivers a group, as the
#                   port; hackbench's default groups and loops) against the
#                   port's full hackbench row, us a run
#   sched_pipe_1cpu `taskset -c CPU perf bench sched pipe -l 20000` (both
#                   tasks on the CPU the port pins them to) against the
#                   port's sched_pipe_1cpu row, ns a round trip (perf's
#                   time includes making and reaping its two processes:
#                   20 000 round trips make that a small part)
#
#   bench/real-tools.sh [OUTDIR]        (make bench-real; default build/bench/real)
#
# The tools are Debian's (rt-tests, linux-perf: scripts/deps.sh bench) and
# dynamically linked: the guest's initramfs gets them with the libraries
# ldd names, beside what sched/linux/initramfs.sh packs. Both kernels'
# deterministic options (mk/bench.mk, BENCH_ICOUNT/BENCH_RTC) are used, so
# a number is guest instructions and a second run gives the same; each tool
# runs REAL_RUNS times and its median is compared with the port's median.
# perf bench sched pipe has no option to put its two tasks on two given
# CPUs, so the port's sched_pipe_2cpu has no real counterpart here.
# Prints one TAP line a pair and a closing `N passed, N failed`; exits 1 on
# a disagreement.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$top/build/bench/real}
shape=${BENCH_SHAPE:-2n2c2t}
runs=${REAL_RUNS:-5}
icount=${BENCH_ICOUNT:-shift=0,sleep=off,align=off}
rtc=${BENCH_RTC:-base=2026-01-01T00:00:00,clock=vm}
tolerance=15	# percent

for tool in hackbench perf taskset; do
	command -v "$tool" >/dev/null || {
		echo "real-tools: '$tool' is missing: scripts/deps.sh bench (as root)" >&2
		exit 2
	}
done
mkdir -p "$out"
bz=$("$top/sched/linux/build.sh") || exit 2
base=$("$top/sched/linux/initramfs.sh") || exit 2
gen=${bz%/arch/x86/boot/bzImage}/usr/gen_init_cpio

# The initramfs: sched/linux's list, plus the three tools in /bin and every
# library they load, at the path the dynamic loader looks for it.
list=$out/initramfs.list
cp "$(dirname "$base")/initramfs.list" "$list"
perf=$(readlink -f "$(command -v perf)")
{
	declare -A dirs=() files=()
	for bin in "$(command -v hackbench)" "$perf" "$(command -v taskset)"; do
		echo "file /bin/${bin##*/} $bin 0755 0 0"
		for lib in $(ldd "$bin" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }'); do
			files[$lib]=1
		done
	done
	for lib in "${!files[@]}"; do
		d=$(dirname "$lib")
		while [ "$d" != / ] && [ -z "${dirs[$d]:-}" ]; do
			dirs[$d]=1
			d=$(dirname "$d")
		done
	done
	for d in $(printf '%s\n' "${!dirs[@]}" | sort); do
		echo "dir $d 0755 0 0"
	done
	for lib in $(printf '%s\n' "${!files[@]}" | sort); do
		echo "file $lib $(readlink -f "$lib") 0755 0 0"
	done
} >>"$list"
# perf is found as /bin/perf_6.1 or the like: give it its short name too.
[ "${perf##*/}" = perf ] || echo "slink /bin/perf /bin/${perf##*/} 0777 0 0" >>"$list"
"$gen" "$list" >"$out/initramfs.cpio" || exit 2

cpu=$(( $("$top/scripts/topo-args.sh" "$shape" | sed -n 's/.*-smp \([0-9]*\).*/\1/p') - 1 ))
cmds=(run:bench:field)
for ((i = 0; i < runs; i++)); do
	cmds+=(run:hackbench:-p:-g:10:-f:10:-l:100)
	cmds+=("run:taskset:-c:$cpu:perf:bench:sched:pipe:-l:20000")
done
log=$out/linux-$shape.log
BZIMAGE=$bz INITRD=$out/initramfs.cpio LINUX_TIMEOUT=1800 \
	LINUX_QEMU_ARGS="-icount $icount -rtc $rtc" \
	"$top/sched/linux/run.sh" "$shape" "${cmds[@]}" </dev/null 2>&1 | tr -d '\r' >"$log"
status=${PIPESTATUS[0]}
if [ "$status" != 0 ]; then
	echo "not ok 1 real_tools_boot # sched/linux/run.sh status $status; $log ends:"
	tail -n 20 "$log" | sed 's/^/#   | /'
	echo "0 passed, 1 failed"
	exit 1
fi

# median VALUES...: the middle one (the lower of the two middle ones).
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
row() { sed -n "s/^bench: name=$1 .* median=\([0-9.]*\) .*/\1/p" "$log" | head -1; }
# hackbench prints "Time: 0.356" (s); perf "  12.345 usecs/op".
real_hb=$(median $(sed -n 's/^Time: \([0-9.]*\)$/\1/p' "$log" | awk '{ printf "%.0f\n", $1 * 1e6 }'))
real_pipe=$(median $(sed -n 's/^ *\([0-9.]*\) usecs\/op$/\1/p' "$log" | awk '{ printf "%.0f\n", $1 * 1000 }'))

n=0 failed=0
# compare NAME PORT REAL UNIT
compare() {
	n=$((n + 1))
	if [ -z "$2" ] || [ -z "$3" ]; then
		echo "not ok $n port_agrees_$1 # port '${2}' real '${3}': a number is missing ($log)"
		failed=$((failed + 1))
		return
	fi
	if awk -v p="$2" -v r="$3" -v t="$tolerance" 'BEGIN { d = (p - r) / r; exit !(d <= t / 100 && d >= -t / 100) }'; then
		echo -n "ok $n port_agrees_$1"
	else
		echo -n "not ok $n port_agrees_$1"
		failed=$((failed + 1))
	fi
	awk -v p="$2" -v r="$3" -v u="$4" -v t="$tolerance" \
		'BEGIN { printf " # port %d %s, real %d %s: %+.1f%% (within %d%%)\n", p, u, r, u, (p - r) * 100 / r, t }'
}
compare hackbench "$(row hackbench)" "$real_hb" us
compare sched_pipe_1cpu "$(row sched_pipe_1cpu)" "$real_pipe" ns
echo "$((n - failed)) passed, $failed failed"
[ "$failed" = 0 ]
