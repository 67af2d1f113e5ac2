#!/usr/bin/env bash
# matrix.sh [SHAPE...] - boot the kernel on every shape and check its topology.
#
# For each shape of tests/topologies (or those named): boot build/kernel.elf
# with `-append ktest` and the initrd (kernel/tests/textcache_test.c reads a
# program from it; plus sched_check on SCHED_SHAPES; scripts/qemu.sh,
# batch mode, under a timeout), then
# check that QEMU exited with status 1 (every in-kernel test passed), that the
# KTAP results say so, that no `acpi:` warning was printed (QEMU's tables
# are valid), and that the `topo:` lines are exactly those
# build/tests/topoexpect -s derives from the shape's QEMU arguments (-s: SMT
# siblings share a runqueue, so rq= is the first sibling). Last, one
# boot of build/os.iso through GRUB's default entry (no ktest): its `topo:`
# lines, the RSDP from multiboot2's old-RSDP tag (SeaBIOS's ACPI 1.0 RSDP)
# and "boot: ready", after which QEMU is stopped. Then the user-mode
# tests (boot_user below).
#
# One TAP line per boot, with its wall time: "ok 3 boot_2n2c2t # 2.4 s".
# Folders build/tests/boot/<shape>/ keep each boot's serial log.
set -uo pipefail
# shellcheck source=tests/boot/lib.sh
. "$(dirname "$0")/lib.sh"

ISO_SHAPE=${ISO_SHAPE:-2n2c2t}
# The user-mode boot: build/initrd.cpio as -initrd, init running
# /etc/test.sh (badargs: bad pointers and arguments to every system call;
# forkbomb: -EAGAIN at the process limit and a working system after; a
# corrupt ELF that exec refuses; workloads), which powers off with the
# number of failed commands as status: QEMU exits 1 when all passed.
USER_SHAPE=${USER_SHAPE:-2n2c2t}
INITRD=${INITRD:-$top/build/initrd.cpio}
# Shapes that also run the scheduler's hog ktests (kernel/tests/ktest_sched.c),
# which need `sched_check` (the sanity checker every tick) and take ~10 s.
SCHED_SHAPES=${SCHED_SHAPES:-"1n2c2t 2n2c2t 4n2c2t"}
ISO=${ISO:-$top/build/os.iso}
# Shapes of more than BIG_CPUS vCPUs (8n30c2t: 240) boot without ktest, to
# user space and a poweroff (/etc/poweroff.sh), within BIG_BOOT_TIMEOUT s:
# their checks are the topology report, every CPU online and a clean exit.
# The in-kernel tests are the small shapes' business: under -icount, with
# 240 vCPUs taking 1000 ticks a virtual second each, percpu_ipi_call alone
# had not finished after 3 minutes here.
BIG_CPUS=${BIG_CPUS:-64}
BIG_BOOT_TIMEOUT=${BIG_BOOT_TIMEOUT:-600}
# SHAPES_ONLY=1 boots the shapes alone, without the ISO and user-mode boots:
# tests/soak.sh repeats the scheduler's ktests that way.
SHAPES_ONLY=${SHAPES_ONLY:-0}

if [ $# -gt 0 ]; then
	shapes=("$@")
else
	mapfile -t shapes < <(awk '!/^#/ && NF { print $1 }' "$top/tests/topologies")
fi

boot_shape() {
	local shape=$1 dir=$BOOT_OUT/$1 bad=0
	mkdir -p "$dir"
	if ! expect_shape "$dir/expected" "$shape" 2>"$dir/diag"; then
		sed -i 's/^/# /' "$dir/diag"
		echo 0 >"$dir/secs"
		verdict "$dir" 1
		return
	fi
	local cmdline=ktest n
	case " $SCHED_SHAPES " in *" $shape "*) cmdline="ktest sched_check" ;; esac
	n=$(awk '/^topo: cpus=/ { sub(/^topo: cpus=/, ""); print $1 + 0; exit }' "$dir/expected")
	if [ "${n:-0}" -gt "$BIG_CPUS" ]; then
		BOOT_TIMEOUT=$BIG_BOOT_TIMEOUT boot_kernel "$dir" "$shape" \
			"-- /etc/poweroff.sh" -initrd "$INITRD"
		{
			check_exit "$dir" "$EXIT_PASS" || bad=1
			check_grep "$dir/serial.log" "^smp: $n of $n CPUs online" \
				"smp: $n of $n CPUs online" || bad=1
			compare_topo "$dir/expected" "$dir/serial.log" || bad=1
		} >"$dir/diag"
		verdict "$dir" $bad
		return
	fi
	boot_kernel "$dir" "$shape" "$cmdline" -initrd "$INITRD"
	{
		check_exit "$dir" "$EXIT_PASS" || bad=1
		check_ktap "$dir/serial.log" || bad=1
		check_no_acpi_warning "$dir/serial.log" || bad=1
		# A checker report outside a ktest's window fails the boot too.
		if tr -d '\r' <"$dir/serial.log" | grep -a '^sanity: ' >/dev/null; then
			echo "# sanity violations:"
			tr -d '\r' <"$dir/serial.log" | grep -a '^sanity: ' |
				sort | uniq -c | head -10 | sed 's/^/#   | /'
			bad=1
		fi
		compare_topo "$dir/expected" "$dir/serial.log" || bad=1
	} >"$dir/diag"
	verdict "$dir" $bad
}

