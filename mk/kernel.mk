# kernel.mk - the kernel ELF and the GRUB ISO. (placeholder: filled by the boot work)
