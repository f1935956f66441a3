/* Derivations: rated numbers with their terms and cites. */
#include "battlesim/deriv.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void bs_deriv_init(struct bs_deriv *d, int base, const char *base_label,
		   const char *base_cite, const char *cite)
{
	memset(d, 0, sizeof *d);
	d->value = base;
	d->base = base;
	if (base_label)
		snprintf(d->base_label, sizeof d->base_label, "%s", base_label);
	d->base_cite = base_cite;
	d->cite = cite;
}

void bs_deriv_add(struct bs_deriv *d, int amount, const char *cite,
		  const char *fmt, ...)
{
	assert(d->nterms < BS_DERIV_MAX_TERMS);
	struct bs_term *t = &d->term[d->nterms++];
	t->amount = amount;
	t->cite = cite;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(t->label, sizeof t->label, fmt, ap);
	va_end(ap);
	d->value += amount;
}

void bs_deriv_set(struct bs_deriv *d, int value, const char *cite,
		  const char *why)
{
	bs_deriv_add(d, value - d->value, cite, "%s", why);
}

char *bs_deriv_format(const struct bs_deriv *d, const char *name, char *buf,
		      size_t len)
{
	size_t used = 0;
#define PUT(...)                                                               \
	do {                                                                   \
		if (used < len) {                                              \
			int n_ =                                               \
			    snprintf(buf + used, len - used, __VA_ARGS__);     \
			if (n_ > 0)                                            \
				used += (size_t)n_;                            \
		}                                                              \
	} while (0)
	buf[0] = '\0';
	if (name)
		PUT("%s ", name);
	PUT("%d", d->value);
	if (d->nterms > 0 || d->base_label[0]) {
		PUT(" = %d", d->base);
		if (d->base_label[0])
			PUT(" %s", d->base_label);
		for (int i = 0; i < d->nterms; i++)
			PUT(" %+d %s", d->term[i].amount, d->term[i].label);
	}
	if (d->cite)
		PUT(" %s", d->cite);
#undef PUT
	return buf;
}
