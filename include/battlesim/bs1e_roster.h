/* The 1E roster sheets: the Army Roster Sheet [3.1] of every unit and the
 * Heroes and Commanders Roster Sheet [3.2] of every individual, each rated
 * number with its derivation (ratio [2.2] T1, base size [2.3] T2, HD per
 * figure [8.7], AC / HD / damage averages [3.1], base AR [8.3] T9, base
 * morale [4.1] T3, discipline [4.6] T6, cavalry [11.2], chariots [11.3],
 * characters as members of units [9.1]); command radius [4.8], charisma
 * bonus [4.9] T8 with [14.20] items, and the command hierarchy [4.10].
 * Pure functions on a loaded, validated scenario: no globals, no printing;
 * only bs1e_roster_new allocates. */
#ifndef BATTLESIM_BS1E_ROSTER_H
#define BATTLESIM_BS1E_ROSTER_H

#include <stddef.h>

#include "battlesim/bs1e_tables.h"
#include "battlesim/deriv.h"
#include "battlesim/diag.h"
#include "battlesim/dice.h"
#include "battlesim/model.h"

/* ---- text of a rated number ------------------------------------------------
 */

/* Hit dice as written: "1/2", "1-1", "4+1", "9", "1.5". Returns buf. */
char *bs1e_hd_text(struct bs_hd hd, char *buf, size_t len);

/* ---- damage
 * ------------------------------------------------------------------ */

#define BS1E_DMG_MAX_SRC 4

/* One source of damage of a figure: `times` x dice (a weapon with its plus
 * added, a mount's natural attacks, a chariot's passengers). */
struct bs1e_dmg_src {
	char label[80]; /* "long sword +1", "light warhorse" */
	int times;	/* 1, or passengers / pullers of a chariot */
	int lance;	/* a lance: doubles in a mounted charge [11.4] */
	/* [13.2] a poisonous creature's natural attacks: the column shift of
	 * its poison (0 none) and which part of its dice poisons */
	int poison_shift;
	int poison_part;
	/* [13.4] a paralyzing creature's natural attacks: the creature
	 * (RULING R-710), NULL none */
	const struct bs_creature *paralyzer;
	struct bs_dice vs_sm;
	struct bs_dice vs_l;
};

/* The damage of a figure: its sources added ([11.2], [11.3], [8.6]). */
struct bs1e_damage {
	struct bs1e_dmg_src src[BS1E_DMG_MAX_SRC];
	int nsrc;
	const char *cite;
};

/* "d8+1 (long sword +1) + d4/d4 (light warhorse)", against size L when
 * `large`. Returns buf. */
char *bs1e_damage_text(const struct bs1e_damage *d, int large, char *buf,
		       size_t len);

/* ---- [4.1] base morale and [4.6] discipline --------------------------------
 */

/* The unit facts Table 3 reads. */
struct bs1e_morale_facts {
	struct bs_hd hd; /* the creatures' (rated) hit dice */
	int demihuman;
	int special_abilities;	   /* AD&D (DMG p. 85) */
	int exceptional_abilities; /* AD&D */
	int asterisks;		   /* D&D: +1 per 2, rounded down */
	int magic_equipment;
	int figures;
	int ac;
	int mounted; /* cavalry or chariots */
	enum bs_unit_type type;
	enum bs_game game;
};

/* Base morale [4.1]: 11 plus the Table 3 rows that apply, in the table's
 * order, each a term with the row's cite, into *out
 * ("ML 12 = 11 +1 magic equipment -1 AC 8 +1 regular [4.1 T3]"). */
void bs1e_base_morale(const struct bs1e_morale_facts *f, struct bs_deriv *out);

/* Discipline [4.6]: base morale plus the Table 6 rows; a berserker unit
 * [2.11] has DL 0. */
void bs1e_discipline(int base_ml, enum bs_int intelligence, enum bs_law law,
		     enum bs_unit_type type, struct bs_deriv *out);

