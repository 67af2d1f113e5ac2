/*
 * crt0.c - where every user program starts (the ELF entry, _start).
 *
 * The kernel leaves esp at argc, then argv[0..argc-1], NULL, and an empty
 * envp (include/uapi/syscall.h). _start clears the frame pointer so stack
 * traces end here, aligns the stack to 16 bytes as the i386 System V ABI
 * wants at a call, calls main(argc, argv) and exits with what it returns.
 */
#include <stdlib.h>

int main(int argc, char **argv);

void _start(void);
__asm__(".text\n"
	".globl _start\n"
	".type _start, @function\n"
	"_start:\n"
	"	xorl %ebp, %ebp\n"
	"	movl (%esp), %eax\n"		/* argc */
	"	leal 4(%esp), %ecx\n"		/* argv */
	"	andl $-16, %esp\n"
	"	subl $8, %esp\n"		/* 8 + 2 arguments = 16 */
	"	pushl %ecx\n"
	"	pushl %eax\n"
	"	call __libc_start\n"
	"	hlt\n"				/* not reached: faults if it is */
	".size _start, . - _start\n");

void __libc_start(int argc, char **argv) __attribute__((noreturn, used));
void __libc_start(int argc, char **argv)
{
	exit(main(argc, argv));
}
