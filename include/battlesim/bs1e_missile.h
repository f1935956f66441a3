/* 1E missile fire and artillery (issue 14) as the rules would play them
 * now, for the controllers (the doctrine AI weighs its volleys with it),
 * the reports and tests: who may fire [10.1] [10.2], how many shots a
 * Game Round [10.0] and Table 12 [10.4], the volley's sight, range band
 * and Table 13 terms [10.8] with the [8.4] procedure on the missile
 * weapon's (or the piece's [10.9]) damage, and its expected result over
 * the 36 outcomes of 2d6. Read-only: nothing here changes the battle. */
#ifndef BATTLESIM_BS1E_MISSILE_H
#define BATTLESIM_BS1E_MISSILE_H

#include "battlesim/battle.h"
#include "battlesim/controller.h"
#include "battlesim/deriv.h"
#include "battlesim/sight.h"

/* A volley as the rules would fire it now (nothing rolled). */
struct bs1e_volley_plan {
	int legal;	  /* 1: it may be fired now */
	const char *why;  /* when not: the reason (static text) */
	const char *cite; /* and the rule */
	struct bs_tt_sight sight;
	int band;	       /* 0 short, 1 medium, 2 long [10.8] */
	struct bs_deriv ar;    /* the AR with its Table 13 terms */
	int ac;		       /* the target's AC (artillery: 5 or 10) */
	struct bs_dice damage; /* of one firing figure [8.4 C] */
	int figures;	       /* firing figures [8.4 E] */
	int cap;	       /* most figures it can remove: those seen */
	int ammo;	       /* -1 its own ammunition, k special [10.11] */
	int area_tenths;       /* [10.11] special ammunition's area */
	int harmless;	       /* [13.3] it cannot harm the target */
	/* [14.7] RULING R-736: 1 its damage doubled (a unit wholly hasted:
	 * "fire missiles ... for double damage"), -1 halved (wholly slowed:
	 * half attacks), 0 neither */
	int bonus_dmg;
	/* [14.7] RULING R-705: 1 when it fires on haste's "full move and
	 * also ... use missiles" (a unit wholly hasted that moved more than
	 * Table 12 allows this shot, no more than its MV): then not doubled */
	int haste_move;
	/* expected HD of damage done (tenths; only the figures it can
	 * remove count) over the 36 outcomes of 2d6 */
	double expected_hd;
	/* issue 14/15 RULING R-670: at an individual standing alone [9.2]
	 * [9.4 A]: his index (global, the battle's indivs) and the expected
	 * hit points of damage (4 a HD) over the 36 outcomes; -1 and 0 at a
	 * unit */
	int tindiv;
	double expected_hp;
};

/* Plan a volley of unit (side, unit) at (tside, tunit) of fire `kind`
 * with ammunition `ammo` (-1 the weapon's own; artillery: a special
 * ammunition's index), as the rules would check it now; `at` (may be
 * NULL) puts the target where a moment of its move has it (pass-through
 * fire [10.6]; then the firer's contact with that mover, which comes
 * after the shot, does not bar it: RULING R-477). out->legal 0 with the
 * rule when it may not be fired. */
void bs1e_volley_plan(const struct bs_battle *b, int side, int unit, int tside,
		      int tunit, enum bs_fire_kind kind, int ammo,
		      const struct bs_move_point *at,
		      struct bs1e_volley_plan *out);

/* Issue 14/15 [9.2] [9.4 A] [10.0] RULING: plan a volley of
 * unit (side, unit) at individual `tindiv` of side `tside` (a hero, or a
 * commander standing apart from his unit), as bs1e_volley_plan: the
 * figures that see him fire, at most 1 at a size S or M individual and 3
 * at a size L one, by the missile procedure against his AC, each HD of
 * damage 4 hit points. `at` (may be NULL): a moment of an enemy unit's
 * move [10.6]. */
void bs1e_volley_plan_indiv(const struct bs_battle *b, int side, int unit,
			    int tside, int tindiv, enum bs_fire_kind kind,
			    int ammo, const struct bs_move_point *at,
			    struct bs1e_volley_plan *out);

/* Shots unit (side, unit) may still fire this Game Round [10.2] (0 for a
 * unit that fires nothing); Table 12 may still forbid one now. */
int bs1e_shots_left(const struct bs_battle *b, int side, int unit);

/* The movement a unit that has fired `shots` shots this Game Round may
 * still make, as a fraction of its MV in sixths (6 full, 4 = 1/3 penalty,
 * 3 = 1/2 penalty, 0 none), or -1 when Table 12 gives no such number of
 * shots ([10.4] Table 12, RULING R-482). */
int bs1e_fire_move_sixths(const struct bs_battle *b, int side, int unit,
			  int shots);

#endif
