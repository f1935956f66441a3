/* The level pass of the loader [16.3 A] [Part 2] [Part 3] [Part 4]: after
 * a load without errors, a located warning (battlesim/warn.h) for each
 * thing the scenario gives that has no effect in play at its level, saying
 * why (not in force at this level, or not played yet, with the section);
 * then what the Basic Game does not have (cavalry and chariots, members
 * and deputies) is taken out of the model, so that the roster and the
 * engine play exactly the Basic Game (RULING R-305). The same pass gives
 * the 2E scenario's 1E keys (RULING R-319). RULING R-313 says what warns
 * and what does not. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "battlesim/spell.h"
#include "battlesim/terrain.h"
#include "battlesim/warn.h"
#include "scenario/loader.h"

static void warn(struct ld *ld, const yaml_node_t *at, enum bs_warn w,
		 const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void warn(struct ld *ld, const yaml_node_t *at, enum bs_warn w,
		 const char *fmt, ...)
{
	char subject[320];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(subject, sizeof subject, fmt, ap);
	va_end(ap);
	int line = at ? (int)at->start_mark.line + 1 : 0;
	int col = at ? (int)at->start_mark.column + 1 : 0;
	bs_warn_add(&ld->s->warnings, w, ld->file, line, col, "%s", subject);
}

/* The number of items of a list node, 0 for anything else (the load
 * has reported what is not a list). */
static int items(const yaml_node_t *list)
{
	return list && list->type == YAML_SEQUENCE_NODE
		   ? (int)(list->data.sequence.items.top -
			   list->data.sequence.items.start)
		   : 0;
}

/* The level's choice of two rows: not in force below `from`, else the
 * row of a rule in force but not played yet. */
static enum bs_warn by_level(const struct ld *ld, enum bs_level from,
			     enum bs_warn below, enum bs_warn at)
{
	return ld->s->level < from ? below : at;
}

/* ---- options ---------------------------------------------------------- */

static void options(struct ld *ld, const yaml_node_t *list)
{
	int n = items(list);
	for (int i = 0; i < n; i++) {
		yaml_node_t *it = ld_item(ld, list, i);
		if (!it || it->type != YAML_SCALAR_NODE)
			continue;
		const char *name = (const char *)it->data.scalar.value;
		enum bs_warn w = BS_W_NONE;
		for (int k = 0; k < BS_OPT__COUNT; k++) {
			if (!bs_option_name[k] ||
			    strcasecmp(bs_option_name[k], name) != 0)
				continue;
			switch ((enum bs_option)k) {
			case BS_OPT_WEAPON_VS_AC:
				w = BS_W_OPTION_WEAPON_VS_AC;
				break;
			case BS_OPT_CAPTURE:
				w = BS_W_OPTION_CAPTURE;
				break;
			/* issue 16: played at `advanced` (r14_cast.c: the
			 * areas of Table 17, the 20-figure rule R-567) */
			case BS_OPT_TABLE17_ANNOTATED:
				w = by_level(ld, BS_LEVEL_ADVANCED,
					     BS_W_OPTION_TABLE17_LEVEL,
					     BS_W_NONE);
				break;
			case BS_OPT_MASS_SAVES:
				w = by_level(ld, BS_LEVEL_ADVANCED,
					     BS_W_OPTION_MASS_SAVES_LEVEL,
					     BS_W_NONE);
				break;
			case BS_OPT_PARTLY_VISIBLE_NO_PENALTY:
				if (ld->s->level == BS_LEVEL_BASIC)
					w = BS_W_OPTION_PARTLY_VISIBLE_LEVEL;
				break;
			default: /* played: d20_initiative, stands */
				break;
			}
		}
		if (w != BS_W_NONE)
			warn(ld, it, w, "options: '%s'", name);
	}
}

/* ---- terrain ---------------------------------------------------------- */

static const char *terrain_key(int type)
{
	return bs_terrain_kind_of(type)->key;
}

/* `elevation:` and `fordable:` where they mean nothing: on a feature of
 * another type (every ruleset), and `fordable:` in 2E (RULING R-220: water
 * is impassable, fordable or not; the 2E movement pays the height as 1E,
 * 1/3 MV for each 10 feet climbed, R-444). */
static void terrain_keys(struct ld *ld, const yaml_node_t *item,
			 const struct bs_terrain *t)
{
	int bs2e = ld->s->rules == BS_RULES_BS2E;
	yaml_node_t *e = ld_get(ld, item, "elevation");
	if (e && t->elevation > 0) {
		if (bs_terrain_kind_of(t->type)->row != BS_T14_ELEVATION)
			warn(ld, e, BS_W_TERRAIN_KEY,
			     "elevation: %d on %s feature '%s'", t->elevation,
			     terrain_key(t->type), t->name);
	}
	if (e && t->elevation == 0 &&
	    bs_terrain_kind_of(t->type)->row == BS_T14_ELEVATION)
		warn(ld, e, BS_W_TERRAIN_KEY,
		     "elevation: 0 on %s feature '%s' (level 0 is the ground "
		     "around it, RULING R-443)",
		     terrain_key(t->type), t->name);
	yaml_node_t *f = ld_get(ld, item, "fordable");
	if (f && t->fordable) {
		if (bs_terrain_kind_of(t->type)->row != BS_T14_WATER)
			warn(ld, f, BS_W_TERRAIN_KEY,
			     "fordable: true on %s feature '%s'",
			     terrain_key(t->type), t->name);
		else if (bs2e)
			warn(ld, f, BS_W_TERRAIN_KEY,
			     "fordable: true on '%s' (water is impassable in "
			     "2E, RULING R-220)",
			     t->name);
	}
}

static void terrain(struct ld *ld, const yaml_node_t *list)
{
	const struct bs_scenario *s = ld->s;
	for (int i = 0; i < s->nterrain; i++) {
		const struct bs_terrain *t = &s->terrain[i];
		yaml_node_t *item = ld_item(ld, list, i);
		terrain_keys(ld, item, t);
		if (s->rules != BS_RULES_BS1E || t->type == BS_TERRAIN_CLEAR)
			continue;
		/* at `intermediate` and `advanced` every effect is played:
		 * units and the figures standing alone [9.4] pay Table 14
		 * (RULINGS R-444 .. R-455) */
		if (ld->s->level == BS_LEVEL_BASIC)
			warn(ld, item, BS_W_TERRAIN_LEVEL, "terrain '%s' (%s)",
			     t->name, terrain_key(t->type));
	}
}

