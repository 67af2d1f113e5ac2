#!/usr/bin/env bash
# qemu.sh - boot the kernel ISO on a shape from tests/topologies.
#
#   scripts/qemu.sh TOPO [extra QEMU args...]
#
# Environment: ISO (default build/os.iso), QEMU_MODE=interactive|batch|debug,
#   QEMU_KERNEL=elf [QEMU_APPEND="cmdline"]: boot that multiboot ELF with
#   -kernel instead of the ISO (the boot tests in tests/boot/ do).
#   interactive: serial console on this terminal (make run); Ctrl-A X quits;
#                the shell's poweroff ends it with status 0, not QEMU's 1.
#   batch:       no terminal; serial to stdout; used by the tests.
#   debug:       like interactive, plus -s -S (gdb stub on :1234, CPU halted).
#   QEMU_MEM=size (2G, 3072M): the shape with that much RAM, split evenly
#   over its NUMA nodes' memory backends (make run MEM=...).
#   TRACE_FILE=path: a second serial port (COM2) written to path: where the
#   kernel's trace dump goes (kernel/trace.h); without it the dump goes to
#   the console.
#   QEMU_FIRMWARE=bios|uefi|uefi-secboot: SeaBIOS (QEMU's default) or OVMF
#   (OVMF_FD, default /usr/share/ovmf/OVMF.fd, Debian's ovmf package: code
#   and variables in one image, Secure Boot off). UEFI boots the ISO only:
#   QEMU's -kernel loads multiboot v1 through its own option ROM, not
#   through the firmware. uefi-secboot: OVMF with Secure Boot enforced
#   (Debian's OVMF_CODE_4M.secboot.fd with OVMF_VARS_4M.ms.fd, Microsoft's
#   keys enrolled); that build needs SMM and flash only SMM may write, so
#   the machine gets smm=on and a secure pflash, and the variables are a
#   snapshot (the file stays as it is). It refuses our unsigned GRUB.
# The guest leaves through isa-debug-exit (port 0xf4): QEMU's exit status is
# (value << 1) | 1.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
topo=${1:?usage: qemu.sh TOPO [qemu args...]}
shift
args=$("$top/scripts/topo-args.sh" "$topo")
if [ -n "${QEMU_MEM:-}" ]; then
	# The shape's -m and each memory-backend-ram size=, in MiB.
	args=$(awk -v mem="$QEMU_MEM" '
	BEGIN {
		n = mem + 0; u = toupper(substr(mem, length(n "") + 1))
		if (n <= 0 || (u != "" && u != "M" && u != "G")) {
			print "qemu.sh: QEMU_MEM=" mem ": want a size like 2G or 3072M" > "/dev/stderr"
			exit 2
		}
		mib = u == "G" ? n * 1024 : n
	}
	{
		nb = gsub(/memory-backend-ram,/, "&")
		for (i = 1; i <= NF; i++) {
			if ($(i - 1) == "-m") $i = mib "M"
			if (nb && $i ~ /^memory-backend-ram,/) {
				if (mib % nb) {
					print "qemu.sh: QEMU_MEM=" mem " does not split evenly over " nb " nodes" > "/dev/stderr"
					exit 2
				}
				sub(/size=[0-9]+[MG]?/, "size=" (mib / nb) "M", $i)
			}
		}
		print
	}' <<<"$args") || exit 2
fi
iso=${ISO:-$top/build/os.iso}
mode=${QEMU_MODE:-interactive}

common=(-accel tcg -cpu qemu64,vendor=GenuineIntel -no-reboot
	-device isa-debug-exit,iobase=0xf4,iosize=0x04)
if [ "${QEMU_FIRMWARE:-bios}" != bios ] && [ -n "${QEMU_KERNEL:-}" ]; then
	echo "qemu.sh: QEMU_FIRMWARE=$QEMU_FIRMWARE boots the ISO, not QEMU_KERNEL" >&2
	exit 2
fi
case ${QEMU_FIRMWARE:-bios} in
bios) ;;
uefi)
	fw=${OVMF_FD:-/usr/share/ovmf/OVMF.fd}
	if [ ! -r "$fw" ]; then
		echo "qemu.sh: no OVMF image at $fw (apt-get install ovmf)" >&2
		exit 2
	fi
	common+=(-bios "$fw")
	;;
uefi-secboot)
	code=${OVMF_SECBOOT_CODE:-/usr/share/OVMF/OVMF_CODE_4M.secboot.fd}
	vars=${OVMF_SECBOOT_VARS:-/usr/share/OVMF/OVMF_VARS_4M.ms.fd}
	for f in "$code" "$vars"; do
		if [ ! -r "$f" ]; then
			echo "qemu.sh: no OVMF image at $f (apt-get install ovmf)" >&2
			exit 2
		fi
	done
	common+=(-machine smm=on -global "driver=cfi.pflash01,property=secure,value=on"
		-drive "if=pflash,format=raw,unit=0,file=$code,readonly=on"
		-drive "if=pflash,format=raw,unit=1,file=$vars,snapshot=on")
	;;
*)
	echo "qemu.sh: unknown QEMU_FIRMWARE '$QEMU_FIRMWARE' (bios, uefi, uefi-secboot)" >&2
	exit 2
	;;
esac
if [ -n "${QEMU_KERNEL:-}" ]; then
	common+=(-kernel "$QEMU_KERNEL" -append "${QEMU_APPEND:-}")
else
	common+=(-cdrom "$iso" -boot d)
fi
case "$mode" in
interactive) common+=(-nographic) ;;
debug) common+=(-nographic -s -S) ;;
batch) common+=(-display none -serial stdio -monitor none) ;;
*) echo "qemu.sh: unknown QEMU_MODE '$mode'" >&2; exit 2 ;;
esac
if [ -n "${TRACE_FILE:-}" ]; then
	# The first -serial is COM1: -nographic's implicit console must be
	# spelled out once another -serial is given.
	[ "$mode" = batch ] || common+=(-serial mon:stdio)
	common+=(-serial "file:$TRACE_FILE")
fi
if [ "$mode" = interactive ]; then
	# make run and make lab: the shell's poweroff leaves QEMU with status
	# 1 (isa-debug-exit's (0 << 1) | 1), a clean end a user's make must not
	# call an error; a panic (5) or a failed ktest (3) stays one.
	rc=0
	# shellcheck disable=SC2086 # the shape's arguments are words by design
	qemu-system-x86_64 $args "${common[@]}" "$@" || rc=$?
	[ "$rc" = 1 ] && exit 0
	exit "$rc"
fi
# shellcheck disable=SC2086 # the shape's arguments are words by design
exec qemu-system-x86_64 $args "${common[@]}" "$@"
