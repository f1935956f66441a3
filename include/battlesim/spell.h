/* The magic of the catalog [14.0]-[14.9] [13.7]: one record type for the
 * spells of the AD&D Players Handbook that the BATTLESYSTEM chapters name,
 * the wands, staves and rods that reproduce them, and breath weapons (data
 * in data/catalog/spells.yaml and a scenario's `catalog: spells:`, format
 * in docs/SCENARIO-FORMAT.md, figures and sources in docs/CATALOG.md); the
 * spells an individual has memorized. Part of the model (model.h): data
 * only, read by the loader, the roster, the 1E spell mechanism
 * (battlesim/spells.h) and the calculator. Lengths are tenths of an AD&D
 * inch (1" = 10' for areas, 10 yards for ranges outdoors: [14.2], the
 * fireball answer of the annotated chapter). */
#ifndef BATTLESIM_SPELL_H
#define BATTLESIM_SPELL_H

#include "battlesim/dice.h"
#include "battlesim/model.h"

/* What the record is. */
enum bs_magic_kind {
	BS_MAGIC_SPELL,
	BS_MAGIC_WAND,
	BS_MAGIC_STAFF,
	BS_MAGIC_ROD,
	BS_MAGIC_BREATH, /* a monster's breath weapon [13.7] */
	BS_MAGIC__COUNT
};
extern const char *const bs_magic_kind_name[BS_MAGIC__COUNT];

/* The PH spell lists, in the order of the [14.5]-[14.9] headings (the
 * order of enum bs1e_spell_list of the tables). */
enum bs_spell_class {
	BS_SPCLASS_CLERIC,
	BS_SPCLASS_DRUID,
	BS_SPCLASS_MAGIC_USER,
	BS_SPCLASS_ILLUSIONIST,
	BS_SPCLASS__COUNT
};
extern const char *const bs_spell_class_name[BS_SPCLASS__COUNT];

/* The BATTLESYSTEM categories of [14.5]-[14.9]; [14.10]-[14.22] follow in
 * a later issue as further rows. */
enum bs_spell_category {
	BS_SPCAT_ARTILLERY,	/* [14.5] magical weapons and artillery */
	BS_SPCAT_CHARM_HOLD,	/* [14.6] charm, hold, immobilization */
	BS_SPCAT_BONUS_PENALTY, /* [14.7] bonuses and penalties */
	BS_SPCAT_INVISIBILITY,	/* [14.8] */
	BS_SPCAT_AWE_FEAR,	/* [14.9] */
	BS_SPCAT__COUNT
};
struct bs_spell_category_info {
	const char *name;  /* as written: "artillery", "charm-hold", ... */
	const char *title; /* "Magical Weapons and Artillery Spells" */
	const char *cite;  /* "[14.5]" */
	/* the chapter says "Spells in this category can be used as
	 * pass-through fire" ([14.0] procedure: no other may) */
	int pass_through;
};
extern const struct bs_spell_category_info
    bs_spell_category_info[BS_SPCAT__COUNT];

/* What the spell does to a figure it affects (the categories' rules tell
 * how: [14.5 B] damage, [14.6 A] charm, [14.6 B] hold, sleep and
 * paralysis, [14.7], [14.8], [14.9] rout or stun). */
enum bs_spell_effect {
	BS_SPFX_DAMAGE,	    /* hit points of damage [14.5 A] */
	BS_SPFX_SLAY,	    /* kills outright (death spell, power word kill) */
	BS_SPFX_CHARM,	    /* [14.6 A] a commander or individual */
	BS_SPFX_MASS_CHARM, /* [14.6 A] every figure of the area */
	BS_SPFX_HOLD,	    /* [14.6 B] held or immobilized: waits or magic */
	BS_SPFX_SLEEP,	    /* [14.6 B] broken by a friend in contact */
	BS_SPFX_PARALYSIS,  /* [14.6 B] waits for the effect to end */
	BS_SPFX_CONFUSION,  /* [14.6] "or similar effect": acts at random */
	BS_SPFX_BLINDNESS,
	BS_SPFX_DEAFNESS,
	BS_SPFX_ROUT,	   /* [14.9] the unit routs */
	BS_SPFX_STUN,	   /* [14.9] stunned */
	BS_SPFX_BONUS,	   /* [14.7] */
	BS_SPFX_PENALTY,   /* [14.7] */
	BS_SPFX_INVISIBLE, /* [14.8] */
	BS_SPFX_SPECIAL,   /* as its note says: the referee's */
	/* [14.8] detect invisibility, true seeing: the invisible enemies of
	 * its area are found (RULING R-702) */
	BS_SPFX_SEE_INVISIBLE,
	BS_SPFX__COUNT
};
extern const char *const bs_spell_effect_name[BS_SPFX__COUNT];