/* ---- units ------------------------------------------------------------- */

/* What the unit fights with in melee (RULING R-306), for messages. */
static void fights_with(const struct bs_unit *u, int mounted, char *buf,
			size_t len)
{
	int k = bs_unit_weapon_in_hand(u, mounted);
	if (k >= 0)
		snprintf(buf, len, "it fights with '%s'",
			 u->weapons[k].weapon->name);
	else if (u->creature && u->creature->attacks.nparts > 0)
		snprintf(buf, len, "it fights with its natural attacks");
	else
		snprintf(buf, len,
			 "no melee weapon: it fights with d2, RULING R-103");
}

/* Where a creature's ability is written: in an inline creature (the
 * mapping `at`), its `flags:` item or its key; else `at` itself, the
 * unit's reference to the creature. */
static const yaml_node_t *ability_at(struct ld *ld, const yaml_node_t *at,
				     const char *flag, const char *key)
{
	if (!at || at->type != YAML_MAPPING_NODE)
		return at;
	if (key) {
		yaml_node_t *k = ld_get(ld, at, key);
		return k ? k : at;
	}
	yaml_node_t *list = ld_get(ld, at, "flags");
	int n = items(list);
	for (int i = 0; i < n; i++) {
		yaml_node_t *it = ld_item(ld, list, i);
		if (it && it->type == YAML_SCALAR_NODE &&
		    strcasecmp((const char *)it->data.scalar.value, flag) == 0)
			return it;
	}
	return at;
}

/* [13.8] RULING R-605: a figure regenerates only when every creature of
 * it does (a special defence of rider and steed both, R-545; every part of
 * a mixed unit, R-040): at `advanced`, the flag of one that does not has
 * no effect (warning `regeneration`, at the first such creature). */
static void regen_partial(struct ld *ld, const yaml_node_t *n,
			  const struct bs_unit *u, int mounted)
{
	if (ld->s->level != BS_LEVEL_ADVANCED)
		return;
	const struct bs_creature *c[BS_UNIT_MAX_MIX + 3];
	const yaml_node_t *at[BS_UNIT_MAX_MIX + 3];
	const char *key[BS_UNIT_MAX_MIX + 3];
	int k = 0;
	if (u->nmix > 0) {
		yaml_node_t *mix = ld_get(ld, n, "mix");
		for (int i = 0; i < u->nmix && i < BS_UNIT_MAX_MIX; i++) {
			at[k] = ld_get(ld, ld_item(ld, mix, i), "creature");
			key[k] = "mix";
			c[k++] = u->mix[i].creature;
		}
	} else {
		at[k] = ld_get(ld, n, "creature");
		key[k] = "creature";
		c[k++] = u->creature;
	}
	if (mounted && u->mount) {
		at[k] = ld_get(ld, n, "mount");
		key[k] = "mount";
		c[k++] = u->mount;
	}
	if (mounted && u->chariot.puller) {
		at[k] = ld_get(ld, n, "chariot");
		key[k] = "chariot";
		c[k++] = u->chariot.puller;
	}
	int first = -1, all = 1;
	for (int i = 0; i < k; i++) {
		int r = c[i] && (c[i]->flags & BS_CF_REGENERATES);
		if (r && first < 0)
			first = i;
		all &= r;
	}
	if (first < 0 || all)
		return;
	warn(ld, ability_at(ld, at[first], "regenerates", NULL),
	     BS_W_REGENERATION,
	     "%s: '%s' regenerates, the figure's other creatures do not",
	     key[first], c[first]->name);
}

/* [15.0] whether creature c flies (naturally or by magic) */
static int flies(const struct bs_creature *c)
{
	return c && (c->fly_mv > 0 || (c->flags & BS_CF_FLIES));
}

/* The creature abilities [13.x] [15.0] that play does not apply, once per
 * unit and kind; c brought in by node `at` ("creature", "mount" ...). */
/* `natural`: 1 the creature's natural attacks are the figure's (a mount,
 * a puller, a creature without a weapon in hand), 0 they are not (it
 * fights with a weapon), 2 perhaps (a part of a mixed unit, RULING
 * */
static void creature_flags(struct ld *ld, const yaml_node_t *at,
			   const char *key, const struct bs_creature *c,
			   int natural, unsigned char *done)
{
	static const struct {
		unsigned flag;
		enum bs_warn below, at;
		const char *name, *what;
	} rows[] = {
	    {BS_CF_POISON, BS_W_POISON_LEVEL, BS_W_POISON, "poison", "poison"},
	    {BS_CF_PARALYZES, BS_W_PARALYSIS_LEVEL, BS_W_PARALYSIS, "paralyzes",
	     "paralyzes"},
	    /* issue 16: [13.6] played at `advanced` (r13_awe.c) */
	    {BS_CF_CAUSES_FEAR, BS_W_FEAR_LEVEL, BS_W_NONE, "causes_fear",
	     "causes fear"},
	    /* [13.8] played at `advanced` (r13_regen.c, RULING R-605,
	     * R-720); a figure not all of whose creatures regenerate:
	     * regen_partial */
	    {BS_CF_REGENERATES, BS_W_REGENERATION_LEVEL, BS_W_NONE,
	     "regenerates", "regenerates"},
	};
	if (!c)
		return;
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
		if (!(c->flags & rows[i].flag))
			continue;
		enum bs_warn w =
		    by_level(ld, BS_LEVEL_ADVANCED, rows[i].below, rows[i].at);
		/* [13.2] played at `advanced` as the extra damage of its
		 * natural attacks (RULING R-603), [13.4] paralysis as their
		 * effect (RULING R-710): said only where they are not, or
		 * may not be, the figure's */
		/* [13.4] paralysis likewise (RULING R-710) */
		if ((w == BS_W_POISON || w == BS_W_PARALYSIS) && natural == 1)
			continue;
		if (w == BS_W_NONE || done[w])
			continue;
		done[w] = 1;
		if (w == BS_W_POISON || w == BS_W_PARALYSIS)
			warn(ld, ability_at(ld, at, rows[i].name, NULL), w,
			     "%s: '%s' %s, %s", key, c->name, rows[i].what,
			     natural ? "a part of a mixed unit (the unit "
				       "fights with its least favourable "
				       "part's attacks, R-040)"
				     : "but the unit fights with a weapon");
		else
			warn(ld, ability_at(ld, at, rows[i].name, NULL), w,
			     "%s: '%s' %s", key, c->name, rows[i].what);
	}
	if (flies(c)) {
		enum bs_warn w = by_level(ld, BS_LEVEL_ADVANCED,
					  BS_W_FLYING_LEVEL, BS_W_FLYING);
		if (!done[w]) {
			done[w] = 1;
			warn(ld, ability_at(ld, at, NULL, "fly"), w,
			     "%s: '%s' flies (%d\")", key, c->name, c->fly_mv);
		}
	}
	/* [13.7] issue 16: an individual's breath is played at `advanced`
	 * (r13_breath.c), a unit's in step A by the doctrine AI, not as
	 * pass-through or split-fire, nor a mob's (RULING) */
	if (c->breath) {
		enum bs_warn w = by_level(ld, BS_LEVEL_ADVANCED,
					  BS_W_BREATH_LEVEL, BS_W_UNIT_BREATH);
		if (!done[w]) {
			done[w] = 1;
			warn(ld, ability_at(ld, at, NULL, "breath"), w,
			     "%s: '%s' breath weapon '%s'", key, c->name,
			     c->breath->name);
		}
	}
}

