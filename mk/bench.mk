# bench.mk - `make bench`: our kernel against Linux 6.1 in the same QEMU
# (issue 7), and the simulator's benchmarks.
#
#   make bench          bench-sched (mk/sched.mk: instructions per schedule()
#                       in the simulator, the ablation table), then the
#                       in-guest rows (user/bench/) on both kernels by
#                       bench/run.sh; the table on the terminal and in
#                       bench/results.md, the chart in bench/results.svg,
#                       the simulator's scaling plot in bench/scale.svg
#   make bench QUICK=1  few rounds, fewer boots; results in build/bench/
#                       only (never commit a quick run's numbers)
#   make bench DETERMINISTIC=1 [QUICK=1]
#                       the in-guest rows twice, both kernels under QEMU's
#                       -icount $(BENCH_ICOUNT) -rtc $(BENCH_RTC) (guest
#                       time = guest instructions, the RTC's included;
#                       bench/notes.md, "Deterministic mode"),
#                       then bench/report --compare: fails when a row of
#                       the two runs differs by more than 1%, or when a row
#                       where ours is not faster has no line in
#                       bench/det-why.md. The full run rewrites the
#                       deterministic section of bench/results.md (and only
#                       it); QUICK=1 writes build/bench/det-quick/results.md
#   make bench LINUX_VERSION=6.12 SCX=1 [DETERMINISTIC=1] [QUICK=1]
#                       Linux 6.12's rows under scx_d7 (sched/linux/scx/);
#                       fails if sched_ext ejected it; results in the run's
#                       folder (build/bench/<run>-scx/results.md)
#   make bench-real     the real tools beside the port, in one Linux 6.1
#                       guest under the deterministic options: rt-tests'
#                       hackbench and perf bench sched pipe against the
#                       port's hackbench and sched_pipe_1cpu, within 15%
#                       (bench/real-tools.sh; scripts/deps.sh bench)
#   make profile [ROW=syscall_null] [KERNEL=os|linux] [ROUNDS=1000] [SHAPE=up]
#                       where one row's instructions go, per function: two
#                       boots under -icount $(BENCH_ICOUNT), the row with
#                       ROUNDS rounds and with 0, counted per guest PC by a
#                       QEMU plugin (bench/profile/), diffed, per round
#                       (bench/notes.md, "Profiles"); build/bench/profile/
#   test-profile        the plugin loads, and syscall_null's profile on ours
#                       is the system call path's (bench/profile/check.sh)
#   test-bench          `make bench QUICK=1`, then bench/report --check:
#                       every row present on both kernels, its numbers
#                       positive, min <= median <= max (not that they are
#                       fast: this host's speed is not the kernel's)
#
# The runs and their logs go to build/bench/run/ (QUICK: build/bench/quick/).

BENCH_OUT	:= $(BUILD)/bench
BENCH_REPORT	:= $(BENCH_OUT)/report
ifeq ($(QUICK),)
BENCH_RUN	:= $(BENCH_OUT)/run
BENCH_MD	:= bench/results.md
BENCH_SVG	:= bench/results.svg
else
BENCH_RUN	:= $(BENCH_OUT)/quick
BENCH_MD	:= $(BENCH_OUT)/results.md
BENCH_SVG	:= $(BENCH_OUT)/results.svg
endif
# The deterministic mode's QEMU options, for both kernels: a fixed shift
# (one instruction = 2^0 ns of guest time), idle time skipped at once
# instead of slept (sleep=off), and no pacing by the host's clock
# (align=off). bench/notes.md, "Deterministic mode", has why each.
BENCH_ICOUNT	:= shift=0,sleep=off,align=off
# And the RTC at a fixed date, advanced by that same instruction clock: Linux
# reads the time of day from it at boot, and the time of day feeds its random
# seeds and its wall-clock arithmetic, so a boot a minute later would execute
# other instructions (bench/notes.md, "Deterministic mode"). Ours does not
# read the RTC; it gets the same options.
BENCH_RTC	:= base=2026-01-01T00:00:00,clock=vm
ifneq ($(DETERMINISTIC),)
BENCH_RUN	:= $(BENCH_OUT)/det$(if $(QUICK),-quick)
BENCH_MD	:= $(if $(QUICK),$(BENCH_RUN)/results.md,bench/results.md)
endif

# SCX=1 (with LINUX_VERSION=6.12): Linux's rows under scx_d7, this kernel's
# policy as a BPF scheduler (bench/run.sh, BENCH_SCX). Their own folder
# and table: bench/results.md stays ours against Linux's own scheduler.
ifneq ($(SCX),)
BENCH_RUN	:= $(BENCH_RUN)-scx
BENCH_MD	:= $(BENCH_RUN)/results.md
BENCH_SVG	:= $(BENCH_RUN)/results.svg
endif

.PHONY: bench bench-guest bench-real test-bench
TEST_SUITES += test-bench

BENCH_REPORT_SRCS := $(addprefix bench/,report.c report-rows.c report-det.c report-check.c \
			report-svg.c)
