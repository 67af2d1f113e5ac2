/* pages.h - the free page count, for the memory tests (cowcheck, cowoom,
 * zerocheck): from the schedstat summary (kernel/sys_sched.c). */
#ifndef USER_TESTS_PAGES_H
#define USER_TESTS_PAGES_H

#include <stdint.h>
#include <unistd.h>
#include "uapi/schedstat.h"

/* Free pages in the whole machine, or 0 when the call fails. */
static inline uint32_t free_pages(void)
{
	struct schedstat_summary s;

	if (schedstat(SCHEDSTAT_SUMMARY, &s, sizeof(s)) != 1)
		return 0;
	return s.free_pages;
}

#endif
