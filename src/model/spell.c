/* The magic records of the catalog (battlesim/spell.h): the names of their
 * enums as written in catalog files, the BATTLESYSTEM categories of
 * [14.5]-[14.9] with their pass-through rule ([14.0] procedure), figures
 * that grow with the caster's level, and the lookups by name and list. */
#include <stddef.h>
#include <string.h>

#include "battlesim/bs1e_tables.h"
#include "battlesim/spell.h"

const char *const bs_magic_kind_name[BS_MAGIC__COUNT] = {
    [BS_MAGIC_SPELL] = "spell",	  [BS_MAGIC_WAND] = "wand",
    [BS_MAGIC_STAFF] = "staff",	  [BS_MAGIC_ROD] = "rod",
    [BS_MAGIC_BREATH] = "breath",
};

const char *const bs_spell_class_name[BS_SPCLASS__COUNT] = {
    [BS_SPCLASS_CLERIC] = "cleric",
    [BS_SPCLASS_DRUID] = "druid",
    [BS_SPCLASS_MAGIC_USER] = "magic-user",
    [BS_SPCLASS_ILLUSIONIST] = "illusionist",
};

/* [14.0] "Unless the BATTLESYSTEM rules specify that a type of spell can
 * be used as pass-through, it cannot be so used"; [14.5] and [14.6] say
 * "Spells in this category can be used as pass-through fire". */
const struct bs_spell_category_info bs_spell_category_info[BS_SPCAT__COUNT] = {
    [BS_SPCAT_ARTILLERY] = {"artillery", "Magical Weapons and Artillery Spells",
			    "[14.5]", 1},
    [BS_SPCAT_CHARM_HOLD] = {"charm-hold",
			     "Charm, Hold, and Temporary Immobilization",
			     "[14.6]", 1},
    [BS_SPCAT_BONUS_PENALTY] = {"bonus-penalty", "Bonuses and Penalties",
				"[14.7]", 0},
    [BS_SPCAT_INVISIBILITY] = {"invisibility", "Invisibility", "[14.8]", 0},
    [BS_SPCAT_AWE_FEAR] = {"awe-fear", "Awe and Fear", "[14.9]", 0},
};

const char *const bs_spell_effect_name[BS_SPFX__COUNT] = {
    [BS_SPFX_DAMAGE] = "damage",
    [BS_SPFX_SLAY] = "slay",
    [BS_SPFX_CHARM] = "charm",
    [BS_SPFX_MASS_CHARM] = "mass-charm",
    [BS_SPFX_HOLD] = "hold",
    [BS_SPFX_SLEEP] = "sleep",
    [BS_SPFX_PARALYSIS] = "paralysis",
    [BS_SPFX_CONFUSION] = "confusion",
    [BS_SPFX_BLINDNESS] = "blindness",
    [BS_SPFX_DEAFNESS] = "deafness",
    [BS_SPFX_ROUT] = "rout",
    [BS_SPFX_STUN] = "stun",
    [BS_SPFX_BONUS] = "bonus",
    [BS_SPFX_PENALTY] = "penalty",
    [BS_SPFX_INVISIBLE] = "invisible",
    [BS_SPFX_SPECIAL] = "special",
    [BS_SPFX_SEE_INVISIBLE] = "see-invisible",
};

const char *const bs_spell_element_name[BS_ELEM__COUNT] = {
    [BS_ELEM_NONE] = "none", [BS_ELEM_FIRE] = "fire",
    [BS_ELEM_COLD] = "cold", [BS_ELEM_ELECTRICITY] = "electricity",
    [BS_ELEM_ACID] = "acid", [BS_ELEM_POISON] = "poison",
};

const char *const bs_area_shape_name[BS_AREA__COUNT] = {
    [BS_AREA_NONE] = "none", [BS_AREA_CIRCLE] = "circle",
    [BS_AREA_CONE] = "cone", [BS_AREA_LINE] = "line",
    [BS_AREA_RECT] = "rect",
};

const char *const bs_time_unit_name[BS_TIME__COUNT] = {
    [BS_TIME_SEGMENT] = "segment", [BS_TIME_ROUND] = "round",
    [BS_TIME_TURN] = "turn",	   [BS_TIME_HOUR] = "hour",
    [BS_TIME_DAY] = "day",
};