static void unit_weapons(struct ld *ld, const yaml_node_t *n,
			 const struct bs_unit *u, int mounted)
{
	const struct bs_scenario *s = ld->s;
	int basic = s->level == BS_LEVEL_BASIC;
	yaml_node_t *list = ld_get(ld, n, "weapons");
	char with[160];
	fights_with(u, mounted, with, sizeof with);
	/* RULING R-483: the weapon it fires (issue 14) */
	int fired = u->type == BS_UNIT_MOB || u->artillery != BS_ART_NONE
			? -1
			: bs_unit_weapon_fired(u);
	for (int i = 0; i < u->nweapons; i++) {
		const struct bs_weapon *w = u->weapons[i].weapon;
		yaml_node_t *wn = ld_item(ld, list, i);
		if (!w)
			continue;
		yaml_node_t *ammo = wn && wn->type == YAML_MAPPING_NODE
					? ld_get(ld, wn, "ammo")
					: NULL;
		if (ammo && u->weapons[i].ammo > 0 && i != fired &&
		    !(basic && w->kind == BS_WEAPON_MISSILE))
			warn(ld, ammo, BS_W_AMMO_KEY, "ammo: %d of '%s'",
			     u->weapons[i].ammo, w->name);
		if (w->kind == BS_WEAPON_MISSILE) {
			if (basic)
				warn(ld, wn, BS_W_MISSILE_LEVEL,
				     "weapons: '%s' (%s)", w->name, with);
			else if (i != fired)
				warn(ld, wn, BS_W_MISSILE_UNUSED,
				     "weapons: '%s' (it fires '%s')", w->name,
				     fired >= 0 ? u->weapons[fired].weapon->name
						: "none");
			continue;
		}
	}
}

/* Whether any creature of unit u flies: its own, a part of its mix, its
 * mount or its chariot's pullers [15.0]. */
static int unit_flies(const struct bs_unit *u)
{
	int f =
	    flies(u->creature) || flies(u->mount) || flies(u->chariot.puller);
	for (int k = 0; k < u->nmix && k < BS_UNIT_MAX_MIX; k++)
		f |= flies(u->mix[k].creature);
	return f;
}

static void unit(struct ld *ld, int si, int i, const struct ld_unit_aux *ua)
{
	const struct bs_scenario *s = ld->s;
	const struct bs_side *sd = &s->sides[si];
	const struct bs_unit *u = &sd->units[i];
	const yaml_node_t *n = ua->node;
	int basic = s->level == BS_LEVEL_BASIC;
	int has_mount = u->mount || u->chariot.puller;
	int mounted = has_mount && !basic;
	char with[160];
	if (has_mount && basic) {
		fights_with(u, 0, with, sizeof with);
		if (u->mount)
			warn(ld, ld_get(ld, n, "mount"), BS_W_MOUNTED_LEVEL,
			     "mount: '%s' (%s)", u->mount->name, with);
		else
			warn(ld, ld_get(ld, n, "chariot"), BS_W_MOUNTED_LEVEL,
			     "chariot: pulled by '%s' (%s)",
			     u->chariot.puller->name, with);
	}
	unit_weapons(ld, n, u, mounted);
	/* [10.9] no artillery in the Basic Game [16.3 A] */
	if (basic && u->artillery != BS_ART_NONE)
		warn(ld, ld_get(ld, n, "artillery"), BS_W_ARTILLERY_LEVEL,
		     "artillery: '%s' of '%s'", bs_artillery_name[u->artillery],
		     u->name);

	/* the creatures of the unit, and in play its mount or chariot */
	unsigned char done[BS_W__COUNT] = {0};
	/* [15.1] RULING R-557: `grounded: true` keeps its fliers on the
	 * ground all battle, which is how play moves them: no flying
	 * warning; said of a unit nothing of which flies, an error */
	if (u->grounded) {
		if (!unit_flies(u))
			ld_err(ld, ld_get(ld, n, "grounded"),
			       "grounded: nothing in unit '%s' flies "
			       "(RULING R-557)",
			       u->name);
		done[BS_W_FLYING] = done[BS_W_FLYING_LEVEL] = 1;
	}
	/* [8.2] a weapon in hand takes the place of natural attacks */
	int own = bs_unit_weapon_in_hand(u, mounted) < 0;
	if (u->nmix > 0) {
		yaml_node_t *mix = ld_get(ld, n, "mix");
		for (int k = 0; k < u->nmix; k++)
			creature_flags(
			    ld, ld_get(ld, ld_item(ld, mix, k), "creature"),
			    "mix", u->mix[k].creature, own ? 2 : 0, done);
	} else {
		creature_flags(ld, ld_get(ld, n, "creature"), "creature",
			       u->creature, own, done);
	}
	if (mounted && u->mount)
		creature_flags(ld, ld_get(ld, n, "mount"), "mount", u->mount, 1,
			       done);
	if (mounted && u->chariot.puller) {
		yaml_node_t *ch = ld_get(ld, n, "chariot");
		creature_flags(ld, ch, "chariot", u->chariot.puller, 1, done);
		if (u->chariot.passenger != u->creature)
			creature_flags(ld, ch, "chariot", u->chariot.passenger,
				       own, done);
	}
	regen_partial(ld, n, u, mounted);

	/* items: magic equipment for Table 3; their powers are magic */
	yaml_node_t *items = ld_get(ld, n, "items");
	for (int k = 0; k < u->nitems; k++)
		warn(ld, ld_item(ld, items, k),
		     by_level(ld, BS_LEVEL_ADVANCED, BS_W_UNIT_ITEM_LEVEL,
			      BS_W_UNIT_ITEM),
		     "items: '%s'", u->items[k]);

	if (!basic)
		return;
	for (int k = 0; k < u->nmembers; k++)
		warn(ld, ld_item(ld, ua->members, k), BS_W_MEMBER_LEVEL,
		     "members: '%s' in unit '%s'",
		     sd->individuals[u->members[k]].name, u->name);
	if (u->deputy >= 0)
		warn(ld, ua->deputy, BS_W_DEPUTY_LEVEL,
		     "deputy: '%s' of unit '%s'",
		     sd->individuals[u->deputy].name, u->name);
}

