/* Derivations: a rated number with every term that made it and the cite of
 * each, so that a roster sheet or a log can say
 * "ML 12 = 11 +1 magic equipment -1 AC 8 +1 regular [4.1 T3]". */
#ifndef BATTLESIM_DERIV_H
#define BATTLESIM_DERIV_H

#include <stddef.h>

#define BS_DERIV_MAX_TERMS 20
#define BS_DERIV_LABEL 48

/* One term: a signed amount, what it is, and the rule. */
struct bs_term {
	int amount;
	char label[BS_DERIV_LABEL];
	const char *cite; /* "[4.1 T3]"; static storage */
};

/* value = base + sum of terms (kept in step by bs_deriv_add). */
struct bs_deriv {
	int value;
	int base;
	char base_label[BS_DERIV_LABEL]; /* "initial", "THAC0", ... may be "" */
	const char *base_cite;
	int nterms;
	struct bs_term term[BS_DERIV_MAX_TERMS];
	const char *cite; /* summary cite printed at the end */
};

/* Whether derivations get their text (1, the default) or only their
 * numbers and cites (0: labels left empty, nothing formatted), for the
 * calling thread; returns the setting it replaces. A battle round played
 * with events off sets 0 (nothing reads the labels then, issue 13). */
int bs_deriv_set_text(int on);

/* Start a derivation at `base` (label and cite may be NULL). */
void bs_deriv_init(struct bs_deriv *d, int base, const char *base_label,
		   const char *base_cite, const char *cite);

/* Add a term (amount may be 0 for a term shown for information). The label
 * is printf-formatted. Terms past BS_DERIV_MAX_TERMS are an assertion. */
void bs_deriv_add(struct bs_deriv *d, int amount, const char *cite,
		  const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* Replace the value (for clamps and "least favourable" roundings) and
 * record why as a term of the difference. */
void bs_deriv_set(struct bs_deriv *d, int value, const char *cite,
		  const char *why);

/* The text of a derivation: "NAME VALUE = LABEL BASE TERMS [CITE]". The
 * base label comes before the base ("AR 19 = THAC0 19 +0 ratio 10:1
 * [8.3 T9]"); with no base label, "ML 12 = 11 +1 magic equipment -1 AC 8
 * +1 regular [4.1 T3]"; with a base label and no terms the base is left
 * out unless the label ends in '=' ("Ratio 10 = 1 HD: Less than 4 + 1 HD
 * [2.2 T1]"). With `tenths` set the value, base and amounts are tenths and
 * print as "2.5", "10". name may be NULL. Returns buf (always
 * NUL-terminated when len > 0). */
char *bs_deriv_text(const struct bs_deriv *d, const char *name, int tenths,
		    char *buf, size_t len);

/* bs_deriv_text for whole numbers. */
char *bs_deriv_format(const struct bs_deriv *d, const char *name, char *buf,
		      size_t len);

/* Tenths as text: 10 -> "1", 25 -> "2.5", -5 -> "-0.5". Returns buf. */
char *bs_tenths_text(int tenths, char *buf, size_t len);

#endif
