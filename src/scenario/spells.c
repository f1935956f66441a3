/* The magic of the catalog (battlesim/spell.h): a catalog file's or a
 * scenario's `spells:` list (spells, wands, staves, rods, breath weapons)
 * with their figures of [14.2] and [14.3] and damage of [14.5 A]; the
 * `breath:` of a creature [13.7]; an individual's `spells:` memorized,
 * checked against his spells per day (PH class tables, Wisdom), or the
 * default choice (RULING R-562). docs/SCENARIO-FORMAT.md "Spells". */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "battlesim/bs1e_tables.h"
#include "battlesim/spell.h"
#include "scenario/loader.h"

_Static_assert((int)BS_SPCLASS__COUNT == (int)BS1E_LIST__COUNT &&
		   (int)BS_SPCLASS_MAGIC_USER == (int)BS1E_LIST_MAGIC_USER &&
		   (int)BS_SPCLASS_ILLUSIONIST == (int)BS1E_LIST_ILLUSIONIST &&
		   (int)BS_SPCLASS_DRUID == (int)BS1E_LIST_DRUID,
	       "the spell lists of the model and of the tables agree");

/* ---- the grammars of the figures ------------------------------------------
 */

static const char *skip(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* A number at *p: digits, with one decimal when `tenths` (then the value
 * is in tenths). Returns 0 and advances, or -1. */
static int number(const char **p, int tenths, int *out)
{
	const char *q = *p;
	long v = 0;
	int d = 0;
	while (isdigit((unsigned char)*q) && d < 6) {
		v = v * 10 + (*q++ - '0');
		d++;
	}
	if (d == 0 || d == 6)
		return -1;
	int frac = 0;
	if (*q == '.') {
		if (!tenths || !isdigit((unsigned char)q[1]) ||
		    isdigit((unsigned char)q[2]))
			return -1;
		frac = q[1] - '0';
		q += 2;
	}
	*out = (int)(tenths ? v * 10 + frac : v);
	*p = q;
	return 0;
}

/* 1 when the text at *p starts with word w (then *p moves past it). */
static int word(const char **p, const char *w)
{
	size_t n = strlen(w);
	if (strncasecmp(*p, w, n) != 0 || isalpha((unsigned char)(*p)[n]))
		return 0;
	*p += n;
	return 1;
}

/* A figure that grows with the level (battlesim/spell.h struct
 * bs_level_qty), as written: "10", "0.5/level", "10 + 1/level", "1 + 1/2
 * levels from 1", "1/level max 10". Returns 0, or -1. */
static int parse_qty(const char *t, int tenths, struct bs_level_qty *q)
{
	memset(q, 0, sizeof *q);
	q->every = 1;
	const char *p = skip(t);
	int have_base = 0, have_per = 0;
	for (;;) {
		int v;
		if (number(&p, tenths, &v) != 0)
			return -1;
		p = skip(p);
		if (*p == '/') {
			if (have_per)
				return -1;
			p = skip(p + 1);
			int every = 1;
			if (isdigit((unsigned char)*p)) {
				if (number(&p, 0, &every) != 0 || every < 1)
					return -1;
				p = skip(p);
				if (!word(&p, "levels"))
					return -1;
			} else if (!word(&p, "level")) {
				return -1;
			}
			p = skip(p);
			int from = 0;
			if (word(&p, "from")) {
				p = skip(p);
				if (number(&p, 0, &from) != 0)
					return -1;
				p = skip(p);
			}
			q->per = v;
			q->every = every;
			q->from = from;
			have_per = 1;
		} else {
			if (have_base)
				return -1;
			q->base = v;
			have_base = 1;
		}
		if (*p != '+')
			break;
		p = skip(p + 1);
	}
	if (word(&p, "max")) {
		p = skip(p);
		if (number(&p, tenths, &q->max) != 0 || q->max < 1)
			return -1;
		p = skip(p);
	}
	return *p == '\0' ? 0 : -1;
}

#define QTY_HELP                                                               \
	"a figure like 6, 10 + 1/level, 0.5/level or 1 + 1/2 levels from 1"

static int ld_qty(struct ld *ld, const yaml_node_t *n, const char *key,
		  int tenths, struct bs_level_qty *q)
{
	const char *t = ld_text(ld, n, key, QTY_HELP);
	if (!t)
		return -1;
	if (parse_qty(t, tenths, q) == 0)
		return 0;
	char buf[64];
	ld_err(ld, n, "%s: expected %s%s, got %s", key, QTY_HELP,
	       tenths ? " (inches, one decimal)" : "",
	       ld_kind(n, buf, sizeof buf));
	return -1;
}

/* One dice part: "d6", "2d8", "d4+1", "1". */
static int one_part(const char *t, size_t len, struct bs_dice_part *out)
{
	char buf[64];
	if (len == 0 || len >= sizeof buf)
		return -1;
	memcpy(buf, t, len);
	buf[len] = '\0';
	struct bs_dice d;
	if (bs_dice_parse(buf, &d, NULL, 0) != 0 || d.nparts != 1)
		return -1;
	*out = d.part[0];
	return 0;
}

static const char *time_units[BS_TIME__COUNT][2] = {
    [BS_TIME_SEGMENT] = {"segment", "segments"},
    [BS_TIME_ROUND] = {"round", "rounds"},
    [BS_TIME_TURN] = {"turn", "turns"},
    [BS_TIME_HOUR] = {"hour", "hours"},
    [BS_TIME_DAY] = {"day", "days"},
};

/* The unit word that ends text t (of length *len, shortened to what
 * precedes it), or -1. */
static int trailing_unit(const char *t, size_t *len)
{
	size_t n = *len;
	while (n > 0 && t[n - 1] == ' ')
		n--;
	for (int u = 0; u < BS_TIME__COUNT; u++)
		for (int k = 0; k < 2; k++) {
			size_t w = strlen(time_units[u][k]);
			if (n > w && t[n - w - 1] == ' ' &&
			    strncasecmp(t + n - w, time_units[u][k], w) == 0) {
				*len = n - w - 1;
				return u;
			}
		}
	return -1;
}

/* ---- the record ---------------------------------------------------------- */

enum {
	SK_NAME,
	SK_KIND,
	SK_CLASS,
	SK_LEVEL,
	SK_GAME,
	SK_CATEGORY,
	SK_EFFECT,
	SK_ELEMENT,
	SK_RANGE,
	SK_CAST,
	SK_ONSET,
	SK_DURATION,
	SK_AREA,
	SK_TARGETS,
	SK_CREATURES,
	SK_MAX_HD,
	SK_SAVE,
	SK_MENTAL,
	SK_DAMAGE,
	SK_AS,
	SK_ITEM_LEVEL,
	SK_CHARGES,
	SK_XP,
	SK_PER_DAY,
	SK_FRIENDS,
	SK_ENEMIES,
	SK_NOTE,
	SK__N
};
static const char *const spell_keys[SK__N] = {
    [SK_NAME] = "name",
    [SK_KIND] = "kind",
    [SK_CLASS] = "class",
    [SK_LEVEL] = "level",
    [SK_GAME] = "game",
    [SK_CATEGORY] = "category",
    [SK_EFFECT] = "effect",
    [SK_ELEMENT] = "element",
    [SK_RANGE] = "range",
    [SK_CAST] = "casting_time",
    [SK_ONSET] = "onset",
    [SK_DURATION] = "duration",
    [SK_AREA] = "area",
    [SK_TARGETS] = "targets",
    [SK_CREATURES] = "creatures",
    [SK_MAX_HD] = "max_hd",
    [SK_SAVE] = "save",
    [SK_MENTAL] = "mental",
    [SK_DAMAGE] = "damage",
    [SK_AS] = "as",
    [SK_ITEM_LEVEL] = "item_level",
    [SK_CHARGES] = "charges",
    [SK_XP] = "xp",
    [SK_PER_DAY] = "per_day",
    [SK_FRIENDS] = "friends",
    [SK_ENEMIES] = "enemies",
    [SK_NOTE] = "note",
};

static void parse_range(struct ld *ld, const yaml_node_t *n,
			struct bs_spell *sp)
{
	const char *t = ld_text(ld, n, "range", "a range like 10 + 1/level");
	if (!t)
		return;
	sp->known |= BS_SPK_RANGE;
	if (strcasecmp(t, "touch") == 0) {
		sp->range_kind = BS_RANGE_TOUCH;
		return;
	}
	if (strcasecmp(t, "self") == 0 || strcmp(t, "0") == 0) {
		sp->range_kind = BS_RANGE_SELF;
		return;
	}
	if (strcasecmp(t, "special") == 0) {
		sp->range_kind = BS_RANGE_SPECIAL;
		return;
	}
	sp->range_kind = BS_RANGE_DISTANCE;
	if (parse_qty(t, 1, &sp->range) != 0) {
		char buf[64];
		ld_err(ld, n,
		       "range: expected touch, self (or 0), special or inches "
		       "like 6, 10 + 1/level or 0.5/level, got %s",
		       ld_kind(n, buf, sizeof buf));
		sp->known &= ~(unsigned)BS_SPK_RANGE;
	}
}

/* "3 segments", "1 round", "1 turn", "special". */
static void parse_time(struct ld *ld, const yaml_node_t *n, const char *key,
		       int *amount, enum bs_time_unit *unit)
{
	const char *t =
	    ld_text(ld, n, key, "a time like 3 segments or 1 round");
	if (!t)
		return;
	if (strcasecmp(t, "special") == 0) {
		*amount = 0;
		*unit = BS_TIME_SEGMENT;
		return;
	}
	size_t len = strlen(t);
	int u = trailing_unit(t, &len);
	const char *p = t;
	int v;
	if (u < 0 || number(&p, 0, &v) != 0 || (size_t)(p - t) != len ||
	    v < 1 || v > 1000) {
		char buf[64];
		ld_err(ld, n,
		       "%s: expected a time like 3 segments, 1 round or 1 turn "
		       "(1 to 1000), or special, got %s",
		       key, ld_kind(n, buf, sizeof buf));
		return;
	}
	*amount = v;
	*unit = (enum bs_time_unit)u;
}

static void parse_duration(struct ld *ld, const yaml_node_t *n,
			   struct bs_spell *sp)
{
	const char *t = ld_text(ld, n, "duration", "a duration like 6 rounds");
	if (!t)
		return;
	static const struct {
		const char *word;
		enum bs_duration_kind kind;
	} words[] = {
	    {"instantaneous", BS_DUR_INSTANT},
	    {"permanent", BS_DUR_PERMANENT},
	    {"concentration", BS_DUR_CONCENTRATION},
	    {"special", BS_DUR_SPECIAL},
	};
	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
		if (strcasecmp(t, words[i].word) == 0) {
			sp->dur_kind = words[i].kind;
			sp->known |= BS_SPK_DURATION;
			return;
		}
	size_t len = strlen(t);
	int u = trailing_unit(t, &len);
	char amount[96];
	int ok = u >= 0 && len > 0 && len < sizeof amount;
	if (ok) {
		memcpy(amount, t, len);
		amount[len] = '\0';
		sp->dur_kind = BS_DUR_TIMED;
		sp->dur_unit = (enum bs_time_unit)u;
		if (strchr(amount, 'd') || strchr(amount, 'D'))
			ok = one_part(amount, len, &sp->dur_dice) == 0 &&
			     sp->dur_dice.sides > 0;
		else
			ok = parse_qty(amount, 0, &sp->dur) == 0;
	}
	if (!ok) {
		char buf[64];
		ld_err(ld, n,
		       "duration: expected instantaneous, permanent, "
		       "concentration, special, or an amount and a unit like "
		       "6 rounds, 1/level rounds, 3 + 1/level rounds, 2d4 "
		       "rounds or 1/level turns, got %s",
		       ld_kind(n, buf, sizeof buf));
		return;
	}
	sp->known |= BS_SPK_DURATION;
}

enum { AK_SHAPE, AK_RADIUS, AK_DIAMETER, AK_LENGTH, AK_WIDTH, AK_SIDE, AK__N };
static const char *const area_keys[AK__N] = {
    [AK_SHAPE] = "shape",   [AK_RADIUS] = "radius", [AK_DIAMETER] = "diameter",
    [AK_LENGTH] = "length", [AK_WIDTH] = "width",   [AK_SIDE] = "side",
};

static void parse_area(struct ld *ld, const yaml_node_t *n, struct bs_spell *sp)
{
	yaml_node_t *v[AK__N];
	if (ld_collect(ld, n, "area", area_keys, AK__N, v) != 0)
		return;
	int shape = BS_AREA_NONE;
	if (ld_require(ld, n, "area", "shape", v[AK_SHAPE]) != 0 ||
	    ld_enum(ld, v[AK_SHAPE], "shape", bs_area_shape_name,
		    BS_AREA__COUNT, &shape) != 0)
		return;
	sp->area = (enum bs_area_shape)shape;
	/* which keys each shape takes: a (first) and b */
	static const struct {
		int a, a2, b, b2;
		const char *words;
	} need[BS_AREA__COUNT] = {
	    [BS_AREA_NONE] = {-1, -1, -1, -1, "no dimensions"},
	    [BS_AREA_CIRCLE] = {AK_RADIUS, AK_DIAMETER, -1, -1,
				"radius (or diameter)"},
	    [BS_AREA_CONE] = {AK_LENGTH, -1, AK_DIAMETER, -1,
			      "length and diameter (at its far end)"},
	    [BS_AREA_LINE] = {AK_LENGTH, -1, AK_WIDTH, -1, "length and width"},
	    [BS_AREA_RECT] = {AK_LENGTH, AK_SIDE, AK_WIDTH, AK_SIDE,
			      "length and width, or side"},
	};
	for (int k = 1; k < AK__N; k++) {
		int used = k == need[shape].a || k == need[shape].a2 ||
			   k == need[shape].b || k == need[shape].b2;
		if (v[k] && !used)
			ld_err(ld, v[k], "area: a %s has %s, not %s",
			       bs_area_shape_name[shape], need[shape].words,
			       area_keys[k]);
	}
	if (shape == BS_AREA_NONE) {
		sp->known |= BS_SPK_AREA;
		return;
	}
	int ok = 1;
	if (shape == BS_AREA_CIRCLE) {
		if (v[AK_RADIUS] && v[AK_DIAMETER]) {
			ld_err(ld, v[AK_DIAMETER],
			       "area: radius or diameter, not both");
			return;
		}
		if (v[AK_RADIUS])
			ok = ld_qty(ld, v[AK_RADIUS], "radius", 1,
				    &sp->area_a) == 0;
		else if (v[AK_DIAMETER]) {
			ok = ld_qty(ld, v[AK_DIAMETER], "diameter", 1,
				    &sp->area_a) == 0;
			sp->area_diameter = 1;
		} else {
			ld_require(ld, n, "area", "radius", NULL);
			ok = 0;
		}
	} else if (shape == BS_AREA_RECT && v[AK_SIDE]) {
		if (v[AK_LENGTH] || v[AK_WIDTH]) {
			ld_err(ld, v[AK_SIDE],
			       "area: side, or length and width, not both");
			return;
		}
		ok = ld_qty(ld, v[AK_SIDE], "side", 1, &sp->area_a) == 0;
		sp->area_b = sp->area_a;
	} else {
		int a = need[shape].a, b = need[shape].b;
		if (ld_require(ld, n, "area", area_keys[a], v[a]) != 0 ||
		    ld_require(ld, n, "area", area_keys[b], v[b]) != 0)
			return;
		ok = ld_qty(ld, v[a], area_keys[a], 1, &sp->area_a) == 0 &&
		     ld_qty(ld, v[b], area_keys[b], 1, &sp->area_b) == 0;
	}
	if (ok && bs_level_qty_at(&sp->area_a, 1) <= 0 && sp->area_a.per <= 0) {
		ld_err(ld, n, "area: its size must be more than 0");
		ok = 0;
	}
	if (ok)
		sp->known |= BS_SPK_AREA;
}

static const char *const game_names[BS_GAME__COUNT] = {
    [BS_GAME_ADND] = "adnd",
    [BS_GAME_DND] = "dnd",
};

/* "none", or {vs, effect, mod}. */
enum { VK_VS, VK_EFFECT, VK_MOD, VK__N };
static const char *const save_keys[VK__N] = {
    [VK_VS] = "vs", [VK_EFFECT] = "effect", [VK_MOD] = "mod"};

/* The saving throw categories as written (PH order), and their words. */
static const struct {
	const char *name;
	enum bs_save save;
} save_words[] = {
    {"ppd", BS_SAVE_PPD},      {"poison", BS_SAVE_PPD},
    {"death", BS_SAVE_PPD},    {"paralyzation", BS_SAVE_PPD},
    {"pp", BS_SAVE_PP},	       {"petrification", BS_SAVE_PP},
    {"polymorph", BS_SAVE_PP}, {"rsw", BS_SAVE_RSW},
    {"wand", BS_SAVE_RSW},     {"rod", BS_SAVE_RSW},
    {"staff", BS_SAVE_RSW},    {"bw", BS_SAVE_BW},
    {"breath", BS_SAVE_BW},    {"sp", BS_SAVE_SP},
    {"spell", BS_SAVE_SP},
};
#define NSAVE_WORDS ((int)(sizeof save_words / sizeof save_words[0]))

static void parse_save(struct ld *ld, const yaml_node_t *n, struct bs_spell *sp)
{
	if (n->type == YAML_SCALAR_NODE &&
	    strcasecmp((const char *)n->data.scalar.value, "none") == 0) {
		sp->save_vs = -1;
		sp->save_effect = BS_SAVEFX_NONE;
		sp->known |= BS_SPK_SAVE;
		return;
	}
	if (n->type != YAML_MAPPING_NODE) {
		char buf[64];
		ld_err(ld, n,
		       "save: expected none or a mapping {vs, effect, mod}, "
		       "got %s",
		       ld_kind(n, buf, sizeof buf));
		return;
	}
	yaml_node_t *v[VK__N];
	if (ld_collect(ld, n, "save", save_keys, VK__N, v) != 0)
		return;
	if (ld_require(ld, n, "save", "vs", v[VK_VS]) != 0 ||
	    ld_require(ld, n, "save", "effect", v[VK_EFFECT]) != 0)
		return;
	const char *names[NSAVE_WORDS];
	for (int i = 0; i < NSAVE_WORDS; i++)
		names[i] = save_words[i].name;
	int k, e;
	if (ld_enum(ld, v[VK_VS], "vs", names, NSAVE_WORDS, &k) != 0 ||
	    ld_enum(ld, v[VK_EFFECT], "effect", bs_save_effect_name,
		    BS_SAVEFX__COUNT, &e) != 0)
		return;
	if (e == BS_SAVEFX_NONE) {
		ld_err(ld, v[VK_EFFECT],
		       "effect: a saving throw does something (negates, "
		       "half or partial); write save: none for none");
		return;
	}
	sp->save_vs = (int)save_words[k].save;
	sp->save_effect = (enum bs_save_effect)e;
	if (v[VK_MOD])
		ld_int(ld, v[VK_MOD], "mod", -10, 10, &sp->save_mod);
	sp->known |= BS_SPK_SAVE;
}

/* [14.7] friends: / enemies: {to_hit, morale, ac, saves, damage, haste, slow,
 * normal_missiles, resist, evil, not_in_melee}. */
enum {
	BK_TO_HIT,
	BK_MORALE,
	BK_AC,
	BK_SAVES,
	BK_DAMAGE,
	BK_HASTE,
	BK_SLOW,
	BK_NORMAL_MISSILES,
	BK_RESIST,
	BK_EVIL,
	BK_NOT_IN_MELEE,
	BK__N
};
static const char *const mods_keys[BK__N] = {
    [BK_TO_HIT] = "to_hit",
    [BK_MORALE] = "morale",
    [BK_AC] = "ac",
    [BK_SAVES] = "saves",
    [BK_DAMAGE] = "damage",
    [BK_HASTE] = "haste",
    [BK_SLOW] = "slow",
    [BK_NORMAL_MISSILES] = "normal_missiles",
    [BK_RESIST] = "resist",
    [BK_EVIL] = "evil",
    [BK_NOT_IN_MELEE] = "not_in_melee"};

static void parse_mods(struct ld *ld, const yaml_node_t *n, const char *key,
		       struct bs_spell_mods *m)
{
	if (n->type != YAML_MAPPING_NODE) {
		char buf[64];
		ld_err(ld, n,
		       "%s: expected a mapping like {to_hit: 1, morale: 1} "
		       "(to_hit, morale, ac, saves, damage, haste, slow, "
		       "normal_missiles, resist, evil, not_in_melee), got %s",
		       key, ld_kind(n, buf, sizeof buf));
		return;
	}
	yaml_node_t *v[BK__N];
	if (ld_collect(ld, n, key, mods_keys, BK__N, v) != 0)
		return;
	memset(m, 0, sizeof *m);
	int *f[BK_NOT_IN_MELEE] = {&m->to_hit, &m->morale,	    &m->ac,
				   &m->saves,  &m->damage,	    &m->haste,
				   &m->slow,   &m->normal_missiles, &m->resist,
				   &m->evil};
	_Static_assert(BK_NOT_IN_MELEE == 10, "one pointer a key");
	if (v[BK_NOT_IN_MELEE])
		ld_bool(ld, v[BK_NOT_IN_MELEE], "not_in_melee",
			&m->not_in_melee);
	for (int i = 0; i < BK_NOT_IN_MELEE; i++)
		if (v[i])
			ld_int(ld, v[i], mods_keys[i],
			       i >= BK_HASTE && i != BK_EVIL ? 0 : -10,
			       i >= BK_HASTE && i != BK_EVIL ? 1 : 10, f[i]);
	m->given = 1;
}

/* "6d8", "d6/level", "(d4+1)/level", "2d8 + d8/level", "d8 + 1/level",
 * "d6/level max 10", "hp"; or {fixed, each, count}. */
enum { DK_FIXED, DK_EACH, DK_COUNT, DK__N };
static const char *const damage_keys[DK__N] = {
    [DK_FIXED] = "fixed", [DK_EACH] = "each", [DK_COUNT] = "count"};

static int damage_text(const char *t, struct bs_spell_damage *d)
{
	memset(d, 0, sizeof *d);
	d->given = 1;
	if (strcasecmp(t, "hp") == 0) {
		d->hp = 1;
		return 0;
	}
	size_t len = strlen(t);
	/* the per-level figure: "/level ...", "/2 levels ..." */
	const char *slash = NULL;
	int depth = 0;
	for (size_t i = 0; i < len; i++) {
		if (t[i] == '(')
			depth++;
		else if (t[i] == ')')
			depth--;
		else if (t[i] == '/' && depth == 0)
			slash = t + i;
	}
	size_t head = slash ? (size_t)(slash - t) : len;
	/* "FIXED + EACH": the last " + " outside parentheses */
	const char *plus = NULL;
	depth = 0;
	for (size_t i = 0; i + 2 < head; i++) {
		if (t[i] == '(')
			depth++;
		else if (t[i] == ')')
			depth--;
		else if (depth == 0 && t[i] == ' ' && t[i + 1] == '+' &&
			 t[i + 2] == ' ')
			plus = t + i;
	}
	if (!slash) {
		if (plus)
			return -1;
		return one_part(t, len, &d->fixed);
	}
	const char *each = plus ? plus + 3 : t;
	size_t elen = head - (size_t)(each - t);
	while (elen > 0 && each[elen - 1] == ' ')
		elen--;
	if (elen >= 2 && each[0] == '(' && each[elen - 1] == ')') {
		each++;
		elen -= 2;
	}
	if (plus && one_part(t, (size_t)(plus - t), &d->fixed) != 0)
		return -1;
	if (one_part(each, elen, &d->each) != 0)
		return -1;
	char scale[64];
	int w = snprintf(scale, sizeof scale, "1%s", slash);
	if (w < 0 || (size_t)w >= sizeof scale)
		return -1;
	return parse_qty(scale, 0, &d->n);
}

static void parse_damage(struct ld *ld, const yaml_node_t *n,
			 struct bs_spell *sp)
{
	struct bs_spell_damage *d = &sp->damage;
	if (n->type == YAML_MAPPING_NODE) {
		yaml_node_t *v[DK__N];
		memset(d, 0, sizeof *d);
		if (ld_collect(ld, n, "damage", damage_keys, DK__N, v) != 0)
			return;
		if (ld_require(ld, n, "damage", "each", v[DK_EACH]) != 0 ||
		    ld_require(ld, n, "damage", "count", v[DK_COUNT]) != 0)
			return;
		struct bs_dice dd;
		if (v[DK_FIXED]) {
			if (ld_dice(ld, v[DK_FIXED], "fixed", &dd) != 0)
				return;
			if (dd.nparts != 1) {
				ld_err(ld, v[DK_FIXED],
				       "fixed: one dice expression");
				return;
			}
			d->fixed = dd.part[0];
		}
		if (ld_dice(ld, v[DK_EACH], "each", &dd) != 0)
			return;
		if (dd.nparts != 1) {
			ld_err(ld, v[DK_EACH], "each: one dice expression");
			return;
		}
		d->each = dd.part[0];
		if (ld_qty(ld, v[DK_COUNT], "count", 0, &d->n) != 0)
			return;
		d->given = 1;
		return;
	}
	const char *t = ld_text(ld, n, "damage", "damage like 6d8");
	if (!t)
		return;
	if (strcasecmp(t, "none") == 0) {
		memset(d, 0, sizeof *d);
		return;
	}
	if (damage_text(t, d) != 0) {
		char buf[64];
		memset(d, 0, sizeof *d);
		ld_err(ld, n,
		       "damage: expected none, hp (a breath weapon's hit "
		       "points), dice like 6d8, or dice per level like "
		       "d6/level, (d4+1)/level, 2d8 + d8/level or d6/level "
		       "max 10, got %s",
		       ld_kind(n, buf, sizeof buf));
	}
}

/* "all", a number like 1 or "1/level", dice "2d4", or both "d4 + 1/level". */
static void parse_creatures(struct ld *ld, const yaml_node_t *n,
			    struct bs_spell *sp)
{
	const char *t = ld_text(ld, n, "creatures", "how many it affects");
	if (!t)
		return;
	sp->creatures_all = 0;
	memset(&sp->creatures, 0, sizeof sp->creatures);
	memset(&sp->creatures_dice, 0, sizeof sp->creatures_dice);
	if (strcasecmp(t, "all") == 0) {
		sp->creatures_all = 1;
		return;
	}
	const char *plus = strstr(t, " + ");
	size_t dlen = plus ? (size_t)(plus - t) : strlen(t);
	int ok;
	if (memchr(t, 'd', dlen) || memchr(t, 'D', dlen)) {
		ok = one_part(t, dlen, &sp->creatures_dice) == 0 &&
		     sp->creatures_dice.sides > 0;
		if (ok && plus)
			ok = parse_qty(plus + 3, 0, &sp->creatures) == 0;
	} else {
		ok = parse_qty(t, 0, &sp->creatures) == 0 &&
		     (sp->creatures.base > 0 || sp->creatures.per > 0);
	}
	if (ok)
		return;
	char buf[64];
	ld_err(ld, n,
	       "creatures: expected all, a number like 1 or 1/level, dice "
	       "like 2d4, or dice and a number like d4 + 1/level, got %s",
	       ld_kind(n, buf, sizeof buf));
	sp->creatures_all = 1;
}

/* The most HD a spell affects: hit dice as [2.2] writes them (4+4), or
 * "3+" for 3 HD with any hit points added (the PH's "under 4 HD"). */
static void parse_max_hd(struct ld *ld, const yaml_node_t *n,
			 struct bs_spell *sp)
{
	if (n->type == YAML_SCALAR_NODE) {
		const char *t = (const char *)n->data.scalar.value;
		size_t len = strlen(t);
		const char *p = t;
		int v;
		if (len >= 2 && t[len - 1] == '+' && number(&p, 0, &v) == 0 &&
		    p == t + len - 1 && v >= 1 && v <= 99) {
			sp->max_hd.tenths = 10 * v;
			sp->max_hd.plus = 99;
			return;
		}
	}
	ld_hd(ld, n, "max_hd", &sp->max_hd);
}

/* Keys that make sense only for some kinds. */
static void kind_keys(struct ld *ld, yaml_node_t *const *v,
		      const struct bs_spell *sp)
{
	int spell = sp->kind == BS_MAGIC_SPELL;
	int item = sp->kind == BS_MAGIC_WAND || sp->kind == BS_MAGIC_STAFF ||
		   sp->kind == BS_MAGIC_ROD;
	if (!spell && v[SK_CLASS])
		ld_err(ld, v[SK_CLASS],
		       "class: only spells are on a class's list (a %s "
		       "takes its spell's with as:)",
		       bs_magic_kind_name[sp->kind]);
	if (!spell && v[SK_LEVEL])
		ld_err(ld, v[SK_LEVEL],
		       "level: the spell level of a spell; a %s has "
		       "item_level (the caster level it works at)%s",
		       bs_magic_kind_name[sp->kind],
		       sp->kind == BS_MAGIC_BREATH ? " or none" : "");
	if (!item && v[SK_AS])
		ld_err(ld, v[SK_AS],
		       "as: only wands, staves and rods produce a spell");
	if (!item && v[SK_CHARGES])
		ld_err(ld, v[SK_CHARGES],
		       "charges: only wands, staves and rods have charges");
	if (!item && v[SK_XP])
		ld_err(ld, v[SK_XP],
		       "xp: the DMG XP value of a wand, staff or rod");
	if (sp->kind != BS_MAGIC_BREATH && v[SK_PER_DAY])
		ld_err(ld, v[SK_PER_DAY],
		       "per_day: the uses a day of a breath weapon");
	if (spell && v[SK_ITEM_LEVEL])
		ld_err(ld, v[SK_ITEM_LEVEL],
		       "item_level: the caster level of an item; a spell "
		       "works at its caster's level");
}

/* Parse one record into *sp (NULL `base`: from nothing; else an item's
 * spell, whose figures it starts from). */
static void parse_spell(struct ld *ld, const yaml_node_t *n,
			yaml_node_t *const *v, struct bs_spell *sp)
{
	snprintf(sp->file, sizeof sp->file, "%s", ld->file);
	sp->line = (int)n->start_mark.line + 1;
	sp->next_same = -1;
	if (ld_require(ld, n, "spell", "name", v[SK_NAME]) == 0)
		ld_str(ld, v[SK_NAME], "name", sp->name, sizeof sp->name);
	int k;
	if (v[SK_KIND] && ld_enum(ld, v[SK_KIND], "kind", bs_magic_kind_name,
				  BS_MAGIC__COUNT, &k) == 0)
		sp->kind = (enum bs_magic_kind)k;
	kind_keys(ld, v, sp);
	if (sp->kind == BS_MAGIC_SPELL) {
		if (ld_require(ld, n, "spell", "class", v[SK_CLASS]) == 0 &&
		    ld_enum(ld, v[SK_CLASS], "class", bs_spell_class_name,
			    BS_SPCLASS__COUNT, &k) == 0)
			sp->cls = (enum bs_spell_class)k;
		/* the PH's levels: magic-users 1-9, the others 1-7 */
		int top = sp->cls == BS_SPCLASS_MAGIC_USER ? 9 : 7;
		if (v[SK_LEVEL] &&
		    ld_int(ld, v[SK_LEVEL], "level", 1, top, &sp->level) == 0)
			sp->known |= BS_SPK_LEVEL;
	}
	if (v[SK_GAME] && ld_enum(ld, v[SK_GAME], "game", game_names,
				  BS_GAME__COUNT, &k) == 0)
		sp->dnd = k == BS_GAME_DND;
	if (!v[SK_AS] &&
	    ld_require(ld, n, "spell", "category", v[SK_CATEGORY]) == 0) {
		const char *names[BS_SPCAT__COUNT];
		for (int i = 0; i < BS_SPCAT__COUNT; i++)
			names[i] = bs_spell_category_info[i].name;
		if (ld_enum(ld, v[SK_CATEGORY], "category", names,
			    BS_SPCAT__COUNT, &k) == 0)
			sp->category = (enum bs_spell_category)k;
	} else if (v[SK_AS] && v[SK_CATEGORY]) {
		ld_err(ld, v[SK_CATEGORY],
		       "category: an item's is its spell's (as:)");
	}
	if (v[SK_EFFECT] &&
	    ld_enum(ld, v[SK_EFFECT], "effect", bs_spell_effect_name,
		    BS_SPFX__COUNT, &k) == 0)
		sp->effect = (enum bs_spell_effect)k;
	if (v[SK_ELEMENT] &&
	    ld_enum(ld, v[SK_ELEMENT], "element", bs_spell_element_name,
		    BS_ELEM__COUNT, &k) == 0)
		sp->element = (enum bs_spell_element)k;
	if (v[SK_RANGE])
		parse_range(ld, v[SK_RANGE], sp);
	if (v[SK_CAST]) {
		sp->known |= BS_SPK_CAST;
		parse_time(ld, v[SK_CAST], "casting_time", &sp->cast,
			   &sp->cast_unit);
	}
	if (v[SK_ONSET]) {
		enum bs_time_unit u = BS_TIME_SEGMENT;
		int amount = 0;
		parse_time(ld, v[SK_ONSET], "onset", &amount, &u);
		if (amount > 0 && u != BS_TIME_SEGMENT)
			ld_err(ld, v[SK_ONSET],
			       "onset: in segments (the most the caster may "
			       "delay it)");
		sp->onset = amount;
	}
	if (v[SK_DURATION])
		parse_duration(ld, v[SK_DURATION], sp);
	if (v[SK_AREA])
		parse_area(ld, v[SK_AREA], sp);
	if (v[SK_TARGETS] &&
	    ld_enum(ld, v[SK_TARGETS], "targets", bs_spell_targets_name,
		    BS_TARGETS__COUNT, &k) == 0)
		sp->targets = (enum bs_spell_targets)k;
	if (v[SK_CREATURES])
		parse_creatures(ld, v[SK_CREATURES], sp);
	if (v[SK_MAX_HD])
		parse_max_hd(ld, v[SK_MAX_HD], sp);
	if (v[SK_SAVE])
		parse_save(ld, v[SK_SAVE], sp);
	if (v[SK_MENTAL])
		ld_bool(ld, v[SK_MENTAL], "mental", &sp->mental);
	if (v[SK_DAMAGE])
		parse_damage(ld, v[SK_DAMAGE], sp);
	if (v[SK_ITEM_LEVEL])
		ld_int(ld, v[SK_ITEM_LEVEL], "item_level", 1, 36,
		       &sp->item_level);
	if (v[SK_CHARGES])
		ld_int(ld, v[SK_CHARGES], "charges", 1, 200, &sp->charges);
	/* [16.3 A] RULING R-460: the item's DMG XP value, which the low and
	 * medium magic limits read */
	if (v[SK_XP])
		ld_int(ld, v[SK_XP], "xp", 1, 1000000, &sp->xp);
	if (v[SK_PER_DAY])
		ld_int(ld, v[SK_PER_DAY], "per_day", 1, 24, &sp->per_day);
	if (v[SK_FRIENDS])
		parse_mods(ld, v[SK_FRIENDS], "friends", &sp->friends);
	if (v[SK_ENEMIES])
		parse_mods(ld, v[SK_ENEMIES], "enemies", &sp->enemies);
	if (v[SK_NOTE])
		ld_str(ld, v[SK_NOTE], "note", sp->note, sizeof sp->note);
	/* [14.7] what a bonus or penalty does is of that category */
	if ((sp->friends.given || sp->enemies.given) &&
	    sp->category != BS_SPCAT_BONUS_PENALTY)
		ld_err(ld, v[SK_FRIENDS] ? v[SK_FRIENDS] : v[SK_ENEMIES],
		       "%s: '%s' is not of category bonus-penalty [14.7]",
		       v[SK_FRIENDS] ? "friends" : "enemies", sp->name);
	/* RULING R-735: resist is against the record's element */
	if ((sp->friends.resist || sp->enemies.resist) &&
	    sp->element == BS_ELEM_NONE)
		ld_err(ld, v[SK_FRIENDS] ? v[SK_FRIENDS] : v[SK_ENEMIES],
		       "resist: '%s' resists its element: write element: "
		       "fire (or cold, electricity, acid, poison) [14.7]",
		       sp->name);
	/* what a record must say of itself */
	/* a D&D spell the PH lacks may leave its level out (RULING R-564):
	 * it is then never memorized */
	if (sp->kind == BS_MAGIC_SPELL && !v[SK_LEVEL] && !sp->dnd)
		ld_require(ld, n, "spell", "level", NULL);
	if (sp->kind == BS_MAGIC_BREATH && !sp->damage.given &&
	    sp->effect == BS_SPFX_DAMAGE)
		ld_err(ld, n,
		       "breath weapon '%s' does damage: give damage (hp: "
		       "the breather's hit points, or dice)",
		       sp->name);
	if (sp->damage.given && sp->effect != BS_SPFX_DAMAGE)
		ld_err(ld, v[SK_DAMAGE] ? v[SK_DAMAGE] : n,
		       "damage: '%s' has effect %s; hit point damage is "
		       "effect: damage",
		       sp->name, bs_spell_effect_name[sp->effect]);
	if (sp->effect == BS_SPFX_DAMAGE && !sp->damage.given && !v[SK_AS])
		ld_err(ld, n,
		       "'%s' has effect damage (the default): give damage, or "
		       "another effect",
		       sp->name);
}

/* The defaults of a record before its keys. */
static void spell_defaults(struct bs_spell *sp)
{
	memset(sp, 0, sizeof *sp);
	sp->save_vs = -1;
	sp->creatures_all = 1;
	sp->next_same = -1;
	sp->range_kind = BS_RANGE_SPECIAL;
	sp->dur_kind = BS_DUR_SPECIAL;
}

/* 1 when a and b are the same entry of the catalog (name, and the list of
 * a spell or the kind of the others). */
static int same_entry(const struct bs_spell *a, const struct bs_spell *b)
{
	if (a->kind != b->kind)
		return 0;
	return a->kind != BS_MAGIC_SPELL || a->cls == b->cls;
}

static const char *entry_words(const struct bs_spell *sp, char *buf, size_t len)
{
	if (sp->kind == BS_MAGIC_SPELL)
		snprintf(buf, len, "%s spell", bs_spell_class_name[sp->cls]);
	else
		snprintf(buf, len, "%s", bs_magic_kind_name[sp->kind]);
	return buf;
}

/* Put record *sp into the catalog: replace a built-in one of the same
 * entry (the scenario's wins), report a duplicate, or append it (linked
 * to the others of its name). */
static void place_spell(struct ld *ld, const yaml_node_t *n,
			const struct bs_spell *sp)
{
	struct bs_scenario *s = ld->s;
	if (!sp->name[0])
		return;
	int first = bs_name_index_find(&s->spell_index, s->spells,
				       sizeof *s->spells, s->nspells, sp->name);
	int last = -1;
	for (int i = first; i >= 0; i = s->spells[i].next_same) {
		last = i;
		if (!same_entry(&s->spells[i], sp))
			continue;
		if (ld->user && s->spells[i].builtin) {
			int keep = s->spells[i].next_same;
			s->spells[i] = *sp;
			s->spells[i].next_same = keep;
			return;
		}
		char w[64];
		ld_err(ld, n, "duplicate %s '%s' (first at %s:%d)",
		       entry_words(sp, w, sizeof w), sp->name,
		       s->spells[i].file, s->spells[i].line);
		return;
	}
	int at = s->nspells++;
	s->spells[at] = *sp;
	if (last >= 0)
		s->spells[last].next_same = at;
	else if (s->spell_index.slot)
		bs_name_index_put(&s->spell_index, sp->name, at);
}

/* The names of the catalog's records, one per name, for "did you mean"
 * (built once a load). */
static const char **spell_names(struct ld *ld, int *count)
{
	const struct bs_scenario *s = ld->s;
	const char **names =
	    ld_tmp(ld, (size_t)(s->nspells + 1) * sizeof *names);
	int k = 0;
	if (names)
		for (int i = 0; i < s->nspells; i++)
			if (bs_name_index_find(&s->spell_index, s->spells,
					       sizeof *s->spells, s->nspells,
					       s->spells[i].name) == i)
				names[k++] = s->spells[i].name;
	*count = k;
	return names;
}

static void unknown_spell(struct ld *ld, const yaml_node_t *n, const char *key,
			  const char *what, const char *name)
{
	char buf[64], sug[400] = "";
	int count = 0;
	const char **names = spell_names(ld, &count);
	if (names)
		ld_suggest(ld, name, names, (size_t)count, NULL, sug,
			   sizeof sug);
	ld_err(ld, n, "%s: unknown %s %s%s", key, what,
	       ld_kind(n, buf, sizeof buf), sug);
}

/* An item's `as:`: the spell it produces, whose figures it starts from. */
static const struct bs_spell *item_spell(struct ld *ld, const yaml_node_t *n)
{
	const char *t = ld_text(ld, n, "as", "a spell name");
	if (!t)
		return NULL;
	const struct bs_spell *first;
	if (bs_scenario_spell_lists(ld->s, t, &first) == 0) {
		unknown_spell(ld, n, "as", "spell", t);
		return NULL;
	}
	const struct bs_spell *sp = first;
	int spells = 0;
	for (const struct bs_spell *q = first;;
	     q = &ld->s->spells[q->next_same]) {
		if (q->kind == BS_MAGIC_SPELL) {
			if (spells++ == 0)
				sp = q;
		}
		if (q->next_same < 0)
			break;
	}
	if (spells == 0) {
		ld_err(ld, n, "as: '%s' is a %s, not a spell", t,
		       bs_magic_kind_name[first->kind]);
		return NULL;
	}
	/* RULING R-563: a spell on several lists: the first in the catalog */
	return sp;
}

void ld_spells_parse(struct ld_catalog_nodes *c, int pass)
{
	struct ld *ld = c->ld;
	int len = ld_list(ld, c->spells, "spells", LD_MAX_CATALOG, "spells");
	for (int i = 0; i < len; i++) {
		yaml_node_t *n = ld_item(ld, c->spells, i), *v[SK__N];
		/* pass 0: the records of their own; pass 1: the items made
		 * from a spell (as:), once every spell is in */
		int is_item = n && n->type == YAML_MAPPING_NODE &&
			      ld_get(ld, n, "as") != NULL;
		if (is_item != pass)
			continue;
		struct bs_spell *sp = ld_tmp(ld, sizeof *sp);
		if (!sp)
			return;
		spell_defaults(sp);
		if (ld_collect(ld, n, "spell", spell_keys, SK__N, v) != 0)
			continue;
		if (pass) {
			const struct bs_spell *from = item_spell(ld, v[SK_AS]);
			if (!from)
				continue;
			*sp = *from;
			sp->as = from;
			sp->level = 0;
			sp->note[0] = '\0';
			sp->line = 0;
			if (!v[SK_KIND]) {
				ld_err(ld, n,
				       "an item made from a spell (as: %s) "
				       "needs kind: wand, staff or rod",
				       from->name);
				continue;
			}
		}
		parse_spell(ld, n, v, sp);
		if (pass && sp->item_level == 0)
			ld_require(ld, n, bs_magic_kind_name[sp->kind],
				   "item_level", NULL);
		sp->builtin = !ld->user;
		place_spell(ld, n, sp);
	}
}

int ld_spells_count(const struct ld_catalog_nodes *c)
{
	const yaml_node_t *n = c->spells;
	if (!n || n->type != YAML_SEQUENCE_NODE)
		return 0;
	long len = n->data.sequence.items.top - n->data.sequence.items.start;
	return len > LD_MAX_CATALOG ? LD_MAX_CATALOG : (int)len;
}

/* ---- a creature's breath weapon [13.7] -------------------------------- */

const struct bs_spell *ld_ref_breath(struct ld *ld, const yaml_node_t *n)
{
	const char *t = ld_text(ld, n, "breath", "a breath weapon's name");
	if (!t)
		return NULL;
	const struct bs_spell *first;
	if (bs_scenario_spell_lists(ld->s, t, &first) == 0) {
		unknown_spell(ld, n, "breath", "breath weapon", t);
		return NULL;
	}
	for (const struct bs_spell *q = first;;
	     q = &ld->s->spells[q->next_same]) {
		if (q->kind == BS_MAGIC_BREATH)
			return q;
		if (q->next_same < 0)
			break;
	}
	char w[64];
	ld_err(ld, n,
	       "breath: '%s' is a %s, not a breath weapon (kind: breath)", t,
	       entry_words(first, w, sizeof w));
	return NULL;
}

/* ---- an individual's spells -------------------------------------------- */

static const char *const ordinal[10] = {"0th", "1st", "2nd", "3rd", "4th",
					"5th", "6th", "7th", "8th", "9th"};

static const char *lists_text(unsigned lists, char *buf, size_t len)
{
	size_t o = 0;
	buf[0] = '\0';
	int n = 0, total = 0;
	for (int l = 0; l < BS_SPCLASS__COUNT; l++)
		total += (lists >> l) & 1;
	for (int l = 0; l < BS_SPCLASS__COUNT; l++) {
		if (!((lists >> l) & 1))
			continue;
		n++;
		int w = snprintf(buf + o, len - o, "%s%s",
				 n == 1	      ? ""
				 : n == total ? " and "
					      : ", ",
				 bs_spell_class_name[l]);
		if (w < 0 || (size_t)w >= len - o)
			break;
		o += (size_t)w;
	}
	return buf;
}

static const char *class_text(const struct bs_individual *ind, char *buf,
			      size_t len)
{
	size_t o = 0;
	buf[0] = '\0';
	for (int i = 0; i < ind->nclasses; i++) {
		int w = snprintf(buf + o, len - o, "%s%s %d", i ? "/" : "",
				 ind->cls[i], ind->level[i]);
		if (w < 0 || (size_t)w >= len - o)
			break;
		o += (size_t)w;
	}
	if (ind->nclasses == 0)
		snprintf(buf, len, "no class");
	return buf;
}

/* One item of `spells:`: a name, or {name, count, class}. */
enum { MK_NAME, MK_COUNT, MK_CLASS, MK__N };
static const char *const mem_keys[MK__N] = {
    [MK_NAME] = "name", [MK_COUNT] = "count", [MK_CLASS] = "class"};

static const struct bs_spell *memorized_item(struct ld *ld,
					     const yaml_node_t *it,
					     const struct bs_individual *ind,
					     unsigned lists, int *count)
{
	const yaml_node_t *name = it, *cls_node = NULL;
	*count = 1;
	if (it->type == YAML_MAPPING_NODE) {
		yaml_node_t *v[MK__N];
		if (ld_collect(ld, it, "spells", mem_keys, MK__N, v) != 0 ||
		    ld_require(ld, it, "spells", "name", v[MK_NAME]) != 0)
			return NULL;
		name = v[MK_NAME];
		cls_node = v[MK_CLASS];
		if (v[MK_COUNT] &&
		    ld_int(ld, v[MK_COUNT], "count", 1, 20, count) != 0)
			return NULL;
	}
	const char *t = ld_text(ld, name, "spells", "a spell name");
	if (!t)
		return NULL;
	int want = -1;
	if (cls_node && ld_enum(ld, cls_node, "class", bs_spell_class_name,
				BS_SPCLASS__COUNT, &want) != 0)
		return NULL;
	const struct bs_spell *first;
	if (bs_scenario_spell_lists(ld->s, t, &first) == 0) {
		unknown_spell(ld, name, "spells", "spell", t);
		return NULL;
	}
	const struct bs_spell *found = NULL;
	unsigned on = 0; /* the lists the name is on */
	int matches = 0;
	for (const struct bs_spell *q = first;;
	     q = &ld->s->spells[q->next_same]) {
		if (q->kind == BS_MAGIC_SPELL) {
			on |= 1u << q->cls;
			if (((lists >> q->cls) & 1) &&
			    (want < 0 || (int)q->cls == want)) {
				found = q;
				matches++;
			}
		}
		if (q->next_same < 0)
			break;
	}
	char a[96], b[96], c[96];
	if (on == 0) {
		ld_err(ld, name, "spells: '%s' is a %s, not a spell", t,
		       bs_magic_kind_name[first->kind]);
		return NULL;
	}
	if (matches == 0) {
		if (want >= 0 && !((on >> want) & 1))
			ld_err(ld, cls_node,
			       "class: '%s' is not on the %s list (it is a "
			       "%s spell)",
			       t, bs_spell_class_name[want],
			       lists_text(on, a, sizeof a));
		else
			ld_err(ld, name,
			       "spells: '%s' is a %s spell; '%s' (%s) casts "
			       "%s spells",
			       t, lists_text(on, a, sizeof a), ind->name,
			       class_text(ind, b, sizeof b),
			       lists_text(lists, c, sizeof c));
		return NULL;
	}
	if (matches > 1) {
		ld_err(ld, name,
		       "spells: '%s' is on the %s lists, and '%s' casts from "
		       "both: say which ({name: %s, class: %s})",
		       t, lists_text(on & lists, a, sizeof a), ind->name, t,
		       bs_spell_class_name[found->cls]);
		return NULL;
	}
	if (!(found->known & BS_SPK_LEVEL)) {
		ld_err(ld, name,
		       "spells: '%s' has no spell level in the catalog "
		       "(RULING R-564): give it one in the scenario's catalog "
		       "(spells: with level:) to memorize it",
		       t);
		return NULL;
	}
	return found;
}

/* RULING R-562: the default choice of a caster without `spells:`: every
 * slot of every list he casts, level by level, filled in turn with the
 * catalog's spells of that list and level in the catalog's order (a D&D
 * scenario may choose the D&D spells, an AD&D one only the PH's), none
 * above the spell level the power level of magic permits. */
static int default_choice(struct ld *ld, const struct bs_individual *ind,
			  struct bs_memorized *out, int cap)
{
	const struct bs_scenario *s = ld->s;
	/* [16.3 A] RULING R-460: within the power level's spell levels (a
	 * slot above them stays empty) */
	int top = bs_magic_spell_limit(s);
	int n = 0;
	for (int l = 0; l < BS_SPCLASS__COUNT; l++) {
		int slots[BS1E_SPELL_LEVELS];
		if (bs_individual_spell_slots(ind, (enum bs_spell_class)l,
					      slots) != BS1E_SPD_OK)
			continue;
		for (int k = 0; k < BS1E_SPELL_LEVELS; k++) {
			int cand[64], nc = 0;
			for (int i = 0; i < s->nspells && nc < 64; i++) {
				const struct bs_spell *sp = &s->spells[i];
				if (sp->kind == BS_MAGIC_SPELL &&
				    (int)sp->cls == l && sp->level == k + 1 &&
				    (!sp->dnd || s->game == BS_GAME_DND) &&
				    sp->level <= top)
					cand[nc++] = i;
			}
			for (int j = 0; j < slots[k] && nc > 0; j++) {
				const struct bs_spell *sp =
				    &s->spells[cand[j % nc]];
				int e = 0;
				while (e < n && out[e].spell != sp)
					e++;
				if (e == n) {
					if (n == cap)
						return n;
					out[n].spell = sp;
					out[n].count = 0;
					n++;
				}
				out[e].count++;
			}
		}
	}
	return n;
}

void ld_individual_spells(struct ld *ld, const yaml_node_t *n,
			  const yaml_node_t *list, struct bs_individual *ind)
{
	unsigned unknown = 0;
	unsigned lists = bs_individual_cast_lists(ind, &unknown);
	char a[96], b[96];
	if (list && lists == 0) {
		ld_err(ld, list, "spells: '%s' (%s) casts no spells", ind->name,
		       class_text(ind, a, sizeof a));
		return;
	}
	if (lists == 0)
		return;
	struct bs_memorized *mem =
	    ld_alloc(ld, (size_t)LD_MAX_LIST * sizeof *mem);
	if (!mem)
		return;
	int nmem = 0;
	if (!list) {
		nmem = default_choice(ld, ind, mem, LD_MAX_LIST);
		ind->spells = mem;
		ind->nspells = nmem;
		ind->spells_default = 1;
		return;
	}
	int len = ld_list(ld, list, "spells", LD_MAX_LIST, "spells");
	for (int i = 0; i < len; i++) {
		yaml_node_t *it = ld_item(ld, list, i);
		int count;
		const struct bs_spell *sp =
		    memorized_item(ld, it, ind, lists, &count);
		if (!sp)
			continue;
		int e = 0;
		while (e < nmem && mem[e].spell != sp)
			e++;
		if (e == nmem) {
			mem[nmem].spell = sp;
			mem[nmem].count = 0;
			ld_mark(it, &mem[nmem].line, &mem[nmem].col);
			nmem++;
		}
		mem[e].count += count;
	}
	ind->spells = mem;
	ind->nspells = nmem;
	/* [14.1] against the PH's spells per day (the Wisdom bonus with it,
	 * RULING R-560); a list whose row the tables lack is not checked
	 * (RULING R-561: the roster says so) */
	for (int l = 0; l < BS_SPCLASS__COUNT; l++) {
		int slots[BS1E_SPELL_LEVELS];
		if (!((lists >> l) & 1) || ((unknown >> l) & 1))
			continue;
		bs_individual_spell_slots(ind, (enum bs_spell_class)l, slots);
		for (int k = 0; k < BS1E_SPELL_LEVELS; k++) {
			int used = 0;
			for (int e = 0; e < nmem; e++)
				if ((int)mem[e].spell->cls == l &&
				    mem[e].spell->level == k + 1)
					used += mem[e].count;
			if (used <= slots[k])
				continue;
			ld_err(ld, list,
			       "spells: %d %s-level %s spell%s memorized, but "
			       "'%s' (%s) has %d a day (PH%s)",
			       used, ordinal[k + 1], bs_spell_class_name[l],
			       used == 1 ? "" : "s", ind->name,
			       class_text(ind, b, sizeof b), slots[k],
			       ind->ability[BS_WIS] > 0 &&
				       (l == BS_SPCLASS_CLERIC ||
					l == BS_SPCLASS_DRUID)
				   ? ", with the Wisdom bonus"
				   : "");
		}
	}
	(void)n;
}
