/* Derivations: rated numbers with their terms and cites. */
#include "battlesim/deriv.h"

#include <assert.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Labels written (1) or not (0), per thread: bs_deriv_set_text. */
static _Thread_local int deriv_text = 1;

int bs_deriv_set_text(int on)
{
	int was = deriv_text;
	deriv_text = on != 0;
	return was;
}

void bs_deriv_init(struct bs_deriv *d, int base, const char *base_label,
		   const char *base_cite, const char *cite)
{
	if (!deriv_text) {
		/* no text: the numbers and cites only (the terms past
		 * nterms are never read) */
		d->value = base;
		d->base = base;
		d->base_label[0] = '\0';
		d->base_cite = base_cite;
		d->cite = cite;
		d->nterms = 0;
		return;
	}
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
	d->value += amount;
	if (!deriv_text) {
		t->label[0] = '\0';
		return;
	}
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(t->label, sizeof t->label, fmt, ap);
	va_end(ap);
}

void bs_deriv_set(struct bs_deriv *d, int value, const char *cite,
		  const char *why)
{
	bs_deriv_add(d, value - d->value, cite, "%s", why);
}

char *bs_tenths_text(int tenths, char *buf, size_t len)
{
	int neg = tenths < 0;
	int a = neg ? -tenths : tenths;
	if (a % 10)
		snprintf(buf, len, "%s%d.%d", neg ? "-" : "", a / 10, a % 10);
	else
		snprintf(buf, len, "%s%d", neg ? "-" : "", a / 10);
	return buf;
}

/* One amount: "+1", "-2", or in tenths "+2.5". */
static void amount_text(int v, int tenths, int sign, char *buf, size_t len)
{
	char t[24];
	if (!tenths) {
		snprintf(buf, len, sign ? "%+d" : "%d", v);
		return;
	}
	bs_tenths_text(v, t, sizeof t);
	snprintf(buf, len, "%s%s", sign && v >= 0 ? "+" : "", t);
}

char *bs_deriv_text(const struct bs_deriv *d, const char *name, int tenths,
		    char *buf, size_t len)
{
	size_t used = 0;
	char a[32];
#define PUT(...)                                                               \
	do {                                                                   \
		if (used < len) {                                              \
			int n_ =                                               \
			    snprintf(buf + used, len - used, __VA_ARGS__);     \
			if (n_ > 0)                                            \
				used += (size_t)n_;                            \
		}                                                              \
	} while (0)
	if (len == 0)
		return buf;
	buf[0] = '\0';
	if (name)
		PUT("%s ", name);
	amount_text(d->value, tenths, 0, a, sizeof a);
	PUT("%s", a);
	const char *lab = d->base_label;
	size_t ll = strlen(lab);
	if (d->nterms == 0 && ll > 0 && lab[ll - 1] != '=') {
		PUT(" = %s", lab);
	} else if (d->nterms > 0 || ll > 0) {
		amount_text(d->base, tenths, 0, a, sizeof a);
		if (ll > 0)
			PUT(" = %s %s", lab, a);
		else
			PUT(" = %s", a);
		for (int i = 0; i < d->nterms; i++) {
			amount_text(d->term[i].amount, tenths, 1, a, sizeof a);
			PUT(" %s %s", a, d->term[i].label);
		}
	}
	if (d->cite)
		PUT(" %s", d->cite);
#undef PUT
	return buf;
}

char *bs_deriv_format(const struct bs_deriv *d, const char *name, char *buf,
		      size_t len)
{
	return bs_deriv_text(d, name, 0, buf, len);
}
