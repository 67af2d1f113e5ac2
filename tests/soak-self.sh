#!/usr/bin/env bash
# soak-self.sh - tests/soak.sh itself, with stand-in suites instead of
# boots: what it counts, what it keeps, what it rejects.
#
# The stand-ins print TAP as the boot suites do. Each learns its run from
# BOOT_OUT (soak.sh sets it to DIR/run-K/boot), so a "flaky" one can fail
# in run 3 only; "pair" proves that -j 2 runs two runs at once (each waits
# for the other's mark), "limit" that it runs no more than two (each
# counts the runs under way halfway through it). No real load: stress-ng
# is make soak's business, and this suite runs on the host alone in a few
# seconds (the loaded checks put a stand-in stress-ng on PATH). Not
# covered: -t, whose unit is a minute.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export SOAK_SELF_TMP=$tmp

cat >"$tmp/steady.sh" <<'EOF'
echo "ok 1 always"
echo "1..1"
EOF
cat >"$tmp/flaky.sh" <<'EOF'
case $BOOT_OUT in
*/run-3/boot) echo "not ok 1 sometimes"; echo "# the third run's reason" ;;
*) echo "ok 1 sometimes" ;;
esac
echo "ok 2 never_fails"
echo "1..2"
EOF
cat >"$tmp/silent.sh" <<'EOF'
case $BOOT_OUT in */run-2/boot) exit 0 ;; esac
echo "ok 1 speaks"
echo "1..1"
EOF
cat >"$tmp/args.sh" <<'EOF'
echo "ok 1 got_$1"
echo "1..1"
EOF
cat >"$tmp/pair.sh" <<'EOF'
run=${BOOT_OUT%/boot}; run=${run##*/}
mkdir -p "$BOOT_OUT"; touch "$SOAK_SELF_TMP/mark-$run"
for _ in $(seq 50); do
	[ "$(ls "$SOAK_SELF_TMP" | grep -c '^mark-')" -ge 2 ] && { echo "ok 1 overlapped"; exit 0; }
	sleep 0.1
done
echo "not ok 1 overlapped"; echo "# no other run while $run ran"
EOF
cat >"$tmp/limit.sh" <<'EOF'
run=${BOOT_OUT%/boot}; run=${run##*/}
touch "$SOAK_SELF_TMP/in-$run"; sleep 0.5
ls "$SOAK_SELF_TMP" | grep -c '^in-' >>"$SOAK_SELF_TMP/at-once"
sleep 0.5; rm -f "$SOAK_SELF_TMP/in-$run"
echo "ok 1 counted"; echo "1..1"
EOF

# shellcheck source=tests/labs/say.sh
. "$top/tests/labs/say.sh"
# soak NAME ARGS...: run it, output in $tmp/NAME.out, status in $status;
# under -l $load (default 0).
soak() {
	local name=$1
	shift
	"$top/tests/soak.sh" -l "${load:-0}" -o "$tmp/$name.d" "$@" >"$tmp/$name.out" 2>&1
	status=$?
}
has() {	# has NAME LINE: a whole line of NAME's output, as it is
	grep -qxF -- "$2" "$tmp/$1.out"
}

soak mixed -n 4 -j 2 "$tmp/steady.sh" "$tmp/flaky.sh"
say "$([ $status = 1 ] && echo 1)" mixed_status "exit status $status, want 1"
say "$(has mixed 'soak: steady:always runs=4 failed=0' && echo 1)" mixed_steady \
	"want 'steady:always runs=4 failed=0'"
say "$(has mixed "soak: flaky:sometimes runs=4 failed=1 first failure: $tmp/mixed.d/run-3/2-flaky.log" && echo 1)" mixed_flaky \
	"want 'flaky:sometimes runs=4 failed=1' naming run 3's log"
say "$(has mixed "soak:   | # the third run's reason" && echo 1)" mixed_diag \
	"want the failing test's diagnostics shown"
say "$(has mixed 'soak: 11 passed, 1 failed' && echo 1)" mixed_total \
	"want the closing line '11 passed, 1 failed'"
say "$([ -d "$tmp/mixed.d/run-3" ] && [ -f "$tmp/mixed.d/run-3/2-flaky.log" ] && echo 1)" mixed_kept \
	"want run 3's logs kept"

soak quiet -n 3 "$tmp/steady.sh"
say "$([ $status = 0 ] && echo 1)" quiet_status "exit status $status, want 0"
say "$(has quiet 'soak: 3 passed, 0 failed' && echo 1)" quiet_total \
	"want the closing line '3 passed, 0 failed'"

soak match -n 4 -m 'never' "$tmp/flaky.sh"
say "$([ $status = 0 ] && has match 'soak: 4 passed, 0 failed' &&
	! grep -q 'sometimes' "$tmp/match.out" && echo 1)" match_counts_only_matching \
	"want only never_fails counted (status $status)"

soak silent -n 3 "$tmp/silent.sh"
say "$([ $status = 1 ] &&
	has silent "soak: silent:(no result) runs=1 failed=1 first failure: $tmp/silent.d/run-2/1-silent.log" &&
	echo 1)" silent_is_a_failure "want run 2, which printed no result, counted as a failure (status $status)"

