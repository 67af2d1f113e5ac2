# linux.mk - the companion Linux patch series (sched/linux/) and the
# parity tests that check the teaching kernel against it (tests/parity/).
# LINUX_VERSION picks the kernel: 6.1 (default; what make test boots) or
# 6.12 (sched_ext, with the scx_d7 scheduler of sched/linux/scx/).
#
#   make linux [LINUX_VERSION=6.12]  build the patched kernel (cached
#                              outside the repository, see
#                              sched/linux/README.md) and the initramfs
#                              (build/linux/ or build/linux-6.12/)
#   make run-linux [TOPO=name] [INIT="topo domains"] [LINUX_VERSION=6.12]
#                              boot it on a shape
#   make scx                   build scx_d7 (and Linux 6.12 if needed)
#   make test-scx              scx_d7 on Linux 6.12, three shapes
#                              (tests/parity/scx.sh), and lab 10's steps
#                              (not part of make test: a cold 6.12 build
#                              takes about 10 minutes)
#   make parity-scx            the behaviour table with three columns:
#                              Linux 6.12 (EEVDF), Linux 6.12 + scx_d7,
#                              ours (tests/parity/behave.sh, PARITY_SCX=1;
#                              build/parity/behaviour-6.12.md; not part of
#                              make test either)
#   make test-parity-topo      every shape: Linux's topo lines against ours
#   make test-linux-series     boot checks of each patch (tests/parity/series.sh)
#   make test-parity-behave    the workloads of user/etc/parity.sh on both
#                              kernels, 4 shapes: a TAP line per scenario and
#                              shape, the table in build/parity/behaviour.md
#                              (tests/parity/behave.sh, behave.c; ~2-4 min)
#   make parity                the three above

LINUX_DIR := sched/linux
INIT	?=
LINUX_VERSION ?= 6.1
export LINUX_VERSION
# 6.12 needs clang-19, pahole and the libraries of a static libbpf.
LINUX_DEPS := $(if $(filter 6.12,$(LINUX_VERSION)),deps-scx,deps)

.PHONY: linux run-linux deps-scx scx test-scx
linux: $(LINUX_DEPS)
	@$(LINUX_DIR)/build.sh >/dev/null
	@$(LINUX_DIR)/initramfs.sh

deps-scx:
	@scripts/deps.sh scx

scx: deps-scx
	@LINUX_VERSION=6.12 $(LINUX_DIR)/scx/build.sh

# Then lab 10's steps (docs/lab10-scx.md), Linux's included (LAB_SCX=1;
# a host step boots, or rebuilds scx_d7 in a patched copy: 300 s each).
test-scx: deps-scx $(BUILD)/kernel.elf $(SIM_OUT)/schedsim $(TESTS_OUT)/topoexpect
	@tests/run-suite.sh scx tests/parity/scx.sh; s=$$?; \
	LAB_SCX=1 HOST_TIMEOUT=300 tests/run-suite.sh scx-lab10 tests/labs/run.sh docs/lab10-scx.md || s=1; \
	exit $$s
.PHONY: parity-scx
parity-scx: deps-scx
	@LINUX_VERSION=6.12 PARITY_SCX=1 tests/run-suite.sh parity-scx tests/parity/behave.sh

run-linux: linux
	$(LINUX_DIR)/run.sh $(TOPO) $(INIT)

# Parity: every shape, Linux's topo lines against our kernel's (and against
# topoexpect); then what each patch of the series promises. The suites build
# what they need themselves (sched/linux/build.sh, topoexpect, kernel.elf)
# and turn a failed build into "not ok" lines: as prerequisites, a failed
# build would stop make before the suite could record anything.
.PHONY: test-parity-topo test-linux-series test-parity-behave parity
TEST_SUITES += test-parity-topo test-linux-series test-parity-behave
test-parity-topo:
	@tests/run-suite.sh parity-topo tests/parity/topo.sh

test-linux-series:
	@tests/run-suite.sh linux-series tests/parity/series.sh

# Behaviour: the same scenarios on both kernels, compared by property.
test-parity-behave:
	@tests/run-suite.sh parity-behave tests/parity/behave.sh

parity: test-parity-topo test-linux-series test-parity-behave

# behave.c's rules on recorded logs (tests/parity/fixtures/): host only.
.PHONY: test-behave-rules
TEST_SUITES += test-behave-rules
test-behave-rules: $(BUILD)/tests/behave
	@tests/run-suite.sh behave-rules tests/parity/rules.sh

$(BUILD)/tests/behave: tests/parity/behave.c
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -o $@ $<
