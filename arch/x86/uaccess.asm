; uaccess.asm - the instructions that touch user memory for the kernel.
;
; Each may fault on a bad user address; the page-fault handler then
; resumes at its fixup label (kernel/uaccess.c: uaccess_fixup), which
; reports the failure instead of panicking: an exception table of two.

section .text

; uint32_t __uaccess_copy(void *dst, const void *src, uint32_t n):
; bytes NOT copied (0: all). rep movsb leaves ecx exact when it faults.
global __uaccess_copy, uaccess_copy_insn, uaccess_copy_fixup
__uaccess_copy:
	push esi
	push edi
	mov edi, [esp + 12]
	mov esi, [esp + 16]
	mov ecx, [esp + 20]
	cld
uaccess_copy_insn:
	rep movsb
uaccess_copy_fixup:
	mov eax, ecx
	pop edi
	pop esi
	ret

; int __uaccess_strncpy(char *dst, const char *src, uint32_t max):
; length of the string (its NUL copied) when the NUL comes within max
; bytes, max when it does not, -1 on a fault.
global __uaccess_strncpy, uaccess_str_insn, uaccess_str_fixup
__uaccess_strncpy:
	push esi
	push edi
	mov edi, [esp + 12]
	mov esi, [esp + 16]
	mov ecx, [esp + 20]
	xor edx, edx
str_loop:
	test ecx, ecx
	jz str_done
uaccess_str_insn:
	mov al, [esi]
	mov [edi], al
	test al, al
	jz str_done
	inc esi
	inc edi
	inc edx
	dec ecx
	jmp str_loop
str_done:
	mov eax, edx
	pop edi
	pop esi
	ret
uaccess_str_fixup:
	mov eax, -1
	pop edi
	pop esi
	ret
