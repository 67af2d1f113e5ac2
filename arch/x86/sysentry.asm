; sysentry.asm - the fast system call entry and the code of the vsyscall page.
;
; `sysenter` (from the vsyscall page's stub, below) loads CS, SS, EIP and
; ESP from the IA32_SYSENTER_* MSRs (sysenter.c sets them per CPU), clears
; IF and saves nothing. The entry builds exactly the struct trap_frame that
; `int $0x80` and entry.asm build (trap.h), with the user's eip, esp and
; eflags taken from what the stub left, so syscall_dispatch() and every
; handler see no difference. The way back is sysexit when the frame still
; returns to the stub as it came (sysenter_dispatch() decides), else the
; iret of trap_return.
;
; Which kernel stack: SYSENTER_ESP is a fixed per-CPU value (the end of
; this CPU's percpu.entry_stack), and the first instruction loads the
; running task's kernel stack from this CPU's tss.esp0, which lies at a
; fixed distance below it; the scheduler already writes esp0 at every
; context switch for int 0x80 and interrupts. That is Linux's choice
; (2.6, arch/i386/kernel/entry.S): the alternative, a wrmsr of
; SYSENTER_ESP at every context switch, would put an MSR write (tens to
; hundreds of cycles on real CPUs) on the switch path that every task
; pays, to save one load here. The small entry stack exists for the one
; instruction before the load: a #DB (a user's TF survives sysenter) or an
; NMI taken there runs on it instead of on whatever lies below the TSS.

KERNEL_DS	equ 0x10		; GDT_KERNEL_DS in gdt.h
USER_CS		equ 0x1b		; GDT_USER_CS
USER_DS		equ 0x23		; GDT_USER_DS
PERCPU_FROM_TSS	equ 8 | 3		; GDT_PERCPU_FROM_TSS
SYSCALL_VECTOR	equ 0x80		; uapi/syscall.h
EFLAGS_IF	equ 0x200
EFLAGS_OF_BIT	equ 11
EFLAGS_OF	equ 1 << EFLAGS_OF_BIT
EFLAGS_STATUS	equ EFLAGS_OF | 0xd5	; OF, and sahf's SF ZF AF PF CF
; Flags sysenter leaves as the user had them and the kernel must not run
; with: TF, DF, NT, AC.
EFLAGS_ENTRY_CLEAR equ 0x100 | 0x400 | 0x4000 | 0x40000
FRAME_EFLAGS	equ 64			; offsetof(struct trap_frame, eflags)
; tss.esp0 relative to the end of entry_stack: the TSS follows it (so
; nothing pushed there reaches the TSS), esp0 at its offset 4 (percpu.h);
; sysenter.c asserts this at compile time.
ESP0_FROM_ENTRY_TOP equ 4

section .text

extern sysenter_dispatch
extern sysenter_return_addr
extern trap_return

global sysenter_entry
global sysenter_entry_end
sysenter_entry:
	mov esp, [esp + ESP0_FROM_ENTRY_TOP]
	; The CPU part of an int 0x80 frame: ss, esp, eflags, cs, eip.
	push dword USER_DS
	push ebp			; the stub's esp (ebp = esp before sysenter)
	pushfd				; the user's flags, with IF cleared by sysenter
	or dword [esp], EFLAGS_IF	; user mode always runs with IF set
	push dword USER_CS
	; Through ss, the kernel's flat data segment (SYSENTER_CS + 8): ds
	; is still the user's, which may be null (#GP in ring 0 on a real
	; CPU) or a segment with another base (the per-CPU one, gdt.h).
	push dword [ss:sysenter_return_addr]
	push dword 0			; error code
	push dword SYSCALL_VECTOR
	pushad
	push ds
	push es
	push fs
	push gs
	; sysenter clears only IF (and VM, RF): NT would make the kernel's
	; next iret a task return, DF would run rep movs backwards, AC and
	; TF have no business here either. An interrupt gate clears IF, TF
	; and NT; entry.asm clears DF. Only when one is set, as Linux does:
	; under TCG popfd is a call into QEMU.
	test dword [esp + FRAME_EFLAGS], EFLAGS_ENTRY_CLEAR
	jz .flags_clean
	push dword 2			; bit 1 always reads 1
	popfd
.flags_clean:
	; The user's flat data segment serves the kernel as well (Linux
	; runs with __USER_DS too): reload ds and es only when the user
	; changed them. Each segment load is a descriptor fetch and check,
	; a call into QEMU under TCG: the four that are not needed would
	; cost a null system call a third of its time.
	mov ax, ds
	cmp ax, USER_DS
	jne .load_ds
	mov ax, es
	cmp ax, USER_DS
	je .ds_ok
