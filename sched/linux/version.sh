#!/usr/bin/env bash
# version.sh LOG - the version of the Linux that wrote the console log LOG,
# from its banner ("Linux version 6.12.118+ (...)" gives 6.12.118), or
# nothing when LOG has no banner. One place for the pattern: bench/run.sh
# records it, tests/trace/pair_run.sh and linux_run.sh title with it.
set -uo pipefail
tr -d '\r' <"${1:?usage: version.sh LOG}" |
	sed -n 's/.*Linux version \([0-9][0-9.]*[0-9]\).*/\1/p' | head -n 1
