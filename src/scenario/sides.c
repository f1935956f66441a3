/* Sides, units, individuals and terrain of a scenario file: each key parsed
 * and range-checked, catalog names resolved. Sections: [2.6]-[2.11] (unit
 * types and sizes), [3.1] (roster entries, mixed units, D&D movement),
 * [3.2] (individuals), [7.1] (formations), [11.2] (cavalry), [11.3]
 * (chariots), [11.8] Table 14 (terrain), [14.20] (charisma items). */
#include <ctype.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "battlesim/bs1e_tables.h"
#include "battlesim/spell.h"
#include "battlesim/terrain.h"
#include "scenario/loader.h"

/* ---- positions and terrain --------------------------------------------------
 */

/* RULING R-035 [3.4] only the reference point (a unit's centre of the
 * front edge, a terrain vertex) must lie on the table; where the block of
 * bases falls is checked by the movement rules. */
int ld_position(struct ld *ld, const yaml_node_t *n, const char *key, double *x,
		double *y)
{
	const struct bs_scenario *s = ld->s;
	int len = ld_list(ld, n, key, LD_MAX_LIST, "coordinates");
	if (len < 0)
		return -1;
	if (len != 2) {
		ld_err(ld, n, "%s: expected [x, y] in inches", key);
		return -1;
	}
	double v[2];
	for (int i = 0; i < 2; i++)
		if (ld_num(ld, ld_item(ld, n, i), key, -1e6, 1e6, &v[i]) != 0)
			return -1;
	if (v[0] < 0 || v[0] > s->width || v[1] < 0 || v[1] > s->depth) {
		ld_err(ld, n,
		       "%s: [%g, %g] is outside the table (x 0 to %g, y 0 to "
		       "%g inches)",
		       key, v[0], v[1], s->width, s->depth);
		return -1;
	}
	*x = v[0];
	*y = v[1];
	return 0;
}

enum { TK_NAME, TK_TYPE, TK_POINTS, TK_ELEVATION, TK_FORDABLE, TK__N };
static const char *const terrain_keys[TK__N] = {
    [TK_NAME] = "name",		[TK_TYPE] = "type",
    [TK_POINTS] = "points",	[TK_ELEVATION] = "elevation",
    [TK_FORDABLE] = "fordable",
};

/* RULING R-442: an outline is a simple polygon: it encloses an area and
 * no two of its edges cross or touch, except neighbours at their corner
 * (the queries cut it into triangles). */
static void check_outline(struct ld *ld, const yaml_node_t *at,
			  const struct bs_terrain *t)
{
	int n = t->npts;
	for (int i = 0; i < n; i++) {
		struct bs_vec a = {t->pts[i][0], t->pts[i][1]};
		struct bs_vec b = {t->pts[(i + 1) % n][0],
				   t->pts[(i + 1) % n][1]};
		if (bs_vec_dist(a, b) < 1e-9) {
			ld_err(ld, at,
			       "points: point %d of terrain '%s' repeats the "
			       "point before it",
			       (i + 1) % n + 1, t->name);
			return;
		}
		for (int j = i + 1; j < n; j++) {
			if (j == i + 1 || (i == 0 && j == n - 1))
				continue; /* neighbours share a corner */
			struct bs_vec c = {t->pts[j][0], t->pts[j][1]};
			struct bs_vec d = {t->pts[(j + 1) % n][0],
					   t->pts[(j + 1) % n][1]};
			if (!bs_seg_intersect(a, b, c, d))
				continue;
			ld_err(ld, at,
			       "points: the outline of terrain '%s' crosses "
			       "itself (the edge from point %d to %d meets the "
			       "edge from point %d to %d)",
			       t->name, i + 1, (i + 1) % n + 1, j + 1,
			       (j + 1) % n + 1);
			return;
		}
	}
	double area = 0;
	for (int i = 0; i < n; i++) {
		const double *a = t->pts[i], *b = t->pts[(i + 1) % n];
		area += a[0] * b[1] - b[0] * a[1];
	}
	if (fabs(area) / 2 < 1e-6) {
		ld_err(ld, at,
		       "points: the outline of terrain '%s' encloses no area "
		       "(its points lie on one line)",
		       t->name);
	}
}

static void parse_terrain(struct ld *ld, const yaml_node_t *n,
			  struct bs_terrain *t)
{
	yaml_node_t *v[TK__N];
	t->type = BS_TERRAIN_CLEAR;
	if (ld_collect(ld, n, "terrain", terrain_keys, TK__N, v) != 0)
		return;
	if (ld_require(ld, n, "terrain", "type", v[TK_TYPE]) == 0) {
		const char *key = ld_text(ld, v[TK_TYPE], "type", "a terrain");
		int k = key ? bs_terrain_type_from_key(key) : -2;
		if (k >= 0) {
			t->type = k;
		} else if (k == -1) {
			const char *names[BS_TERRAIN__COUNT];
			for (int i = 0; i < BS_TERRAIN__COUNT; i++)
				names[i] = bs_terrain_kinds[i].key;
			ld_enum(ld, v[TK_TYPE], "type", names,
				BS_TERRAIN__COUNT, &k);
		}
	}
	if (v[TK_NAME])
		ld_str(ld, v[TK_NAME], "name", t->name, sizeof t->name);
	else if (t->type >= 0 && t->type < BS_TERRAIN__COUNT)
		snprintf(t->name, sizeof t->name, "%s",
			 bs_terrain_kinds[t->type].key);
	if (ld_require(ld, n, "terrain", "points", v[TK_POINTS]) == 0) {
		int len = ld_list(ld, v[TK_POINTS], "points",
				  BS_TERRAIN_MAX_POINTS, "points");
		if (len >= 0 && len < 3)
			ld_err(ld, v[TK_POINTS],
			       "points: a terrain feature needs 3 to %d "
			       "points, got %d",
			       BS_TERRAIN_MAX_POINTS, len);
		for (int i = 0; i < len; i++) {
			double x, y;
			if (ld_position(ld, ld_item(ld, v[TK_POINTS], i),
					"points", &x, &y) != 0)
				continue;
			t->pts[t->npts][0] = x;
			t->pts[t->npts][1] = y;
			t->npts++;
		}
	}
	if (t->npts >= 3)
		check_outline(ld, v[TK_POINTS], t);
	/* RULING R-443: an elevation feature is a contour 10 feet up unless
	 * it says how high */
	if (bs_terrain_kind_of(t->type)->row == BS_T14_ELEVATION)
		t->elevation = 1;
	if (v[TK_ELEVATION])
		ld_int(ld, v[TK_ELEVATION], "elevation", 0, 100, &t->elevation);
	if (v[TK_FORDABLE])
		ld_bool(ld, v[TK_FORDABLE], "fordable", &t->fordable);
}

void ld_terrain(struct ld *ld, const yaml_node_t *n)
{
	struct bs_scenario *s = ld->s;
	int len = ld_list(ld, n, "terrain", LD_MAX_TERRAIN, "features");
	if (len <= 0)
		return;
	s->terrain = ld_alloc(ld, (size_t)len * sizeof *s->terrain);
	if (!s->terrain)
		return;
	for (int i = 0; i < len; i++)
		parse_terrain(ld, ld_item(ld, n, i),
			      &s->terrain[s->nterrain++]);
}

/* ---- weapons, armor, items
 * --------------------------------------------------- */

enum { UW_NAME, UW_PLUS, UW_AMMO, UW__N };
static const char *const unit_weapon_keys[UW__N] = {
    [UW_NAME] = "name",
    [UW_PLUS] = "plus",
    [UW_AMMO] = "ammo",
};

