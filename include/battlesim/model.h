/* The loaded scenario: catalogs (weapons, armor, creatures), sides, units,
 * individuals, terrain. Built by the loader (src/scenario/), validated once,
 * then read-only for the rules code. Sections: [2.6]-[2.11], [3.1], [3.2],
 * [4.10], [9.1]-[9.4], [11.2], [11.3]. */
#ifndef BATTLESIM_MODEL_H
#define BATTLESIM_MODEL_H

#include <stddef.h>

#include "battlesim/diag.h"
#include "battlesim/dice.h"

#define BS_NAME_MAX 64

/* The magic of the catalog and the spells an individual has memorized
 * (battlesim/spell.h). */
struct bs_spell;
struct bs_memorized;
struct bs_precast;

/* The round limit of a battle when the scenario names none (`rounds:`). */
#define BS_DEFAULT_MAX_ROUNDS 30
/* The largest round limit or round number anywhere: `rounds:`, an order's
 * `round:`, `play --rounds`, `sim --rounds` (RULING R-357). */
#define BS_MAX_ROUNDS 1000

/* ---- enums --------------------------------------------------------------- */

enum bs_rules {
	BS_RULES_BS1E,
	BS_RULES_BS2E,
	BS_RULES_MATRIX,
	BS_RULES__COUNT
};
enum bs_level {
	BS_LEVEL_BASIC,
	BS_LEVEL_INTERMEDIATE,
	BS_LEVEL_ADVANCED,
	BS_LEVEL__COUNT
};
enum bs_game { BS_GAME_ADND, BS_GAME_DND, BS_GAME__COUNT };
/* [16.3 A] the Advanced Game's power level of magic (`magic:`, RULING
 * anything goes (the default) or the low, medium and high magic
 * limits (RULING) */
enum bs_magic_power {
	BS_POWER_ANYTHING_GOES,
	BS_POWER_LOW,
	BS_POWER_MEDIUM,
	BS_POWER_HIGH,
	BS_POWER__COUNT
};

/* AD&D size: S, M, L. */
enum bs_size { BS_SIZE_S, BS_SIZE_M, BS_SIZE_L, BS_SIZE__COUNT };

/* [2.6] unit types and the [2.11] special types a scenario may allow. */
enum bs_unit_type {
	BS_UNIT_REGULAR,
	BS_UNIT_SKIRMISH,
	BS_UNIT_MOB,
	BS_UNIT_ELITE,	   /* [2.11] regular, +2 morale, may skirmish */
	BS_UNIT_BERSERKER, /* [2.11] regular, +3 morale, DL 0, never closed */
	BS_UNIT__COUNT
};

/* [7.1] formations. */
enum bs_formation {
	BS_FORM_CLOSED,
	BS_FORM_OPEN,
	BS_FORM_SKIRMISH,
	BS_FORM_MOB,
	BS_FORM__COUNT
};

/* Alignment: two axes. */
enum bs_law { BS_LAW_LAWFUL, BS_LAW_NEUTRAL, BS_LAW_CHAOTIC, BS_LAW__COUNT };
enum bs_moral {
	BS_MORAL_GOOD,
	BS_MORAL_NEUTRAL,
	BS_MORAL_EVIL,
	BS_MORAL__COUNT
};

/* AD&D intelligence categories (DMG / MM), in order. Table 6 uses
 * "Low or lower" (<= LOW) and "High or higher" (>= HIGH). */
enum bs_int {
	BS_INT_NON,	    /* 0 */
	BS_INT_ANIMAL,	    /* 1 */
	BS_INT_SEMI,	    /* 2-4 */
	BS_INT_LOW,	    /* 5-7 */
	BS_INT_AVERAGE,	    /* 8-10 */
	BS_INT_VERY,	    /* 11-12 */
	BS_INT_HIGH,	    /* 13-14 */
	BS_INT_EXCEPTIONAL, /* 15-16 */
	BS_INT_GENIUS,	    /* 17-18 */
	BS_INT_SUPRA,	    /* 19-20 */
	BS_INT_GODLIKE,	    /* 21+ */
	BS_INT__COUNT
};

/* The DMG's types of undead for the Matrix for Clerics Affecting Undead
 * ([14.19], src/bs1e/tables/t_turning.c), in the DMG's row order; a
 * creature's `turned_as:` key. BS_UNDEAD_NONE: not turned. */