/* ---- individuals ------------------------------------------------------- */

/* RULING R-322: who casts spells (AD&D Players Handbook): clerics, druids,
 * magic-users and illusionists from the 1st level, rangers from the 8th,
 * paladins from the 9th. The class casting, or NULL. */
static const char *caster(const struct bs_individual *ind, int *level)
{
	static const struct {
		const char *cls;
		int from;
	} casters[] = {
	    {"cleric", 1},	{"druid", 1},  {"magic-user", 1},
	    {"illusionist", 1}, {"ranger", 8}, {"paladin", 9},
	};
	for (int i = 0; i < ind->nclasses; i++)
		for (size_t k = 0; k < sizeof casters / sizeof casters[0]; k++)
			if (strcmp(ind->cls[i], casters[k].cls) == 0 &&
			    ind->level[i] >= casters[k].from) {
				*level = ind->level[i];
				return casters[k].cls;
			}
	return NULL;
}

static int is_item(const char *item, const char *name)
{
	return strcasecmp(item, name) == 0;
}

/* ---- [16.3 A] the power levels of magic -------------------------------- */

/* The ordinal suffix of a spell level. */
static const char *nth(int n)
{
	return n == 1 ? "st" : n == 2 ? "nd" : n == 3 ? "rd" : "th";
}

/* RULING R-460: the DMG XP value of an individual's item: a wand, staff
 * or rod of the spell catalog its record's `xp:`, the [14.20] Charisma
 * items (which have no record) the DMG's; 0 when not known. */
static int item_xp(const struct bs_scenario *s, const char *name)
{
	static const struct {
		const char *name;
		int xp;
	} dmg[] = {
	    {"ring of human influence", 2000}, /* DMG: 2,000 XP */
	    {"rod of rulership", 8000},	       /* DMG: 8,000 XP */
	};
	const struct bs_spell *rec = bs_scenario_item(s, name);
	if (rec)
		return rec->xp;
	for (size_t i = 0; i < sizeof dmg / sizeof dmg[0]; i++)
		if (is_item(name, dmg[i].name))
			return dmg[i].xp;
	return 0;
}

/* [16.3 A] RULING R-460: why item `name` is not permitted at the power
 * level of magic in force (into why), or 0 when it is: its spell ("spell
 * effects") above the level's spell level, or its XP value at or above
 * the level's limit. */
static int item_barred(const struct bs_scenario *s, const char *name, char *why,
		       size_t len)
{
	int top = bs_magic_spell_limit(s);
	int xpmax = bs_magic_item_xp_limit(s);
	const struct bs_spell *rec = bs_scenario_item(s, name);
	if (rec && rec->as && rec->as->level > top) {
		snprintf(why, len,
			 "its spell '%s' is of the %d%s level, above the "
			 "%d%s: magic %s",
			 rec->as->name, rec->as->level, nth(rec->as->level),
			 top, nth(top), bs_magic_power_name[s->magic]);
		return 1;
	}
	int xp = item_xp(s, name);
	if (xpmax > 0 && xp >= xpmax) {
		snprintf(why, len, "worth %d XP, %d or more: magic %s", xp,
			 xpmax, bs_magic_power_name[s->magic]);
		return 1;
	}
	return 0;
}

/* 1 when memorized spell sp is above the power level's spell level. */
static int spell_barred(const struct bs_scenario *s, const struct bs_spell *sp)
{
	return sp->level > bs_magic_spell_limit(s);
}

/* [16.3 A] the `magic:` key: the Advanced Game's (RULING R-459), and the
 * AD&D game's limits (the D&D rows name sets the catalog does not
 * record). */
static void magic_key(struct ld *ld, const yaml_node_t *at)
{
	const struct bs_scenario *s = ld->s;
	if (!at)
		return;
	if (s->level < BS_LEVEL_ADVANCED)
		warn(ld, at, BS_W_MAGIC_POWER_LEVEL, "magic: %s",
		     bs_magic_power_name[s->magic]);
	else if (s->game == BS_GAME_DND && s->magic != BS_POWER_ANYTHING_GOES)
		warn(ld, at, BS_W_MAGIC_POWER_DND, "magic: %s (game: dnd)",
		     bs_magic_power_name[s->magic]);
}

/* [16.3 A] RULING R-460: each memorized spell and item of individual k
 * of side si that the power level does not permit, warned where it is
 * written; RULING R-461: at high magic each wish memorized. */
static void magic_limits(struct ld *ld, int si, int k,
			 const struct ld_indiv_aux *ia)
{
	const struct bs_scenario *s = ld->s;
	const struct bs_individual *ind = &s->sides[si].individuals[k];
	for (int i = 0; i < ind->nspells; i++) {
		const struct bs_memorized *m = &ind->spells[i];
		if (spell_barred(s, m->spell))
			bs_warn_add(&ld->s->warnings, BS_W_MAGIC_LIMIT_SPELL,
				    ld->file, m->line, m->col,
				    "spells: '%s' of '%s' (%d%s level, above "
				    "the %d%s: magic %s)",
				    m->spell->name, ind->name, m->spell->level,
				    nth(m->spell->level),
				    bs_magic_spell_limit(s),
				    nth(bs_magic_spell_limit(s)),
				    bs_magic_power_name[s->magic]);
		else if (s->magic == BS_POWER_HIGH && s->game == BS_GAME_ADND &&
			 is_item(m->spell->name, "wish"))
			bs_warn_add(&ld->s->warnings, BS_W_MAGIC_LIMIT_WISH,
				    ld->file, m->line, m->col,
				    "spells: %d x '%s' of '%s' (magic high)",
				    m->count, m->spell->name, ind->name);
	}
	yaml_node_t *items = ld_get(ld, ia->node, "items");
	for (int i = 0; i < ind->nitems; i++) {
		char why[160];
		if (item_barred(s, ind->items[i], why, sizeof why))
			warn(ld, ld_item(ld, items, i), BS_W_MAGIC_LIMIT_ITEM,
			     "items: '%s' of '%s' (%s)", ind->items[i],
			     ind->name, why);
	}
}

