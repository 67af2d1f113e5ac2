/* ctype.h - character classes for the "C" locale only. */
#ifndef USER_CTYPE_H
#define USER_CTYPE_H

static inline int isdigit(int c) { return c >= '0' && c <= '9'; }
static inline int isspace(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
	       c == '\v';
}
static inline int isalpha(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
static inline int isprint(int c) { return c >= 0x20 && c < 0x7f; }
static inline int isxdigit(int c)
{
	return isdigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

#endif
