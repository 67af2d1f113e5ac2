#!/usr/bin/env bash
# linux-cached.sh - status 0 when the companion Linux is already built for
# the current patch series (sched/linux/build.sh would only print its path),
# 1 when `make run-linux` would first build it (minutes). The cache key is
# computed by build.sh's own lines (from "key=$( {" to "sha256sum"), so it
# cannot drift from build.sh; if they cannot be found, say "not built".
# (A `build.sh --cached` mode would make this file unnecessary.)
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/sched/linux
tarball=${LINUX_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/schedkernel
code=$(sed -n '/^key=\$( {$/,/sha256sum/p' "$here/build.sh")
[ -n "$code" ] && [ -f "$tarball" ] || exit 1
shopt -s nullglob
patches=("$here"/patches/0*.patch)
shopt -u nullglob
eval "$code" 2>/dev/null || exit 1
[ -f "$cache/linux-$key/.built" ]
