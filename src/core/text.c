/* Small text helpers shared inside the library. */
#include "core/text.h"

#include <stdarg.h>
#include <stdio.h>

int bs_fmt(char *buf, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, len, fmt, ap);
	va_end(ap);
	return n;
}