/* [16.3 A] RULING R-460 "not permitted": the spells and items warned by
 * magic_limits taken out of the model, so that the engine never casts or
 * uses them (a scripted cast of one is REJECTED in play, nothing left);
 * the Charisma bonus of [14.20] follows the items kept. */
static void magic_model(struct ld *ld)
{
	struct bs_scenario *s = ld->s;
	for (int si = 0; si < s->nsides; si++)
		for (int k = 0; k < s->sides[si].nindividuals; k++) {
			struct bs_individual *ind =
			    &s->sides[si].individuals[k];
			int keep = 0;
			for (int i = 0; i < ind->nspells; i++)
				keep += !spell_barred(s, ind->spells[i].spell);
			if (keep < ind->nspells) {
				struct bs_memorized *m = ld_alloc(
				    ld, (size_t)(keep ? keep : 1) * sizeof *m);
				if (!m)
					return;
				int o = 0;
				for (int i = 0; i < ind->nspells; i++)
					if (!spell_barred(s,
							  ind->spells[i].spell))
						m[o++] = ind->spells[i];
				ind->spells = m;
				ind->nspells = o;
			}
			int o = 0;
			for (int i = 0; i < ind->nitems; i++) {
				char why[160];
				if (item_barred(s, ind->items[i], why,
						sizeof why))
					continue;
				if (o != i) {
					memcpy(ind->items[o], ind->items[i],
					       sizeof ind->items[o]);
					ind->item_charges[o] =
					    ind->item_charges[i];
				}
				o++;
			}
			if (o == ind->nitems)
				continue;
			ind->nitems = o;
			/* [14.20] ring +1, rod +2 (sides.c), of what is kept */
			ind->charisma_item_bonus = 0;
			for (int i = 0; i < o; i++) {
				int b =
				    is_item(ind->items[i], "rod of rulership")
					? 2
				    : is_item(ind->items[i],
					      "ring of human influence")
					? 1
					: 0;
				if (b > ind->charisma_item_bonus)
					ind->charisma_item_bonus = b;
			}
		}
}

static void individual_items(struct ld *ld, const yaml_node_t *n,
			     const struct bs_individual *ind)
{
	const struct bs_scenario *s = ld->s;
	int adnd = s->game == BS_GAME_ADND;
	yaml_node_t *items = ld_get(ld, n, "items");
	for (int k = 0; k < ind->nitems; k++) {
		const char *it = ind->items[k];
		yaml_node_t *at = ld_item(ld, items, k);
		/* [16.3 A] RULING R-460: not permitted (magic_limits) */
		char why[160];
		if (item_barred(s, it, why, sizeof why))
			continue;
		/* [14.20] the items with a BATTLESYSTEM effect of their own
		 * (the other game's are load errors, sides.c) */
		int charisma = adnd ? is_item(it, "ring of human influence") ||
					  is_item(it, "rod of rulership")
				    : is_item(it, "rod of ruling");
		int victory = !adnd && is_item(it, "rod of victory");
		if (s->level < BS_LEVEL_ADVANCED)
			warn(ld, at, BS_W_ITEM_LEVEL, "items: '%s' of '%s'", it,
			     ind->name);
		else if (victory)
			warn(ld, at, BS_W_ROD_OF_VICTORY, "items: '%s' of '%s'",
			     it, ind->name);
		else if (!charisma) {
			/* issue 16 [14.20] RULING R-681: a wand, staff or rod
			 * of the catalog whose spell is played is used as
			 * that spell (r14_cast.c); the warning names why the
			 * others are not */
			const struct bs_spell *rec = bs_scenario_item(s, it);
			if (rec && bs_spell_played(rec))
				continue;
			if (rec)
				warn(ld, at, BS_W_ITEM,
				     "items: '%s' of '%s' (its spell '%s' is "
				     "not played yet, RULING R-574)",
				     it, ind->name,
				     rec->as ? rec->as->name : "?");
			else
				warn(ld, at, BS_W_ITEM,
				     "items: '%s' of '%s' (no wand, staff or "
				     "rod of the spell catalog)",
				     it, ind->name);
		}
	}
}

/* [13.2] [13.4]-[13.6] [13.8] the special attacks and defences of an
 * individual's race that are not in force at this level, or that play
 * does not apply to him (the engine plays them for units' creatures:
 * r08_melee.c, r13_creatures.c, r13_awe.c, r07_rout.c): said at his
 * `race`, with the abilities named; those of the Advanced Game (`every`
 * 0) are not in force below it. Played for him: awe and fear,
 * [13.3] harm by magic weapons only at every level (R-730, not a row),
 * the poison, paralysis and level drain of his natural attacks (R-731,
 * ), his hit points regenerating and his rising again
 * when killed (R-724 .. R-727). */
