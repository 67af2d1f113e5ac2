#!/usr/bin/env bash
# build.sh - build the companion Linux kernel: Debian's linux-source-<version>
# with that version's patch series and config fragments.
#
#   sched/linux/build.sh            build if needed; print the bzImage's path
#   sched/linux/build.sh --each     also build after every patch (pristine,
#                                   0001, 0001+0002, ...): each must build;
#                                   <tree>/steps/<patch>.bzImage keeps each
#                                   step's kernel for a boot check
#   sched/linux/build.sh --checkpatch   run the tree's checkpatch.pl on every
#                                   patch (after building, so the tree exists)
#
# Versions: 6.1 (the default, what make test boots): patches/ and
# config.fragment. 6.12 (sched_ext): 6.12/patches/, and config.fragment
# followed by 6.12/config.fragment (BPF, BTF, SCHED_CLASS_EXT).
#
# The tree lives outside the repository, in
#   ${XDG_CACHE_HOME:-$HOME/.cache}/schedkernel/linux-<version>-<key>
# where <key> is the sha256 of the patches, the fragments, this script and
# the tarball's identity (path, size, mtime). A finished build leaves the
# marker file .built there; a folder without it (an interrupted build) is
# redone from scratch. Only the three most recently used trees of each
# version are kept (1.5 GB each for 6.1; 6.12 is larger with its debug info).
# Progress goes to stderr, the compiler's output to <tree>/build.log.
#
# Environment: LINUX_VERSION (6.1 or 6.12; default 6.1), LINUX_TARBALL
# (default /usr/src/linux-source-<version>.tar.xz), LINUX_JOBS (default 2:
# the machine's two cores).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
version=${LINUX_VERSION:-6.1}
tarball=${LINUX_TARBALL:-/usr/src/linux-source-$version.tar.xz}
jobs=${LINUX_JOBS:-2}
cache=${XDG_CACHE_HOME:-$HOME/.cache}/schedkernel
keep=3
each=0 checkpatch=0
for arg in "$@"; do
	case "$arg" in
	--each) each=1 ;;
	--checkpatch) checkpatch=1 ;;
	*) echo "usage: build.sh [--each] [--checkpatch]" >&2; exit 2 ;;
	esac
done

say() { echo "linux $version: $*" >&2; }
die() { echo "linux $version: error: $*" >&2; exit 1; }

# 6.1 keeps its series at the top of sched/linux/; a later version has a
# folder of its own, whose fragment adds to the common one.
fragments=("$here/config.fragment")
case $version in
6.1) vdir=$here ;;
6.12) vdir=$here/6.12; fragments+=("$vdir/config.fragment") ;;
*) die "unknown LINUX_VERSION (6.1 or 6.12)" ;;
esac

if [ ! -f "$tarball" ]; then
	[ "$(id -u)" -eq 0 ] ||
		die "$tarball is missing: apt-get install linux-source-$version (or scripts/deps.sh as root)"
	say "installing linux-source-$version for $tarball"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "linux-source-$version" >/dev/null
fi
for tool in flex bison bc gcc make git; do
	command -v "$tool" >/dev/null || die "'$tool' is missing: run scripts/deps.sh as root"
done
[ -f /usr/include/gelf.h ] || die "libelf-dev is missing (objtool needs it): run scripts/deps.sh"
# BTF is generated from the DWARF of vmlinux by pahole.
if cat "${fragments[@]}" | grep -qx 'CONFIG_DEBUG_INFO_BTF=y'; then
	command -v pahole >/dev/null || die "pahole is missing (dwarves): run scripts/deps.sh scx"
fi

shopt -s nullglob
patches=("$vdir"/patches/0*.patch)
shopt -u nullglob
key=$( {
	stat -c '%n %s %Y' "$tarball"
	cat "$here/build.sh" "${fragments[@]}"
	for p in "${patches[@]}"; do basename "$p"; cat "$p"; done
} | sha256sum | cut -c1-16)
dir=$cache/linux-$version-$key
bzimage=$dir/src/arch/x86/boot/bzImage
make_k() { make -C "$dir/src" ARCH=x86_64 "$@"; }

# Build the tree as it stands; on failure show the end of the log.
compile() {
	if ! make_k -j"$jobs" bzImage >>"$dir/build.log" 2>&1; then
		tail -n 30 "$dir/build.log" >&2
		die "build failed ($1); full log: $dir/build.log"
	fi
}