enum bs_undead_type {
	BS_UNDEAD_NONE,
	BS_UNDEAD_SKELETON,
	BS_UNDEAD_ZOMBIE,
	BS_UNDEAD_GHOUL,
	BS_UNDEAD_SHADOW,
	BS_UNDEAD_WIGHT,
	BS_UNDEAD_GHAST,
	BS_UNDEAD_WRAITH,
	BS_UNDEAD_MUMMY,
	BS_UNDEAD_SPECTRE,
	BS_UNDEAD_VAMPIRE,
	BS_UNDEAD_GHOST,
	BS_UNDEAD_LICH,
	BS_UNDEAD_SPECIAL,
	BS_UNDEAD__COUNT
};
extern const char *const bs_undead_type_name[BS_UNDEAD__COUNT];

/* Creature flags (bit set). */
enum bs_cflag {
	BS_CF_WOODLAND = 1u << 0,    /* ignores woods penalty [11.8] */
	BS_CF_MOUNTAIN = 1u << 1,    /* ignores rough penalty [11.8] */
	BS_CF_SWAMP = 1u << 2,	     /* ignores swamp penalty [11.8] */
	BS_CF_AQUATIC = 1u << 3,     /* may enter water [11.8] */
	BS_CF_UNDEAD = 1u << 4,	     /* Table 5 contact check */
	BS_CF_MINDLESS = 1u << 5,    /* [13.9] never checks morale/discipline */
	BS_CF_LEVEL_DRAIN = 1u << 6, /* [13.5] */
	BS_CF_NEVER_CHECKS_MORALE = 1u << 7, /* [4.1] special note */
	BS_CF_MAGIC_TO_HIT = 1u << 8, /* hit only by magic weapons [13.3] */
	BS_CF_REGENERATES = 1u << 9,  /* [13.8] */
	BS_CF_FLIES = 1u << 10,	      /* [15.0] */
	BS_CF_DAYLIGHT_PENALTY = 1u
				 << 11, /* -1 to hit in daylight (T10 note) */
	BS_CF_PARALYZES = 1u << 12,	/* [13.4] */
	BS_CF_POISON = 1u << 13,	/* [13.2] */
	BS_CF_CAUSES_FEAR = 1u << 14,	/* [13.6] */
	/* its AC is its own hide or shell, not worn armor (RULING R-026) */
	BS_CF_NATURAL_ARMOR = 1u << 15,
	/* [10.10] human, demi-human or humanoid: may crew artillery
	 * (RULING R-489) */
	BS_CF_HUMANOID = 1u << 16,
	/* [10.5] centaur archers, creatures with innate missile weapons:
	 * split-fire as mounted archers (RULING R-478) */
	BS_CF_SPLIT_FIRE = 1u << 17,
	/* [13.6] a dragon: its awe and fear checks at -1 (issue 16) */
	BS_CF_DRAGON = 1u << 18,
	/* [13.6] an illusion of a creature that causes awe or fear: its
	 * checks at +1 (issue 16) */
	BS_CF_ILLUSION = 1u << 19,
	/* [14.6 B] RULING R-654: what hold animal, hold plant and snake
	 * charm affect (the PH's "animals", "plants", "snakes") */
	BS_CF_ANIMAL = 1u << 20,
	BS_CF_PLANT = 1u << 21,
	BS_CF_SNAKE = 1u << 22,
};

/* Hit dice "1/2", "1-1", "1", "4+1", "9": whole dice in tenths (1/2 -> 5,
 * 4 -> 40) and hit points added (+1, -1). */
struct bs_hd {
	int tenths;
	int plus;
};

/* ---- catalogs ------------------------------------------------------------ */

enum bs_weapon_kind {
	BS_WEAPON_MELEE,
	BS_WEAPON_MISSILE,
	BS_WEAPON_NATURAL,
	BS_WEAPON__COUNT
};

/* A weapon of the catalog (reference/adnd-1e-tables.md). */
struct bs_weapon {
	char name[BS_NAME_MAX];
	enum bs_weapon_kind kind;
	struct bs_dice damage_sm; /* vs size S and M */
	struct bs_dice damage_l;  /* vs size L */
	int speed;		  /* speed factor (0 = none) */
	int is_pike;		  /* [8.1] two extra ranks */
	int is_polearm;	   /* spear, pole arm, halberd [8.1] one extra rank */
	int lance;	   /* double damage charging mounted [11.4] */
	int set_vs_charge; /* [11.7] */
	/* missiles: ranges in inches (0 if not a missile weapon) */
	int range_s, range_m, range_l;
	int rate_num, rate_den; /* shots per round: 2/1, 1/1, 1/2 */
	int missile_class;	/* enum bs1e_missile_class, -1 none */
	int crossbow; /* class crossbow (Table 12 mounted crossbows [10.4]) */
	int unlimited_ammo; /* arrows, quarrels, stones, bullets [10.3] */
	/* PH weapon-vs-AC adjustment, vs_ac[0] vs AC 2 .. vs_ac[8] vs AC 10;
	 * has_vs_ac 0 = not given (option weapon_vs_ac) */
	int vs_ac[9];
	int has_vs_ac;
	int line; /* line in `file` where it was defined */
	char file[128];
};

