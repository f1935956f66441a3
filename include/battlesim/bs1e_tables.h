/* The 1E BATTLESYSTEM tables, transcribed with their cites: Tables 1-18, the
 * Combat Results Table ([8.4 D], reference/crt-1e.tsv), the [8.5] column
 * order and the artillery pieces of [10.9]. Read-only data shared by every
 * battle; the rules code in src/bs1e/ uses the lookup functions. */
#ifndef BATTLESIM_BS1E_TABLES_H
#define BATTLESIM_BS1E_TABLES_H

#include <stddef.h>

/* A modifier row of Tables 3, 4, 6, 9, 10 and 13: printed label, modifier,
 * cite. `restored` marks rows the scan lost that were restored from the
 * published table (reference/known-gaps.md item 2 and 3). */
struct bs1e_mod_row {
	const char *label;
	int mod;
	const char *cite;
	int restored;
};

/* ---- the list of tables ---------------------------------------------------
 * Every printed table with its number, title and section, for listings
 * ("Table 3. Morale Modifiers. [4.1]") and for cites. */
enum bs1e_table_id {
	BS1E_TABLE_1,
	BS1E_TABLE_2,
	BS1E_TABLE_3,
	BS1E_TABLE_4,
	BS1E_TABLE_5,
	BS1E_TABLE_6,
	BS1E_TABLE_7,
	BS1E_TABLE_8,
	BS1E_TABLE_9,
	BS1E_TABLE_10,
	BS1E_TABLE_CRT,	    /* [8.4 D] Combat Results Table */
	BS1E_TABLE_COLUMNS, /* [8.5] the column order */
	BS1E_TABLE_11,
	BS1E_TABLE_12,
	BS1E_TABLE_13,
	BS1E_TABLE_ARTILLERY, /* [10.9] Artillery Pieces */
	BS1E_TABLE_14,
	BS1E_TABLE_15,
	BS1E_TABLE_16,
	BS1E_TABLE_17,
	BS1E_TABLE_18,
	BS1E_TABLE__COUNT
};
struct bs1e_table_info {
	const char *key;   /* "1" .. "18", "crt", "columns", "artillery" */
	const char *title; /* "Table 3. Morale Modifiers." */
	const char *cite;  /* "[4.1]" */
};
extern const struct bs1e_table_info bs1e_tables[BS1E_TABLE__COUNT];
/* The table for a key ("3", "crt", "Table 3", case-insensitive), or -1. */
int bs1e_table_from_key(const char *key);

/* ---- CRT [8.4 D] and the [8.5] column order ---------------------------- */

/* The CRT columns in the [8.5] shift order D2..D20. */
enum bs1e_col {
	BS1E_COL_D2,
	BS1E_COL_D3,
	BS1E_COL_D4,
	BS1E_COL_D6,
	BS1E_COL_D8,
	BS1E_COL_D10,
	BS1E_COL_D12,
	BS1E_COL_D14,
	BS1E_COL_D16,
	BS1E_COL_D18,
	BS1E_COL_D20,
	BS1E_COL__COUNT
};

/* Die size of each column (2, 3, 4, 6, ..., 20). */
extern const int bs1e_col_sides[BS1E_COL__COUNT];
/* Column label ("D2" .. "D20"). */
extern const char *const bs1e_col_name[BS1E_COL__COUNT];

/* The column for a die of `sides` faces, or -1 when the CRT has none. */
int bs1e_col_for_sides(int sides);

/* CRT rows as printed: "<=0", "1" .. "34", "35-39", ">=40". */
#define BS1E_CRT_ROWS 37
extern const char *const bs1e_crt_row_label[BS1E_CRT_ROWS];
/* HD of damage per attacking figure in tenths (0.5 -> 5), [row][col]. */
extern const int bs1e_crt_tenths[BS1E_CRT_ROWS][BS1E_COL__COUNT];

/* The row index of an attack roll (any int). */
int bs1e_crt_row(int attack_roll);