/* A weapon: NAME or {name, plus, ammo}. Returns 0 when resolved. */
static int parse_unit_weapon(struct ld *ld, const yaml_node_t *n,
			     const char *key, struct bs_unit_weapon *uw)
{
	memset(uw, 0, sizeof *uw);
	if (n->type != YAML_MAPPING_NODE) {
		uw->weapon = ld_ref_weapon(ld, n, key);
		return uw->weapon ? 0 : -1;
	}
	yaml_node_t *v[UW__N];
	if (ld_collect(ld, n, "weapon", unit_weapon_keys, UW__N, v) != 0)
		return -1;
	if (ld_require(ld, n, "weapon", "name", v[UW_NAME]) == 0)
		uw->weapon = ld_ref_weapon(ld, v[UW_NAME], "name");
	if (v[UW_PLUS])
		ld_int(ld, v[UW_PLUS], "plus", -5, 5, &uw->plus);
	if (v[UW_AMMO])
		ld_int(ld, v[UW_AMMO], "ammo", 0, 99, &uw->ammo);
	return uw->weapon ? 0 : -1;
}

/* AC from armor names on a creature: RULING R-026 [3.1] body armor gives
 * its AC (the creature's listed AC assumes its usual gear: orcs in leather
 * are AC 8, [4.1]); a creature with natural armor keeps its own AC when
 * that is better; a shield then improves AC by 1. At most one body armor
 * and one shield. Returns the AC; *has_shield = 1 when a shield is in the
 * list (the [8.3] flank attack negates its bonus), 2 when it is a large
 * shield ([11.6] the Shield Wall). */
static int armor_ac(struct ld *ld, const yaml_node_t *list,
		    const struct bs_creature *c, int *given, int *has_shield)
{
	int len = ld_list(ld, list, "armor", 4, "armor pieces");
	const struct bs_armor *body = NULL, *shield = NULL;
	for (int i = 0; i < len; i++) {
		yaml_node_t *n = ld_item(ld, list, i);
		const struct bs_armor *a = ld_ref_armor(ld, n, "armor");
		if (!a)
			continue;
		if (a->is_shield && shield)
			ld_err(ld, n, "armor: two shields ('%s' and '%s')",
			       shield->name, a->name);
		else if (!a->is_shield && body)
			ld_err(ld, n, "armor: two body armors ('%s' and '%s')",
			       body->name, a->name);
		else if (a->is_shield)
			shield = a;
		else
			body = a;
	}
	*given = len > 0;
	*has_shield = shield ? (shield->large_shield ? 2 : 1) : 0;
	int ac = c ? c->ac : 10;
	if (body) {
		int natural = c && (c->flags & BS_CF_NATURAL_ARMOR);
		if (!natural || body->ac < ac)
			ac = body->ac;
	}
	if (shield)
		ac -= 1;
	return ac < -10 ? -10 : ac;
}

static int parse_items(struct ld *ld, const yaml_node_t *n,
		       char items[][BS_NAME_MAX])
{
	int len = ld_list(ld, n, "items", BS_UNIT_MAX_ITEMS, "items");
	int k = 0;
	for (int i = 0; i < len; i++)
		if (ld_str(ld, ld_item(ld, n, i), "items", items[k],
			   BS_NAME_MAX) == 0)
			k++;
	return k;
}

enum { II_NAME, II_CHARGES, II__N };
static const char *const indiv_item_keys[II__N] = {
    [II_NAME] = "name",
    [II_CHARGES] = "charges",
};

/* An individual's `items:`: each NAME or {name: NAME, charges: N} (a wand,
 * staff or rod of the spell catalog and its charges [14.20]; RULING
 * R-680 the default when none are written, bs_item_charges). Units'
 * items are names only (parse_items). */
static void parse_indiv_items(struct ld *ld, const yaml_node_t *n,
			      struct bs_individual *ind)
{
	int len = ld_list(ld, n, "items", BS_UNIT_MAX_ITEMS, "items");
	int k = 0;
	for (int i = 0; i < len; i++) {
		yaml_node_t *it = ld_item(ld, n, i);
		if (!it)
			continue;
		ind->item_charges[k] = -1;
		if (it->type != YAML_MAPPING_NODE) {
			if (ld_str(ld, it, "items", ind->items[k],
				   BS_NAME_MAX) == 0)
				k++;
			continue;
		}
		yaml_node_t *v[II__N];
		if (ld_collect(ld, it, "item", indiv_item_keys, II__N, v) !=
			0 ||
		    ld_require(ld, it, "item", "name", v[II_NAME]) != 0 ||
		    ld_str(ld, v[II_NAME], "name", ind->items[k],
			   BS_NAME_MAX) != 0)
			continue;
		/* an error in its charges keeps the item (the load fails;
		 * what names it gives no second error) */
		if (v[II_CHARGES] && !bs_scenario_item(ld->s, ind->items[k]))
			ld_err(ld, v[II_CHARGES],
			       "charges: '%s' is no wand, staff or rod of the "
			       "spell catalog (only those have charges) "
			       "[14.20]",
			       ind->items[k]);
		else if (v[II_CHARGES])
			ld_int(ld, v[II_CHARGES], "charges", 0, 200,
			       &ind->item_charges[k]);
		k++;
	}
	ind->nitems = k;
}

/* mv override: inches, or in a D&D game feet per turn / 10 [3.1].
 * RULING R-022 [3.1] fractions are dropped (95' -> 9"). */
static void parse_mv(struct ld *ld, const yaml_node_t *n, int *out)
{
	int dnd = ld->game == BS_GAME_DND;
	int v;
	if (ld_int(ld, n, "mv", 0, dnd ? 600 : 60, &v) == 0)
		*out = dnd ? v / 10 : v; /* [3.1] 120' = 12" */
}

/* ---- units
 * -------------------------------------------------------------------- */

enum {
	UK_NAME,
	UK_TYPE,
	UK_FIGURES,
	UK_CREATURE,
	UK_MIX,
	UK_RATIO,
	UK_ARMOR,
	UK_AC,
	UK_THAC0,
	UK_MV,
	UK_WEAPONS,
	UK_ITEMS,
	UK_MAGIC,
	UK_MOUNT,
	UK_CHARIOT,
	UK_POSITION,
	UK_FACING,
	UK_FORMATION,
	UK_FRONTAGE,
	UK_COMMANDER,
	UK_DEPUTY,
	UK_MEMBERS,
	UK_ARTILLERY,
	UK_SPARE_CREW,
	UK_SPECIAL_AMMO,
	UK_GROUNDED,
	UK__N
};
static const char *const unit_keys[UK__N] = {
    [UK_NAME] = "name",
    [UK_TYPE] = "type",
    [UK_FIGURES] = "figures",
    [UK_CREATURE] = "creature",
    [UK_MIX] = "mix",
    [UK_RATIO] = "ratio",
    [UK_ARMOR] = "armor",
    [UK_AC] = "ac",
    [UK_THAC0] = "thac0",
    [UK_MV] = "mv",
    [UK_WEAPONS] = "weapons",
    [UK_ITEMS] = "items",
    [UK_MAGIC] = "magic",
    [UK_MOUNT] = "mount",
    [UK_CHARIOT] = "chariot",
    [UK_POSITION] = "position",
    [UK_FACING] = "facing",
    [UK_FORMATION] = "formation",
    [UK_FRONTAGE] = "frontage",
    [UK_COMMANDER] = "commander",
    [UK_DEPUTY] = "deputy",
    [UK_MEMBERS] = "members",
    [UK_ARTILLERY] = "artillery",
    [UK_SPARE_CREW] = "spare_crew",
    [UK_SPECIAL_AMMO] = "special_ammo",
    [UK_GROUNDED] = "grounded", /* [15.1] R-557 (levels.c) */
};

