; trampoline.asm - where an application processor (AP) starts.
;
; A started AP begins in 16-bit real mode at the page the SIPI names
; (vector 0x08 -> 0x0800:0000 = physical 0x8000), so this code is copied
; there (smpboot.c) before the first SIPI. It may only use addresses relative
; to its own start until it is in 32-bit protected mode; after that the kernel
; is reachable at its link addresses because the kernel is identity mapped.
;
; Several APs run this at once when they are started in parallel, so the
; code writes no memory and needs no stack until each AP has found its own:
; ap_stack_top[] is indexed by the APIC ID that CPUID reports, and was filled
; by the boot CPU before any SIPI (0 there: not expected, halt).
;
; The boot CPU fills trampoline_gdtr (the kernel GDT) and trampoline_cr3
; (the kernel page directory) in the kernel image before copying.

TRAMP_BASE	equ 0x8000		; must match TRAMPOLINE_BASE in smpboot.h
KERNEL_CS	equ 0x08		; GDT_KERNEL_CS in gdt.h
KERNEL_DS	equ 0x10		; GDT_KERNEL_DS in gdt.h
CR0_PE		equ 1 << 0
CR0_ET		equ 1 << 4		; hard-wired 1 since the i486
CR0_WP		equ 1 << 16
CR0_PG		equ 1 << 31
CR4_PSE		equ 1 << 4

%define REL(x) ((x) - trampoline_start)

section .trampoline
bits 16
global trampoline_gdtr, trampoline_cr3
extern ap_stack_top, ap_main

trampoline_start:
	cli
	cld
	jmp short real_start

align 4
trampoline_gdtr:
	dw 0				; limit
	dd 0				; base (a 32-bit linear address)
align 4
trampoline_cr3:
	dd 0

real_start:
	mov ax, cs			; 0x0800: our labels are offsets from it
	mov ds, ax
	o32 lgdt [REL(trampoline_gdtr)]	; o32: take all 32 bits of the base
	; A known CR0, not INIT's: INIT keeps CD and NW as they were, and
	; an AP left with them set would run uncached (Linux, head_32.S,
	; loads CR0_STATE likewise). fpu_init_cpu() adds the FPU bits.
	mov eax, CR0_PE | CR0_ET
	mov cr0, eax
	jmp dword KERNEL_CS:(TRAMP_BASE + REL(pm32))

bits 32
pm32:
	mov ax, KERNEL_DS
	mov ds, ax
	mov es, ax
	mov ss, ax
	xor ax, ax
	mov fs, ax
	mov gs, ax

	; Paging as the boot CPU has it: same page directory, 4 MiB pages.
	mov eax, [TRAMP_BASE + REL(trampoline_cr3)]
	mov cr3, eax
	mov eax, cr4
	or eax, CR4_PSE
	mov cr4, eax
	mov eax, cr0
	or eax, CR0_PG | CR0_WP
	mov cr0, eax

	; Which CPU am I? The initial APIC ID (CPUID.1:EBX[31:24]).
	mov eax, 1
	cpuid
	shr ebx, 24
	mov esp, [ap_stack_top + ebx * 4]
	test esp, esp
	jz .halt
	xor ebp, ebp			; end of the frame-pointer chain
	push ebx			; ap_main(apic_id)
	mov eax, ap_main
	call eax
.halt:
	cli
	hlt
	jmp .halt
