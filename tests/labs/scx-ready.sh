#!/usr/bin/env bash
# scx-ready.sh - status 0 when lab 10's Linux 6.12 steps are to run: asked
# for (LAB_SCX=1, which `make test-scx` sets) and Linux 6.12 already built
# (linux-cached.sh), so a step never starts the hour-long cold build.
# Status 1 skips the steps; any other status (linux-cached.sh could not
# tell) fails them. `make test` runs the 6.1 companion only: lab 10's
# Linux steps are the 6.12 suite's (mk/linux.mk, test-scx).
set -uo pipefail
[ "${LAB_SCX:-0}" = 1 ] || exit 1
LINUX_VERSION=6.12 exec "$(dirname "$0")/linux-cached.sh"