enum { MK_CREATURE, MK_COUNT, MK_ARMOR, MK__N };
static const char *const mix_keys[MK__N] = {
    [MK_CREATURE] = "creature",
    [MK_COUNT] = "count",
    [MK_ARMOR] = "armor",
};

enum { CH_PULLED_BY, CH_PULLERS, CH_PASSENGER, CH_PASSENGERS, CH__N };
static const char *const chariot_keys[CH__N] = {
    [CH_PULLED_BY] = "pulled_by",
    [CH_PULLERS] = "pullers",
    [CH_PASSENGER] = "passenger",
    [CH_PASSENGERS] = "passengers",
};

/* Figures a unit of each type starts with: [2.8] regular 4-48, [2.9]
 * skirmish 1-24, [2.10] mob 12-96. RULING R-021 [2.11] elite and
 * berserker units "act as a regular unit": the regular limits. */
static const struct {
	int lo, hi;
	const char *cite;
} unit_size[BS_UNIT__COUNT] = {
    [BS_UNIT_REGULAR] = {4, 48, "[2.8]"},
    [BS_UNIT_SKIRMISH] = {1, 24, "[2.9]"},
    [BS_UNIT_MOB] = {12, 96, "[2.10]"},
    [BS_UNIT_ELITE] = {4, 48, "[2.8] [2.11]"},
    [BS_UNIT_BERSERKER] = {4, 48, "[2.8] [2.11]"},
};

/* Formations a unit type may use [7.1]; elite may also skirmish, and
 * berserkers never enter closed formation [2.11] (RULING R-021: nor
 * skirmish formation, which only elite units gain). RULING R-034 [7.1]
 * the starting formation defaults to closed for regular and elite units,
 * open for berserkers, skirmish and mob for those types. */
static const unsigned unit_forms[BS_UNIT__COUNT] = {
    [BS_UNIT_REGULAR] = 1u << BS_FORM_CLOSED | 1u << BS_FORM_OPEN,
    [BS_UNIT_SKIRMISH] = 1u << BS_FORM_SKIRMISH,
    [BS_UNIT_MOB] = 1u << BS_FORM_MOB,
    [BS_UNIT_ELITE] =
	1u << BS_FORM_CLOSED | 1u << BS_FORM_OPEN | 1u << BS_FORM_SKIRMISH,
    [BS_UNIT_BERSERKER] = 1u << BS_FORM_OPEN,
};
static const enum bs_formation default_form[BS_UNIT__COUNT] = {
    [BS_UNIT_REGULAR] = BS_FORM_CLOSED, [BS_UNIT_SKIRMISH] = BS_FORM_SKIRMISH,
    [BS_UNIT_MOB] = BS_FORM_MOB,	[BS_UNIT_ELITE] = BS_FORM_CLOSED,
    [BS_UNIT_BERSERKER] = BS_FORM_OPEN,
};

void ld_facing(struct ld *ld, const yaml_node_t *n, double *out)
{
	static const double deg[BS_EDGE__COUNT] = {
	    [BS_EDGE_SOUTH] = 180,
	    [BS_EDGE_NORTH] = 0,
	    [BS_EDGE_WEST] = 270,
	    [BS_EDGE_EAST] = 90,
	};
	if (n->type == YAML_SCALAR_NODE &&
	    isalpha((unsigned char)n->data.scalar.value[0])) {
		int k;
		if (ld_enum(ld, n, "facing", bs_edge_name, BS_EDGE__COUNT,
			    &k) == 0)
			*out = deg[k];
		return;
	}
	/* degrees from 0 to less than 360 (docs/SCENARIO-FORMAT.md): 360 is
	 * refused, in words that say so (ld_num's "%g" would print the
	 * limit 359.999999 as 360) */
	double v;
	if (ld_num(ld, n, "facing", -DBL_MAX, DBL_MAX, &v) != 0)
		return;
	if (v < 0 || v >= 360) {
		char k[64];
		ld_err(ld, n, "facing: %s is out of range (0 to less than 360)",
		       ld_kind(n, k, sizeof k));
		return;
	}
	*out = v;
}

static void parse_mix(struct ld *ld, const yaml_node_t *n, struct bs_unit *u)
{
	int len = ld_list(ld, n, "mix", BS_UNIT_MAX_MIX, "parts");
	if (len == 0)
		ld_err(ld, n, "mix: a mixed unit needs at least one part");
	for (int i = 0; i < len; i++) {
		yaml_node_t *p = ld_item(ld, n, i), *v[MK__N];
		if (ld_collect(ld, p, "mix part", mix_keys, MK__N, v) != 0)
			continue;
		struct bs_mix_part part = {0};
		if (ld_require(ld, p, "mix part", "creature", v[MK_CREATURE]) ==
		    0)
			part.creature =
			    ld_ref_creature(ld, v[MK_CREATURE], "creature");
		if (ld_require(ld, p, "mix part", "count", v[MK_COUNT]) == 0)
			ld_int(ld, v[MK_COUNT], "count", 1, 96, &part.count);
		int given, shield;
		part.ac =
		    armor_ac(ld, v[MK_ARMOR], part.creature, &given, &shield);
		if (part.creature && part.count > 0) {
			/* RULING R-171 [8.3] a mixed unit carries a shield
			 * (which the flank -1 negates, R-132) only when
			 * every part does: the flank attack negates a bonus
			 * of the whole unit */
			u->shield = (u->nmix == 0 || u->shield) && shield;
			/* [11.6] "equipped with large shields": every
			 * part likewise */
			u->large_shield =
			    (u->nmix == 0 || u->large_shield) && shield == 2;
			u->mix[u->nmix++] = part;
		}
	}
}

static void parse_chariot(struct ld *ld, const yaml_node_t *n,
			  struct bs_unit *u)
{
	yaml_node_t *v[CH__N];
	if (ld_collect(ld, n, "chariot", chariot_keys, CH__N, v) != 0)
		return;
	struct bs_chariot *c = &u->chariot;
	/* RULING R-036 [11.3] one puller and one passenger unless given;
	 * the passengers default to the unit's creature. */
	c->pullers = 1;
	c->passengers = 1;
	if (ld_require(ld, n, "chariot", "pulled_by", v[CH_PULLED_BY]) == 0)
		c->puller = ld_ref_creature(ld, v[CH_PULLED_BY], "pulled_by");
	if (v[CH_PULLERS])
		ld_int(ld, v[CH_PULLERS], "pullers", 1, 8, &c->pullers);
	c->passenger = u->creature;
	if (v[CH_PASSENGER])
		c->passenger =
		    ld_ref_creature(ld, v[CH_PASSENGER], "passenger");
	if (v[CH_PASSENGERS])
		ld_int(ld, v[CH_PASSENGERS], "passengers", 1, 8,
		       &c->passengers);
	if (!c->puller || !c->passenger)
		memset(c, 0, sizeof *c);
}

/* ---- artillery [10.9]-[10.11] --------------------------------------------
 */

