/* The doctrine AI's private interface between its files: doctrine.c (the
 * units, rallies, the commanders' places) and doctrine_heroes.c (issue 15:
 * heroes, deputies, the danger enemy heroes are to a commander). */
#ifndef BS_AI_DOCTRINE_INT_H
#define BS_AI_DOCTRINE_INT_H

#include "battlesim/battle.h"
#include "battlesim/controller.h"

/* [9.4] the move of hero (side, k), standing alone on the table, with its
 * reason in o->why (o comes with move 0 and no target). */
void bs_ai_hero_move(const struct bs_battle *b, int side, int k,
		     struct bs_indiv_order *o);

/* [9.0] [9.3] the side's changes of role: deputies and successors taking
 * over vacant posts. Returns how many (<= max). */
int bs_ai_roles(const struct bs_battle *b, int side, struct bs_role_order *out,
		int max);

/* [7.8] [7.12] a withdrawal of (side, k), standing alone and touching an
 * enemy: 3" away from what he touches, checked with the rules; 1 with
 * *o filled (reason left to the caller), 0 when none is possible. */
int bs_ai_indiv_withdraw(const struct bs_battle *b, int side, int k,
			 struct bs_indiv_order *o);

/* 1 when an enemy figure who could beat (side, k) in individual combat
 * could reach point p this round; *ds, *dk get him. */
int bs_ai_hero_danger(const struct bs_battle *b, int side, int k,
		      struct bs_vec p, int *ds, int *dk);

#endif
