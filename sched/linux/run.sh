#!/usr/bin/env bash
# run.sh - boot the companion Linux kernel on a shape of tests/topologies.
#
#   sched/linux/run.sh TOPO [init command...]
#
# Builds what is missing (build.sh, initramfs.sh; cached), then boots under
# TCG with the shape's QEMU arguments (scripts/topo-args.sh), the serial
# console on stdout, and the init commands after "--" on the kernel command
# line (see init/init.c; default: topo). init leaves QEMU through
# isa-debug-exit. Exit status: 0 when init succeeded; 1 when it reported a
# failure or QEMU refused to start; 124 on timeout; 2 when QEMU stopped
# without init's status (a panic, or the guest powered off); 4 when init
# succeeded but the kernel complained (an oops, a BUG or a WARNING: see
# complaints() below), whatever the commands printed.
#
# Environment: LINUX_VERSION (6.1 or 6.12, default 6.1: which kernel and
# initramfs build.sh and initramfs.sh make), LINUX_APPEND (more kernel arguments, e.g. test_ht),
# TRACE_FILE (a second serial port, ttyS1, written to that file: init's
# trace:dump goes there; as scripts/qemu.sh's TRACE_FILE),
# LINUX_TIMEOUT (seconds, default 300), BZIMAGE and INITRD (use these files
# instead of building), LINUX_QEMU_ARGS (more QEMU arguments, words split on
# spaces: tests/acpi/linux-tables.sh adds crafted ACPI tables with
# -acpitable, `make bench DETERMINISTIC=1` gives -icount).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
topo=${1:?usage: run.sh TOPO [init command...]}
shift
# A shape's own -icount (8n30c2t's) is for our kernel, whose 1000 Hz tick
# on each of 240 vCPUs swamps the host on its clock. Linux stops at its
# first AP under -icount, and boots 240 vCPUs on the host clock (MTTCG) in
# a minute on a quiet host, 3-7 under load (bench/notes.md, "Linux 6.1 at
# 240 CPUs"), so it runs without; LINUX_QEMU_ARGS can still give one (make
# bench DETERMINISTIC=1).
args=$("$top/scripts/topo-args.sh" "$topo" | sed -E 's/(^| )-icount [^ ]+//')
bzimage=${BZIMAGE:-$("$here/build.sh")}
initrd=${INITRD:-$("$here/initramfs.sh")}

com2=()
[ -z "${TRACE_FILE:-}" ] || com2=(-serial "file:$TRACE_FILE")
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# No VGA card and no network card: a guest with a PCI device that decodes
# memory changes QEMU's memory map while Linux probes PCI (sizing each BAR
# turns its decoding off and on), with the APs already running. QEMU 7.2's
# TCG swaps a vCPU's memory dispatch at once but flushes its TLB later, so
# another vCPU's MMIO write (the local APIC's EOI, its timer) can look its
# stale TLB entry up in the new map and call a MemoryRegion that does not
# exist: QEMU dies of SIGSEGV in memory_region_dispatch_write (QEMU 8.1
# defers the switch to the vCPU's own thread: commit 0d58c66068, "softmmu:
# Use async_run_on_cpu in tcg_commit"; Debian 12's 7.2 lacks it). Left are the
# chipset's devices, whose BARs are I/O ports: the memory map stays the
# same from the firmware on. Linux needs neither card (console on ttyS0).
# RCU's CPU stall warning (21 s by default) counts the guest's jiffies,
# which under TCG follow the host's clock, while a vCPU runs only when the
# host gives it a turn: with 240 vCPUs on a loaded 2-core host one vCPU
# freeing the init memory took more than 21 s of guest time, and the
# warning's Call Trace failed the boot. 300 s is the detector's maximum;
# a CPU stuck for good still ends the boot at LINUX_TIMEOUT.
rcu="rcupdate.rcu_cpu_stall_timeout=300"
# no_timer_check: Linux checks at boot that the IO-APIC timer brings its
# first ticks within a short window; under TCG on a busy host QEMU fires
# them late and Linux panics ("IO-APIC + timer doesn't work!", seen in a
# 6.12 boot of lab 10 at host load about 40, and in 6.1's parity boots
# beside a 240-CPU one). The timer works; the check guards broken boards.
timer="no_timer_check"
set +e
# shellcheck disable=SC2086 # the shape's arguments are words by design
timeout "${LINUX_TIMEOUT:-300}" qemu-system-x86_64 $args \
	-accel tcg -cpu qemu64,vendor=GenuineIntel -vga none -nic none \
	-display none -serial stdio "${com2[@]}" -monitor none -no-reboot \
	-device isa-debug-exit,iobase=0xf4,iosize=0x04 \
	-kernel "$bzimage" -initrd "$initrd" ${LINUX_QEMU_ARGS:-} \
	-append "console=ttyS0 panic=-1 $rcu $timer ${LINUX_APPEND:-} -- $*" | tee "$log"
