# tests.mk - host unit tests of the topology code, and the QEMU boot tests
# that check the kernel's topology against what the shape's arguments say.
#
#   test-lib      lib/cpumask.c, lib/topology.c, tests/shape.c (host, TAP)
#   test-format   lib/format.c (both sides' printf), lib/statline.c's line
#                 builder, include/ring.h (host, TAP, ASan + UBSan)
#   test-shapes   topoexpect agrees with QEMU's own view of every shape
#                 (QEMU started with -S, no kernel: tests/boot/qemuview.sh)
#   test-boot     every shape of tests/topologies booted with ktest, plus
#                 one boot of the ISO through GRUB and one of the user-mode
#                 tests with the initrd (tests/boot/matrix.sh)
#   test-badacpi  crafted bad ACPI tables and a forced panic
#                 (tests/boot/badacpi.sh)
#
# Host programs land in $(BUILD)/tests/, crafted tables in
# $(BUILD)/tests/tables/ (generated, never committed).

TESTS_OUT	:= $(BUILD)/tests
TOPO_HOST_SRCS	:= tests/shape.c lib/topology.c lib/cpumask.c
TOPO_HOST_DEPS	:= $(TOPO_HOST_SRCS) tests/shape.h include/topology.h \
		   include/cpumask.h include/params.h

