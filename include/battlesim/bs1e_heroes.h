/* 1E heroes and commanders on the table, the Intermediate Game (issue 15):
 * [5.2] individual initiative, [9.0]-[9.4] roles, commanders, deputies,
 * heroes. The AD&D kernel of individual combat [9.4 B] and of character
 * vs figure combat [9.4 A] (pure functions on a loaded scenario), and
 * read-only queries on a battle about its individuals, for controllers
 * and reports (they never change the battle and never allocate). */
#ifndef BATTLESIM_BS1E_HEROES_H
#define BATTLESIM_BS1E_HEROES_H

#include "battlesim/battle.h"
#include "battlesim/bs1e_roster.h"
#include "battlesim/controller.h"
#include "battlesim/model.h"
#include "battlesim/sight.h"

/* ---- the AD&D melee of a 1:1 figure [9.4 B] ------------------------------
 */

/* [9.4 B] the d20 a figure of THAC0 `thac0` (as for AR [8.3]: the repeated
 * 20s ignored) needs to hit armor class `ac` by the AD&D attack matrix:
 * thac0 - ac, where the matrix prints 20 six times, so that 21 to 25 read
 * 20 and more read 5 less (RULING R-507). At least 1. */
int bs1e_adnd_needed(int thac0, int ac);

#define BS1E_FIGHTER_MAX_FORMS BS_DICE_MAX_ATTACKS

/* The fighting numbers of an individual in AD&D melee, rated from his
 * Heroes and Commanders Roster Sheet [3.2]. */
struct bs1e_fighter {
	int thac0;	   /* for AR [8.3] */
	int ac;		   /* [3.2] */
	enum bs_size size; /* his race's */
	int str_hit, str_dmg;
	int plus; /* magic weapon: to hit and damage */
	/* the attack forms of one routine: the weapon in hand (one), or the
	 * race's natural attacks (claw / claw / bite), vs S-M and vs L,
	 * without the bonuses */
	int nforms;
	struct bs_dice_part sm[BS1E_FIGHTER_MAX_FORMS];
	struct bs_dice_part l[BS1E_FIGHTER_MAX_FORMS];
	int rate_num, rate_den; /* routines per AD&D melee round (3/2) */
	/* a fighter (paladin, ranger) attacks once per level against
	 * creatures of less than 1 HD ([8.6], Players Handbook): his level
	 * in that class, 0 none */
	int fighter_level;
	int speed;	/* weapon speed factor, 0 none */
	int natural;	/* the forms are the race's natural attacks */
	int weaponless; /* no weapon nor natural attacks: fists, d2 */
	char weapon[BS_NAME_MAX + 16]; /* "long sword +1", "claws" */
	/* [8.3] [13.1] RULING R-372: his race (NULL: human) for the racial
	 * bonuses against named creatures (`to_hit_vs`), and the AR term of
	 * his race with the weapon in hand (`to_hit_with`, 0 none) */
	const struct bs_creature *race;
	int race_with;
};

/* Rate the individual of sheet sh (bs1e_indiv_sheet) into *out. */
void bs1e_fighter_of(const struct bs1e_indiv_sheet *sh,
		     struct bs1e_fighter *out);

/* 1 when creature c counts as a creature of less than 1 HD for a
 * fighter's extra attacks: less than one whole hit die (1-1, 1/2), or a
 * 0-level man (THAC0 21 for AR: the repeated 20s) (RULING R-505). */
int bs1e_under_one_hd(const struct bs_creature *c, struct bs_hd hd, int thac0);

/* [9.4 B] attacks (routines) of a figure rated num/den in its AD&D melee
 * round r (1-based, counted over the battle): 3/2 gives 1, 2, 1, 2 ... */
int bs1e_adnd_routines(int num, int den, int r);

/* The routines a per AD&D melee round against defender d (tenths): the
 * rate, or one per fighter level when d is under 1 HD. */
