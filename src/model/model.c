/* The names of the model's enums as written in scenario files, the optional
 * rules' names, and the catalog lookups by name. Sections: [2.6]-[2.11]
 * (unit types), [7.1] (formations), [4.10] (ranks), [9.0] (roles). */
#include <ctype.h>
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "battlesim/model.h"

const char *const bs_option_name[BS_OPT__COUNT] = {
    [BS_OPT_D20_INITIATIVE] = "d20_initiative",
    [BS_OPT_WEAPON_VS_AC] = "weapon_vs_ac",
    [BS_OPT_TABLE17_ANNOTATED] = "table17_annotated",
    [BS_OPT_MASS_SAVES] = "mass_saves",
    [BS_OPT_CAPTURE] = "capture",
    [BS_OPT_STANDS] = "stands",
    [BS_OPT_HIGHER_GROUND_PLUS] = "higher_ground_plus",
    [BS_OPT_BS2E_ARMOR_EQUAL_OR_HIGHER] = "bs2e_armor_equal_or_higher",
    [BS_OPT_BS2E_RALLY_TO_GOOD] = "bs2e_rally_to_good",
    [BS_OPT_TABLE4_LOSSES_CUMULATIVE] = "table4_losses_cumulative",
    [BS_OPT_PARTLY_VISIBLE_NO_PENALTY] = "partly_visible_no_penalty",
};

/* [10.9] as scenario files write them (`artillery:`). */
const char *const bs_artillery_name[BS_ART__COUNT] = {
    [BS_ART_LIGHT_CATAPULT] = "light catapult",
    [BS_ART_HEAVY_CATAPULT] = "heavy catapult",
    [BS_ART_BALLISTA] = "ballista",
};

const char *const bs_size_name[BS_SIZE__COUNT] = {
    [BS_SIZE_S] = "S",
    [BS_SIZE_M] = "M",
    [BS_SIZE_L] = "L",
};

const char *const bs_unit_type_name[BS_UNIT__COUNT] = {
    [BS_UNIT_REGULAR] = "regular",
    [BS_UNIT_SKIRMISH] = "skirmish",
    [BS_UNIT_MOB] = "mob",
    [BS_UNIT_ELITE] = "elite",
    [BS_UNIT_BERSERKER] = "berserker",
};

const char *const bs_formation_name[BS_FORM__COUNT] = {
    [BS_FORM_CLOSED] = "closed",
    [BS_FORM_OPEN] = "open",
    [BS_FORM_SKIRMISH] = "skirmish",
    [BS_FORM_MOB] = "mob",
};

const char *const bs_int_name[BS_INT__COUNT] = {
    [BS_INT_NON] = "non",	  [BS_INT_ANIMAL] = "animal",
    [BS_INT_SEMI] = "semi",	  [BS_INT_LOW] = "low",
    [BS_INT_AVERAGE] = "average", [BS_INT_VERY] = "very",
    [BS_INT_HIGH] = "high",	  [BS_INT_EXCEPTIONAL] = "exceptional",
    [BS_INT_GENIUS] = "genius",	  [BS_INT_SUPRA] = "supra",
    [BS_INT_GODLIKE] = "godlike",
};

/* [14.19] the DMG's turning matrix rows (battlesim/model.h) */
const char *const bs_undead_type_name[BS_UNDEAD__COUNT] = {
    [BS_UNDEAD_NONE] = "none",	     [BS_UNDEAD_SKELETON] = "skeleton",
    [BS_UNDEAD_ZOMBIE] = "zombie",   [BS_UNDEAD_GHOUL] = "ghoul",
    [BS_UNDEAD_SHADOW] = "shadow",   [BS_UNDEAD_WIGHT] = "wight",
    [BS_UNDEAD_GHAST] = "ghast",     [BS_UNDEAD_WRAITH] = "wraith",
    [BS_UNDEAD_MUMMY] = "mummy",     [BS_UNDEAD_SPECTRE] = "spectre",
    [BS_UNDEAD_VAMPIRE] = "vampire", [BS_UNDEAD_GHOST] = "ghost",
    [BS_UNDEAD_LICH] = "lich",	     [BS_UNDEAD_SPECIAL] = "special",
};

const char *const bs_rank_name[BS_RANK__COUNT] = {
    [BS_RANK_NONE] = "none",
    [BS_RANK_UNIT] = "unit",
    [BS_RANK_BRIGADE] = "brigade",
    [BS_RANK_ARMY] = "army",
};

const char *const bs_divine_name[BS_DIVINE__COUNT] = {
    [BS_DIVINE_NONE] = "none",
    [BS_DIVINE_DEMIGOD] = "demigod",
    [BS_DIVINE_GOD] = "god",
};

const char *const bs_role_name[BS_ROLE__COUNT] = {
    [BS_ROLE_COMMANDER] = "commander",
    [BS_ROLE_HERO] = "hero",
    [BS_ROLE_MEMBER] = "member",
};

const char *const bs_edge_name[BS_EDGE__COUNT] = {
    [BS_EDGE_SOUTH] = "south",
    [BS_EDGE_NORTH] = "north",
    [BS_EDGE_WEST] = "west",
    [BS_EDGE_EAST] = "east",
};

/* A side's `controller:` (src/ai/). */
const char *const bs_controller_kind_name[BS_CTL__COUNT] = {
    [BS_CTL_DOCTRINE] = "doctrine",
    [BS_CTL_SCRIPTED] = "scripted",
    [BS_CTL_HOLD] = "hold",
};

const char *const bs_rules_name[BS_RULES__COUNT] = {
    [BS_RULES_BS1E] = "bs1e",
    [BS_RULES_BS2E] = "bs2e",
    [BS_RULES_MATRIX] = "matrix",
};

const char *const bs_level_name[BS_LEVEL__COUNT] = {
    [BS_LEVEL_BASIC] = "basic",
    [BS_LEVEL_INTERMEDIATE] = "intermediate",
    [BS_LEVEL_ADVANCED] = "advanced",
};

const char *const bs_magic_power_name[BS_POWER__COUNT] = {
    [BS_POWER_ANYTHING_GOES] = "anything_goes",
    [BS_POWER_LOW] = "low",
    [BS_POWER_MEDIUM] = "medium",
    [BS_POWER_HIGH] = "high",
};

const char *const bs_game_name[BS_GAME__COUNT] = {
    [BS_GAME_ADND] = "adnd",
    [BS_GAME_DND] = "dnd",
};

static const char *skip_sep(const char *p)
{
	while (*p == ' ' || *p == '-' || *p == '_' || *p == '\t')
		p++;
	return p;
}

int bs_name_eq(const char *a, const char *b)
{
	for (;;) {
		a = skip_sep(a);
		b = skip_sep(b);
		if (!*a || !*b)
			return !*a && !*b;
		if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
			return 0;
		a++;
		b++;
	}
}

int bs_creature_named(const struct bs_creature *c, const char *name)
{
	if (!c || !name)
		return 0;
	if (bs_name_eq(c->name, name))
		return 1;
	const char *sp = strrchr(c->name, ' ');
	return sp && bs_name_eq(sp + 1, name);
}

int bs_unit_creatures(const struct bs_unit *u, const struct bs_creature **out)
{
	if (u->nmix <= 0) {
		out[0] = u->creature;
		return 1;
	}
	for (int i = 0; i < u->nmix && i < BS_UNIT_MAX_MIX; i++)
		out[i] = u->mix[i].creature;
	return u->nmix < BS_UNIT_MAX_MIX ? u->nmix : BS_UNIT_MAX_MIX;
}

/* The index and the lookups compare names through the first member of
 * each entry. */
_Static_assert(offsetof(struct bs_weapon, name) == 0, "name first");
_Static_assert(offsetof(struct bs_armor, name) == 0, "name first");
_Static_assert(offsetof(struct bs_creature, name) == 0, "name first");

unsigned bs_name_hash(const char *p)
{
	unsigned h = 2166136261u; /* FNV-1a */
	for (;;) {
		p = skip_sep(p);
		if (!*p)
			return h;
		h = (h ^ (unsigned)tolower((unsigned char)*p++)) * 16777619u;
	}
}

void bs_name_index_put(struct bs_name_index *ix, const char *name, int i)
{
	unsigned k = bs_name_hash(name) & ix->mask;
	while (ix->slot[k])
		k = (k + 1) & ix->mask;
	ix->slot[k] = i + 1;
}

int bs_name_index_find(const struct bs_name_index *ix, const void *arr,
		       size_t size, int n, const char *name)
{
	const char *base = arr; /* each entry's name is its first member */
	if (!ix || !ix->slot) {
		for (int i = 0; i < n; i++)
			if (bs_name_eq(base + (size_t)i * size, name))
				return i;
		return -1;
	}
	for (unsigned k = bs_name_hash(name) & ix->mask; ix->slot[k];
	     k = (k + 1) & ix->mask) {
		int i = ix->slot[k] - 1;
		if (i < n && bs_name_eq(base + (size_t)i * size, name))
			return i;
	}
	return -1;
}

/* The catalogs hold a name at most once (the loader replaces a built-in
 * entry by the scenario's own of the same name), so the first match is the
 * only one. */
const struct bs_weapon *bs_scenario_weapon(const struct bs_scenario *s,
					   const char *name)
{
	if (!s || !name)
		return NULL;
	int i = bs_name_index_find(&s->weapon_index, s->weapons,
				   sizeof *s->weapons, s->nweapons, name);
	return i < 0 ? NULL : &s->weapons[i];
}

const struct bs_creature *bs_scenario_creature(const struct bs_scenario *s,
					       const char *name)
{
	if (!s || !name)
		return NULL;
	int i = bs_name_index_find(&s->creature_index, s->creatures,
				   sizeof *s->creatures, s->ncreatures, name);
	return i < 0 ? NULL : &s->creatures[i];
}

const struct bs_armor *bs_scenario_armor(const struct bs_scenario *s,
					 const char *name)
{
	if (!s || !name)
		return NULL;
	int i = bs_name_index_find(&s->armor_index, s->armor, sizeof *s->armor,
				   s->narmor, name);
	return i < 0 ? NULL : &s->armor[i];
}

/* RULING R-033 [3.4] a unit or figure without `facing:` faces the enemy's
 * side of the table, away from its home edge. */
double bs_edge_facing(enum bs_edge e)
{
	static const double facing[BS_EDGE__COUNT] = {
	    [BS_EDGE_SOUTH] = 0,
	    [BS_EDGE_NORTH] = 180,
	    [BS_EDGE_WEST] = 90,
	    [BS_EDGE_EAST] = 270,
	};
	return (unsigned)e < BS_EDGE__COUNT ? facing[e] : 0;
}

int bs_weapon_melee_usable(const struct bs_weapon *w, int mounted)
{
	return w && w->kind != BS_WEAPON_MISSILE && (!w->lance || mounted);
}

int bs_unit_weapon_in_hand(const struct bs_unit *u, int mounted)
{
	for (int i = 0; i < u->nweapons; i++)
		if (bs_weapon_melee_usable(u->weapons[i].weapon, mounted))
			return i;
	return -1;
}

int bs_unit_weapon_fired(const struct bs_unit *u)
{
	for (int i = 0; i < u->nweapons; i++)
		if (u->weapons[i].weapon &&
		    u->weapons[i].weapon->kind == BS_WEAPON_MISSILE)
			return i;
	for (int i = 0; i < u->nweapons; i++) {
		const struct bs_weapon *w = u->weapons[i].weapon;
		if (w && w->kind == BS_WEAPON_MELEE && w->range_l > 0)
			return i;
	}
	return -1;
}

/* RULING R-700: an individual's weapons (`weapon:` or `weapons:`) */
static int indiv_melee_ok(const struct bs_weapon *w)
{
	return w && w->kind != BS_WEAPON_MISSILE && w->damage_sm.nparts > 0;
}

const struct bs_unit_weapon *
bs_individual_melee_weapon(const struct bs_individual *d)
{
	/* [8.2] R-306: a lance is a mounted man's and no individual is
	 * mounted: it is in hand only when he has no other */
	for (int i = 0; i < d->nweapons; i++)
		if (indiv_melee_ok(d->weapons[i].weapon) &&
		    !d->weapons[i].weapon->lance)
			return &d->weapons[i];
	for (int i = 0; i < d->nweapons; i++)
		if (indiv_melee_ok(d->weapons[i].weapon))
			return &d->weapons[i];
	return NULL;
}

const struct bs_unit_weapon *
bs_individual_missile_weapon(const struct bs_individual *d)
{
	for (int i = 0; i < d->nweapons; i++) {
		const struct bs_weapon *w = d->weapons[i].weapon;
		if (w && w->kind == BS_WEAPON_MISSILE && w->range_l > 0)
			return &d->weapons[i];
	}
	/* `weapon:` is the one weapon he keeps in hand (a dagger
	 * given so is not thrown, as before); a `weapons:` list is read as
	 * a unit's: a melee weapon with a range is thrown */
	if (!d->weapons_listed)
		return NULL;
	for (int i = 0; i < d->nweapons; i++) {
		const struct bs_weapon *w = d->weapons[i].weapon;
		if (w && w->kind == BS_WEAPON_MELEE && w->range_l > 0)
			return &d->weapons[i];
	}
	return NULL;
}

const struct bs_unit_weapon *
bs_individual_sheet_weapon(const struct bs_individual *d)
{
	const struct bs_unit_weapon *w = bs_individual_melee_weapon(d);
	if (w)
		return w;
	return d->nweapons > 0 && d->weapons[0].weapon ? &d->weapons[0] : NULL;
}
