/* Point costs for creating armies [16.3 B], Table 18: characters (1% of
 * the maximum XP per class, spell levels, items), magic items (AD&D 50% of
 * XP, scrolls, charges; D&D plusses, spell effects and sets) and monsters
 * (XP, spell-use, innate and improved abilities). */
#include "battlesim/bs1e_points.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "battlesim/bs1e_tables.h"

#define T18 "[16.3 T18]"

/* "2750000" -> "2,750,000" */
static const char *thousands(long v, char *buf, size_t len)
{
	char tmp[32];
	int n = snprintf(tmp, sizeof tmp, "%ld", v < 0 ? -v : v);
	size_t o = 0;
	if (v < 0 && o + 1 < len)
		buf[o++] = '-';
	for (int i = 0; i < n && o + 1 < len; i++) {
		buf[o++] = tmp[i];
		int left = n - i - 1;
		if (left > 0 && left % 3 == 0 && o + 1 < len)
			buf[o++] = ',';
	}
	buf[o] = '\0';
	return buf;
}

/* RULING R-014 [16.3] fractions of a point round up: "always use the
 * method that gives the highest total cost". */
static long div_up(long num, long den)
{
	return (num + den - 1) / den;
}

/* A message into diags (which may be NULL). */
#define DIAG(...)                                                              \
	do {                                                                   \
		if (diags)                                                     \
			bs_diags_add(diags, NULL, 0, 0, __VA_ARGS__);          \
	} while (0)

/* The "N x " prefix of a term for count > 1. */
static const char *times_prefix(int times, char *buf, size_t len)
{
	if (times > 1)
		snprintf(buf, len, "%d x ", times);
	else
		buf[0] = '\0';
	return buf;
}

/* Add a term of `pts` (already multiplied), checking the int range and the
 * room in d. */
static int room(const struct bs_deriv *d, int nterms, long pts)
{
	if (d->nterms + nterms > BS_DERIV_MAX_TERMS)
		return 0;
	long v = (long)d->value + pts;
	return pts >= 0 && pts <= INT_MAX && v <= INT_MAX;
}

/* ---- items --------------------------------------------------------------- */

/* [16.3 T18] D&D misc items by set; an unknown set is a Companion item. */
static const long dnd_set_points[BS1E_DND_SET__COUNT] = {
    [BS1E_DND_SET_UNKNOWN] = 5000, [BS1E_DND_SET_BASIC] = 500,
    [BS1E_DND_SET_EXPERT] = 2500,  [BS1E_DND_SET_COMPANION] = 5000,
    [BS1E_DND_SET_MASTERS] = 7500,
};

/* The per-charge spell cost of an AD&D charged item (0 when none). */
static long charge_points(const struct bs1e_item *it)
{
	/* [16.3 T18] "If item has charges and also has spell capabilities
	 * above 3rd level, pay spell costs for each charge." RULING R-015
	 * only when the scenario gives the charges; the example's wand of
	 * fire lists none and costs 50% of its XP alone. */
	if (it->kind != BS1E_ITEM_ADND || it->charges <= 0 ||
	    it->charge_spell_level <= 3)
		return 0;
	return (long)it->charges * it->charge_spell_level *
	       BS1E_POINTS_PER_SPELL_LEVEL;
}

long bs1e_item_points(const struct bs1e_item *it)
{
	switch (it->kind) {
	case BS1E_ITEM_ADND:
		/* [16.3 T18] 50% of the XP value */
		return div_up(it->value, 2) + charge_points(it);
	case BS1E_ITEM_SCROLL:
		/* [16.3 T18] scrolls cost only the spells they contain */
		return (long)it->spell_levels * BS1E_POINTS_PER_SPELL_LEVEL;
	case BS1E_ITEM_ADND_GP:
		/* [16.3 T18] optional rule: 50% of the GP sale value */
		return div_up(it->value, 2);
	case BS1E_ITEM_DND: {
		long p = (long)it->plusses * 50 +
			 (long)it->charge_spell_levels * 100 +
			 (long)it->unlimited_spell_levels * 1000;
		if (it->misc)
			p += dnd_set_points[it->set];
		return p;
	}
	case BS1E_ITEM_ARTIFACT:
	default:
		return -1; /* [16.3 T18] cannot be purchased */
	}
}