soak args -n 1 "$tmp/args.sh hello"
say "$([ $status = 0 ] && has args 'soak: args:got_hello runs=1 failed=0' && echo 1)" suite_arguments \
	"want the suite given its argument (status $status)"

soak pair -n 2 -j 2 "$tmp/pair.sh"
say "$([ $status = 0 ] && has pair 'soak: 2 passed, 0 failed' && echo 1)" jobs_run_at_once \
	"want two runs at once under -j 2 (status $status)"

# most_at_once: the most runs of limit.sh seen under way at once.
most_at_once() {
	sort -n "$tmp/at-once" | tail -n 1
	rm -f "$tmp/at-once" "$tmp"/in-*
}
soak limit -n 6 -j 2 "$tmp/limit.sh"
most=$(most_at_once)
say "$([ $status = 0 ] && [ "$most" = 2 ] && echo 1)" jobs_at_most_j \
	"want two runs at once under -j 2, never more: saw $most (status $status)"

# Under a load (-l 1, a stand-in stress-ng that would run a minute): the
# load is a background job too, yet -j 2 still runs two runs at once, and
# the soak ends when its runs do, not when the load would.
mkdir -p "$tmp/bin"
printf '#!/bin/sh\nexec sleep 60\n' >"$tmp/bin/stress-ng"
chmod +x "$tmp/bin/stress-ng"
rm -f "$tmp"/mark-*
t0=$SECONDS
load=1 PATH=$tmp/bin:$PATH soak loaded -n 2 -j 2 "$tmp/pair.sh"
took=$((SECONDS - t0))
say "$([ $status = 0 ] && has loaded 'soak: 2 passed, 0 failed' && [ $took -lt 30 ] && echo 1)" \
	jobs_beside_the_load "want two runs at once beside the load, done before it (status $status, $took s)"
load=1 PATH=$tmp/bin:$PATH soak loaded-limit -n 6 -j 2 "$tmp/limit.sh"
most=$(most_at_once)
say "$([ $status = 0 ] && [ "$most" = 2 ] && echo 1)" jobs_at_most_j_beside_the_load \
	"want two runs at once under -j 2 beside the load, never more: saw $most (status $status)"

# Bad arguments: a message and status 2, before any run.
bad_args() {	# bad_args NAME WANT_MESSAGE ARGS...
	local name=$1 want=$2
	shift 2
	soak "$name" "$@"
	say "$([ $status = 2 ] && grep -qF -- "$want" "$tmp/$name.out" &&
		[ ! -d "$tmp/$name.d/run-1" ] && echo 1)" "$name" \
		"status $status; want 2 and '$want'"
}
bad_args rejects_jobs_0 "soak: -j takes 1 or more" -j 0 "$tmp/steady.sh"
bad_args rejects_runs_word "soak: -n, -l, -t and -j take whole numbers" -n many "$tmp/steady.sh"
bad_args rejects_no_suite "soak: no suite given"
bad_args rejects_missing_suite "soak: no suite script '$tmp/nothere.sh'" "$tmp/nothere.sh"

say_end
