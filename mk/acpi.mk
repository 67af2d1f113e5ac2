# acpi.mk - host unit tests and libFuzzer harness of the ACPI parsers.
#
#   make test-acpi        unit tests (tests/acpi/test_acpi.c), ASan + UBSan
#   make test-fuzz-acpi   the fuzzer for FUZZ_SUITE_SECONDS (30 s): one TAP line
#   make fuzz             the fuzzer for FUZZ_SECONDS (600 s)
#
# Everything goes to build/acpi/: the binaries, the seed corpus written by
# `test_acpi --seeds` (never committed), the corpus the fuzzer grows, and
# crash/timeout artefacts (build/acpi/artifacts/).

ACPI_OUT	:= $(BUILD)/acpi
ACPI_SAN	:= -fsanitize=address,undefined -fno-sanitize-recover=all
ACPI_DEPS	:= arch/x86/acpi.c arch/x86/acpi.h include/params.h
ACPI_TEST_SRC	:= arch/x86/acpi.c tests/acpi/acpi_build.c tests/acpi/test_acpi.c

# libFuzzer needs clang (Debian: the runtime is in libclang-rt-14-dev).
FUZZ_CC		?= clang
FUZZ_SECONDS	?= 600
FUZZ_SUITE_SECONDS ?= 30

$(ACPI_OUT)/test_acpi: $(ACPI_TEST_SRC) $(ACPI_DEPS) tests/acpi/acpi_build.h \
		       tests/acpi/acpi_fuzz.h
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -O1 $(ACPI_SAN) -Itests/acpi $(ACPI_TEST_SRC) -o $@

$(ACPI_OUT)/fuzz_acpi: tests/acpi/fuzz_acpi.c tests/acpi/acpi_fuzz.h $(ACPI_DEPS)
	@mkdir -p $(@D)
	$(FUZZ_CC) -std=gnu11 -O1 -g -Wall -Wextra -Werror -Iinclude -Iarch/x86 \
		-Itests/acpi -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=all arch/x86/acpi.c tests/acpi/fuzz_acpi.c -o $@

# The seeds are rewritten whenever the table builder changes.
$(ACPI_OUT)/seeds/.stamp: $(ACPI_OUT)/test_acpi
	@rm -rf $(@D) && mkdir -p $(@D)
	$(ACPI_OUT)/test_acpi --seeds $(@D)
	@touch $@

TEST_SUITES += test-acpi test-fuzz-acpi

.PHONY: test-acpi test-fuzz-acpi
test-acpi: $(ACPI_OUT)/test_acpi
	@tests/run-suite.sh acpi $(ACPI_OUT)/test_acpi

test-fuzz-acpi: $(ACPI_OUT)/fuzz_acpi $(ACPI_OUT)/seeds/.stamp
	@tests/run-suite.sh fuzz-acpi tests/acpi/run-fuzz.sh $(ACPI_OUT) \
		$(FUZZ_SUITE_SECONDS)

fuzz: $(ACPI_OUT)/fuzz_acpi $(ACPI_OUT)/seeds/.stamp
	@tests/acpi/run-fuzz.sh $(ACPI_OUT) $(FUZZ_SECONDS)

# The parsers on tables QEMU really built (tests/acpi/qemu-tables.sh).
$(ACPI_OUT)/qemu_check: tests/acpi/qemu_check.c tests/shape.c tests/shape.h \
			lib/topology.c lib/cpumask.c $(ACPI_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -O1 $(ACPI_SAN) -Itests tests/acpi/qemu_check.c \
		arch/x86/acpi.c tests/shape.c lib/topology.c lib/cpumask.c -o $@

TEST_SUITES += test-acpi-qemu
.PHONY: test-acpi-qemu
test-acpi-qemu: $(ACPI_OUT)/qemu_check
	@tests/run-suite.sh acpi-qemu tests/acpi/qemu-tables.sh $(ACPI_OUT)

# acpitopo: the topology this kernel would report from a machine's ACPI
# tables (acpidump's text or acpixtract's binaries), built from the kernel's
# own parser and report code; test-acpitopo runs it on the crafted tables of
# tests/acpi/topo/ (iasl sources) and tests/boot/mktables.c.
ACPITOPO	:= $(BUILD)/tools/acpitopo
ACPITOPO_SRC	:= tools/acpitopo/acpitopo.c arch/x86/acpi.c lib/topology.c \
		   lib/cpumask.c

$(ACPITOPO): $(ACPITOPO_SRC) $(ACPI_DEPS) include/topology.h include/cpumask.h
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) $(ACPITOPO_SRC) -o $@

.PHONY: acpitopo test-acpitopo
acpitopo: $(ACPITOPO)

TEST_SUITES += test-acpitopo
test-acpitopo: $(ACPITOPO) $(BUILD)/tests/tables/.stamp
	@tests/run-suite.sh acpitopo tests/acpi/acpitopo.sh $(ACPI_OUT)

# Linux 6.1 itself (the companion, sched/linux/; its build cached) booted
# with the crafted SRATs and SLITs of tests/acpi/topo/: its report must be
# each case's expected one (tests/acpi/linux-tables.sh). The script builds
# the companion itself and says "not ok" when that fails.
TEST_SUITES += test-acpi-linux
.PHONY: test-acpi-linux
test-acpi-linux: $(BUILD)/tests/tables/.stamp
	@tests/run-suite.sh acpi-linux tests/acpi/linux-tables.sh $(ACPI_OUT)