# The ISO's default GRUB entry boots without ktest and stays up: wait for
# "boot: ready" (or QEMU's end, or the timeout), then stop QEMU.
boot_iso() {
	local dir=$BOOT_OUT/iso-$ISO_SHAPE bad=0
	mkdir -p "$dir"
	expect_shape "$dir/expected" "$ISO_SHAPE"
	ISO=$ISO boot_iso_ready "$dir" "$ISO_SHAPE"
	{
		if ! check_grep "$dir/serial.log" 'boot: ready' '"boot: ready"'; then
			bad=1
			tr -d '\r' <"$dir/serial.log" | tail -n 8 | sed 's/^/#   | /'
		fi
		compare_topo "$dir/expected" "$dir/serial.log" || bad=1
		# SeaBIOS's RSDP is ACPI 1.0: GRUB passes it in the old tag
		# (test-uefi checks the new one).
		check_grep "$dir/serial.log" '^acpi: RSDP from the boot loader \(multiboot2 old RSDP tag\)' \
			"RSDP from the old-RSDP tag" || bad=1
	} >"$dir/diag"
	verdict "$dir" $bad
}

boot_user() {
	local dir=$BOOT_OUT/user-$USER_SHAPE bad=0
	mkdir -p "$dir"
	boot_kernel "$dir" "$USER_SHAPE" "-- /etc/test.sh" -initrd "$INITRD"
	{
		check_exit "$dir" "$EXIT_PASS" || bad=1
		if tr -d '\r' <"$dir/serial.log" | grep -a 'not ok [0-9]' >/dev/null; then
			echo "# user-mode tests failed:"
			tr -d '\r' <"$dir/serial.log" | grep -a 'not ok [0-9]' |
				sed 's/^/#   | /'
			bad=1
		fi
		check_grep "$dir/serial.log" '^# [0-9]+ passed, 0 failed' \
			"user-mode KTAP summary" || bad=1
		check_grep "$dir/serial.log" 'exec: /bin/corrupt: not an executable' \
			"refusal of the corrupt ELF" || bad=1
		check_grep "$dir/serial.log" 'fork_refused # .*EAGAIN' \
			"fork bomb stopped by -EAGAIN" || bad=1
	} >"$dir/diag"
	verdict "$dir" $bad
}

if ! need_files "$KERNEL" "$TOPOEXPECT" "$ISO" "$INITRD"; then
	echo "not ok 1 boot_prerequisites"
	echo "1..1"
	exit 0
fi
mkdir -p "$BOOT_OUT"
for shape in "${shapes[@]}"; do
	rm -f "$BOOT_OUT/$shape/status"
	throttle
	boot_shape "$shape" &
done
if [ "$SHAPES_ONLY" != 1 ]; then
	rm -f "$BOOT_OUT/iso-$ISO_SHAPE/status"
	throttle
	boot_iso &
	rm -f "$BOOT_OUT/user-$USER_SHAPE/status"
	throttle
	boot_user &
fi
wait

n=0
for shape in "${shapes[@]}"; do
	report "boot_$shape" "$BOOT_OUT/$shape"
done
if [ "$SHAPES_ONLY" != 1 ]; then
	report "boot_iso_grub_$ISO_SHAPE" "$BOOT_OUT/iso-$ISO_SHAPE"
	report "boot_user_tests_$USER_SHAPE" "$BOOT_OUT/user-$USER_SHAPE"
fi
echo "1..$n"