static void race_abilities(struct ld *ld, const yaml_node_t *n,
			   const struct bs_individual *ind)
{
	static const struct {
		unsigned flag;
		int every;
		const char *what;
	} rows[] = {
	    {BS_CF_POISON, 0, "poisons"},
	    {BS_CF_PARALYZES, 0, "paralyzes"},
	    /* [13.5] RULING R-731: an Advanced Game ability of his (the
	     * end-of-melee check of the units touching him is played at
	     * every level, R-733); [13.3] RULING R-730: hit only by magic
	     * weapons is played at every level, as for units */
	    {BS_CF_LEVEL_DRAIN, 0, "drains levels"},
	    {BS_CF_CAUSES_FEAR, 0, "causes fear"},
	    {BS_CF_DRAGON, 0, "causes a dragon's awe"},
	    /* [13.8] played for him at the Advanced Game: his hit points
	     * regenerate (RULING R-724), he rises again when killed
	     * (RULING R-725 .. R-727); below it, not in force */
	    {BS_CF_REGENERATES, 0, "regenerates"},
	};
	if (!ind->race)
		return;
	const yaml_node_t *at =
	    ld_get(ld, n, "race") ? ld_get(ld, n, "race") : n;
	int below = ld->s->level < BS_LEVEL_ADVANCED;
	/* RULING: his poison, level drain and paralysis
	 * ride on his race's natural attacks; with a weapon in hand (his
	 * melee weapon, R-700) they are not his */
	int armed = bs_individual_melee_weapon(ind) != NULL;
	int natural = !armed && ind->race->attacks.nparts > 0;
	for (int pass = 0; pass < 2; pass++) {
		/* pass 0: what is not in force at this level; pass 1: what
		 * is in force and not played for him */
		char what[200] = "";
		size_t k = 0;
		for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
			if (!(ind->race->flags & rows[i].flag) ||
			    (pass == 0) != (below && !rows[i].every))
				continue;
			/* [13.6] RULING R-604: an individual's awe and fear
			 * are played at the Advanced Game (r13_awe.c) */
			if (pass == 1 &&
			    (rows[i].flag & (BS_CF_CAUSES_FEAR | BS_CF_DRAGON)))
				continue;
			/* [13.8] RULING R-724 .. R-727: his regeneration and
			 * his rising again are played (r13_regen.c) */
			if (pass == 1 && (rows[i].flag & BS_CF_REGENERATES))
				continue;
			/* [13.2] [13.4] [13.5] RULING,
			 * played on his natural attacks */
			unsigned nat =
			    BS_CF_POISON | BS_CF_LEVEL_DRAIN | BS_CF_PARALYZES;
			if (pass == 1 && (rows[i].flag & nat) && natural)
				continue;
			int n =
			    snprintf(what + k, sizeof what - k, "%s%s%s",
				     k ? ", " : "", rows[i].what,
				     pass == 1 && (rows[i].flag & nat)
					 ? (armed ? " (he fights with a weapon)"
						  : " (no natural attacks: "
						    "his fists)")
					 : "");
			if (n > 0 && (size_t)n < sizeof what - k)
				k += (size_t)n;
		}
		if (k)
			warn(ld, at,
			     pass == 0 ? BS_W_RACE_ABILITY_LEVEL
				       : BS_W_RACE_ABILITY,
			     "race: '%s' of '%s' %s", ind->race->name,
			     ind->name, what);
	}
}

static void individual(struct ld *ld, int si, int k,
		       const struct ld_indiv_aux *ia)
{
	const struct bs_scenario *s = ld->s;
	const struct bs_side *sd = &s->sides[si];
	const struct bs_individual *ind = &sd->individuals[k];
	const yaml_node_t *n = ia->node;
	int basic = s->level == BS_LEVEL_BASIC;
	int independent =
	    ind->rank == BS_RANK_BRIGADE || ind->rank == BS_RANK_ARMY;
	int commands = ind->leads >= 0 || independent;
	/* RULING R-307: a hero is an individual who neither commands (a
	 * unit, or as a brigade or army commander) nor fights in a unit's
	 * ranks; a rank of unit without a unit commands nothing [4.10] */
	if (!commands && ia->member_of < 0 && basic)
		warn(ld, n, BS_W_HERO_LEVEL, "individual '%s' (a hero%s)",
		     ind->name,
		     ind->rank == BS_RANK_UNIT
			 ? "; rank unit, but no unit names him commander"
			 : "");
	/* issue 15: from the Intermediate Game heroes and independent
	 * commanders are played (r09_figures.c, r09_individual.c); a rank of
	 * unit without a unit has no effect */
	if (!commands && ia->member_of < 0 && !basic &&
	    ind->rank == BS_RANK_UNIT)
		warn(ld, ia->rank ? ia->rank : n, BS_W_RANK_UNUSED,
		     "rank: unit of '%s'", ind->name);
	/* RULING R-112: a unit commander [9.2] and, from the Intermediate
	 * Game, a member [9.1] stand with the unit (the engine's with_unit) */
	int with_unit = (ind->leads >= 0 && ind->rank == BS_RANK_UNIT) ||
			(ia->member_of >= 0 && !basic);
	yaml_node_t *pos = ld_get(ld, n, "position");
	if (with_unit && pos)
		warn(ld, pos, BS_W_POSITION_IGNORED, "position: of '%s'",
		     ind->name);
	int lvl = 0;
	const char *cls = caster(ind, &lvl);
	/* RULING R-322: a magic-user or illusionist given `spells: []` has
	 * memorized nothing: no spell of his is left out, so no warning (a
	 * cleric's turning undead [14.19] is not a memorized spell) */
	int none_memorized =
	    cls && ind->nspells == 0 && !ind->spells_default &&
	    (strcmp(cls, "magic-user") == 0 || strcmp(cls, "illusionist") == 0);
	if (cls && !none_memorized && ld->s->level != BS_LEVEL_ADVANCED)
		warn(ld, ld_get(ld, n, "class"), BS_W_MAGIC_LEVEL,
		     "class: %s %d of '%s'", cls, lvl, ind->name);
	/* issue 16, RULING R-574: at `advanced` the [14.5] spells that do hit
	 * points of damage are cast (r14_cast.c); the others he memorized
	 * are named (a cleric's turning undead [14.19] is played) */
	if (cls && ld->s->level == BS_LEVEL_ADVANCED) {
		char names[160] = "";
		size_t k = 0;
		int left_out = 0;
		for (int i = 0; i < ind->nspells; i++) {
			const struct bs_spell *sp = ind->spells[i].spell;
			/* [16.3 A] RULING R-460: not permitted (magic_limits)
			 */
			if (bs_spell_played(sp) || spell_barred(s, sp))
				continue;
			if (left_out++ < 3 && k + 1 < sizeof names) {
				int w =
				    snprintf(names + k, sizeof names - k,
					     "%s%s", k ? ", " : "", sp->name);
				if (w > 0)
					k += (size_t)w < sizeof names - k
						 ? (size_t)w
						 : sizeof names - k - 1;
			}
		}
		if (left_out)
			warn(ld, ld_get(ld, n, "class"), BS_W_SPELLS,
			     "class: %s %d of '%s' (not cast: %s%s)", cls, lvl,
			     ind->name, names, left_out > 3 ? ", ..." : "");
	}
	/* [13.6] RULING R-556: a god's awe is the Advanced Game's ("AD&D
	 * Game Only", as the other awe, r13_awe.c) and needs "a charisma of
	 * 19 or higher" */
	if (ind->divine != BS_DIVINE_NONE) {
		yaml_node_t *dv = ld_get(ld, n, "divine");
		if (ld->s->level != BS_LEVEL_ADVANCED)
			warn(ld, dv, BS_W_DIVINE_LEVEL, "divine: %s of '%s'",
			     bs_divine_name[ind->divine], ind->name);
		else if (ind->ability[BS_CHA] < 19)
			warn(ld, dv, BS_W_DIVINE_UNUSED,
			     "divine: %s of '%s' (Charisma %d)",
			     bs_divine_name[ind->divine], ind->name,
			     ind->ability[BS_CHA]);
	}
	individual_items(ld, n, ind);
	race_abilities(ld, n, ind);
	/* [13.7] issue 16: his race's breath weapon (r13_breath.c) is played
	 * at `advanced`: in the Missile and Magic Phase, as pass-through fire
	 * and as split-fire on his own way (RULING) */
	if (ind->race && ind->race->breath && ld->s->level != BS_LEVEL_ADVANCED)
		warn(ld, ld_get(ld, n, "race") ? ld_get(ld, n, "race") : n,
		     BS_W_BREATH_LEVEL, "race: '%s' of '%s' breath weapon '%s'",
		     ind->race->name, ind->name, ind->race->breath->name);
	/* RULING: heroes who shoot (r09_missiles.c) are
	 * played in every phase a unit shoots in (R-549, R-698: pass-through
	 * fire at a unit's move and at a lone individual's). RULING R-700,
	 * with a melee weapon among his `weapons:` he fights with it;
	 * when his only weapons are missile weapons (a bow is no melee
	 * weapon, PH) he fights with his natural attacks or his fists: a
	 * caveat where the weapon is given */
	const struct bs_unit_weapon *mw = bs_individual_missile_weapon(ind);
	if (mw && mw->weapon->kind == BS_WEAPON_MISSILE &&
	    !bs_individual_melee_weapon(ind)) {
		const char *wk = ind->weapons_listed ? "weapons" : "weapon";
		warn(ld, ld_get(ld, n, wk) ? ld_get(ld, n, wk) : n,
		     BS_W_HERO_MISSILE, "%s: '%s' of '%s'", wk,
		     mw->weapon->name, ind->name);
	}
	/* RULING R-700: an individual's ammunition is not counted */
	{
		yaml_node_t *wl = ld_get(ld, n, "weapons");
		yaml_node_t *w1 = ld_get(ld, n, "weapon");
		int nw = wl && wl->type == YAML_SEQUENCE_NODE
			     ? (int)(wl->data.sequence.items.top -
				     wl->data.sequence.items.start)
			     : w1 != NULL;
		for (int i = 0; i < nw && i < ind->nweapons; i++) {
			yaml_node_t *wn = wl ? ld_item(ld, wl, i) : w1;
			yaml_node_t *am = wn && wn->type == YAML_MAPPING_NODE
					      ? ld_get(ld, wn, "ammo")
					      : NULL;
			if (am && ind->weapons[i].ammo > 0)
				warn(ld, am, BS_W_AMMO_KEY,
				     "ammo: %d of '%s' of '%s' (an "
				     "individual's shots are not counted, "
				     "R-700)",
				     ind->weapons[i].ammo,
				     ind->weapons[i].weapon->name, ind->name);
		}
	}
	if (basic && ia->deputy_of && ind->deputy_of >= 0)
		warn(ld, ia->deputy_of, BS_W_DEPUTY_LEVEL,
		     "deputy_of: '%s' for '%s'", ind->name,
		     sd->individuals[ind->deputy_of].name);
	/* an independent commander or a hero moves alone [9.2] [9.4]: on
	 * the ground (a dragon hero's wings are not played either) */
	/* [15.1] RULING R-557: `grounded: true`, on the ground all battle */
	if (ind->grounded && !flies(ind->race))
		ld_err(ld, ld_get(ld, n, "grounded"),
		       "grounded: '%s' does not fly (RULING R-557)", ind->name);
	if ((independent || (!commands && ia->member_of < 0)) &&
	    !ind->grounded && flies(ind->race))
		warn(ld, ld_get(ld, n, "race") ? ld_get(ld, n, "race") : n,
		     by_level(ld, BS_LEVEL_ADVANCED, BS_W_FLYING_LEVEL,
			      BS_W_FLYING),
		     "race: '%s' of '%s' flies (%d\")", ind->race->name,
		     ind->name, ind->race->fly_mv);
}

