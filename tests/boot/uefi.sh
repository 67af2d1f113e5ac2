#!/usr/bin/env bash
# uefi.sh - the ISO under UEFI (OVMF) and the multiboot2 boot path.
#
#   hybrid            build/os.iso has two El Torito entries, BIOS and UEFI
#   uefi_<shape>      the ISO under OVMF (scripts/qemu.sh QEMU_FIRMWARE=uefi)
#                     on UEFI_SHAPES (2n2c2t, the default; 3n-dist: NUMA
#                     with a SLIT; 4n2c2t: 16 CPUs in 4 nodes; 2n3c2t:
#                     three cores a package, 12 CPUs; 1n2c4t: no SRAT,
#                     so the node's span comes from UEFI's memory map)
#                     reaches the shell
#                     through multiboot2, with the RSDP from GRUB's
#                     new-RSDP tag, UEFI's memory map, no ACPI warning, and
#                     the same `topo:` lines as under SeaBIOS (those
#                     build/tests/topoexpect derives from the shape)
#   uefi_screen       on the first of UEFI_SHAPES, twice: the kernel's dump
#                     of its framebuffer console (Ctrl-\ on COM1,
#                     arch/x86/fbcon.c) and QEMU's `screendump` agree pixel
#                     for pixel (build/tests/fbcheck draws the dump with the
#                     kernel's font); at the first prompt, when the boot log
#                     has scrolled the screen (and the grid holds the log's
#                     last lines), and after `top` (which homes the cursor
#                     and clears the screen) has quit
#   uefi_panic_screen build/tests/panic.iso (PANIC_SHAPE) under OVMF: the
#                     kernel crashes on purpose while another CPU's line
#                     is open (ktest_panic=midline) and halts with its grid
#                     dumped to COM1 (panic_screen); the screen shows the
#                     panic report, each line from its own column 0, and
#                     QEMU's screendump agrees with the dump pixel for pixel
#   bios_fb24_screen  build/tests/fb24.iso (FB24_SHAPE) under SeaBIOS: GRUB
#                     sets a VBE mode of 24 bits a pixel (GRUB's own
#                     gfxpayload, the kernel's header accepting a
#                     framebuffer), and the screen test of uefi_screen
#                     holds on it: the console's 3-byte pixels
#   uefi_3G           2n2c (q35) with 3 GiB under OVMF: q35 puts the RAM
#                     past 2 GiB above 4 GiB, and UEFI's map says so; the
#                     kernel says it leaves those 1024 MiB unused, runs
#                     zerocheck and powers off
#   uefi_secboot      OVMF with Secure Boot enforced (Microsoft's keys) refuses
#                     the ISO's unsigned GRUB ("Access Denied"), and the
#                     kernel never starts: the firmware's refusal, not a hang
#   bios_noacpi       the ISO under SeaBIOS with -no-acpi: GRUB passes no
#                     RSDP tag; the kernel says so and boots on one CPU
#
# OVMF boots are slow under TCG (the firmware alone takes seconds to tens
# of seconds), so each proves several things. Folders
# build/tests/boot/uefi-*/ keep each boot's serial log (and the screen
# test's screendumps, screen-*.ppm, and expected-*.ppm drawn from the
# dumps).
set -uo pipefail
# shellcheck source=tests/boot/lib.sh
. "$(dirname "$0")/lib.sh"

ISO=${ISO:-$top/build/os.iso}
UEFI_SHAPES=${UEFI_SHAPES:-"2n2c2t 3n-dist 4n2c2t 2n3c2t 1n2c4t"}
UEFI_BOOT_TIMEOUT=${UEFI_BOOT_TIMEOUT:-300}
NOACPI_SHAPE=${NOACPI_SHAPE:-up}
BIGMEM_SHAPE=${BIGMEM_SHAPE:-2n2c}
PANIC_ISO=${PANIC_ISO:-$top/build/tests/panic.iso}
PANIC_SHAPE=${PANIC_SHAPE:-1n4c}
FB24_ISO=${FB24_ISO:-$top/build/tests/fb24.iso}
FB24_SHAPE=${FB24_SHAPE:-2n2c}
FBCHECK=${FBCHECK:-$top/build/tests/fbcheck}
HMP=${HMP:-$top/build/tests/hmp}