/* Damage that some creatures resist (the druid's +2 [PH], resist fire). */
enum bs_spell_element {
	BS_ELEM_NONE,
	BS_ELEM_FIRE,
	BS_ELEM_COLD,
	BS_ELEM_ELECTRICITY,
	BS_ELEM_ACID,
	BS_ELEM_POISON, /* poison gas */
	BS_ELEM__COUNT
};
extern const char *const bs_spell_element_name[BS_ELEM__COUNT];

/* The shape of an area of effect [14.2]. */
enum bs_area_shape {
	BS_AREA_NONE,	/* creatures, not an area (a target, a touch) */
	BS_AREA_CIRCLE, /* a: radius, or diameter (spheres, globes) */
	BS_AREA_CONE,	/* a: length, b: diameter at the far end */
	BS_AREA_LINE,	/* a: length, b: width (a bolt, a stroke) */
	BS_AREA_RECT,	/* a: length, b: width (squares, cubes, clouds) */
	BS_AREA__COUNT
};
extern const char *const bs_area_shape_name[BS_AREA__COUNT];

enum bs_range_kind {
	BS_RANGE_DISTANCE, /* inches */
	BS_RANGE_TOUCH,
	BS_RANGE_SELF, /* 0: from or around the caster */
	BS_RANGE_SPECIAL,
	BS_RANGE__COUNT
};

enum bs_time_unit {
	BS_TIME_SEGMENT, /* 1/10 round */
	BS_TIME_ROUND,	 /* one melee round = one Game Round [1.0] */
	BS_TIME_TURN,	 /* 10 rounds */
	BS_TIME_HOUR,
	BS_TIME_DAY,
	BS_TIME__COUNT
};
extern const char *const bs_time_unit_name[BS_TIME__COUNT]; /* "round" */

enum bs_duration_kind {
	BS_DUR_TIMED,
	BS_DUR_INSTANT,
	BS_DUR_PERMANENT,
	BS_DUR_CONCENTRATION,
	BS_DUR_SPECIAL,
	BS_DUR__COUNT
};

/* Whom the spell affects. */
enum bs_spell_targets {
	BS_TARGETS_ANY,
	BS_TARGETS_PERSONS, /* humans, demi-humans, humanoids up to man size */
	BS_TARGETS_PERSONS_MAMMALS,
	BS_TARGETS_ANIMALS,
	BS_TARGETS_SNAKES,
	BS_TARGETS_PLANTS,
	BS_TARGETS_SELF,
	BS_TARGETS__COUNT
};
extern const char *const bs_spell_targets_name[BS_TARGETS__COUNT];

/* What a successful saving throw does. */
enum bs_save_effect {
	BS_SAVEFX_NONE,	   /* no saving throw */
	BS_SAVEFX_NEGATES, /* no effect */
	BS_SAVEFX_HALF,	   /* half damage */
	BS_SAVEFX_PARTIAL, /* a lesser effect, as the note says */
	BS_SAVEFX__COUNT
};
extern const char *const bs_save_effect_name[BS_SAVEFX__COUNT];

/* A figure that may grow with the caster's level L: base + per x ((L -
 * from) / every) for L >= from (base alone below), at most max (0: no
 * limit). "10 + 1/level" is {10, 1, 1, 0, 0}; "1 + 1 per 2 levels above
 * the 1st" {1, 1, 2, 1, 0}. */
struct bs_level_qty {
	int base;
	int per;
	int every; /* >= 1 */
	int from;
	int max;
};

/* The value at caster level `level`. */
int bs_level_qty_at(const struct bs_level_qty *q, int level);

