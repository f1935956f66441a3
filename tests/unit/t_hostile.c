/* Tests of the loader against hostile input (issue 12 items 19, 20, 22):
 * depth and node limits at the first event past them, encodings and the
 * columns of reader errors, catalog names through their hash index with
 * a quick "did you mean", control characters in every name-like field,
 * dice that could roll a negative number. No rule sections (the format;
 * RULING R-350..R-353). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/diag.h"
#include "battlesim/scenario.h"

/* A load: status, scenario, messages as one text ("L:C: msg\n" each). */
struct load {
	enum bs_status st;
	struct bs_scenario *s;
	struct bs_diags d;
	char text[16384];
};

static struct load *load_len(const char *yaml, size_t len)
{
	struct load *l = calloc(1, sizeof *l);
	cr_assert_not_null(l);
	bs_diags_init(&l->d);
	l->st = bs_scenario_load_string(yaml, len, "h.yaml", &l->s, &l->d);
	size_t o = 0;
	for (size_t i = 0; i < l->d.count && o + 700 < sizeof l->text; i++)
		o += (size_t)snprintf(l->text + o, sizeof l->text - o,
				      "%d:%d: %s\n", l->d.items[i].line,
				      l->d.items[i].col, l->d.items[i].msg);
	return l;
}

static struct load *load_str(const char *yaml)
{
	return load_len(yaml, strlen(yaml));
}

static void unload(struct load *l)
{
	bs_scenario_free(l->s);
	bs_diags_release(&l->d);
	free(l);
}

/* The load failed with a message holding "L:C: text". */
static void fails_with(const char *yaml, size_t len, const char *want)
{
	struct load *l = load_len(yaml, len);
	cr_expect_eq(l->st, BS_ERR_INPUT, "status %d", l->st);
	cr_expect(strstr(l->text, want) != NULL, "want \"%s\"; got:\n%s", want,
		  l->text);
	unload(l);
}

/* ---- item 19: depth, nodes, encodings ------------------------------------ */

/* "name: t\nsides: " then `depth` nested lists. */
static char *nested(int depth)
{
	char *b = malloc((size_t)depth * 2 + 32);
	cr_assert_not_null(b);
	int o = sprintf(b, "name: t\nsides: ");
	for (int i = 0; i < depth; i++)
		b[o++] = '[';
	for (int i = 0; i < depth; i++)
		b[o++] = ']';
	b[o++] = '\n';
	b[o] = '\0';
	return b;
}

Test(hostile, s19_depth_64_reads_65_stops)
{
	/* the top mapping is level 1: 63 lists reach 64 levels */
	char *b = nested(63);
	struct load *l = load_str(b);
	cr_expect_null(strstr(l->text, "nested too deeply"), "%s", l->text);
	unload(l);
	free(b);
	b = nested(64);
	fails_with(b, strlen(b),
		   "2:71: the document is nested too deeply (more than 64 "
		   "levels of lists and mappings)");
	free(b);
	/* 100,000 deep: the same error, at the first level past 64 */
	b = nested(100000);
	fails_with(b, strlen(b), "2:71: the document is nested too deeply");
	free(b);
}

Test(hostile, s19_block_nesting)
{
	char *b = malloc(200000);
	cr_assert_not_null(b);
	int o = sprintf(b, "name: t\nsides:\n");
	for (int i = 1; i < 200; i++)
		o += sprintf(b + o, "%*sk:\n", i, "");
	fails_with(b, (size_t)o, "66:65: the document is nested too deeply");
	free(b);
}

Test(hostile, s19_node_limit)
{
	size_t n = 1000001, cap = n * 3 + 64;
	char *b = malloc(cap);
	cr_assert_not_null(b);
	size_t o = (size_t)sprintf(b, "name: t\nsides: [");
	for (size_t i = 0; i < n; i++) {
		memcpy(b + o, "1,", 2);
		o += 2;
	}
	b[o++] = ']';
	/* the 1,000,001st node is the 999,996th item (the top mapping, its
	 * two keys, the name and the list come first) */
	fails_with(b, o,
		   "2:1999999: the document is too large (more than 1000000 "
		   "values, lists, mappings and aliases)");
	free(b);
}

