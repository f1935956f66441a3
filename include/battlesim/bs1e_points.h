/* Point costs for creating armies [16.3], Table 18: characters, magic items
 * and monsters, each priced as a struct bs_deriv whose terms are the lines
 * of the [16.3] example ("F 18 (2,750,000 XP) = 27,500 pts."). */
#ifndef BATTLESIM_BS1E_POINTS_H
#define BATTLESIM_BS1E_POINTS_H

#include "battlesim/deriv.h"
#include "battlesim/diag.h"
#include "battlesim/model.h"

/* [16.3 T18] "Pay 50 points per level of the spell". */
#define BS1E_POINTS_PER_SPELL_LEVEL 50
/* [16.3 T18] improved innate spell abilities: 100 points per spell level. */
#define BS1E_POINTS_PER_IMPROVED_LEVEL 100

/* How a magic item is priced (Table 18 rows). */
enum bs1e_item_kind {
	BS1E_ITEM_ADND,	    /* 50% of the XP value (+ charges, see below) */
	BS1E_ITEM_SCROLL,   /* only the spells it contains: 50 per level */
	BS1E_ITEM_ADND_GP,  /* optional rule: 50% of the GP sale value */
	BS1E_ITEM_DND,	    /* D&D: plusses, spell effects, misc by set */
	BS1E_ITEM_ARTIFACT, /* artifacts and cursed items: not for sale */
	BS1E_ITEM__COUNT
};

/* D&D sets for miscellaneous items; UNKNOWN is priced as COMPANION. */
enum bs1e_dnd_set {
	BS1E_DND_SET_UNKNOWN,
	BS1E_DND_SET_BASIC,
	BS1E_DND_SET_EXPERT,
	BS1E_DND_SET_COMPANION,
	BS1E_DND_SET_MASTERS, /* Masters or higher */
	BS1E_DND_SET__COUNT
};

/* A magic item to price. Fields that do not apply to its kind are 0. */
struct bs1e_item {
	const char *name; /* "Wand of Fire" (for the term label) */
	enum bs1e_item_kind kind;
	long value; /* ADND: XP value; ADND_GP: GP sale value */
	/* ADND charged items: the charges the scenario gives and the level
	 * of the highest spell a charge produces. Above 3rd level each
	 * charge also pays that spell's cost (RULING R-015, gap 55); with
	 * charges 0 (not given) only the 50% of XP is paid. */
	int charges;
	int charge_spell_level;
	int spell_levels; /* SCROLL: total spell levels it contains */
	/* DND */
	int plusses;		    /* on weapons and armor: 50 per plus */
	int charge_spell_levels;    /* charges x spell level: 100 each */
	int unlimited_spell_levels; /* spell levels usable at will: 1000 */
	int misc;		    /* 1: a miscellaneous item, priced by set */
	enum bs1e_dnd_set set;
};

/* The points of one item, or -1 for an artifact or cursed item. */
long bs1e_item_points(const struct bs1e_item *it);

/* Add `times` x the item to d as one term "[times x ]NAME (V XP)", cite
 * "[16.3 T18]". Returns BS_ERR_INPUT with a message in diags (may be NULL)
 * for an artifact / cursed item or when d is full; d is unchanged then. */
enum bs_status bs1e_points_add_item(struct bs_deriv *d,
				    const struct bs1e_item *it, int times,
				    struct bs_diags *diags);

/* A character type [16.3 T18 "Character Types"]: one to BS_MAX_CLASSES
 * classes (multi-classed characters pay for all), spell levels, items. */
struct bs1e_character_cost {
	const char *name; /* for messages; may be NULL */
	int nclasses;
	const char *cls[BS_MAX_CLASSES]; /* "fighter", "magic-user", ... */
	int level[BS_MAX_CLASSES];
	/* Spell levels castable; -1 = the sum of bs1e_spell_levels_for over
	 * the classes (an error when a class's table is unknown). */
	int spell_levels;
	const struct bs1e_item *items; /* carried by each character */
	int nitems;
	int count; /* how many such characters (100 F1): 0 counts as 1 */
};

/* Price a character type into out (initialised here): one term per class
 * "F 18 (2,750,000 XP)" = 1% of the class's maximum XP for the level
 * (rounded up, RULING R-014), one for the spells "139 spell levels", one
 * per item; all times count. Returns BS_OK, or BS_ERR_INPUT with a message
 * in diags (may be NULL) for an unknown class, a level whose maximum XP or
 * spell levels are not known, or an artifact. */
enum bs_status bs1e_points_character(const struct bs1e_character_cost *pc,
				     struct bs_deriv *out,
				     struct bs_diags *diags);

/* How a monster's spell ability is priced. */
enum bs1e_spell_use {
	BS1E_SPELLS_CAST,     /* spell-use: 50 per spell level */
	BS1E_SPELLS_INNATE,   /* innate spell abilities: 50 per spell level */
	BS1E_SPELLS_IMPROVED, /* improved innate: 100 per spell level */
	BS1E_SPELLS__COUNT
};

struct bs1e_spell_group {
	const char *label; /* "3 wishes per day", "innate spell abilities" */
	int levels;	   /* spell levels */
	enum bs1e_spell_use use;
};

/* A monster [16.3 T18 "Monsters"]. */
struct bs1e_monster_cost {
	const char *name; /* "ghoul" */
	enum bs_game game;
	long xp;	    /* official XP value */
	long xp_dmg_method; /* AD&D: by the DMG method, p. 85; 0 = not given */
	const struct bs1e_spell_group *spells;
	int nspells;
	/* abilities priced as items (the efreeti's gaseous form as a potion) */
	const struct bs1e_item *items;
	int nitems;
	int count; /* 0 counts as 1 */
};

/* Price a monster into out (initialised here): AD&D: the higher of xp and
 * xp_dmg_method; D&D: 3 x xp; + each spell group; + each item; all times
 * count. Returns BS_OK or BS_ERR_INPUT (message in diags, may be NULL). */
enum bs_status bs1e_points_monster(const struct bs1e_monster_cost *m,
				   struct bs_deriv *out,
				   struct bs_diags *diags);

#endif