const char *const bs_spell_targets_name[BS_TARGETS__COUNT] = {
    [BS_TARGETS_ANY] = "any",
    [BS_TARGETS_PERSONS] = "persons",
    [BS_TARGETS_PERSONS_MAMMALS] = "persons-mammals",
    [BS_TARGETS_ANIMALS] = "animals",
    [BS_TARGETS_SNAKES] = "snakes",
    [BS_TARGETS_PLANTS] = "plants",
    [BS_TARGETS_SELF] = "self",
};

const char *const bs_save_effect_name[BS_SAVEFX__COUNT] = {
    [BS_SAVEFX_NONE] = "none",
    [BS_SAVEFX_NEGATES] = "negates",
    [BS_SAVEFX_HALF] = "half",
    [BS_SAVEFX_PARTIAL] = "partial",
};

int bs_level_qty_at(const struct bs_level_qty *q, int level)
{
	int v = q->base;
	if (q->per != 0 && level >= q->from)
		v += q->per *
		     ((level - q->from) / (q->every > 0 ? q->every : 1));
	if (q->max > 0 && v > q->max)
		v = q->max;
	return v;
}

int bs_spell_pass_through(const struct bs_spell *sp)
{
	return bs_spell_category_info[sp->category].pass_through;
}

int bs_spell_cast_rounds(const struct bs_spell *sp)
{
	if (!(sp->known & BS_SPK_CAST) || sp->cast <= 0)
		return 0;
	/* RULING R-708: segments as a whole round, turns as ten */
	switch (sp->cast_unit) {
	case BS_TIME_SEGMENT:
		return (sp->cast + 9) / 10;
	case BS_TIME_ROUND:
		return sp->cast;
	case BS_TIME_TURN:
		return 10 * sp->cast;
	case BS_TIME_HOUR:
		return 60 * sp->cast;
	default:
		return 0;
	}
}

const char *bs_precast_target(const struct bs_scenario *s,
			      const struct bs_individual *ind,
			      const struct bs_precast *pc)
{
	for (int si = 0; si < s->nsides; si++) {
		const struct bs_side *sd = &s->sides[si];
		if (ind < sd->individuals ||
		    ind >= sd->individuals + sd->nindividuals)
			continue;
		if (pc->tunit >= 0 && pc->tunit < sd->nunits)
			return sd->units[pc->tunit].name;
		if (pc->tindiv >= 0 && pc->tindiv < sd->nindividuals)
			return sd->individuals[pc->tindiv].name;
	}
	return ind->name;
}

int bs_spell_is_item(const struct bs_spell *sp)
{
	return sp->kind == BS_MAGIC_WAND || sp->kind == BS_MAGIC_STAFF ||
	       sp->kind == BS_MAGIC_ROD;
}

/* [16.3 A] "spells and spell effects higher than 2nd level are not
 * permitted; no magic item worth 1,200 XP or more" (low magic), "higher
 * than 5th level ... 4,000 XP or more" (medium); high magic and anything
 * goes permit every spell (RULING R-459: only at the Advanced Game of an
 * AD&D 1E scenario) */
static int magic_limited(const struct bs_scenario *s)
{
	return s->rules == BS_RULES_BS1E && s->level == BS_LEVEL_ADVANCED &&
	       s->game == BS_GAME_ADND;
}

int bs_magic_spell_limit(const struct bs_scenario *s)
{
	if (!magic_limited(s))
		return 9;
	return s->magic == BS_POWER_LOW	     ? 2
	       : s->magic == BS_POWER_MEDIUM ? 5
					     : 9;
}

int bs_magic_item_xp_limit(const struct bs_scenario *s)
{
	if (!magic_limited(s))
		return 0;
	return s->magic == BS_POWER_LOW	     ? 1200
	       : s->magic == BS_POWER_MEDIUM ? 4000
					     : 0;
}

const struct bs_spell *bs_scenario_item(const struct bs_scenario *s,
					const char *name)
{
	const struct bs_spell *sp;
	if (bs_scenario_spell_lists(s, name, &sp) == 0)
		return NULL;
	for (;;) {
		if (bs_spell_is_item(sp))
			return sp;
		if (sp->next_same < 0)
			return NULL;
		sp = &s->spells[sp->next_same];
	}
}

int bs_item_charges(const struct bs_spell *item, int given)
{
	/* RULING R-680 [14.20]: as written; else the record's; else the
	 * DMG's fewest for an item found ("rods 50 charges minus 0 to 9,
	 * staves 25 charges minus 0 to 5, wands 100 charges minus 0 to
	 * 19") */
	if (given >= 0)
		return given;
	if (item->charges > 0)
		return item->charges;
	return item->kind == BS_MAGIC_STAFF ? 20
	       : item->kind == BS_MAGIC_ROD ? 41
					    : 81;
}

int bs_spell_played(const struct bs_spell *sp)
{
	/* RULING R-574: [14.5] "all spells and items that can do damage",
	 * as far as the catalog's figures carry them; death spell, power
	 * word kill (no hit points), stinking cloud and spells with a
	 * partial save or a limit on the creatures they affect are not.
	 * [13.7] issue 16: a breath weapon is, its damage the breather's
	 * hit points (r13_breath.c) */
	if (bs_spell_effect_played(sp) || bs_spell_bonus_played(sp))
		return 1;
	int breath = sp->kind == BS_MAGIC_BREATH;
	/* [14.20] "Magic items are handled in the same way as the spells
	 * they most closely resemble": RULING R-681, a wand, staff or rod by
	 * its record (its spell's figures at item_level) */
	return (sp->kind == BS_MAGIC_SPELL || breath || bs_spell_is_item(sp)) &&
	       sp->category == BS_SPCAT_ARTILLERY &&
	       sp->effect == BS_SPFX_DAMAGE && sp->damage.given &&
	       !sp->damage.hp == !breath &&
	       sp->save_effect != BS_SAVEFX_PARTIAL &&
	       sp->targets == BS_TARGETS_ANY && sp->max_hd.tenths == 0 &&
	       (sp->area == BS_AREA_NONE || sp->creatures_all) &&
	       (sp->known & BS_SPK_RANGE) &&
	       (sp->range_kind == BS_RANGE_DISTANCE ||
		sp->range_kind == BS_RANGE_SELF);
}

int bs_spell_bonus_played(const struct bs_spell *sp)
{
	/* [14.7] RULING R-685: the figures whose creatures it can all
	 * affect: every creature of an area, or a number of them by whole
	 * figures; a limit on whom is not played; a saving throw only the
	 * one that negates a penalty (slow, RULING R-617, [14.3] a roll a
	 * figure) */
	int save_ok = sp->save_vs < 0 ||
		      (sp->save_effect == BS_SAVEFX_NEGATES &&
		       sp->effect == BS_SPFX_PENALTY && !sp->friends.given);
	return sp->kind == BS_MAGIC_SPELL &&
	       sp->category == BS_SPCAT_BONUS_PENALTY &&
	       (sp->effect == BS_SPFX_BONUS || sp->effect == BS_SPFX_PENALTY) &&
	       (sp->friends.given || sp->enemies.given) &&
	       sp->friends.ac == 0 && sp->enemies.ac == 0 &&
	       sp->dur_dice.count == 0 && (sp->known & BS_SPK_RANGE) &&
	       (sp->range_kind == BS_RANGE_DISTANCE ||
		sp->range_kind == BS_RANGE_SELF ||
		/* RULING R-618: protection from normal missiles, by touch
		 * on one creature; RULING R-735: resist fire and resist
		 * cold the same; RULING R-737: protection from evil, and its
		 * 10' radius about the one touched */
		(sp->range_kind == BS_RANGE_TOUCH && sp->area == BS_AREA_NONE &&
		 (sp->friends.normal_missiles || sp->friends.resist ||
		  sp->friends.evil)) ||
		(sp->range_kind == BS_RANGE_TOUCH &&
		 sp->area == BS_AREA_CIRCLE && sp->friends.evil)) &&
	       (sp->dur_kind == BS_DUR_TIMED ||
		/* [14.7] RULING R-729: chant, while he chants (range 0, an
		 * area about him) */
		(sp->dur_kind == BS_DUR_CONCENTRATION &&
		 sp->range_kind == BS_RANGE_SELF &&
		 sp->area != BS_AREA_NONE)) &&
	       save_ok && sp->targets == BS_TARGETS_ANY &&
	       sp->max_hd.tenths == 0 &&
	       (sp->area != BS_AREA_NONE || !sp->creatures_all);
}

