#!/usr/bin/env bash
# measure-shared.sh - patch 0004 (sched_shared_smt) against the plain
# kernel: the same workloads of user/work/ booted with and without the
# option (on 6.1, or on 6.12 with LINUX_VERSION=6.12).
#
#   sched/linux/measure-shared.sh [SHAPE...]     default: 1n2c2t 2n2c2t
#
# Each round boots the companion Linux once per setting (two QEMUs at a
# time, on and off side by side, so both see the same host load) and runs:
#
#   spin:C-1:1500   one CPU-bound child fewer than CPUs (C = the shape's
#                   CPUs): the kloops they burn, how often they moved
#   spin:+2:1500    two more than CPUs: total kloops, and the fairness
#                   (slowest child's kloops / fastest child's)
#   pipeping:2000   a wakeup per message: microseconds a round trip
#   sleeper:30:10   30 sleeps of 10 ms: how late the wakeups were
#
# and reads /proc/sched_shared_smt before and after (the tasks taken from
# a shared queue). Prints a Markdown table of the means over the rounds
# (and the min-max range) and writes it to build/parity/shared/results.md;
# the logs are build/parity/shared/<shape>-<on|off>-<round>.log.
#
# Environment: ROUNDS (default 3), LINUX_TIMEOUT (s a boot, default 240),
# BZIMAGE / INITRD (a development tree's kernel), REPORT_ONLY=1 (no boots:
# the table from the logs of the last run).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/build/parity/shared
rounds=${ROUNDS:-3}
mkdir -p "$out"
[ $# -gt 0 ] || set -- 1n2c2t 2n2c2t

bzimage=${BZIMAGE:-$("$top/sched/linux/build.sh")} || exit 1
initrd=${INITRD:-$("$top/sched/linux/initramfs.sh")} || exit 1

# cpus SHAPE: the vCPUs of a shape (its -smp N).
cpus() {
	"$top/scripts/topo-args.sh" "$1" | sed -nE 's/.*-smp ([0-9]+).*/\1/p'
}

boot() {	# boot SHAPE on|off ROUND
	local append="" c
	[ "$2" = on ] && append=sched_shared_smt
	c=$(cpus "$1")
	BZIMAGE=$bzimage INITRD=$initrd LINUX_APPEND=$append \
		LINUX_TIMEOUT=${LINUX_TIMEOUT:-240} \
		"$top/sched/linux/run.sh" "$1" cat:/proc/sched_shared_smt \
		"run:spin:$((c - 1)):1500" run:spin:+2:1500 run:pipeping:2000 \
		run:sleeper:30:10 cat:/proc/sched_shared_smt \
		</dev/null >"$out/$1-$2-$3.log" 2>&1
	echo $? >"$out/$1-$2-$3.rc"
}

# metrics LOG CPUS: one line "pulls spin_kloops spin_moves over_kloops
# fairness rtt_us late_mean_us late_max_us", nothing when a line is missing.
# pulls: the second /proc/sched_shared_smt snapshot minus the first.
metrics() {
	local pulls
	pulls=$(tr -d '\r' <"$1" | grep -a '^shared_smt: cpu=' | sed 's/.*pulls=//' |
		awk -v n="$2" 'NR <= n { s -= $1 } NR > n { s += $1 } END { print s + 0 }')
	tr -d '\r' <"$1" | awk -v pulls="$pulls" '
	BEGIN { run = 0 }
	/^spin\[/ {
		k = $0; sub(/ kloops.*/, "", k); sub(/.* /, "", k)
		m = $0; sub(/ moves.*/, "", m); sub(/.*, /, "", m)
		kl[run] += k; mv[run] += m
		if (!(run in mn) || k + 0 < mn[run]) mn[run] = k + 0
		if (k + 0 > mx[run]) mx[run] = k + 0
	}
	/^spin: [0-9]+ children/ { run++ }
	/^pipeping: .* us each/ { r = $0; sub(/ us each.*/, "", r); sub(/.* /, "", r); rtt = r }
	/^sleeper: / {
		for (i = 1; i <= NF; i++) {
			if ($i == "mean,") lm = $(i - 2)
			if ($i == "max;") lx = $(i - 2)
		}
	}
	END {
		if (run < 2 || rtt == "" || lm == "")
			exit
		printf "%d %d %d %d %.2f %s %s %s\n", pulls, kl[0], mv[0], kl[1],
			mx[1] ? mn[1] / mx[1] : 0, rtt, lm, lx
	}'
}

for shape in "$@"; do
	[ "${REPORT_ONLY:-0}" = 1 ] && break
	for r in $(seq 1 "$rounds"); do
		echo "measure-shared: $shape round $r/$rounds" >&2
		boot "$shape" off "$r" &
		boot "$shape" on "$r" &
		wait
	done
done

{
	echo "| shape | option | rounds ok | pulls | spin C-1 kloops | spin C-1 moves | spin C+2 kloops | C+2 fairness (min/max) | pipeping us/trip | sleeper late mean us | sleeper late max us |"
	echo "|---|---|---|---|---|---|---|---|---|---|---|"
	for shape in "$@"; do
		c=$(cpus "$shape")
		for opt in off on; do
			for r in $(seq 1 "$rounds"); do
				[ "$(cat "$out/$shape-$opt-$r.rc")" = 0 ] || continue
				metrics "$out/$shape-$opt-$r.log" "$c"
			done | awk -v shape="$shape" -v opt="$opt" '
			{ n++; for (i = 1; i <= NF; i++) { s[i] += $i; if (n == 1 || $i < lo[i]) lo[i] = $i; if (n == 1 || $i > hi[i]) hi[i] = $i } }
			END {
				printf "| %s | %s | %d |", shape, opt, n
				for (i = 1; i <= 8; i++) {
					if (!n) { printf " - |"; continue }
					f = (i == 5) ? "%.2f" : "%.0f"
					printf " " f " (" f "-" f ") |", s[i] / n, lo[i], hi[i]
				}
				printf "\n"
			}'
		done
	done
} | tee "$out/results.md"