enum { SA_NAME, SA_DAMAGE, SA_AREA, SA_SHOTS, SA__N };
static const char *const special_ammo_keys[SA__N] = {
    [SA_NAME] = "name",
    [SA_DAMAGE] = "damage",
    [SA_AREA] = "area",
    [SA_SHOTS] = "shots",
};

/* RULING R-491 [10.11] special ammunition "worked out ... before the game
 * begins": each kind is a name, its damage dice (read on the CRT like the
 * piece's own [8.4] [8.5]), an area (the radius in inches of the circle
 * around the point struck in which every figure of every unit is hit; 0,
 * the default: the unit aimed at only) and the shots carried. */
static void parse_special_ammo(struct ld *ld, const yaml_node_t *list,
			       struct bs_unit *u)
{
	int len = ld_list(ld, list, "special_ammo", BS_UNIT_MAX_SPECIAL_AMMO,
			  "kinds of ammunition");
	for (int i = 0; i < len; i++) {
		yaml_node_t *it = ld_item(ld, list, i);
		yaml_node_t *v[SA__N];
		struct bs_special_ammo a;
		memset(&a, 0, sizeof a);
		a.line = (int)it->start_mark.line + 1;
		a.col = (int)it->start_mark.column + 1;
		if (ld_collect(ld, it, "special_ammo", special_ammo_keys, SA__N,
			       v) != 0)
			continue;
		int ok = 1;
		if (ld_require(ld, it, "special_ammo", "name", v[SA_NAME]) !=
			0 ||
		    ld_str(ld, v[SA_NAME], "name", a.name, sizeof a.name) != 0)
			ok = 0;
		if (ld_require(ld, it, "special_ammo", "damage",
			       v[SA_DAMAGE]) != 0 ||
		    ld_dice(ld, v[SA_DAMAGE], "damage", &a.damage) != 0)
			ok = 0;
		if (ld_require(ld, it, "special_ammo", "shots", v[SA_SHOTS]) !=
			0 ||
		    ld_int(ld, v[SA_SHOTS], "shots", 1, 99, &a.shots) != 0)
			ok = 0;
		double area = 0;
		if (v[SA_AREA] &&
		    ld_num(ld, v[SA_AREA], "area", 0, 12, &area) != 0)
			ok = 0;
		a.area_tenths = (int)(area * 10 + 0.5);
		for (int k = 0; ok && k < u->nspecial_ammo; k++)
			if (bs_name_eq(u->special_ammo[k].name, a.name)) {
				ld_err(ld, v[SA_NAME],
				       "special_ammo: '%s' is given twice",
				       a.name);
				ok = 0;
			}
		if (ok)
			u->special_ammo[u->nspecial_ammo++] = a;
	}
}

/* [10.10] the crew figure: human, demi-human or humanoid (RULING R-489),
 * one figure of 10 or more HD at any ratio 10:1 .. 1:1. */
static void check_crew(struct ld *ld, const yaml_node_t *at,
		       const struct bs_unit *u)
{
	const struct bs_creature *c = u->creature;
	if (!c)
		return;
	if (u->nmix > 0 || u->mount || u->chariot.puller) {
		ld_err(ld, at,
		       "artillery: the crew is one figure of one creature, "
		       "on foot [10.10]");
		return;
	}
	if (!(c->flags & BS_CF_HUMANOID) && !c->demihuman)
		ld_err(ld, at,
		       "artillery: the crew must be human, demi-human or "
		       "humanoid, not '%s' [10.10] (RULING R-489: the "
		       "creature's flag humanoid)",
		       c->name);
	int ratio =
	    u->ratio ? u->ratio : bs1e_ratio_for_hd(c->hd.tenths, c->hd.plus);
	int hd = ratio * c->hd.tenths;
	if (hd < 100)
		ld_err(ld, at,
		       "artillery: the crew figure has %d.%d HD (%d:1 '%s'); "
		       "a crew figure has 10 or more HD (10:1, 5:1, 2:1 or "
		       "1:1, set ratio:) [10.10]",
		       hd / 10, hd % 10, ratio, c->name);
}

static void parse_unit(struct ld *ld, const yaml_node_t *n,
		       const struct bs_side *side, struct bs_unit *u,
		       struct ld_unit_aux *aux)
{
	/* 2E (issue 5): a 2E unit's keys are load_bs2e.c's */
	if (ld->s->rules == BS_RULES_BS2E) {
		ld_bs2e_unit(ld, n, side, u, aux);
		return;
	}
	yaml_node_t *v[UK__N];
	memset(u, 0, sizeof *u);
	u->commander = -1;
	u->deputy = -1;
	u->artillery = BS_ART_NONE;
	u->line = (int)n->start_mark.line + 1;
	u->col = (int)n->start_mark.column + 1;
	u->facing = bs_edge_facing(side->edge);
	aux->node = (yaml_node_t *)n;
	if (ld_collect(ld, n, "unit", unit_keys, UK__N, v) != 0)
		return;
	if (ld_require(ld, n, "unit", "name", v[UK_NAME]) == 0)
		ld_str(ld, v[UK_NAME], "name", u->name, sizeof u->name);

	/* [10.9] an artillery piece; [10.10] "An artillery crew figure is
	 * considered to be a skirmish unit for the purposes of command,
	 * movement, and melee" */
	int art = -1;
	if (v[UK_ARTILLERY])
		ld_enum(ld, v[UK_ARTILLERY], "artillery", bs_artillery_name,
			BS_ART__COUNT, &art);
	u->artillery = (enum bs_artillery_kind)art;

	/* [2.6] type; [2.11] special types only when the scenario allows */
	int type = v[UK_ARTILLERY] ? BS_UNIT_SKIRMISH : BS_UNIT_REGULAR;
	if (v[UK_ARTILLERY] && v[UK_TYPE] &&
	    ld_enum(ld, v[UK_TYPE], "type", bs_unit_type_name, BS_UNIT__COUNT,
		    &type) == 0 &&
	    type != BS_UNIT_SKIRMISH)
		ld_err(ld, v[UK_TYPE],
		       "type: an artillery crew is a skirmish unit, not %s "
		       "[10.10]",
		       bs_unit_type_name[type]);
	if (v[UK_ARTILLERY])
		type = BS_UNIT_SKIRMISH;
	else if (v[UK_TYPE] &&
		 ld_enum(ld, v[UK_TYPE], "type", bs_unit_type_name,
			 BS_UNIT__COUNT, &type) == 0) {
		if ((type == BS_UNIT_ELITE || type == BS_UNIT_BERSERKER) &&
		    !(ld->special & (1u << type)))
			ld_err(ld, v[UK_TYPE],
			       "type: special unit type '%s' is not allowed "
			       "by this scenario (add it to "
			       "special_unit_types) [2.11]",
			       bs_unit_type_name[type]);
	}
	u->type = (enum bs_unit_type)type;

	/* creature, inline creature, or a mix [3.1] */
	if (v[UK_CREATURE] && v[UK_MIX])
		ld_err(ld, v[UK_MIX],
		       "mix: a unit has either creature or mix, not both");
	else if (!v[UK_CREATURE] && !v[UK_MIX])
		ld_err(ld, n,
		       "unit: missing required key 'creature' (or "
		       "'mix')");
	if (v[UK_CREATURE] && v[UK_CREATURE]->type == YAML_MAPPING_NODE) {
		struct bs_creature *c = ld_alloc(ld, sizeof *c);
		if (c) {
			ld_creature(ld, v[UK_CREATURE], c, u->name);
			ld_creature_check(ld, v[UK_CREATURE]);
			u->creature = c;
		}
	} else if (v[UK_CREATURE]) {
		u->creature = ld_ref_creature(ld, v[UK_CREATURE], "creature");
	}
	int mixsum = 0;
	if (v[UK_MIX] && !v[UK_CREATURE]) {
		parse_mix(ld, v[UK_MIX], u);
		for (int i = 0; i < u->nmix; i++)
			mixsum += u->mix[i].count;
		if (u->nmix > 0)
			u->creature = u->mix[0].creature;
	}