int bs_spell_effect_played(const struct bs_spell *sp)
{
	/* [14.8] RULING R-702: detect invisibility (range 0, a path from
	 * the caster) and true seeing (touch, about the one touched): an
	 * area, its rounds, no save, anyone */
	if (sp->effect == BS_SPFX_SEE_INVISIBLE)
		return sp->kind == BS_MAGIC_SPELL &&
		       sp->category == BS_SPCAT_INVISIBILITY &&
		       (sp->known & BS_SPK_RANGE) &&
		       (sp->known & BS_SPK_AREA) &&
		       ((sp->range_kind == BS_RANGE_SELF &&
			 sp->area == BS_AREA_LINE) ||
			(sp->range_kind == BS_RANGE_TOUCH &&
			 sp->area == BS_AREA_CIRCLE)) &&
		       sp->dur_kind == BS_DUR_TIMED && sp->save_vs < 0 &&
		       sp->targets == BS_TARGETS_ANY;
	/* [14.8] RULING R-632: invisibility and improved invisibility on one
	 * individual standing alone: range touch, no area, no save, anyone;
	 * a duration "special" ends when he attacks, a timed one runs its
	 * rounds. Invisibility to animals (a limit on whom) is not
	 * (R-636). */
	/* RULING R-341: invisibility 10' radius (range touch) and mass
	 * invisibility (a range): an area, on the units of his side wholly
	 * in it, until they attack (duration "special") */
	if (sp->category == BS_SPCAT_INVISIBILITY ||
	    sp->effect == BS_SPFX_INVISIBLE)
		return sp->kind == BS_MAGIC_SPELL &&
		       sp->category == BS_SPCAT_INVISIBILITY &&
		       sp->effect == BS_SPFX_INVISIBLE &&
		       (sp->known & BS_SPK_RANGE) &&
		       (sp->area == BS_AREA_NONE
			    ? sp->range_kind == BS_RANGE_TOUCH
			    : (sp->range_kind == BS_RANGE_TOUCH ||
			       sp->range_kind == BS_RANGE_DISTANCE) &&
				  sp->dur_kind == BS_DUR_SPECIAL) &&
		       sp->save_vs < 0 && sp->targets == BS_TARGETS_ANY &&
		       (sp->dur_kind == BS_DUR_SPECIAL ||
			sp->dur_kind == BS_DUR_TIMED);
	/* [14.6 A] RULING R-690: charm person, charm monster: one target (a
	 * unit's commander or an individual), a save that negates, the
	 * duration the rule's own (1-4 + CB Game Rounds) */
	if (sp->kind == BS_MAGIC_SPELL && sp->category == BS_SPCAT_CHARM_HOLD &&
	    sp->effect == BS_SPFX_CHARM)
		return (sp->known & BS_SPK_RANGE) &&
		       sp->range_kind == BS_RANGE_DISTANCE &&
		       sp->area == BS_AREA_NONE && sp->max_hd.tenths == 0 &&
		       (sp->save_vs < 0 ||
			sp->save_effect == BS_SAVEFX_NEGATES) &&
		       (sp->targets == BS_TARGETS_ANY ||
			sp->targets == BS_TARGETS_PERSONS);
	/* [14.6 A] RULING R-463: mass charm: every figure of the area
	 * saves, a save that negates, for the battle (duration "special",
	 * */
	if (sp->kind == BS_MAGIC_SPELL && sp->category == BS_SPCAT_CHARM_HOLD &&
	    sp->effect == BS_SPFX_MASS_CHARM)
		return (sp->known & BS_SPK_RANGE) &&
		       sp->range_kind == BS_RANGE_DISTANCE &&
		       sp->area != BS_AREA_NONE && sp->save_vs >= 0 &&
		       sp->save_effect == BS_SAVEFX_NEGATES &&
		       sp->dur_kind == BS_DUR_SPECIAL;
	int spell = sp->kind == BS_MAGIC_SPELL || bs_spell_is_item(sp);
	int timed = sp->dur_kind == BS_DUR_TIMED;
	int negates = sp->save_vs < 0 || sp->save_effect == BS_SAVEFX_NEGATES;
	/* [14.6 B] RULING R-655: entangle, every creature of its area, the
	 * save ("1/2": those who save escape) a partial one; RULING R-656:
	 * paralyzation, every creature of its area up to 2 HD a level, its
	 * duration "special" (until dispelled: the battle) */
	if (spell && sp->category == BS_SPCAT_CHARM_HOLD &&
	    (sp->effect == BS_SPFX_HOLD || sp->effect == BS_SPFX_PARALYSIS) &&
	    sp->area != BS_AREA_NONE && sp->creatures_all)
		return (sp->known & BS_SPK_RANGE) &&
		       sp->range_kind == BS_RANGE_DISTANCE && !sp->mental &&
		       sp->targets == BS_TARGETS_ANY &&
		       sp->max_hd.tenths == 0 &&
		       (sp->effect == BS_SPFX_PARALYSIS
			    ? sp->save_vs >= 0 &&
				  sp->save_effect == BS_SAVEFX_NEGATES &&
				  (timed || sp->dur_kind == BS_DUR_SPECIAL)
			    : timed && sp->save_vs >= 0 &&
				  sp->save_effect == BS_SAVEFX_PARTIAL);
	/* [14.9] RULING: scare, cause fear: one creature (no
	 * area), at range or by touch, a save that negates, a limit of hit
	 * dice or none */
	if (spell && sp->category == BS_SPCAT_AWE_FEAR &&
	    (sp->effect == BS_SPFX_ROUT || sp->effect == BS_SPFX_STUN) &&
	    sp->area == BS_AREA_NONE)
		return (sp->known & BS_SPK_RANGE) &&
		       (sp->range_kind == BS_RANGE_DISTANCE ||
			sp->range_kind == BS_RANGE_TOUCH) &&
		       timed && negates && !sp->creatures_all &&
		       sp->targets == BS_TARGETS_ANY;
	if ((sp->kind != BS_MAGIC_SPELL && !bs_spell_is_item(sp)) ||
	    !(sp->known & BS_SPK_RANGE) ||
	    (sp->range_kind != BS_RANGE_DISTANCE &&
	     sp->range_kind != BS_RANGE_SELF) ||
	    sp->dur_kind != BS_DUR_TIMED ||
	    (sp->save_vs >= 0 && sp->save_effect != BS_SAVEFX_NEGATES))
		return 0;
	/* [14.6 B] RULING R-628: sleep, by the PH's table of hit dice (its
	 * limit is the table's last row, 4+4) */
	if (sp->category == BS_SPCAT_CHARM_HOLD && sp->effect == BS_SPFX_SLEEP)
		return sp->area != BS_AREA_NONE && sp->save_vs < 0 &&
		       sp->targets == BS_TARGETS_ANY &&
		       (sp->max_hd.tenths == 0 ||
			(sp->max_hd.tenths == 40 && sp->max_hd.plus == 4));
	if (sp->max_hd.tenths != 0)
		return 0;
	/* [14.6 B] RULING R-621, R-624: hold person, hold monster; RULING
	 * R-654: hold animal, hold plant (its 4" square the place of its 1-4
	 * plants: the target unit's) by the creatures' catalog flag */
	if (sp->category == BS_SPCAT_CHARM_HOLD && sp->effect == BS_SPFX_HOLD) {
		/* RULING R-657: snake charm, the snakes whose hit points add
		 * up to no more than the caster's; no save */
		if (sp->targets == BS_TARGETS_SNAKES)
			return sp->area == BS_AREA_NONE && sp->creatures_all &&
			       sp->save_vs < 0;
		return !sp->creatures_all &&
		       (sp->area == BS_AREA_NONE ||
			sp->targets == BS_TARGETS_PLANTS) &&
		       (sp->targets == BS_TARGETS_ANY ||
			sp->targets == BS_TARGETS_PERSONS ||
			sp->targets == BS_TARGETS_ANIMALS ||
			sp->targets == BS_TARGETS_PLANTS);
	}
	/* [14.9] RULING R-625: fear */
	if (sp->category == BS_SPCAT_AWE_FEAR && sp->effect == BS_SPFX_ROUT)
		return sp->area != BS_AREA_NONE && sp->creatures_all &&
		       sp->targets == BS_TARGETS_ANY;
	return 0;
}

