#!/usr/bin/env bash
# linux-run.sh DIR - run each workload built for Linux (DIR = build/user-linux)
# briefly on this host, as ordinary programs, and check that each exits 0
# and prints its summary line. Proves the shim (user/shim_linux.c) and that
# the sources are the portable ones the companion Linux guest will run.
set -uo pipefail
dir=${1:?usage: linux-run.sh DIR}
n=0
fail=0
check() {	# NAME EXPECTED-REGEX CMD...
	local name=$1 want=$2 out rc
	shift 2
	n=$((n + 1))
	out=$(timeout 30 "$@" 2>&1)
	rc=$?
	echo "$out" | sed 's/^/# /'
	if [ $rc -eq 0 ] && echo "$out" | grep -qE "$want"; then
		echo "ok $n linux_$name"
	else
		echo "not ok $n linux_$name # status $rc"
		fail=1
	fi
}
check hog '^hog: 1 s, [0-9]+ kloops' "$dir/hog" 1
check spin '^spin: 2 children' "$dir/spin" 2 300
check forker '^forker: 50 forks .* 0 bad exit codes' "$dir/forker" 50
check execer '^execer: 2 children' "$dir/execer" 2 100
check pipeping '^pipeping: 1000 round trips' "$dir/pipeping" 1000
check sleeper '^sleeper: 5 x 10 ms' "$dir/sleeper" 5 10
check nicemix '^nicemix: nice 19' "$dir/nicemix" 1
check pin_all '^pin: [0-9]+ cpus checked, 0 found us elsewhere' "$dir/pin" all 50
# Bad arguments: a usage line and status 2, not a crash.
n=$((n + 1))
"$dir/spin" 0 >/dev/null 2>&1
rc=$?
if [ $rc -eq 2 ]; then echo "ok $n linux_bad_args_usage"; else
	echo "not ok $n linux_bad_args_usage # spin 0 exited $rc"; fail=1; fi
echo "1..$n"
exit $fail