struct bs_armor {
	char name[BS_NAME_MAX];
	int ac;		  /* AC it gives alone (shield: 0 and is_shield) */
	int is_shield;	  /* improves AC by 1 */
	int large_shield; /* [11.6] shield wall */
};

/* The normal AD&D bonuses to hit of a creature against named others (PH,
 * MM: dwarves +1 to hit orcs; ogres attacking dwarves -4), which the
 * Table 10 special note and [13.1] apply in play. A name is a creature's
 * name or the last word of it ("giant": every "... giant"). */
#define BS_TO_HIT_VS_MAX 4
#define BS_TO_HIT_VS_NAMES 8
struct bs_to_hit_vs {
	int attacked_by; /* 0: when this creature attacks one named; 1: when
			    one named attacks this creature */
	int to_hit;	 /* the AD&D "to hit" adjustment of the attacker (+1
			    helps it); its AR term is the negative [8.3] */
	int nnames;
	char names[BS_TO_HIT_VS_NAMES][BS_NAME_MAX];
};

/* The normal AD&D bonus to hit of a creature with named weapons (PH, MM:
 * elves +1 with bows and short and long swords; halflings +3 with slings
 * and bows), added to the base AR of those weapons [8.3]. */
#define BS_TO_HIT_WITH_MAX 2
struct bs_to_hit_with {
	int to_hit; /* the AD&D "to hit" adjustment; the AR term is minus */
	int nnames;
	char names[BS_TO_HIT_VS_NAMES][BS_NAME_MAX]; /* weapons */
};

/* A creature type (catalog or inline). */
struct bs_creature {
	char name[BS_NAME_MAX];
	struct bs_hd hd;
	int ac;
	int mv;		/* ground movement, inches per round */
	int fly_mv;	/* 0 = cannot fly */
	char fly_class; /* maneuverability class 'A'..'E', 0 none */
	int thac0;	/* as printed; 0 = derive from HD [8.3] */
	enum bs_size size;
	enum bs_law law;
	enum bs_moral moral;
	enum bs_int intelligence;
	int demihuman;		   /* Table 3 +1 */
	int special_abilities;	   /* Table 3 +1 (DMG p. 85) */
	int exceptional_abilities; /* Table 3 +1 */
	int dnd_asterisks;	   /* D&D: +1 per 2 asterisks (Table 3 note) */
	int infravision; /* range in inches-equivalent feet/10; 0 none */
	int mr;		 /* magic resistance % */
	unsigned flags;	 /* enum bs_cflag */
	/* [13.2] a `poison` creature's poison: the columns its extra damage
	 * is read to the right (1 weak, 2 not defined, 3 strong; 0 read as
	 * 2) and which natural attack poisons (1-based; 0 the last, RULING
	 * */
	int poison_shift;
	int poison_attack;
	/* [13.4] a `paralyzes` creature's paralysis (RULING R-710..R-713):
	 * `paralysis_only` (its only damage is to paralyze: the D4 column),
	 * `paralysis_rounds` (the AD&D duration, melee rounds = Game Rounds;
	 * nparts 0: 3d4, the ghoul's) and `paralysis_spares` (creatures it
	 * does not paralyze, by name as `to_hit_vs`: the ghoul's elves) */
	int paralysis_only;
	struct bs_dice paralysis_rounds;
	char paralysis_spares[BS_TO_HIT_VS_NAMES][BS_NAME_MAX];
	int nparalysis_spares;
	struct bs_dice
	    attacks; /* natural attacks, e.g. d4/d4/d12; nparts 0 = weapon */
	long xp;     /* XP value, for point costs [16.3] */
	int no_base; /* oversize: no base [2.3] */
	char hates[4][BS_NAME_MAX]; /* "hated" opponents (Table 7) */
	int nhates;
	/* [13.7] its breath weapon, a record of the catalog's `spells:`
	 * (kind breath); NULL none */
	const struct bs_spell *breath;
	/* [14.19] its row of the DMG's turning matrix (`turned_as:`) */
	enum bs_undead_type turned_as;
	struct bs_to_hit_vs to_hit_vs[BS_TO_HIT_VS_MAX]; /* `to_hit_vs` */
	int nto_hit_vs;
	struct bs_to_hit_with
	    to_hit_with[BS_TO_HIT_WITH_MAX]; /* `to_hit_with` */
	int nto_hit_with;
	int line;
	char file[128];
};

