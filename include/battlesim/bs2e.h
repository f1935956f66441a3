/* The 2nd-edition BATTLESYSTEM rules (issue 5, rules: bs2e): the summary
 * bs2e-summary.txt ("Scale", "Attack Dice", "Armor Rating", "Hits",
 * "Example of combat procedure", "Morale", "Movement") and the rulings
 * R-200..R-249 for what it leaves out (known-gaps 17, 18, 19, 56;
 * docs/rulings/bs2e.md). Cites in code and logs are the summary's headings
 * in brackets: "[2E Attack Dice]", "[2E Armor Rating]", "[2E Hits]",
 * "[2E Morale]", "[2E Movement]", "[2E Scale]", "[2E Example]".
 *
 * Two layers: the kernel (pure functions on numbers and a dice source:
 * attack dice, hit table, armor, hits carried, morale outcomes, missile
 * range bands; no battle needed: tests and the `attack --rules bs2e`
 * calculator), and the battle (bs2e_ruleset: a struct bs_battle played
 * by the 2E sequence of play on the shared tabletop). Its AI is in ai.h,
 * its log lines in src/report/. */
#ifndef BATTLESIM_BS2E_H
#define BATTLESIM_BS2E_H

#include <stddef.h>

#include "battlesim/battle.h"
#include "battlesim/controller.h"
#include "battlesim/dice.h"
#include "battlesim/event.h"
#include "battlesim/model.h"
#include "battlesim/tabletop.h"

/* ---- names ---------------------------------------------------------------
 */

extern const char *const bs2e_kind_name[BS2E_KIND__COUNT];

/* The orders of a unit [2E Morale]: "All units begin the game in good
 * order"; shaken; routed. */
enum bs2e_order { BS2E_GOOD, BS2E_SHAKEN, BS2E_ROUTED, BS2E_ORDER__COUNT };
extern const char *const bs2e_order_name[BS2E_ORDER__COUNT];

/* What called for a morale check (RULING R-213, known-gaps 19), or a
 * rally attempt (RULING R-210). */
enum bs2e_trigger {
	BS2E_TRIG_FIRST_CASUALTY, /* the unit's first figure removed */
	BS2E_TRIG_HALF_LOST,	  /* 50% of its figures lost */
	BS2E_TRIG_HEAVY_HITS,	  /* more than 4 hits in one step */
	BS2E_TRIG_FRIEND_ROUTS,	  /* within 3" of a friend that routs */
	BS2E_TRIG_RALLY,	  /* a rally attempt */
	BS2E_TRIG__COUNT
};
extern const char *const bs2e_trigger_name[BS2E_TRIG__COUNT];

/* ---- the kernel: attack dice, hits, armor [2E Attack Dice] ... --------- */

/* The hit table (known-gaps 17, RULING R-200): hits scored by one attack
 * die result 1..BS2E_HIT_ROWS; index 0 unused. The text's example fixes
 * 1-3 -> 0, 4-5 -> 1, 6-8 -> 2; the rest extends the 3, 2, 3 pattern of
 * band widths (9-10 -> 3, 11-13 -> 4, 14-15 -> 5, 16-18 -> 6, 19-20 -> 7,
 * 21-23 -> 8, 24 -> 9). A scenario's `hit_table:` replaces it. */
extern const int bs2e_hit_table_builtin[BS2E_HIT_ROWS + 1];

/* Hits scored by one attack die result (clamped into 1..BS2E_HIT_ROWS)
 * with `table` (NULL: the built-in table). */
int bs2e_hits_for(const int *table, int result);

/* [2E Attack Dice] the attack dice of `figures` figures at a multiplier
 * num/den (x1 1/2 = 3/2, x1/2 = 1/2, x1/3 = 1/3): "In all such cases,
 * round fractions up" (5 figures x1 1/2 -> 8, x1/2 -> 3). */
int bs2e_ad_count(int figures, int num, int den);

/* Longest attack dice text (`ad:` of a scenario, `--ad` of the
 * calculator) that bs2e_ad_parse reads, in bytes. */
#define BS2E_AD_TEXT_MAX 32

/* [2E Attack Dice] RULING R-221: attack dice text into ad[] (ad[1] = 0:
 * one die): "d8" or "8" (a d4, d6, d8, d10 or d12; "D8" too), "10+8" or
 * "d10+d8" (one die that is the total of two), "2d10" (two of one die);
 * blanks anywhere are ignored. The one parser of the scenario key `ad:`
 * and of `battlesim attack --rules bs2e --ad`. Returns 0 with ad[] set,
 * or -1 with ad[] unchanged and the reason into err (errlen bytes; 128
 * is enough; err may be NULL when errlen is 0), the same text for both
 * callers, which put their key or option before it: "'TEXT': an attack
 * die is a d4, d6, d8, d10 or d12 [2E Attack Dice]", "'TEXT': not attack
 * dice such as d8, 10+8 or 2d10 [2E Attack Dice]", or text longer than
 * BS2E_AD_TEXT_MAX bytes refused. Numbers are read with range checks. */
int bs2e_ad_parse(const char *text, int ad[2], char *err, size_t errlen);

/* "d8", "10+8" (two dice added) into buf; returns buf. */
char *bs2e_ad_text(const int ad[2], char *buf, size_t len);

/* Largest number of dice one attack or armor roll may have. */
#define BS2E_MAX_DICE 512

/* [2E Attack Dice] roll `ndice` attack dice of ad (ad[1] != 0: each die
 * is the sum of a d(ad[0]) and a d(ad[1])) from src; each result into
 * dice[i] (may be NULL) and its hits by `table` into per_die[i] (may be
 * NULL). Returns the hits of the whole attack. ndice <= BS2E_MAX_DICE. */
int bs2e_roll_attack(struct bs_dice_source *src, const int ad[2], int ndice,
		     const int *table, int *dice, int *per_die);

/* [2E Armor Rating] 1 when an armor die cancels a hit: "Each result higher
 * than the defending unit's AR"; with equal_or_higher (option
 * bs2e_armor_equal_or_higher, RULING R-201) a result equal to AR too. */
int bs2e_armor_cancels(int roll, int ar, int equal_or_higher);

/* The exact odds of one attack (the referee's `odds`, `attack --rules
 * bs2e --odds`, issue 17): ndice attack dice of ad (as bs2e_roll_attack
 * reads them) through `table` (NULL: the built-in one) give k hits with
 * probability p_rolled[k]; each hit then stands unless the defender's d10
 * cancels it at AR ar [2E Armor Rating] (equal_or_higher: RULING R-201),
 * k hits standing with probability p_stand[k]. Both arrays of `max`
 * entries. Returns the largest k possible, or -1 when max is too small
 * (bs2e_attack_odds_size says what is needed) or ndice is out of 0 ..
 * BS2E_MAX_DICE. */
int bs2e_attack_odds(const int ad[2], int ndice, const int *table, int ar,
		     int equal_or_higher, double *p_rolled, double *p_stand,
		     int max);
/* Entries bs2e_attack_odds needs for these dice and table. */
int bs2e_attack_odds_size(const int ad[2], int ndice, const int *table);
/* Of the ten faces of the defender's d10, those that leave a hit
 * standing at AR ar. */
int bs2e_armor_stand_faces(int ar, int equal_or_higher);

/* [2E Armor Rating] "the defender rolls 1d10 for each hit": `hits` d10,
 * the first BS2E_MAX_DICE of them into dice[] (may be NULL); returns the
 * hits that stand. */
int bs2e_roll_armor(struct bs_dice_source *src, int hits, int ar,
		    int equal_or_higher, int *dice);

/* [2E Hits] `stand` hits on a unit of `figures` figures of `per_figure`
 * Hits each, carrying `carried` hits of partial damage: *removed figures
 * come off (at most `figures`) and *carried_after hits stay on the unit
 * (0 when it is destroyed). */
void bs2e_take_hits(int per_figure, int figures, int carried, int stand,
		    int *removed, int *carried_after);

/* ---- morale [2E Morale] ---------------------------------------------------
 */

/* The outcome of a morale check or of the retreat instead of one. */
struct bs2e_morale_outcome {
	int passed;	    /* 2d10 <= ML */
	int by;		    /* roll - ML when failed (> 0), else 0 */
	enum bs2e_order to; /* the order after it */
	int retreat;	    /* 1: the unit retreats 4" */
	int second;	    /* 1: a shaken unit that must check again */
};

/* A check that a situation calls for (`roll` = 2d10), by a unit in order
 * `from`: good: pass stays good, fail -> shaken + retreat 4"; shaken:
 * pass stays shaken, fail -> retreat 4" and a second check
 * (bs2e_morale_second); failing by 7 or more routs at once (RULING
 * any check). A routed unit is not checked (RULING R-213). */
void bs2e_morale_check(enum bs2e_order from, int ml, int roll,
		       struct bs2e_morale_outcome *out);

/* The second check of a shaken unit: "A failure on this second check
 * causes the unit to rout." */
void bs2e_morale_second(int ml, int roll, struct bs2e_morale_outcome *out);

/* A rally attempt of a shaken or routed unit not in contact: pass ->
 * one step better (routed -> shaken -> good; RULING R-216, known-gaps
 * 56), or good order at once with to_good (option bs2e_rally_to_good);
 * fail by 7 or more -> routed; other failures change nothing. */
