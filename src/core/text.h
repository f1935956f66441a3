/* Small text helpers shared inside the library (not public API). */
#ifndef BS_CORE_TEXT_H
#define BS_CORE_TEXT_H

#include <stddef.h>

/* snprintf for labels and messages whose truncation to the buffer's size
 * is intended (it keeps -Wformat-truncation quiet in one place). Returns
 * what vsnprintf returns. */
int bs_fmt(char *buf, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#endif