/* HD of damage per figure, in tenths, for an attack roll and a column. */
int bs1e_crt(int attack_roll, enum bs1e_col col);

/* ---- Table 1 [2.2] Creature/Figure Ratio ------------------------------- */
struct bs1e_t1_row {
	const char *hd_label;
	int ratio; /* creatures per figure: 10, 5, 2, 1 */
};
#define BS1E_T1_ROWS 4
extern const struct bs1e_t1_row bs1e_table1[BS1E_T1_ROWS];
extern const char *const bs1e_table1_note;

/* The ratio for creatures of `hd_tenths` hit dice (1 HD = 10) and `hp_plus`
 * extra hit points ("4+1" = 40, +1): 10 below 4+1, 5 from 4+1 to 8+, 2 from
 * 9. Individuals (1:1) are not decided by HD and are not returned here. */
int bs1e_ratio_for_hd(int hd_tenths, int hp_plus);

/* ---- Table 2 [2.3] Counter Scale ---------------------------------------- */
enum bs1e_base {
	BS1E_BASE_S,	    /* 1/2" */
	BS1E_BASE_M,	    /* 3/4" (dwarves too) */
	BS1E_BASE_L,	    /* 1" */
	BS1E_BASE_CAVALRY,  /* 3/4" x 1 1/2" */
	BS1E_BASE_PC_NPC,   /* no base */
	BS1E_BASE_OVERSIZE, /* no base (1" counter) */
	BS1E_BASE__COUNT
};
struct bs1e_t2_row {
	const char *adnd_size;
	const char *dnd_size;
	const char *base_label; /* as printed: "1/2\"", "3/4\" x 1 1/2\"" */
	int width_8ths;		/* frontage of one base in 1/8 inch; 0 = none */
	int depth_8ths;
};
extern const struct bs1e_t2_row bs1e_table2[BS1E_BASE__COUNT];
extern const char *const bs1e_table2_notes[3];

/* ---- Table 3 [4.1] Morale Modifiers (known-gaps item 2) ---------------- */
enum bs1e_t3 {
	BS1E_T3_HD_HALF_OR_LESS,     /* -2 */
	BS1E_T3_HD_UNDER_1,	     /* -1 */
	BS1E_T3_HD_4_TO_8,	     /* +1 */
	BS1E_T3_HD_9_TO_14,	     /* +2 */
	BS1E_T3_HD_OVER_14,	     /* +3 */
	BS1E_T3_DEMIHUMAN,	     /* +1 */
	BS1E_T3_SPECIAL_ABILITY,     /* +1 */
	BS1E_T3_EXCEPTIONAL_ABILITY, /* +1 */
	BS1E_T3_MAGIC_EQUIPMENT,     /* +1 */
	BS1E_T3_FIGURES_6_OR_FEWER,  /* -2 */
	BS1E_T3_FIGURES_7_TO_11,     /* -1 */
	BS1E_T3_AC_0_OR_BETTER,	     /* +2 restored */
	BS1E_T3_AC_1_TO_4,	     /* +1 restored */
	BS1E_T3_AC_8_OR_WORSE,	     /* -1 restored */
	BS1E_T3_MOUNTED,	     /* +1 restored */
	BS1E_T3_REGULAR,	     /* +1 restored */
	BS1E_T3_ELITE,		     /* +2 [2.11] */
	BS1E_T3_BERSERKER,	     /* +3 [2.11] */
	BS1E_T3__COUNT
};
extern const struct bs1e_mod_row bs1e_table3[BS1E_T3__COUNT];
#define BS1E_INITIAL_MORALE 11		   /* [4.1] */
extern const char *const bs1e_table3_note; /* the asterisk note */

