#!/usr/bin/env bash
# linux-cached.sh - status 0 when the companion Linux (LINUX_VERSION, default
# 6.1) is already built for the current patch series (sched/linux/build.sh
# would only print its path), 1 when `make run-linux` would first build it
# (minutes). The tree's folder is computed by build.sh's own lines (its
# version's fragments and patches, the key, the folder's name), so it
# cannot drift from build.sh; lines that cannot be found or run are an
# error (status 2, on stderr), never a quiet "not built" that would skip a
# lab's Linux steps. (A `build.sh --cached` mode would make this file
# unnecessary.)
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/sched/linux
version=${LINUX_VERSION:-6.1}
tarball=${LINUX_TARBALL:-/usr/src/linux-source-$version.tar.xz}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/schedkernel
[ -f "$tarball" ] || exit 1
part() {	# part SED-RANGE: those lines of build.sh, or an error
	local code
	code=$(sed -n "$1" "$here/build.sh")
	[ -n "$code" ] || { echo "linux-cached.sh: no lines $1 in build.sh" >&2; exit 2; }
	printf '%s\n' "$code"
}
die() { echo "linux-cached.sh: $*" >&2; exit 2; }
code="$(part '/^fragments=(/,/^esac$/p')
shopt -s nullglob
$(part '/^patches=(/p')
shopt -u nullglob
$(part '/^key=\$( {$/,/sha256sum/p')
$(part '/^dir=\$cache\//p')"
eval "$code" || die "build.sh's lines failed: $code"
[ -n "${dir:-}" ] || die "build.sh's lines named no tree folder"
[ -f "$dir/.built" ]