Test(hostile, s19_anchors_and_aliases)
{
	const char dup[] = "a: &x 1\nb: &x 2\n";
	fails_with(dup, sizeof dup - 1,
		   "2:4: YAML syntax error: found duplicate anchor '&x' "
		   "(first at line 1)");
	const char undef[] = "a: *nowhere\n";
	fails_with(undef, sizeof undef - 1,
		   "1:4: YAML syntax error: found undefined alias '*nowhere'");
	/* an alias is its anchor's node: a side written once, used twice
	 * (names must differ, so the second use is the duplicate) */
	const char twice[] = "name: t\n"
			     "sides:\n"
			     "  - &s {name: a, edge: north}\n"
			     "  - *s\n";
	struct load *l = load_str(twice);
	cr_expect_eq(l->st, BS_ERR_INPUT);
	cr_expect(strstr(l->text, "3:15: name: duplicate side name 'a'") !=
		      NULL,
		  "%s", l->text);
	unload(l);
}

Test(hostile, s19_second_document)
{
	const char two[] = "name: t\n---\nname: u\n";
	fails_with(two, sizeof two - 1,
		   "2:1: more than one YAML document ('---') in the file");
}

/* text as UTF-16 (le: little-endian) with a byte order mark */
static size_t utf16(const char *text, int le, char *out)
{
	size_t o = 0;
	out[o++] = le ? '\xff' : '\xfe';
	out[o++] = le ? '\xfe' : '\xff';
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		unsigned cp = *p;
		if (*p >= 0xC0) { /* two-byte sequences only, in these tests */
			cp = (unsigned)(p[0] & 0x1F) << 6 | (p[1] & 0x3F);
			p++;
		}
		out[o++] = (char)(le ? cp & 0xFF : cp >> 8);
		out[o++] = (char)(le ? cp >> 8 : cp & 0xFF);
	}
	return o;
}

Test(hostile, s26_utf16_columns_are_characters)
{
	/* a reader error (a control character) in line 2 after an
	 * accented letter: column 7 in UTF-8 and in both UTF-16s */
	const char *text = "name: t\nsi\xc3\xa9s: \x01x\n";
	fails_with(text, strlen(text),
		   "2:7: invalid input: control characters are not allowed");
	char b[128];
	size_t n = utf16(text, 1, b);
	fails_with(b, n, "2:7: invalid input: control characters");
	n = utf16(text, 0, b);
	fails_with(b, n, "2:7: invalid input: control characters");
	/* a byte order mark is not a column; CR LF is one line break */
	const char bom[] = "\xef\xbb\xbfname: \x01\r\nsides: []\n";
	fails_with(bom, sizeof bom - 1, "1:7: invalid input");
	const char crlf[] = "name: t\r\nsides: \x01\r\n";
	fails_with(crlf, sizeof crlf - 1, "2:8: invalid input");
	/* the scanner's own positions in UTF-16 */
	const char *typo = "name: t\nsides: [{name: \xc3\xa9, edge: nrth}]\n";
	n = utf16(typo, 1, b);
	fails_with(b, n, "2:25: edge: unknown value 'nrth'");
}

Test(hostile, s26_utf32_and_utf16_without_bom)
{
	const char u32le[] = "\xff\xfe\0\0n\0\0\0";
	fails_with(u32le, sizeof u32le - 1,
		   "0:0: the file looks like UTF-32 text (little-endian, "
		   "with a byte order mark); battlesim reads UTF-8, or UTF-16 "
		   "with a byte order mark: convert it (for example iconv -f "
		   "UTF-32 -t UTF-8)");
	const char u32be[] = "\0\0\xfe\xff\0\0\0n";
	fails_with(u32be, sizeof u32be - 1, "UTF-32 text (big-endian, with");
	const char u32[] = "n\0\0\0a\0\0\0";
	fails_with(u32, sizeof u32 - 1, "UTF-32 text (little-endian);");
	const char u16le[] = "n\0a\0m\0e\0";
	fails_with(u16le, sizeof u16le - 1,
		   "UTF-16 text (little-endian) without a byte order mark; "
		   "battlesim reads UTF-8, or UTF-16 with a byte order mark: "
		   "convert it (for example iconv -f UTF-16LE -t UTF-8)");
	const char u16be[] = "\0n\0a\0m\0e";
	fails_with(u16be, sizeof u16be - 1,
		   "UTF-16 text (big-endian) without a byte order mark");
}

