#!/usr/bin/env bash
# scale_check.sh SCHEDSIM - the scaling counts (sched/sim/count.h) come from
# the scheduler and grow with the machine; generated shapes are the
# machines QEMU would build; a bad one is refused with a message. Part of
# test-sched (tests/sched/run.sh); prints TAP.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
sim=${1:?usage: scale_check.sh SCHEDSIM}
cd "$top"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
ok() { n=$((n + 1)); echo "ok $n scale: $1"; }
nok() { n=$((n + 1)); echo "not ok $n scale: $1"; }
check() { if eval "$2"; then ok "$1"; else nok "$1"; fi; }
key() { sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<"$2"; }

# Four idle ticks: the idle balancers' pattern repeats every 2.
printf 'title idle\noptions check=0\nduration 4\n' > "$tmp/idle.scn"
declare -A scans
for s in 1n8c1t 4n16c1t 16n16c1t 64n16c1t; do
	line=$("$sim" --scale 4 --topo "gen:$s" "$tmp/idle.scn" | grep '^scale:')
	echo "# $line"
	scans[$s]=$(key rq_scans_per_cpu_tick "$line")
	locks=$(key rq_locks_per_s "$line")
	check "$s idle: runqueues scanned (${scans[$s]}) and locks taken ($locks) counted" \
		'[ "${scans[$s]%.*}" -gt 0 ] && [ "${locks:-0}" -gt 0 ]'
done
check "idle runqueues scanned per CPU per tick grow with CPUs and nodes (${scans[1n8c1t]} < ${scans[4n16c1t]} < ${scans[16n16c1t]} < ${scans[64n16c1t]})" \
	'[ "${scans[1n8c1t]%.*}" -lt "${scans[4n16c1t]%.*}" ] &&
	 [ "${scans[4n16c1t]%.*}" -lt "${scans[16n16c1t]%.*}" ] &&
	 [ "${scans[16n16c1t]%.*}" -lt "${scans[64n16c1t]%.*}" ]'
# The counts follow what the scheduler does: without the node balancer
# (balance=node) an idle 16-node machine scans less.
line=$("$sim" --scale 4 --options balance=node --topo gen:16n16c1t \
	"$tmp/idle.scn" | grep '^scale:')
echo "# $line"
local16=$(key rq_scans_per_cpu_tick "$line")
check "16n16c1t idle without the node balancer scans less ($local16 < ${scans[16n16c1t]})" \
	'[ "${local16%.*}" -lt "${scans[16n16c1t]%.*}" ]'

# Deterministic: the same run twice gives the same line.
printf 'title half\noptions check=0\nduration 30\ntask hog count=1/2xCPUS cpu=0\n' \
	> "$tmp/half.scn"
a=$("$sim" --scale 20 --topo gen:4n8c2t "$tmp/half.scn" | grep '^scale:')
b=$("$sim" --scale 20 --topo gen:4n8c2t "$tmp/half.scn" | grep '^scale:')
echo "# $a"
check "two runs give the same scale: line" '[ -n "$a" ] && [ "$a" = "$b" ]'
check "half-loaded 4n8c2t: 32 hogs, settled" \
	'[ "$(key tasks "$a")" = 32 ] && [ "$(key settle_ms "$a")" != none ]'

# A generated shape is the machine of the same QEMU arguments: the topo:
# lines of gen:2n2c2t and of tests/topologies' 2n2c2t agree but for the
# nodes' memory, which a generated shape does not model.
topo() {
	"$sim" --trace "$tmp/trace" --topo "$1" "$tmp/idle.scn" >/dev/null &&
		grep '^topo:' "$tmp/trace" | sed 's/ mem_mb=[0-9]*//'
}
check "gen:2n2c2t reports the topology of 2n2c2t" \
	'[ -n "$(topo 2n2c2t)" ] && [ "$(topo gen:2n2c2t)" = "$(topo 2n2c2t)" ]'
big=$(topo gen:64n8c2t | head -n 1)
check "gen:64n8c2t: 1024 CPUs, 64 nodes, 512 cores ($big)" \
	'[ "$big" = "topo: cpus=1024 packages=64 cores=512 threads_per_core=2 nodes=64 runqueues=512" ]'

# Bad shapes: a message naming the problem, status 1, nothing run.
for bad in "65n1c1t:1 to MAX_NODES=64" "64n9c2t:NR_CPUS=1024" \
	   "2n2c:is not NnCcTt" "0n4c1t:1 to MAX_NODES"; do
	spec=${bad%%:*} want=${bad#*:}
	out=$("$sim" --topo "gen:$spec" "$tmp/idle.scn"); rc=$?
	check "gen:$spec refused: $want" \
		'[ $rc = 1 ] && grep -q "^not ok 1 idle\[gen:$spec\] setup # gen: .*$want" <<<"$out"'
done
echo "1..$n"