void bs2e_rally_check(enum bs2e_order from, int ml, int roll, int to_good,
		      struct bs2e_morale_outcome *out);

/* The retreat 4" of a failed check or of the good-order choice, inches
 * [2E Morale]. */
#define BS2E_RETREAT_INCHES 4.0

/* ---- movement and missiles [2E Movement] ---------------------------------
 */

/* RULING R-220: the movement factor of terrain type t (enum
 * bs_terrain_type (terrain.h), the scenario's `terrain:` types) as num/den of
 * the MV, its Table 14 row; 0 = impassable for unit kind k. A move pays the
 * ground through the tabletop's terrain walk, as 1E (RULING R-444). */
void bs2e_terrain_factor(int t, enum bs2e_kind k, int *num, int *den);

/* Missile range bands (RULING R-208, known-gaps 19). */
enum bs2e_range {
	BS2E_RANGE_NONE, /* out of range (or no missiles) */
	BS2E_RANGE_SHORT,
	BS2E_RANGE_MEDIUM,
	BS2E_RANGE_LONG,
	BS2E_RANGE__COUNT
};
extern const char *const bs2e_range_name[BS2E_RANGE__COUNT];

/* The band of `dist` inches for ranges range[3] (short, medium, long). */
enum bs2e_range bs2e_range_band(const int range[3], double dist);

/* The attack dice multiplier of a band: short x1, medium x1/2, long x1/3
 * (known-gaps 19). */
void bs2e_range_mult(enum bs2e_range r, int *num, int *den);

/* RULING R-208: 1 when point `to` lies in the 90-degree forward arc of a
 * unit whose front edge centre is `front`, facing `facing`: within 45
 * degrees either side of the facing. */
int bs2e_in_arc(struct bs_vec front, double facing, struct bs_vec to);

/* ---- the battle -----------------------------------------------------------
 */

/* A 2E battle is a struct bs_battle made by bs_battle_new (battle.h) for
 * a scenario of `rules: bs2e`, played by bs2e_ruleset (src/bs2e/round.c):
 * units rated from their 2E statistics, deployed, dice seeded from (seed
 * 0, stream 0); BS_ERR_INPUT when a unit has no 2E statistics or is too
 * large to play. */

/* The order of unit g (global index) of a 2E battle. */
enum bs2e_order bs2e_unit_order(const struct bs_battle *b, int g);

/* 1 when unit g of a 2E battle is a hero or commander (one figure, never
 * checks morale). */
int bs2e_unit_individual(const struct bs_battle *b, int g);

/* The check of an order of (side, unit) as the 2E movement will apply it
 * now (the battle is not changed): 1 when legal; out as tabletop.h's
 * bs_tt_check_order. Orders: HOLD, MOVE (advance, wheel, face,
 * frontage), CHARGE (a declared charge: steps that end in contact with
 * the target at 1 1/2 MV). */
int bs2e_check_order(const struct bs_battle *b, int side, int unit,
		     const struct bs_order *o, struct bs_tt_outcome *out);

/* A 2E charge plan of (side, unit) at (tside, tunit): a wheel to face the
 * target then straight on, within 1 1/2 MV, meeting no other unit first
 * (RULING R-211). out as tabletop.h's struct bs_tt_charge. */
void bs2e_plan_charge(const struct bs_battle *b, int side, int unit, int tside,
		      int tunit, struct bs_tt_charge *out);

/* The melee attack unit a would make on enemy unit d (global indexes) of
 * a 2E battle in its position now (the referee's `odds`, issue 17): what
 * the melee step uses (RULING R-207): its figures' share for d, the charge's
 * x1 1/2 (RULING R-211), the defender's AR with the flank and rear
 * modifiers (RULING R-212). */
struct bs2e_attack_now {
	int in_contact; /* 0: not in contact, as if it touched only d now
			   (all its figures, RULING R-207) */
	int figures, arc, charge;
	int num, den, ndice; /* the multiplier, the attack dice */
	int ad[2];
	const int *table;
	struct bs_deriv ar; /* the defender's AR, modified */
	int equal_or_higher;
	int per_figure, target_figures, carried; /* the defender [2E Hits] */
	const char *cannot, *cite; /* not NULL: it does not attack d now */
};
/* Fill *out; `charging`: count the charge's x1 1/2 as if a declared charge
 * on d had reached it. 0, or -1 when b is not a 2E battle or a, d are not
 * enemies (*out untouched). Changes nothing. */
int bs2e_attack_now(const struct bs_battle *b, int a, int d, int charging,
		    struct bs2e_attack_now *out);

#endif
