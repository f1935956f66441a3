/* Walking a libyaml document with a schema: errors at FILE:LINE:COL,
 * unknown keys with "did you mean", duplicate keys, typed scalars with
 * their ranges, lists with caps. No rule sections (format only). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "battlesim/dice.h"
#include "core/text.h"
#include "scenario/loader.h"

void *ld_alloc(struct ld *ld, size_t n)
{
	void *p = bs_arena_alloc(ld->arena, n);
	if (!p)
		*ld->oom = 1;
	return p;
}

void *ld_tmp(struct ld *ld, size_t n)
{
	void *p = bs_arena_alloc(ld->tmp, n);
	if (!p)
		*ld->oom = 1;
	return p;
}

int ld_quiet(const struct ld *ld)
{
	return *ld->nerr >= LD_MAX_ERRORS;
}

/* Count n more nodes walked; 0 when over the budget (reported once). */
static int visit(struct ld *ld, const yaml_node_t *n, long count)
{
	if (*ld->visits > LD_MAX_VISITS)
		return 0;
	*ld->visits += count;
	if (*ld->visits <= LD_MAX_VISITS)
		return 1;
	ld_err(ld, n,
	       "the document is too complex (more than %ld nodes walked: "
	       "aliases repeating too much?)",
	       LD_MAX_VISITS);
	return 0;
}

static void verr(struct ld *ld, int line, int col, const char *fmt, va_list ap)
{
	int n = (*ld->nerr)++;
	if (n > LD_MAX_ERRORS)
		return;
	if (n == LD_MAX_ERRORS) {
		bs_diags_add(ld->diags, ld->file, 0, 0,
			     "too many errors (more than %d); the rest are "
			     "not shown",
			     LD_MAX_ERRORS);
		return;
	}
	char buf[512];
	vsnprintf(buf, sizeof buf, fmt, ap);
	bs_diags_add(ld->diags, ld->file, line, col, "%s", buf);
}

void ld_err(struct ld *ld, const yaml_node_t *node, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (node)
		verr(ld, (int)node->start_mark.line + 1,
		     (int)node->start_mark.column + 1, fmt, ap);
	else
		verr(ld, 0, 0, fmt, ap);
	va_end(ap);
}

void ld_err_mark(struct ld *ld, yaml_mark_t m, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	verr(ld, (int)m.line + 1, (int)m.column + 1, fmt, ap);
	va_end(ap);
}

yaml_node_t *ld_node(struct ld *ld, int id)
{
	return yaml_document_get_node(ld->doc, id);
}

void ld_mark(const yaml_node_t *n, int *line, int *col)
{
	*line = (int)n->start_mark.line + 1;
	*col = (int)n->start_mark.column + 1;
}

yaml_node_t *ld_get(struct ld *ld, const yaml_node_t *map, const char *key)
{
	if (!map || map->type != YAML_MAPPING_NODE)
		return NULL;
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
	     p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *k = ld_node(ld, p->key);
		if (k && k->type == YAML_SCALAR_NODE &&
		    strcmp((const char *)k->data.scalar.value, key) == 0)
			return ld_node(ld, p->value);
	}
	return NULL;
}

int ld_is_null(const yaml_node_t *n)
{
	if (!n || n->type != YAML_SCALAR_NODE ||
	    n->data.scalar.style != YAML_PLAIN_SCALAR_STYLE)
		return 0;
	const char *t = (const char *)n->data.scalar.value;
	return t[0] == '\0' || strcmp(t, "~") == 0 ||
	       strcasecmp(t, "null") == 0;
}

const char *ld_kind(const yaml_node_t *n, char *buf, size_t len)
{
	if (!n || ld_is_null(n))
		return "nothing";
	if (n->type == YAML_MAPPING_NODE)
		return "a mapping";
	if (n->type == YAML_SEQUENCE_NODE)
		return "a list";
	if (n->type != YAML_SCALAR_NODE)
		return "nothing";
	/* Quote the text cut at 40 characters; what a text may not hold
	 * (RULING R-352) is shown as '?', never sent raw. */
	const unsigned char *t = n->data.scalar.value;
	size_t tl = n->data.scalar.length, o = 0;
	if (len < 8)
		return "a value";
	buf[o++] = '\'';
	for (size_t i = 0, k = 0; i < tl; k++) {
		size_t w;
		long cp = bs_utf8_decode(t + i, tl - i, &w);
		unsigned long c;
		size_t at;
		int ok =
		    cp >= 0 && bs_text_fault(t + i, w, &c, &at) == BS_TEXT_OK;
		if (k == 40 || o + (ok ? w : 1) + 5 > len) {
			memcpy(buf + o, "...", 3);
			o += 3;
			break;
		}
		if (ok)
			memcpy(buf + o, t + i, w);
		else
			buf[o] = '?';
		o += ok ? w : 1;
		i += w;
	}
	buf[o++] = '\'';
	buf[o] = '\0';
	return buf;
}

