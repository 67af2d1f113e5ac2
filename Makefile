# The one top Makefile. Each part of the system adds its rules in a fragment
# under mk/: kernel.mk (boot/, arch/x86/, kernel/, lib/ -> the kernel and its
# ISO), sched.mk (sched/ and its host simulator), tests.mk (host tests, fuzzers,
# QEMU boot tests), bench.mk (make bench: ours against Linux in QEMU). Everything built goes to build/.
#
#   make run [TOPO=name] [MEM=2G] [FIRMWARE=uefi] [QEMU_ARGS=...]   install
#                          what is missing, build, boot a shape (MEM: its
#                          RAM, split over its nodes; FIRMWARE: bios or uefi,
#                          scripts/qemu.sh; QEMU_ARGS: more QEMU options)
#   make test              install what is missing, then every test
#   make iso | debug | fuzz | bench | clean
#
# Suites register themselves by adding a target to TEST_SUITES; `make test`
# runs them all (one failing suite does not stop the others) and ends with the
# closing line "N passed, N failed".

TOPO	?= 2n2c2t
FIRMWARE ?= bios
BUILD	:= build

# The guest side: freestanding 32-bit code from the Debian cross compiler.
CROSS	?= i686-linux-gnu-
KCC	:= $(CROSS)gcc
KLD	:= $(CROSS)ld
NASM	:= nasm
KCFLAGS	:= -std=gnu11 -ffreestanding -fno-pic -fno-pie -fno-stack-protector \
	   -fno-omit-frame-pointer -fno-builtin -nostdlib -m32 -march=i686 \
	   -mno-sse -mno-mmx -mno-80387 -O2 -g -Wall -Wextra -Werror \
	   -Iinclude -Iarch/x86 -Ikernel -Ikernel/tests -Ikernel/sched_env -Isched

# The host side: tests, simulator and tools.
HOSTCC	?= gcc
HCFLAGS	:= -std=gnu11 -O2 -g -Wall -Wextra -Werror -Iinclude -Iarch/x86 -Isched

TEST_SUITES :=

.PHONY: all deps iso run debug test test-suites fuzz bench clean
all: iso

deps:
	@scripts/deps.sh

include mk/kernel.mk
include mk/acpi.mk
include mk/sched.mk
include mk/tests.mk
include mk/linux.mk
include mk/trace.mk
include mk/user.mk
include mk/labs.mk
include mk/bench.mk

run: deps
	@$(MAKE) --no-print-directory iso
	QEMU_MODE=interactive QEMU_MEM=$(MEM) QEMU_FIRMWARE=$(FIRMWARE) \
		scripts/qemu.sh $(TOPO) $(QEMU_ARGS)

debug: deps
	@$(MAKE) --no-print-directory iso
	QEMU_MODE=debug scripts/qemu.sh $(TOPO) & \
	gdb -q -ex 'target remote :1234' -ex 'break kmain' -ex continue $(BUILD)/kernel.elf; \
	kill %1 2>/dev/null || true

# The suites that run on the host alone: the simulator's (deterministic
# by construction), the fuzzers with a time budget, the unit tests. None
# boots QEMU or measures time, so two of them at a time share the two CPUs
# without changing what they check; every suite that boots runs alone
# after them. HOST_SUITES names each that exists in TEST_SUITES.
HOST_SUITES = $(filter test-sched test-fuzz-sched test-fuzz-acpi test-acpi \
	test-lib test-format test-reading test-behave-rules test-qemu-exit,$(TEST_SUITES))

test: deps
	@rm -rf $(BUILD)/results
	@$(MAKE) --no-print-directory -k -j2 $(HOST_SUITES) || true
	@$(MAKE) --no-print-directory -k test-suites || true
	@tests/summary.sh

test-suites: $(filter-out $(HOST_SUITES),$(TEST_SUITES))

clean:
	rm -rf $(BUILD)