/* ---- item 19: catalog names through the index ---------------------------- */

/* A scenario with k weapons, armor and creatures each, their names 57
 * letters of a shared prefix then the number; `extra` goes at the end of
 * the creatures (an entry), `units` is side a's units list. */
static char *big_catalog(int k, const char *extra, const char *units)
{
	size_t cap = (size_t)k * 3 * 128 + 4096;
	char *b = malloc(cap);
	cr_assert_not_null(b);
	char pre[58];
	memset(pre, 'x', 57);
	pre[57] = '\0';
	size_t o = (size_t)sprintf(b, "name: big\ncatalog:\n  weapons:\n");
	for (int i = 0; i < k; i++)
		o += (size_t)sprintf(
		    b + o, "    - {name: %s%04dw, damage: d6}\n", pre, i);
	o += (size_t)sprintf(b + o, "  armor:\n");
	for (int i = 0; i < k; i++)
		o += (size_t)sprintf(b + o, "    - {name: %s%04da, ac: 5}\n",
				     pre, i);
	o += (size_t)sprintf(b + o, "  creatures:\n");
	for (int i = 0; i < k; i++)
		o += (size_t)sprintf(b + o,
				     "    - {name: %s%04dc, hd: 1, ac: 5, mv: "
				     "12, size: M}\n",
				     pre, i);
	o += (size_t)sprintf(b + o, "%s", extra);
	o += (size_t)sprintf(b + o,
			     "sides:\n  - {name: a, edge: south, units: %s}\n"
			     "  - {name: b, edge: north}\n",
			     units);
	cr_assert_lt(o, cap);
	return b;
}

Test(hostile, s19_catalog_of_3x4096_names)
{
	/* the last creature and armor and the first weapon, written with
	 * other case and separators */
	char x[58], units[512];
	memset(x, 'X', 57);
	x[57] = '\0';
	snprintf(units, sizeof units,
		 "[{name: u, creature: %.1s-%s_4095C, figures: 10, position: "
		 "[10, 5], armor: [%s 4095a], weapons: [%s0000W]}]",
		 x, x + 1, x, x);
	char *b = big_catalog(4096, "", units);
	struct load *l = load_str(b);
	cr_assert_eq(l->st, BS_OK, "%s", l->text);
	const struct bs_unit *u = &l->s->sides[0].units[0];
	cr_expect_eq(u->creature, &l->s->creatures[l->s->ncreatures - 1]);
	cr_expect_str_eq(
	    u->weapons[0].weapon->name,
	    "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
	    "0000w");
	/* every entry is found through the index, built-in ones too */
	for (int i = 0; i < l->s->nweapons; i++)
		cr_assert_eq(bs_scenario_weapon(l->s, l->s->weapons[i].name),
			     &l->s->weapons[i]);
	for (int i = 0; i < l->s->ncreatures; i++)
		cr_assert_eq(
		    bs_scenario_creature(l->s, l->s->creatures[i].name),
		    &l->s->creatures[i]);
	for (int i = 0; i < l->s->narmor; i++)
		cr_assert_eq(bs_scenario_armor(l->s, l->s->armor[i].name),
			     &l->s->armor[i]);
	cr_expect_not_null(bs_scenario_weapon(l->s, "Long-Sword"));
	cr_expect_null(bs_scenario_weapon(l->s, "long swords"));
	unload(l);
	free(b);
}

