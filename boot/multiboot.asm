; multiboot.asm - the multiboot v1 header and the boot CPU's first instructions.
;
; Multiboot v1 because QEMU's -kernel loader only speaks v1, and GRUB's
; `multiboot` command boots the same ELF, so one image serves both. The
; loader leaves us in 32-bit protected mode with paging off, EAX = the
; multiboot magic, EBX = the physical address of the multiboot info; there is
; no stack we may trust, so we set our own before calling C.

MB_MAGIC	equ 0x1BADB002
MB_PAGE_ALIGN	equ 1 << 0		; modules on 4 KiB boundaries
MB_MEMINFO	equ 1 << 1		; we want mem_lower/upper and the memory map
MB_FLAGS	equ MB_PAGE_ALIGN | MB_MEMINFO

BOOT_STACK_SIZE	equ 12288		; KSTACK_SIZE (kernel/task.h), as every stack

section .multiboot
align 4
	dd MB_MAGIC
	dd MB_FLAGS
	dd -(MB_MAGIC + MB_FLAGS)

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