	/* [2.8]-[2.10] figures by unit type */
	if (v[UK_FIGURES]) {
		int f;
		if (ld_int(ld, v[UK_FIGURES], "figures", 0, 100000, &f) == 0) {
			if (art >= 0 && f != 1)
				ld_err(ld, v[UK_FIGURES],
				       "figures: an artillery piece has one "
				       "crew figure, got %d (replacement crew: "
				       "spare_crew) [10.10]",
				       f);
			else if (f < unit_size[type].lo ||
				 f > unit_size[type].hi)
				ld_err(ld, v[UK_FIGURES],
				       "figures: a %s unit starts with %d to "
				       "%d figures, got %d %s",
				       bs_unit_type_name[type],
				       unit_size[type].lo, unit_size[type].hi,
				       f, unit_size[type].cite);
			else
				u->figures = f;
			if (u->nmix > 0 && mixsum != f)
				ld_err(ld, v[UK_FIGURES],
				       "figures: %d, but the mix parts count "
				       "%d figures [3.1]",
				       f, mixsum);
		}
	} else if (v[UK_MIX]) {
		/* no valid part: their errors are already reported */
		if (u->nmix > 0 && (mixsum < unit_size[type].lo ||
				    mixsum > unit_size[type].hi))
			ld_err(ld, v[UK_MIX],
			       "mix: a %s unit starts with %d to %d figures, "
			       "the parts count %d %s",
			       bs_unit_type_name[type], unit_size[type].lo,
			       unit_size[type].hi, mixsum,
			       unit_size[type].cite);
		else if (u->nmix > 0)
			u->figures = mixsum;
	} else {
		ld_require(ld, n, "unit", "figures", NULL);
	}

	/* ratio: 10, 5 or 2; no 1:1 figures in a unit [2.6] [2.8]-[2.10].
	 * RULING R-028 [2.2] 0 (omitted) = Table 1 by hit dice; a scenario
	 * may set another of 10, 5, 2 (as the [4.1] hill giants at 5:1). */
	if (v[UK_RATIO]) {
		int r;
		if (ld_int(ld, v[UK_RATIO], "ratio", 1, 10, &r) == 0) {
			if (r == 1 && art >= 0)
				u->ratio = 1; /* [10.10] "10:1, 5:1, 2:1, or
						 1:1 ratios, as desired" */
			else if (r == 1)
				ld_err(ld, v[UK_RATIO],
				       "ratio: a unit cannot be made of 1:1 "
				       "figures (only individuals are 1:1) "
				       "[2.6] %s",
				       unit_size[type].cite);
			else if (r != 10 && r != 5 && r != 2)
				ld_err(ld, v[UK_RATIO],
				       "ratio: expected 10, 5 or 2 (creatures "
				       "per figure, Table 1 [2.2]), got %d",
				       r);
			else
				u->ratio = r;
		}
	}

	/* AC: `ac`, else armor on the creature, else the creature's. For a
	 * mix the average, rounded to the least favourable [3.1].
	 * RULING R-020 [3.1] mix counts are figures and add up to `figures`;
	 * unit.creature is the first part's. */
	int given = 0;
	if (u->nmix > 0) {
		if (v[UK_ARMOR])
			ld_err(ld, v[UK_ARMOR],
			       "armor: give the armor of a mixed unit in its "
			       "mix parts");
		long sum = 0, cnt = 0;
		for (int i = 0; i < u->nmix; i++) {
			sum += (long)u->mix[i].ac * u->mix[i].count;
			cnt += u->mix[i].count;
		}
		long q = sum / cnt;
		if (sum % cnt > 0)
			q++; /* worse AC is higher */
		u->ac = (int)q;
	} else {
		int shield;
		u->ac = armor_ac(ld, v[UK_ARMOR], u->creature, &given, &shield);
		u->shield = shield != 0;
		u->large_shield = shield == 2;
	}
	if (v[UK_AC])
		ld_int(ld, v[UK_AC], "ac", -10, 10, &u->ac);
	if (v[UK_THAC0])
		ld_int(ld, v[UK_THAC0], "thac0", 1, 25, &u->thac0);
	if (v[UK_MV])
		parse_mv(ld, v[UK_MV], &u->mv);

	/* weapons; RULING R-032 [2.10] "a mob can never use missile
	 * weapons": a missile weapon in a mob's list is an error (thrown
	 * melee weapons are allowed and are used in melee). */
	if (v[UK_WEAPONS]) {
		int len = ld_list(ld, v[UK_WEAPONS], "weapons",
				  BS_UNIT_MAX_WEAPONS, "weapons");
		for (int i = 0; i < len; i++) {
			yaml_node_t *wn = ld_item(ld, v[UK_WEAPONS], i);
			struct bs_unit_weapon uw;
			if (parse_unit_weapon(ld, wn, "weapons", &uw) != 0)
				continue;
			if (type == BS_UNIT_MOB &&
			    uw.weapon->kind == BS_WEAPON_MISSILE)
				ld_err(ld, wn,
				       "weapons: a mob can never use missile "
				       "weapons ('%s') [2.10]",
				       uw.weapon->name);
			u->weapons[u->nweapons++] = uw;
		}
	}
	if (v[UK_ITEMS])
		u->nitems = parse_items(ld, v[UK_ITEMS], u->items);
	if (v[UK_MAGIC])
		ld_bool(ld, v[UK_MAGIC], "magic", &u->magic_equipment);
	/* Table 3 [4.1] magic equipment: implied by items or a weapon plus */
	if (u->nitems > 0)
		u->magic_equipment = 1;
	for (int i = 0; i < u->nweapons; i++)
		if (u->weapons[i].plus > 0)
			u->magic_equipment = 1;

	/* [11.2] cavalry, [11.3] chariots */
	if (v[UK_MOUNT] && v[UK_CHARIOT])
		ld_err(ld, v[UK_CHARIOT],
		       "chariot: a unit is cavalry (mount) "
		       "or chariots, not both");
	else if (v[UK_MOUNT])
		u->mount = ld_ref_creature(ld, v[UK_MOUNT], "mount");
	else if (v[UK_CHARIOT])
		parse_chariot(ld, v[UK_CHARIOT], u);

	if (ld_require(ld, n, "unit", "position", v[UK_POSITION]) == 0 &&
	    ld_position(ld, v[UK_POSITION], "position", &u->x, &u->y) == 0)
		ld_mark(v[UK_POSITION], &u->pos_line, &u->pos_col);
	if (v[UK_FACING])
		ld_facing(ld, v[UK_FACING], &u->facing);

	/* [7.1] formations by unit type, [2.11] berserkers never closed */
	u->formation = default_form[type];
	int form;
	if (v[UK_FORMATION] &&
	    ld_enum(ld, v[UK_FORMATION], "formation", bs_formation_name,
		    BS_FORM__COUNT, &form) == 0) {
		if (type == BS_UNIT_BERSERKER && form == BS_FORM_CLOSED)
			ld_err(ld, v[UK_FORMATION],
			       "formation: berserkers can never be in closed "
			       "formation [2.11]");
		else if (!(unit_forms[type] & (1u << form)))
			ld_err(ld, v[UK_FORMATION],
			       "formation: a %s unit cannot use %s formation "
			       "%s",
			       bs_unit_type_name[type], bs_formation_name[form],
			       type == BS_UNIT_ELITE ? "[2.11] [7.1]"
						     : "[7.1]");
		else
			u->formation = (enum bs_formation)form;
	}
	if (v[UK_FRONTAGE]) {
		int f;
		if (ld_int(ld, v[UK_FRONTAGE], "frontage", 1, 96, &f) == 0) {
			if (u->figures > 0 && f > u->figures)
				ld_err(ld, v[UK_FRONTAGE],
				       "frontage: %d files, but the unit has "
				       "only %d figures",
				       f, u->figures);
			else
				u->frontage = f;
		}
	}
	aux->commander = v[UK_COMMANDER];
	aux->deputy = v[UK_DEPUTY];
	aux->members = v[UK_MEMBERS];

	/* [10.9]-[10.11] the piece, its crew and its ammunition */
	if (art >= 0) {
		check_crew(ld, v[UK_ARTILLERY], u);
		/* RULING R-486: the crew serves its piece; it carries no
		 * missile weapon of its own */
		for (int i = 0; i < u->nweapons; i++)
			if (u->weapons[i].weapon &&
			    u->weapons[i].weapon->kind == BS_WEAPON_MISSILE)
				ld_err(ld, ld_item(ld, v[UK_WEAPONS], i),
				       "weapons: an artillery crew fires its "
				       "piece, not '%s' [10.10] (RULING "
				       "R-486)",
				       u->weapons[i].weapon->name);
	}
	if (v[UK_SPARE_CREW]) {
		if (art < 0)
			ld_err(ld, v[UK_SPARE_CREW],
			       "spare_crew: only an artillery piece has "
			       "replacement crew [10.10]");
		else
			ld_int(ld, v[UK_SPARE_CREW], "spare_crew", 0, 9,
			       &u->spare_crew);
	}
	if (v[UK_SPECIAL_AMMO]) {
		if (art < 0)
			ld_err(ld, v[UK_SPECIAL_AMMO],
			       "special_ammo: only artillery fires special "
			       "ammunition [10.11]");
		else
			parse_special_ammo(ld, v[UK_SPECIAL_AMMO], u);
	}
	/* [15.1] RULING R-557: a flier kept on the ground (levels.c checks
	 * that it flies) */
	if (v[UK_GROUNDED])
		ld_bool(ld, v[UK_GROUNDED], "grounded", &u->grounded);
}

/* ---- individuals
 * ------------------------------------------------------------- */

enum {
	IK_NAME,
	IK_RACE,
	IK_CLASS,
	IK_LEVEL,
	IK_ABILITIES,
	IK_HP,
	IK_AC,
	IK_THAC0,
	IK_MV,
	IK_MR,
	IK_SAVES,
	IK_RANK,
	IK_ROLE,
	IK_DEPUTY_OF,
	IK_BRIGADE,
	IK_ITEMS,
	IK_WEAPON,
	IK_WEAPONS,
	IK_POSITION,
	IK_SPELLS,
	IK_DIVINE,
	IK_GROUNDED,
	IK_PRECAST,
	IK__N
};
static const char *const indiv_keys[IK__N] = {
    [IK_NAME] = "name",
    [IK_RACE] = "race",
    [IK_CLASS] = "class",
    [IK_LEVEL] = "level",
    [IK_ABILITIES] = "abilities",
    [IK_HP] = "hp",
    [IK_AC] = "ac",
    [IK_THAC0] = "thac0",
    [IK_MV] = "mv",
    [IK_MR] = "mr",
    [IK_SAVES] = "saves",
    [IK_RANK] = "rank",
    [IK_ROLE] = "role",
    [IK_DEPUTY_OF] = "deputy_of",
    [IK_BRIGADE] = "brigade",
    [IK_ITEMS] = "items",
    [IK_WEAPON] = "weapon",
    [IK_WEAPONS] = "weapons",
    [IK_POSITION] = "position",
    [IK_SPELLS] = "spells",	/* spells.c */
    [IK_DIVINE] = "divine",	/* [13.6] a god's awe (levels.c, r13_awe.c) */
    [IK_GROUNDED] = "grounded", /* [15.1] R-557 (levels.c) */
    [IK_PRECAST] = "precast",	/* [14.1] precast.c */
};
static const char *const ability_keys[BS_ABILITY__COUNT] = {
    [BS_STR] = "str", [BS_INT] = "int", [BS_WIS] = "wis",
    [BS_DEX] = "dex", [BS_CON] = "con", [BS_CHA] = "cha",
};
static const char *const save_keys[BS_SAVE__COUNT] = {
    [BS_SAVE_PPD] = "ppd", [BS_SAVE_PP] = "pp", [BS_SAVE_RSW] = "rsw",
    [BS_SAVE_BW] = "bw",   [BS_SAVE_SP] = "sp",
};
/* The classes of bs1e_class_known, for "did you mean". */
static const char *const class_names[] = {
    "fighter",	  "paladin",	 "ranger", "cleric",   "druid",	  "monk",
    "magic-user", "illusionist", "thief",  "assassin", "0-level",
};
#define NCLASS_NAMES ((int)(sizeof class_names / sizeof class_names[0]))
/* RULING R-360: other editions' and games' words for the classes, as
 * suggestions in the error only (docs/CATALOG.md "Synonyms"). */
static const struct bs_synonym class_synonyms[] = {
    {"wizard", "magic-user"},	 {"mage", "magic-user"},
    {"magician", "magic-user"},	 {"sorcerer", "magic-user"},
    {"mu", "magic-user"},	 {"priest", "cleric"},
    {"rogue", "thief"},		 {"warrior", "fighter"},
    {"fighting man", "fighter"}, {"normal man", "0-level"},
    {"zero level", "0-level"},	 {NULL, NULL},
};

static void parse_class(struct ld *ld, const yaml_node_t *n,
			struct bs_individual *ind)
{
	const char *t = ld_text(ld, n, "class", "a class like fighter");
	if (!t)
		return;
	char buf[64];
	const char *p = t;
	while (*p) {
		const char *e = strchr(p, '/');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (ind->nclasses == BS_MAX_CLASSES) {
			ld_err(ld, n, "class: at most %d classes",
			       BS_MAX_CLASSES);
			ind->nclasses = 0;
			return;
		}
		if (len == 0 || len >= sizeof ind->cls[0]) {
			ld_err(ld, n, "class: unknown class %s",
			       ld_kind(n, buf, sizeof buf));
			ind->nclasses = 0;
			return;
		}
		char *c = ind->cls[ind->nclasses];
		for (size_t i = 0; i < len; i++)
			c[i] = (char)tolower((unsigned char)p[i]);
		c[len] = '\0';
		if (!bs1e_class_known(c)) {
			char sug[200];
			ld_err(ld, n, "class: unknown class '%s'%s", c,
			       ld_suggest(ld, c, class_names, NCLASS_NAMES,
					  class_synonyms, sug, sizeof sug));
			ind->nclasses = 0;
			return;
		}
		ind->nclasses++;
		p += len;
		if (*p == '/')
			p++;
	}
}

static void parse_level(struct ld *ld, const yaml_node_t *n,
			struct bs_individual *ind)
{
	const char *t = ld_text(ld, n, "level", "a level like 7 or 7/8");
	if (!t)
		return;
	int lv[BS_MAX_CLASSES], k = 0;
	const char *p = t;
	char buf[64];
	for (;;) {
		int v = 0, d = 0;
		while (isdigit((unsigned char)*p) && d < 3) {
			v = v * 10 + (*p++ - '0');
			d++;
		}
		if (d == 0 || d == 3 || k == BS_MAX_CLASSES) {
			ld_err(ld, n,
			       "level: expected a level like 7, or 7/8 for "
			       "each class, got %s",
			       ld_kind(n, buf, sizeof buf));
			return;
		}
		if (v > 36) {
			ld_err(ld, n, "level: %d is out of range (0 to 36)", v);
			return;
		}
		lv[k++] = v;
		if (*p == '\0')
			break;
		if (*p++ != '/') {
			ld_err(ld, n,
			       "level: expected a level like 7, or 7/8 for "
			       "each class, got %s",
			       ld_kind(n, buf, sizeof buf));
			return;
		}
	}
	if (ind->nclasses > 0 && k != ind->nclasses) {
		ld_err(ld, n, "level: %d level%s for %d class%s", k,
		       k == 1 ? "" : "s", ind->nclasses,
		       ind->nclasses == 1 ? "" : "es");
		return;
	}
	for (int i = 0; i < k; i++)
		ind->level[i] = lv[i];
}

static void parse_abilities(struct ld *ld, const yaml_node_t *n,
			    struct bs_individual *ind)
{
	yaml_node_t *v[BS_ABILITY__COUNT];
	if (ld_collect(ld, n, "abilities", ability_keys, BS_ABILITY__COUNT,
		       v) != 0)
		return;
	for (int i = 0; i < BS_ABILITY__COUNT; i++) {
		if (!v[i])
			continue;
		/* 18/xx exceptional strength (18/00 = 100) */
		const char *t = v[i]->type == YAML_SCALAR_NODE
				    ? (const char *)v[i]->data.scalar.value
				    : "";
		if (i == BS_STR && strncmp(t, "18/", 3) == 0) {
			const char *p = t + 3;
			int pct = 0, d = 0;
			while (isdigit((unsigned char)*p) && d < 3) {
				pct = pct * 10 + (*p++ - '0');
				d++;
			}
			if (d != 2 || *p) {
				ld_err(ld, v[i],
				       "str: expected 18/01 to 18/00 "
				       "for exceptional strength");
				continue;
			}
			ind->ability[i] = 18;
			ind->str_percent = pct == 0 ? 100 : pct;
			continue;
		}
		ld_int(ld, v[i], ability_keys[i], 1, 25, &ind->ability[i]);
	}
}

/* [14.20] charisma items; the largest counts (RULING R-029). */
static void charisma_items(struct ld *ld, const yaml_node_t *list,
			   struct bs_individual *ind)
{
	static const struct {
		const char *name;
		int bonus;
		enum bs_game game;
	} items[] = {
	    {"ring of human influence", 1, BS_GAME_ADND},
	    {"rod of rulership", 2, BS_GAME_ADND},
	    {"rod of ruling", 2, BS_GAME_DND},
	};
	for (int i = 0; i < ind->nitems; i++) {
		for (size_t k = 0; k < sizeof items / sizeof items[0]; k++) {
			if (strcasecmp(ind->items[i], items[k].name) != 0)
				continue;
			if (items[k].game != ld->game) {
				ld_err(ld, ld_item(ld, list, i),
				       "items: '%s' works in %s games only "
				       "[14.20]",
				       items[k].name,
				       items[k].game == BS_GAME_ADND ? "AD&D"
								     : "D&D");
				continue;
			}
			if (items[k].bonus > ind->charisma_item_bonus)
				ind->charisma_item_bonus = items[k].bonus;
		}
	}
}

static void parse_individual(struct ld *ld, const yaml_node_t *n,
			     struct bs_individual *ind,
			     struct ld_indiv_aux *aux)
{
	yaml_node_t *v[IK__N];
	memset(ind, 0, sizeof *ind);
	for (int i = 0; i < BS_UNIT_MAX_ITEMS; i++)
		ind->item_charges[i] = -1;
	ind->leads = -1;
	ind->deputy_of = -1;
	ind->line = (int)n->start_mark.line + 1;
	ind->col = (int)n->start_mark.column + 1;
	aux->node = (yaml_node_t *)n;
	aux->member_of = -1;
	aux->deputy_unit = -1;
	if (ld_collect(ld, n, "individual", indiv_keys, IK__N, v) != 0)
		return;
	if (ld_require(ld, n, "individual", "name", v[IK_NAME]) == 0)
		ld_str(ld, v[IK_NAME], "name", ind->name, sizeof ind->name);
	ind->race =
	    v[IK_RACE] ? ld_ref_creature(ld, v[IK_RACE], "race") : ld_human(ld);
	if (v[IK_CLASS])
		parse_class(ld, v[IK_CLASS], ind);
	if (v[IK_LEVEL]) {
		if (!v[IK_CLASS])
			ld_err(ld, v[IK_LEVEL],
			       "level: a level needs a class (a monster "
			       "leader has its race's hit dice)");
		else
			parse_level(ld, v[IK_LEVEL], ind);
	} else if (v[IK_CLASS]) {
		ld_err(ld, v[IK_CLASS], "class: needs a level");
	}
	if (v[IK_ABILITIES])
		parse_abilities(ld, v[IK_ABILITIES], ind);
	if (v[IK_HP])
		ld_int(ld, v[IK_HP], "hp", 1, 999, &ind->hp);
	ind->ac = ind->race ? ind->race->ac : 10;
	if (v[IK_AC])
		ld_int(ld, v[IK_AC], "ac", -10, 10, &ind->ac);
	if (v[IK_THAC0])
		ld_int(ld, v[IK_THAC0], "thac0", 1, 25, &ind->thac0);
	if (v[IK_MV])
		parse_mv(ld, v[IK_MV], &ind->mv);
	if (v[IK_MR])
		ld_int(ld, v[IK_MR], "mr", 0, 100, &ind->mr);
	if (v[IK_SAVES]) {
		yaml_node_t *sv[BS_SAVE__COUNT];
		if (ld_collect(ld, v[IK_SAVES], "saves", save_keys,
			       BS_SAVE__COUNT, sv) == 0)
			for (int i = 0; i < BS_SAVE__COUNT; i++)
				if (sv[i])
					ld_int(ld, sv[i], save_keys[i], 1, 25,
					       &ind->save[i]);
	}
	int k;
	if (v[IK_RANK] && ld_enum(ld, v[IK_RANK], "rank", bs_rank_name,
				  BS_RANK__COUNT, &k) == 0)
		ind->rank = (enum bs_rank)k;
	ind->role = BS_ROLE_HERO;
	if (v[IK_ROLE] && ld_enum(ld, v[IK_ROLE], "role", bs_role_name,
				  BS_ROLE__COUNT, &k) == 0)
		ind->role = (enum bs_role)k;
	/* [13.6] "a divine being (gods and demigods only)" */
	if (v[IK_DIVINE] && ld_enum(ld, v[IK_DIVINE], "divine", bs_divine_name,
				    BS_DIVINE__COUNT, &k) == 0)
		ind->divine = (enum bs_divine)k;
	/* [15.1] RULING R-557 (levels.c checks that the race flies) */
	if (v[IK_GROUNDED])
		ld_bool(ld, v[IK_GROUNDED], "grounded", &ind->grounded);
	if (v[IK_ITEMS]) {
		parse_indiv_items(ld, v[IK_ITEMS], ind);
		charisma_items(ld, v[IK_ITEMS], ind);
	}
	/* RULING R-700 [9.4 B] [10.0]: one `weapon:`, or a `weapons:` list
	 * in the unit grammar (the first missile or thrown weapon is the one
	 * he shoots, the first melee weapon the one in hand in melee) */
	if (v[IK_WEAPON] && v[IK_WEAPONS])
		ld_err(ld, v[IK_WEAPONS],
		       "weapons: an individual has either weapon or weapons, "
		       "not both");
	else if (v[IK_WEAPON]) {
		if (parse_unit_weapon(ld, v[IK_WEAPON], "weapon",
				      &ind->weapons[0]) == 0)
			ind->nweapons = 1;
	} else if (v[IK_WEAPONS]) {
		int len = ld_list(ld, v[IK_WEAPONS], "weapons",
				  BS_UNIT_MAX_WEAPONS, "weapons");
		ind->weapons_listed = 1;
		for (int i = 0; i < len; i++) {
			struct bs_unit_weapon uw;
			if (parse_unit_weapon(ld, ld_item(ld, v[IK_WEAPONS], i),
					      "weapons", &uw) == 0)
				ind->weapons[ind->nweapons++] = uw;
		}
	}
	if (v[IK_POSITION] && ld_position(ld, v[IK_POSITION], "position",
					  &ind->x, &ind->y) == 0) {
		ind->placed = 1;
		ld_mark(v[IK_POSITION], &ind->pos_line, &ind->pos_col);
	}
	/* [14.1] the spells memorized, or the default choice (spells.c) */
	ld_individual_spells(ld, n, v[IK_SPELLS], ind);
	aux->rank = v[IK_RANK];
	aux->role = v[IK_ROLE];
	aux->deputy_of = v[IK_DEPUTY_OF];
	aux->brigade = v[IK_BRIGADE];
	aux->position = v[IK_POSITION];
	aux->precast = v[IK_PRECAST];
}

/* ---- sides ------------------------------------------------------------------
 */

enum {
	SK_NAME,
	SK_EDGE,
	SK_UNITS,
	SK_INDIVIDUALS,
	SK_CONTROLLER,
	SK_ORDERS,
	SK_CHAIN,
	SK_PRECAST,
	SK__N
};
static const char *const side_keys[SK__N] = {
    [SK_NAME] = "name",
    [SK_EDGE] = "edge",
    [SK_UNITS] = "units",
    [SK_INDIVIDUALS] = "individuals",
    [SK_CONTROLLER] = "controller",  /* parsed by orders.c */
    [SK_ORDERS] = "orders",	     /* parsed by orders.c */
    [SK_CHAIN] = "chain_of_command", /* resolved by resolve.c [9.3] */
    [SK_PRECAST] = "precast",	     /* [14.1] precast.c */
};

void ld_sides(struct ld *ld, const yaml_node_t *n, struct ld_side_aux *aux)
{
	struct bs_scenario *s = ld->s;
	int len = ld_list(ld, n, "sides", BS_MAX_SIDES, "sides");
	if (len < 0)
		return;
	if (len < 2) {
		ld_err(ld, n, "sides: a battle needs 2 to %d sides, got %d",
		       BS_MAX_SIDES, len);
		if (len == 0)
			return;
	}
	for (int si = 0; si < len; si++) {
		yaml_node_t *sn = ld_item(ld, n, si), *v[SK__N];
		struct bs_side *side = &s->sides[s->nsides++];
		struct ld_side_aux *sa = &aux[si];
		sa->node = sn;
		if (ld_collect(ld, sn, "side", side_keys, SK__N, v) != 0)
			continue;
		sa->controller = v[SK_CONTROLLER];
		sa->orders = v[SK_ORDERS];
		sa->chain = v[SK_CHAIN];
		sa->precast = v[SK_PRECAST];
		if (ld_require(ld, sn, "side", "name", v[SK_NAME]) == 0 &&
		    ld_str(ld, v[SK_NAME], "name", side->name,
			   sizeof side->name) == 0) {
			for (int k = 0; k < si; k++)
				if (strcasecmp(s->sides[k].name, side->name) ==
				    0)
					ld_err(ld, v[SK_NAME],
					       "name: duplicate side name "
					       "'%s'",
					       side->name);
		}
		int e;
		if (ld_require(ld, sn, "side", "edge", v[SK_EDGE]) == 0 &&
		    ld_enum(ld, v[SK_EDGE], "edge", bs_edge_name,
			    BS_EDGE__COUNT, &e) == 0)
			side->edge = (enum bs_edge)e;

		int nu = ld_list(ld, v[SK_UNITS], "units", BS_MAX_UNITS,
				 "units on a side");
		/* 2E: heroes and commanders are units (RULING R-219);
		 * load_bs2e.c reports an `individuals:` key */
		int ni =
		    s->rules == BS_RULES_BS2E
			? 0
			: ld_list(ld, v[SK_INDIVIDUALS], "individuals",
				  BS_MAX_INDIVIDUALS, "individuals on a side");
		nu = nu < 0 ? 0 : nu;
		ni = ni < 0 ? 0 : ni;
		side->units =
		    ld_alloc(ld, (size_t)(nu + 1) * sizeof(struct bs_unit));
		side->individuals = ld_alloc(
		    ld, (size_t)(ni + 1) * sizeof(struct bs_individual));
		sa->units = ld_tmp(ld, (size_t)(nu + 1) * sizeof *sa->units);
		sa->indivs = ld_tmp(ld, (size_t)(ni + 1) * sizeof *sa->indivs);
		if (!side->units || !side->individuals || !sa->units ||
		    !sa->indivs)
			return;
		for (int i = 0; i < nu; i++) {
			yaml_node_t *un = ld_item(ld, v[SK_UNITS], i);
			struct bs_unit *u = &side->units[side->nunits];
			parse_unit(ld, un, side, u, &sa->units[side->nunits]);
			side->nunits++;
			/* unit names are unique in the scenario */
			for (int k = 0; u->name[0] && k <= si; k++) {
				const struct bs_side *os = &s->sides[k];
				int end =
				    k == si ? side->nunits - 1 : os->nunits;
				for (int j = 0; j < end; j++) {
					if (strcasecmp(os->units[j].name,
						       u->name) != 0)
						continue;
					ld_err(ld, un,
					       "duplicate unit name '%s' "
					       "(first at line %d)",
					       u->name, os->units[j].line);
					k = si + 1;
					break;
				}
			}
		}
		for (int i = 0; i < ni; i++) {
			yaml_node_t *in = ld_item(ld, v[SK_INDIVIDUALS], i);
			struct bs_individual *ind =
			    &side->individuals[side->nindividuals];
			parse_individual(ld, in, ind,
					 &sa->indivs[side->nindividuals]);
			side->nindividuals++;
			for (int k = 0; ind->name[0] && k <= si; k++) {
				const struct bs_side *os = &s->sides[k];
				int end = k == si ? side->nindividuals - 1
						  : os->nindividuals;
				for (int j = 0; j < end; j++) {
					if (strcasecmp(os->individuals[j].name,
						       ind->name) != 0)
						continue;
					ld_err(ld, in,
					       "duplicate individual name "
					       "'%s' (first at line %d)",
					       ind->name,
					       os->individuals[j].line);
					k = si + 1;
					break;
				}
			}
		}
	}
}
