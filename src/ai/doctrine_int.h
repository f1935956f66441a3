/* The doctrine AI's private interface between its files: doctrine.c (the
 * units, rallies, the commanders' places), doctrine_heroes.c (issue 15:
 * heroes, deputies, the danger enemy heroes are to a commander) and
 * doctrine_fire.c (issue 14: the missile and artillery doctrine of the
 * Intermediate Game, docs/AI.md "Missiles and artillery"). Not installed. */
#ifndef BS_AI_DOCTRINE_INT_H
#define BS_AI_DOCTRINE_INT_H

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/controller.h"

/* [9.4] the move of hero (side, k), standing alone on the table, with its
 * reason in o->why (o comes with move 0 and no target). */
void bs_ai_hero_move(const struct bs_battle *b, int side, int k,
		     struct bs_indiv_order *o);

/* [9.0] [9.3] the side's changes of role: deputies and successors taking
 * over vacant posts. Returns how many (<= max). */
/* [9.4] [10.0] RULING R-525: the fire_indiv callback: the heroes' shots
 * (doctrine_heroes.c). */
int bs_ai_hero_fire_cb(void *ctx, const struct bs_battle *b, int side,
		       struct bs_indiv_fire_order *out, int max);
/* [10.6] RULING R-549: the pass_through_indiv callback (docs/AI.md). */
int bs_ai_hero_pass_through_cb(void *ctx, const struct bs_battle *b, int side,
			       int mside, int munit,
			       const struct bs_move_point *path, int n,
			       struct bs_indiv_fire_order *out, int max);
int bs_ai_roles(const struct bs_battle *b, int side, struct bs_role_order *out,
		int max);
/* [14.19] the turn callback: the clerics' attempts to turn undead
 * (doctrine_undead.c, issue 16). */
int bs_ai_turn_cb(void *ctx, const struct bs_battle *b, int side,
		  struct bs_turn_order *out, int max);

/* Issue 16 [1.5 A] [14.1]: the cast callback, the casters' spells
 * (doctrine_magic.c, RULING R-577); and whether caster (side, k), standing
 * alone, stays where he is in the Movement Phase to cast (1 with *o
 * filled and its reason). */
/* [10.5] [13.7] RULING R-637: whether a lone breather's move o asks for
 * a split-fire breath (sets o->split), and the breath at the moment */
void bs_ai_split_ask(const struct bs_battle *b, int side, int indiv,
		     struct bs_indiv_order *o);
int bs_ai_split_breath_cb(void *ctx, const struct bs_battle *b, int side,
			  int indiv, struct bs_cast_order *out);
int bs_ai_cast_cb(void *ctx, const struct bs_battle *b, int side,
		  struct bs_cast_order *out, int max);
/* [14.1] [10.6] RULING R-339: the pass_through_cast callback
 * (doctrine_magic.c, docs/AI.md). */
int bs_ai_pass_through_cast_cb(void *ctx, const struct bs_battle *b, int side,
			       int mside, int munit,
			       const struct bs_move_point *path, int n,
			       struct bs_cast_order *out, int *at, int max);
int bs_ai_caster_stays(const struct bs_battle *b, int side, int k,
		       struct bs_indiv_order *o);
/* [13.7] RULING: the breathe callback, the units' breaths
 * (doctrine_magic.c). */
int bs_ai_breathe_cb(void *ctx, const struct bs_battle *b, int side,
		     struct bs_breath_order *out, int max);

/* [7.8] [7.12] a withdrawal of (side, k), standing alone and touching an
 * enemy: 3" away from what he touches, checked with the rules; 1 with
 * *o filled (reason left to the caller), 0 when none is possible. */
int bs_ai_indiv_withdraw(const struct bs_battle *b, int side, int k,
			 struct bs_indiv_order *o);

/* 1 when an enemy figure who could beat (side, k) in individual combat
 * could reach point p this round; *ds, *dk get him. */
int bs_ai_hero_danger(const struct bs_battle *b, int side, int k,
		      struct bs_vec p, int *ds, int *dk);

/* 1 when unit (side, unit) is missile troops for the doctrine: it fires a
 * missile weapon (bows, crossbows, slings, javelins: not a thrown melee
 * weapon) with ammunition left, or it is an artillery piece, in a battle
 * where missiles are played. */
int bs_ai_missile_troop(const struct bs_battle *b, int side, int unit);

/* The Movement Phase order of missile troops (side, unit), not in
 * contact: 1 with *o set (hold to shoot, or an artillery piece turning
 * toward an enemy in range); 0 when it is to advance as the doctrine
 * would, with its movement capped at *cap inches (Table 12: what leaves it
 * a shot) and *why the reason to log. */
int bs_ai_missile_order(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			int side, int unit, struct bs_order *o, double *cap,
			const char **why);

/* The controller's fire and pass_through callbacks (controller.h). */
int bs_ai_fire_cb(void *ctx, const struct bs_battle *b, int side,
		  enum bs_fire_kind kind, int call, struct bs_fire_order *out,
		  int max);
int bs_ai_pass_through_cb(void *ctx, const struct bs_battle *b, int side,
			  int mside, int munit,
			  const struct bs_move_point *path, int n,
			  struct bs_fire_order *out, int max);