/* ---- scenario ------------------------------------------------------------ */

/* A weapon a unit carries. */
struct bs_unit_weapon {
	const struct bs_weapon *weapon;
	int plus; /* magic plus: to hit and damage */
	int ammo; /* volleys carried; 0 = unlimited or default [10.3] */
};

#define BS_UNIT_MAX_WEAPONS 4
#define BS_UNIT_MAX_MIX 8
#define BS_UNIT_MAX_MEMBERS 4
#define BS_UNIT_MAX_ITEMS 8

/* A part of a mixed unit [3.1]: `count` creatures of one type. */
struct bs_mix_part {
	const struct bs_creature *creature;
	int count;
	int ac; /* AC of these creatures as equipped (armor applied) */
};

struct bs_chariot {
	const struct bs_creature *puller;
	int pullers;
	const struct bs_creature *passenger;
	int passengers;
};

/* 2E (issue 5): what a 2E unit (or hero / commander) is on the 2E unit
 * roster (bs2e-summary.txt "Scale"): Type, Weapon(s) Used, Attack Dice,
 * Armor Rating, Hits, Morale (ML/CD for individuals), Movement. Filled by
 * src/scenario/load_bs2e.c from a 2E catalog entry or the unit's own keys;
 * the rules are in src/bs2e/ (include/battlesim/bs2e.h). */
enum bs2e_kind {
	BS2E_KIND_INFANTRY,
	BS2E_KIND_CAVALRY,
	BS2E_KIND_HERO,	     /* an individual: ML/CD is its command diameter */
	BS2E_KIND_COMMANDER, /* an individual: ML/CD is its command diameter */
	BS2E_KIND__COUNT
};
#define BS2E_HIT_ROWS 24 /* attack die results 1..24 (two d12 at most) */
struct bs2e_unit_stats {
	char entry[BS_NAME_MAX];   /* the catalog entry, "" when inline */
	char type[BS_NAME_MAX];	   /* Type as printed on the roster */
	char weapons[BS_NAME_MAX]; /* Weapon(s) Used */
	enum bs2e_kind kind;
	int ad[2];    /* Attack Dice: sides of one die (ad[1] 0), or of two
			 dice added ("10+8", "2d10") */
	int ar;	      /* Armor Rating: lower is better */
	int hits;     /* hits to remove one figure */
	int ml;	      /* Morale (0 for heroes and commanders: never checked) */
	int cd;	      /* command diameter, inches (heroes, commanders) */
	int mv;	      /* Movement, inches on clear flat ground */
	int range[3]; /* missile short / medium / long range, inches; 0 none */
	/* the scenario's hit table (each result 1..BS2E_HIT_ROWS -> hits),
	 * shared by every unit of the scenario: the built-in one or the
	 * scenario's `hit_table:` */
	const int *hit_table;
	int line; /* where the catalog entry (or unit) is */
	char file[128];
};

/* [10.9] the field artillery pieces (the rows of bs1e_artillery, in
 * order); BS_ART_NONE: not an artillery unit. */
enum bs_artillery_kind {
	BS_ART_NONE = -1,
	BS_ART_LIGHT_CATAPULT,
	BS_ART_HEAVY_CATAPULT,
	BS_ART_BALLISTA,
	BS_ART__COUNT
};
extern const char *const bs_artillery_name[BS_ART__COUNT];

/* [10.11] special artillery ammunition, as the scenario defines it
 * (RULING R-491): damage dice read on the CRT instead of the piece's,
 * an area (inches across which every unit's figures are struck) and the
 * shots carried. */
#define BS_UNIT_MAX_SPECIAL_AMMO 4
struct bs_special_ammo {
	char name[BS_NAME_MAX];
	struct bs_dice damage;
	int area_tenths; /* radius of the area, tenths of an inch; 0 = the
			    target unit only */
	int shots;	 /* carried: 1 .. 99 */
	int line, col;	 /* where it is defined */
};

/* One unit of the roster sheet [3.1]. */
struct bs_unit {
	char name[BS_NAME_MAX];
	enum bs_unit_type type;
	int figures;				 /* # FIG at the start */
	const struct bs_creature *creature;	 /* the (first) creature type */
	struct bs_mix_part mix[BS_UNIT_MAX_MIX]; /* mixed unit; nmix 0 = pure */
	int nmix;
	int ac;	   /* AC as equipped: armor + shield, or the creature's */
	int thac0; /* 0 = creature's / derived */
	int ratio; /* 0 = Table 1; else the scenario's choice */
	int mv;	   /* 0 = creature's */
	struct bs_unit_weapon weapons[BS_UNIT_MAX_WEAPONS];
	int nweapons;
	/* carries a shield: the loader sets it; a flank attack negates it
	 * [8.3] (added by the engine, issue 3) */
	int shield;
	/* [11.6] equipped with large shields (every part of a mixed unit):
	 * the loader sets it; a Shield Wall needs it */
	int large_shield;
	char items[BS_UNIT_MAX_ITEMS][BS_NAME_MAX]; /* magic equipment */
	int nitems;
	int magic_equipment; /* Table 3 +1: any magic item or weapon */
	const struct bs_creature *mount; /* cavalry [11.2]; NULL = on foot */
	struct bs_chariot chariot;	 /* [11.3]; puller NULL = none */
	double x, y;			 /* centre of the front edge, inches */
	double facing;			 /* degrees: 0 = toward +y (north) */
	enum bs_formation formation;
	int frontage;  /* files; 0 = derived */
	int commander; /* index into side individuals, -1 none */
	int deputy;    /* deputy unit commander, -1 none */
	int members[BS_UNIT_MAX_MEMBERS]; /* [9.1] characters as members */
	int nmembers;
	int line, col;	       /* where the unit is defined */
	int pos_line, pos_col; /* where its `position:` is */
	/* 2E (issue 5): the 2E statistics; NULL in a 1E scenario */
	const struct bs2e_unit_stats *bs2e;
	/* [10.9]-[10.11] an artillery piece and its crew figure (issue 14):
	 * the piece, the replacement crew figures standing by (RULING
	 * R-488) and the special ammunition carried */
	enum bs_artillery_kind artillery;
	int spare_crew;
	struct bs_special_ammo special_ammo[BS_UNIT_MAX_SPECIAL_AMMO];
	int nspecial_ammo;
	int grounded; /* [15.1] `grounded: true`: its fliers kept on the
			 ground all battle (RULING R-557) */
};

enum bs_rank {
	BS_RANK_NONE,
	BS_RANK_UNIT,
	BS_RANK_BRIGADE,
	BS_RANK_ARMY,
	BS_RANK__COUNT
};
enum bs_role {
	BS_ROLE_COMMANDER,
	BS_ROLE_HERO,
	BS_ROLE_MEMBER,
	BS_ROLE__COUNT
};
enum bs_ability {
	BS_STR,
	BS_INT,
	BS_WIS,
	BS_DEX,
	BS_CON,
	BS_CHA,
	BS_ABILITY__COUNT
};
enum bs_save {
	BS_SAVE_PPD,
	BS_SAVE_PP,
	BS_SAVE_RSW,
	BS_SAVE_BW,
	BS_SAVE_SP,
	BS_SAVE__COUNT
};

#define BS_MAX_CLASSES 3

/* [13.6] a divine being (`divine:`): his awe when his Charisma is 19 or
 * higher (src/bs1e/r13_awe.c, RULING R-556). */
enum bs_divine {
	BS_DIVINE_NONE,
	BS_DIVINE_DEMIGOD,
	BS_DIVINE_GOD,
	BS_DIVINE__COUNT
};

/* A PC/NPC individual of the Heroes and Commanders Roster Sheet [3.2]. */
struct bs_individual {
	char name[BS_NAME_MAX];
	const struct bs_creature *race; /* race / monster type */
	char cls[BS_MAX_CLASSES][16];	/* "fighter", "magic-user", ... */
	int level[BS_MAX_CLASSES];
	int nclasses;			/* 0 = a monster commander */
	int ability[BS_ABILITY__COUNT]; /* 0 = not given */
	int hp;
	int ac;
	int thac0; /* 0 = derived from class / level */
	int mv;	   /* 0 = race's */
	int mr;
	int save[BS_SAVE__COUNT]; /* 0 = derived */
	enum bs_rank rank;
	enum bs_role role;
	int leads;	/* unit index on the same side, -1 */
	int deputy_of;	/* individual index, -1 */
	int brigade[8]; /* brigade commander: unit indexes */
	int nbrigade;
	char items[BS_UNIT_MAX_ITEMS][BS_NAME_MAX];
	int nitems;
	/* [14.20] the charges written per item (`{name, charges}`), -1 not
	 * given (RULING R-680: bs_item_charges) */
	int item_charges[BS_UNIT_MAX_ITEMS];
	int charisma_item_bonus; /* [14.20] ring +1, rod +2 */
	/* his weapons, in the file's order: `weapon:` gives one, `weapons:`
	 * up to BS_UNIT_MAX_WEAPONS (RULING R-700); which one he fights or
	 * shoots with: bs_individual_melee_weapon, _missile_weapon */
	struct bs_unit_weapon weapons[BS_UNIT_MAX_WEAPONS];
	int nweapons;
	int weapons_listed; /* 1: given as `weapons:` (R-700: a weapon
			       that can be thrown is thrown) */
	double x, y;	    /* independent figures: position */
	int placed;	    /* 1: position given in the file; else defaulted */
	int str_percent;    /* exceptional strength 18/xx: 1..100 (00 = 100) */
	/* the spells memorized for the battle (`spells:`, or the default
	 * choice when spells_default; RULING R-562): nspells distinct
	 * records with their counts */
	const struct bs_memorized *spells;
	int nspells;
	int spells_default;
	/* [14.1] issue 16 RULING R-707: the spells he pre-casts before the
	 * battle (`precast:`), in the order written (battlesim/spell.h) */
	const struct bs_precast *precast;
	int nprecast;
	enum bs_divine divine; /* [13.6] `divine:`, BS_DIVINE_NONE */
	int grounded; /* [15.1] `grounded: true`: a flier kept on the ground
			 all battle (RULING R-557) */
	int line, col;
	int pos_line, pos_col; /* where its `position:` is (placed 1) */
};

enum bs_edge {
	BS_EDGE_SOUTH,
	BS_EDGE_NORTH,
	BS_EDGE_WEST,
	BS_EDGE_EAST,
	BS_EDGE__COUNT
};

#define BS_MAX_SIDES 4
#define BS_MAX_UNITS 64	      /* per side */
#define BS_MAX_INDIVIDUALS 32 /* per side */

/* Who commands a side in a battle (the side's `controller:` key). */
enum bs_controller_kind {
	BS_CTL_DOCTRINE, /* the doctrine AI (src/ai/doctrine.c, docs/AI.md) */
	BS_CTL_SCRIPTED, /* the side's `orders:`, exactly (src/ai/scripted.c) */
	BS_CTL_HOLD,	 /* no orders: every unit holds */
	BS_CTL__COUNT
};
extern const char *const bs_controller_kind_name[BS_CTL__COUNT];

/* One scripted order of a side (defined in battlesim/controller.h). */
struct bs_script_order;

/* [9.3] optional rule: one line of a side's Chain of Command chart
 * (`chain_of_command:`): who moves into commander `post`'s position when
 * he is lost, in order (his deputy first when he has one). */
#define BS_CHAIN_MAX 8
struct bs_chain {
	int post;		/* individual index */
	int next[BS_CHAIN_MAX]; /* individual indexes, in order */
	int n;
	int line, col;
};

/* [14.1] RULING R-709: the limits on spell pre-casting (`precast:` of
 * the top level, or of a side): at most `limit` spells pre-cast by the
 * side, none begun more than `rounds` Game Rounds before the battle
 * (-1: no limit). */
struct bs_precast_limits {
	int limit;
	int rounds;
	int limit_line, limit_col; /* where each is given (0: not) */
	int rounds_line, rounds_col;
};

struct bs_side {
	char name[BS_NAME_MAX];
	enum bs_edge edge;
	struct bs_unit *units;
	int nunits;
	struct bs_individual *individuals;
	int nindividuals;
	/* `controller:` (default doctrine; scripted when `orders:` given) */
	enum bs_controller_kind controller;
	/* `orders:` in the order of the file */
	const struct bs_script_order *orders;
	int norders;
	/* [9.3] `chain_of_command:` (the optional rule), in the file's order */
	const struct bs_chain *chain;
	int nchain;
	/* [14.1] RULING R-709: the side's limits on pre-casting (its own
	 * `precast:`, else the top level's) */
	struct bs_precast_limits precast;
};

