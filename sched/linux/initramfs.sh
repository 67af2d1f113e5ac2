#!/usr/bin/env bash
# initramfs.sh - build the companion guest's initramfs: the static init of
# sched/linux/init/init.c (host gcc -static) and the workloads of user/work/
# built as static Linux programs (`make user-linux`, build/user-linux/) in
# /bin, in an uncompressed cpio newc archive, with /dev/console (5,1) that
# the kernel opens for init. For Linux 6.12 (LINUX_VERSION=6.12) also the
# sched_ext scheduler scx_d7 (scx/build.sh) in /bin.
#
#   sched/linux/initramfs.sh    rebuild if out of date; print the archive's path
#
# The archive is written by gen_init_cpio from the kernel tree's usr/ (built
# by build.sh, or next to $BZIMAGE when set), from a text list. Output:
# build/linux/initramfs.cpio (6.1), build/linux-6.12/initramfs.cpio (6.12).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
version=${LINUX_VERSION:-6.1}
extra=()
case $version in
6.1) out=$top/build/linux ;;
6.12) out=$top/build/linux-6.12
      scx=$("$here/scx/build.sh")
      extra=("$scx") ;;
*) echo "initramfs: unknown LINUX_VERSION (6.1 or 6.12)" >&2; exit 1 ;;
esac
cpio=$out/initramfs.cpio

bzimage=${BZIMAGE:-$("$here/build.sh")}
gen=${bzimage%/arch/x86/boot/bzImage}/usr/gen_init_cpio
[ -x "$gen" ] || { echo "initramfs: $gen is missing (BLK_DEV_INITRD off?)" >&2; exit 1; }

# One build at a time (two suites may ask at once; both wrote the same
# temporary file): the second waits, then finds the archive fresh.
mkdir -p "$out"
exec 8>"$out/.initramfs.lock"
flock 8

# The workloads: every program make user-linux built (it is the Makefile
# that knows their list; this script packs whatever is there).
make -s -C "$top" user-linux >&2
progs=$top/build/user-linux
fresh=1
for f in "$here/init/init.c" "$here/initramfs.sh" "$gen" "$progs"/* "${extra[@]}"; do
	[ -f "$cpio" ] && [ "$cpio" -nt "$f" ] || fresh=0
done
if [ $fresh = 1 ]; then
	echo "$cpio"
	exit 0
fi
mkdir -p "$out"
${HOSTCC:-gcc} -static -O2 -Wall -Wextra -Werror -o "$out/init" "$here/init/init.c"
cat >"$out/initramfs.list" <<LIST
dir /dev 0755 0 0
nod /dev/console 0600 0 0 c 5 1
dir /proc 0755 0 0
dir /sys 0755 0 0
file /init $out/init 0755 0 0
dir /bin 0755 0 0
LIST
for f in "$progs"/* "${extra[@]}"; do
	[ -x "$f" ] && echo "file /bin/${f##*/} $f 0755 0 0" >>"$out/initramfs.list"
done
"$gen" "$out/initramfs.list" >"$cpio.tmp"
mv "$cpio.tmp" "$cpio"
echo "$cpio"
