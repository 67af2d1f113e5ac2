# user.mk - user programs, the initrd, and the host tests of the loader side.
#
#   make user             every program of user/ for the teaching kernel
#                         (build/user/bin/) and the initrd with them:
#   $(INITRD)             build/initrd.cpio, a cpio newc archive of
#                         build/user/root/ (/bin/*, /etc/*.sh); load it as a
#                         multiboot module (ISO) or with QEMU -initrd
#   make user-linux       the workloads (user/work/) as static Linux programs
#                         in build/user-linux/ (for the companion Linux)
#   test-user             host unit tests of kernel/elf.c, kernel/initrd.c, the
#                         user library (against glibc) and the shell's editor
#                         and parser (ASan + UBSan), and the built initrd
#                         checked with the kernel's own readers
#   test-fuzz-user        the ELF and cpio fuzzers, USER_FUZZ_SUITE_SECONDS (15) each
#   test-user-linux       build the Linux workloads and run each briefly
#   make fuzz-user        both fuzzers for FUZZ_SECONDS each
#
# User programs link at USER_BASE, read from include/uapi/memlayout.h (the
# one place that number lives). Everything goes to build/user*/.

UOUT		:= $(BUILD)/user
UOBJ		:= $(UOUT)/obj
UBIN		:= $(UOUT)/bin
UROOT		:= $(UOUT)/root
INITRD		:= $(BUILD)/initrd.cpio
ULINUX		:= $(BUILD)/user-linux
UTEST_OUT	:= $(BUILD)/user-tests

USER_BASE	:= $(shell sed -n 's/^\#define USER_BASE[[:space:]]*\(0x[0-9a-fA-F]*\).*/\1/p' \
			include/uapi/memlayout.h)

# Freestanding i686 like the kernel, but with our own headers (user/include)
# in place of the C library's: -nostdinc, then the compiler's own directory
# back for stddef.h, stdint.h and stdarg.h. -fno-tree-loop-distribute-patterns
# keeps gcc from turning memset()'s loop into a call to memset().
UCC		:= $(KCC)
UCFLAGS		:= -std=gnu11 -m32 -march=i686 -ffreestanding -fno-builtin \
		   -fno-tree-loop-distribute-patterns -fno-pic -fno-pie \
		   -fno-stack-protector -fno-omit-frame-pointer \
		   -fno-asynchronous-unwind-tables -O2 -g \
		   -Wall -Wextra -Werror -nostdinc \
		   -isystem $(shell $(UCC) -print-file-name=include) \
		   -Iuser/include -Iuser -Iinclude
ULDFLAGS	:= -m32 -static -nostdlib -no-pie -Wl,-Ttext-segment=$(USER_BASE) \
		   -Wl,--build-id=none -Wl,-z,noexecstack
ULIBGCC		:= $(shell $(UCC) -m32 -print-libgcc-file-name 2>/dev/null)

