/* stdlib.c - exit, abort, and numbers from strings. */
#include <ctype.h>
#include <stdlib.h>
#include <unistd.h>

void exit(int status)
{
	_exit(status);	/* nothing is buffered (stdio.h) */
}

void abort(void)
{
	kill(getpid(), SIGKILL);
	_exit(127);
}

int abs(int x)
{
	return x < 0 ? -x : x;
}

unsigned long strtoul(const char *s, char **end, int base)
{
	unsigned long v = 0;

	while (isspace(*s))
		s++;
	if (*s == '+')
		s++;
	if ((base == 0 || base == 16) && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') &&
	    isxdigit(s[2])) {
		s += 2;
		base = 16;
	} else if (base == 0) {
		base = s[0] == '0' ? 8 : 10;
	}
	for (;; s++) {
		int d;

		if (isdigit(*s))
			d = *s - '0';
		else if (*s >= 'a' && *s <= 'z')
			d = *s - 'a' + 10;
		else if (*s >= 'A' && *s <= 'Z')
			d = *s - 'A' + 10;
		else
			break;
		if (d >= base)
			break;
		v = v * (unsigned long)base + (unsigned long)d;
	}
	if (end)
		*end = (char *)s;
	return v;
}

long strtol(const char *s, char **end, int base)
{
	int neg = 0;

	while (isspace(*s))
		s++;
	if (*s == '-') {
		neg = 1;
		s++;
	}
	return neg ? -(long)strtoul(s, end, base) : (long)strtoul(s, end, base);
}

int atoi(const char *s)
{
	return (int)strtol(s, NULL, 10);
}
