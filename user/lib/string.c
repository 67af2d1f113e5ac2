/*
 * string.c - the string functions that need the C library (malloc, the
 * errno names). The rest is lib/string.c, shared with the kernel.
 */
#include <string.h>
#include <stdlib.h>
#include "uapi/errno.h"

char *strdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = malloc(n);

	if (p)
		memcpy(p, s, n);
	return p;
}

static const char *const errnames[] = {
	[0] = "no error",
	[EPERM] = "EPERM: not allowed",
	[ENOENT] = "ENOENT: no such file",
	[ESRCH] = "ESRCH: no such process",
	[EINTR] = "EINTR: interrupted",
	[EIO] = "EIO: I/O error",
	[E2BIG] = "E2BIG: arguments too long",
	[ENOEXEC] = "ENOEXEC: not an executable",
	[EBADF] = "EBADF: bad file descriptor",
	[ECHILD] = "ECHILD: no child",
	[EAGAIN] = "EAGAIN: try again",
	[ENOMEM] = "ENOMEM: out of memory",
	[EFAULT] = "EFAULT: bad address",
	[EBUSY] = "EBUSY: busy",
	[EEXIST] = "EEXIST: exists",
	[ENOTDIR] = "ENOTDIR: not a directory",
	[EISDIR] = "EISDIR: is a directory",
	[EINVAL] = "EINVAL: invalid argument",
	[ENFILE] = "ENFILE: file table full",
	[EMFILE] = "EMFILE: too many open files",
	[ENOSPC] = "ENOSPC: no space",
	[ESPIPE] = "ESPIPE: illegal seek",
	[EPIPE] = "EPIPE: broken pipe",
	[ERANGE] = "ERANGE: out of range",
	[ENAMETOOLONG] = "ENAMETOOLONG: name too long",
	[ENOSYS] = "ENOSYS: no such system call",
};

const char *strerror(int err)
{
	if (err < 0)
		err = -err;
	if ((size_t)err < sizeof(errnames) / sizeof(errnames[0]) && errnames[err])
		return errnames[err];
	return "unknown error";
}