$(TESTS_OUT)/topoexpect: tests/topoexpect.c $(TOPO_HOST_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -Itests -o $@ tests/topoexpect.c $(TOPO_HOST_SRCS)

$(TESTS_OUT)/test_lib: tests/test_lib.c $(TOPO_HOST_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -Itests -o $@ tests/test_lib.c $(TOPO_HOST_SRCS)

# The code the kernel and the user library share (tests/test_format.c).
FORMAT_HOST_SRCS := lib/format.c lib/statline.c
$(TESTS_OUT)/test_format: tests/test_format.c $(FORMAT_HOST_SRCS) include/format.h \
			  include/statline.h include/ring.h
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -Wno-format -fsanitize=address,undefined \
		-fno-sanitize-recover=all -o $@ tests/test_format.c $(FORMAT_HOST_SRCS)

$(TESTS_OUT)/mktables: tests/boot/mktables.c
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -o $@ $<

# One stamp for the whole set: mktables writes every table at once.
$(TESTS_OUT)/tables/.stamp: $(TESTS_OUT)/mktables
	@mkdir -p $(@D)
	$(TESTS_OUT)/mktables $(@D)
	@touch $@

# An ISO whose GRUB loads a crafted SRAT with a wrong checksum through its
# `acpi` command: QEMU's -acpitable recomputes every checksum, so a bad one
# can only reach the guest this way (tests/boot/badacpi.sh, case b).
BADACPI_ISO_DIR	:= $(TESTS_OUT)/badacpi-iso
$(TESTS_OUT)/badacpi.iso: $(BUILD)/kernel.elf $(TESTS_OUT)/tables/.stamp \
			  tests/boot/badacpi-grub.cfg
	@rm -rf $(BADACPI_ISO_DIR)
	@mkdir -p $(BADACPI_ISO_DIR)/boot/grub $(BADACPI_ISO_DIR)/tables
	cp $(BUILD)/kernel.elf $(BADACPI_ISO_DIR)/boot/kernel.elf
	cp tests/boot/badacpi-grub.cfg $(BADACPI_ISO_DIR)/boot/grub/grub.cfg
	cp $(TESTS_OUT)/tables/*.aml $(BADACPI_ISO_DIR)/tables/
	grub-mkrescue -o $@ $(BADACPI_ISO_DIR) 2>$(TESTS_OUT)/badacpi-iso.log || \
		{ cat $(TESTS_OUT)/badacpi-iso.log; exit 1; }

# ISOs of the kernel and the initrd with a GRUB configuration of their own,
# tests/boot/NAME-grub.cfg, for tests/boot/uefi.sh: panic.iso crashes the
# kernel on purpose and keeps the panic on the screen (uefi_panic_screen),
# fb24.iso asks GRUB under BIOS for a VBE framebuffer of 24 bits a pixel
# (bios_fb24_screen).
$(TESTS_OUT)/%.iso: $(BUILD)/kernel.elf $(BUILD)/initrd.cpio tests/boot/%-grub.cfg
	@rm -rf $(TESTS_OUT)/$*-iso
	@mkdir -p $(TESTS_OUT)/$*-iso/boot/grub
	cp $(BUILD)/kernel.elf $(BUILD)/initrd.cpio $(TESTS_OUT)/$*-iso/boot/
	cp tests/boot/$*-grub.cfg $(TESTS_OUT)/$*-iso/boot/grub/grub.cfg
	grub-mkrescue -o $@ $(TESTS_OUT)/$*-iso 2>$(TESTS_OUT)/$*-iso.log || \
		{ cat $(TESTS_OUT)/$*-iso.log; exit 1; }

.PHONY: test-lib test-shapes test-boot test-badacpi test-format
TEST_SUITES += test-lib test-shapes test-boot test-badacpi test-format

test-lib: $(TESTS_OUT)/test_lib
	@tests/run-suite.sh lib $(TESTS_OUT)/test_lib tests/topologies

test-format: $(TESTS_OUT)/test_format
	@tests/run-suite.sh format $(TESTS_OUT)/test_format

test-shapes: $(TESTS_OUT)/topoexpect
	@tests/run-suite.sh shapes tests/boot/qemuview.sh

test-boot: $(TESTS_OUT)/topoexpect $(BUILD)/kernel.elf iso $(BUILD)/initrd.cpio
	@tests/run-suite.sh boot tests/boot/matrix.sh

# The user-mode tests (exec spread, pipes, the system
# call fuzzer, a soak, the shell's commands): one boot, tests/boot/userspace.sh.
.PHONY: test-userspace
TEST_SUITES += test-userspace
test-userspace: $(TESTS_OUT)/topoexpect $(BUILD)/kernel.elf $(BUILD)/initrd.cpio
	@tests/run-suite.sh userspace tests/boot/userspace.sh

# Copy-on-write fork out of memory (user/tests/cowoom on the 128 MiB
# shape): the writer is killed, never the kernel. tests/boot/cow.sh.
.PHONY: test-cow
TEST_SUITES += test-cow
test-cow: $(BUILD)/kernel.elf $(BUILD)/initrd.cpio
	@tests/run-suite.sh cow tests/boot/cow.sh

# The system call entries: sysenter and, with nosysenter, int 0x80 only;
# two boots of user/etc/fastpath.sh, tests/boot/sysenter.sh.
.PHONY: test-sysenter
TEST_SUITES += test-sysenter
test-sysenter: $(BUILD)/kernel.elf $(BUILD)/initrd.cpio
	@tests/run-suite.sh sysenter tests/boot/sysenter.sh

# Real hardware's cases QEMU does not show by itself (TSC check, PIT
# channel 2 gated off, renumbered APIC IDs, stack overflow into a guard
# page, a panic while another CPU's line is open): eight boots,
# tests/boot/hw.sh.
.PHONY: test-hw
TEST_SUITES += test-hw
test-hw: $(BUILD)/kernel.elf
	@tests/run-suite.sh hw tests/boot/hw.sh

# More RAM than the kernel maps: the ISO booted with 2, 3 and 5 GiB
# reaches the shell and runs programs; tests/boot/bigmem.sh.
.PHONY: test-bigmem
TEST_SUITES += test-bigmem
test-bigmem: iso
	@tests/run-suite.sh bigmem tests/boot/bigmem.sh

# The ISO under UEFI (OVMF; two boots, 2n2c2t and 3n-dist, each a minute
# or more under TCG), its two El Torito entries, and the multiboot2 path
# without an RSDP (SeaBIOS, -no-acpi); tests/boot/uefi.sh. fbcheck judges
# the framebuffer console's screenshot against its own dump, drawn with the
# kernel's font table; hmp asks QEMU's monitor for that screenshot.
$(TESTS_OUT)/fbcheck: tools/fbcon/fbcheck.c $(BUILD)/gen/fbfont.c arch/x86/fbfont.h
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) tools/fbcon/fbcheck.c $(BUILD)/gen/fbfont.c -o $@

$(TESTS_OUT)/hmp: tools/fbcon/hmp.c
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) $< -o $@

.PHONY: test-uefi
TEST_SUITES += test-uefi
test-uefi: $(TESTS_OUT)/topoexpect iso $(TESTS_OUT)/fbcheck $(TESTS_OUT)/hmp \
	   $(TESTS_OUT)/panic.iso $(TESTS_OUT)/fb24.iso
	@tests/run-suite.sh uefi tests/boot/uefi.sh

# NMIs from QEMU's monitor while a process loops on sysenter, with and
# without TF: no panic, no triple fault, ring 3 port I/O still faults;
# tests/boot/nmi.sh.
.PHONY: test-nmi
TEST_SUITES += test-nmi
test-nmi: $(BUILD)/kernel.elf $(BUILD)/initrd.cpio
	@tests/run-suite.sh nmi tests/boot/nmi.sh

test-badacpi: $(TESTS_OUT)/topoexpect $(BUILD)/kernel.elf \
	      $(TESTS_OUT)/tables/.stamp $(TESTS_OUT)/badacpi.iso $(ACPITOPO)
	@tests/run-suite.sh badacpi tests/boot/badacpi.sh

# scripts/qemu.sh's exit status in each mode, QEMU stood in for by a
# script (tests/qemu-exit.sh): host only.
.PHONY: test-qemu-exit
TEST_SUITES += test-qemu-exit
test-qemu-exit:
	@tests/run-suite.sh qemu-exit tests/qemu-exit.sh

# docs/reading.md's map of the scheduling path: the files exist, stay under
# 700 lines, and are the size the map says (tests/reading.sh).
.PHONY: test-reading
TEST_SUITES += test-reading
test-reading:
	@tests/run-suite.sh reading tests/reading.sh

# The flake hunter (tests/soak.sh): the suites SOAK, RUNS times (JOBS runs
# at once), under a stress-ng load of its own (LOAD workers, default 4 per
# host CPU), for at most MINUTES; per test its runs, failures and first
# failing log. Not part of make test: it is how a timing-dependent test is
# shown not to flake.
SOAK	?= tests/boot/userspace.sh tests/boot/hw.sh tests/boot/matrix.sh
RUNS	?= 20
JOBS	?= 1
LOAD	?= $(shell echo $$((4 * $$(nproc))))
MINUTES	?= 0
MATCH	?=
.PHONY: soak
soak: $(TESTS_OUT)/topoexpect $(BUILD)/kernel.elf iso $(BUILD)/initrd.cpio
	@scripts/deps.sh soak
	@tests/soak.sh -n $(RUNS) -j $(JOBS) -l $(LOAD) -t $(MINUTES) -m '$(MATCH)' $(SOAK)

# tests/soak.sh itself, on stand-in suites (tests/soak-self.sh): what it
# counts, keeps and rejects. Host only, no load.
.PHONY: test-soak-self
TEST_SUITES += test-soak-self
test-soak-self:
	@tests/run-suite.sh soak-self tests/soak-self.sh
