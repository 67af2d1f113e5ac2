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
; ap_stack_top[] is indexed by the APIC ID in the AP's local APIC ID
; register, the ID the MADT lists and smpboot.c filled the table by (0
; there: not expected, halt). Not CPUID's initial APIC ID: that is the ID
; the hardware gave at reset, and firmware may have changed the register
; since (the SDM allows it in xAPIC mode), after which an AP would take
; another's stack or none.
;
; An NMI may reach an AP here (a panic on another CPU sends one to all;
; after INIT the LAPIC's LINT pins are masked, so nothing else should).
; The first instructions give it a scratch stack and a table that serves
; as the real-mode IVT and, after the switch, as the protected-mode IDT:
; either way the NMI lands in nmi_stop, which notes it for smpboot.c and
; halts the AP for good (an NMI stays blocked until an iret that never
; comes). The scratch stack is shared: nothing returns from it. Only an
; NMI before the first three instructions still finds the BIOS's table
; and the stack the AP had.
;
; The boot CPU fills trampoline_gdtr (the kernel GDT), trampoline_cr3 (the
; kernel page directory) and trampoline_lapic (the LAPIC's registers) in
; the kernel image before copying, and reads trampoline_nmi_seen in the
; copy afterwards.

TRAMP_BASE	equ 0x8000		; must match TRAMPOLINE_BASE in smpboot.c
TRAMP_SEG	equ TRAMP_BASE >> 4
KERNEL_CS	equ 0x08		; GDT_KERNEL_CS in gdt.h
KERNEL_DS	equ 0x10		; GDT_KERNEL_DS in gdt.h
CR0_PE		equ 1 << 0
CR0_ET		equ 1 << 4		; hard-wired 1 since the i486
CR0_WP		equ 1 << 16
CR0_PG		equ 1 << 31
CR4_PSE		equ 1 << 4
MSR_APIC_BASE	equ 0x1b		; cpu.h
APIC_BASE_EXTD	equ 1 << 10		; x2APIC mode (lapic.c)
MSR_X2APIC_ID	equ 0x802		; the ID register in x2APIC mode
LAPIC_ID	equ 0x20		; the ID register's offset (lapic.c)
GATE_INTR32	equ 0x8e		; present, ring 0, 32-bit interrupt gate

%define REL(x) ((x) - trampoline_start)

section .trampoline
bits 16
global trampoline_gdtr, trampoline_cr3, trampoline_lapic, trampoline_nmi_seen
extern ap_stack_top, ap_main

trampoline_start:
	mov ax, cs			; 0x0800: our labels are offsets from it
	mov ss, ax			; blocks interrupts for one instruction
	mov sp, REL(nmi_stack_top)
	o32 lidt [cs:REL(tramp_idtr)]	; o32: take all 32 bits of the base
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
trampoline_lapic:
	dd 0				; physical = linear address of the LAPIC
trampoline_nmi_seen:
	dd 0				; set by an AP that took an NMI here

; One table, two readings. As the real-mode IVT (4-byte far pointers),
; vector 2 is at +8; as the protected-mode IDT (8-byte gates), at +16,
; and the bytes between make gates 0 and 1 not present.
align 8
tramp_idt:
	dd 0, 0				; IVT 0-1, gate 0
	dw REL(nmi_stop16), TRAMP_SEG	; IVT 2: the real-mode NMI
	dd 0				; rest of gate 1 (not present)
	dw (TRAMP_BASE + REL(nmi_stop32)) & 0xffff, KERNEL_CS
	db 0, GATE_INTR32
	dw (TRAMP_BASE + REL(nmi_stop32)) >> 16
tramp_idt_end:
tramp_idtr:
	dw tramp_idt_end - tramp_idt - 1
	dd TRAMP_BASE + REL(tramp_idt)

; The NMI's scratch stack (each mode's push needs 6 or 12 bytes).
align 4
	times 32 db 0
nmi_stack_top:

nmi_stop16:
	mov byte [cs:REL(trampoline_nmi_seen)], 1
.halt:	cli
	hlt
	jmp .halt

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
nmi_stop32:
	mov ax, KERNEL_DS		; DS may still be real mode's
	mov ds, ax
	mov byte [TRAMP_BASE + REL(trampoline_nmi_seen)], 1
.halt:	cli
	hlt
	jmp .halt

pm32:
	mov ax, KERNEL_DS
	mov ss, ax			; blocks interrupts for one instruction:
	mov esp, TRAMP_BASE + REL(nmi_stack_top)	; the scratch stack, flat
	mov ds, ax
	mov es, ax
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

	; Which CPU am I? The local APIC's ID register: through its MSR when
	; firmware left the LAPIC in x2APIC mode (lapic.c leaves that mode
	; later, in ap_main), else through the registers' page, which the
	; kernel's page directory maps uncached.
	mov ecx, MSR_APIC_BASE
	rdmsr
	test eax, APIC_BASE_EXTD
	jz .xapic
	mov ecx, MSR_X2APIC_ID
	rdmsr
	mov ebx, eax
	cmp ebx, 0xff			; beyond ap_stack_top[]: never started
	jae .halt
	jmp .have_id
.xapic:
	mov eax, [TRAMP_BASE + REL(trampoline_lapic)]
	mov ebx, [eax + LAPIC_ID]
	shr ebx, 24
.have_id:
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
