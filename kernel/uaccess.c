/* uaccess.c - checked copies between kernel and user memory (uaccess.h). */
#include "uaccess.h"
#include "uapi/memlayout.h"

/* uaccess.asm: the copies that may fault. */
uint32_t __uaccess_copy(void *dst, const void *src, uint32_t n);
int __uaccess_strncpy(char *dst, const char *src, uint32_t max);
extern const char uaccess_copy_insn[], uaccess_copy_fixup[];
extern const char uaccess_str_insn[], uaccess_str_fixup[];

int user_range_ok(uintptr_t a, uint32_t n)
{
	return a >= USER_BASE && a <= USER_TOP && n <= USER_TOP - a;
}

int copy_from_user(void *dst, const void *usrc, uint32_t n)
{
	if (!user_range_ok((uintptr_t)usrc, n))
		return -EFAULT;
	return __uaccess_copy(dst, usrc, n) ? -EFAULT : 0;
}

int copy_to_user(void *udst, const void *src, uint32_t n)
{
	if (!user_range_ok((uintptr_t)udst, n))
		return -EFAULT;
	return __uaccess_copy(udst, src, n) ? -EFAULT : 0;
}

int put_user_u32(uint32_t *u, uint32_t v)
{
	return copy_to_user(u, &v, sizeof(v));
}

int get_user_u32(uint32_t *v, const uint32_t *u)
{
	return copy_from_user(v, u, sizeof(*v));
}

int strncpy_from_user(char *dst, const char *usrc, uint32_t max)
{
	uintptr_t a = (uintptr_t)usrc;
	uint32_t lim = max;
	int n;

	if (!max || a < USER_BASE || a >= USER_TOP)
		return -EFAULT;
	if (lim > USER_TOP - a)
		lim = USER_TOP - a;
	n = __uaccess_strncpy(dst, usrc, lim);
	if (n < 0)
		return -EFAULT;
	if ((uint32_t)n >= lim) {
		dst[max - 1] = '\0';
		/* Ran into the end of user space: that is a bad pointer. */
		return lim < max ? -EFAULT : -ENAMETOOLONG;
	}
	return n;
}

uint32_t uaccess_fixup(uint32_t eip)
{
	if (eip == (uint32_t)(uintptr_t)uaccess_copy_insn)
		return (uint32_t)(uintptr_t)uaccess_copy_fixup;
	if (eip == (uint32_t)(uintptr_t)uaccess_str_insn)
		return (uint32_t)(uintptr_t)uaccess_str_fixup;
	return 0;
}