$(BENCH_REPORT): $(BENCH_REPORT_SRCS) bench/report.h user/bench/o1rows.h
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -o $@ $(BENCH_REPORT_SRCS) -lm

ifeq ($(DETERMINISTIC),)
bench: bench-sched bench-guest

# bench-sched first: its build/sim/bench.md goes into results.md.
bench-guest: $(LINUX_DEPS) $(BUILD)/kernel.elf $(INITRD) $(BENCH_REPORT) | bench-sched
	@$(MAKE) --no-print-directory user-linux
	@QUICK=$(QUICK) BENCH_SCX=$(SCX) bench/run.sh $(BENCH_RUN)
	@$(BENCH_REPORT) $(BENCH_RUN) --md $(BENCH_MD) --svg $(BENCH_SVG) \
		--notes bench/notes.md --sim $(SIM_OUT)/bench.md
	@cp $(SIM_OUT)/scale.svg $(dir $(BENCH_SVG))scale.svg
	@echo "bench: $(BENCH_MD), $(BENCH_SVG) (logs in $(BENCH_RUN)/logs)"
else
bench: bench-guest

# Two runs in a row, then the report: run 1's table, the comparison.
bench-guest: $(LINUX_DEPS) $(BUILD)/kernel.elf $(INITRD) $(BENCH_REPORT)
	@$(MAKE) --no-print-directory user-linux
	@QUICK=$(QUICK) BENCH_SCX=$(SCX) BENCH_ICOUNT=$(BENCH_ICOUNT) BENCH_RTC=$(BENCH_RTC) bench/run.sh $(BENCH_RUN)/1
	@QUICK=$(QUICK) BENCH_SCX=$(SCX) BENCH_ICOUNT=$(BENCH_ICOUNT) BENCH_RTC=$(BENCH_RTC) bench/run.sh $(BENCH_RUN)/2
	@$(BENCH_REPORT) $(BENCH_RUN)/1 --det --compare $(BENCH_RUN)/2 \
		--md $(BENCH_MD) --why bench/det-why.md
	@echo "bench: $(BENCH_MD) (logs in $(BENCH_RUN)/1/logs and $(BENCH_RUN)/2/logs)"
endif

test-bench: $(BENCH_REPORT)
	@tests/run-suite.sh bench bench/check.sh

bench-real: deps
	@scripts/deps.sh bench
	@$(MAKE) --no-print-directory user-linux
	@BENCH_ICOUNT=$(BENCH_ICOUNT) BENCH_RTC=$(BENCH_RTC) bench/real-tools.sh $(BENCH_OUT)/real

# make profile: the plugin is a host shared object QEMU loads (-plugin);
# profile-report maps its counts to functions (bench/profile/report.c).
PROFILE_PLUGIN	:= $(BENCH_OUT)/profile.so
PROFILE_REPORT	:= $(BENCH_OUT)/profile-report
ROW		?= syscall_null
KERNEL		?= os
ROUNDS		?= 1000
# Not HCFLAGS: its -Isched would put the scheduler's sched.h in place of
# the C library's, which pthread.h includes.
PROFILE_CFLAGS	:= -std=gnu11 -O2 -g -Wall -Wextra -Werror

$(PROFILE_PLUGIN): bench/profile/plugin.c bench/profile/qemu-plugin.h
	@mkdir -p $(@D)
	$(HOSTCC) $(PROFILE_CFLAGS) -shared -fPIC -fvisibility=hidden -o $@ bench/profile/plugin.c

$(PROFILE_REPORT): bench/profile/report.c
	@mkdir -p $(@D)
	$(HOSTCC) $(PROFILE_CFLAGS) -o $@ $<

.PHONY: profile profile-tools test-profile
TEST_SUITES += test-profile
profile-tools: $(PROFILE_PLUGIN) $(PROFILE_REPORT)

profile: deps $(BUILD)/kernel.elf $(INITRD) profile-tools
	@$(if $(filter linux,$(KERNEL)),$(MAKE) --no-print-directory user-linux)
	@ROW=$(ROW) KERNEL=$(KERNEL) ROUNDS=$(ROUNDS) $(if $(SHAPE),SHAPE=$(SHAPE)) \
		PLUGIN=$(abspath $(PROFILE_PLUGIN)) REPORT=$(abspath $(PROFILE_REPORT)) \
		BENCH_ICOUNT=$(BENCH_ICOUNT) BENCH_RTC=$(BENCH_RTC) \
		bench/profile/profile.sh $(BENCH_OUT)/profile/$(KERNEL)-$(ROW)

test-profile: $(BUILD)/kernel.elf $(INITRD) profile-tools
	@PLUGIN=$(abspath $(PROFILE_PLUGIN)) REPORT=$(abspath $(PROFILE_REPORT)) \
		BENCH_ICOUNT=$(BENCH_ICOUNT) BENCH_RTC=$(BENCH_RTC) \
		tests/run-suite.sh profile bench/profile/check.sh $(BENCH_OUT)/profile/test
