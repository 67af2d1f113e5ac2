# sched.mk - the scheduler's host simulator and its tests.
#
#   make sim          build/sim/schedsim: runs scenario files on the unchanged
#                     sched/ sources (sched/sim/, tests/sched/*.scn)
#   test-sched        unit tests (tests/sched/test_*.c) and every scenario of
#                     tests/sched/, with the sanity checker after every
#                     operation, built with AddressSanitizer and UBSan
#   bench-sched       (also under `make bench`) instructions per schedule()
#                     with 1..10000 tasks (callgrind), the ablation table
#                     of tests/sched/bench/ and the scaling table of
#                     tests/sched/scale/ (8..1024 CPUs, tests/sched/scale.sh),
#                     into build/sim/bench.md and build/sim/scale.svg
#
# The simulator's seam (sched/sim/sched_env.h, arch.c) comes first on the
# include path, so the kernel's own sched_env.h is never picked up here.

SIM_OUT		:= $(BUILD)/sim
SCHED_SRCS	:= $(sort $(wildcard sched/*.c))
SCHED_HDRS	:= $(wildcard sched/*.h sched/sim/*.h) tests/shape.h \
		   include/topology.h include/cpumask.h include/params.h
SIM_SRCS	:= $(sort $(wildcard sched/sim/*.c))
SIM_HOST_SRCS	:= tests/shape.c lib/topology.c lib/cpumask.c lib/statline.c
# The simulator's own limits (include/params.h lets a build set them): it
# runs machines this host cannot emulate, up to 1024 CPUs in 64 nodes.
SIM_NR_CPUS	?= 1024
SIM_MAX_NODES	?= 64
SIM_CFLAGS	:= -Isched/sim $(HCFLAGS) -Itests -DNR_CPUS=$(SIM_NR_CPUS) \
		   -DMAX_NODES=$(SIM_MAX_NODES)
SIM_SANITIZE	:= -fsanitize=address,undefined -fno-omit-frame-pointer \
		   -fno-sanitize-recover=all
# The seam alone (sched_arch.h), for the programs that drive sched/ by hand.
SIM_SEAM	:= sched/sim/arch.c sched/sim/ctx.c
# The simulator counts the runqueues the scheduler scans through these
# (sched/sim/count.h): no counter in sched/ itself.
SIM_WRAP	:= -Wl,--wrap=rq_in_use -Wl,--wrap=rebalance_tick \
		   -Wl,--wrap=active_load_balance -Wl,--wrap=arch_spin_lock \
		   -Wl,--wrap=arch_spin_unlock
SCHED_TEST_SRCS	:= tests/sched/harness.c $(sort $(wildcard tests/sched/test_*.c))

.PHONY: sim test-sched bench-sched
TEST_SUITES += test-sched

sim: $(SIM_OUT)/schedsim

# sched/ sees only its own folder, include/ and the simulator's (the seam):
# each file is compiled first with nothing else on its include path, so an
# #include of an x86, kernel or test header there fails the build, as in
# the kernel's (mk/kernel.mk).
SCHED_SIM_ONLY	:= -std=gnu11 -Wall -Wextra -Werror -Isched/sim -Isched -Iinclude \
		   -DNR_CPUS=$(SIM_NR_CPUS) -DMAX_NODES=$(SIM_MAX_NODES)

$(SIM_OUT)/schedsim: $(SCHED_SRCS) $(SIM_SRCS) $(SIM_HOST_SRCS) $(SCHED_HDRS)
	@mkdir -p $(@D)
	@for f in $(SCHED_SRCS); do \
		$(HOSTCC) $(SCHED_SIM_ONLY) -fsyntax-only $$f || exit 1; done
	$(HOSTCC) $(SIM_CFLAGS) $(SIM_WRAP) -o $@ $(SCHED_SRCS) $(SIM_SRCS) \
		$(SIM_HOST_SRCS)

# The same with the sanitizers, for the tests; without the counting
# (count.c and its wrapping: 4% of the sanitized scenarios' time, in the
# sanity checker's loops), which test-sched checks on schedsim itself.
$(SIM_OUT)/schedsim-san: $(SCHED_SRCS) $(SIM_SRCS) $(SIM_HOST_SRCS) $(SCHED_HDRS)
	@mkdir -p $(@D)
	$(HOSTCC) $(SIM_CFLAGS) $(SIM_SANITIZE) -o $@ $(SCHED_SRCS) \
		$(filter-out sched/sim/count.c,$(SIM_SRCS)) $(SIM_HOST_SRCS)

$(SIM_OUT)/test_sched: $(SCHED_TEST_SRCS) $(SCHED_SRCS) $(SIM_SEAM) \
		       $(SIM_HOST_SRCS) $(SCHED_HDRS) tests/sched/harness.h
	@mkdir -p $(@D)
	$(HOSTCC) $(SIM_CFLAGS) -Itests/sched $(SIM_SANITIZE) -o $@ \
		$(SCHED_TEST_SRCS) $(SCHED_SRCS) $(SIM_SEAM) $(SIM_HOST_SRCS)

test-sched: $(SIM_OUT)/test_sched $(SIM_OUT)/schedsim-san $(SIM_OUT)/schedsim
	@tests/run-suite.sh sched tests/sched/run.sh $(SIM_OUT)

# Benchmarks: no sanitizers, no sanity checker (they would be measured).
$(SIM_OUT)/bench_schedule: tests/sched/bench_schedule.c tests/sched/harness.c \
			   $(SCHED_SRCS) $(SIM_SEAM) $(SIM_HOST_SRCS) \
			   $(SCHED_HDRS) tests/sched/harness.h
	@mkdir -p $(@D)
	$(HOSTCC) $(SIM_CFLAGS) -Itests/sched -o $@ tests/sched/bench_schedule.c \
		tests/sched/harness.c $(SCHED_SRCS) $(SIM_SEAM) $(SIM_HOST_SRCS)

$(SIM_OUT)/scaletab: tests/sched/scaletab.c
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -o $@ $< -lm

bench-sched: $(SIM_OUT)/bench_schedule $(SIM_OUT)/schedsim $(SIM_OUT)/scaletab
	@tests/sched/bench.sh $(SIM_OUT)

# The scheduler fuzzer (tests/sched/fuzz.c, README.md): `make fuzz-sched`
# runs until stopped (FUZZ_SEED= picks the first seed); test-fuzz-sched,
# in `make test`, a fixed set of runs, then each defect of
# tests/sched/defects/ put back into a copy of sched/ and found again.
FUZZ_SEED	?= $(shell date +%s)
TEST_SUITES	+= test-fuzz-sched

$(SIM_OUT)/fuzz: tests/sched/fuzz.c $(SCHED_SRCS) $(SIM_SEAM) $(SIM_HOST_SRCS) \
		 $(SCHED_HDRS)
	@mkdir -p $(@D)
	$(HOSTCC) $(SIM_CFLAGS) $(SIM_SANITIZE) -o $@ tests/sched/fuzz.c \
		$(SCHED_SRCS) $(SIM_SEAM) $(SIM_HOST_SRCS)

.PHONY: fuzz-sched test-fuzz-sched
fuzz-sched: $(SIM_OUT)/fuzz
	$(SIM_OUT)/fuzz --forever --seed $(FUZZ_SEED)

test-fuzz-sched: $(SIM_OUT)/fuzz
	@FUZZ_CC="$(HOSTCC)" FUZZ_CFLAGS="$(HCFLAGS) -Itests $(SIM_SANITIZE)" \
		tests/run-suite.sh fuzz-sched tests/sched/fuzz.sh $(SIM_OUT)
