/* Clerics and undead [14.19] (issue 16), the Advanced Game: who turns, at
 * what level, which undead a unit is, the check of an attempt in play
 * (src/bs1e/r14_undead.c); the DMG's matrix is bs1e_tables.h. */
#ifndef BATTLESIM_BS1E_UNDEAD_H
#define BATTLESIM_BS1E_UNDEAD_H

#include "battlesim/battle.h"
#include "battlesim/controller.h"

/* The level at which individual d turns undead: a cleric's level, a
 * paladin's less two from his 3rd level (PH), the higher when he has
 * both; 0 when he does not turn. *cls (may be NULL) gets "cleric" or
 * "paladin". */
int bs1e_turn_level(const struct bs_individual *d, const char **cls);

/* RULING R-585: an individual is evil when his race's alignment is (the
 * scenario gives an individual no alignment of his own). */
int bs1e_indiv_evil(const struct bs_individual *d);

/* RULING R-346: 1 when unit g (global) of a 1E battle is a target of
 * `side`'s attacks (missiles, spells, charges, melee, the doctrine's
 * targets): of another side and not undead in the service of an evil
 * cleric of `side` [14.19]; a charmed commander's unit stays a target of
 * the charming side [14.6 A]. Reads only. */
int bs1e_hostile(const struct bs_battle *b, int side, int g);

/* The DMG type of unit def's undead (enum bs_undead_type; RULING R-584: a
 * mixed unit is turned as its highest type), BS_UNDEAD_NONE when none. */
int bs1e_unit_undead_type(const struct bs_unit *def);

/* RULING R-582: the reach of a turning on the table, inches (the AD&D
 * 3" (30') converted by [14.2] Table 17; `annotated`: option
 * table17_annotated). */
double bs1e_turn_reach(int annotated);

/* The check of a turning attempt o of `side` now [14.19]: legal (1) or
 * not (0, why and cite). */
struct bs1e_turn_check {
	int legal;
	const char *why, *cite;
	int k;	     /* the cleric, global individual index */
	int g;	     /* the undead unit, global */
	int level;   /* his turning level */
	int type;    /* enum bs_undead_type */
	int cell;    /* the matrix cell: a score or BS1E_TURN_T ... */
	double dist; /* inches from his figure (his unit's block) */
};
int bs1e_check_turn(const struct bs_battle *b, int side,
		    const struct bs_turn_order *o, struct bs1e_turn_check *out);

/* 1 when cleric k (global individual index) may still try unit g (global)
 * this Game Round: no attempt of his at it failed, none made this round
 * [14.19]. */
int bs1e_turn_open(const struct bs_battle *b, int k, int g);

#endif