rc=${PIPESTATUS[0]}
set -e

# The kernel's complaints in the log: an oops, a BUG (BUG(), "BUG: ..." such
# as a NULL dereference or "arch topology borken"), a WARN() ("WARNING: CPU:
# ..."), and the lines that frame them. They appear on the console during
# boot, and while init's commands run (the console then shows only oopses
# and panics) as init's "init: klog: <L>[time] TEXT" lines afterwards. Every
# boot of every test goes through here, so no caller can forget the check.
#
# LINUX_EXPECT_COMPLAINT (an extended regex): a complaint the caller knows
# the shape makes Linux print (expect.sh SHAPE prints it: a package across
# two nodes, WARN in topology_sane()). A WARN() comes as one block from
# "cut here" to "end trace"; a block with a line matching the regex is
# expected whole, and so is a single line matching it. Anything else still
# fails the boot.
complaints() {
	tr -d '\r' <"$log" | awk -v expect="${LINUX_EXPECT_COMPLAINT:-}" '
	function complaint(l) {
		return l ~ /(^|[] ])(WARNING:|BUG:|BUG |Oops|general protection fault|Kernel panic|kernel BUG at|Call Trace:)/ &&
		       l !~ /(^| )Command line: /
	}
	function flush(   i) {
		if (!expected)
			for (i = 1; i <= n; i++)
				if (complaint(blk[i]) || i == 1)
					print blk[i]
		inblock = 0
	}
	/-+\[ cut here \]-+/ { if (inblock) flush(); inblock = 1; n = 0; expected = 0 }
	inblock {
		blk[++n] = $0
		if (expect != "" && $0 ~ expect)
			expected = 1
		if ($0 ~ /---\[ end trace [0-9a-f]+ \]---/)
			flush()
		next
	}
	complaint($0) && !(expect != "" && $0 ~ expect) { print }
	END { if (inblock) flush() }' | head -n 20
}
bad=$(complaints)
if [ -n "$bad" ]; then
	{ echo "run.sh: the kernel complained (an oops, a BUG or a WARNING):"
	  echo "$bad" | sed 's/^/run.sh: | /'; } >&2
fi
# isa-debug-exit turns init's 0 into QEMU status 1, which is also QEMU's
# own status for a bad argument: init's last line tells the two apart.
case $rc in
1) if grep -q '^init: done' "$log"; then
	[ -z "$bad" ] && exit 0
	echo "run.sh: init succeeded, but the boot fails on the kernel's complaint" >&2
	exit 4
   fi
   echo "run.sh: QEMU failed before init finished" >&2; exit 1 ;;
3) echo "run.sh: init reported a failure" >&2; exit 1 ;;
124) echo "run.sh: timeout after ${LINUX_TIMEOUT:-300} s" >&2; exit 124 ;;
0) echo "run.sh: QEMU stopped without init's exit status (panic?)" >&2; exit 2 ;;
*) echo "run.sh: QEMU exited with status $rc" >&2; exit "$rc" ;;
esac