int bs1e_fighter_rate10(const struct bs1e_fighter *a, int d_under_1hd);

/* Expected hit points a does to d in one AD&D melee round (the AI's and
 * the referee's estimate; no dice). */
double bs1e_duel_expected(const struct bs1e_fighter *a,
			  const struct bs1e_fighter *d, int d_under_1hd);

/* [8.3 T10 note] [13.1] RULING R-372: the to-hit term (on the d20 needed:
 * negative is better) of a's race attacking d's race by their
 * `to_hit_vs` (a dwarf attacking an orc -1); 0 none, or when either is
 * human (no race). label (may be NULL) gets its text. */
int bs1e_duel_racial(const struct bs1e_fighter *a, const struct bs1e_fighter *d,
		     char *label, size_t len);

/* [8.3 T10 note] [13.1] "-1 to hit in daylight" (RULING R-133: battles
 * are fought by day): the to-hit term (on the d20 needed, or the AR) of
 * an individual of a race with the daylight penalty (goblins, orcs), +1;
 * 0 none. As a unit's attack takes it (RULING R-612). */
int bs1e_indiv_daylight(const struct bs1e_fighter *f);

/* [9.4 A] RULING R-506: a hero "capable of affecting all the creatures
 * represented by at least one single figure": he has at least as many
 * attacks in a round against them as the figure has creatures (a
 * fighter's one per level against creatures of less than 1 HD, [8.6]),
 * so that he can strike every one of them. `ratio` creatures of c (hit
 * dice hd, THAC0 thac0) per figure. */
int bs1e_affects_all(const struct bs1e_fighter *f, const struct bs_creature *c,
		     struct bs_hd hd, int thac0, int ratio);

/* ---- queries on a battle ---------------------------------------------------
 * Individuals are (side, indiv): the index on the side. */

/* 1 when the individual stands on the table as a figure of his own (the
 * Intermediate or Advanced Game; alive, not lost, not with a unit). */
int bs1e_indiv_on_table(const struct bs_battle *b, int side, int indiv);

/* His counter on the table (RULING R-500: a 1/2" square, 1" oversize). */
struct bs_quad bs1e_indiv_counter(const struct bs_battle *b, int side,
				  int indiv);

/* His fighting numbers (rated at set-up). */
const struct bs1e_fighter *bs1e_indiv_fighter(const struct bs_battle *b,
					      int side, int indiv);

/* Heroes who shoot [9.4] [10.0] (RULING R-525..R-528): what one shot of
 * an individual would be now, as the Missile and Magic Phase checks it. */
struct bs1e_indiv_shot {
	int legal;	  /* 0: the engine would reject it */
	const char *why;  /* the reason (static text) */
	const char *cite; /* the rule */
	int g;		  /* the target unit (global index), -1 */
	int t;		  /* the target individual (global index), -1 */
	int band;	  /* 0 short, 1 medium, 2 long range [10.8] */
	double range;	  /* inches, counter to nearest target base */
	struct bs_tt_sight sight;
};

/* Check shot o of `side` now [9.4] [10.1]; 1 when legal. In the Initial
 * Missile Phase (b->phase) as its shot there, else as one of step B of
 * the Missile and Magic Phase. */
int bs1e_check_indiv_fire(const struct bs_battle *b, int side,
			  const struct bs_indiv_fire_order *o,
			  struct bs1e_indiv_shot *out);
/* The same for a shot of `kind` (BS_FIRE_PHASE, BS_FIRE_INITIAL [10.2],
 * BS_FIRE_PASS_THROUGH [10.6]: at moment `at` of an enemy unit's move,
 * the mover standing where it has it; RULING R-549). */
int bs1e_check_indiv_fire_at(const struct bs_battle *b, int side,
			     const struct bs_indiv_fire_order *o,
			     enum bs_fire_kind kind,
			     const struct bs_move_point *at,
			     struct bs1e_indiv_shot *out);

