# kernel.mk - the kernel ELF and the GRUB ISO.
#
#   build/kernel.elf  ELF32 at 1 MiB with a multiboot v1 header: boots from
#                     GRUB (`multiboot`) and from QEMU -kernel alike
#   build/os.iso      GRUB rescue ISO with boot/grub.cfg and the initrd (make iso)
#
# Sources: boot/*.asm, arch/x86/*.{c,asm}, kernel/*.c, lib/*.c, sched/*.c (the
# portable scheduler; its seam is kernel/sched_glue.c + kernel/sched_env/).
# Objects go to build/k/ with -MMD dependency files, so a changed header
# rebuilds its users. sched/*.c see only sched/, include/ and
# kernel/sched_env/: an #include of an x86 or kernel header there fails.
#
# The link runs twice: the first image's function addresses (nm) become the
# symbol table (kernel/gen-ksyms.sh) that the second link adds in .ksyms,
# which the linker script places after all code, so no function moves; the
# recipe checks that.

KOBJDIR		:= $(BUILD)/k
KERNEL_C	:= $(sort $(wildcard arch/x86/*.c arch/x86/tests/*.c kernel/*.c kernel/tests/*.c \
			   lib/*.c sched/*.c))
KERNEL_ASM	:= $(sort $(wildcard boot/*.asm arch/x86/*.asm))
KERNEL_OBJS	:= $(patsubst %.c,$(KOBJDIR)/%.o,$(KERNEL_C)) \
		   $(patsubst %.asm,$(KOBJDIR)/%.o,$(KERNEL_ASM)) \
		   $(KOBJDIR)/gen/fbfont.o
KERNEL_LDS	:= boot/kernel.ld
KNM		:= $(CROSS)nm
LIBGCC		:= $(shell $(KCC) -m32 -print-libgcc-file-name 2>/dev/null)
KLDFLAGS	:= -m elf_i386 -T $(KERNEL_LDS) -nostdlib -z noexecstack

# Quiet by default ("  CC  kernel/main.c"); make V=1 shows the commands.
ifeq ($(V),1)
KQ		:=
kmsg		=
else
KQ		:= @
kmsg		= @printf '  %-6s %s\n' $(1) $(2);
endif

.PHONY: kernel
kernel: $(BUILD)/kernel.elf

$(KOBJDIR)/%.o: %.c
	@mkdir -p $(@D)
	$(call kmsg,CC,$<)
	$(KQ)$(KCC) $(KCFLAGS) -MMD -MP -c $< -o $@

# The portable scheduler: the same flags, its own include path (the seam).
SCHED_KCFLAGS	:= $(filter-out -I%,$(KCFLAGS)) -Isched -Iinclude -Ikernel/sched_env
$(KOBJDIR)/sched/%.o: sched/%.c
	@mkdir -p $(@D)
	$(call kmsg,CC,$<)
	$(KQ)$(KCC) $(SCHED_KCFLAGS) -MMD -MP -c $< -o $@

$(KOBJDIR)/%.o: %.asm
	@mkdir -p $(@D)
	$(call kmsg,NASM,$<)
	$(KQ)$(NASM) -f elf32 -g -F dwarf -MD $(@:.o=.d) -MP $< -o $@

# The framebuffer console's font (arch/x86/fbfont.h), converted from a
# Debian console font at build time: the glyphs are not in the repository.
FBFONT_PSF	?= /usr/share/consolefonts/Uni2-VGA16.psf.gz
PSF2C		:= $(BUILD)/tools/psf2c
$(PSF2C): tools/fbcon/psf2c.c
	@mkdir -p $(@D)
	$(call kmsg,HOSTCC,$@)
	$(KQ)$(HOSTCC) $(HCFLAGS) $< -o $@

$(BUILD)/gen/fbfont.c: $(PSF2C)
	@mkdir -p $(@D)
	@[ -r $(FBFONT_PSF) ] || { echo "kernel.mk: no font $(FBFONT_PSF)" \
		"(console-setup-linux: scripts/deps.sh)" >&2; exit 1; }
	$(call kmsg,FONT,$@)
	$(KQ)zcat $(FBFONT_PSF) | $(PSF2C) > $@.tmp && mv $@.tmp $@

$(KOBJDIR)/gen/fbfont.o: $(BUILD)/gen/fbfont.c
	@mkdir -p $(@D)
	$(call kmsg,CC,$<)
	$(KQ)$(KCC) $(KCFLAGS) -MMD -MP -c $< -o $@

# Pass 1: no symbol table.
$(BUILD)/kernel.pass1.elf: $(KERNEL_OBJS) $(KERNEL_LDS)
	$(call kmsg,LD,$@)
	$(KQ)$(KLD) $(KLDFLAGS) -o $@ $(KERNEL_OBJS) $(LIBGCC)

$(BUILD)/ksyms.asm: $(BUILD)/kernel.pass1.elf kernel/gen-ksyms.sh
	$(call kmsg,KSYMS,$@)
	$(KQ)kernel/gen-ksyms.sh $(KNM) $< > $@

$(BUILD)/ksyms.o: $(BUILD)/ksyms.asm
	$(KQ)$(NASM) -f elf32 $< -o $@

# Pass 2: the same objects plus the table; function addresses must not move.
$(BUILD)/kernel.elf: $(BUILD)/kernel.pass1.elf $(BUILD)/ksyms.o
	$(call kmsg,LD,$@)
	$(KQ)$(KLD) $(KLDFLAGS) -o $@ $(KERNEL_OBJS) $(BUILD)/ksyms.o $(LIBGCC)
	@$(KNM) -n $(BUILD)/kernel.pass1.elf | grep -i ' t ' > $(BUILD)/ksyms.pass1
	@$(KNM) -n $@ | grep -i ' t ' > $(BUILD)/ksyms.pass2
	@cmp -s $(BUILD)/ksyms.pass1 $(BUILD)/ksyms.pass2 || \
		{ echo "kernel.mk: functions moved between the link passes" >&2; \
		  rm -f $@; exit 1; }

# The initrd (mk/user.mk) rides along as a multiboot module: init and the
# shell come from it.
$(BUILD)/os.iso: $(BUILD)/kernel.elf boot/grub.cfg $(BUILD)/initrd.cpio
	@rm -rf $(BUILD)/isodir
	@mkdir -p $(BUILD)/isodir/boot/grub
	@cp $(BUILD)/kernel.elf $(BUILD)/isodir/boot/kernel.elf
	@cp $(BUILD)/initrd.cpio $(BUILD)/isodir/boot/initrd.cpio
	@cp boot/grub.cfg $(BUILD)/isodir/boot/grub/grub.cfg
	$(call kmsg,ISO,$@)
	$(KQ)grub-mkrescue -o $@ $(BUILD)/isodir 2> $(BUILD)/grub-mkrescue.log || \
		{ cat $(BUILD)/grub-mkrescue.log >&2; exit 1; }

iso: $(BUILD)/os.iso

-include $(KERNEL_OBJS:.o=.d)

# The kernel's trace dump drawn by tracevis (tests/trace/kernel_trace.sh):
# boots 2n2c2t with `ktest trace` and the dump on COM2, 1n2c2t without COM2
# (the dump on the console), and /etc/balance.sh traced to its power off.
# About 20 s.
.PHONY: test-trace-kernel
TEST_SUITES += test-trace-kernel
test-trace-kernel: $(BUILD)/kernel.elf $(BUILD)/initrd.cpio $(BUILD)/tools/tracevis
	@tests/run-suite.sh trace-kernel tests/trace/kernel_trace.sh

# make trace [TOPO=2n2c2t] [SCENARIO=exec-spread] [LINUX=0]: run
# user/etc/SCENARIO.sh traced on our kernel and the same workload under
# ftrace on the companion Linux, at once, and draw both timelines side by
# side: build/trace/TOPO-SCENARIO.html, and each side's trace, console,
# JSON (Perfetto) and SVG as build/trace/{kernel,linux}-TOPO-SCENARIO.*
# (tests/trace/pair_run.sh). A script that does not run `trace start`
# itself is traced from boot to power off. LINUX=0: our kernel only.
# TRACE_OUT=DIR: write there instead (two runs kept side by side, as lab 9
# keeps Linux with and without LINUX_APPEND=sched_shared_smt). The first
# run builds Linux (about 7 minutes, cached). LINUX_VERSION=6.12 SCX=1:
# Linux's side under scx_d7 (tests/trace/linux_run.sh).
SCENARIO	?= exec-spread
TRACE_OUT	?= $(BUILD)/trace
.PHONY: trace
trace: $(BUILD)/kernel.elf $(BUILD)/initrd.cpio $(BUILD)/tools/tracevis
	@SCX=$(SCX) tests/trace/pair_run.sh $(TOPO) $(SCENARIO) $(TRACE_OUT)
