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

/* ---- suggestions: synonyms, words and prefixes (issue 12 item 27) ------ */

/* s lower-cased without spaces, hyphens and underscores (as the catalog
 * compares names); 0, or -1 when longer than 64 letters. */
static int squeeze(const char *s, char out[65])
{
	size_t o = 0;
	for (; *s; s++) {
		if (*s == ' ' || *s == '-' || *s == '_' || *s == '\t')
			continue;
		if (o == 64)
			return -1;
		out[o++] = (char)tolower((unsigned char)*s);
	}
	out[o] = '\0';
	return 0;
}

/* Up to 8 words of s (lower case, split at spaces, hyphens, underscores),
 * each at most 31 letters. Returns the count. */
static int split_words(const char *s, char w[8][32])
{
	int n = 0;
	size_t o = 0;
	for (;; s++) {
		int sep =
		    !*s || *s == ' ' || *s == '-' || *s == '_' || *s == '\t';
		if (sep) {
			if (o > 0 && n < 8) {
				w[n][o] = '\0';
				n++;
			}
			o = 0;
			if (!*s)
				return n;
			continue;
		}
		if (o < 31 && n < 8)
			w[n][o++] = (char)tolower((unsigned char)*s);
	}
}

/* Two words alike, a plural 's' or 'es' aside ("orcs" and "orc"). */
static int word_alike(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la == lb)
		return strcmp(a, b) == 0;
	if (la < lb) {
		const char *t = a;
		a = b;
		b = t;
		size_t tl = la;
		la = lb;
		lb = tl;
	}
	/* a is the longer one */
	if (strncmp(a, b, lb) != 0)
		return 0;
	return strcmp(a + lb, "s") == 0 || strcmp(a + lb, "es") == 0;
}

/* What the suggestions look for: the word and what synonyms make of it. */
struct sought {
	char squeezed[4][65]; /* [0] the word, then its synonyms' meanings */
	char words[4][8][32];
	int nwords[4];
	int n;
	const char *typo; /* the closest likely typo, or NULL */
};

/* How candidate c answers s: 0 a synonym's meaning, 1 the likely typo, 2
 * holds every word sought, 3 starts with what is sought (3 letters or
 * more); -1 not at all. */
static int match_class(const struct sought *s, const char *c)
{
	char sq[65], w[8][32];
	if (squeeze(c, sq) != 0)
		return -1;
	for (int q = 1; q < s->n; q++)
		if (strcmp(sq, s->squeezed[q]) == 0)
			return 0;
	if (c == s->typo)
		return 1;
	int nw = split_words(c, w);
	for (int q = 0; q < s->n; q++) {
		int all = s->nwords[q] > 0;
		for (int i = 0; all && i < s->nwords[q]; i++) {
			int found = 0;
			for (int j = 0; j < nw && !found; j++)
				found = word_alike(s->words[q][i], w[j]);
			all = found;
		}
		if (all)
			return 2;
	}
	for (int q = 0; q < s->n; q++) {
		size_t l = strlen(s->squeezed[q]);
		if (l < 3)
			continue;
		if (strncmp(sq, s->squeezed[q], l) == 0)
			return 3;
		for (int j = 0; j < nw; j++)
			if (strncmp(w[j], s->squeezed[q], l) == 0)
				return 3;
	}
	return -1;
}

size_t bs_suggest_names(const char *word, const char *const *candidates,
			size_t n, const struct bs_synonym *syn,
			const char **out, size_t max)
{
	struct sought s;
	memset(&s, 0, sizeof s);
	if (squeeze(word, s.squeezed[0]) != 0)
		return 0;
	s.nwords[0] = split_words(word, s.words[0]);
	s.n = 1;
	for (; syn && syn->word && s.n < 4; syn++) {
		char sw[65];
		if (squeeze(syn->word, sw) != 0 ||
		    strcmp(sw, s.squeezed[0]) != 0 ||
		    squeeze(syn->means, s.squeezed[s.n]) != 0)
			continue;
		s.nwords[s.n] = split_words(syn->means, s.words[s.n]);
		s.n++;
	}
	s.typo = bs_suggest(word, candidates, n);
	/* each candidate's class once, then the names class by class */
	signed char *cls = malloc(n ? n : 1);
	if (!cls)
		return 0;
	for (size_t i = 0; i < n; i++)
		cls[i] =
		    (signed char)(candidates[i] ? match_class(&s, candidates[i])
						: -1);
	size_t k = 0, total = 0;
	for (int c = 0; c <= 3; c++)
		for (size_t i = 0; i < n; i++) {
			if (cls[i] != c)
				continue;
			total++;
			if (k < max)
				out[k++] = candidates[i];
		}
	free(cls);
	return total;
}

const char *bs_suggest_format(const char *const *names, size_t k, size_t total,
			      char *buf, size_t len)
{
	size_t o = 0;
	buf[0] = '\0';
	if (k == 0)
		return buf;
	int w =
	    snprintf(buf, len, " (did you mean %s", total > k ? "one of " : "");
	for (size_t i = 0; i < k && w >= 0 && (size_t)w < len - o; i++) {
		o += (size_t)w;
		const char *sep = i == 0		   ? ""
				  : i + 1 < k || total > k ? ", "
							   : " or ";
		w = snprintf(buf + o, len - o, "%s'%s'", sep, names[i]);
	}
	if (w >= 0 && (size_t)w < len - o) {
		o += (size_t)w;
		if (total > k)
			snprintf(buf + o, len - o, " and %zu more?)",
				 total - k);
		else
			snprintf(buf + o, len - o, "?)");
	}
	return buf;
}