# checkpatch.pl on every patch; fails only when a patch has an error
# (the warnings are explained in README.md).
run_checkpatch() {
	local p out errors=0
	for p in "${patches[@]}"; do
		echo "== $(basename "$p")"
		# /usr/bin first: spdxcheck.py wants the python3 that has python3-ply.
		out=$(cd "$dir/src" && PATH=/usr/bin:$PATH \
			scripts/checkpatch.pl --terse --show-types "$p" 2>&1) || true
		echo "${out:-no errors, no warnings}"
		if echo "$out" | grep -q ': ERROR:'; then errors=1; fi
	done
	return $errors
}

mkdir -p "$cache"
exec 9>"$cache/lock-$version"
flock 9	# one build at a time: parallel test runs wait for the first one

if [ -f "$dir/.built" ] && [ -f "$bzimage" ] && [ "$each" -eq 0 ]; then
	touch "$dir/.built"
	status=0
	[ "$checkpatch" -eq 0 ] || run_checkpatch >&2 || status=1
	echo "$bzimage"
	exit $status
fi

start=$(date +%s)
rm -rf "$dir"
mkdir -p "$dir/src"
say "unpacking $(basename "$tarball") into $dir (about 15 s)"
tar -xJf "$tarball" -C "$dir/src" --strip-components=1

# A git repository of the pristine tree, so that `git am` applies the series
# exactly as format-patch wrote it. Debian's .gitignore ignores the top level:
# add with -f. Fixed identity and date keep the pristine commit reproducible.
say "committing the pristine tree (about 30 s)"
export GIT_AUTHOR_NAME=build.sh GIT_AUTHOR_EMAIL=build.sh@localhost
export GIT_COMMITTER_NAME=build.sh GIT_COMMITTER_EMAIL=build.sh@localhost
export GIT_AUTHOR_DATE='2000-01-01T00:00:00Z' GIT_COMMITTER_DATE='2000-01-01T00:00:00Z'
git -C "$dir/src" init -q
git -C "$dir/src" add -f -A
git -C "$dir/src" commit -q -m "pristine $(basename "$tarball")"

say "configuring: tinyconfig + ${fragments[*]#"$here/"}"
{
	make_k tinyconfig
	(cd "$dir/src" && ARCH=x86_64 scripts/kconfig/merge_config.sh -m .config "${fragments[@]}")
	make_k olddefconfig
} >"$dir/build.log" 2>&1 || { tail -n 20 "$dir/build.log" >&2; die "configuration failed"; }
# Every line of the fragment must survive olddefconfig (a missing dependency
# silently drops an option otherwise).
for frag in "${fragments[@]}"; do
	while IFS= read -r line; do
		case "$line" in ''|'#'*) continue ;; esac
		grep -qxF "$line" "$dir/src/.config" ||
			die "${frag#"$here/"}: '$line' did not survive olddefconfig (a missing dependency?)"
	done <"$frag"
done
cp "$dir/src/.config" "$dir/config"

if [ "$each" -eq 1 ]; then
	say "building the pristine tree"
	compile pristine
fi
for p in "${patches[@]}"; do
	if ! git -C "$dir/src" am -q --keep-cr "$p" >>"$dir/build.log" 2>&1; then
		git -C "$dir/src" am --abort >/dev/null 2>&1 || true
		die "$(basename "$p") does not apply (see $dir/build.log)"
	fi
	say "applied $(basename "$p")"
	if [ "$each" -eq 1 ]; then
		say "building with $(basename "$p")"
		compile "$(basename "$p")"
		mkdir -p "$dir/steps"
		cp "$bzimage" "$dir/steps/$(basename "$p" .patch).bzImage"
	fi
done

say "building bzImage with make -j$jobs (6.1: about 3 min cold); log: $dir/build.log"
compile "the whole series"
[ -f "$bzimage" ] || die "no bzImage after the build"
touch "$dir/.built"
say "built in $(($(date +%s) - start)) s"

# Keep the most recently used trees only (their .built marker is touched at
# every use); a tree without the marker is an interrupted build: remove it.
for old in "$cache"/linux-"$version"-*; do
	[ "$old" = "$dir" ] || [ -f "$old/.built" ] || { say "removing unfinished $old"; rm -rf "$old"; }
done
ls -1t "$cache"/linux-"$version"-*/.built | tail -n +$((keep + 1)) | while read -r old; do
	say "removing old tree ${old%/.built}"
	rm -rf "${old%/.built}"
done

status=0
[ "$checkpatch" -eq 0 ] || run_checkpatch >&2 || status=1
echo "$bzimage"
exit $status