/* ---- [2.2] ratio, [2.3] base, [8.7] HD per figure -------------------------
 */

/* The ratio of a unit whose creatures have (rated) hit dice `hd`: Table 1,
 * or the scenario's `override` (10, 5, 2; 0 = none; RULING R-041). */
void bs1e_unit_ratio(struct bs_hd hd, int override, struct bs_deriv *out);

/* HD per figure [8.7], in tenths: ratio x the whole dice (RULING R-042: "+hp"
 * and "-hp" do not count, "1/2" counts 0.5). */
void bs1e_hd_per_figure(int ratio, struct bs_hd hd, struct bs_deriv *out);

/* The Table 2 row of a figure of creature c (dwarves on 3/4" bases,
 * RULING R-043), mounted or not; `why` (may be NULL) gets the reason. */
enum bs1e_base bs1e_base_for(const struct bs_creature *c, int mounted,
			     char *why, size_t len);

/* ---- [11.2] cavalry and [11.3] chariots ------------------------------------
 */

/* One kind of creature of a cavalry figure or a chariot, rated as on foot. */
struct bs1e_component {
	char name[BS_NAME_MAX];
	int count;	 /* per chariot (pullers, passengers); 1 for cavalry */
	struct bs_hd hd; /* per creature */
	int ac;		 /* as equipped */
	int thac0;	 /* for AR, repeated 20s ignored [8.3] */
	int plus;	 /* magic plus of the weapon in hand (lowers AR) */
	int mv;		 /* inches */
	enum bs_size size; /* the larger of the kind */
	struct bs1e_damage dmg;
};

/* The ratings of a cavalry figure or a chariot. */
struct bs1e_mounted_rating {
	struct bs_deriv hd;    /* per creature equivalent, tenths */
	struct bs_deriv ac;    /* [11.2] poorer / [11.3] average -2 */
	struct bs_deriv thac0; /* the THAC0 that makes the AR */
	int plus;	       /* weapon plus still to subtract from the AR */
	struct bs_deriv mv;
	enum bs_size size;
	struct bs1e_damage dmg;
};

/* [11.2] [11.3] the creature flags (BS_CF_*) a figure of unit u fights
 * with: on foot its creature's; mounted, the special abilities of rider or
 * steed (puller), the special defenses only when every creature of the
 * figure has them, the rest the rider's (RULING R-545). */
unsigned bs1e_mounted_flags(const struct bs_unit *u);

/* The creatures a figure of unit u is made of, for the defenses of
 * [11.2] [11.3] (RULING R-610): its creatures (a mixed unit's parts; a
 * chariot's passengers) and its mount or pullers. out has room for
 * BS1E_FIGURE_MAX_CREATURES; returns how many. */
#define BS1E_FIGURE_MAX_CREATURES (BS_UNIT_MAX_MIX + 1)
int bs1e_figure_creatures(const struct bs_unit *u,
			  const struct bs_creature **out);

/* [11.2]: AR the rider's, HD the average rounded up, AC the poorer, MV the
 * mount's, damage added (RULING R-051). */
void bs1e_rate_cavalry(const struct bs1e_component *rider,
		       const struct bs1e_component *mount,
		       struct bs1e_mounted_rating *out);

/* [11.3]: AR the average of passengers and pullers, HD the pullers'
 * average plus the passengers' average, AC the average -2, MV 2/3 of the
 * pullers' (full when the pullers have 3x the riders' total HD), damage
 * added; averages round in favour of the chariot (RULING R-052). */
void bs1e_rate_chariot(const struct bs1e_component *passenger,
		       const struct bs1e_component *puller,
		       struct bs1e_mounted_rating *out);

/* ---- [4.8] command radius, [4.9] charisma bonus -----------------------------
 */

/* 1 for a fighter or a sub-class (fighter, ranger, paladin, cavalier,
 * barbarian), case-insensitive. */
int bs1e_is_fighter_class(const char *cls);

/* 1 when the individual is human or demi-human ([4.8]: the charisma
 * formula), 0 for a humanoid or monster (2/3 MV). RULING R-046. */
