; multiboot.asm - the multiboot headers and the boot CPU's first instructions.
;
; Two headers, one image: multiboot v1 for QEMU's -kernel loader (it only
; speaks v1) and multiboot2 for GRUB's `multiboot2` command, which is how the
; ISO boots, under BIOS and under UEFI alike (GRUB's x86_64-efi loader exits
; boot services and enters 32-bit protected mode). Either loader leaves us in
; 32-bit protected mode with paging off, EAX = its magic, EBX = the physical
; address of its information; there is no stack we may trust, so we set our
; own before calling C, and bootinfo_init() tells the two apart by EAX.

MB_MAGIC	equ 0x1BADB002
MB_PAGE_ALIGN	equ 1 << 0		; modules on 4 KiB boundaries
MB_MEMINFO	equ 1 << 1		; we want mem_lower/upper and the memory map
MB_FLAGS	equ MB_PAGE_ALIGN | MB_MEMINFO

BOOT_STACK_SIZE	equ 12288		; KSTACK_SIZE (kernel/task.h), as every stack

; Multiboot2 (the Multiboot2 Specification 2.0, section 3.1). GRUB loads the
; ELF by its program headers. One optional tag, the framebuffer (3.1.10),
; with no preferred size or depth: it tells GRUB the kernel can draw into a
; linear framebuffer (arch/x86/fbcon.c), so GRUB under BIOS honours
; `gfxpayload` (a VBE mode, e.g. 24 bits a pixel) instead of forcing VGA
; text; boot/grub.cfg asks for text under BIOS. Within the first 32 KiB,
; 8-byte aligned, every tag 8-byte aligned too.
MB2_MAGIC	equ 0xE85250D6
MB2_ARCH_I386	equ 0
MB2_LEN		equ mb2_header_end - mb2_header
MB2_TAG_FB	equ 5
MB2_TAG_OPTIONAL equ 1

section .multiboot
align 4
	dd MB_MAGIC
	dd MB_FLAGS
	dd -(MB_MAGIC + MB_FLAGS)
align 8
mb2_header:
	dd MB2_MAGIC
	dd MB2_ARCH_I386
	dd MB2_LEN
	dd 0x100000000 - (MB2_MAGIC + MB2_ARCH_I386 + MB2_LEN)
	dw MB2_TAG_FB, MB2_TAG_OPTIONAL
	dd 20
	dd 0, 0, 0			; width, height, depth: no preference
align 8
	dw 0, 0				; the end tag
	dd 8
mb2_header_end:

; A page-aligned stack with an unmapped guard page below it (smpboot.c
; unmaps it; doublefault.c reports an overflow into it).
section .bss
alignb 4096
global boot_stack_guard, boot_stack_bottom, boot_stack_top
boot_stack_guard:
	resb 4096
boot_stack_bottom:
	resb BOOT_STACK_SIZE
boot_stack_top:

section .text
global _start
extern kmain
_start:
	cli
	cld
	mov esp, boot_stack_top
	xor ebp, ebp			; end of the frame-pointer chain for traces
	push 0				; EFLAGS = 0: IF, DF, NT clear
	popf
	push ebx			; kmain(magic, info)
	push eax
	call kmain
.hang:	cli
	hlt
	jmp .hang
