/*
 * string.h - memory and string functions: those of include/lib/string.h
 * (lib/string.c, shared with the kernel) and the two that need the C
 * library (user/lib/string.c).
 */
#ifndef USER_STRING_H
#define USER_STRING_H

#include "lib/string.h"

/* A copy of s from malloc(); NULL when out of memory. */
char *strdup(const char *s);
/* The name of an errno value ("EFAULT: bad address"); never NULL. */
const char *strerror(int err);

#endif
