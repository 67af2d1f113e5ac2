# linux.mk - the companion Linux 6.1 patch series (sched/linux/) and the
# parity tests that check the teaching kernel against it (tests/parity/).
#
#   make linux                 build the patched kernel (cached outside the
#                              repository, see sched/linux/README.md) and the
#                              initramfs (build/linux/initramfs.cpio)
#   make run-linux [TOPO=name] [INIT="topo domains"]  boot it on a shape

LINUX_DIR := sched/linux
INIT	?=

.PHONY: linux run-linux
linux: deps
	@$(LINUX_DIR)/build.sh >/dev/null
	@$(LINUX_DIR)/initramfs.sh

run-linux: linux
	$(LINUX_DIR)/run.sh $(TOPO) $(INIT)
