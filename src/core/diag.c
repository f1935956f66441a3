/* Diagnostics: message list, formatting and "did you mean" suggestions. */
#include "battlesim/diag.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void bs_diags_init(struct bs_diags *d)
{
	memset(d, 0, sizeof *d);
}

void bs_diags_release(struct bs_diags *d)
{
	free(d->items);
	memset(d, 0, sizeof *d);
}

void bs_diags_add(struct bs_diags *d, const char *file, int line, int col,
		  const char *fmt, ...)
{
	if (d->count == d->cap) {
		size_t ncap = d->cap ? d->cap * 2 : 8;
		struct bs_diag *n = realloc(d->items, ncap * sizeof *n);
		if (!n) {
			d->oom = 1;
			return;
		}
		d->items = n;
		d->cap = ncap;
	}
	struct bs_diag *m = &d->items[d->count++];
	memset(m, 0, sizeof *m);
	if (file)
		snprintf(m->file, sizeof m->file, "%s", file);
	m->line = line;
	m->col = col;
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(m->msg, sizeof m->msg, fmt, ap);
	va_end(ap);
}

char *bs_diag_format(const struct bs_diag *m, char *buf, size_t len)
{
	if (m->file[0] && m->line > 0 && m->col > 0)
		snprintf(buf, len, "%s:%d:%d: %s", m->file, m->line, m->col,
			 m->msg);
	else if (m->file[0] && m->line > 0)
		snprintf(buf, len, "%s:%d: %s", m->file, m->line, m->msg);
	else if (m->file[0])
		snprintf(buf, len, "%s: %s", m->file, m->msg);
	else
		snprintf(buf, len, "%s", m->msg);
	return buf;
}

/* Case-insensitive edit distance with adjacent transpositions (optimal
 * string alignment) of a (la letters, already lower case) and b, when it
 * is at most max; else max + 1. Only the band of cells within max of the
 * diagonal is computed and a row past max stops the work, so that a word
 * is compared with 4,096 long names quickly (item 19 of issue 12): "Spaer"
 * is one edit from "spear". Words of more than 64 bytes are not compared. */
static size_t edit_distance_max(const char *a, size_t la, const char *b,
				size_t max)
{
	size_t lb = strlen(b);
	if (la > 64 || lb > 64)
		return max + 1;
	/* a common prefix costs nothing (no edit can gain from it: a
	 * transposition across its end would need the first letters that
	 * differ to be equal) */
	while (la > 0 && lb > 0 && *a == (char)tolower((unsigned char)*b)) {
		a++;
		b++;
		la--;
		lb--;
	}
	if ((la > lb ? la - lb : lb - la) > max)
		return max + 1;
	enum { INF = 1000 };
	size_t row[3][65]; /* rows i - 2, i - 1, i */
	char cb[65];
	for (size_t j = 0; j < lb; j++)
		cb[j] = (char)tolower((unsigned char)b[j]);
	for (size_t j = 0; j <= lb; j++)
		row[1][j] = j <= max ? j : INF;
	for (size_t i = 1; i <= la; i++) {
		size_t *cur = row[(i + 1) % 3], *prev = row[i % 3],
		       *prev2 = row[(i + 2) % 3];
		size_t lo = i > max ? i - max : 1,
		       hi = i + max < lb ? i + max : lb;
		size_t best_in_row = INF;
		cur[0] = i <= max ? i : INF;
		if (cur[0] < best_in_row)
			best_in_row = cur[0];
		for (size_t j = 1; j < lo; j++)
			cur[j] = INF;
		for (size_t j = lo; j <= hi; j++) {
			size_t d =
			    prev[j - 1] + (a[i - 1] == cb[j - 1] ? 0 : 1);
			if (prev[j] + 1 < d)
				d = prev[j] + 1;
			if (cur[j - 1] + 1 < d)
				d = cur[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == cb[j - 2] &&
			    a[i - 2] == cb[j - 1] && prev2[j - 2] + 1 < d)
				d = prev2[j - 2] + 1;
			cur[j] = d;
			if (d < best_in_row)
				best_in_row = d;
		}
		for (size_t j = hi + 1; j <= lb; j++)
			cur[j] = INF;
		if (best_in_row > max)
			return max + 1;
	}
	size_t d = row[(la + 1) % 3][lb];
	return d <= max ? d : max + 1;
}

/* The typo limit of a word of wl letters: at most a third of its letters
 * off (min 1, max 3). */
static size_t typo_limit(size_t wl)
{
	size_t limit = wl / 3;
	return limit < 1 ? 1 : limit > 3 ? 3 : limit;
}

const char *bs_suggest(const char *word, const char *const *candidates,
		       size_t n)
{
	size_t wl = strlen(word);
	if (wl > 64)
		return NULL;
	char lw[65];
	for (size_t i = 0; i <= wl; i++)
		lw[i] = (char)tolower((unsigned char)word[i]);
	const char *best = NULL;
	size_t bestd = typo_limit(wl) + 1;
	for (size_t i = 0; i < n && bestd > 0; i++) {
		if (!candidates[i])
			continue;
		size_t dist =
		    edit_distance_max(lw, wl, candidates[i], bestd - 1);
		if (dist < bestd) {
			bestd = dist;
			best = candidates[i];
		}
	}
	return best;
}
