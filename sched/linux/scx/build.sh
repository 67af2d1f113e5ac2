#!/usr/bin/env bash
# build.sh - build scx_d7 (the BPF scheduler and its static loader) against
# the companion Linux 6.12 tree, with that tree's own tools: its
# tools/sched_ext Makefile builds libbpf, bpftool and vmlinux.h (from the
# built vmlinux's BTF); this script compiles scx_d7.bpf.c with clang-19 as
# that Makefile compiles its examples, generates the skeleton with that
# bpftool, and links the loader statically with that libbpf.
#
#   sched/linux/scx/build.sh    build if out of date; print the loader's path
#
# Output: build/linux-6.12/scx_d7 (the BPF object is inside it, in the
# skeleton). libbpf and bpftool live beside the kernel tree in the cache
# (<tree>/../scx-tools), built once per tree.
#
# Environment: CLANG (default clang-19), LINUX_JOBS (default 2), BZIMAGE
# (build against that kernel's tree instead of build.sh's).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
out=$top/build/linux-6.12
clang=${CLANG:-clang-19}
jobs=${LINUX_JOBS:-2}

die() { echo "scx_d7: error: $*" >&2; exit 1; }

command -v "$clang" >/dev/null || die "$clang is missing: run scripts/deps.sh scx"
# BZIMAGE: a development tree's kernel (as run.sh and initramfs.sh take it);
# without it build.sh would build (cold) the tree of the current series.
bzimage=${BZIMAGE:-$(LINUX_VERSION=6.12 "$here/../build.sh")} || die "the Linux 6.12 build failed"
tree=${bzimage%/arch/x86/boot/bzImage}
tools=$(dirname "$tree")/scx-tools
sx=$tree/tools/sched_ext
loader=$out/scx_d7
mkdir -p "$out"

fresh=1
for f in "$here"/scx_d7.bpf.c "$here"/scx_d7.c "$here"/scx_d7.h "$here"/build.sh \
	 "$top"/sched/tunables.h "$top"/include/params.h "$bzimage"; do
	[ -f "$loader" ] && [ "$loader" -nt "$f" ] || fresh=0
done
if [ $fresh = 1 ]; then
	echo "$loader"
	exit 0
fi

# libbpf, bpftool and vmlinux.h, by the tree's own Makefile (incremental).
echo "scx_d7: libbpf, bpftool, vmlinux.h from $sx (log: $tools/build.log)" >&2
mkdir -p "$tools"
if ! make -C "$sx" -j"$jobs" O="$tools" CLANG="$clang" VMLINUX_BTF="$tree/vmlinux" \
	"$tools/build/obj/libbpf/libbpf.a" "$tools/build/sbin/bpftool" \
	"$tools/build/include/vmlinux.h" >"$tools/build.log" 2>&1; then
	tail -n 20 "$tools/build.log" >&2
	die "the tools/sched_ext build failed"
fi
bpftool=$tools/build/sbin/bpftool
inc=$tools/build/include

# The BPF flags of tools/sched_ext/Makefile (BPF_CFLAGS), with the host's
# system include folders after ours, and the teaching kernel's headers
# (params.h, tunables.h) for the tunables.
sys_includes=$("$clang" -v -E - </dev/null 2>&1 |
	sed -n '/<...> search starts here:/,/End of search list./{ s| \(/.*\)|-idirafter \1|p }')
obj=$out/obj
mkdir -p "$obj"
# shellcheck disable=SC2086 # sys_includes is a list of words
"$clang" -g -O2 -mcpu=v3 -target bpf -D__TARGET_ARCH_x86 -mlittle-endian \
	-I"$sx/include" -I"$sx/include/bpf-compat" -I"$inc" \
	-I"$tree/tools/include/uapi" -I"$tree/include" \
	-I"$top/include" -I"$top/sched" -I"$here" $sys_includes \
	-Wall -Wno-compare-distinct-pointer-types \
	-c "$here/scx_d7.bpf.c" -o "$obj/scx_d7.bpf.o"

# The skeleton, linked as the Makefile does (three passes must agree).
"$bpftool" gen object "$obj/scx_d7.linked1.o" "$obj/scx_d7.bpf.o"
"$bpftool" gen object "$obj/scx_d7.linked2.o" "$obj/scx_d7.linked1.o"
"$bpftool" gen object "$obj/scx_d7.linked3.o" "$obj/scx_d7.linked2.o"
cmp -s "$obj/scx_d7.linked2.o" "$obj/scx_d7.linked3.o" || die "bpftool gen object is not stable"
"$bpftool" gen skeleton "$obj/scx_d7.linked3.o" name scx_d7 >"$obj/scx_d7.bpf.skel.h"

# The loader, static: it runs from the initramfs, which has no libraries.
${HOSTCC:-gcc} -static -O2 -Wall -Werror \
	-I"$obj" -I"$inc" -I"$tree/tools/lib" -I"$tree/tools/include" \
	-I"$tree/tools/include/uapi" -I"$sx/include" -I"$top/include" -I"$here" \
	-o "$loader.tmp" "$here/scx_d7.c" "$tools/build/obj/libbpf/libbpf.a" \
	-lelf -lz -lzstd -lpthread
mv "$loader.tmp" "$loader"
echo "$loader"