const char *ld_text(struct ld *ld, const yaml_node_t *n, const char *key,
		    const char *what)
{
	char k[64];
	if (!n || n->type != YAML_SCALAR_NODE || ld_is_null(n)) {
		ld_err(ld, n, "%s: expected %s, got %s", key, what,
		       ld_kind(n, k, sizeof k));
		return NULL;
	}
	/* RULING R-352: every text the loader reads (names, references,
	 * values) is printable on one line: no terminal escape, newline or
	 * invisible reordering ever reaches an output */
	static const char *const what_fault[] = {
	    [BS_TEXT_BAD_UTF8] = "a byte that is not UTF-8",
	    [BS_TEXT_NUL] = "a NUL character",
	    [BS_TEXT_CONTROL] = "a control character",
	    [BS_TEXT_SEPARATOR] = "a line separator",
	    [BS_TEXT_BIDI] = "a bidirectional control",
	    [BS_TEXT_INVISIBLE] = "an invisible character",
	};
	unsigned long cp;
	size_t at;
	enum bs_text_fault f = bs_text_fault(n->data.scalar.value,
					     n->data.scalar.length, &cp, &at);
	if (f != BS_TEXT_OK) {
		ld_err(ld, n,
		       "%s: contains %s (%s%0*lX at character %zu); a name or "
		       "text must be printable, on one line",
		       key, what_fault[f],
		       f == BS_TEXT_BAD_UTF8 ? "byte " : "U+",
		       f == BS_TEXT_BAD_UTF8 ? 2 : 4, cp, at);
		return NULL;
	}
	return (const char *)n->data.scalar.value;
}

int ld_collect(struct ld *ld, const yaml_node_t *map, const char *what,
	       const char *const *keys, int n, yaml_node_t **vals)
{
	char k[64];
	for (int i = 0; i < n; i++)
		vals[i] = NULL;
	if (!map || map->type != YAML_MAPPING_NODE) {
		ld_err(ld, map,
		       "%s: expected a mapping (key: value lines), "
		       "got %s",
		       what, ld_kind(map, k, sizeof k));
		return -1;
	}
	if (!visit(ld, map,
		   map->data.mapping.pairs.top - map->data.mapping.pairs.start))
		return -1;
	yaml_node_t *keynode[LD_MAX_KEYS] = {0};
	for (yaml_node_pair_t *p = map->data.mapping.pairs.start;
	     p < map->data.mapping.pairs.top; p++) {
		yaml_node_t *kn = ld_node(ld, p->key);
		yaml_node_t *vn = ld_node(ld, p->value);
		if (!kn || kn->type != YAML_SCALAR_NODE) {
			ld_err(ld, kn, "%s: a key must be a name, got %s", what,
			       ld_kind(kn, k, sizeof k));
			continue;
		}
		const char *key = (const char *)kn->data.scalar.value;
		int found = -1;
		int nul = memchr(key, 0, kn->data.scalar.length) != NULL;
		for (int i = 0; i < n && !nul; i++)
			if (strcmp(keys[i], key) == 0)
				found = i;
		if (found < 0) {
			const char *s = NULL;
			if (kn->data.scalar.length < 64 && !ld_quiet(ld))
				s = bs_suggest(key, keys, (size_t)n);
			ld_err(ld, kn, "unknown key %s in %s%s%s%s",
			       ld_kind(kn, k, sizeof k), what,
			       s ? " (did you mean '" : "", s ? s : "",
			       s ? "'?)" : "");
			if (s) {
				unsigned t = ld->ntypo++ % 16;
				ld->typo[t].map = map;
				ld->typo[t].key = s;
			}
			continue;
		}
		if (keynode[found]) {
			ld_err(ld, kn,
			       "duplicate key '%s' in %s (first at line %d)",
			       keys[found], what,
			       (int)keynode[found]->start_mark.line + 1);
			continue;
		}
		keynode[found] = kn;
		vals[found] = vn;
	}
	return 0;
}

