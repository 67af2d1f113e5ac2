/*
 * uapi/errno.h - error numbers shared by the kernel and user programs.
 *
 * A system call that fails returns the negated number (-ENOENT) in eax; the
 * user library turns it into -1 and errno. The values are Linux's (i386 and
 * every other architecture share them), so a message or a test written for
 * the Linux build of a program reads the same here.
 */
#ifndef UAPI_ERRNO_H
#define UAPI_ERRNO_H

#define EPERM		1	/* not allowed (init, a kernel thread) */
#define ENOENT		2	/* no such file */
#define ESRCH		3	/* no such process */
#define EINTR		4	/* interrupted */
#define EIO		5	/* I/O error */
#define E2BIG		7	/* exec arguments too long */
#define ENOEXEC		8	/* not an executable we can load */
#define EBADF		9	/* fd not open (or not open for this) */
#define ECHILD		10	/* no child to wait for */
#define EAGAIN		11	/* try again: out of tasks, pipe empty */
#define ENOMEM		12	/* out of memory */
#define EFAULT		14	/* bad user address */
#define EBUSY		16	/* resource busy */
#define EEXIST		17	/* exists already */
#define ENOTDIR		20	/* a path component is not a directory */
#define EISDIR		21	/* is a directory */
#define EINVAL		22	/* bad argument */
#define ENFILE		23	/* system file table full */
#define EMFILE		24	/* this process's fd table full */
#define ENOSPC		28	/* no space left */
#define ESPIPE		29	/* seek on a pipe */
#define EPIPE		32	/* write to a pipe nobody reads */
#define ERANGE		34	/* result does not fit */
#define ENAMETOOLONG	36	/* path longer than PATH_MAX */
#define ENOSYS		38	/* no such system call */

/* The largest errno a system call returns: results in [-MAX_ERRNO, -1] are
 * errors, everything else (even a "negative" address) is a value. */
#define MAX_ERRNO	4095

#endif
