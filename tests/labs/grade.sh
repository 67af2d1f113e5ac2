#!/usr/bin/env bash
# grade.sh LAB [TREE] - build lab LAB's grader from TREE's sched/ (default:
# this tree) and run it: one TAP line per check, then "grade: N/M". Exit 0
# when every check passed. The graders are simulator programs
# (tests/labs/grade/*.c on tests/sched/harness.c), so they test the
# student's scheduler code exactly as the kernel would run it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
lab=${1:?usage: grade.sh LAB [TREE]}
tree=$(cd "${2:-$top}" && pwd)
case $lab in
8) src=wakeup ;;
*) echo "grade.sh: lab $lab has no grader" >&2; exit 2 ;;
esac
out=$tree/build/labs/grade_$src
mkdir -p "$(dirname "$out")"
cd "$tree"
# The flags of the simulator's unit tests (mk/sched.mk): sanitizers on, so
# a body that corrupts the runqueue fails loudly.
if ! ${HOSTCC:-gcc} -Isched/sim -std=gnu11 -O1 -g -Wall -Wextra -Iinclude \
	-Isched -Itests -Itests/sched -fsanitize=address,undefined \
	-fno-sanitize-recover=all -o "$out" "$here/grade/$src.c" \
	tests/sched/harness.c sched/*.c sched/sim/arch.c sched/sim/ctx.c tests/shape.c \
	lib/topology.c lib/cpumask.c lib/statline.c; then
	echo "grade: 0 (does not build)"
	exit 1
fi
"$out"