int ld_require(struct ld *ld, const yaml_node_t *map, const char *what,
	       const char *key, const yaml_node_t *val)
{
	if (val)
		return 0;
	for (int i = 0; i < 16; i++)
		if (ld->typo[i].map == map && ld->typo[i].key &&
		    strcmp(ld->typo[i].key, key) == 0)
			return -1; /* reported as a typo of this key */
	ld_err(ld, map, "%s: missing required key '%s'", what, key);
	return -1;
}

/* Parse a whole decimal integer; 0 ok, -1 not a number, -2 too large. */
static int parse_long(const char *t, long *out)
{
	const char *p = t;
	if (*p == '+' || *p == '-')
		p++;
	if (!isdigit((unsigned char)*p))
		return -1;
	for (const char *q = p; *q; q++)
		if (!isdigit((unsigned char)*q))
			return -1;
	errno = 0;
	long v = strtol(t, NULL, 10);
	if (errno == ERANGE)
		return -2;
	*out = v;
	return 0;
}

int ld_long(struct ld *ld, const yaml_node_t *n, const char *key, long lo,
	    long hi, long *out)
{
	const char *t = ld_text(ld, n, key, "an integer");
	if (!t)
		return -1;
	long v = 0;
	int r = parse_long(t, &v);
	char k[64];
	if (r == -1) {
		ld_err(ld, n, "%s: expected an integer, got %s", key,
		       ld_kind(n, k, sizeof k));
		return -1;
	}
	if (r == -2 || v < lo || v > hi) {
		ld_err(ld, n, "%s: %s is out of range (%ld to %ld)", key,
		       ld_kind(n, k, sizeof k), lo, hi);
		return -1;
	}
	*out = v;
	return 0;
}

int ld_int(struct ld *ld, const yaml_node_t *n, const char *key, long lo,
	   long hi, int *out)
{
	long v;
	if (ld_long(ld, n, key, lo, hi, &v) != 0)
		return -1;
	*out = (int)v;
	return 0;
}

int ld_num(struct ld *ld, const yaml_node_t *n, const char *key, double lo,
	   double hi, double *out)
{
	const char *t = ld_text(ld, n, key, "a number");
	if (!t)
		return -1;
	/* [+-]digits[.digits] or [+-].digits: no exponents, no inf/nan. */
	const char *p = t;
	int digits = 0, dots = 0, bad = 0;
	if (*p == '+' || *p == '-')
		p++;
	for (; *p; p++) {
		if (isdigit((unsigned char)*p))
			digits++;
		else if (*p == '.' && dots == 0)
			dots++;
		else
			bad = 1;
	}
	char k[64];
	if (bad || digits == 0) {
		ld_err(ld, n, "%s: expected a number, got %s", key,
		       ld_kind(n, k, sizeof k));
		return -1;
	}
	double v = strtod(t, NULL);
	if (!isfinite(v) || v < lo || v > hi) {
		ld_err(ld, n, "%s: %s is out of range (%g to %g)", key,
		       ld_kind(n, k, sizeof k), lo, hi);
		return -1;
	}
	*out = v;
	return 0;
}

int ld_bool(struct ld *ld, const yaml_node_t *n, const char *key, int *out)
{
	static const char *const yes[] = {"true", "yes", "on"};
	static const char *const no[] = {"false", "no", "off"};
	const char *t = ld_text(ld, n, key, "true or false");
	if (!t)
		return -1;
	for (size_t i = 0; i < 3; i++) {
		if (strcasecmp(t, yes[i]) == 0) {
			*out = 1;
			return 0;
		}
		if (strcasecmp(t, no[i]) == 0) {
			*out = 0;
			return 0;
		}
	}
	char k[64];
	ld_err(ld, n, "%s: expected true or false, got %s", key,
	       ld_kind(n, k, sizeof k));
	return -1;
}

int ld_enum(struct ld *ld, const yaml_node_t *n, const char *key,
	    const char *const *names, int count, int *out)
{
	const char *t = ld_text(ld, n, key, "a name");
	if (!t)
		return -1;
	for (int i = 0; i < count; i++) {
		if (names[i] && strcasecmp(t, names[i]) == 0) {
			*out = i;
			return 0;
		}
	}
	char k[64], list[256] = "";
	size_t o = 0;
	for (int i = 0; i < count; i++) {
		if (!names[i])
			continue;
		int w = snprintf(list + o, sizeof list - o, "%s%s",
				 o ? ", " : "", names[i]);
		if (w < 0 || (size_t)w >= sizeof list - o)
			break;
		o += (size_t)w;
	}
	if (ld_quiet(ld)) {
		ld_err(ld, n, "%s: unknown value", key);
		return -1;
	}
	const char *s = NULL;
	if (strlen(t) < 64)
		s = bs_suggest(t, names, (size_t)count);
	if (s)
		ld_err(ld, n, "%s: unknown value %s (did you mean '%s'?)", key,
		       ld_kind(n, k, sizeof k), s);
	else
		ld_err(ld, n, "%s: unknown value %s (expected one of: %s)", key,
		       ld_kind(n, k, sizeof k), list);
	return -1;
}

