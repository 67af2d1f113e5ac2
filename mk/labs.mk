# labs.mk - the classroom labs (docs/labN-*.md) and their test.
#
#   make lab [TOPO=name] [BOOT="options"]
#                 boot build/kernel.elf on a shape into the shell, with
#                 kernel command-line options (noshare, test_ht, nonuma...,
#                 kernel/cmdline.c) and the labs' initrd; BOOT="-- /etc/lab2-1.sh"
#                 replays a lab's session without typing. Ctrl-A X quits.
#   make lab-apply LAB=N / lab-undo LAB=N
#                 apply lab N's code change (its ```patch block) to this
#                 tree with git apply, or take it back (tests/labs/patch.sh)
#   make lab-excerpts
#                 refresh the labs' ```output excerpts from the last
#                 test-labs run (tests/labs/excerpts.sh), then name each
#                 quote of docs/answers.md left behind (tests/labs/quotes.sh)
#   make grade-labN
#                 lab N's grader on this tree (tests/labs/grade.sh; graded:
#                 0 1 2 3 4 5 6 7 8): a TAP line per check with its points, then
#                 "score: K/M"; the held-back checks too where the tree has
#                 them (tests/labs/held/, the teacher's)
#   make handout LAB=N [OUT=dir] [FORMAT=tar|branch]
#                 the student's tree of lab N: its solution replaced by a
#                 stub (tests/labs/stubs/), no key, no held-back checks
#                 (tests/labs/handout.sh); OUT defaults to build/handouts
#   make handout-all [OUT=dir] [FORMAT=tar|branch]
#                 the same for the whole unit: every graded lab a stub
#   make grade-all SUBMISSIONS=dir [LABS="0 1 2 3 4 5 6 7 8"]
#                 grade a folder of student trees or patches against the
#                 handout (tests/labs/grade-all.sh): build/grades/grades.csv
#                 and a table; a lab the student changed is graded with
#                 every untouched lab's solution put back
#   test-labs     every step of every lab, checked with the lab's own
#                 ```expect blocks (tests/labs/run.sh), and the teacher's
#                 key's quotes of the excerpts (tests/labs/quotes.sh)
#
# The labs' initrd is the system's (build/user/root/) plus /etc/labN-S.sh,
# generated from the Markdown (tests/labs/scripts.sh): the Markdown is the
# one source of the commands and of their expected output.

LABS_OUT	:= $(BUILD)/labs
LABS_MD		:= $(sort $(wildcard docs/lab[0-9]*.md))
LABS_INITRD	:= $(LABS_OUT)/initrd.cpio
LABS_TOOLS	:= tests/labs/extract.awk tests/labs/scripts.sh

$(LABS_OUT)/etc/.stamp: $(LABS_MD) $(LABS_TOOLS)
	@tests/labs/scripts.sh $(@D) $(LABS_MD)
	@touch $@

$(LABS_INITRD): $(INITRD) $(LABS_OUT)/etc/.stamp
	@rm -rf $(LABS_OUT)/root && mkdir -p $(LABS_OUT)
	@cp -r $(UROOT) $(LABS_OUT)/root
	@cp $(LABS_OUT)/etc/*.sh $(LABS_OUT)/root/etc/
	$(call kmsg,CPIO,$@)
	$(KQ)cd $(LABS_OUT)/root && find . -mindepth 1 | LC_ALL=C sort | \
		cpio --quiet -o -H newc --owner=0:0 > $(abspath $@).tmp
	@mv $@.tmp $@

.PHONY: lab lab-apply lab-undo lab-excerpts test-labs handout handout-all \
	grade-all test-kit
grade-lab%:
	@tests/labs/grade.sh $*
handout:
	$(if $(LAB),,$(error make handout LAB=N: one of $(patsubst lab%.patch,%,$(notdir $(wildcard tests/labs/stubs/lab*.patch)))))
	@tests/labs/handout.sh $(LAB) $(or $(OUT),$(BUILD)/handouts) $(or $(FORMAT),tar)
handout-all:
	@tests/labs/handout.sh all $(or $(OUT),$(BUILD)/handouts) $(or $(FORMAT),tar)
grade-all:
	$(if $(SUBMISSIONS),,$(error make grade-all SUBMISSIONS=dir: a folder of trees or patches))
	@tests/labs/grade-all.sh $(SUBMISSIONS) $(BUILD)/grades $(or $(LABS),0 1 2 3 4 5 6 7 8)
lab-excerpts:
	@tests/labs/excerpts.sh
lab-apply:
	@tests/labs/patch.sh apply $(LAB)
lab-undo:
	@tests/labs/patch.sh undo $(LAB)

lab: deps
	@$(MAKE) --no-print-directory $(BUILD)/kernel.elf $(LABS_INITRD)
	QEMU_MODE=interactive QEMU_KERNEL=$(BUILD)/kernel.elf QEMU_APPEND="$(BOOT)" \
		scripts/qemu.sh $(TOPO) -initrd $(LABS_INITRD)

TEST_SUITES += test-labs
test-labs: $(BUILD)/kernel.elf $(LABS_INITRD) $(SIM_OUT)/schedsim $(TESTS_OUT)/topoexpect
	@tests/run-suite.sh labs tests/labs/run.sh

# The course kit (tests/labs/kit.sh): the key scores full, each handout
# less, the unit's handout builds and boots; it reuses this tree's kernel
# objects and initrd.
TEST_SUITES += test-kit
test-kit: $(BUILD)/kernel.elf $(INITRD)
	@tests/run-suite.sh kit tests/labs/kit.sh

# make grade-all on submissions made from this tree: a correct, a wrong, a
# non-building and a hanging one, one that edits its grader, and one that
# solves lab 4 alone (tests/labs/grade-all-test.sh). Nine full grader
# builds, minutes on a loaded 2-core host, so not in make test.
.PHONY: test-grade-all
test-grade-all:
	@tests/run-suite.sh grade-all tests/labs/grade-all-test.sh

# make test-scx runs lab 10's steps too (mk/linux.mk): their initrd.
test-scx: $(LABS_INITRD)