/* ---- the scenario's own catalog entries --------------------------------- */

/* The name of catalog entry m (or `dflt`, an inline creature's unit). */
static const char *entry_name(struct ld *ld, const yaml_node_t *m,
			      const char *dflt)
{
	yaml_node_t *n = ld_get(ld, m, "name");
	return n && n->type == YAML_SCALAR_NODE
		   ? (const char *)n->data.scalar.value
		   : dflt;
}

/* RULING R-313: a creature's Table 3 keys of the other game: asterisks
 * count in D&D only, special and exceptional abilities in AD&D only
 * ([4.1] Table 3 note). */
static void creature_keys(struct ld *ld, const yaml_node_t *m, const char *dflt)
{
	if (!m || m->type != YAML_MAPPING_NODE)
		return;
	const char *name = entry_name(ld, m, dflt);
	if (ld->s->game == BS_GAME_ADND) {
		yaml_node_t *a = ld_get(ld, m, "asterisks");
		int v = 0;
		if (a && ld_int(ld, a, "asterisks", 0, 10, &v) == 0 && v > 0)
			warn(ld, a, BS_W_GAME_KEY,
			     "asterisks: %d of '%s' (D&D asterisks, in an AD&D "
			     "game)",
			     v, name);
		return;
	}
	static const char *const keys[] = {"special_abilities",
					   "exceptional_abilities"};
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
		yaml_node_t *k = ld_get(ld, m, keys[i]);
		int v = 0;
		if (k && ld_bool(ld, k, keys[i], &v) == 0 && v)
			warn(ld, k, BS_W_GAME_KEY,
			     "%s: true of '%s' (an AD&D row, in a D&D game)",
			     keys[i], name);
	}
}

/* RULING R-313: a weapon's speed factor and weapon-vs-AC row, which no
 * rule played uses. */