Test(hostile, s19_catalog_duplicates_and_replacements)
{
	/* a duplicate of the scenario's own entry is an error at it; a
	 * scenario entry named as a built-in one replaces it */
	char *b = big_catalog(
	    300,
	    "    - {name: "
	    "XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"
	    "0007C, hd: 2, ac: 5, mv: 12, size: M}\n"
	    "    - {name: Orc, hd: 3, ac: 4, mv: 9, size: M}\n",
	    "[{name: u, creature: orc, figures: 10, position: [10, 5]}]");
	struct load *l = load_str(b);
	cr_expect_eq(l->st, BS_ERR_INPUT);
	cr_expect(strstr(l->text, "906:7: duplicate creature 'XXXX") != NULL,
		  "%s", l->text);
	cr_expect_eq(l->d.count, 1, "%s", l->text);
	unload(l);
	free(b);
	b = big_catalog(
	    300, "    - {name: Orc, hd: 3, ac: 4, mv: 9, size: M}\n",
	    "[{name: u, creature: orc, figures: 10, position: [10, 5]}]");
	l = load_str(b);
	cr_assert_eq(l->st, BS_OK, "%s", l->text);
	const struct bs_creature *orc = bs_scenario_creature(l->s, "orc");
	cr_assert_not_null(orc);
	cr_expect_eq(orc->hd.tenths, 30);
	cr_expect_eq(l->s->sides[0].units[0].creature, orc);
	unload(l);
	free(b);
}

Test(hostile, s19_name_index_collisions)
{
	/* four slots for three names: every probe sequence wraps */
	struct {
		char name[64];
	} e[3] = {{"plate mail"}, {"Plate-Mail "}, {"chain mail"}};
	int slot[4] = {0};
	struct bs_name_index ix = {slot, 3};
	cr_expect_eq(bs_name_hash("plate mail"), bs_name_hash("PLATE_MAIL"));
	bs_name_index_put(&ix, e[0].name, 0);
	bs_name_index_put(&ix, e[2].name, 2);
	cr_expect_eq(bs_name_index_find(&ix, e, sizeof e[0], 3, "platemail"),
		     0);
	cr_expect_eq(bs_name_index_find(&ix, e, sizeof e[0], 3, "Chain Mail"),
		     2);
	cr_expect_eq(bs_name_index_find(&ix, e, sizeof e[0], 3, "ring mail"),
		     -1);
	/* without slots: the list is walked, first match */
	cr_expect_eq(bs_name_index_find(NULL, e, sizeof e[0], 3, "plate mail"),
		     0);
	struct bs_name_index none = {NULL, 0};
	cr_expect_eq(bs_name_index_find(&none, e, sizeof e[0], 3, "chainmail"),
		     2);
}

/* The reference: the optimal string alignment distance, the whole table. */
static size_t osa(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), d[65][65];
	for (size_t i = 0; i <= la; i++)
		d[i][0] = i;
	for (size_t j = 0; j <= lb; j++)
		d[0][j] = j;
	for (size_t i = 1; i <= la; i++)
		for (size_t j = 1; j <= lb; j++) {
			size_t best = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
			if (d[i - 1][j] + 1 < best)
				best = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < best)
				best = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < best)
				best = d[i - 2][j - 2] + 1;
			d[i][j] = best;
		}
	return d[la][lb];
}

Test(hostile, s19_did_you_mean_is_the_full_distance)
{
	/* bs_suggest (banded, prefix skipped, cut off past the limit) picks
	 * what the whole-table distance picks, on random words over a small
	 * alphabet with shared prefixes */
	unsigned x = 12345;
	char store[200][24];
	const char *cand[200];
	for (int round = 0; round < 300; round++) {
		int n = 1 + round % 200;
		for (int i = 0; i < n; i++) {
			int len =
			    1 +
			    (int)((x = x * 1103515245u + 12345u) >> 16) % 20;
			int pre = (int)(x >> 8) % 3 == 0 ? len / 2 : 0;
			for (int k = 0; k < len; k++)
				store[i][k] =
				    k < pre
					? 'a'
					: (char)('a' +
						 (int)((x = x * 1103515245u +
							    12345u) >>
						       16) %
						     4);
			store[i][len] = '\0';
			cand[i] = store[i];
		}
		char word[24];
		int wl = 1 + (int)((x = x * 1103515245u + 12345u) >> 16) % 20;
		for (int k = 0; k < wl; k++)
			word[k] =
			    (char)('a' +
				   (int)((x = x * 1103515245u + 12345u) >> 16) %
				       4);
		word[wl] = '\0';
		size_t limit = (size_t)wl / 3 < 1   ? 1
			       : (size_t)wl / 3 > 3 ? 3
						    : (size_t)wl / 3;
		const char *want = NULL;
		size_t best = limit + 1;
		for (int i = 0; i < n; i++) {
			size_t dd = osa(word, cand[i]);
			if (dd < best) {
				best = dd;
				want = cand[i];
			}
		}
		const char *got = bs_suggest(word, cand, (size_t)n);
		cr_assert_eq(got, want, "word %s: got %s, want %s", word,
			     got ? got : "(none)", want ? want : "(none)");
	}
}

