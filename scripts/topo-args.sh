#!/usr/bin/env bash
# topo-args.sh NAME - print the QEMU arguments of shape NAME in tests/topologies.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
name=${1:?usage: topo-args.sh NAME}
line=$(awk -v n="$name" '$1 == n { $1 = ""; sub(/^ +/, ""); print; exit }' "$top/tests/topologies")
if [ -z "$line" ]; then
	echo "topo-args.sh: no shape '$name' in tests/topologies; known shapes:" >&2
	awk '!/^#/ && NF { printf " %s", $1 } END { print "" }' "$top/tests/topologies" >&2
	exit 2
fi
printf '%s\n' "$line"