.load_ds:
	mov ax, KERNEL_DS
	mov ds, ax
	mov es, ax
.ds_ok:
	; %gs: this CPU's per-CPU selector, the TSS selector + 8, RPL 3
	; (gdt.h). A process runs with it in its %gs (usermode.c), so it
	; is loaded only after the process moved to another CPU or loaded
	; a %gs of its own.
	str ax
	add ax, PERCPU_FROM_TSS
	mov cx, gs
	cmp ax, cx
	je .gs_ok
	mov gs, ax
.gs_ok:
	push esp			; sysenter_dispatch(struct trap_frame *)
	call sysenter_dispatch
	add esp, 4
	test eax, eax
	jz trap_return			; the frame was rewritten: iret
	; The frame's segments, each loaded only when it differs from what
	; the register holds (fs is the user's unless a switch changed it;
	; gs, when the process kept its per-CPU selector, is the one
	; trap_exit() put in the frame: this CPU's, already loaded).
	mov ax, gs
	cmp ax, [esp]
	je .gs_done
	mov gs, [esp]
.gs_done:
	mov ax, fs
	cmp ax, [esp + 4]
	je .fs_ok
	mov fs, [esp + 4]
.fs_ok:
	mov ax, es
	cmp ax, [esp + 8]
	je .es_ok
	mov es, [esp + 8]
.es_ok:
	mov ax, ds
	cmp ax, [esp + 12]
	je .ds_done
	mov ds, [esp + 12]
.ds_done:
	add esp, 16
	popad
	add esp, 8			; vector, error code
	; Left: eip, cs, eflags, esp, ss. Restore every flag but IF, then
	; set IF with sti: sti's one instruction shadow keeps interrupts out
	; until sysexit has left (popfd would open the window at once, on
	; the kernel stack with the user's registers loaded).
	;
	; When the user's flags hold nothing but status flags and IF (the
	; usual case), only the status flags need setting: the kernel ran
	; with the user's other flags, which are then all clear. Set them
	; without popfd: under TCG popfd is a call into QEMU and ends the
	; translated block, a return to QEMU's main loop. OF first, from an add that overflows or not;
	; then SF ZF AF PF CF from the flags' low byte by sahf, which
	; leaves OF alone. ecx and edx are free: sysexit loads both, and
	; the stub restores the user's.
	mov edx, [esp + 8]		; the user's eflags
	test edx, ~(EFLAGS_STATUS | EFLAGS_IF | 2)
	jnz .popfd
	; ...and only when the kernel's other flags are clear indeed: an
	; interrupt gate keeps AC and ID, so a process preempted with them
	; set leaves them to the kernel, and switch_to does not switch
	; flags; sysexit would hand them to this process. pushfd is no
	; exit from translated code under TCG, popfd is.
	pushfd
	test dword [esp], ~(EFLAGS_STATUS | 2)
	lea esp, [esp + 4]		; drops the copy, flags untouched
	jnz .popfd
	mov ecx, edx
	and ecx, EFLAGS_OF
	shl ecx, 31 - EFLAGS_OF_BIT	; 0x80000000 when OF, else 0
	add ecx, ecx			; overflows when OF was set
	mov ecx, eax			; the return value, across sahf
	mov ah, dl
	sahf
	mov eax, ecx
	jmp .flags_done
.popfd:
	and edx, ~EFLAGS_IF
	push edx
	popfd
.flags_done:
	; sysexit: EIP = edx, ESP = ecx, CS/SS from SYSENTER_CS.
	mov edx, [esp]			; eip (the stub's sysenter_return)
	mov ecx, [esp + 12]		; esp
	sti
	sysexit
sysenter_entry_end:

; The two versions of __kernel_vsyscall, copied into the vsyscall page
; (sysenter.c). Data to the kernel: they run only at VSYSCALL_ADDR.
section .rodata
global vsyscall_sysenter
global vsyscall_sysenter_ret
global vsyscall_sysenter_end
global vsyscall_int80
global vsyscall_int80_end
vsyscall_sysenter:
	push ecx			; sysexit loads ecx and edx: keep the user's
	push edx
	push ebp			; the entry reads the user esp from ebp
	mov ebp, esp
	sysenter
vsyscall_sysenter_ret:			; SYSENTER's return address (sysexit, or
	pop ebp				; iret for a forked child)
	pop edx
	pop ecx
	ret
vsyscall_sysenter_end:

vsyscall_int80:
	int 0x80
	ret
vsyscall_int80_end:
