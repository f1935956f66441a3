/* AD&D 1E spell casting figures the rulebook refers to ([14.1] "All AD&D
 * game rules apply to the use of magic", [14.3] saving throws, [16.3]
 * spell levels): the Players Handbook's spells usable per day by class and
 * level, the Wisdom table's bonus spells, spell failure and magical attack
 * adjustment, the Constitution saving throw bonus of the short races, and
 * the Monster Manual's magic resistance by the caster's level. RULING
 * say which rows are built in. */
#include <assert.h>
#include <stddef.h>
#include <strings.h>

#include "battlesim/bs1e_tables.h"

#define NB(a) (sizeof(a) / sizeof((a)[0]))

const char *const bs1e_spell_list_name[BS1E_LIST__COUNT] = {
    [BS1E_LIST_CLERIC] = "cleric",
    [BS1E_LIST_DRUID] = "druid",
    [BS1E_LIST_MAGIC_USER] = "magic-user",
    [BS1E_LIST_ILLUSIONIST] = "illusionist",
};

/* Spells per day by spell level 1..9, caster levels from..from+n-1 (PH
 * class tables). RULING: only the rows known: magic-user
 * 1-20, cleric 1-14, druid 1-14, illusionist 1-14, paladin 9-20 (cleric
 * spells), ranger 8-17 (druid and magic-user spells). */
static const unsigned char spells_mu[][9] = {
    {1},
    {2},
    {2, 1},
    {3, 2},
    {4, 2, 1},
    {4, 2, 2},
    {4, 3, 2, 1},
    {4, 3, 3, 2},
    {4, 3, 3, 2, 1},
    {4, 4, 3, 2, 2},
    {4, 4, 4, 3, 3},
    {4, 4, 4, 4, 4, 1},
    {5, 5, 5, 4, 4, 2},
    {5, 5, 5, 4, 4, 2, 1},
    {5, 5, 5, 5, 5, 2, 1},
    {5, 5, 5, 5, 5, 3, 2, 1},
    {5, 5, 5, 5, 5, 3, 3, 2},
    {5, 5, 5, 5, 5, 3, 3, 2, 1},
    {5, 5, 5, 5, 5, 3, 3, 3, 1},
    {5, 5, 5, 5, 5, 4, 3, 3, 2},
};
static const unsigned char spells_cleric[][9] = {
    {1},
    {2},
    {2, 1},
    {3, 2},
    {3, 3, 1},
    {3, 3, 2},
    {3, 3, 2, 1},
    {3, 3, 3, 2},
    {4, 4, 3, 2, 1},
    {4, 4, 3, 3, 2},
    {5, 4, 4, 3, 2, 1},
    {6, 5, 5, 3, 2, 2},
    {6, 6, 6, 4, 2, 2},
    {6, 6, 6, 5, 3, 2, 1},
};
static const unsigned char spells_druid[][9] = {
    {2},
    {2, 1},
    {3, 2, 1},
    {4, 2, 2},
    {4, 3, 2},
    {4, 3, 2, 1},
    {4, 4, 3, 1},
    {4, 4, 3, 2},
    {5, 4, 3, 2, 1},
    {5, 4, 3, 3, 2},
    {5, 5, 3, 3, 2, 1},
    {5, 5, 4, 4, 3, 2, 1},
    {6, 5, 5, 5, 4, 3, 2},
    {6, 6, 6, 6, 5, 4, 3},
};
static const unsigned char spells_illusionist[][9] = {
    {1},
    {2},
    {2, 1},
    {3, 2},
    {4, 2, 1},
    {4, 3, 1},
    {4, 3, 2},
    {4, 3, 2, 1},
    {5, 3, 3, 2},
    {5, 4, 3, 2, 1},
    {5, 4, 3, 3, 2},
    {5, 5, 4, 3, 2, 1},
    {5, 5, 4, 3, 2, 2},
    {5, 5, 4, 3, 2, 2, 1},
};
/* Paladins cast cleric spells from the 9th level. */
static const unsigned char spells_paladin[][9] = {
    {1},	  {2},		{2, 1},	      {2, 2},
    {2, 2, 1},	  {3, 2, 1},	{3, 2, 1, 1}, {3, 3, 1, 1},
    {3, 3, 2, 1}, {3, 3, 3, 1}, {3, 3, 3, 2}, {3, 3, 3, 3},
};
/* Rangers cast druid spells from the 8th level, magic-user spells from the
 * 9th. */
static const unsigned char spells_ranger_druid[][9] = {
    {1}, {1}, {2}, {2}, {2, 1}, {2, 1}, {2, 2}, {2, 2}, {2, 2, 1}, {2, 2, 2},
};
static const unsigned char spells_ranger_mu[][9] = {
    {0}, {1}, {1}, {2}, {2}, {2, 1}, {2, 1}, {2, 2}, {2, 2}, {2, 2},
};

struct spell_table {
	const char *cls;
	enum bs1e_spell_list list;
	const unsigned char (*rows)[9];
	int from, n; /* rows for levels from .. from + n - 1 */
};

static const struct spell_table tables[] = {
    {"magic-user", BS1E_LIST_MAGIC_USER, spells_mu, 1, (int)NB(spells_mu)},
    {"cleric", BS1E_LIST_CLERIC, spells_cleric, 1, (int)NB(spells_cleric)},
    {"druid", BS1E_LIST_DRUID, spells_druid, 1, (int)NB(spells_druid)},
    {"illusionist", BS1E_LIST_ILLUSIONIST, spells_illusionist, 1,
     (int)NB(spells_illusionist)},
    {"paladin", BS1E_LIST_CLERIC, spells_paladin, 9, (int)NB(spells_paladin)},
    {"ranger", BS1E_LIST_DRUID, spells_ranger_druid, 8,
     (int)NB(spells_ranger_druid)},
    {"ranger", BS1E_LIST_MAGIC_USER, spells_ranger_mu, 8,
     (int)NB(spells_ranger_mu)},
};