/* ---- Table 4 [4.2] Situational Morale Factors --------------------------- */
enum bs1e_t4 {
	BS1E_T4_LOST_50,	  /* -2 */
	BS1E_T4_LOST_75,	  /* -4 */
	BS1E_T4_ENEMY_IN_REAR,	  /* -2 */
	BS1E_T4_OUT_OF_COMMAND,	  /* -2 (not skirmish units) */
	BS1E_T4_REMOVED_BY_MAGIC, /* -1 */
	BS1E_T4_COMMANDER_KILLED, /* -1 */
	BS1E_T4_CHARGE_FAILED,	  /* -3 open/mob formation charged and missed */
	BS1E_T4_LEVEL_DRAIN_OR_UNHARMABLE, /* -3 */
	BS1E_T4_CLOSED_FORMATION,	   /* +1 */
	BS1E_T4_MOB_SUPPORTED,		   /* +2 restored from [2.10] */
	BS1E_T4__COUNT
};
extern const struct bs1e_mod_row bs1e_table4[BS1E_T4__COUNT];

/* ---- Table 5 [4.4] When to Check Morale --------------------------------- */
enum bs1e_t5 {
	BS1E_T5_LOST_25,
	BS1E_T5_LOST_50,
	BS1E_T5_LOSS_AFTER_50,
	BS1E_T5_REMOVED_BY_MAGIC,
	BS1E_T5_COMMANDER_KILLED,
	BS1E_T5_UNDEAD_OR_DRAINER_CONTACT,
	BS1E_T5_UNHARMABLE_CONTACT,
	BS1E_T5_SKIRMISHER_FRIEND_ROUTS,
	BS1E_T5_OTHER_RULE,
	BS1E_T5__COUNT
};
extern const char *const bs1e_table5[BS1E_T5__COUNT];

/* ---- Table 6 [4.6] Discipline Modifiers ---------------------------------- */
enum bs1e_t6 {
	BS1E_T6_LOW_INT,  /* -1 */
	BS1E_T6_HIGH_INT, /* +1 */
	BS1E_T6_CHAOTIC,  /* -1 */
	BS1E_T6_LAWFUL,	  /* +1 */
	BS1E_T6__COUNT
};
extern const struct bs1e_mod_row bs1e_table6[BS1E_T6__COUNT];

/* ---- Table 7 [4.6] When to Check Discipline ----------------------------- */
enum bs1e_t7 {
	BS1E_T7_HATED_OPPONENT,
	BS1E_T7_ENEMY_WITHDRAWS,
	BS1E_T7_CLOSED_CHARGE,
	BS1E_T7_MOB_OR_BERSERKER_SEES_ENEMY,
	BS1E_T7__COUNT
};
extern const char *const bs1e_table7[BS1E_T7__COUNT];

/* ---- Table 8 [4.9] Charisma Bonus ---------------------------------------- */
struct bs1e_t8_row {
	const char *label; /* "19 +", "17-18", ..., "2 or less" */
	int min_cha;	   /* inclusive; the last row has min 0 */
	int max_cha;	   /* inclusive; the first row has max 99 */
	int mod;
};
#define BS1E_T8_ROWS 7
extern const struct bs1e_t8_row bs1e_table8[BS1E_T8_ROWS];
int bs1e_charisma_bonus(int charisma);

/* ---- Table 9 [8.3] Ratio Adjustments for AR ------------------------------ */
struct bs1e_t9_row {
	int ratio;
	int adjustment;
};
#define BS1E_T9_ROWS 4
extern const struct bs1e_t9_row bs1e_table9[BS1E_T9_ROWS];
/* The adjustment for a ratio of 10, 5, 2 or 1 (asserts on anything else). */
int bs1e_ratio_adjustment(int ratio);