/* [10.6] RULING R-695: the pass_through_at_indiv callback (docs/AI.md). */
int bs_ai_pass_through_at_indiv_cb(void *ctx, const struct bs_battle *b,
				   int side, int mside, int mindiv,
				   const struct bs_move_point *path, int n,
				   struct bs_fire_order *out, int max);

/* ---- terrain (issue 14 part 5: doctrine_terrain.c, docs/AI.md
 * "Terrain") ------------------------------------------------------------ */

struct bs_terrain_index;
struct bs_tt_outcome;

/* The battle's terrain as the doctrine plays it: 1E at the Intermediate
 * or Advanced Game with features (RULING R-309), else NULL (every hook
 * below then does nothing). */
const struct bs_terrain_index *bs_ai_terrain(const struct bs_battle *b);

/* RULING R-465 the point (side, unit) advances toward instead of goal
 * (its target's centre): the first corner of the shortest way around the
 * water it may not enter or the obstacles [11.8] its straight way
 * to its target (tside, tunit) crosses, while the target is beyond its
 * charge reach; 1 with *to and *why (static text) set, 0 (*to = goal) when it
 * goes straight. */
int bs_ai_terrain_route(const struct bs_battle *b, int side, int unit,
			int tside, int tunit, struct bs_vec goal,
			struct bs_vec *to, const char **why);

/* RULING R-466 a candidate end of (side, unit) (oc, its block at end)
 * refused by the ground: BS_AI_TERRAIN_HARD never taken (it ends at water
 * it may not enter; it leaves the higher ground with an enemy below in
 * charge reach that would gain more than `accept`, the exposure the
 * doctrine accepts), BS_AI_TERRAIN_SOFT only when nothing else will do (it
 * ends on an obstacle), 0 taken; *why the reason. */
#define BS_AI_TERRAIN_SOFT 1
#define BS_AI_TERRAIN_HARD 2
int bs_ai_terrain_refuse(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			 int side, int unit, const struct bs_tt_outcome *oc,
			 const struct bs_quad *end, double accept,
			 const char **why);

/* RULING R-467 a holding melee unit's waiting position: o (a hold with
 * no steps) becomes a move to cover from enemy missile troops or to
 * higher ground when enemies could charge it, with its reason, when one
 * the doctrine accepts is better than where it stands. */
void bs_ai_terrain_wait(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			int side, int unit, struct bs_order *o);

/* RULING R-600 missile troops (side, unit) with no enemy in range, while
 * the doctrine waits (its patience): 1 with *o set when it holds where
 * Table 13 covers it from the enemy missile troops, or steps (at most
 * `cap`, what leaves it a shot) up to a wall or hedge or the edge of
 * woods that covers it, from where it still shoots; 0 to advance as
 * before. */
int bs_ai_missile_cover(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			int side, int unit, double cap, struct bs_order *o);

/* RULING R-601 a commander of (side) standing alone going from `from` to
 * his place behind the line `goal`: 1 with *to set (a point of the straight
 * way a hair short of the first obstacle or water on it, within `near` of
 * goal) when he stops on this side rather than cross it; 0 to go on. */
int bs_ai_terrain_indiv_short(const struct bs_battle *b, int side, int indiv,
			      struct bs_vec from, struct bs_vec goal,
			      double near, struct bs_vec *to);

/* The doctrine's limits on a move of (side, unit) (doctrine.c): the
 * exposure to enemy charges it accepts and how far it may stand ahead
 * (progress toward the enemy). */
struct bs_ai_wait_limits {
	double accept, p_cap;
};
/* (missile troops: accept is the exposure they stand in now, issue 14:
 * they keep out of melee) */
void bs_ai_wait_limits(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		       int side, int unit, struct bs_ai_wait_limits *lim);
/* 1 when order c of (side, unit) is legal (the rules' check) and within
 * the doctrine's limits as an advance is: in command, not crowding
 * friends, no contact, within lim; *oc and *end (its block) set. */
int bs_ai_wait_ok(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		  int side, int unit, const struct bs_order *c,
		  const struct bs_ai_wait_limits *lim, struct bs_tt_outcome *oc,
		  struct bs_quad *end);

/* issue 13, for tests of the what-if memo (tests/unit/t_ai_whatif.c): a
 * new view of the table (what each callback does first: the what-if memo
 * emptied), and the doctrine's check of order o for (side, unit) in it
 * (try_order, R-140 [7.9]): its answer, the rules' outcome and, when
 * legal, the block where it ends (*end untouched otherwise). */
void bs_ai_look(struct bs_ai_doctrine *ai, const struct bs_battle *b);
int bs_ai_try_order(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		    int side, int unit, const struct bs_order *o,
		    struct bs_tt_outcome *oc, struct bs_quad *end);

/* Issue 13 part 2: the doctrine's distance from (side, unit) to the nearest
 * enemy unit in play in a new view of b (through the grid of the pair
 * table; with ai->exhaustive the scan of every unit: the same number).
 * For tests. */
double bs_ai_nearest_enemy(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			   int side, int unit);

#endif
