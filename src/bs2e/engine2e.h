/* The 2E engine's private interface (src/bs2e/): the per-battle scratch
 * (allocated once by the ruleset's init), event helpers and the steps of the
 * 2E sequence of play (RULING R-202) that the files share. Not installed;
 * tests may include it ("bs2e/engine2e.h"). */
#ifndef BS2E_ENGINE2E_H
#define BS2E_ENGINE2E_H

#include "battlesim/battle.h"
#include "battlesim/bs2e.h"
#include "battlesim/ground.h"
#include "battlesim/tabletop.h"
#include "battlesim/terrain.h"

#define BS2E_MAX_UNITS (BS_MAX_SIDES * BS_MAX_UNITS)
#define BS2E_ENGINE_MAX_FIGS 128

/* What the round loop keeps of a unit besides struct bs_unit_state. */
struct bs2e_ux {
	const struct bs2e_unit_stats *st;
	int indiv;		/* hero or commander (RULING R-219) */
	int first_cas_done;	/* RULING R-213: first casualty checked */
	int half_done;		/* RULING R-213: 50% casualties checked */
	int hits_step;		/* hits that stood against it this step */
	int lost_step;		/* figures it lost this step */
	int pending;		/* hits standing, to apply at the step's end */
	int declared;		/* RULING R-203: a charge declared */
	struct bs_order charge; /* the declared charge */
	int charge_bonus;	/* RULING R-211: x1 1/2 AD vs charge_target */
	int charge_target;	/* global index, -1 */
	int checks_step;	/* morale checks this step (one per step) */
};

struct bs2e_scratch {
	struct bs2e_ux *ux; /* nunits */
	int *dice;	    /* BS2E_MAX_DICE */
	int *per_die;	    /* BS2E_MAX_DICE */
	int *queue;	    /* morale checks to make: global indexes */
	int nqueue;
	unsigned char *qtrig;	   /* trigger of each queued check */
	int armor_equal_or_higher; /* option, RULING R-201 */
	int rally_to_good;	   /* option, RULING R-216 */
};

static inline struct bs2e_scratch *bs2e_sc(const struct bs_battle *b)
{
	return (struct bs2e_scratch *)b->scratch;
}

static inline int bs2e_in_play(const struct bs_battle *b, int g)
{
	return !(b->units[g].flags & BS_UF_REMOVED);
}

static inline int bs2e_routed(const struct bs_battle *b, int g)
{
	return (b->units[g].flags & BS_UF_ROUTED) != 0;
}

static inline int bs2e_gi(const struct bs_battle *b, int side, int unit)
{
	return b->side_first[side] + unit;
}

/* ---- battle.c ------------------------------------------------------------ */

/* The ruleset's set-up entry points (the table is in round.c). */
enum bs_status bs2e_ruleset_init(struct bs_battle *b, struct bs_diags *d);
void bs2e_ruleset_reset(struct bs_battle *b);
void bs2e_ruleset_release(struct bs_battle *b);

/* A fresh event of the battle's round and phase, with actor g and target
 * tg (global indexes, -1 none). */
void bs2e_ev(const struct bs_battle *b, struct bs_event *ev, enum bs_ev type,
	     int g, int tg);
void bs2e_note(struct bs_battle *b, int g, const char *what, const char *cite);
void bs2e_reject(struct bs_battle *b, int g, const char *why, const char *cite);

/* Shape, pose and quad of unit g as it stands. */
void bs2e_shape(const struct bs_battle *b, int g, struct bs_tt_shape *s);
void bs2e_pose(const struct bs_battle *b, int g, struct bs_tt_pose *p);
struct bs_quad bs2e_quad(const struct bs_battle *b, int g);
/* 1 when g and h touch (both in play); c filled when not NULL. */
int bs2e_contact(const struct bs_battle *b, int g, int h,
		 struct bs_tt_contact *c);
/* 1 when g touches an enemy in play. */
int bs2e_engaged(const struct bs_battle *b, int g);
/* Obstacles for a move of g: every other unit in play, and (walls 1)
 * four blocks just outside the table's edges (RULING R-214); map[i] the
 * global index of obstacle i (-1 for a wall). Returns how many. */
int bs2e_obstacles(const struct bs_battle *b, int g, int walls,
		   struct bs_quad *obst, int *map);
/* Unit g leaves play: why ("destroyed", "off the table"), end. */
void bs2e_remove(struct bs_battle *b, int g, enum bs_unit_end end,
		 const char *why, const char *cite);

/* ---- movement.c ---------------------------------------------------------- */

/* Carry out order o of unit g (checked as bs2e_check_order; an illegal
 * one is REJECTED and the unit holds). Returns 1 when carried out. */
int bs2e_move_unit(struct bs_battle *b, int g, const struct bs_order *o);
/* [2E Morale] retreat 4" away from the enemy (RULING R-214). */
void bs2e_retreat(struct bs_battle *b, int g);
/* RULING R-214: a routed unit flees (full MV toward its home edge, away
 * from the enemy); off the table it is removed. what: "routs", "flees". */
void bs2e_flee(struct bs_battle *b, int g, const char *what);

/* ---- round.c ------------------------------------------------------------- */

/* RULING R-204: the index of the side with the lowest of total[nsides]
 * (changed: the tied sides' rerolls from src decide; each reroll die is
 * added to dice[*ndice] while *ndice < maxdice); *rerolls how many. */
int bs2e_initiative_low(struct bs_dice_source *src, int nsides, int *total,
			int *rerolls, int *dice, int *ndice, int maxdice);
/* Queue a morale check of unit g with trigger t (once per step). */
void bs2e_queue_check(struct bs_battle *b, int g, enum bs2e_trigger t);
/* Make the queued checks (and those they cause). */
void bs2e_run_checks(struct bs_battle *b);

#endif
