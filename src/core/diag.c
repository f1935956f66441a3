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

void bs_diags_addv(struct bs_diags *d, int code, const char *file, int line,
		   int col, const char *fmt, va_list ap)
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
	m->code = code;
	vsnprintf(m->msg, sizeof m->msg, fmt, ap);
}

void bs_diags_add(struct bs_diags *d, const char *file, int line, int col,
		  const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	bs_diags_addv(d, 0, file, line, col, fmt, ap);
	va_end(ap);
}

void bs_diags_add_code(struct bs_diags *d, int code, const char *file, int line,
		       int col, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	bs_diags_addv(d, code, file, line, col, fmt, ap);
	va_end(ap);
}

void bs_diags_append(struct bs_diags *d, const struct bs_diags *src)
{
	for (size_t i = 0; i < src->count; i++) {
		const struct bs_diag *m = &src->items[i];
		bs_diags_add_code(d, m->code, m->file[0] ? m->file : NULL,
				  m->line, m->col, "%s", m->msg);
	}
	if (src->oom)
		d->oom = 1;
}

/* Sort keys of one message: the rank of its file, its line and column, its
 * place in the list (stability). */
struct sort_key {
	size_t rank, pos;
	const struct bs_diag *m;
};

static int cmp_key(const void *a, const void *b)
{
	const struct sort_key *x = a, *y = b;
	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->m->line != y->m->line)
		return x->m->line < y->m->line ? -1 : 1;
	if (x->m->col != y->m->col)
		return x->m->col < y->m->col ? -1 : 1;
	return x->pos < y->pos ? -1 : x->pos > y->pos;
}

void bs_diags_sort(struct bs_diags *d, size_t start, size_t end)
{
	if (end > d->count)
		end = d->count;
	if (start >= end || end - start < 2)
		return;
	size_t n = end - start;
	struct sort_key *k = malloc(n * sizeof *k);
	struct bs_diag *tmp = malloc(n * sizeof *tmp);
	if (!k || !tmp) {
		free(k);
		free(tmp);
		return; /* left in the order reported */
	}
	for (size_t i = 0; i < n; i++) {
		const struct bs_diag *m = &d->items[start + i];
		k[i].pos = i;
		k[i].m = m;
		k[i].rank = i;
		for (size_t j = 0; j < i; j++)
			if (strcmp(d->items[start + j].file, m->file) == 0) {
				k[i].rank = k[j].rank;
				break;
			}
	}
	qsort(k, n, sizeof *k, cmp_key);
	for (size_t i = 0; i < n; i++)
		tmp[i] = *k[i].m;
	memcpy(&d->items[start], tmp, n * sizeof *tmp);
	free(k);
	free(tmp);
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
 * string alignment), capped at 64 characters: "Spaer" is one edit from
 * "spear". */
static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 64 || lb > 64)
		return (size_t)-1;
	size_t d[65][65];
	for (size_t i = 0; i <= la; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++) {
		int ca = tolower((unsigned char)a[i - 1]);
		for (size_t j = 1; j <= lb; j++) {
			int cb = tolower((unsigned char)b[j - 1]);
			size_t best = d[i - 1][j - 1] + (ca == cb ? 0 : 1);
			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 &&
			    ca == tolower((unsigned char)b[j - 2]) &&
			    tolower((unsigned char)a[i - 2]) == cb &&
			    d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	}
	return d[la][lb];
}

const char *bs_suggest(const char *word, const char *const *candidates,
		       size_t n)
{
	const char *best = NULL;
	size_t bestd = (size_t)-1;
	for (size_t i = 0; i < n; i++) {
		if (!candidates[i])
			continue;
		size_t dist = edit_distance(word, candidates[i]);
		if (dist < bestd) {
			bestd = dist;
			best = candidates[i];
		}
	}
	/* A likely typo: at most a third of the word's letters off (min 1,
	 * max 3). */
	size_t wl = strlen(word);
	size_t limit = wl / 3;
	if (limit < 1)
		limit = 1;
	if (limit > 3)
		limit = 3;
	return (best && bestd <= limit) ? best : NULL;
}