/* [10.0] RULING R-526: the shots (side, indiv) has left this Game Round
 * (0 when he has no missile weapon or is not on the table). */
int bs1e_indiv_shots_left(const struct bs_battle *b, int side, int indiv);
/* [10.4] Table 12 RULING R-550: the inches (side, indiv) may move now,
 * his MV or less after the shots he fired this round (0 for no such
 * individual). */
double bs1e_indiv_mv_allowed(const struct bs_battle *b, int side, int indiv);
/* [10.2] [10.6] RULING R-549: 1 when (side, indiv) has taken his shot of
 * pass-through fire this Game Round. */
int bs1e_indiv_pass_through_taken(const struct bs_battle *b, int side,
				  int indiv);

/* What an individual's move would do, without doing it [7.7] [7.8] [9.4]. */
struct bs1e_indiv_outcome {
	int legal;	  /* 0: the engine would reject it */
	const char *why;  /* the reason (static text) */
	const char *cite; /* the rule */
	struct bs_vec at; /* where he would stand */
	double spent;	  /* inches moved */
	/* the figure he would touch first: a unit (contact_unit), an
	 * individual (contact_indiv), -1 none; contact_enemy 1 for an enemy */
	int contact_side, contact_unit, contact_indiv, contact_enemy;
};

/* Check move o of (side, indiv) now, as the Movement Phase will; 1 when
 * legal. */
int bs1e_check_indiv_move(const struct bs_battle *b, int side, int indiv,
			  const struct bs_indiv_order *o,
			  struct bs1e_indiv_outcome *out);

/* Check a change of role now [9.0]-[9.3]: 1 when legal, else *why and
 * *cite (may be NULL) say which rule forbids it. */
int bs1e_check_role(const struct bs_battle *b, int side,
		    const struct bs_role_order *r, const char **why,
		    const char **cite);

/* What a commander does for a unit [4.7] [4.10] [6.0] [2.10]. */
enum bs1e_cmd_act {
	BS1E_ACT_COMMAND,   /* keep it in command */
	BS1E_ACT_RALLY,	    /* rally it */
	BS1E_ACT_ORDER_MOB, /* give the mob an order */
	BS1E_ACT__COUNT
};

/* [4.10] [9.3] may individual `ind` of `side` do `act` for unit `unit`
 * (index on the side) now: at `basic` the scenario's hierarchy with the
 * deputies of the commanders lost (bs1e_may_*); in the Intermediate Game
 * the ranks and posts in play: the unit's commander now, posts taken
 * over [9.3] (deputies and the chain of command), never a commander who
 * cast a spell this Game Round [9.2]. */
int bs1e_authority_now(const struct bs_battle *b, int side, int ind, int unit,
		       enum bs1e_cmd_act act);

/* 1 when the unit (side, unit) touches an enemy individual standing as a
 * figure of his own; *tside, *tindiv (may be NULL) get the first. */
int bs1e_unit_touches_figure(const struct bs_battle *b, int side, int unit,
			     int *tside, int *tindiv);

/* 1 when individual (side, indiv) touches an enemy (unit or figure). */
int bs1e_indiv_engaged(const struct bs_battle *b, int side, int indiv);

/* Why individual (side, indiv) cannot move this Movement Phase whatever
 * his side orders: held or asleep [14.6 B] (RULING R-623), charmed
 * [14.6 A] (RULING R-694); NULL when nothing stops him. For a
 * controller that should not propose what the engine would reject. */
const char *bs1e_indiv_cannot_move(const struct bs_battle *b, int side,
				   int indiv);

/* [9.3] "is disabled ... or is otherwise not in command of his forces"
 * (RULING R-553): why individual (side, indiv), alive on the table, is
 * disabled now: "held or asleep" [14.6 B], "charmed" [14.6 A] or
 * "fleeing in fear" [14.9]; NULL when he is not. */
const char *bs1e_indiv_disabled(const struct bs_battle *b, int side, int indiv);

#endif