enum bs_status bs1e_points_add_item(struct bs_deriv *d,
				    const struct bs1e_item *it, int times,
				    struct bs_diags *diags)
{
	char n1[32], pre[16];
	const char *name = it->name ? it->name : "item";
	if (times < 1)
		times = 1;
	long pts = bs1e_item_points(it);
	if (pts < 0) {
		DIAG("%s: artifacts and cursed items cannot be purchased "
		     "[16.3 T18]",
		     name);
		return BS_ERR_INPUT;
	}
	long charges = charge_points(it);
	long base = pts - charges;
	if (!room(d, charges ? 2 : 1, pts * times)) {
		DIAG("%s: the point total is too large (%ld)", name,
		     pts * times);
		return BS_ERR_INPUT;
	}
	times_prefix(times, pre, sizeof pre);
	switch (it->kind) {
	case BS1E_ITEM_ADND:
		bs_deriv_add(d, (int)(base * times), T18, "%s%s (%s XP)", pre,
			     name, thousands(it->value, n1, sizeof n1));
		break;
	case BS1E_ITEM_SCROLL:
		bs_deriv_add(d, (int)(base * times), T18,
			     "%s%s (%d spell levels)", pre, name,
			     it->spell_levels);
		break;
	case BS1E_ITEM_ADND_GP:
		bs_deriv_add(d, (int)(base * times), T18, "%s%s (%s gp)", pre,
			     name, thousands(it->value, n1, sizeof n1));
		break;
	default:
		bs_deriv_add(d, (int)(base * times), T18, "%s%s", pre, name);
		break;
	}
	if (charges)
		bs_deriv_add(d, (int)(charges * times), T18,
			     "%s%s: %d charges x level %d", pre, name,
			     it->charges, it->charge_spell_level);
	return BS_OK;
}

/* ---- characters ---------------------------------------------------------- */

/* The example's short class names: "F 18", "MU 18". */
static const char *class_abbrev(const char *cls)
{
	static const char *const map[][2] = {
	    {"fighter", "F"},	  {"paladin", "P"},	  {"ranger", "R"},
	    {"cleric", "C"},	  {"druid", "D"},	  {"monk", "Mo"},
	    {"magic-user", "MU"}, {"illusionist", "I"},	  {"thief", "T"},
	    {"assassin", "A"},	  {"0-level", "0-level"},
	};
	for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
		if (strcasecmp(cls, map[i][0]) == 0)
			return map[i][1];
	return cls;
}

enum bs_status bs1e_points_character(const struct bs1e_character_cost *pc,
				     struct bs_deriv *out,
				     struct bs_diags *diags)
{
	char n1[32], pre[16];
	const char *name = pc->name ? pc->name : "character";
	int times = pc->count > 0 ? pc->count : 1;
	bs_deriv_init(out, 0, NULL, NULL, T18);
	times_prefix(times, pre, sizeof pre);
	if (pc->nclasses < 1 || pc->nclasses > BS_MAX_CLASSES) {
		DIAG("%s: a character needs 1 to %d classes", name,
		     BS_MAX_CLASSES);
		return BS_ERR_INPUT;
	}
	/* RULING R-017 [16.3] each class pays its own 1%; spell levels are
	 * summed over the classes (F 18/MU 18: 0 + 139). */
	int derived_spells = 0;
	for (int i = 0; i < pc->nclasses; i++) {
		const char *cls = pc->cls[i] ? pc->cls[i] : "";
		if (!bs1e_class_known(cls)) {
			DIAG("%s: unknown class '%s'", name, cls);
			return BS_ERR_INPUT;
		}
		/* [16.3 T18] 1% of the maximum XP for the level and class;
		 * multi-classed characters pay for all classes. */
		long xp = bs1e_max_xp_for_level(cls, pc->level[i]);
		if (xp < 0) {
			DIAG("%s: no maximum XP known for %s "
			     "level %d; price it by hand "
			     "[16.3 T18]",
			     name, cls, pc->level[i]);
			return BS_ERR_INPUT;
		}
		long pts = div_up(xp, 100) * times;
		if (!room(out, 1, pts)) {
			DIAG("%s: the point total is too large (%ld)", name,
			     pts);
			return BS_ERR_INPUT;
		}
		bs_deriv_add(out, (int)pts, T18, "%s%s %d (%s XP)", pre,
			     class_abbrev(cls), pc->level[i],
			     thousands(xp, n1, sizeof n1));
		if (pc->spell_levels < 0 && derived_spells >= 0) {
			int sl = bs1e_spell_levels_for(cls, pc->level[i]);
			if (sl < 0) {
				DIAG("%s: the spell levels of a %s of "
				     "level %d are not known; give "
				     "them [16.3 T18]",
				     name, cls, pc->level[i]);
				return BS_ERR_INPUT;
			}
			derived_spells += sl;
		}
	}
	/* [16.3 T18] "pay spell costs for all spell levels the character is
	 * capable of casting" */
	int spells = pc->spell_levels >= 0 ? pc->spell_levels : derived_spells;
	if (spells > 0) {
		long pts = (long)spells * BS1E_POINTS_PER_SPELL_LEVEL * times;
		if (!room(out, 1, pts)) {
			DIAG("%s: the point total is too large (%ld)", name,
			     pts);
			return BS_ERR_INPUT;
		}
		bs_deriv_add(out, (int)pts, T18, "%sspells (%d spell levels)",
			     pre, spells);
	}
	/* [16.3 T18] "and pay for all magic items the character possesses" */
	for (int i = 0; i < pc->nitems; i++) {
		enum bs_status st =
		    bs1e_points_add_item(out, &pc->items[i], times, diags);
		if (st != BS_OK)
			return st;
	}
	return BS_OK;
}

