/* cpumask.c - cpulist formatting, shared by the kernel, user programs and
 * the host tools. */
#include "cpumask.h"

static size_t put_uint(char *buf, size_t len, size_t pos, unsigned v)
{
	char tmp[12];
	int n = 0;

	do {
		tmp[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n && pos + 1 < len)
		buf[pos++] = tmp[--n];
	return pos;
}

int cpulist_format(char *buf, size_t len, cpumask_t m)
{
	size_t pos = 0;
	int cpu;

	if (!len)
		return 0;
	for (cpu = first_cpu(m); cpu < NR_CPUS; ) {
		int end = cpu;

		while (end + 1 < NR_CPUS && cpu_isset(end + 1, m))
			end++;
		if (pos && pos + 1 < len)
			buf[pos++] = ',';
		pos = put_uint(buf, len, pos, (unsigned)cpu);
		if (end > cpu) {
			if (pos + 1 < len)
				buf[pos++] = '-';
			pos = put_uint(buf, len, pos, (unsigned)end);
		}
		cpu = next_cpu(end, m);
	}
	buf[pos] = '\0';
	return (int)pos;
}