int ld_str(struct ld *ld, const yaml_node_t *n, const char *key, char *buf,
	   size_t cap)
{
	const char *t = ld_text(ld, n, key, "a text");
	if (!t)
		return -1;
	size_t len = strlen(t);
	const char *p = t;
	while (*p == ' ' || *p == '\t')
		p++;
	if (*p == '\0') {
		ld_err(ld, n, "%s: must not be empty", key);
		return -1;
	}
	if (len >= cap) {
		/* RULING R-354: limits count the bytes of UTF-8 the text is
		 * kept in, and the message says so */
		char k[256];
		ld_err(ld, n,
		       "%s: %s is too long: %zu bytes of UTF-8 (%zu "
		       "characters), at most %zu bytes",
		       key, ld_kind(n, k, sizeof k), len, bs_text_chars(t),
		       cap - 1);
		return -1;
	}
	memcpy(buf, t, len + 1);
	return 0;
}

int ld_dice(struct ld *ld, const yaml_node_t *n, const char *key,
	    struct bs_dice *out)
{
	const char *t = ld_text(ld, n, key, "dice (like d8, 2d4+1, d4/d4/d12)");
	if (!t)
		return -1;
	char err[200];
	struct bs_dice d;
	if (bs_dice_parse(t, &d, err, sizeof err) != 0) {
		ld_err(ld, n, "%s: %s", key, err);
		return -1;
	}
	*out = d;
	return 0;
}

int ld_damage(struct ld *ld, const yaml_node_t *n, const char *key,
	      struct bs_dice *out)
{
	struct bs_dice d;
	if (ld_dice(ld, n, key, &d) != 0)
		return -1;
	/* RULING R-353: a roll of damage below 0 would heal */
	for (int i = 0; i < d.nparts; i++) {
		int lo = bs_dice_part_min(&d.part[i]);
		if (lo >= 0)
			continue;
		char k[64], part[48] = "";
		if (d.nparts > 1) {
			struct bs_dice one = {1, {d.part[i]}};
			char t[32];
			snprintf(part, sizeof part, " (attack %d, %s)", i + 1,
				 bs_dice_format(&one, t, sizeof t));
		}
		ld_err(ld, n,
		       "%s: %s can roll %d%s; a damage roll is never below 0",
		       key, ld_kind(n, k, sizeof k), lo, part);
		return -1;
	}
	*out = d;
	return 0;
}

int ld_list(struct ld *ld, const yaml_node_t *n, const char *key, int max,
	    const char *what)
{
	if (!n || ld_is_null(n))
		return 0;
	if (n->type != YAML_SEQUENCE_NODE) {
		char k[64];
		ld_err(ld, n, "%s: expected a list, got %s", key,
		       ld_kind(n, k, sizeof k));
		return -1;
	}
	long len = n->data.sequence.items.top - n->data.sequence.items.start;
	if (!visit(ld, n, len))
		return -1;
	if (len > max) {
		ld_err(ld, n, "%s: too many %s (%ld); at most %d", key, what,
		       len, max);
		return max;
	}
	return (int)len;
}

yaml_node_t *ld_item(struct ld *ld, const yaml_node_t *n, int i)
{
	return ld_node(ld, n->data.sequence.items.start[i]);
}

const char *ld_suggest(struct ld *ld, const char *word,
		       const char *const *names, size_t n,
		       const struct bs_synonym *syn, char *buf, size_t len)
{
	buf[0] = '\0';
	if (ld_quiet(ld) || strlen(word) >= BS_NAME_MAX)
		return buf;
	const char *out[BS_SUGGEST_MAX];
	size_t total =
	    bs_suggest_names(word, names, n, syn, out, BS_SUGGEST_MAX);
	return bs_suggest_format(
	    out, total < BS_SUGGEST_MAX ? total : BS_SUGGEST_MAX, total, buf,
	    len);
}