int bs_scenario_spell_lists(const struct bs_scenario *s, const char *name,
			    const struct bs_spell **first)
{
	if (first)
		*first = NULL;
	if (!s || !name || !s->spells)
		return 0;
	int i = bs_name_index_find(&s->spell_index, s->spells,
				   sizeof *s->spells, s->nspells, name);
	if (i < 0)
		return 0;
	if (first)
		*first = &s->spells[i];
	int n = 0;
	for (; i >= 0; i = s->spells[i].next_same)
		n++;
	return n;
}

const struct bs_spell *bs_scenario_spell(const struct bs_scenario *s,
					 const char *name, int cls)
{
	const struct bs_spell *sp;
	if (bs_scenario_spell_lists(s, name, &sp) == 0)
		return NULL;
	if (cls < 0)
		return sp;
	for (;;) {
		if ((int)sp->cls == cls && sp->kind == BS_MAGIC_SPELL)
			return sp;
		if (sp->next_same < 0)
			return NULL;
		sp = &s->spells[sp->next_same];
	}
}

int bs_individual_spell_slots(const struct bs_individual *ind,
			      enum bs_spell_class list,
			      int out[BS1E_SPELL_LEVELS])
{
	int result = BS1E_SPD_NOT_A_LIST;
	for (int k = 0; k < BS1E_SPELL_LEVELS; k++)
		out[k] = 0;
	for (int i = 0; i < ind->nclasses; i++) {
		int row[BS1E_SPELL_LEVELS];
		int r = bs1e_spells_per_day(ind->cls[i], ind->level[i],
					    (enum bs1e_spell_list)list, row);
		if (r == BS1E_SPD_NOT_A_LIST)
			continue;
		if (r == BS1E_SPD_UNKNOWN) {
			result = BS1E_SPD_UNKNOWN;
			continue;
		}
		/* PH Wisdom table: the bonus spells and the Wisdom the 6th
		 * and 7th levels need are the cleric's; RULING R-560: the
		 * druid's too (a sub-class of the cleric), not the paladin's
		 * or the ranger's */
		int wis = ind->ability[BS_WIS];
		if (strcmp(ind->cls[i], "cleric") == 0 ||
		    strcmp(ind->cls[i], "druid") == 0) {
			int top = bs1e_wisdom_max_spell_level(wis);
			for (int k = top; k < BS1E_SPELL_LEVELS; k++)
				row[k] = 0;
			bs1e_wisdom_bonus_spells(wis, row);
		}
		for (int k = 0; k < BS1E_SPELL_LEVELS; k++)
			out[k] += row[k];
		if (result == BS1E_SPD_NOT_A_LIST)
			result = BS1E_SPD_OK;
	}
	return result;
}