/* ---- Table 10 [8.3] AR Modifiers for Melee Combat ------------------------ */
enum bs1e_t10 {
	BS1E_T10_OPEN_OR_SKIRMISH,   /* +1 */
	BS1E_T10_OUT_OF_COMMAND,     /* +1 */
	BS1E_T10_DEFENDER_HIGHER,    /* -1 as printed; sign is RULING (gap 6) */
	BS1E_T10_CLOSED_CHARGE,	     /* -1 */
	BS1E_T10_COMMANDER_FIGHTING, /* -1 */
	BS1E_T10__COUNT
};
extern const struct bs1e_mod_row bs1e_table10[BS1E_T10__COUNT];
/* The special note's examples (flank -1, rear -2, daylight +1), as rows. */
enum bs1e_t10x {
	BS1E_T10X_FLANK,    /* -1 negating the shield bonus */
	BS1E_T10X_REAR,	    /* -2 */
	BS1E_T10X_DAYLIGHT, /* +1 goblins and orcs in daylight */
	BS1E_T10X__COUNT
};
extern const struct bs1e_mod_row bs1e_table10_notes[BS1E_T10X__COUNT];
/* The "Defender occupies higher ground" row under the other reading of its
 * sign (+1, option higher_ground_plus; RULING R-006, gap 6). */
extern const struct bs1e_mod_row bs1e_table10_higher_ground_plus;
/* The higher-ground row in force: the printed -1, or +1 when `plus_option`
 * (scenario option higher_ground_plus) is set. */
const struct bs1e_mod_row *bs1e_t10_higher_ground(int plus_option);

/* ---- Table 11 [9.1] Fate of PC/NPC in Eliminated Unit ------------------- */
enum bs1e_fate {
	BS1E_FATE_KILLED_BODY_LOST,
	BS1E_FATE_KILLED_BODY_ON_FIELD,
	BS1E_FATE_BADLY_WOUNDED,
	BS1E_FATE_UNCONSCIOUS,
	BS1E_FATE__COUNT
};
struct bs1e_t11_row {
	const char *die_label; /* as printed: "1", "2-3", "4-7", "8-0" */
	int lo, hi;	       /* d10 results; "0" is 10 (gap 8) */
	const char *fate;
};
extern const struct bs1e_t11_row bs1e_table11[BS1E_FATE__COUNT];
enum bs1e_fate bs1e_fate_for_roll(int d10);

/* ---- Table 12 [10.4] Movement and Missile Fire -------------------------- */
enum bs1e_missile_class {
	BS1E_MISSILE_THROWN,
	BS1E_MISSILE_CROSSBOW_SLING,
	BS1E_MISSILE_ARCHER,
	BS1E_MISSILE_MOUNTED_ARCHER,
	BS1E_MISSILE_MOUNTED_CROSSBOW,
	BS1E_MISSILE__COUNT
};
struct bs1e_t12_row {
	const char *weapon;	 /* as printed: "Thrown Weapons", ... */
	const char *restriction; /* as printed */
	/* Movement allowed in the Game Round, in sixths of MV, by the number
	 * of shots fired: index 0 = no shot, 1 = fired once, 2 = fired twice.
	 * 6 = full MV, 4 = "1/3 movement penalty", 3 = "1/2 movement
	 * penalty", 0 = "not move"; -1 = the table gives no such choice. */
	int move_sixths_after_shots[3];
	const char *cite;
};
extern const struct bs1e_t12_row bs1e_table12[BS1E_MISSILE__COUNT];

/* ---- Table 13 [10.8] Missile Fire Modifiers ------------------------------ */
enum bs1e_t13 {
	BS1E_T13_TARGET_OPEN,	  /* +1 */
	BS1E_T13_TARGET_WOODS,	  /* +2 */
	BS1E_T13_TARGET_BUILDING, /* +4 (also shield wall) */
	BS1E_T13_MOUNTED,	  /* +2 */
	BS1E_T13_INDIRECT,	  /* +3 */
	BS1E_T13_MEDIUM_RANGE,	  /* +2 */
	BS1E_T13_LONG_RANGE,	  /* +5 */
	BS1E_T13__COUNT
};
extern const struct bs1e_mod_row bs1e_table13[BS1E_T13__COUNT];

/* ---- Table 14 [11.8] Terrain Effects on Movement -------------------------
 * Shared by 1E and 2E (RULING R-220): in the tabletop, battlesim/terrain.h
 * (bs_table14), with the kinds of feature and the queries on them. */

