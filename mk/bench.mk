# bench.mk - `make bench`: our kernel against Linux 6.1 in the same QEMU
# (issue 7), and the simulator's benchmarks.
#
#   make bench          bench-sched (mk/sched.mk: instructions per schedule()
#                       in the simulator, the ablation table), then the
#                       in-guest rows (user/bench/) on both kernels by
#                       bench/run.sh; the table on the terminal and in
#                       bench/results.md, the chart in bench/results.svg
#   make bench QUICK=1  few rounds, fewer boots; results in build/bench/
#                       only (never commit a quick run's numbers)
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

.PHONY: bench bench-guest test-bench
TEST_SUITES += test-bench

$(BENCH_REPORT): bench/report.c user/bench/o1rows.h
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -o $@ $< -lm

bench: bench-sched bench-guest

# bench-sched first: its build/sim/bench.md goes into results.md.
bench-guest: deps $(BUILD)/kernel.elf $(INITRD) $(BENCH_REPORT) | bench-sched
	@$(MAKE) --no-print-directory user-linux
	@QUICK=$(QUICK) bench/run.sh $(BENCH_RUN)
	@$(BENCH_REPORT) $(BENCH_RUN) --md $(BENCH_MD) --svg $(BENCH_SVG) \
		--notes bench/notes.md --sim $(SIM_OUT)/bench.md
	@echo "bench: $(BENCH_MD), $(BENCH_SVG) (logs in $(BENCH_RUN)/logs)"

test-bench: $(BENCH_REPORT)
	@tests/run-suite.sh bench bench/check.sh