int bs1e_is_human_or_demihuman(const struct bs_individual *ind);

/* Command radius [4.8] in inches into *out: (charisma + level) / 2, +3"
 * for fighters and sub-classes, for humans and demi-humans; 2/3 of the
 * movement rate for humanoids and monsters (RULING R-045 rounding). */
void bs1e_command_radius(const struct bs_scenario *s,
			 const struct bs_individual *ind, struct bs_deriv *out);

/* Charisma bonus [4.9] Table 8 into *out, with the [14.20] items: AD&D
 * ring of human influence +1 and rod of rulership +2 to the bonus, D&D rod
 * of ruling +2 to the charisma score (RULING R-047). */
void bs1e_charisma_bonus_of(const struct bs_scenario *s,
			    const struct bs_individual *ind,
			    struct bs_deriv *out);

/* ---- [4.10] command hierarchy
 * ------------------------------------------------ */

/* What an individual is to a unit. */
enum bs1e_authority {
	BS1E_AUTH_NONE,
	BS1E_AUTH_UNIT,	   /* its Unit Commander */
	BS1E_AUTH_BRIGADE, /* the unit is in his brigade */
	BS1E_AUTH_ARMY,	   /* Army Commander: any unit of the army */
	BS1E_AUTH__COUNT
};
extern const char *const bs1e_authority_name[BS1E_AUTH__COUNT];

/* The authority of individual `ind` over unit `unit` of `side` [4.10],
 * directly or as the Deputy [9.3] of a commander marked in `lost` (an array
 * of side->nindividuals flags: dead, disabled, removed or out of command;
 * NULL = nobody lost). *deputy_for (may be NULL) gets the commander he
 * stands in for, or -1. */
enum bs1e_authority bs1e_authority_over(const struct bs_side *side, int ind,
					int unit, const unsigned char *lost,
					int *deputy_for);

/* [4.10] may `ind` keep unit in command (its figures within his CR count
 * as in command): its Unit Commander, its Brigade Commander, the Army
 * Commander. A Unit Commander cannot benefit another unit. */
int bs1e_may_command(const struct bs_side *side, int ind, int unit,
		     const unsigned char *lost);

/* [4.10], [2.9], [2.10], [6.0] may `ind` rally routed unit `unit`: its Unit
 * Commander, a Brigade or Army Commander in its chain of command. */
int bs1e_may_rally(const struct bs_side *side, int ind, int unit,
		   const unsigned char *lost);

/* [2.10], [4.10] may `ind` give an order to mob `unit`. */
int bs1e_may_order_mob(const struct bs_side *side, int ind, int unit,
		       const unsigned char *lost);

/* [4.10] may `ind` take over `unit` whose Unit Commander is lost (or which
 * has none): its Brigade Commander or the Army Commander, or the Deputy
 * Unit Commander [9.3]. */
int bs1e_may_take_over(const struct bs_side *side, int ind, int unit,
		       const unsigned char *lost);

/* ---- [3.1] the Army Roster Sheet --------------------------------------------
 */

#define BS1E_ROSTER_MAX_MODS 12

enum bs1e_mounting { BS1E_ON_FOOT, BS1E_CAVALRY, BS1E_CHARIOT };

/* One weapon a unit carries, with its own AR and damage. */
struct bs1e_weapon_sheet {
	char name[80]; /* "long sword +1" */
	int in_hand;   /* the weapon in hand at the start [8.2] */
	enum bs_weapon_kind kind;
	struct bs_dice vs_sm, vs_l; /* the plus added */
	struct bs_deriv ar;
};