/* ---- Table 15 [12.1] Initial Weather, Table 16 [12.2] Weather Effects --- */
struct bs1e_t15_row {
	const char *factor;    /* "Humidity", "Temperature", "Wind" */
	const char *result[6]; /* by 1d6 result 1..6 */
};
#define BS1E_T15_ROWS 3
extern const struct bs1e_t15_row bs1e_table15[BS1E_T15_ROWS];

struct bs1e_t16_row {
	const char *condition;
	int severe;	/* ** rows: no creature can fly */
	int visibility; /* inches; 0 = unlimited */
	int missile_ar; /* +AR to missile attacks */
	int missiles_impossible;
	int nonmagic_weapon_ar;
	int mv_penalty_num, mv_penalty_den; /* 3/4, 1/3, 2/3; 0/1 = none */
};
#define BS1E_T16_ROWS 10
extern const struct bs1e_t16_row bs1e_table16[BS1E_T16_ROWS];
/* The two footnotes as printed (the "**" figure restored, RULING R-008). */
extern const char *const bs1e_table16_notes[2];
/* Maneuverability classes lost to a Table 16 condition: 1 for "*" rows, 2
 * for "**" rows (the scan loses the number; RULING R-008, gap 13). */
int bs1e_t16_maneuver_penalty(const struct bs1e_t16_row *row);

/* ---- Table 17 [14.2] Spell Areas of Effect (gap 5) ---------------------- */
struct bs1e_t17_row {
	const char *adnd_scale;	  /* "1\"/30'" */
	int adnd_inches;	  /* 1 .. 6 */
	const char *bs_rulebook;  /* BATTLESYSTEM scale as the rulebook
				     prints it: "1/2\"", "1\"", ... */
	const char *bs_annotated; /* as annotated chapter 14 prints it */
	int bs_sixths_rulebook;	  /* the rulebook's scale in 1/6 inch */
	int bs_sixths_annotated;  /* the annotated scale in 1/6 inch */
	int base_8ths;		  /* figure base size, 1/8 inch */
	const char *base_label;	  /* "1/2\"", ... */
};
#define BS1E_T17_ROWS 6
extern const struct bs1e_t17_row bs1e_table17[BS1E_T17_ROWS];
/* BATTLESYSTEM area of effect, in 1/6 inch, of an AD&D area of
 * `adnd_inches` (> 0): Table 17 for 1..6 (the rulebook's column, or the
 * annotated one when `annotated`, option table17_annotated; RULING R-005),
 * 3" AD&D = 1" beyond it ([14.2]). */
int bs1e_spell_area_sixths(int adnd_inches, int annotated);

/* [14.2] a D&D area of effect of `feet` feet on the tabletop, in 1/6 inch:
 * each 30' is 1" (fractions of 5' dropped). */
int bs1e_spell_area_dnd_sixths(int feet);

/* ---- Artillery pieces [10.9] --------------------------------------------- */
struct bs1e_artillery {
	const char *name;
	int min_range, short_range, medium_range,
	    long_range;	    /* inches; 0 none */
	const char *damage; /* dice text */
	int mv;
	int target_ac;	 /* catapult AC 5, ballista AC 10 */
	int fires_every; /* 2 = every other Game Round */
	int indirect_ok;
};
#define BS1E_ARTILLERY_ROWS 3
extern const struct bs1e_artillery bs1e_artillery[BS1E_ARTILLERY_ROWS];

/* ---- AD&D 1E figures the rulebook refers to ([8.3], [3.2]) --------------
 * From reference/adnd-1e-tables.md. THAC0 values are those used for AR:
 * the repeated 20s of the attack matrix are ignored ([8.3]), and
 * *repeated20 (may be NULL) is set to 1 when the printed matrix gives 20
 * and the [8.3] rule made it 21, so that a derivation can say so. */

/* 1 when `cls` is a class the tables know ("fighter", "paladin", "ranger",
 * "cleric", "druid", "monk", "magic-user", "illusionist", "thief",
 * "assassin", "0-level"; case-insensitive), else 0. */
