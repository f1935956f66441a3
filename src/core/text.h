/* Small text helpers shared inside the library (not public API). */
#ifndef BS_CORE_TEXT_H
#define BS_CORE_TEXT_H

#include <stddef.h>

/* snprintf for labels and messages whose truncation to the buffer's size
 * is intended (it keeps -Wformat-truncation quiet in one place). Returns
 * what vsnprintf returns. */
int bs_fmt(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* The code point of the UTF-8 sequence at s (len bytes there), its length
 * in *n (1 when invalid); -1 when it is not valid UTF-8 (a stray or cut
 * sequence, overlong, a surrogate, past U+10FFFF). */
long bs_utf8_decode(const unsigned char *s, size_t len, size_t *n);

/* What a name or text of a scenario may not hold (RULING R-352). */
enum bs_text_fault {
	BS_TEXT_OK,
	BS_TEXT_BAD_UTF8,  /* not valid UTF-8 */
	BS_TEXT_NUL,	   /* U+0000 */
	BS_TEXT_CONTROL,   /* C0 (tab, newline, ESC ...), DEL, C1 */
	BS_TEXT_SEPARATOR, /* U+2028, U+2029 line and paragraph separators */
	BS_TEXT_BIDI,	   /* bidirectional marks, embeddings, overrides */
	BS_TEXT_INVISIBLE, /* zero width space, word joiner, U+FEFF ... */
};

/* The first fault of s[0..len): its kind, its code point (the byte when
 * BS_TEXT_BAD_UTF8) in *cp and its 1-based character number in *at;
 * BS_TEXT_OK (cp, at unset) when there is none. */
enum bs_text_fault bs_text_fault(const unsigned char *s, size_t len,
				 unsigned long *cp, size_t *at);

/* Characters (code points) of UTF-8 text s. */
size_t bs_text_chars(const char *s);

#endif