#define BS_TERRAIN_MAX_POINTS 32
struct bs_terrain {
	char name[BS_NAME_MAX];
	int type; /* enum bs_terrain_type (battlesim/terrain.h) */
	double pts[BS_TERRAIN_MAX_POINTS][2];
	int npts;
	int elevation; /* tens of feet, for hills */
	int fordable;
};

/* Optional rules by name (known-gaps rulings that a scenario may switch). */
enum bs_option {
	BS_OPT_D20_INITIATIVE,	  /* [5.1] optional d20 */
	BS_OPT_WEAPON_VS_AC,	  /* add the PH weapon-vs-AC adjustment to AR */
	BS_OPT_TABLE17_ANNOTATED, /* gap 5: 1/3", 2/3" */
	BS_OPT_MASS_SAVES,	  /* [14.3] optional 20-figure rule */
	BS_OPT_CAPTURE,		  /* [7.15] capture of surrounded units */
	BS_OPT_STANDS,		  /* [2.4] / [7.3] stands 1" apart */
	BS_OPT_HIGHER_GROUND_PLUS, /* gap 6: other sign */
	/* 2E (issue 5) known-gaps 18: a d10 equal to or higher than AR
	 * cancels a hit (RULING R-201) */
	BS_OPT_BS2E_ARMOR_EQUAL_OR_HIGHER,
	/* 2E (issue 5) known-gaps 56: a rally goes straight back to good
	 * order (RULING R-216) */
	BS_OPT_BS2E_RALLY_TO_GOOD,
	/* known-gaps 30: the 50% and 75% rows of Table 4 both apply (-6)
	 * (RULING R-067) */
	BS_OPT_TABLE4_LOSSES_CUMULATIVE,
	/* known-gaps 41: a target only partly in sight brings no AR penalty
	 * of its own (RULING R-476) */
	BS_OPT_PARTLY_VISIBLE_NO_PENALTY,
	BS_OPT__COUNT
};
extern const char *const bs_option_name[BS_OPT__COUNT];

/* A catalog's names hashed for the lookups below (built by the loader:
 * the names of 3 x 4,096 entries are checked and found without comparing
 * each with all the others). slot NULL: no index, lookups walk the list. */
struct bs_name_index {
	int *slot;     /* entry index + 1 per slot; 0 empty */
	unsigned mask; /* slots - 1 (a power of two) */
};

struct bs_scenario {
	char name[128];
	char file[256];
	enum bs_rules rules;
	enum bs_level level;
	enum bs_game game;
	enum bs_magic_power magic; /* [16.3 A] `magic:` (RULING R-459) */
	unsigned options;	   /* bit (1u << enum bs_option) */
	unsigned special_types;	   /* bit (1u << enum bs_unit_type) allowed */
	double width, depth;	   /* table, inches (default 72 x 48) */
	/* `rounds:` the round limit of a battle (default 30; what happens
	 * at the limit is the engine's ruling on known-gaps 15) */
	int max_rounds;
	struct bs_terrain *terrain;
	int nterrain;
	struct bs_side sides[BS_MAX_SIDES];
	int nsides;
	/* the catalog: built-in entries then the scenario's own */
	struct bs_weapon *weapons;
	int nweapons;
	struct bs_armor *armor;
	int narmor;
	struct bs_creature *creatures;
	int ncreatures;
	/* spells, wands, staves, rods, breath weapons (battlesim/spell.h) */
	struct bs_spell *spells;
	int nspells;
	struct bs_name_index weapon_index, armor_index, creature_index,
	    spell_index;
	void *arena; /* loader-owned storage */
	/* matrix (issue 6): the matrix and its brigade cards (rules: matrix,
	 * include/battlesim/matrix.h); NULL otherwise */
	struct bs_matrix_field *matrix;
	/* what the scenario gives that has no effect in play at its level,
	 * and caveats on its set-up (battlesim/warn.h): FILE:LINE:COL
	 * messages whose code is the kind, in the order of the file; added
	 * by the loader and bs_deploy_check, listed by the reports */
	struct bs_diags warnings;
	int deploy_checked; /* bs_deploy_check has added its warnings */
};

/* Catalog names match ignoring case, spaces, hyphens and underscores, so
 * that "longsword", "Long Sword" and "long-sword" are one weapon
 * (RULING R-038). */
int bs_name_eq(const char *a, const char *b);