/* The classes the tables of bs1e_class_known name that cast no spells. */
static const char *const non_casters[] = {"0-level", "fighter", "monk", "thief",
					  "assassin"};

int bs1e_spells_per_day(const char *cls, int level, enum bs1e_spell_list list,
			int out[BS1E_SPELL_LEVELS])
{
	assert(list >= 0 && list < BS1E_LIST__COUNT);
	for (int k = 0; k < BS1E_SPELL_LEVELS; k++)
		out[k] = 0;
	if (!cls)
		return BS1E_SPD_UNKNOWN;
	int casts_lists = 0;
	for (size_t i = 0; i < NB(tables); i++) {
		const struct spell_table *t = &tables[i];
		if (strcasecmp(cls, t->cls) != 0)
			continue;
		casts_lists = 1;
		if (t->list != list)
			continue;
		if (level < t->from)
			return BS1E_SPD_OK; /* none yet: all zero */
		if (level >= t->from + t->n)
			return BS1E_SPD_UNKNOWN;
		for (int k = 0; k < BS1E_SPELL_LEVELS; k++)
			out[k] = t->rows[level - t->from][k];
		return BS1E_SPD_OK;
	}
	if (casts_lists)
		return BS1E_SPD_NOT_A_LIST;
	for (size_t i = 0; i < NB(non_casters); i++)
		if (strcasecmp(cls, non_casters[i]) == 0)
			return BS1E_SPD_NOT_A_LIST;
	return BS1E_SPD_UNKNOWN;
}

int bs1e_spell_levels_for(const char *cls, int level)
{
	if (!bs1e_class_known(cls))
		return -1;
	int sum = 0;
	for (int l = 0; l < BS1E_LIST__COUNT; l++) {
		int n[BS1E_SPELL_LEVELS];
		int r =
		    bs1e_spells_per_day(cls, level, (enum bs1e_spell_list)l, n);
		if (r == BS1E_SPD_UNKNOWN)
			return -1;
		for (int k = 0; k < BS1E_SPELL_LEVELS; k++)
			sum += n[k] * (k + 1);
	}
	return sum;
}

/* ---- the Wisdom table (PH) ---------------------------------------------- */

int bs1e_wisdom_bonus_spells(int wis, int out[BS1E_SPELL_LEVELS])
{
	/* PH Wisdom table, cleric spell bonus (cumulative): 13 one 1st, 14
	 * one more 1st, 15 one 2nd, 16 one more 2nd, 17 one 3rd, 18 one
	 * 4th; "only available when the cleric is entitled to spells of the
	 * applicable level". 19 and more: RULING R-560, as 18. */
	static const int bonus_level[] = {1, 1, 2, 2, 3, 4}; /* wis 13..18 */
	int added = 0;
	for (int w = 13; w <= wis && w <= 18; w++) {
		int k = bonus_level[w - 13] - 1;
		if (out[k] > 0) {
			out[k]++;
			added++;
		}
	}
	return added;
}

int bs1e_wisdom_max_spell_level(int wis)
{
	/* PH Wisdom table: "Min. WIS for the use of 6th level spells" 17,
	 * "7th level spells" 18. Not given: no limit (RULING R-560). */
	if (wis <= 0)
		return BS1E_SPELL_LEVELS;
	if (wis < 17)
		return 5;
	if (wis < 18)
		return 6;
	return BS1E_SPELL_LEVELS;
}

int bs1e_wisdom_spell_failure(int wis)
{
	/* PH Wisdom table: 9 20%, 10 15%, 11 10%, 12 5%, 13+ none. Below 9
	 * (no cleric has it) RULING R-560: the table's 20%. */
	if (wis <= 0 || wis >= 13)
		return 0;
	if (wis <= 9)
		return 20;
	return 20 - 5 * (wis - 9);
}

int bs1e_wisdom_magic_attack(int wis)
{
	/* PH Wisdom table, magical attack adjustment: 3 -3, 4 -2, 5-7 -1,
	 * 8-14 none, 15 +1, 16 +2, 17 +3, 18 +4 (19+: +4, RULING R-560). */
	if (wis <= 0)
		return 0;
	if (wis <= 3)
		return -3;
	if (wis == 4)
		return -2;
	if (wis <= 7)
		return -1;
	if (wis <= 14)
		return 0;
	if (wis >= 18)
		return 4;
	return wis - 14;
}

int bs1e_con_save_bonus(int con)
{
	/* PH dwarves, gnomes, halflings: "+1 for every 3 1/2 points of
	 * constitution" (4-6 +1, 7-10 +2, 11-13 +3, 14-17 +4, 18 +5). */
	if (con <= 0)
		return 0;
	return (2 * con) / 7;
}

int bs1e_mr_at_level(int mr, int caster_level)
{
	/* MM: magic resistance is the chance that a spell of an 11th level
	 * magic-user fails; +5% per level below the 11th, -5% per level
	 * above. Clamped to 0..100. */
	if (mr <= 0)
		return 0;
	int v = mr + 5 * (11 - caster_level);
	return v < 0 ? 0 : v > 100 ? 100 : v;
}
