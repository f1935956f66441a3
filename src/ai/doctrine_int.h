/* The doctrine AI's private interface between its files (src/ai/doctrine.c,
 * src/ai/doctrine_fire.c): the missile and artillery doctrine of the
 * Intermediate Game (issue 14, docs/AI.md "Missiles and artillery"). Not
 * installed. */
#ifndef BS_AI_DOCTRINE_INT_H
#define BS_AI_DOCTRINE_INT_H

#include "battlesim/ai.h"

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

#endif