/* Damage of a spell, item or breath [14.5 A]: a fixed part once, plus n
 * (the caster's level) times an element: fireball d6 x level, cone of
 * cold (d4+1) x level, call lightning 2d8 + d8 x level; a breath weapon
 * does the breather's hit points. */
struct bs_spell_damage {
	int given;		   /* 0: the spell does no hit point damage */
	struct bs_dice_part fixed; /* count 0 and plus 0: none */
	struct bs_dice_part each;  /* the element (count 0, plus 0: none) */
	struct bs_level_qty n;	   /* how many elements */
	int hp;			   /* 1: the user's current hit points */
};

/* [14.7] what a bonus or penalty spell does to the creatures it affects
 * (issue 16): `friends:` those of the caster's side, `enemies:` the
 * others. Signed, + is better for the creature: to_hit (+1: -1 AR [8.3],
 * "minuses are advantageous"), morale (+1 ML [4.1]), ac (+1: one better,
 * -1 AC), saves (+1 to the saving throw's die [14.3]); haste 1: [14.7]
 * "melee for double damage" (RULING R-689); not_in_melee 1: not on
 * units in melee when it is cast (bless, RULING R-688). given: the key
 * was written; resist 1: the record's `element:` (RULING R-735); evil
 * N: protection from evil (RULING R-737). The engine plays to_hit,
 * morale, saves, haste, slow, normal_missiles, resist and evil; a
 * record with ac is not played (bs_spell_bonus_played). */
struct bs_spell_mods {
	int given;
	int to_hit, morale, ac, saves;
	int damage; /* [14.7] chant (RULING R-728): to each blow's damage */
	int haste;
	int slow; /* [14.7] RULING R-617: half movement and attacks */
	int normal_missiles; /* RULING R-618: no harm from them */
	int resist; /* [14.7] RULING R-735: resist fire, resist cold: half
		       damage and +3 to saves against the record's element */
	int evil;   /* [14.7] RULING R-737: protection from evil: evil
		       attackers N worse to hit him, his saves against
		       their spells N better */
	int not_in_melee;
};

/* A catalog record: name, what it is, the figures of [14.2] and [14.3],
 * the damage of [14.5 A] and the category of [14.5]-[14.9]. A figure not
 * given (the sources could not confirm it) is left out: its `known` bit
 * is clear (enum bs_spell_known) and docs/CATALOG.md lists it. */
enum bs_spell_known {
	BS_SPK_LEVEL = 1u << 0,
	BS_SPK_RANGE = 1u << 1,
	BS_SPK_DURATION = 1u << 2,
	BS_SPK_AREA = 1u << 3,
	BS_SPK_CAST = 1u << 4,
	BS_SPK_SAVE = 1u << 5,
};
struct bs_spell {
	char name[BS_NAME_MAX]; /* first, for the name index */
	enum bs_magic_kind kind;
	enum bs_spell_class cls; /* the list (spells; items: their spell's) */
	int level;		 /* spell level 1..9 (0 for items and breath) */
	int dnd;		 /* 1: a D&D spell the PH does not have */
	enum bs_spell_category category;
	enum bs_spell_effect effect;
	enum bs_spell_element element;
	unsigned known; /* enum bs_spell_known bits */
	/* [14.2] range (tenths of an inch), casting time, onset, duration */
	enum bs_range_kind range_kind;
	struct bs_level_qty range;
	int cast; /* casting time, in cast_unit (0: special) */
	enum bs_time_unit cast_unit;
	int onset; /* segments before it takes effect (max) */
	enum bs_duration_kind dur_kind;
	enum bs_time_unit dur_unit;
	struct bs_level_qty dur;      /* BS_DUR_TIMED: the amount ... */
	struct bs_dice_part dur_dice; /* ... or dice (count 0: none) */
	/* [14.2] area of effect, tenths of an AD&D inch, as printed: a
	 * circle's radius, or its diameter when area_diameter (Table 17
	 * converts the figure printed, RULING R-565) */
	enum bs_area_shape area;
	struct bs_level_qty area_a, area_b;
	int area_diameter;
	/* whom it affects */
	enum bs_spell_targets targets;
	int creatures_all;		    /* 1: every creature in the area */
	struct bs_level_qty creatures;	    /* else how many: this ... */
	struct bs_dice_part creatures_dice; /* ... plus these dice */
	struct bs_hd max_hd; /* the most HD affected (tenths 0: any;
			      plus 99: any hit points added, "3+") */
	/* [14.3] saving throw: save_vs is an enum bs_save, or -1 none */
	int save_vs;
	enum bs_save_effect save_effect;
	int save_mod; /* to the saving throw's die (-4: at -4) */
	int mental;   /* a mental attack form: Wisdom adjusts [PH] */
	struct bs_spell_damage damage; /* [14.5 A] */
	/* [14.7] the bonus of friends, the penalty of enemies */
	struct bs_spell_mods friends, enemies;
	/* wands, staves, rods: the spell they produce, at item_level */
	const struct bs_spell *as;
	int item_level;
	int charges;	/* when made (0: not given) */
	int xp;		/* [16.3 A] an item's DMG XP value (0: not given) */
	int per_day;	/* breath weapons: uses a day (0: not given) */
	char note[256]; /* what it does in battle, from its source */
	int next_same;	/* the next record of the same name (another
			   list), -1 none */
	int builtin;	/* 1: from the built-in catalog (data/catalog) */
	int line;	/* where it is defined */
	char file[128];
};

