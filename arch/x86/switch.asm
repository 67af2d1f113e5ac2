; switch.asm - the context switch and the first steps of a new task.
;
; switch_to(uint32_t *prev_esp, uint32_t next_esp) saves what the C calling
; convention says a callee must preserve (ebx, esi, edi, ebp), the return
; address (prev's eip, already on its stack) and esp in *prev_esp, then loads
; next's esp and pops next's registers in the same order: the `ret` resumes
; next where it called switch_to, or, for a task that never ran, at the
; address its creator left there (task.c builds that frame:
; edi, esi, ebx, ebp, eip, lowest address first).
; eax, ecx, edx and eflags are caller-saved: schedule() runs with interrupts
; off and restores its own flags after the switch.

section .text

global switch_to
switch_to:
	mov eax, [esp + 4]		; prev_esp
	mov edx, [esp + 8]		; next_esp
	push ebp
	push ebx
	push esi
	push edi
	mov [eax], esp
	mov esp, edx
	pop edi
	pop esi
	pop ebx
	pop ebp
	ret

extern task_first_run
extern task_exit_kthread
extern trap_return

; A new kernel thread: ebx = its function, esi = its argument (task.c).
global kthread_start
kthread_start:
	call task_first_run		; the scheduler's tail; interrupts on
	push esi
	call ebx
	push eax
	call task_exit_kthread		; never returns

; A forked child: its stack holds a copy of the parent's trap frame right
; above this frame, with eax = 0. Leave for user mode through it.
global fork_child_start
fork_child_start:
	call task_first_run
	cli				; trap_return must not be interrupted
	jmp trap_return