/* ---- item 27: "did you mean" with synonyms, words and prefixes ---------- */

static const char *const weapons[] = {
    "short sword", "long sword",   "light lance",    "medium lance",
    "heavy lance", "halberd",	   "spear",	     "plate mail",
    "chain mail",  "quarterstaff", "light warhorse", "heavy warhorse",
};
#define NW (sizeof weapons / sizeof weapons[0])

/* The suggestions for word as one text. */
static const char *suggest(const char *word, const struct bs_synonym *syn)
{
	static char buf[400];
	const char *out[BS_SUGGEST_MAX];
	size_t total =
	    bs_suggest_names(word, weapons, NW, syn, out, BS_SUGGEST_MAX);
	return bs_suggest_format(
	    out, total < BS_SUGGEST_MAX ? total : BS_SUGGEST_MAX, total, buf,
	    sizeof buf);
}

Test(names, s27_words_prefixes_typos)
{
	cr_expect_str_eq(suggest("plate", NULL),
			 " (did you mean 'plate mail'?)");
	cr_expect_str_eq(suggest("Lance", NULL),
			 " (did you mean 'light lance', 'medium lance' or "
			 "'heavy lance'?)");
	cr_expect_str_eq(suggest("lances", NULL),
			 " (did you mean 'light lance', 'medium lance' or "
			 "'heavy lance'?)");
	cr_expect_str_eq(suggest("warhorse", NULL),
			 " (did you mean 'light warhorse' or 'heavy "
			 "warhorse'?)");
	/* the likely typo first, then the names holding the word */
	cr_expect_str_eq(suggest("swords", NULL),
			 " (did you mean 'short sword' or 'long sword'?)");
	cr_expect_str_eq(suggest("longsowrd", NULL),
			 " (did you mean 'long sword'?)");
	cr_expect_str_eq(suggest("spaer", NULL), " (did you mean 'spear'?)");
	/* every word of a phrase must be there */
	cr_expect_str_eq(suggest("heavy-lance", NULL),
			 " (did you mean 'heavy lance'?)");
	cr_expect_str_eq(suggest("heavy sword", NULL), "");
	/* a prefix of 3 letters or more, of the name or one of its words */
	cr_expect_str_eq(suggest("halb", NULL), " (did you mean 'halberd'?)");
	cr_expect_str_eq(suggest("quarter", NULL),
			 " (did you mean 'quarterstaff'?)");
	cr_expect_str_eq(suggest("war", NULL),
			 " (did you mean 'light warhorse' or 'heavy "
			 "warhorse'?)");
	cr_expect_str_eq(suggest("ha", NULL), "");
	cr_expect_str_eq(suggest("catapult", NULL), "");
}

Test(names, s27_synonyms_only_suggest)
{
	static const struct bs_synonym syn[] = {
	    {"staff", "quarterstaff"},
	    {"horse", "warhorse"},
	    {"plate armour", "plate mail"},
	    {NULL, NULL},
	};
	cr_expect_str_eq(suggest("staff", syn),
			 " (did you mean 'quarterstaff'?)");
	cr_expect_str_eq(suggest("Plate-Armour", syn),
			 " (did you mean 'plate mail'?)");
	/* a synonym's meaning is itself looked for as words */
	cr_expect_str_eq(suggest("horse", syn),
			 " (did you mean 'light warhorse' or 'heavy "
			 "warhorse'?)");
	/* without the table, no answer for a word the names do not hold */
	cr_expect_str_eq(suggest("staff", NULL), "");
}