static void weapon_keys(struct ld *ld, const yaml_node_t *m)
{
	if (!m || m->type != YAML_MAPPING_NODE)
		return;
	const char *name = entry_name(ld, m, "?");
	yaml_node_t *v = ld_get(ld, m, "vs_ac");
	if (v)
		warn(ld, v, BS_W_WEAPON_VS_AC, "vs_ac: of '%s'", name);
	yaml_node_t *sp = ld_get(ld, m, "speed");
	int f = 0;
	if (!sp || ld_int(ld, sp, "speed", 0, 20, &f) != 0 || f <= 0)
		return;
	const struct bs_scenario *s = ld->s;
	if (s->level == BS_LEVEL_BASIC) {
		warn(ld, sp, BS_W_WEAPON_SPEED_LEVEL, "speed: %d of '%s'", f,
		     name);
		return;
	}
	/* [5.2] [9.4 B] the tie of individual initiative (RULING R-509):
	 * it counts when an individual has the weapon in hand */
	for (int si = 0; si < s->nsides; si++)
		for (int k = 0; k < s->sides[si].nindividuals; k++) {
			/* RULING R-700: his melee weapon's speed */
			const struct bs_unit_weapon *iw =
			    bs_individual_melee_weapon(
				&s->sides[si].individuals[k]);
			if (iw && bs_name_eq(iw->weapon->name, name))
				return;
		}
	warn(ld, sp, BS_W_WEAPON_SPEED, "speed: %d of '%s'", f, name);
}

/* The entries of the scenario's `catalog:` and its units' inline
 * creatures. */
static void catalog_keys(struct ld *ld, struct ld_side_aux *aux,
			 const yaml_node_t *cat)
{
	yaml_node_t *lists[2] = {ld_get(ld, cat, "creatures"),
				 ld_get(ld, cat, "weapons")};
	for (int l = 0; l < 2; l++) {
		const yaml_node_t *list = lists[l];
		int n = items(list);
		for (int i = 0; i < n; i++) {
			yaml_node_t *e = ld_item(ld, list, i);
			if (l == 0)
				creature_keys(ld, e, "?");
			else
				weapon_keys(ld, e);
		}
	}
	const struct bs_scenario *s = ld->s;
	for (int si = 0; si < s->nsides; si++)
		for (int i = 0; i < s->sides[si].nunits; i++)
			creature_keys(
			    ld, ld_get(ld, aux[si].units[i].node, "creature"),
			    s->sides[si].units[i].name);
}

/* ---- the Basic Game's model ------------------------------------------- */

/* RULING R-305 [16.3 A] "forces that have Intermediate or Advanced Game
 * abilities cannot use them": at basic the model keeps no mount, chariot,
 * member or deputy, so that no rules code can use them. */
static void basic_model(struct bs_scenario *s)
{
	for (int si = 0; si < s->nsides; si++) {
		struct bs_side *sd = &s->sides[si];
		for (int i = 0; i < sd->nunits; i++) {
			struct bs_unit *u = &sd->units[i];
			u->mount = NULL;
			memset(&u->chariot, 0, sizeof u->chariot);
			u->nmembers = 0;
			u->deputy = -1;
		}
		for (int k = 0; k < sd->nindividuals; k++)
			sd->individuals[k].deputy_of = -1;
	}
}

/* ---- 2E --------------------------------------------------------------- */

static void bs2e_keys(struct ld *ld, const struct ld_top *top)
{
	const struct {
		const yaml_node_t *n;
		const char *key;
	} keys[] = {
	    {top->level, "level"},
	    {top->game, "game"},
	    {top->special, "special_unit_types"},
	    {top->catalog, "catalog"},
	    {top->magic, "magic"},
	};
	for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
		if (keys[i].n)
			warn(ld, keys[i].n, BS_W_BS2E_KEY, "%s", keys[i].key);
}

/* The text of a scalar node, "?" for anything else. */
static const char *scalar(const yaml_node_t *n)
{
	return n && n->type == YAML_SCALAR_NODE
		   ? (const char *)n->data.scalar.value
		   : "?";
}

/* [Part 2] the Basic Game changes no roles [9.0] and has no deputies
 * [9.3] (RULING ): a scripted `role:` or `take_over:` entry
 * and a `chain_of_command:` chart do nothing there. */
static void basic_roles(struct ld *ld, int si, const struct ld_side_aux *a)
{
	const struct bs_side *sd = &ld->s->sides[si];
	if (a->chain)
		warn(ld, a->chain, BS_W_DEPUTY_LEVEL,
		     "chain_of_command: of '%s'", sd->name);
	int n = items(a->orders);
	for (int i = 0; i < n; i++) {
		yaml_node_t *e = ld_item(ld, a->orders, i);
		yaml_node_t *r = ld_get(ld, e, "role");
		yaml_node_t *t = ld_get(ld, e, "take_over");
		yaml_node_t *who = ld_get(ld, e, "individual");
		if (r || t)
			warn(ld, r ? r : t, BS_W_ROLE_LEVEL, "%s: %s of '%s'",
			     r ? "role" : "take_over", scalar(r ? r : t),
			     scalar(who));
	}
}

void ld_levels(struct ld *ld, struct ld_side_aux *aux, const struct ld_top *top)
{
	struct bs_scenario *s = ld->s;
	if (s->rules == BS_RULES_BS2E) {
		bs2e_keys(ld, top);
		terrain(ld, top->terrain);
		return;
	}
	if (s->rules != BS_RULES_BS1E)
		return;
	options(ld, top->options);
	terrain(ld, top->terrain);
	catalog_keys(ld, aux, top->catalog);
	for (int si = 0; si < s->nsides; si++) {
		const struct bs_side *sd = &s->sides[si];
		for (int i = 0; i < sd->nunits; i++)
			unit(ld, si, i, &aux[si].units[i]);
		for (int k = 0; k < sd->nindividuals; k++) {
			individual(ld, si, k, &aux[si].indivs[k]);
			magic_limits(ld, si, k, &aux[si].indivs[k]);
		}
	}
	magic_key(ld, top->magic);
	magic_model(ld);
	/* [5.2] [9.4 B] "rolled according to normal AD&D or D&D game
	 * procedures" (RULING R-555): the AD&D 1E ones are played for both
	 * games; said once, at `game:`, when a D&D game has individuals */
	int nind = 0;
	for (int si = 0; si < s->nsides; si++)
		nind += s->sides[si].nindividuals;
	if (s->game == BS_GAME_DND && s->level != BS_LEVEL_BASIC && nind)
		warn(ld, top->game, BS_W_DND_INDIVIDUAL,
		     "game: dnd with %d individual%s", nind,
		     nind == 1 ? "" : "s");
	if (s->level == BS_LEVEL_BASIC) {
		for (int si = 0; si < s->nsides; si++)
			basic_roles(ld, si, &aux[si]);
		basic_model(s);
	}
}
