; entry.asm - the first instructions of every interrupt and exception.
;
; One stub per vector (256, generated below) pushes a dummy error code where
; the CPU pushes none, so every trap frame has the same shape, then the vector
; number, and jumps to the common path, which saves the registers, reloads the
; kernel's data segments and this CPU's %gs and calls trap_dispatch(frame).
; The layout pushed here is struct trap_frame in trap.h; change both together.

KERNEL_DS equ 0x10			; GDT_KERNEL_DS in gdt.h
PERCPU_FROM_TSS equ 8 | 3		; GDT_PERCPU_FROM_TSS in gdt.h

section .text

; Vectors where the CPU pushes an error code (Intel SDM vol. 3, table 6-1).
%macro HAS_ERRCODE 1
	%assign has_err 0
	%if %1 == 8 || (%1 >= 10 && %1 <= 14) || %1 == 17 || %1 == 21 || %1 == 29 || %1 == 30
		%assign has_err 1
	%endif
%endmacro

%assign v 0
%rep 256
	HAS_ERRCODE v
align 16
isr_stub_ %+ v:
	%if has_err == 0
	push dword 0
	%endif
	push dword v
	jmp isr_common
	%assign v v + 1
%endrep

extern trap_dispatch
isr_common:
	pushad
	push ds
	push es
	push fs
	push gs
	cld				; C code wants DF clear; user code may set it
	mov ax, KERNEL_DS
	mov ds, ax
	mov es, ax
	; This CPU's %gs selector is its TSS selector + 8, RPL 3 (gdt.h).
	; Loaded only when %gs holds another: a segment load is a call
	; into QEMU, and from the kernel, or from a process that kept the
	; selector its CPU gave it, %gs is already this one.
	str ax
	add ax, PERCPU_FROM_TSS
	mov cx, gs
	cmp ax, cx
	je .gs_ok
	mov gs, ax
.gs_ok:
	push esp			; trap_dispatch(struct trap_frame *)
	call trap_dispatch
global isr_dispatch_return
isr_dispatch_return:			; stack traces step over the frame here
	add esp, 4
global trap_return
trap_return:
	pop gs
	pop fs
	pop es
	pop ds
	popad
	add esp, 8			; vector, error code
	iretd

section .rodata
global isr_stub_table
isr_stub_table:
%assign v 0
%rep 256
	dd isr_stub_ %+ v
	%assign v v + 1
%endrep