Test(names, s27_format_lists_at_most_six)
{
	const char *n[] = {"a", "b", "c", "d", "e", "f"};
	char buf[200];
	cr_expect_str_eq(bs_suggest_format(n, 0, 0, buf, sizeof buf), "");
	cr_expect_str_eq(bs_suggest_format(n, 1, 1, buf, sizeof buf),
			 " (did you mean 'a'?)");
	cr_expect_str_eq(bs_suggest_format(n, 2, 2, buf, sizeof buf),
			 " (did you mean 'a' or 'b'?)");
	cr_expect_str_eq(bs_suggest_format(n, 6, 6, buf, sizeof buf),
			 " (did you mean 'a', 'b', 'c', 'd', 'e' or 'f'?)");
	cr_expect_str_eq(bs_suggest_format(n, 6, 9, buf, sizeof buf),
			 " (did you mean one of 'a', 'b', 'c', 'd', 'e', 'f' "
			 "and 3 more?)");
	/* a short buffer is cut, never overrun */
	char small[16];
	bs_suggest_format(n, 6, 9, small, sizeof small);
	cr_expect_eq(strlen(small), 15);
}

/* ---- item 20: what a text may hold ----------------------------------------
 */

#include "core/text.h"

/* The fault of the bytes s, and where. */
static enum bs_text_fault fault(const char *s, size_t len, unsigned long *cp,
				size_t *at)
{
	return bs_text_fault((const unsigned char *)s, len, cp, at);
}

Test(hostile, s20_text_faults)
{
	unsigned long cp = 0;
	size_t at = 0;
	cr_expect_eq(fault("Sir Hugh \xc3\xa9 \xe4\xb8\xad \xf0\x9f\x98\x80",
			   20, &cp, &at),
		     BS_TEXT_OK);
	cr_expect_eq(fault("a\x1b[31m", 6, &cp, &at), BS_TEXT_CONTROL);
	cr_expect_eq(cp, 0x1b);
	cr_expect_eq(at, 2);
	cr_expect_eq(fault("\xc3\xa9\xc2\x9b", 4, &cp, &at), BS_TEXT_CONTROL);
	cr_expect_eq(cp, 0x9b);
	cr_expect_eq(at, 2);
	cr_expect_eq(fault("a\0b", 3, &cp, &at), BS_TEXT_NUL);
	cr_expect_eq(fault("\x7f", 1, &cp, &at), BS_TEXT_CONTROL);
	cr_expect_eq(fault("\xe2\x80\xa9", 3, &cp, &at), BS_TEXT_SEPARATOR);
	cr_expect_eq(fault("\xe2\x80\xae", 3, &cp, &at), BS_TEXT_BIDI);
	cr_expect_eq(fault("\xd8\x9c", 2, &cp, &at), BS_TEXT_BIDI);
	cr_expect_eq(fault("\xef\xbb\xbf", 3, &cp, &at), BS_TEXT_INVISIBLE);
	/* a zero width joiner (emoji, Indic scripts) is printable */
	cr_expect_eq(fault("a\xe2\x80\x8d", 4, &cp, &at), BS_TEXT_OK);
	/* bytes that are not UTF-8: stray, cut, overlong, surrogate, past
	 * U+10FFFF */
	static const char *const bad[] = {
	    "\x80",	    "\xe2\x82",		"\xc0\x80",
	    "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80",
	    "\xfe"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		cr_expect_eq(fault(bad[i], strlen(bad[i]), &cp, &at),
			     BS_TEXT_BAD_UTF8, "case %zu", i);
		cr_expect_eq(cp, (unsigned char)bad[i][0]);
	}
	cr_expect_eq(bs_text_chars("\xc3\xa9t\xc3\xa9"), 3);
}

Test(hostile, s20_messages_quote_printable_text_only)
{
	/* an unknown value is quoted as written when printable, with '?'
	 * for what is not: accents stay, nothing raw goes out */
	const char y[] =
	    "name: t\nsides: [{name: a, edge: \"\xc3\xa9t\xc3\xa9\"}, "
	    "{name: b, edge: south}]\n";
	fails_with(
	    y, sizeof y - 1,
	    "2:25: edge: unknown value '\xc3\xa9t\xc3\xa9' (expected one "
	    "of: south, north, west, east)");
	const char k[] = "name: t\n\"k\\e[1m\": 1\nsides: []\n";
	fails_with(k, sizeof k - 1, "2:1: unknown key 'k?[1m' in scenario");
}
