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

long bs_utf8_decode(const unsigned char *s, size_t len, size_t *n)
{
	*n = 1;
	if (len == 0)
		return -1;
	unsigned c = s[0];
	if (c < 0x80)
		return (long)c;
	size_t need = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 0;
	if (need == 0 || c > 0xF4 || need > len)
		return -1;
	unsigned long cp = c & (0x7Fu >> need);
	for (size_t i = 1; i < need; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return -1;
		cp = cp << 6 | (s[i] & 0x3Fu);
	}
	static const unsigned long least[5] = {0, 0, 0x80, 0x800, 0x10000};
	if (cp < least[need] || cp > 0x10FFFF || (cp >= 0xD800 && cp < 0xE000))
		return -1; /* overlong, past Unicode, a surrogate */
	*n = need;
	return (long)cp;
}

/* RULING R-352: what a name or text of a scenario may not hold. */
static enum bs_text_fault char_fault(unsigned long cp)
{
	if (cp == 0)
		return BS_TEXT_NUL;
	if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0))
		return BS_TEXT_CONTROL; /* C0 (tab and newline too), DEL, C1 */
	if (cp == 0x2028 || cp == 0x2029)
		return BS_TEXT_SEPARATOR;
	if (cp == 0x061C || cp == 0x200E || cp == 0x200F ||
	    (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069))
		return BS_TEXT_BIDI;
	if (cp == 0x200B || cp == 0x2060 || cp == 0xFEFF ||
	    (cp >= 0xFFF9 && cp <= 0xFFFB))
		return BS_TEXT_INVISIBLE;
	return BS_TEXT_OK;
}

enum bs_text_fault bs_text_fault(const unsigned char *s, size_t len,
				 unsigned long *cp, size_t *at)
{
	size_t i = 0, k = 1;
	while (i < len) {
		size_t n;
		long c = bs_utf8_decode(s + i, len - i, &n);
		*at = k;
		if (c < 0) {
			*cp = s[i];
			return BS_TEXT_BAD_UTF8;
		}
		enum bs_text_fault f = char_fault((unsigned long)c);
		if (f != BS_TEXT_OK) {
			*cp = (unsigned long)c;
			return f;
		}
		i += n;
		k++;
	}
	return BS_TEXT_OK;
}

size_t bs_text_chars(const char *s)
{
	size_t k = 0;
	for (; *s; s++)
		k += ((unsigned char)*s & 0xC0) != 0x80;
	return k;
}
