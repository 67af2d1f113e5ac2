#!/usr/bin/env bash
# cpu-limit.sh SECONDS CMD [ARGS...] - run a host program with a hang guard
# that the host's load cannot trip: at most SECONDS of CPU time (ulimit -t,
# for each process CMD starts; the kernel ends one past it with SIGXCPU,
# status 152), and, for a hang that does not spin (a process blocked for
# good), at most CPU_LIMIT_WALL seconds of wall time (default 3600; status
# 124). The CPU time a simulator run needs is the same on a busy host; its
# wall time is not: make test runs two host suites at once, and other work
# may share the machine.
set -uo pipefail
secs=${1:?usage: cpu-limit.sh SECONDS CMD [ARGS...]}
shift
ulimit -t "$secs" || exit 2
exec timeout "${CPU_LIMIT_WALL:-3600}" "$@"