int bs1e_class_known(const char *cls);

/* THAC0 for AR of a character of class and level (level 0 = 0-level man:
 * 21), or -1 when the class is unknown. */
int bs1e_thac0_class(const char *cls, int level, int *repeated20);

/* THAC0 for AR of a monster of `hd_tenths` hit dice and `hp_plus`. */
int bs1e_thac0_monster(int hd_tenths, int hp_plus, int *repeated20);

/* Saving throws PPD, P/P, RSW, BW, Sp (enum bs_save order) of a character;
 * 0 ok, -1 unknown class. Monsters save as fighters of level = HD. */
int bs1e_saves_class(const char *cls, int level, int out[5]);
int bs1e_saves_monster(int hd_tenths, int hp_plus, int out[5]);

/* [9.4 B] (issue 15) the hit dice of a class at a level (Players Handbook,
 * Character Classes Table I): `dice` dice of `die` faces (a ranger's 2d8
 * and a monk's 2d4 at the first level counted) up to the class's most,
 * then `fixed` hit points for the levels above; `fighter` 1 for the
 * fighters' constitution bonus. 0, or -1 for an unknown class. */
struct bs1e_class_hd {
	int die, dice, fixed, fighter;
};
int bs1e_class_hit_dice(const char *cls, int level, struct bs1e_class_hd *out);

/* The constitution's hit points per hit die (Players Handbook; `fighter`
 * for 17 and more); 0 when con is not given (0). */
int bs1e_constitution_hp(int con, int fighter);

/* The strength's adjustments to hit and to damage (Players Handbook; pct
 * 1..100 for 18/01..18/00, else 0); both 0 when str is not given (0). */
void bs1e_strength_adj(int str, int pct, int *hit, int *dmg);

/* Melee attacks per round of a class at a level: *num / *den (fighters,
 * paladins and rangers 1/1, 3/2, 2/1 by level; every other class 1/1). */
void bs1e_class_attacks(const char *cls, int level, int *num, int *den);

/* ---- Table 18 [16.3] Point Costs: the printed rules ---------------------- */
struct bs1e_t18_row {
	const char *item;
	const char *cost_rule;
};
#define BS1E_T18_ROWS 7
extern const struct bs1e_t18_row bs1e_table18[BS1E_T18_ROWS];
/* The [16.3] worked example, as printed (one line each), for the table
 * listing; the arithmetic is in bs1e_points.h. */
#define BS1E_T18_EXAMPLE_LINES 15
extern const char *const bs1e_table18_example[BS1E_T18_EXAMPLE_LINES];

/* Max XP of a character level (the XP one short of the next level), for the
 * AD&D 1E classes the catalog knows (PH tables), or -1 when unknown. */
long bs1e_max_xp_for_level(const char *cls, int level);

/* ---- AD&D 1E spells per day [14.1] [16.3] (src/bs1e/tables/adnd_spells.c)
 * The Players Handbook's "spells usable by level" tables, the Wisdom table
 * and the magic resistance rule of the Monster Manual. RULING R-016 and
 * R-560 say which rows are built in. */

#define BS1E_SPELL_LEVELS                                                      \
	9 /* spell levels 1..9 (clerics, druids and                            \
	     illusionists stop at 7) */

/* The four spell lists of the PH. */
enum bs1e_spell_list {
	BS1E_LIST_CLERIC,
	BS1E_LIST_DRUID,
	BS1E_LIST_MAGIC_USER,
	BS1E_LIST_ILLUSIONIST,
	BS1E_LIST__COUNT
};
extern const char *const bs1e_spell_list_name[BS1E_LIST__COUNT];

/* What bs1e_spells_per_day found. */
enum {
	BS1E_SPD_OK = 1,	 /* out[] is the row (all 0: none yet) */
	BS1E_SPD_NOT_A_LIST = 0, /* the class never casts from this list */
	BS1E_SPD_UNKNOWN = -1,	 /* the class, or its row, is not built in */
};