unsigned bs_individual_cast_lists(const struct bs_individual *ind,
				  unsigned *unknown)
{
	unsigned lists = 0;
	*unknown = 0;
	for (int l = 0; l < BS_SPCLASS__COUNT; l++) {
		int slots[BS1E_SPELL_LEVELS];
		int r = bs_individual_spell_slots(ind, (enum bs_spell_class)l,
						  slots);
		if (r == BS1E_SPD_NOT_A_LIST)
			continue;
		lists |= 1u << l;
		if (r == BS1E_SPD_UNKNOWN)
			*unknown |= 1u << l;
	}
	return lists;
}

/* ---- the spells left in a battle [14.1] ---------------------------------- */

void bs_spell_memory_init(struct bs_spell_memory *m,
			  const struct bs_individual *ind, int *left)
{
	m->ind = ind;
	m->left = left;
	for (int i = 0; i < ind->nspells; i++)
		left[i] = ind->spells[i].count;
}

static int memory_index(const struct bs_spell_memory *m,
			const struct bs_spell *sp)
{
	for (int i = 0; i < m->ind->nspells; i++)
		if (m->ind->spells[i].spell == sp)
			return i;
	return -1;
}

int bs_spell_memory_left(const struct bs_spell_memory *m,
			 const struct bs_spell *sp)
{
	int i = memory_index(m, sp);
	return i < 0 ? 0 : m->left[i];
}

int bs_spell_memory_left_at(const struct bs_spell_memory *m,
			    enum bs_spell_class cls, int level)
{
	int n = 0;
	for (int i = 0; i < m->ind->nspells; i++) {
		const struct bs_spell *sp = m->ind->spells[i].spell;
		if (sp->cls == cls && sp->level == level)
			n += m->left[i];
	}
	return n;
}

int bs_spell_memory_spend(struct bs_spell_memory *m, const struct bs_spell *sp)
{
	/* [14.1] "All AD&D ... game rules apply to the use of magic": a
	 * memorized spell is spent when cast */
	int i = memory_index(m, sp);
	if (i < 0 || m->left[i] == 0)
		return -1;
	m->left[i]--;
	return 0;
}
