/* ksyms.c - look up the table gen-ksyms.sh wrote into .ksyms. */
#include "ksyms.h"
#include "string.h"

/* The layout gen-ksyms.sh writes, all little-endian 32-bit words. */
struct ksym_table {
	uint32_t count;
	struct {
		uint32_t addr;		/* sorted ascending */
		uint32_t name;		/* offset of the NUL-terminated name from
					 * the start of the table */
	} sym[];
};

extern const char __ksyms_start[], __ksyms_end[];	/* kernel.ld */
extern const char _text_end[], trampoline_end[];

static const struct ksym_table *table(void)
{
	const struct ksym_table *t = (const void *)__ksyms_start;

	if (__ksyms_end - __ksyms_start < (long)sizeof(*t) || !t->count)
		return 0;
	return t;
}

const char *ksym_lookup(uintptr_t addr, uintptr_t *start, uintptr_t *size)
{
	const struct ksym_table *t = table();
	uint32_t lo = 0, hi, end;

	if (!t || addr < t->sym[0].addr || addr >= (uintptr_t)trampoline_end)
		return 0;
	/* The last entry whose address is <= addr. */
	hi = t->count;
	while (hi - lo > 1) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (t->sym[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	end = lo + 1 < t->count ? t->sym[lo + 1].addr : (uintptr_t)trampoline_end;
	*start = t->sym[lo].addr;
	*size = end - t->sym[lo].addr;
	return __ksyms_start + t->sym[lo].name;
}