/* The category's pass-through rule [14.0]: 1 when a record of category c
 * may be used as pass-through fire. */
int bs_spell_pass_through(const struct bs_spell *sp);

/* Issue 16: 1 when the play of magic casts record sp (r14_cast.c): a
 * spell of [14.5] that does hit points of damage to every creature of its
 * area (or to one individual when it has no area), with a range in
 * inches (or from the caster), a saving throw that halves, negates or is
 * none, and no limit on whom it affects. 0 for every other record: a
 * scenario that memorizes one gets the `spells` warning, a cast of it is
 * REJECTED as not played (RULING R-574). */
int bs_spell_played(const struct bs_spell *sp);
/* A wand, staff or rod (bs_spell_is_item) is played when the spell it
 * carries (its own record, made from its `as:`) is (RULING R-681). */
/* Issue 16 (r14_effects.c): 1 when sp is one of the effect spells played
 * (bs_spell_played is then 1 too): a [14.6 B] hold of a number of
 * creatures without an area, at anyone or at persons (hold person, hold
 * monster: RULING ), or a [14.9] fear that routs every
 * creature of its area (fear: RULING R-625); a range in inches (or from
 * the caster), a duration in time, a saving throw that negates or none.
 * Also a [14.6 A] charm at one target (charm person, charm monster:
 * RULING R-690, r14_charm.c), its duration the rule's 1-4 + CB. */
int bs_spell_effect_played(const struct bs_spell *sp);

/* 1 when record sp is a wand, a staff or a rod (an item made from a
 * spell, `as:`). */
int bs_spell_is_item(const struct bs_spell *sp);

/* [14.20] The wand, staff or rod record named `name` in scenario s (the
 * first of that name that is one), NULL when none is. */
const struct bs_spell *bs_scenario_item(const struct bs_scenario *s,
					const char *name);

/* RULING R-680: the charges item record `item` has at the start of a
 * battle: `given` when the individual's `items:` gives them (>= 0), else
 * the record's `charges:`, else the fewest the DMG gives an item found
 * (wand 100 - (d20 - 1): 81, staff 25 - (d6 - 1): 20, rod 50 - (d10 - 1):
 * 41). */
int bs_item_charges(const struct bs_spell *item, int given);

/* Issue 16 (r14_bonus.c): 1 when sp is one of the [14.7] bonus spells
 * played (bs_spell_played is then 1 too): category bonus-penalty, effect
 * bonus, with `friends:` or `enemies:` figures, a duration in time, no
 * saving throw, a range in inches (or from the caster), and an area all
 * of whose creatures it affects or a number of creatures of one target
 * (RULING R-685). */
int bs_spell_bonus_played(const struct bs_spell *sp);

/* [16.3 A] RULING R-460: the power level of magic in force in scenario
 * s (`magic:` at the Advanced Game of an AD&D 1E scenario; anything goes
 * elsewhere): the highest spell level permitted, of spells and of the
 * spells items produce (9: every level) ... */