# wait_for LOG ERE PID [N]: until N lines (default 1) of the serial log
# match ERE (0), or QEMU (PID) ends or the kernel panics (1; after a second
# for the rest of the report).
wait_for() {
	local i
	for ((i = 0; i < UEFI_BOOT_TIMEOUT * 10; i++)); do
		[ "$(grep -acE -- "$2" "$1")" -ge "${4:-1}" ] && return 0
		kill -0 "$3" 2>/dev/null || return 1
		if grep -aq '^panic' "$1"; then
			sleep 1
			return 1
		fi
		sleep 0.1
	done
	return 1
}

# monitor SOCKET COMMAND: run one command on QEMU's human monitor and wait
# for its prompt to come back (screendump has written its file by then).
monitor() {
	timeout 60 "$HMP" "$1" "$2"
}

# boot_shell DIR SHAPE SCREEN CMDS [QEMU args...]: ISO under OVMF (or
# FIRMWARE, as scripts/qemu.sh's QEMU_FIRMWARE),
# COM1 on a fifo and the monitor on DIR/mon.sock; waits for the shell's
# prompt. SCREEN=1: then the kernel's screen dump (Ctrl-\, which leaves the
# screen alone) and QEMU's screendump into DIR/screen-boot.ppm, with
# nothing typed in between (DIR/screen-boot.log: the serial log up to that
# dump); then `top`, `q`, and at the next prompt the same again into
# DIR/screen-top.ppm (the log's last dump). CMDS: then type them and wait for QEMU to leave (the
# shell's poweroff); without CMDS QEMU is stopped. Leaves serial.log,
# stderr, rc and secs in DIR.
boot_shell() {
	local dir=$1 shape=$2 screen=$3 cmds=$4 pid t0 t1
	shift 4
	mkdir -p "$dir"
	rm -f "$dir"/serial.log "$dir"/rc "$dir"/in "$dir"/mon.sock "$dir"/*.ppm \
		"$dir"/monitor.log "$dir"/screen-boot.log
	mkfifo "$dir/in"
	t0=$EPOCHREALTIME
	ISO=$ISO QEMU_MODE=batch QEMU_FIRMWARE=${FIRMWARE:-uefi} \
		timeout --kill-after=5 "$UEFI_BOOT_TIMEOUT" \
		"$top/scripts/qemu.sh" "$shape" \
		-monitor "unix:$dir/mon.sock,server=on,wait=off" "$@" \
		<"$dir/in" >"$dir/serial.log" 2>"$dir/stderr" &
	pid=$!
	exec 3>"$dir/in"	# QEMU's stdin, the guest's COM1
	if wait_for "$dir/serial.log" 'sh\$ ' "$pid" && [ "$screen" = 1 ]; then
		printf '\034' >&3
		wait_for "$dir/serial.log" '^screen: (end|none)' "$pid" &&
			cp "$dir/serial.log" "$dir/screen-boot.log" &&
			monitor "$dir/mon.sock" "screendump $dir/screen-boot.ppm" \
				>"$dir/monitor.log" 2>&1 &&
			printf 'top\r' >&3 &&
			wait_for "$dir/serial.log" 'top: up ' "$pid" &&
			printf 'q' >&3 &&
			wait_for "$dir/serial.log" 'sh\$ ' "$pid" 2 &&
			printf '\034' >&3 &&
			wait_for "$dir/serial.log" '^screen: (end|none)' "$pid" 2 &&
			monitor "$dir/mon.sock" "screendump $dir/screen-top.ppm" \
				>>"$dir/monitor.log" 2>&1
	fi
	if [ -n "$cmds" ]; then
		printf '%s' "$cmds" >&3 2>/dev/null
	else
		kill "$pid" 2>/dev/null
	fi
	wait "$pid"
	echo $? >"$dir/rc"
	exec 3>&-
	t1=$EPOCHREALTIME
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", b - a }' >"$dir/secs"
}

# check_prompt DIR: the shell's prompt, or what came instead.
check_prompt() {
	check_grep "$1/serial.log" 'sh\$ ' "shell prompt" && return 0
	if [ -s "$1/stderr" ]; then
		sed 's/^/#   qemu: /' "$1/stderr" | head -5
	fi
	tr -d '\r' <"$1/serial.log" | tail -n 8 | sed 's/^/#   | /'
	return 1
}

# check_screen DIR WHEN LOG: screen-WHEN.ppm shows what LOG's last dump
# says.
check_screen() {
	local dir=$1 when=$2 log=$3 r
	if [ ! -s "$dir/screen-$when.ppm" ]; then
		echo "# no screendump $when from QEMU's monitor"
		sed 's/^/#   monitor: /' "$dir/monitor.log" 2>/dev/null | tail -3
		return 1
	fi
	"$FBCHECK" "$log" "$dir/screen-$when.ppm" "$dir/expected-$when.ppm" |
		sed "s/^# /# $when: /"
	r=${PIPESTATUS[0]}
	return "$r"
}

# check_scrollback LOG: the grid the first dump in LOG shows holds, row
# for row, the last lines the serial line carried before it (the boot log
# scrolled past the screen's height, no line wider than it), so the grid
# itself scrolled right, not only its drawing.
check_scrollback() {
	tr -d '\r' <"$1" | awk '
	!dump && /^screen: [0-9]+x[0-9]+$/ { dump = 1; next }
	!dump { line[++n] = $0; next }
	$0 == "screen: end" { exit }
	{ row[++r] = substr($0, 9) }
	END {
		bad = 0
		if (!r) { print "# scrollback: no dump"; exit 1 }
		if (n < r) { print "# scrollback: the log is shorter than the screen"; exit 1 }
		for (i = 1; i <= r; i++) {
			want = line[n - r + i]; sub(/ +$/, "", want)
			got = row[i]; sub(/ +$/, "", got)
			if (want != got && bad++ < 3)
				printf "# scrollback: row %d is \x27%s\x27, the log has \x27%s\x27\n", i - 1, got, want
		}
		exit bad > 0
	}'
}

# boot_uefi SHAPE SCREEN: the topology boot; SCREEN=1 adds the screen
# test, whose verdict goes to the folder uefi-screen.
boot_uefi() {
	local shape=$1 screen=$2 dir=$BOOT_OUT/uefi-$1 sdir=$BOOT_OUT/uefi-screen bad=0
	mkdir -p "$dir"
	expect_shape "$dir/expected" "$shape"
	boot_shell "$dir" "$shape" "$screen" ""
	{
		check_prompt "$dir" || bad=1
		check_grep "$dir/serial.log" "^boot: loader .*\(multiboot2\)" \
			"multiboot2 boot" || bad=1
		check_grep "$dir/serial.log" '^acpi: RSDP from the boot loader \(multiboot2 new RSDP tag\)' \
			"RSDP from the new-RSDP tag" || bad=1
		check_grep "$dir/serial.log" "^mem: the map is UEFI's" \
			"UEFI memory map" || bad=1
		check_no_acpi_warning "$dir/serial.log" || bad=1
		compare_topo "$dir/expected" "$dir/serial.log" || bad=1
	} >"$dir/diag"
	verdict "$dir" $bad
	[ "$screen" = 1 ] || return 0
	mkdir -p "$sdir"
	cp "$dir/secs" "$sdir/secs"
	screen_checks "$dir" >"$sdir/diag"
	verdict "$sdir" $?
}

# screen_checks DIR: boot_shell's two screen dumps in DIR (SCREEN=1) show
# what the console's grid says, and the grid scrolled right.
screen_checks() {
	local dir=$1 bad=0

	check_grep "$dir/serial.log" '^screen: [0-9]+x[0-9]+' \
		"framebuffer console dump" || bad=1
	check_scrollback "$dir/screen-boot.log" || bad=1
	check_screen "$dir" boot "$dir/screen-boot.log" || bad=1
	check_screen "$dir" top "$dir/serial.log" || bad=1
	return $bad
}

# boot_fb24: fb24.iso under SeaBIOS, the screen test on a 24 bpp VBE mode.
boot_fb24() {
	local dir=$BOOT_OUT/bios-fb24-screen bad=0
	ISO=$FB24_ISO FIRMWARE=bios boot_shell "$dir" "$FB24_SHAPE" 1 ""
	{
		check_prompt "$dir" || bad=1
		check_grep "$dir/serial.log" \
			'^boot: framebuffer at 0x[0-9a-f]+, [0-9]+x[0-9]+, 24 bpp, pitch [0-9]+, type 1' \
			"a 24 bpp RGB framebuffer from GRUB" || bad=1
		screen_checks "$dir" || bad=1
	} >"$dir/diag"
	verdict "$dir" $bad
}

# boot_bigmem: 3 GiB on a q35 shape under OVMF (q35 keeps 2 GiB below
# 4 GiB), then zerocheck and poweroff.
boot_bigmem() {
	local dir=$BOOT_OUT/uefi-3G bad=0 log
	QEMU_MEM=3G boot_shell "$dir" "$BIGMEM_SHAPE" 0 $'zerocheck\rpoweroff\r'
	log=$dir/clean.log
	tr -d '\r' <"$dir/serial.log" >"$log"
	{
		check_exit "$dir" "$EXIT_PASS" || bad=1
		check_grep "$log" "^mem: the map is UEFI's" "UEFI memory map" || bad=1
		check_grep "$log" '^mem: \[0x100000000-0x13fffffff\] usable' \
			"the GiB above 4 GiB in UEFI's map" || bad=1
		check_grep "$log" '^numa: [0-9]+ MiB of RAM unused: [0-9]+ MiB in user space .*, 1024 MiB above 4 GiB' \
			"kernel line leaving the 1024 MiB above 4 GiB unused" || bad=1
		check_grep "$log" '^# [0-9]+ passed, 0 failed' "zerocheck summary" || bad=1
		if grep -a '^not ok [0-9]\|^panic:' "$log" >/dev/null; then
			grep -a '^not ok [0-9]\|^panic:' "$log" | sed 's/^/#   | /'
			bad=1
		fi
	} >"$dir/diag"
	verdict "$dir" $bad
}

# boot_panic_screen: panic.iso under OVMF; at the dump after the panic,
# QEMU's screendump, then QEMU is stopped (the kernel has halted).
boot_panic_screen() {
	local dir=$BOOT_OUT/uefi-panic-screen bad=0 pid t0 t1 log i
	mkdir -p "$dir"
	rm -f "$dir"/serial.log "$dir"/mon.sock "$dir"/*.ppm "$dir"/monitor.log
	t0=$EPOCHREALTIME
	ISO=$PANIC_ISO QEMU_MODE=batch QEMU_FIRMWARE=uefi \
		timeout --kill-after=5 "$UEFI_BOOT_TIMEOUT" \
		"$top/scripts/qemu.sh" "$PANIC_SHAPE" \
		-monitor "unix:$dir/mon.sock,server=on,wait=off" </dev/null \
		>"$dir/serial.log" 2>"$dir/stderr" &
	pid=$!
	# wait_for gives up at a panic line: wait here for the dump instead.
	for ((i = 0; i < UEFI_BOOT_TIMEOUT * 10; i++)); do
		grep -aq '^screen: end' "$dir/serial.log" && break
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	if grep -aq '^screen: end' "$dir/serial.log"; then
		monitor "$dir/mon.sock" "screendump $dir/screen-panic.ppm" \
			>"$dir/monitor.log" 2>&1
	fi
	kill "$pid" 2>/dev/null
	wait "$pid"
	t1=$EPOCHREALTIME
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", b - a }' >"$dir/secs"
	log=$dir/clean.log
	tr -d '\r' <"$dir/serial.log" >"$log"
	{
		check_grep "$log" '^boot: loader .*\(multiboot2\)' "multiboot2 boot" || bad=1
		check_grep "$log" '^panic: CPU 0 \(APIC 0x[0-9a-f]+\): ' "panic report" || bad=1
		check_grep "$log" '^panic: system halted' "halt, not an exit" || bad=1
		# On the screen: the half line, and the report on a row of its own.
		check_grep "$log" '^screen: ktest_panic: half a line from CPU [0-9]+$' \
			"the half line on a row of its own on the screen" || bad=1
		check_grep "$log" '^screen: panic: CPU 0 \(APIC 0x[0-9a-f]+\): ' \
			"the panic report from column 0 on the screen" || bad=1
		check_grep "$log" '^screen: panic: system halted' \
			"the halt on the screen" || bad=1
		check_screen "$dir" panic "$log" || bad=1
	} >"$dir/diag"
	verdict "$dir" $bad
}

# boot_secboot: the ISO under OVMF with Secure Boot enforced (scripts/qemu.sh
# QEMU_FIRMWARE=uefi-secboot; q35, which that firmware's SMM needs, on one
# CPU: the firmware's SMM is slow with more under TCG). The firmware must
# refuse the unsigned GRUB by name, and our kernel must not start: a
# refusal, not a hang of ours.
boot_secboot() {
	local dir=$BOOT_OUT/uefi-secboot bad=0 pid t0 t1 log
	mkdir -p "$dir"
	rm -f "$dir"/serial.log "$dir"/rc
	t0=$EPOCHREALTIME
	ISO=$ISO QEMU_MODE=batch QEMU_FIRMWARE=uefi-secboot \
		timeout --kill-after=5 "$UEFI_BOOT_TIMEOUT" \
		"$top/scripts/qemu.sh" up -machine q35 -nic none </dev/null \
		>"$dir/serial.log" 2>"$dir/stderr" &
	pid=$!
	wait_for "$dir/serial.log" 'DVD-ROM.*: Access Denied|kernel: booting' "$pid"
	sleep 1		# what the firmware does next, for the log
	kill "$pid" 2>/dev/null
	wait "$pid"
	t1=$EPOCHREALTIME
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f\n", b - a }' >"$dir/secs"
	log=$dir/clean.log
	# The firmware's lines carry its screen's escape sequences.
	tr -d '\r' <"$dir/serial.log" | sed 's/\x1b\[[0-9;=?]*[A-Za-z]//g' >"$log"
	{
		check_grep "$log" '^BdsDxe: failed to load Boot[0-9A-F]+ "UEFI QEMU DVD-ROM.*: Access Denied' \
			"firmware refusing the ISO's unsigned GRUB" || bad=1
		if grep -a 'kernel: booting' "$log" >/dev/null; then
			echo "# the kernel started under enforced Secure Boot"
			bad=1
		fi
		if [ $bad -ne 0 ]; then
			sed 's/^/#   qemu: /' "$dir/stderr" | head -5
			grep -a . "$log" | tail -n 6 | sed 's/^/#   | /'
		fi
	} >"$dir/diag"
	verdict "$dir" $bad
}

boot_noacpi() {
	local dir=$BOOT_OUT/uefi-bios-noacpi bad=0
	mkdir -p "$dir"
	ISO=$ISO boot_iso_ready "$dir" "$NOACPI_SHAPE" -no-acpi
	{
		check_grep "$dir/serial.log" 'boot: ready' '"boot: ready"' || bad=1
		check_grep "$dir/serial.log" '^acpi: the boot loader passed no RSDP' \
			"message about the missing RSDP" || bad=1
		check_grep "$dir/serial.log" '^smp: 1 of 1 CPUs online' \
			"uniprocessor boot" || bad=1
	} >"$dir/diag"
	verdict "$dir" $bad
}

if ! need_files "$TOPOEXPECT" "$ISO" "$FBCHECK" "$PANIC_ISO" "$FB24_ISO"; then
	echo "not ok 1 uefi_prerequisites"
	echo "1..1"
	exit 0
fi
mkdir -p "$BOOT_OUT"
n=0

n=$((n + 1))
eltorito=$(xorriso -indev "$ISO" -report_el_torito plain 2>/dev/null |
	awk '/^El Torito boot img :/ { print $7 }' | sort | tr '\n' ' ')
if [ "$eltorito" = "BIOS UEFI " ]; then
	echo "ok $n hybrid # El Torito entries: $eltorito"
else
	echo "not ok $n hybrid"
	echo "# El Torito platforms '$eltorito', want 'BIOS UEFI '" \
		"(is grub-efi-amd64-bin installed? scripts/deps.sh)"
fi

rm -f "$BOOT_OUT"/uefi-*/status "$BOOT_OUT"/bios-fb24-screen/status
screen=1
for shape in $UEFI_SHAPES; do
	throttle
	boot_uefi "$shape" $screen &
	screen=0
done
throttle
boot_panic_screen &
throttle
boot_fb24 &
throttle
boot_bigmem &
throttle
boot_secboot &
throttle
boot_noacpi &
wait

for shape in $UEFI_SHAPES; do
	report "uefi_$shape" "$BOOT_OUT/uefi-$shape"
done
report uefi_screen "$BOOT_OUT/uefi-screen"
report uefi_panic_screen "$BOOT_OUT/uefi-panic-screen"
report bios_fb24_screen "$BOOT_OUT/bios-fb24-screen"
report uefi_3G "$BOOT_OUT/uefi-3G"
report uefi_secboot "$BOOT_OUT/uefi-secboot"
report bios_noacpi "$BOOT_OUT/uefi-bios-noacpi"
echo "1..$n"