/* 1 when creature c answers to `name` in a `to_hit_vs` list: its name
 * (bs_name_eq), or the last word of its name ("giant" for "hill giant",
 * not for "giant boar"). */
int bs_creature_named(const struct bs_creature *c, const char *name);

/* The creatures of unit u into out[0..BS_UNIT_MAX_MIX-1]: the parts of its
 * mix [3.1], or its one creature (which may be NULL). Returns how many. */
int bs_unit_creatures(const struct bs_unit *u, const struct bs_creature **out);

/* The hash of a name as bs_name_eq compares it (case, spaces, hyphens and
 * underscores ignored). */
unsigned bs_name_hash(const char *name);

/* Index ix (slots set) of entry i, whose name is `name`. */
void bs_name_index_put(struct bs_name_index *ix, const char *name, int i);

/* The entry named `name` (bs_name_eq) among n entries of `size` bytes at
 * arr, each with its name first: through ix when it has slots, else by
 * walking the list. Its index, or -1. */
int bs_name_index_find(const struct bs_name_index *ix, const void *arr,
		       size_t size, int n, const char *name);

/* [8.2] RULING R-306: 1 when weapon w can be a unit's weapon in hand in
 * melee: not a missile weapon (missiles are fired, not swung [10.0]), and
 * a lance only for a mounted unit (cavalry or chariots [11.4]). */
int bs_weapon_melee_usable(const struct bs_weapon *w, int mounted);

/* The index in u->weapons of the weapon in hand at the start: the first
 * usable one (bs_weapon_melee_usable), or -1 when there is none (the unit
 * fights with its creatures' natural attacks, RULING R-050, or with d2,
 * RULING R-103). `mounted`: the unit is cavalry or chariots in play. */
int bs_unit_weapon_in_hand(const struct bs_unit *u, int mounted);

/* The weapon unit u fires [10.1] (issue 14; RULING R-483): its first
 * missile weapon, else its first melee weapon that can be thrown (RULING
 * R-493); -1 when it has none. */
int bs_unit_weapon_fired(const struct bs_unit *u);

/* [9.4 B] [8.2] RULING R-700: individual d's weapon in hand in melee:
 * his first weapon that is not a missile weapon and has damage dice;
 * NULL when he has none (his race's natural attacks, else his fists d2,
 * RULING ). */
const struct bs_unit_weapon *
bs_individual_melee_weapon(const struct bs_individual *d);

/* [10.0] RULING: the weapon individual d shoots: his first
 * missile weapon with a range; when his weapons are a `weapons:` list,
 * else his first melee weapon with a range (thrown, R-493's way for
 * units); NULL when he has none. */
const struct bs_unit_weapon *
bs_individual_missile_weapon(const struct bs_individual *d);

/* [3.2] RULING R-700: the weapon whose plus and racial "to hit" term his
 * sheet's AR carries: his melee weapon, else his first weapon (as the
 * one `weapon:` always did); NULL when he has none. */
const struct bs_unit_weapon *
bs_individual_sheet_weapon(const struct bs_individual *d);

/* Lookups by name (bs_name_eq); NULL when absent. */
const struct bs_weapon *bs_scenario_weapon(const struct bs_scenario *s,
					   const char *name);
const struct bs_creature *bs_scenario_creature(const struct bs_scenario *s,
					       const char *name);
const struct bs_armor *bs_scenario_armor(const struct bs_scenario *s,
					 const char *name);

/* The facing (degrees, 0 = north) of a side that starts at home edge e
 * and faces the table: away from its edge (RULING R-033). */
double bs_edge_facing(enum bs_edge e);

/* Names for enums, as written in scenario files. */
extern const char *const bs_size_name[BS_SIZE__COUNT];
extern const char *const bs_unit_type_name[BS_UNIT__COUNT];
extern const char *const bs_formation_name[BS_FORM__COUNT];
extern const char *const bs_int_name[BS_INT__COUNT];
extern const char *const bs_rank_name[BS_RANK__COUNT];
extern const char *const bs_role_name[BS_ROLE__COUNT];
extern const char *const bs_divine_name[BS_DIVINE__COUNT];
extern const char *const bs_edge_name[BS_EDGE__COUNT];
extern const char *const bs_rules_name[BS_RULES__COUNT];
extern const char *const bs_level_name[BS_LEVEL__COUNT];
extern const char *const bs_magic_power_name[BS_POWER__COUNT];
extern const char *const bs_game_name[BS_GAME__COUNT];

#endif