/* ---- monsters ------------------------------------------------------------ */

enum bs_status bs1e_points_monster(const struct bs1e_monster_cost *m,
				   struct bs_deriv *out, struct bs_diags *diags)
{
	char n1[32], pre[16];
	const char *name = m->name ? m->name : "monster";
	int times = m->count > 0 ? m->count : 1;
	bs_deriv_init(out, 0, NULL, NULL, T18);
	times_prefix(times, pre, sizeof pre);
	long pts;
	if (m->game == BS_GAME_DND) {
		/* [16.3 T18] D&D: three times the XP value */
		pts = 3 * m->xp * times;
		if (!room(out, 1, pts)) {
			DIAG("%s: the point total is too large (%ld)", name,
			     pts);
			return BS_ERR_INPUT;
		}
		bs_deriv_add(out, (int)pts, T18, "%s%s (3 x %s XP)", pre, name,
			     thousands(m->xp, n1, sizeof n1));
	} else {
		/* [16.3 T18] AD&D: the official XP value or the DMG
		 * method's, whichever is higher */
		long xp = m->xp_dmg_method > m->xp ? m->xp_dmg_method : m->xp;
		pts = xp * times;
		if (!room(out, 1, pts)) {
			DIAG("%s: the point total is too large (%ld)", name,
			     pts);
			return BS_ERR_INPUT;
		}
		bs_deriv_add(out, (int)pts, T18, "%s%s (%s XP%s)", pre, name,
			     thousands(xp, n1, sizeof n1),
			     xp > m->xp ? ", DMG method" : "");
	}
	/* RULING R-017 [16.3] abilities as spell groups (the efreeti's
	 * wishes: innate, 50 per level); one with no spell equivalent is an
	 * item (gaseous form priced as a potion). */
	for (int i = 0; i < m->nspells; i++) {
		const struct bs1e_spell_group *g = &m->spells[i];
		/* [16.3 T18] spell-use and innate abilities: 50 per spell
		 * level; improved innate abilities: 100 per spell level */
		int rate = g->use == BS1E_SPELLS_IMPROVED
			       ? BS1E_POINTS_PER_IMPROVED_LEVEL
			       : BS1E_POINTS_PER_SPELL_LEVEL;
		pts = (long)g->levels * rate * times;
		if (!room(out, 1, pts)) {
			DIAG("%s: the point total is too large (%ld)", name,
			     pts);
			return BS_ERR_INPUT;
		}
		bs_deriv_add(out, (int)pts, T18, "%s%s (%d spell levels @ %d)",
			     pre, g->label ? g->label : "spells", g->levels,
			     rate);
	}
	for (int i = 0; i < m->nitems; i++) {
		enum bs_status st =
		    bs1e_points_add_item(out, &m->items[i], times, diags);
		if (st != BS_OK)
			return st;
	}
	return BS_OK;
}
