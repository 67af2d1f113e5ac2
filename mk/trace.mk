# trace.mk - tracevis, the host tool that draws scheduler traces, its test
# generator, and their tests (tools/tracevis/, tests/trace/).
#
#   build/tools/tracevis   trace dump or ftrace text -> JSON / SVG / HTML
#   build/tools/tracegen   a plausible dump in our format for a shape
#   make trace-demo        tracegen's 8 hogs on 2n2c2t drawn as
#                          build/trace/demo.{txt,json,svg,html}
#   test-trace             parser and model unit tests, the outputs checked
#                          (JSON parses, SVG is well-formed XML) and the page
#                          rendered in headless Chromium (tests/trace/run.sh)
#   test-trace-pair        make trace for exec-spread on 2n2c2t, both kernels:
#                          the shell's trace command, Linux's ftrace, and the
#                          side-by-side page in Chromium (tests/trace/
#                          pair_test.sh; 1-2 min with Linux built)
#   make trace             (mk/kernel.mk) tests/trace/pair_run.sh
#
# The tests use builds with AddressSanitizer and UBSan (build/trace/*-san).

TV_DIR		:= tools/tracevis
TV_OUT		:= $(BUILD)/trace
TV_LIB_SRCS	:= $(TV_DIR)/input.c $(TV_DIR)/parse_topo.c \
		   $(TV_DIR)/parse_ours.c $(TV_DIR)/parse_ftrace.c \
		   $(TV_DIR)/model.c $(TV_DIR)/json.c $(TV_DIR)/svg.c \
		   $(TV_DIR)/page.c $(TV_DIR)/stats.c lib/topology.c lib/cpumask.c
TV_HDRS		:= $(TV_DIR)/model.h $(TV_DIR)/writers.h include/topology.h \
		   include/cpumask.h include/params.h
TV_CFLAGS	:= $(HCFLAGS) -I$(TV_DIR)
TV_SAN		:= -fsanitize=address,undefined -fno-omit-frame-pointer \
		   -fno-sanitize-recover=all
TV_GEN_SRCS	:= $(TV_DIR)/tracegen.c tests/shape.c lib/topology.c lib/cpumask.c

$(BUILD)/tools/tracevis: $(TV_DIR)/main.c $(TV_LIB_SRCS) $(TV_HDRS)
	@mkdir -p $(@D)
	$(HOSTCC) $(TV_CFLAGS) -o $@ $(TV_DIR)/main.c $(TV_LIB_SRCS)

$(BUILD)/tools/tracegen: $(TV_GEN_SRCS) tests/shape.h $(TV_HDRS)
	@mkdir -p $(@D)
	$(HOSTCC) $(TV_CFLAGS) -Itests -o $@ $(TV_GEN_SRCS)

$(TV_OUT)/tracevis-san: $(TV_DIR)/main.c $(TV_LIB_SRCS) $(TV_HDRS)
	@mkdir -p $(@D)
	$(HOSTCC) $(TV_CFLAGS) -O1 $(TV_SAN) -o $@ $(TV_DIR)/main.c $(TV_LIB_SRCS)

$(TV_OUT)/tracegen-san: $(TV_GEN_SRCS) tests/shape.h $(TV_HDRS)
	@mkdir -p $(@D)
	$(HOSTCC) $(TV_CFLAGS) -O1 $(TV_SAN) -Itests -o $@ $(TV_GEN_SRCS)

$(TV_OUT)/test_trace: tests/trace/test_trace.c $(TV_LIB_SRCS) $(TV_HDRS)
	@mkdir -p $(@D)
	$(HOSTCC) $(TV_CFLAGS) -O1 $(TV_SAN) -o $@ tests/trace/test_trace.c \
		$(TV_LIB_SRCS)

$(TV_OUT)/pngcolors: tests/trace/pngcolors.c
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -O1 $(TV_SAN) -o $@ $< -lpng

.PHONY: tracevis trace-demo test-trace
tracevis: $(BUILD)/tools/tracevis $(BUILD)/tools/tracegen

trace-demo: $(BUILD)/tools/tracevis $(BUILD)/tools/tracegen
	@mkdir -p $(TV_OUT)
	$(BUILD)/tools/tracegen 2n2c2t hogs > $(TV_OUT)/demo.txt
	$(BUILD)/tools/tracegen --linux 2n2c2t hogs > $(TV_OUT)/demo-linux.txt
	$(BUILD)/tools/tracevis -j $(TV_OUT)/demo.json -s $(TV_OUT)/demo.svg \
		--title "8 hogs on 2n2c2t (tracegen)" $(TV_OUT)/demo.txt
	$(BUILD)/tools/tracevis --page $(TV_OUT)/demo.html \
		--title "8 hogs on 2n2c2t" --left $(TV_OUT)/demo.txt \
		--left-title "this kernel (tracegen)" --right $(TV_OUT)/demo-linux.txt \
		--right-title "Linux 6.1 (tracegen, ftrace text)"

TEST_SUITES += test-trace
test-trace: $(TV_OUT)/test_trace $(TV_OUT)/tracevis-san $(TV_OUT)/tracegen-san \
	    $(TV_OUT)/pngcolors
	@tests/run-suite.sh trace tests/trace/run.sh $(TV_OUT)

TEST_SUITES += test-trace-pair
.PHONY: test-trace-pair
test-trace-pair: $(BUILD)/kernel.elf $(BUILD)/initrd.cpio $(BUILD)/tools/tracevis \
		 $(TV_OUT)/pngcolors
	@tests/run-suite.sh trace-pair tests/trace/pair_test.sh $(TV_OUT)