/* The spells per day of a caster of class `cls` ("magic-user", "ranger",
 * ... as bs1e_class_known) at `level` from spell list `list`: out[k] the
 * spells of level k + 1, without Wisdom bonus (0 everywhere unless
 * BS1E_SPD_OK). Paladins cast cleric spells from the 9th level, rangers
 * druid spells from the 8th and magic-user spells from the 9th. */
int bs1e_spells_per_day(const char *cls, int level, enum bs1e_spell_list list,
			int out[BS1E_SPELL_LEVELS]);

/* Spell levels an AD&D 1E caster of `cls` and `level` can cast per day
 * (sum over spell levels of slots x level, every list of the class), or 0
 * for non-casters, -1 when unknown. 18th-level magic-user: 139 ([16.3]
 * example). */
int bs1e_spell_levels_for(const char *cls, int level);

/* PH Wisdom table: add a cleric's bonus spells for Wisdom `wis` to out[]
 * (only at spell levels where out[k] > 0); returns the spells added. */
int bs1e_wisdom_bonus_spells(int wis, int out[BS1E_SPELL_LEVELS]);
/* The highest spell level a cleric of Wisdom `wis` may use (17 for the
 * 6th, 18 for the 7th; 0 = not given: no limit, 9). */
int bs1e_wisdom_max_spell_level(int wis);
/* A cleric's chance of spell failure, percent (9: 20 .. 12: 5, 13+: 0). */
int bs1e_wisdom_spell_failure(int wis);
/* The magical attack adjustment of Wisdom to saving throws against
 * mental attack forms (charm, fear, hypnosis, illusion, suggestion ...):
 * 3: -3 .. 18: +4; 0 (not given): 0. */
int bs1e_wisdom_magic_attack(int wis);
/* The saving throw bonus of dwarves, gnomes and halflings: +1 per 3 1/2
 * points of Constitution (0: not given). */
int bs1e_con_save_bonus(int con);
/* Magic resistance `mr` % against a caster of `caster_level` (MM: +5% per
 * level below 11, -5% above; 0..100). */
int bs1e_mr_at_level(int mr, int caster_level);

/* ---- DMG Matrix for Clerics Affecting Undead [14.19] -------------------- */
/* [14.19] "If a cleric successfully turns undead ... (see DMG, p. 65)": the
 * AD&D Dungeon Masters Guide's matrix, rows by type of undead (enum
 * bs_undead_type of battlesim/model.h, 1 skeleton .. 13 special), columns
 * by the cleric's level: 1, 2, 3, 4, 5, 6, 7, 8, 9-13, 14+. A cell is the
 * d20 score needed (the roll must equal or exceed it), or one of: */
#define BS1E_TURN_NO 0	     /* "-": cannot turn */
#define BS1E_TURN_T (-1)     /* "T": turned automatically */
#define BS1E_TURN_D (-2)     /* "D": destroyed automatically */
#define BS1E_TURN_DSTAR (-3) /* "D*": destroyed, 7-12 rather than 1-12 */
#define BS1E_TURN_ROWS 13
#define BS1E_TURN_COLS 10
extern const signed char bs1e_turn_matrix[BS1E_TURN_ROWS][BS1E_TURN_COLS];
extern const char *const bs1e_turn_col_label[BS1E_TURN_COLS];
/* The column of a cleric of `level` (>= 1). */
int bs1e_turn_col(int level);
/* The cell for undead type `type` (1..13) and cleric `level` (< 1: NO). */
int bs1e_turn_cell(int type, int level);
/* "10", "T", "D", "D*", "-" (static); "?" for no cell of the matrix. */
const char *bs1e_turn_cell_text(int cell);
/* The dice of the number affected (DMG): "1-12" (d12), 7-12 for D* (d6 +
 * 6), 1-2 for the special row (d2): *sides and *plus; returns the text. */
const char *bs1e_turn_number_dice(int type, int cell, int *sides, int *plus);

#endif
