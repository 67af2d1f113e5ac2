/* string.h - the kernel's name for include/lib/string.h (lib/string.c). */
#ifndef KERNEL_STRING_H
#define KERNEL_STRING_H

#include "lib/string.h"

#endif