ULIB_SRCS	:= $(sort $(wildcard user/lib/*.c))
# lib/string.c and lib/format.c (the formatter under printf) are the
# kernel's own, built once more into the C library.
ULIB_SHARED	:= lib/string.c lib/format.c
ULIB_OBJS	:= $(patsubst user/%.c,$(UOBJ)/%.o,$(ULIB_SRCS)) \
		   $(patsubst lib/%.c,$(UOBJ)/%.o,$(ULIB_SHARED))
ULIB		:= $(UOUT)/libc.a

# The programs, by kind. cmd/: the shell's commands that read the kernel's
# scheduler state; work/: workloads over the shim (also built for Linux);
# tests/: user-mode test programs printing TAP.
USER_CMDS	:= topo ps rq top schedstat trace
USER_WORK	:= hog spin forker execer pipeping sleeper nicemix pin
USER_TESTS	:= badargs forkbomb sysfuzz soak pipecheck cowcheck cowoom fastpath zerocheck fpucheck nmicheck
# bench/: the benchmarks (mk/bench.mk), one program over the shim plus
# user/bench/sys_*.c; its scripts go to /etc (/etc/bench-full.sh ...).
USER_BENCH	:= bench
USER_BENCH_ETC	:= $(sort $(wildcard user/bench/*.sh))
BENCH_SRCS	:= $(addprefix user/bench/,main.c util.c ctx.c proc.c load.c \
					   field.c schbench.c)
USER_PROGS	:= init sh $(USER_CMDS) $(USER_WORK) $(USER_TESTS) $(USER_BENCH)
USER_BINS	:= $(addprefix $(UBIN)/,$(USER_PROGS))
USER_ETC	:= $(sort $(wildcard user/etc/*.sh)) $(USER_BENCH_ETC)

.PHONY: user user-linux
user: $(INITRD)

$(UOBJ)/%.o: user/%.c
	@mkdir -p $(@D)
	$(call kmsg,UCC,$<)
	$(KQ)$(UCC) $(UCFLAGS) -MMD -MP -c $< -o $@

$(ULIB): $(ULIB_OBJS)
	$(KQ)rm -f $@ && $(CROSS)ar rcs $@ $^

ulink = $(UCC) $(ULDFLAGS) -o $@ $(1) $(ULIB) $(ULIBGCC)

$(UBIN)/init: $(UOBJ)/init.o $(ULIB)
	@mkdir -p $(@D)
	$(call kmsg,ULD,$@)
	$(KQ)$(call ulink,$<)

SH_OBJS		:= $(patsubst user/%.c,$(UOBJ)/%.o,$(sort $(wildcard user/sh/*.c)))
$(UBIN)/sh: $(SH_OBJS) $(ULIB)
	@mkdir -p $(@D)
	$(call kmsg,ULD,$@)
	$(KQ)$(call ulink,$(SH_OBJS))

$(addprefix $(UBIN)/,$(USER_CMDS)): $(UBIN)/%: $(UOBJ)/cmd/%.o $(UOBJ)/cmd/stat.o \
					     $(UOBJ)/cpumask.o $(UOBJ)/statline.o $(ULIB)
	@mkdir -p $(@D)
	$(call kmsg,ULD,$@)
	$(KQ)$(call ulink,$< $(UOBJ)/cmd/stat.o $(UOBJ)/cpumask.o $(UOBJ)/statline.o)

# lib/cpumask.c (cpulist_format) and lib/statline.c (the stat: line) are the
# kernel's own, built once more here.
$(UOBJ)/cpumask.o $(UOBJ)/statline.o $(patsubst lib/%.c,$(UOBJ)/%.o,$(ULIB_SHARED)): \
		$(UOBJ)/%.o: lib/%.c
	@mkdir -p $(@D)
	$(call kmsg,UCC,$<)
	$(KQ)$(UCC) $(UCFLAGS) -MMD -MP -c $< -o $@

$(addprefix $(UBIN)/,$(USER_WORK)): $(UBIN)/%: $(UOBJ)/work/%.o $(UOBJ)/shim_os.o \
					     $(UOBJ)/cpumask.o $(ULIB)
	@mkdir -p $(@D)
	$(call kmsg,ULD,$@)
	$(KQ)$(call ulink,$< $(UOBJ)/shim_os.o $(UOBJ)/cpumask.o)

BENCH_OBJS	:= $(patsubst user/%.c,$(UOBJ)/%.o,$(BENCH_SRCS) user/bench/sys_os.c)
$(UBIN)/bench: $(BENCH_OBJS) $(UOBJ)/shim_os.o $(ULIB)
	@mkdir -p $(@D)
	$(call kmsg,ULD,$@)
	$(KQ)$(call ulink,$(BENCH_OBJS) $(UOBJ)/shim_os.o)

$(addprefix $(UBIN)/,$(USER_TESTS)): $(UBIN)/%: $(UOBJ)/tests/%.o $(ULIB)
	@mkdir -p $(@D)
	$(call kmsg,ULD,$@)
	$(KQ)$(call ulink,$<)

# The archive: /bin/<every program> (stripped: build/user/bin/ keeps the
# symbols for gdb), /etc/*.sh, and for the tests a corrupt
# ELF (/bin/corrupt: hog cut after its headers, so its segments point past
# the end of the file) and a file that is no ELF at all (/bin/notelf).
$(INITRD): $(USER_BINS) $(USER_ETC) mk/user.mk
	@rm -rf $(UROOT) && mkdir -p $(UROOT)/bin $(UROOT)/etc
	@for f in $(USER_PROGS); do \
		$(CROSS)strip -o $(UROOT)/bin/$$f $(UBIN)/$$f || exit 1; done
	@cp $(USER_ETC) $(UROOT)/etc/
	@head -c 512 $(UBIN)/hog > $(UROOT)/bin/corrupt
	@printf '# A text file where a program should be: exec says ENOEXEC.\necho not an ELF\n' \
		> $(UROOT)/bin/notelf
	$(call kmsg,CPIO,$@)
	$(KQ)cd $(UROOT) && find . -mindepth 1 | LC_ALL=C sort | \
		cpio --quiet -o -H newc --owner=0:0 > $(abspath $@).tmp
	@mv $@.tmp $@

# ---- the workloads as static Linux programs ------------------------------

ULINUX_CFLAGS	:= -std=gnu11 -O2 -g -Wall -Wextra -Werror -static -Iuser -Iinclude
ULINUX_BINS	:= $(addprefix $(ULINUX)/,$(USER_WORK))

$(ULINUX_BINS): $(ULINUX)/%: user/work/%.c user/work/burn.h user/shim_linux.c \
			      user/shim.h lib/cpumask.c include/cpumask.h
	@mkdir -p $(@D)
	$(call kmsg,HOSTCC,$@)
	$(KQ)$(HOSTCC) $(ULINUX_CFLAGS) -o $@ $< user/shim_linux.c lib/cpumask.c

# The benchmarks too (not in ULINUX_BINS: test-user-linux runs those).
$(ULINUX)/bench: $(BENCH_SRCS) user/bench/sys_linux.c user/bench/bench.h \
		 user/shim_linux.c user/shim.h
	@mkdir -p $(@D)
	$(call kmsg,HOSTCC,$@)
	$(KQ)$(HOSTCC) $(ULINUX_CFLAGS) -o $@ $(BENCH_SRCS) user/bench/sys_linux.c \
		user/shim_linux.c

user-linux: $(ULINUX_BINS) $(ULINUX)/bench

# ---- host tests and fuzzers -----------------------------------------------

# Seconds each of the two fuzzers runs in `make test` (make fuzz-user: FUZZ_SECONDS).
USER_FUZZ_SUITE_SECONDS ?= 15

UTEST_SAN	:= -fsanitize=address,undefined -fno-sanitize-recover=all
UTEST_SRCS	:= tests/user/test_user.c tests/user/elf_build.c kernel/elf.c \
		   kernel/initrd.c
UTEST_DEPS	:= $(UTEST_SRCS) tests/user/elf_build.h kernel/elf.h \
		   kernel/initrd.h $(wildcard include/uapi/*.h)

$(UTEST_OUT)/test_user: $(UTEST_DEPS)
	@mkdir -p $(@D)
	$(HOSTCC) $(HCFLAGS) -O1 $(UTEST_SAN) -iquote kernel -iquote tests/user $(UTEST_SRCS) -o $@

# The user library built for the host with its own headers, linked into one
# object whose every symbol gets the prefix u_ (u_snprintf beside glibc's
# snprintf); tests/user/test_ulib.c compares the two.
ULIB_HOST_FLAGS	:= -std=gnu11 -O1 -g -ffreestanding -fno-builtin \
		   -fno-tree-loop-distribute-patterns -fno-stack-protector -fno-pie \
		   -Wall -Wextra -Werror -nostdinc \
		   -isystem $(shell $(HOSTCC) -print-file-name=include) \
		   -Iuser/include -Iinclude

# crt0.c and syscall.c are i386 assembly: the test stands in for them.
# The objects are named for their paths: user/lib/string.c and
# lib/string.c are both string.c.
ULIB_HOST_SRCS	:= $(filter-out user/lib/crt0.c user/lib/syscall.c,$(ULIB_SRCS)) \
		   $(ULIB_SHARED)
ULIB_HOST_HDRS	:= $(wildcard user/include/*.h) include/lib/string.h include/format.h

$(UTEST_OUT)/ulib-host.o: $(ULIB_HOST_SRCS) $(ULIB_HOST_HDRS)
	@rm -rf $(@D)/ulib && mkdir -p $(@D)/ulib
	@for f in $(ULIB_HOST_SRCS); do \
		$(HOSTCC) $(ULIB_HOST_FLAGS) -c $$f -o $(@D)/ulib/$$(echo $${f%.c} | tr / _).o \
		|| exit 1; done
	@ld -r -o $@.tmp $(@D)/ulib/*.o
	@objcopy --prefix-symbols=u_ $@.tmp $@
	@rm -f $@.tmp

# The shell (user/sh/) the same way, for tests/user/test_sh.c.
$(UTEST_OUT)/sh-host.o: $(ULIB_HOST_SRCS) $(ULIB_HOST_HDRS) $(wildcard user/sh/*.c user/sh/*.h)
	@rm -rf $(@D)/shobj && mkdir -p $(@D)/shobj
	@for f in $(ULIB_HOST_SRCS) $(wildcard user/sh/*.c); do \
		$(HOSTCC) $(ULIB_HOST_FLAGS) -c $$f -o $(@D)/shobj/$$(echo $${f%.c} | tr / _).o \
		|| exit 1; done
	@ld -r -o $@.tmp $(@D)/shobj/*.o
	@objcopy --prefix-symbols=u_ $@.tmp $@
	@rm -f $@.tmp

$(UTEST_OUT)/test_sh: tests/user/test_sh.c $(UTEST_OUT)/sh-host.o
	$(HOSTCC) -std=gnu11 -O1 -g -Wall -Wextra -Werror -Wno-format-truncation \
		-Iinclude -fno-pie -no-pie $(UTEST_SAN) -o $@ $^

$(UTEST_OUT)/test_ulib: tests/user/test_ulib.c $(UTEST_OUT)/ulib-host.o
	$(HOSTCC) -std=gnu11 -O1 -g -Wall -Wextra -Werror -Wno-format-truncation \
		-fno-pie -no-pie $(UTEST_SAN) -o $@ $^

$(UTEST_OUT)/fuzz_elf: tests/user/fuzz_elf.c kernel/elf.c kernel/elf.h
	@mkdir -p $(@D)
	$(FUZZ_CC) -std=gnu11 -O1 -g -Wall -Wextra -Werror -Iinclude -iquote kernel \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		kernel/elf.c tests/user/fuzz_elf.c -o $@

$(UTEST_OUT)/fuzz_initrd: tests/user/fuzz_initrd.c kernel/initrd.c kernel/initrd.h
	@mkdir -p $(@D)
	$(FUZZ_CC) -std=gnu11 -O1 -g -Wall -Wextra -Werror -Iinclude -iquote kernel \
		-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
		kernel/initrd.c tests/user/fuzz_initrd.c -o $@

# Seeds: the crafted files of the unit tests, plus the real initrd and
# programs once built.
$(UTEST_OUT)/seeds/.stamp: $(UTEST_OUT)/test_user $(INITRD)
	@rm -rf $(@D) && mkdir -p $(@D)/elf $(@D)/initrd
	@$(UTEST_OUT)/test_user --seeds $(@D) > /dev/null
	@cp $(UBIN)/hog $(UBIN)/sh $(@D)/elf/
	@cp $(INITRD) $(@D)/initrd/real.cpio
	@touch $@

TEST_SUITES += test-user test-fuzz-user test-user-linux

.PHONY: test-user test-fuzz-user test-user-linux fuzz-user
test-user: $(UTEST_OUT)/test_user $(UTEST_OUT)/test_ulib $(UTEST_OUT)/test_sh $(INITRD)
	@tests/run-suite.sh user tests/user/run.sh $(UTEST_OUT) $(INITRD)

test-fuzz-user: $(UTEST_OUT)/fuzz_elf $(UTEST_OUT)/fuzz_initrd $(UTEST_OUT)/seeds/.stamp
	@tests/run-suite.sh fuzz-user tests/user/run-fuzz.sh $(UTEST_OUT) \
		$(USER_FUZZ_SUITE_SECONDS)

fuzz-user: $(UTEST_OUT)/fuzz_elf $(UTEST_OUT)/fuzz_initrd $(UTEST_OUT)/seeds/.stamp
	@tests/user/run-fuzz.sh $(UTEST_OUT) $(FUZZ_SECONDS)

test-user-linux: $(ULINUX_BINS)
	@tests/run-suite.sh user-linux tests/user/linux-run.sh $(ULINUX)

-include $(wildcard $(UOBJ)/*.d $(UOBJ)/*/*.d)
