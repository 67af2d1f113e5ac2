#!/usr/bin/env bash
# uefi.sh - the ISO under UEFI (OVMF) and the multiboot2 boot path.
#
#   hybrid            build/os.iso has two El Torito entries, BIOS and UEFI
#   uefi_<shape>      the ISO under OVMF (scripts/qemu.sh QEMU_FIRMWARE=uefi)
#                     on UEFI_SHAPES (2n2c2t and 3n-dist: NUMA with a SLIT)
#                     reaches "boot: ready" through multiboot2, with the RSDP
#                     from GRUB's new-RSDP tag, UEFI's memory map, no ACPI
#                     warning, and the same `topo:` lines as under SeaBIOS
#                     (those build/tests/topoexpect derives from the shape)
#   bios_noacpi       the ISO under SeaBIOS with -no-acpi: GRUB passes no
#                     RSDP tag; the kernel says so and boots on one CPU
#
# OVMF boots are slow under TCG (the firmware alone takes tens of seconds),
# so there are two, within UEFI_BOOT_TIMEOUT s each. Folders
# build/tests/boot/uefi-*/ keep each boot's serial log.
set -uo pipefail
# shellcheck source=tests/boot/lib.sh
. "$(dirname "$0")/lib.sh"

ISO=${ISO:-$top/build/os.iso}
UEFI_SHAPES=${UEFI_SHAPES:-"2n2c2t 3n-dist"}
UEFI_BOOT_TIMEOUT=${UEFI_BOOT_TIMEOUT:-300}
NOACPI_SHAPE=${NOACPI_SHAPE:-up}

boot_uefi() {
	local shape=$1 dir=$BOOT_OUT/uefi-$1 bad=0
	mkdir -p "$dir"
	expect_shape "$dir/expected" "$shape"
	BOOT_TIMEOUT=$UEFI_BOOT_TIMEOUT QEMU_FIRMWARE=uefi ISO=$ISO \
		boot_iso_ready "$dir" "$shape"
	{
		if ! check_grep "$dir/serial.log" 'boot: ready' '"boot: ready"'; then
			bad=1
			if [ -s "$dir/stderr" ]; then
				sed 's/^/#   qemu: /' "$dir/stderr" | head -5
			fi
			tr -d '\r' <"$dir/serial.log" | tail -n 8 | sed 's/^/#   | /'
		fi
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

if ! need_files "$TOPOEXPECT" "$ISO"; then
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

for shape in $UEFI_SHAPES; do
	rm -f "$BOOT_OUT/uefi-$shape/status"
	throttle
	boot_uefi "$shape" &
done
rm -f "$BOOT_OUT/uefi-bios-noacpi/status"
throttle
boot_noacpi &
wait

for shape in $UEFI_SHAPES; do
	report "uefi_$shape" "$BOOT_OUT/uefi-$shape"
done
report bios_noacpi "$BOOT_OUT/uefi-bios-noacpi"
echo "1..$n"