/* One unit's block of the Army Roster Sheet. */
struct bs1e_unit_sheet {
	const struct bs_unit *unit;
	const char *commander; /* names, or NULL */
	const char *deputy;
	enum bs1e_mounting mounting;
	struct bs_deriv ratio;
	enum bs_size size;
	char size_why[96];
	enum bs1e_base base; /* Table 2 row */
	char base_label[32]; /* as printed: "3/4\"", chariots "1\" x 2\"" */
	char base_why[96];
	struct bs_hd hd_rated; /* per creature, after averaging / mounting */
	struct bs_deriv hd;    /* the same in tenths, with its derivation */
	struct bs_deriv hd_fig;
	struct bs_deriv ac;
	struct bs_deriv mv;
	struct bs_deriv thac0;
	struct bs_deriv ar; /* base AR, weapon in hand */
	struct bs_term ar_mods[BS1E_ROSTER_MAX_MODS];
	int nar_mods;
	struct bs_deriv ml;
	struct bs_term ml_mods[BS1E_ROSTER_MAX_MODS];
	int nml_mods;
	struct bs_deriv dl;
	struct bs1e_damage damage; /* weapon in hand (+ mount, chariot) */
	struct bs1e_weapon_sheet weapons[BS_UNIT_MAX_WEAPONS];
	int nweapons;
	/* cavalry / chariot: the parts as rated on foot */
	struct bs1e_component rider, mount;
	int nmembers; /* [9.1] characters averaged in */
};

/* The sheet of unit `unit` of side `side` into *out (caller storage).
 * Cannot fail on a validated scenario. */
void bs1e_unit_sheet(const struct bs_scenario *s, int side, int unit,
		     struct bs1e_unit_sheet *out);

/* ---- [3.2] the Heroes and Commanders Roster Sheet
 * ---------------------------- */

struct bs1e_indiv_sheet {
	const struct bs_individual *ind;
	char race_class_level[128]; /* "human fighter 5", "ogre" */
	int mr;
	char rank[128]; /* "Unit Commander (Orc Warband)", "Hero" */
	int member_of;	/* [9.1] unit index, -1 */
	int ability[BS_ABILITY__COUNT]; /* 0 = blank */
	struct bs_deriv save[BS_SAVE__COUNT];
	struct bs_deriv ac;
	struct bs_deriv hd;   /* tenths; a character's level (RULING R-048) */
	int hp;		      /* hit points: given, or averaged */
	struct bs_deriv hp_d; /* the same with its derivation */
	struct bs_deriv mv;
	struct bs_deriv thac0;
	struct bs_deriv ar; /* as a 1:1 figure [8.3] T9 */
	struct bs_deriv cr;
	struct bs_deriv cb;
};

/* Hit points of an individual [3.2] into *out: the scenario's `hp`, else
 * the average of his class's hit dice with his constitution, or of a
 * monster's hit dice (RULING R-504). */
void bs1e_indiv_hp(const struct bs_individual *ind, struct bs_deriv *out);

/* The sheet of individual `ind` of side `side` into *out. */
void bs1e_indiv_sheet(const struct bs_scenario *s, int side, int ind,
		      struct bs1e_indiv_sheet *out);

/* ---- the whole roster
 * ----------------------------------------------------------- */

#define BS1E_ROSTER_MAX_NOTES 16

struct bs1e_side_sheet {
	const struct bs_side *side;
	struct bs1e_unit_sheet *units;
	int nunits;
	struct bs1e_indiv_sheet *indivs;
	int nindivs;
	/* [2.8], [4.10] remarks for the referee ("regular unit X has no Unit
	 * Commander: out of command [2.8]") */
	char notes[BS1E_ROSTER_MAX_NOTES][160];
	int nnotes;
};

struct bs1e_roster {
	const struct bs_scenario *scenario;
	struct bs1e_side_sheet sides[BS_MAX_SIDES];
	int nsides;
};

/* Every sheet of scenario s (which must outlive the roster). On success
 * *out is a new roster (free with bs1e_roster_free); on out of memory
 * returns BS_ERR_RUNTIME with a diagnostic and *out NULL. */
enum bs_status bs1e_roster_new(const struct bs_scenario *s,
			       struct bs1e_roster **out,
			       struct bs_diags *diags);

void bs1e_roster_free(struct bs1e_roster *r);

#endif
