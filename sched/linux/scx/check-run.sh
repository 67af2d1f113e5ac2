#!/usr/bin/env bash
# check-run.sh LOG [MIN_STATES] - did scx_d7 schedule the whole run of LOG,
# a serial log of sched/linux/run.sh with run:scx_d7:...? Yes when the
# loader's state lines (scx_d7.c: at attach, every second of the workload,
# after it) say "state=enabled ops=d7", at least MIN_STATES of them
# (default 2), then one "state=disabled", and its exit line is its own
# unregistration (unregistered=1, code 0), not an ejection by the kernel.
# Otherwise prints why (one line) and exits 1. A run that claims to
# measure scx_d7 must pass this: tests/parity/scx.sh, bench/run.sh (SCX=1).
set -uo pipefail
log=${1:?usage: check-run.sh LOG [MIN_STATES]}
min=${2:-2}
states=$(tr -d '\r' <"$log" | grep -a '^scx_d7: state=')
enabled=$(echo "$states" | sed '$d')
if [ "$(echo "$enabled" | grep -c .)" -lt "$min" ] ||
   ! echo "$states" | tail -n 1 | grep -q '^scx_d7: state=disabled ops=' ||
   echo "$enabled" | grep -vqxF 'scx_d7: state=enabled ops=d7'; then
	echo "want state=enabled ops=d7 throughout (at least $min lines), then disabled; got: $(echo "$states" | tr '\n' ' ')"
	exit 1
fi
if ! tr -d '\r' <"$log" | grep -aqE '^scx_d7: exit kind=[0-9]+ code=0 unregistered=1$'; then
	echo "sched_ext's exit is not the loader's unregistration: $(tr -d '\r' <"$log" | grep -a '^scx_d7: exit ' | tr '\n' ' ')"
	exit 1
fi
