# linux.mk - the companion Linux 6.1 patch series (sched/linux/) and the
# parity tests that check the teaching kernel against it (tests/parity/).
#
#   make linux                 build the patched kernel (cached outside the
#                              repository, see sched/linux/README.md) and the
#                              initramfs (build/linux/initramfs.cpio)
#   make run-linux [TOPO=name] [INIT="topo domains"]  boot it on a shape
#   make test-parity-topo      every shape: Linux's topo lines against ours
#   make test-linux-series     boot checks of each patch (tests/parity/series.sh)

LINUX_DIR := sched/linux
INIT	?=

.PHONY: linux run-linux
linux: deps
	@$(LINUX_DIR)/build.sh >/dev/null
	@$(LINUX_DIR)/initramfs.sh

run-linux: linux
	$(LINUX_DIR)/run.sh $(TOPO) $(INIT)

# Parity: every shape, Linux's topo lines against our kernel's (and against
# topoexpect); then what each patch of the series promises. The suites build
# what they need themselves (sched/linux/build.sh, topoexpect, kernel.elf)
# and turn a failed build into "not ok" lines: as prerequisites, a failed
# build would stop make before the suite could record anything.
.PHONY: test-parity-topo test-linux-series
TEST_SUITES += test-parity-topo test-linux-series
test-parity-topo:
	@tests/run-suite.sh parity-topo tests/parity/topo.sh

test-linux-series:
	@tests/run-suite.sh linux-series tests/parity/series.sh