int bs_magic_spell_limit(const struct bs_scenario *s);
/* ... and the DMG XP value from which a magic item is not permitted
 * (0: none is kept out). */
int bs_magic_item_xp_limit(const struct bs_scenario *s);

/* One entry of an individual's memorized spells (`spells:`). */
struct bs_memorized {
	const struct bs_spell *spell;
	int count;
	int line, col; /* where it is written (0: the default choice) */
};

/* [14.1] issue 16 RULING R-707: one spell an individual pre-casts before
 * the battle (`precast:`): a record he memorized, on himself (tunit and
 * tindiv -1) or on a unit or an individual of his side. */
struct bs_precast {
	const struct bs_spell *spell;
	int tunit, tindiv; /* of his side; both -1: himself */
	int aim;	   /* 1: its area at (x, y) (`at:`, RULING R-573) */
	double x, y;
	int rounds;    /* its casting time, Game Rounds (RULING R-708) */
	int line, col; /* where it is written */
};

/* The name of pre-cast pc's target: the unit or individual of the side of
 * individual ind (one of scenario s's), ind's own for himself. */
const char *bs_precast_target(const struct bs_scenario *s,
			      const struct bs_individual *ind,
			      const struct bs_precast *pc);

/* [14.1] [14.2] RULING R-708: the Game Rounds record sp takes to cast
 * before the battle: a casting time in segments is one Game Round (one
 * AD&D melee round, up to 10 segments: a caster casts one spell a round,
 * [14.1]), in rounds that many, in turns ten a turn; 0 when its casting
 * time is not known (special, or not given). */
int bs_spell_cast_rounds(const struct bs_spell *sp);

/* The spells a caster has left in a battle [14.1] (the AD&D rule: a spell
 * cast is gone from memory): the counts of his memorized list, ind->spells,
 * in caller storage. For the play of magic, which will spend one per cast;
 * the roster shows the list memorized. */
struct bs_spell_memory {
	const struct bs_individual *ind;
	int *left; /* left[i]: how many of ind->spells[i] are left */
};

/* Everything memorized is left; `left` has room for ind->nspells. */
void bs_spell_memory_init(struct bs_spell_memory *m,
			  const struct bs_individual *ind, int *left);
/* How many of `sp` are left (0: spent, or never memorized). */
int bs_spell_memory_left(const struct bs_spell_memory *m,
			 const struct bs_spell *sp);
/* How many spells of list `cls` and spell level `level` are left. */
int bs_spell_memory_left_at(const struct bs_spell_memory *m,
			    enum bs_spell_class cls, int level);
/* Cast one `sp`: 0 and one fewer left, or -1 (none left: nothing
 * changes). */
int bs_spell_memory_spend(struct bs_spell_memory *m, const struct bs_spell *sp);

/* The spells per day of individual `ind` from `list` ([14.1]: the AD&D
 * class tables, bs1e_spells_per_day), summed over his classes that cast
 * from it, with a cleric's or a druid's Wisdom bonus spells and the Wisdom
 * the 6th and 7th levels need (RULING R-560): out[k] the spells of level
 * k + 1. Returns BS1E_SPD_OK, BS1E_SPD_NOT_A_LIST (none of his classes
 * casts from it) or BS1E_SPD_UNKNOWN (a class's row is not in the tables:
 * out holds the others' only; RULING R-561). */
int bs_individual_spell_slots(const struct bs_individual *ind,
			      enum bs_spell_class list, int out[9]);

/* The lists `ind` casts from (bit 1 << enum bs_spell_class), and in
 * *unknown those whose spells per day are not in the tables (RULING
 * */
unsigned bs_individual_cast_lists(const struct bs_individual *ind,
				  unsigned *unknown);

/* The record of `name` on list `cls` (-1: any list; the first of a name
 * when several lists have it), NULL when absent. */
const struct bs_spell *bs_scenario_spell(const struct bs_scenario *s,
					 const char *name, int cls);

/* The number of lists that have a record named `name` (0: none); when
 * `first` is not NULL, the first record. */
int bs_scenario_spell_lists(const struct bs_scenario *s, const char *name,
			    const struct bs_spell **first);

#endif
