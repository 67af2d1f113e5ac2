#!/usr/bin/env bash
# deps.sh [group...] - install the Debian packages the build and tests need,
# only those missing. Groups: base (always), soak (stress-ng: the load that
# make soak puts on the host), bench (rt-tests' hackbench, perf, taskset:
# the real tools that make bench-real runs beside the port), scx (Linux 6.12 with sched_ext and scx_d7:
# make linux LINUX_VERSION=6.12, make scx, make test-scx). Run as root on Debian 12; anyone else gets
# the apt-get line to run.
set -euo pipefail
pkgs_base="make gcc qemu-system-x86 grub-pc-bin grub-efi-amd64-bin grub-common
xorriso mtools ovmf nasm console-setup-linux
gcc-i686-linux-gnu binutils-i686-linux-gnu acpica-tools cpio gdb clang
libfuzzer-14-dev libclang-rt-14-dev valgrind
linux-source-6.1 flex bison bc libelf-dev python3-ply python3-git
libxml2-utils chromium libpng-dev rsync"
pkgs_soak="stress-ng"
pkgs_bench="rt-tests linux-perf util-linux"
pkgs_scx="linux-source-6.12 dwarves clang-19 llvm-19 libelf-dev zlib1g-dev
libzstd-dev"
want=$pkgs_base
for group in "$@"; do
	case $group in
	base) ;;
	soak) want="$want $pkgs_soak" ;;
	bench) want="$want $pkgs_bench" ;;
	scx) want="$want $pkgs_scx" ;;
	*) echo "deps.sh: unknown group '$group' (base, soak, bench, scx)" >&2; exit 2 ;;
	esac
done
missing=()
for p in $want; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' ||
		missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ]; then
	echo "deps.sh: missing packages: ${missing[*]}" >&2
	echo "deps.sh: run as root, or: sudo apt-get install ${missing[*]}" >&2
	exit 1
fi
echo "deps.sh: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
