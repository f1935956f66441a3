/* The 1E engine's private interface: the per-battle scratch (allocated
 * once by the ruleset's init, never in the round loop), event helpers, and
 * the phases of the Sequence of Play [1.0] with the rules they
 * share (command [4.7], morale checks in play [4.3]-[4.5], rout [7.15],
 * melee [8.x]). Not installed; tests may include it ("bs1e/engine.h"). */
#ifndef BS1E_ENGINE_H
#define BS1E_ENGINE_H

#include <stdint.h>

#include "battlesim/battle.h"
#include "battlesim/bs1e_combat.h"
#include "battlesim/bs1e_heroes.h"
#include "battlesim/bs1e_morale.h"
#include "battlesim/bs1e_roster.h"
#include "battlesim/bs1e_undead.h"
#include "battlesim/spell.h"
#include "battlesim/ground.h"
#include "battlesim/tabletop.h"
#include "battlesim/terrain.h"

#define BS1E_MAX_UNITS (BS_MAX_SIDES * BS_MAX_UNITS)
#define BS1E_MAX_FIGS 128 /* figures a unit may have (the used mask) */
/* Obstacles of a move: every unit, in the Intermediate Game every
 * individual standing as a figure of his own [9.4] (issue 15), and the
 * four table edges (RULING R-374). In an obstacle map a value below
 * b->nunits is a unit (global index), nunits + k the individual of global
 * index k, -1 a table edge. */
#define BS1E_MAX_INDIVS (BS_MAX_SIDES * BS_MAX_INDIVIDUALS)
#define BS1E_MAX_OBST (BS1E_MAX_UNITS + BS1E_MAX_INDIVS + 4)

/* One attack that did damage this Melee Phase, applied at its end [8.0]. */
struct bs1e_hit {
	int from, to;	/* global unit indexes; from -1: an individual's, or
			   no unit's ([11.1] a spell on the mounts) */
	int from_indiv; /* the attacking individual (global index), or -1 */
	struct bs1e_casualties c;
	int share;    /* figures its removal took off [4.4] */
	int applied;  /* removed already ([11.7] set spears strike first) */
	int by_magic; /* the attack was magic: Table 5 [4.4] */
	int no_regen; /* [13.8] fire or acid: what it kills does not rise
			 (RULING) */
};

/* [13.8] RULING R-720: a regenerating figure killed, lying "dead" where
 * it fell: its base's centre and facing, the Game Round it fell in. */
struct bs1e_dead {
	struct bs_vec pos;
	double facing;
	int round;
};

/* Rules data of a unit that the round loop needs and struct
 * bs_unit_state does not carry. */
struct bs1e_unit_x {
	int regular;	  /* [2.8] regular (or elite / berserker [2.11]) */
	int skirmish;	  /* [2.9] */
	int mob;	  /* [2.10] */
	int berserker;	  /* [2.11] never closed, DL 0 */
	int infantry;	  /* on foot (for the mob support row of Table 4) */
	int mounting;	  /* enum bs1e_mounting: cavalry, chariots [11.1] */
	int mindless;	  /* [13.9] mindless undead: never check morale or
			     discipline */
	int magic_weapon; /* weapon in hand is magic [13.3] */
	/* [13.8] RULING R-605: its figures regenerate (every creature of
	 * one: a mixed unit's every part, rider and steed), the Game Rounds
	 * in a row it has taken no part in combat, and whether its Wound
	 * marker came of fire or acid (it does not regenerate) */
	int regenerates, calm, wound_noregen;
	/* [13.8] RULING R-720 .. R-723 (r13_regen.c): its regenerating
	 * figures killed and lying "dead" (ndead of them, in the order they
	 * fell), the figures risen this battle, and how many dead each of
	 * its own figures holds down this End of Game Round Phase (at most
	 * two, R-721) */
	struct bs1e_dead dead[BS1E_MAX_FIGS];
	int ndead, risen;
	unsigned char regen_hold[BS1E_MAX_FIGS];
	uint64_t hated[BS1E_MAX_UNITS / 64]; /* Table 7 hated enemies */
	int figs_phase; /* figures at the start of the Melee Phase */
	/* [9.3] its commander gave it up this round: out of command for the
	 * rest of the Game Round (the round number, 0 none) (issue 15) */
	int cmd_given_up;
	/* [14.7] RULING R-736: the Game Round it fired missiles for double
	 * damage under haste (0 none): no double melee damage then */
	int haste_fired;
	/* [14.6 A] RULING R-693: the Game Round through which it is out of
	 * command, its commander's charm over (0 none) (r14_charm.c) */
	int charm_out;
	/* [13.6] RULING R-556: 1 + the god (global individual) whose awe
	 * stuns it now, 0 none (r13_awe.c) */
	int awed;
	/* [13.9] RULING R-578: the last order it carried out in a Movement
	 * Phase (has_last 0: none yet), which a mindless unit out of command
	 * follows; RULING R-579: the friendly unit (global) it walked into
	 * on that order this Game Round and fights (rampage_round the round,
	 * 0 none) */
	struct bs_order last_order;
	int has_last, rampage, rampage_round;
	/* [14.6 A] RULING R-463: a mass charm's detachment: its commander's
	 * (the caster's) Command Radius, the spell's range, inches; 0 none */
	double mc_cr;
	uint64_t used[BS1E_MAX_FIGS / 64]; /* [8.1] designated this phase */
	int attacked; /* attacked by an enemy this Melee Phase */
	/* [13.7] (issue 16) RULING: its breath weapon's uses
	 * left today, and the Game Round it last breathed or tried to (its
	 * special Morale Check failed, RULING R-609; 0 never) */
	int breaths, breathed;
	/* [11.8] what the ground asks of it (its creatures' flags; the
	 * formation is set where it is used) */
	struct bs_tt_mover gm;
	/* the last shape and quad computed, with what they came from */
	struct bs_tt_shape c_shape;
	struct bs_quad c_quad;
	struct bs_vec c_front;
	double c_facing;
	int c_files, c_figures, c_cramped, c_valid;
	enum bs_formation c_form;
	unsigned c_ver;	     /* +1 at each recomputation (never reset) */
	struct bs_box c_box; /* bs_quad_box(&c_quad) (issue 13 part 2) */
};

/* The contact of a pair of units as last computed (battle.c
 * bs1e_contact), with the geometry versions (c_ver) of both it came from:
 * while neither unit's geometry changed, the same answer. */
struct bs1e_pairmemo {
	int g, h; /* -1: empty */
	unsigned vg, vh;
	int full;  /* c was filled (asked with a contact to fill) */
	int touch; /* the answer */
	struct bs_tt_contact c;
};
#define BS1E_PAIRMEMO 256 /* entries (a power of two) */

struct bs1e_pair {
	int a, b; /* global unit indexes: a melee [8.0] */
};

/* Where a simulated move stood after one of its steps (r07_movement.c). */
struct bs1e_mvsnap {
	struct bs_tt_shape s;
	struct bs_tt_pose p;
	double spent, run, straight, last_angle;
	int contact, last_adv, fdir;
	/* [11.8] the terrain paid so far (struct mv's) */
	double fixed, dist_plain;
	int road, on_obstacle, uphill, obstacles, climbed;
};

/* The last order simulated (r07_movement.c run_steps, nothing carried
 * out), step by step: everything the steps read (the unit's shape, pose,
 * MV, the obstacles ...) and the state after each step. An order whose
 * first steps are the same, from the same state, starts where those left
 * off (the AI tries several advances after the same wheel). Only a cache:
 * every input is compared, so it never goes stale. */
struct bs1e_simmemo {
	int valid;
	int g, n, fdir0, stands;
	int special;	/* [11.6] the shield wall's turns differ */
	double turn_mv; /* and what they may spend */
	unsigned flags;
	struct bs_tt_shape s0;
	struct bs_tt_pose p0;
	double mv, allowed;
	struct bs_quad obst[BS1E_MAX_OBST];
	int map[BS1E_MAX_OBST];
	int k; /* steps recorded */
	struct bs_step step[BS_ORDER_MAX_STEPS];
	struct bs1e_mvsnap after[BS_ORDER_MAX_STEPS];
};

/* Rules data of an individual (issue 15): his fighting numbers as a 1:1
 * figure, rated once at set-up from his [3.2] sheet. */
struct bs1e_indiv_x {
	struct bs1e_fighter f; /* [9.4 B] AD&D melee */
	int awed; /* [13.6] RULING R-556: 1 + the god stunning him, 0 none */
	int ar;	  /* [8.3] T9 base AR as a 1:1 figure [9.4 A] */
	struct bs_deriv ar_d; /* the same with its terms (the [3.2] sheet's) */
	double base;	      /* his counter: the side of a square, inches */
	int shots; /* [10.2] shots fired this Game Round (RULING R-526) */
	/* issue 16 [14.1] [14.3]: the spells he has left (left[] in the
	 * scratch's spell_left) and his saving throw numbers (his sheet's) */
	struct bs_spell_memory mem;
	int save[BS_SAVE__COUNT];
	struct bs_deriv save_d[BS_SAVE__COUNT];
	/* [10.2] RULING R-549: shot in the Initial Missile Phase, and as
	 * pass-through fire, this Game Round */
	int fired_initial, pass_through;
	/* [14.1] RULING R-336: he used magic as pass-through fire this Game
	 * Round: 1 a spell or a breath, 2 an item (0 none) */
	int pt_cast;
	/* [10.4] RULING R-550: the MV he spent moving this Game Round */
	double moved;
	/* [13.7] (issue 16) his breath weapon's uses left today */
	int breaths;
	/* [13.8] RULING R-724 (r13_regen.c): a regenerating race's AD&D
	 * melee rounds since he was first damaged (-1: not damaged yet),
	 * and the hit points fire and acid took (they do not regenerate) */
	int regen_rounds, burnt;
	/* [13.8] RULING R-725 .. R-727 (r13_regen.c): killed and lying
	 * "dead" where he fell, to rise (the Game Round he was killed in,
	 * -1 not lying); his killing blow was fire or acid (he does not) */
	int dead_round, fire_blow;
	/* [14.20] (RULING) by his items: the wand, staff or
	 * rod record of the catalog (NULL: another item) and its charges
	 * left */
	const struct bs_spell *item[BS_UNIT_MAX_ITEMS];
	int charges[BS_UNIT_MAX_ITEMS];
	/* [14.1] Q&A 127.66 (issue 16, RULING R-648 .. R-652): the sides
	 * whose individuals' missile fire hit him in step B of this
	 * Missile and Magic Phase (bit by side); his cast begun in step A
	 * that goes off after step B (its place in the order, 0 none) */
	unsigned struck_by;
	int casting;
	unsigned casting_by; /* the sides that beat his roll */
	struct bs_cast_order casting_o;
	/* [14.2] RULING R-718 (r14_chant.c): a spell of more than one Game
	 * Round under way: the Game Round it goes off (0 none), the round
	 * begun, his hit points then (struck since: disrupted), the order
	 * (its `why` not kept) */
	int long_end, long_begun, long_hp;
	struct bs_cast_order long_o;
	/* [14.7] RULING R-729: the chant he keeps up (NULL none), his hit
	 * points when it went off */
	const struct bs_spell *chant;
	int chant_hp;
	/* [13.5] RULING R-731: the levels (or hit dice) drained from him in
	 * individual combat this battle, and his numbers before the first
	 * (put back at the battle's reset) */
	int drained;
	struct bs1e_drain_keep {
		int thac0, ar, hp_max, rate_num, rate_den, fighter_level;
		int save[BS_SAVE__COUNT];
		struct bs_deriv ar_d, save_d[BS_SAVE__COUNT];
	} undrained;
};

struct bs1e_scratch {
	struct bs1e_unit_x *ux;	 /* nunits */
	struct bs1e_indiv_x *ix; /* nindivs (issue 15) */
	/* [9.3] posts in play (issue 15), by global individual index: who
	 * holds commander k's post now (k himself, a deputy or successor who
	 * took it over, -1 vacant), and the round from which a vacant post
	 * may be taken over */
	int *holder;
	int *vacant_from;
	struct bs1e_pair *pairs;
	int maxpairs;
	struct bs_melee *melees; /* maxpairs: the pairs for the order [1.6 B] */
	int *order;		 /* maxpairs: the order of the melees */
	struct bs1e_hit *hits;
	int maxhits;
	unsigned char *lost[BS_MAX_SIDES]; /* [4.10] per side individuals */
	unsigned char *tried_unit;	   /* [6.0] one attempt per unit */
	int *seq;			   /* movement sequence */
	struct bs1e_simmemo *memo;	   /* r07_movement.c */
	struct bs1e_pairmemo *pm;	   /* BS1E_PAIRMEMO, battle.c */
	int *spell_left; /* issue 16: every individual's mem.left, in one */
	/* [14.19] (issue 16) by cleric (global individual) x unit (global):
	 * an attempt failed (no more), the round of the last attempt */
	unsigned char *turn_failed;
	int *turn_round;
	/* [13.6] (issue 16) by fear unit x unit (global): its immediate
	 * check made; and an extra term of the next morale check (0 none)
	 * with its label and cite, for r07_rout.c's roll (r13_awe.c) */
	unsigned char *awe_done;
	int morale_extra;
	const char *morale_extra_label, *morale_extra_cite;
	/* issue 13 part 2: 1 while a Game Round is played (bs1e_round):
	 * every change of a unit's placement, facing, frontage, figures,
	 * formation or cramping calls bs1e_moved, so a cached geometry
	 * still marked valid is the unit's (battle.c geom_of); 0 outside
	 * rounds, where the cache compares every input (tests and callers
	 * may set a unit's state by hand) */
	int geom_trust;
	/* tests only (0 by init): bs1e_moved does nothing, so that a test
	 * sees the staleness every notification prevents */
	int geom_drop;
	/* issue 13 part 2: the pair table, kept during a round: bit h of
	 * row g (near + g * near_w words) set when the bounding boxes of g
	 * and h lie within BS_GEOM_TOUCH + 1e-6 of each other (the broad
	 * phase of bs1e_contact: units not near never touch); the rows of
	 * the units in near_dirty (notified since) redone when next read,
	 * every row at a round's start */
	uint64_t *near;
	uint64_t *near_dirty;
	int near_w;
	/* issue 13 part 2: the uniform grid that finds the candidates of a
	 * row of the pair table in time linear in the units near (battle.c
	 * grid_*): gw x gh square cells of side gcell from (0, 0), the
	 * table's; cell c's near_w words (grid + c * near_w) have bit k set
	 * when unit k's box, as last placed, meets the cell (the cells
	 * outside the table clamped onto its edge cells); gspan[k] the
	 * cells i0, i1, j0, j1 it was placed in (i0 < 0: none); offgrid the
	 * units placed in none (out of play, a box not finite), always
	 * candidates; cand near_w words of work */
	uint64_t *grid, *offgrid, *cand;
	int (*gspan)[4];
	int gw, gh;
	double gcell;
	/* issue 16 [14.6] [14.9] RULING R-620: the spell effects in force
	 * (r14_effects.c) */
	struct bs1e_effect *fx;
	int nfx, maxfx;
	/* issue 16 [14.7] the bonus and penalty spells in force
	 * (r14_bonus.c) */
	struct bs1e_bonus *bon;
	int nbon, maxbon;
	/* [14.1] Q&A 127.66 RULING R-648: the round of this Missile and
	 * Magic Phase's spell disruption roll (0: not rolled), the rank of
	 * each side by it (0 best), the casts begun (r14_cast.c) */
	int dis_round;
	int dis_rank[BS_MAX_SIDES];
	int dis_n;
	/* [14.1] RULING R-335: the moment of the pass-through cast going
	 * off (its CAST event says so), NULL otherwise */
	const struct bs_move_point *pt_at;
	/* [14.1] RULING R-707, R-708 (r14_precast.c): 1 while the spells
	 * pre-cast before the battle are cast (no range, sight or touch; no
	 * Game Round spent), and the Game Rounds of pre-casting deducted
	 * from the duration of the one being cast */
	int precasting;
	int precast_deduct;
};

static inline struct bs1e_scratch *bs1e_sc(const struct bs_battle *b)
{
	return (struct bs1e_scratch *)b->scratch;
}

/* issue 13 part 2: the notification that unit g's placement, facing,
 * frontage (files), figures, formation or cramping changed: its cached
 * shape, quad and box (battle.c geom_of) are worked out again when next
 * asked. Every rules write of those fields calls it (a staleness test,
 * tests/unit/t_pairs.c, and the dev build's check in geom_of catch one
 * left out). */
static inline void bs1e_moved(const struct bs_battle *b, int g)
{
	struct bs1e_scratch *sc = bs1e_sc(b);
	if (!sc->geom_drop) {
		sc->ux[g].c_valid = 0;
		sc->near_dirty[g / 64] |= 1ull << (g % 64);
	}
}

/* The next unit after h (h = -1: the first) that may touch unit g: during
 * a round the next one whose box lies near g's (the pair table), outside
 * rounds simply h + 1; b->nunits after the last. Every unit in contact
 * with g is among them, in ascending order, so a scan of all units for
 * contacts of g gives the same answers over these alone:
 *   for (int h = bs1e_near_next(b, g, -1); h < b->nunits;
 *        h = bs1e_near_next(b, g, h)) */
int bs1e_near_next(const struct bs_battle *b, int g, int h);

/* Start (on 1) or end (0) the trusted span of a Game Round: on 1, every
 * unit's cached geometry is compared with its state once (what changed
 * outside a round is caught there); returns how many were stale. */
int bs1e_geom_trust(const struct bs_battle *b, int on);

/* Units whose cached geometry is marked valid but differs from their
 * state (a notification left out): 0 always (tests). */
int bs1e_geom_stale(const struct bs_battle *b);

/* bs1e_moved for the ruleset table (bs_battle_unit_changed). */
void bs1e_moved_ruleset(struct bs_battle *b, int g);

static inline int bs1e_g(const struct bs_battle *b, int side, int unit)
{
	return b->side_first[side] + unit;
}

/* 1 when unit g is still on the table. */
static inline int bs1e_in_play(const struct bs_battle *b, int g)
{
	return !(b->units[g].flags & BS_UF_REMOVED);
}

/* [Part 3] terrain is an Intermediate Game rule (RULING R-309): the
 * battle's terrain index at `intermediate` and `advanced` when it has
 * features, else NULL (clear ground). */
static inline const struct bs_terrain_index *
bs1e_terrain(const struct bs_battle *b)
{
	return b->sc->level != BS_LEVEL_BASIC &&
		       bs_terrain_count(b->terrain) > 0
		   ? b->terrain
		   : NULL;
}

static inline int bs1e_routed(const struct bs_battle *b, int g)
{
	return (b->units[g].flags & BS_UF_ROUTED) != 0;
}

/* ---- battle.c: events and geometry helpers ------------------------------- */

/* A fresh event of the battle's round and phase. */
void bs1e_ev(const struct bs_battle *b, struct bs_event *ev, enum bs_ev type);

/* Emit a 2d10 check of unit g (MORALE, DISCIPLINE or RALLY; indiv the
 * rallying commander or -1): the rated number d, the dice, n[0] passed,
 * n[1] = n1 (Table 5 reasons, Table 7 reason, mob order), what and cite.
 * Does nothing when events are off. */
void bs1e_ev_check(struct bs_battle *b, enum bs_ev type, int g, int indiv,
		   const struct bs_deriv *d, int d1, int d2, int passed, int n1,
		   const char *what, const char *cite);
/* A NOTE event with text and cite about unit g (may be -1). */
void bs1e_note(struct bs_battle *b, int g, const char *what, const char *cite);
/* A NOTE event with text and cite about individual k (global). */
void bs1e_note_indiv(struct bs_battle *b, int k, const char *what,
		     const char *cite);
/* A NOTE of unit g about unit h (h -1: none). */
void bs1e_note_vs(struct bs_battle *b, int g, int h, const char *what,
		  const char *cite);
/* A REJECTED event. */
void bs1e_reject(struct bs_battle *b, int g, const char *why, const char *cite);

/* Shape, pose and quad of unit g. */
void bs1e_shape(const struct bs_battle *b, int g, struct bs_tt_shape *s);
void bs1e_pose(const struct bs_battle *b, int g, struct bs_tt_pose *p);
struct bs_quad bs1e_quad(const struct bs_battle *b, int g);
struct bs_vec bs1e_centre(const struct bs_battle *b, int g);
/* Store a shape and pose back into unit g. */
/* [11.8] a straight move of unit g (shape s at *p) of up to `budget`
 * inches of movement at `angle` off its facing, stopping at the obstacles
 * (units) and paying the ground when terrain is in force (RULING R-454):
 * *p moved, r->done the distance, r->cost the movement paid. Without
 * terrain: bs_tt_advance of `budget` inches. (r07_movement.c) */
void bs1e_ground_advance(const struct bs_battle *b, int g,
			 const struct bs_tt_shape *s, struct bs_tt_pose *p,
			 double budget, double angle,
			 const struct bs_quad *obst, int n,
			 struct bs_tt_step_result *r);

void bs1e_set_geom(struct bs_battle *b, int g, const struct bs_tt_shape *s,
		   const struct bs_tt_pose *p);
/* Obstacles: the quads of every unit in play but `skip` (and `skip2`),
 * with their global indexes in map. Returns how many. */
int bs1e_obstacles(const struct bs_battle *b, int skip, int skip2,
		   struct bs_quad *obst, int *map);
/* issue 13: bs1e_obstacles limited to the units whose bounding boxes
 * meet box `reach` (the same quads in the same order, the others left
 * out): read from the grid of the pair table during a round. A caller
 * widens reach by all its consumer can look at (r07_rout.c). obst may be
 * NULL (only map filled: bs1e_units_meeting). */
int bs1e_obstacles_reach(const struct bs_battle *b, int skip, int skip2,
			 const struct bs_box *reach, struct bs_quad *obst,
			 int *map);
/* bs1e_obstacles and, in the Intermediate and Advanced Games, every
 * individual on the table as a figure of his own but `skip_indiv` (global
 * index, -1 none) [9.4] (r09_figures.c); at most BS1E_MAX_OBST. */
int bs1e_obstacles_all(const struct bs_battle *b, int skip, int skip2,
		       int skip_indiv, struct bs_quad *obst, int *map);
/* bs1e_obstacles_all and the four table edges as walls (map -1, RULING
 * the obstacles of a unit's move. */
int bs1e_obstacles_all_walled(const struct bs_battle *b, int skip, int skip2,
			      int skip_indiv, struct bs_quad *obst, int *map);
/* bs1e_obstacles and the four table edges beyond it as walls (map -1):
 * RULING R-374, only routers leave the table, every other move and change
 * of formation stops at its edge. obst and map have room for
 * BS1E_MAX_OBST. */
int bs1e_obstacles_walled(const struct bs_battle *b, int skip, int skip2,
			  struct bs_quad *obst, int *map);

/* 1 when g and h (global) touch; *c filled when not NULL. */
int bs1e_contact(const struct bs_battle *b, int g, int h,
		 struct bs_tt_contact *c);
/* 1 when g touches any enemy in play. */
int bs1e_engaged(const struct bs_battle *b, int g);
/* 1 when an enemy touches g's rear (Table 4). */
int bs1e_enemy_in_rear(const struct bs_battle *b, int g);
/* The nearest enemy in play not routed; when there is none, a routed one
 * if routed_too, else -1. */
int bs1e_nearest_enemy(const struct bs_battle *b, int g, int routed_too);
/* RULING R-106: a cramped open unit spreads out when there is room. */
void bs1e_uncramp(struct bs_battle *b, int g);
/* Move g to a new formation (involuntary or not), emitting FORMATION. */
void bs1e_change_formation(struct bs_battle *b, int g, enum bs_formation f,
			   int involuntary, const char *why, const char *cite);

/* ---- r04_command_state.c --------------------------------------------------
 */

/* [4.7] the command status of every unit, with COMMAND events for the
 * changes (emit_all: every unit, at deployment). */
void bs1e_command_update(struct bs_battle *b, int emit_all);
/* Where individual `ind` of side stands (unit commanders: with their
 * unit [9.2]). */
struct bs_vec bs1e_indiv_pos(const struct bs_battle *b, int side, int ind);
/* Unit g is destroyed: removed, and [9.1 T11] fates of the individuals
 * with it, [9.3] deputies, Table 5 commander killed checks. */
void bs1e_unit_destroyed(struct bs_battle *b, int g, const char *what,
			 const char *cite);
/* [8.3] Table 10 note, [13.1]: the AR term of unit g attacking unit h
 * from their creatures' `to_hit_vs` (bs1e_to_hit_vs); label may be NULL
 * (r08_phase.c). */
int bs1e_unit_to_hit_vs(const struct bs_battle *b, int g, int h, char *label,
			size_t len);

/* 1 when the unit's own commander fights with it (Table 10 -1). */
int bs1e_commander_fighting(const struct bs_battle *b, int g);

/* ---- r05_initiative.c / r06_rally.c / r07_movement.c / r08_phase.c,
 * r10_missiles.c ---------------------------------------------------------- */

void bs1e_phase_initiative(struct bs_battle *b);
/* [5.1] each side rolls 1d`sides` (reason `why`), the tied sides reroll
 * among themselves (RULING R-100): order[] the sides best first; the dice
 * rolled in dice[] (*nd of them, at most BS_EV_MAX_DICE); returns the
 * rerolls. Also the spell disruption roll (r14_cast.c, RULING R-648). */
int bs1e_rank_sides(struct bs_battle *b, const struct bs_roll_why *why,
		    int sides, int *order, int *dice, int *nd);
/* [14.1] Q&A 127.66 (r14_cast.c, RULING R-648 .. R-653): spells disrupted
 * by missile fire. begin: at the Missile and Magic Phase's start; struck:
 * individual t (global) hit by a missile of `side` in step B; end: after
 * step B, the casts begun go off or are lost. */
void bs1e_disrupt_begin(struct bs_battle *b);
void bs1e_disrupt_struck(struct bs_battle *b, int t, int side);
void bs1e_disrupt_end(struct bs_battle *b);
/* r10_missiles.c: the Intermediate and Advanced Games' [1.2] Initial
 * Missile and [1.5] Missile and Magic Phases */
void bs1e_phase_initial_missile(struct bs_battle *b);
void bs1e_phase_missile_magic(struct bs_battle *b);
void bs1e_phase_rally(struct bs_battle *b);
void bs1e_phase_movement(struct bs_battle *b);
void bs1e_phase_melee(struct bs_battle *b);
void bs1e_phase_end(struct bs_battle *b);

/* [8.1] figures of g eligible to fight h now (not counting designations
 * already made this phase). */
int bs1e_melee_eligible(const struct bs_battle *b, int g, int h);

/* For the individuals' melee (r09_individual.c): the figures of g that may
 * fight across contact c [8.1]; designate (take 1) or count the figures
 * of list not yet designated this phase [8.1] (RULING R-131); whether g
 * fights at all ([6.4] routed, [8.8] fled); the adjusted AR of g attacking
 * at arc `arc` a target with or without a shield ([8.3] Table 10). */
int bs1e_melee_slots(const struct bs_battle *b, int g,
		     const struct bs_tt_contact *c, int *list);
int bs1e_melee_designate(struct bs_battle *b, int g, const int *list, int n,
			 int take);
int bs1e_unit_may_fight(const struct bs_battle *b, int g);
/* "D8", "D4 + D4 + D12", "D8 doubled + D4 + D4 [11.4]": the CRT columns
 * of plan p, the doubled ones marked and `dbl` (the rule that doubles
 * them, or NULL) after them; for events (r08_phase.c). */
void bs1e_attack_columns(const struct bs1e_attack_plan *p, const char *dbl,
			 char *buf, size_t len);
void bs1e_unit_melee_ar(const struct bs_battle *b, int g, enum bs_arc arc,
			int shield, struct bs_deriv *d);
/* [7.14] RULING R-174: charger `from` broke through `n` figures of g:
 * they are removed at once (LOSSES), g's block is put at *s, *p (the rest
 * closed up beside the path; NULL: its losses come off its rear as usual),
 * then the Table 5 checks [4.4]. */
void bs1e_break_losses(struct bs_battle *b, int g, int from, int n,
		       const struct bs_tt_shape *s, const struct bs_tt_pose *p);

/* [8.8] the free attack at -2 of h on fleeing g, losses applied now. */
void bs1e_free_attack(struct bs_battle *b, int h, int g);
/* [14.8] RULING R-344: the free melee attack of invisible unit g found in
 * base contact with enemy unit h, losses applied now; 1 when it attacked.
 */
int bs1e_invis_free_attack(struct bs_battle *b, int g, int h);
/* [14.8] RULING R-704: the free melee attack of invisible individual k
 * (global) found in base contact: one AD&D round of his blows at an enemy
 * individual he touches [9.4 B], else his attack on the figures of the
 * enemy unit he touches [9.4 A], its losses applied now; 1 when he
 * attacked (r09_individual.c). */
int bs1e_invis_indiv_free_attack(struct bs_battle *b, int k);

/* Apply hits on unit g at once [8.4 G] [8.7], then the Table 5 checks
 * they call for, in order [4.4]. */
void bs1e_apply_hits(struct bs_battle *b, int g, const struct bs1e_hit *h,
		     int n, const char *why);
/* The same with the LOSSES event's cite (missile fire: "[10.0] [8.7]"). */
void bs1e_apply_hits_cite(struct bs_battle *b, int g, const struct bs1e_hit *h,
			  int n, const char *why, const char *cite);

/* ---- r10_missiles.c: missiles and artillery [10.0]-[10.11] -------------- */

/* Rate what unit def fires with (sheet sh) into *m. */
void bs1e_rate_missile(const struct bs_scenario *sc, const struct bs_unit *def,
		       const struct bs1e_unit_sheet *sh,
		       struct bs_missile_rated *m);
/* A battle's start: ammunition, special ammunition, spare crew. */
void bs1e_missile_reset(struct bs_battle *b, int g);
/* A Game Round's start: no shot fired, the shots it is entitled to. */
void bs1e_missile_new_round(struct bs_battle *b, int g);
/* [10.4] Table 12: the inches unit g may still move in all this round
 * after the shots it fired (HUGE_VAL when it fired none). */
double bs1e_fire_mv_cap(const struct bs_battle *b, int g);
/* One volley of g at h (checked: REJECTED when illegal); `at`: the
 * moment of a move it is fired at [10.6] (or NULL). Returns 1 when
 * fired. */
int bs1e_fire(struct bs_battle *b, int g, int h, enum bs_fire_kind kind,
	      int ammo, const struct bs_move_point *at, const char *why);
/* Issue 14/15 [9.2] [9.4 A] RULING R-670: one volley of g at the
 * individual k (global) standing alone, as bs1e_fire. */
int bs1e_fire_indiv(struct bs_battle *b, int g, int k, enum bs_fire_kind kind,
		    int ammo, const struct bs_move_point *at, const char *why);
/* [10.10] unit g's crew figure is gone: a replacement takes over when it
 * has one (RULING R-488). Returns 1 when one did. */
int bs1e_replace_crew(struct bs_battle *b, int g);

/* A pass-through volley at a moment of a move [10.6]. */
struct bs1e_pt_order {
	int g, h; /* firer and target, global */
	int at;	  /* the moment */
	int ammo;
	const char *why;
	/* issue 15 RULING R-549: an individual's shot: k the individual
	 * (global; g is -1 then), at unit h or individual ti (global, the
	 * other -1); k -1: unit g's volley. Carried out by bs1e_pt_fire. */
	int k, ti;
	/* issue 16 [14.1] RULING R-335: pass-through magic: individual k's
	 * cast (is_cast 1, g h ti -1), carried out by bs1e_pt_cast */
	int is_cast;
	struct bs_cast_order cast;
};
/* 1 when some enemy of g might take pass-through fire at its move. */
int bs1e_pass_through_possible(const struct bs_battle *b, int g);
/* The controllers' pass-through volleys at g's move through path[0..n),
 * by moment (at most `max`). */
int bs1e_pass_through_orders(struct bs_battle *b, int g,
			     const struct bs_move_point *path, int npath,
			     struct bs1e_pt_order *out, int max);
/* Issue 15 [10.6] RULING R-674: 1 when some enemy unit (RULING R-698:
 * or enemy hero) might take pass-through fire at the move of individual
 * k (global) standing alone. */
int bs1e_indiv_pass_through_possible(const struct bs_battle *b, int k);
/* The controllers' (pass_through_at_indiv) volleys at individual k's move
 * through path[0..n), then (RULING R-698) the enemy heroes' shots
 * (pass_through_indiv, munit -1), checked in form, by moment (at most
 * `max`). */
int bs1e_indiv_pass_through_orders(struct bs_battle *b, int k,
				   const struct bs_move_point *path, int npath,
				   struct bs1e_pt_order *out, int max);

/* ---- r11_formations.c: cavalry and chariots in play [11.1] [11.4], the
 * special formations [11.6] [11.7] ------------------------------------- */

/* [11.1] n figures of cavalry or chariot unit g lost their rider or their
 * mount (or both): each is removed whole, "unable to fight", as a loss of
 * the unit with the Table 5 checks it calls for [4.4] (and the check for a
 * figure removed by magic when by_magic). `from`: the unit whose attack it
 * was (the unit routs away from it), -1 none (toward its own lines). For
 * the spells that kill only the mounts, or only the riders. */
void bs1e_mounted_lost(struct bs_battle *b, int g, int n, int from,
		       int by_magic, const char *why);

/* 1 when unit s is in Set Spears/Pikes formation on its edge `edge_s`
 * (enum bs_side_edge) [11.7]. */
int bs1e_set_on(const struct bs_battle *b, int s, int edge_s);

/* 1 when unit s's set spears meet unit c's charge: c charged s this Game
 * Round and touches s on an edge s has set (RULING R-541). */
int bs1e_set_against_charge(const struct bs_battle *b, int s, int c);

/* The arc of h that an attack on its edge `edge_h` strikes: a shield wall
 * in its circular or square form has no flank or rear [11.6]. */
enum bs_arc bs1e_arc_struck(const struct bs_battle *b, int h, int edge_h);

/* [11.4] the terms of an attack of unit g in the round it charged as
 * cavalry or chariots: the -2 added to *d (a term of 0 when the defender's
 * spears are `set` on the side struck), and the parts of its damage
 * against a defender of size L (`large`) or S/M that double (its lances);
 * *why gets "[11.4]" when any does, else NULL. Nothing when g is not
 * mounted or did not charge (`charged`: it counts as charging, as
 * BS_UF_CHARGED says in play, or the referee's odds suppose). */
unsigned bs1e_charge_terms(const struct bs_battle *b, int g, int large, int set,
			   int charged, struct bs_deriv *d, const char **why);

/* The Intermediate Game's terms of g's melee attack on h (g's edge edge_g
 * touching h's edge_h, enum bs_side_edge): [11.4] the cavalry charge -2
 * (none against spears set on that edge) and [11.6] h's shield wall (+2,
 * its AC 2 better) added to *d; returns the damage parts of g (bits)
 * that double: a lance in a cavalry or chariot charge [11.4], every part
 * of set spears against the charge they meet [11.7]. *why gets the cite
 * of the doubling (NULL when none). `charged`: g counts as charging
 * (bs1e_charge_terms). */
unsigned bs1e_melee_terms(const struct bs_battle *b, int g, int h, int edge_g,
			  int edge_h, int charged, struct bs_deriv *d,
			  const char **why);

/* [11.6] the AC bonus (2, or 0) unit h's shield wall gives against a melee
 * attack on its arc `arc` (as bs1e_arc_struck gives it). */
int bs1e_shield_wall_melee(const struct bs_battle *b, int h, enum bs_arc arc);

/* [11.6] shield wall AC vs missiles: the AC bonus (4, or 0) unit g's
 * shield wall gives against a missile attack shot from point `from`: 4
 * against normal missiles that strike its front (any side of the square
 * form); none against artillery, from above (RULING R-535) or on a flank
 * or the rear. RULING R-536: this is the Table 13 "+4 ... in Shield Wall
 * formation" too: apply it once, as AC or as that row, not both. */
int bs1e_shield_wall_missile_ac(const struct bs_battle *b, int g,
				struct bs_vec from, int artillery,
				int from_above);

/* bs1e_shield_wall_missile_ac with g's block at *q (where a pass-through
 * moment has it [10.6]) rather than where it stands. */
int bs1e_shield_wall_missile_ac_at(const struct bs_battle *b, int g,
				   const struct bs_quad *q, struct bs_vec from,
				   int artillery, int from_above);

/* What a Movement Phase order does to the unit's special formation
 * [11.6] [11.7], worked out before it moves (r07_movement.c). */
struct bs1e_special_plan {
	int special;	  /* enum bs_special in force while it moves */
	unsigned sides;	  /* set spears: the sides (bits) */
	int changes;	  /* 1: the order changes it (event, cost) */
	double cost;	  /* MV the declaration spends [11.6] [11.7] */
	double mv_factor; /* 1, or 1/2 in a shield wall [11.6] */
	int may_move;	  /* 0: no movement step at all */
	double turn_mv;	  /* a shield wall's change of facing: MV it may
			     spend (its whole rate) [11.6] */
	const char *what; /* the event's text when it changes */
	const char *why;  /* illegal: why, NULL when legal */
	const char *cite; /* the rule */
};

/* The plan of order o of unit g with `allowed` inches of movement (its
 * MV, less gap debt): legal or not (why, cite). Reads only. */
void bs1e_special_plan(const struct bs_battle *b, int g,
		       const struct bs_order *o, double allowed,
		       struct bs1e_special_plan *p);

/* Carry out plan p of unit g (an order found legal): the special
 * formation set or given up, its cost spent, the SPECIAL event. */
void bs1e_special_apply(struct bs_battle *b, int g,
			const struct bs1e_special_plan *p);

/* Unit g leaves its special formation (why, cite) when it has one: the
 * SPECIAL event. */
void bs1e_special_end(struct bs_battle *b, int g, const char *why,
		      const char *cite);

/* The special formation of unit g still holds: ended (with its event)
 * when g left closed formation, routed or left the table, or (set
 * spears) has a weapon in hand that cannot be set [11.6] [11.7]
 * (RULING R-539). Called wherever those change. */
void bs1e_special_hold(struct bs_battle *b, int g);

/* ---- r07_rout.c ------------------------------------------------------------
 */

/* A morale check of unit g now [4.3] with its Table 4 situation, Table 5
 * reasons (bits) and extra Table 4 rows the cause brings; the effect
 * [4.5] applied (open formation, or a rout away from `cause`). Returns 1
 * when passed. */
int bs1e_morale_check(struct bs_battle *b, int g, unsigned t5, unsigned t4x,
		      struct bs_vec cause, const char *cite);
/* The same roll without the [4.5] effect, for a check whose rule names
 * its own consequence ([7.13]): what_failed is the MORALE event's text
 * when it fails. Returns 1 when passed. */
int bs1e_morale_roll(struct bs_battle *b, int g, unsigned t5, unsigned t4x,
		     const char *cite, const char *what_failed);
/* A discipline check of unit g [4.6] for Table 7 reason; a failure puts
 * the unit out of command (a COMMAND event; into open formation) and on
 * an uncontrolled attack on enemy `target` (global; -1: the nearest
 * enemy). Returns 1 when passed. */
int bs1e_discipline_check(struct bs_battle *b, int g, enum bs1e_t7 reason,
			  int target);
/* [4.6] 1 while unit g's uncontrolled attack goes on: it failed a
 * discipline check and its enemy is neither routed nor destroyed, nor is
 * it routed itself; when that attack has just ended, it is ended here (a
 * NOTE) and 0 is returned. */
int bs1e_disc_attacking(struct bs_battle *b, int g);
/* [13.9] RULING R-578: 1 when unit g is mindless undead out of command in
 * the Advanced Game: no order is asked for it, it follows its last one
 * (r07_movement.c). */
int bs1e_mindless_follows(const struct bs_battle *b, int g);
/* [13.9] RULING R-579: the friendly unit (global) mindless unit g walked
 * into on its last order this Game Round and fights in the Melee Phase,
 * -1 none. */
int bs1e_rampage_target(const struct bs_battle *b, int g);
/* [7.15] unit g routs: first 1, MV + 1/3 MV away from *cause and toward
 * its own lines; first 0, it keeps routing [6.4] its MV, away from *cause
 * or (cause NULL) in the direction it was going. */
void bs1e_rout(struct bs_battle *b, int g, const struct bs_vec *cause,
	       int first, const char *what);
/* [7.15] [6.4] routed unit g's rout move of its side's Movement Phase
 * (its MV the way it was going), with the enemy's pass-through fire at
 * its moments [10.6] (RULING R-457). */
void bs1e_rout_move(struct bs_battle *b, int g);

/* ---- r09_figures.c: individuals on the table (issue 15) -------------------
 * The Intermediate and Advanced Games' heroes and commanders as 1:1
 * figures without bases [2.3] [9.2] [9.4]; nothing of it at `basic`. */

/* 1 when heroes and separate commanders are figures on the table: the
 * scenario's level is intermediate or advanced [Part 3]. */
static inline int bs1e_indivs_in_play(const struct bs_battle *b)
{
	return b->sc->level != BS_LEVEL_BASIC;
}

/* 1 when obstacle map value m is an individual; his global index. */
static inline int bs1e_obst_indiv(const struct bs_battle *b, int m)
{
	return m >= b->nunits ? m - b->nunits : -1;
}
/* The side of obstacle map value m. */
static inline int bs1e_obst_side(const struct bs_battle *b, int m)
{
	if (m < 0)
		return -1; /* a table edge (RULING R-374) */
	return m >= b->nunits ? b->indivs[m - b->nunits].side
			      : b->units[m].side;
}

/* Individual k (global index) stands on the table as a figure of his own:
 * the Intermediate Game, alive, not lost, not with a unit. */
int bs1e_indiv_figure(const struct bs_battle *b, int k);
/* A counter of side w at point p (RULING R-500: square to the table). */
struct bs_quad bs1e_counter_at(struct bs_vec p, double w);
/* The counter of individual k (global index) where he stands. */
struct bs_quad bs1e_indiv_quad(const struct bs_battle *b, int k);
/* Set-up and reset of the individuals' state of play: hit points, role,
 * rank, targets (battle.c calls them). */
void bs1e_indivs_rate(struct bs_battle *b);
void bs1e_indivs_reset(struct bs_battle *b);
/* [9.0] the changes of role of `side`, declared at the beginning of its
 * Movement Phase; then its individuals' moves [7.7] [9.4]. */
void bs1e_roles_phase(struct bs_battle *b, int side);
void bs1e_indivs_move(struct bs_battle *b, int side);
/* A lone figure that a unit's block now covers (a router, an involuntary
 * change of formation) steps aside to the nearest clear place (RULING
 * R-502); called as each phase ends. */
void bs1e_indivs_make_way(struct bs_battle *b);
/* 1 when unit g touches an enemy individual standing as a figure; *k
 * (may be NULL) gets the first (global index). */
int bs1e_unit_touches_indiv(const struct bs_battle *b, int g, int *k);
/* Individual k (global) is killed (by side `by`, -1 none): out of play,
 * his post vacant [9.3]; HP event. */
void bs1e_indiv_killed(struct bs_battle *b, int k, int by, const char *what,
		       const char *cite);
/* [9.1] at the end of the battle: the wounded or stunned individuals of
 * destroyed units captured by the side that holds the area where they
 * fell (the verdict's at_over). */
void bs1e_indivs_capture(struct bs_battle *b);

/* ---- r09_individual.c: the Melee Phase of individuals (issue 15) ---------
 */

/* [9.4 B] individual combat between 1:1 figures in contact (three AD&D
 * melee rounds), then [9.4 A] character vs figure combat both ways: the
 * heroes' hits on figures go to the phase's hits (s->hits, *nh), the
 * figures' damage to the individuals waits for the end of the phase. */
void bs1e_indivs_melee(struct bs_battle *b, int *nh);

/* [9.4 B] the DUEL event of one AD&D attack of individual k on t, a blow
 * or a shot: the d20 against its derivation dn, hit or miss, damage (raw
 * the dice), t's hit points left; n0 and nth its n[0] and n[5]. The
 * caller adds what differs (weapon, cite, a shot's band) and emits it. */
void bs1e_duel_event(const struct bs_battle *b, struct bs_event *ev, int k,
		     int t, const struct bs_deriv *dn, int d20, int hit,
		     int dmg, int raw, int n0, int nth);
/* ---- r09_missiles.c: heroes who shoot (issue 15) ----------------------- */

/* [1.5 B] [9.4] [10.0] RULING R-525..R-528: the shots of side's
 * individuals that its controller orders (fire_indiv), after its units'
 * volleys; kind BS_FIRE_PHASE, or BS_FIRE_INITIAL in the Initial Missile
 * Phase [1.2] [10.2] (RULING R-549). */
void bs1e_heroes_fire(struct bs_battle *b, int side, enum bs_fire_kind kind);
/* [10.4] Table 12 RULING R-550: the inches of MV figure k may still spend
 * this round after the shots he fired (HUGE_VAL when he fired none). */
double bs1e_indiv_t12_mv_left(const struct bs_battle *b, int k);
/* [10.6] RULING R-549: 1 when an enemy individual of unit g might take
 * pass-through fire at its move. */
int bs1e_heroes_pt_possible(const struct bs_battle *b, int g);
/* [10.6] RULING R-549: the individuals' pass-through shots at g's move
 * through path[0..n), from the controllers' pass_through_indiv, checked
 * in form (at most one per individual); at most `max`. */
int bs1e_heroes_pt_orders(struct bs_battle *b, int g,
			  const struct bs_move_point *path, int npath,
			  struct bs1e_pt_order *out, int max);
/* Issue 15 [10.6] RULING R-698: the same at the own move of lone
 * individual k (global): 1 when an enemy individual might shoot at it;
 * the shots from pass_through_indiv asked with munit -1 (the moments name
 * him, R-674). */
int bs1e_heroes_pt_possible_at_indiv(const struct bs_battle *b, int k);
int bs1e_heroes_pt_orders_at_indiv(struct bs_battle *b, int k,
				   const struct bs_move_point *path, int npath,
				   struct bs1e_pt_order *out, int max);
/* [10.6] a pass-through order at moment `at` (the mover stopped there):
 * unit g's volley (bs1e_fire) or individual k's shot. */
void bs1e_pt_fire(struct bs_battle *b, const struct bs1e_pt_order *o,
		  const struct bs_move_point *at);
/* [10.6] an order not carried out: a NOTE (reject 0) or a REJECTED of
 * its firer, unit or individual. */
void bs1e_pt_skip(struct bs_battle *b, const struct bs1e_pt_order *o,
		  int reject, const char *why, const char *cite);
/* Issue 16 [14.0] [14.1] RULING R-335 .. R-338 (r14_cast.c): pass-through
 * magic. 1 when record sp may be used as pass-through fire; 1 when an
 * individual of another side than mside may still cast pass-through this
 * round; the controllers' pass_through_cast orders at the move of unit
 * (mside, munit), or with munit -1 of lone individual path[0].indiv,
 * checked in form (one a caster); the cast of order o at moment `at`,
 * the mover placed there (every check of bs1e_check_cast). */
int bs1e_casts_pt_possible(const struct bs_battle *b, int mside);
int bs1e_casts_pt_orders(struct bs_battle *b, int mside, int munit,
			 const struct bs_move_point *path, int npath,
			 struct bs1e_pt_order *out, int max);
void bs1e_pt_cast(struct bs_battle *b, const struct bs1e_pt_order *o,
		  const struct bs_move_point *at);
/* [14.1] RULING R-336: why individual k (global), having used magic as
 * pass-through fire this round, may not move (or his unit), NULL when he
 * may; *half the MV he may still move when it is an item's half (-1:
 * none). */
const char *bs1e_pt_cast_no_move(const struct bs_battle *b, int k,
				 double *half);

/* ---- r14_undead.c: clerics and undead (issue 16) ----------------------- */

/* [1.5 A] [14.19] RULING R-581: step A of the Missile and Magic Phase,
 * each side in turn: the turning attempts its controller orders (turn). */
void bs1e_phase_turning(struct bs_battle *b);

/* ---- r13_awe.c: awe and fear (issue 16) -------------------------------- */

/* [13.6] RULING R-556: a god's awe: every unit and individual in sight of
 * a divine being (`divine:`) of Charisma 19 or higher on the table, on
 * both sides, is stunned into inaction (held, as R-623, without a save or
 * a marker) while he is present; recomputed as each phase begins and
 * ends, a NOTE when one is stunned or freed. */
void bs1e_divine_awe(struct bs_battle *b);
/* Clear the awe's state (a new battle). */
void bs1e_divine_reset(struct bs_battle *b);
/* 1 + the god whose awe stuns unit g (global) / individual k, 0 none. */
int bs1e_unit_awed(const struct bs_battle *b, int g);
int bs1e_indiv_awed(const struct bs_battle *b, int k);

/* [13.6] RULING R-587: after each phase of the Advanced Game, every enemy
 * unit within 12" of a unit whose creatures cause awe or fear, and not
 * checked for it yet, makes its immediate Morale Check. */
void bs1e_awe_checks(struct bs_battle *b);
/* [13.8] RULING R-605, at the End of Game Round (r13_awe.c): a unit whose
 * figures regenerate and that has taken no part in combat for two Game
 * Rounds in a row loses its Wound marker (not one of fire or acid). */
void bs1e_regenerate(struct bs_battle *b);
/* [13.8] RULING R-720 (r13_regen.c): n of the figures removed from unit g
 * (it had `before`, standing as s0 at p0) were killed by what they
 * regenerate from: at the Advanced Game, when its figures regenerate,
 * they lie "dead" where they stood (its last figures, the ones taken
 * off), to rise two Game Rounds later. Called where figures are removed
 * (r08_phase.c losses). */
/* [13.8] RULING R-724 (r13_regen.c): the individuals' regeneration set
 * up for a battle (battle.c, after bs1e_indivs_reset); hp hit points
 * individual k (global) lost to fire or acid (r14_cast.c). */
void bs1e_regen_reset(struct bs_battle *b);
void bs1e_regen_burnt(struct bs_battle *b, int k, int hp);
/* [13.8] RULING R-725: the blow about to kill individual k is fire or acid
 * (he will not rise); individual k was just killed (bs1e_indiv_killed):
 * one of a regenerating race standing alone lies dead, to rise. */
void bs1e_regen_fire_blow(struct bs_battle *b, int k);
void bs1e_regen_indiv_fell(struct bs_battle *b, int k);
void bs1e_regen_fell(struct bs_battle *b, int g, const struct bs_tt_shape *s0,
		     const struct bs_tt_pose *p0, int before, int n);

/* [8.4 G] at the end of the Melee Phase: the damage the figures did to
 * individuals is taken; who reaches 0 hit points dies. */
void bs1e_indivs_melee_end(struct bs_battle *b);

/* [13.3] RULING R-730: 1 when individual k's (global) race is hit only by
 * magic weapons (the catalog's `magic_to_hit`). */
int bs1e_indiv_magic_to_hit(const struct bs_battle *b, int k);
/* [13.3] [13.5] [4.4 T5] RULING R-733: what the enemy individuals
 * standing alone that touch unit g are, to its end-of-melee checks and
 * its Table 4 row: BS1E_IC_* bits; *cause (may be NULL) gets where the
 * first of them stands. */
enum {
	BS1E_IC_UNDEAD = 1u << 0,
	BS1E_IC_DRAIN = 1u << 1,
	BS1E_IC_UNHARMABLE = 1u << 2, /* g's weapon in hand cannot harm him */
};
unsigned bs1e_indiv_contact_marks(const struct bs_battle *b, int g,
				  struct bs_vec *cause);
/* [13.5] RULING R-731: individual t (global) loses a level (a monster a
 * hit die) to a drainer of side `by`: his THAC0, AR, saving throws,
 * attacks and hit points are those of the level below; drained of his
 * last he dies (hp 0). 1 when he had a level to lose. */
int bs1e_indiv_drain(struct bs_battle *b, int t, int by, const char *cite);
/* RULING R-731: the numbers of the individuals drained in the last
 * battle, put back (the reset of a battle, before the hit points). */
void bs1e_indivs_drain_reset(struct bs_battle *b);

/* ---- r14_cast.c: the play of [14.5] spells (issue 16) ------------------ */

/* At the battle's making: each individual's memory of spells and saving
 * throw numbers (-1 out of memory); at each reset, everything memorized
 * is left again [14.1]. */
int bs1e_cast_init(struct bs_battle *b);
void bs1e_cast_reset(struct bs_battle *b);
struct bs1e_cast_plan;
/* [13.7] r13_breath.c: every breather's uses a day (at the battle's start
 * and each reset); a breath order's check, after the caster's own
 * (RULING R-641: returns p->legal, p->level 1, p->breath_hp his hit
 * points); one breath spent. */
void bs1e_breath_reset(struct bs_battle *b);
int bs1e_check_breath(const struct bs_battle *b, struct bs1e_cast_plan *p);
void bs1e_breath_spend(struct bs_battle *b, int k);
/* [13.7] [14.1] RULING .. R-609: the breath weapon of unit g
 * (global) when every creature of its figures has it (NULL none); the
 * breaths of `side`'s units in step A (its controller's `breathe`). */
const struct bs_spell *bs1e_unit_breath(const struct bs_battle *b, int g);
void bs1e_unit_breaths(struct bs_battle *b, int side);
/* r14_cast.c: the target, area, range and sight of plan p of `side` for
 * order o's target (after the caster's own checks; RULING R-573 ..
 * ); returns p->legal. Reads only. */
int bs1e_cast_aim(const struct bs_battle *b, int side,
		  const struct bs_cast_order *o, struct bs1e_cast_plan *p);
/* r14_cast.c: carry out legal plan p of a unit's breath (p->k -1, p->g
 * the unit: RULING R-645): its CAST events, the figures and individuals
 * of its area struck [14.5]; `why` the controller's reason. */
void bs1e_unit_breath_run(struct bs_battle *b, struct bs1e_cast_plan *p,
			  const char *why);
/* [1.5 A] step A of the Missile and Magic Phase for `side`: its
 * controller's casts (the `cast` callback), each checked when its turn
 * comes (bs1e_check_cast) and resolved at once [14.1]. The Advanced Game
 * only. */
void bs1e_casts(struct bs_battle *b, int side);
/* [14.2] RULING R-718 (r14_chant.c): casting times of more than one
 * Game Round. begin: legal plan p (not failing) of order o begins (its
 * `begins` CAST event; he is busy); step: at the start of `side`'s step A,
 * its casters' spells under way are disrupted, or go off in their last
 * Game Round; new_round: the busy casters cast nothing else and command
 * nothing [9.2] this Game Round; reset: none under way. */
void bs1e_long_begin(struct bs_battle *b, const struct bs1e_cast_plan *p,
		     const struct bs_cast_order *o);
void bs1e_long_step(struct bs_battle *b, int side);
void bs1e_long_new_round(struct bs_battle *b);
void bs1e_long_reset(struct bs_battle *b);
/* [14.7] RULING R-728, R-729 (r14_chant.c): chant. begin: plan p of a
 * spell of duration concentration went off (his hit points kept); check:
 * as each phase begins, a chant whose caster moved, was struck, touches
 * an enemy, is held, charmed, afraid or gone ends; stop: it ends now (he
 * casts or begins another spell), `why` in a note. In r14_bonus.c: its
 * effects end (end_of) with their `ends` events; an individual's damage
 * bonus a blow (indiv_damage, its term in *d, may be NULL); the Game
 * Rounds of an effect that lasts while he chants. */
void bs1e_chant_begin(struct bs_battle *b, const struct bs1e_cast_plan *p);
void bs1e_chant_check(struct bs_battle *b);
void bs1e_chant_stop(struct bs_battle *b, int k, const char *why);
void bs1e_bonus_end_of(struct bs_battle *b, int k, const struct bs_spell *sp);
int bs1e_bonus_indiv_damage(const struct bs_battle *b, int t,
			    struct bs_deriv *d);
#define BS1E_WHILE_CHANTING 1000000
/* A fresh CAST event of plan p's caster (docs/EVENTS.md): n[0] n0 (0 the
 * cast, 1 a unit struck, 2 an individual struck), the target unit g or
 * individual t (global; -1 none), the spell's name. */
struct bs1e_cast_plan;
struct bs1e_figure_saves;
void bs1e_cast_event(const struct bs_battle *b, struct bs_event *ev,
		     const struct bs1e_cast_plan *p, int n0, int g, int t);
/* [14.3] the saving throw number of unit g's creatures against sp (its
 * derivation into *d, may be NULL). */
int bs1e_cast_unit_save(const struct bs_battle *b, int g,
			const struct bs_spell *sp, struct bs_deriv *d);
/* [14.3] n saving throws of figures of unit g (number, mod; the optional
 * 20-figure rule by option mass_saves): each[] (may be NULL) as
 * bs1e_figure_saves, the d20s into rec[0..BS1E_MAX_FIGS). 0, -1 when the
 * dice failed. */
int bs1e_cast_figure_saves(struct bs_battle *b, int g, int n, int number,
			   int mod, signed char *each, int *rec,
			   struct bs1e_figure_saves *fs);

/* r14_cast.c: the REJECTED event of a cast of individual `indiv` of
 * `side`: `what` the rule's reason, `cite`, `why` (may be NULL) the
 * circumstance. */
void bs1e_cast_reject(struct bs_battle *b, int side, int indiv,
		      const char *what, const char *cite, const char *why);

/* ---- r14_precast.c: spells pre-cast before the battle [14.1] --------- */

/* [14.1] RULING R-707 .. R-709: before round 1, each individual's
 * `precast:` spells in side order, in the order written, cast through
 * the play of magic (bs1e_check_cast, bs1e_cast_run) with the caster's
 * pre-casting time deducted from their durations; a CAST event `step`
 * `precast` before each (docs/EVENTS.md). */
void bs1e_precast(struct bs_battle *b);

/* ---- r14_effects.c: spell effects with durations (issue 16) ------------ */

/* One effect in force (RULING R-620): an enum bs_spell_effect, the caster
 * and spell, the figures of unit g or individual t (global, -1), the Game
 * Rounds left (this one counted) and the round it was cast in. */
struct bs1e_effect {
	enum bs_spell_effect kind;
	const struct bs_spell *sp;
	int k;
	int g, t;
	int figs;
	int left;
	int round;
	/* [14.6 B] RULING R-629: End of Game Round Phases in a row a sleep's
	 * figures had a friend in base contact */
	int contact;
	/* [14.9] RULING R-676: where an individual's fear came from (the
	 * caster's place at the cast): he flees away from it */
	struct bs_vec from;
	/* [14.8] RULING R-634: an invisible individual found (placed, open
	 * to attack); RULING R-635: the Game Round his invisibility broke
	 * (he attacked), 0 while it holds: gone at that round's end */
	int found;
	int broke;
	/* [13.4] RULING R-714: a creature's paralysis has no caster (sp
	 * NULL, k -1): the paralyzing creature and its source, unit src_g
	 * or individual src_t (global; -1 the other) */
	const struct bs_creature *cr;
	int src_g, src_t;
};
/* The figures of unit g (global) held now [14.6 B] (at most its
 * figures); whether individual k (global) is held. */
int bs1e_fx_held(const struct bs_battle *b, int g);
int bs1e_fx_indiv_held(const struct bs_battle *b, int k);
/* [14.9] RULING R-676: whether individual k (global) flees from a fear
 * spell; 1 with *from (may be NULL) where it came from. */
int bs1e_fx_indiv_afraid(const struct bs_battle *b, int k, struct bs_vec *from);
/* RULING R-623: of n figures of unit g that would attack, those that may
 * (its held figures taken off, at least 0). */
int bs1e_fx_active(const struct bs_battle *b, int g, int n);
/* RULING R-675: individual t (global) attacked: his sleep ends (a CAST
 * event, `step` `ends`); a hold does not. */
void bs1e_fx_wake(struct bs_battle *b, int t);
/* [1.7] RULING R-620: every effect loses a Game Round; those at none end
 * (a CAST event, `step` `ends`). */
void bs1e_fx_end_round(struct bs_battle *b);
/* At each reset: none. */
void bs1e_fx_reset(struct bs_battle *b);
/* [13.4] (r14_effects.c) RULING: the paralyzing creature of
 * unit g's figures when its paralysis is in force (the Advanced Game),
 * NULL otherwise; *spared 1 when unit h's figures (h >= 0) or individual
 * t's race (t >= 0) are not paralyzed by it (undead, its
 * `paralysis_spares`). */
const struct bs_creature *bs1e_unit_paralyzer(const struct bs_battle *b, int g,
					      int h, int t, int *spared);
/* [13.4] RULING R-717: 1 when individual k (global) is held by a
 * creature's paralysis. */
int bs1e_fx_indiv_paralyzed(const struct bs_battle *b, int k);
/* As bs1e_unit_paralyzer, for individual k's race (a ghoul individual). */
const struct bs_creature *bs1e_indiv_paralyzer(const struct bs_battle *b, int k,
					       int h, int t, int *spared);
/* [13.4] RULING: hit h paralyzed h->c.paralyzed of
 * unit g's figures (at most those not held): each saves vs paralyzation
 * [14.3]; those failing are Immobilized for the paralyzer's rounds (a
 * CAST event `effect` `paralysis`, source the unit or individual of the
 * hit). */
void bs1e_fx_paralyze_unit(struct bs_battle *b, int g,
			   const struct bs1e_hit *h);
/* [13.4] [9.4] RULING R-715: individual t (global) standing alone touched
 * by paralyzer cr of unit src_g or individual src_t: his own save vs
 * paralyzation; failed, held for its rounds. Returns 1 held, 0 not, -1 a
 * dice error. */
int bs1e_fx_paralyze_indiv(struct bs_battle *b, int t,
			   const struct bs_creature *cr, int src_g, int src_t);
/* [14.8] RULING R-631..R-635 (r14_effects.c): 1 when individual k
 * (global) is invisible and not found: he cannot be attacked. */
int bs1e_fx_unseen(const struct bs_battle *b, int k);
/* RULING: the -4 of his AC, 4 while he is invisible (found
 * or not) or in the Game Round his invisibility broke, else 0. */
int bs1e_fx_invis_ac(const struct bs_battle *b, int k);
/* RULING R-635: individual k (global) attacks (a blow, a shot, a spell
 * at an enemy): an invisibility that attacking ends ends (a CAST event,
 * `step` `ends`); improved invisibility stays. */
void bs1e_fx_invis_attacks(struct bs_battle *b, int k);
/* RULING R-634: every invisible individual in base contact with an enemy
 * figure is found (a CAST event, `step` `found`). */
void bs1e_fx_invis_contact(struct bs_battle *b);
/* [14.8] RULING R-702: the area of seeing spell sp (detect invisibility:
 * its path from individual t (global) the way he, or his unit, faces,
 * Table 17; true seeing: its sight about him, table inches) at caster
 * level `level`; 0, or -1 when not known. */
int bs1e_fx_seeing_area(const struct bs_battle *b, const struct bs_spell *sp,
			int level, int t, struct bs_tt_area *ar);
/* RULING R-702: every detect invisibility and true seeing in force finds
 * the invisible enemies in its area now (a NOTE at each); called by
 * bs1e_fx_invis_contact as each phase begins and ends. */
void bs1e_fx_seeing(struct bs_battle *b);
/* [14.8] RULING R-341..R-345 (r14_effects.c): 1 when unit g (global) is
 * invisible and not found: it cannot be attacked. */
int bs1e_fx_unit_unseen(const struct bs_battle *b, int g);
/* RULING R-343: 1 while unit g (global) is invisible (found or not; not
 * once its invisibility broke): it stays in skirmish formation. */
int bs1e_fx_unit_invisible(const struct bs_battle *b, int g);
/* RULING: 4 while unit g is invisible (found or not) or in the
 * Game Round its invisibility broke, else 0. */
int bs1e_fx_unit_invis_ac(const struct bs_battle *b, int g);
/* RULING R-345: unit g (global) attacks (a melee, a volley): its
 * invisibility ends (a CAST event, `step` `ends`). */
void bs1e_fx_unit_invis_attacks(struct bs_battle *b, int g);
#define BS1E_UNIT_UNSEEN_WHY                                                   \
	"it is invisible and not detected: it cannot be attacked (RULING "     \
	"R-343)"
#define BS1E_UNIT_UNSEEN_CITE "[14.8] RULING R-343"
/* The REJECTED cite and reason of an attack at an unseen individual. */
#define BS1E_UNSEEN_WHY                                                        \
	"he is invisible and not detected: he cannot be attacked (RULING "     \
	"R-633)"
#define BS1E_UNSEEN_CITE "[14.8] RULING R-633"

/* The effect of legal plan p of a spell bs_spell_effect_played names:
 * [14.6 B] a hold of its target, [14.9] the fear of its area. */
void bs1e_fx_cast(struct bs_battle *b, const struct bs1e_cast_plan *p);

/* ---- r14_charm.c: [14.6 A] charm (issue 16) ---------------------------
 * The charm is an effect of the list above (kind BS_SPFX_CHARM): t the
 * charmed commander or individual, g the unit he commands (-1 none), k
 * the caster, whose side controls them while it lasts. A unit's `side`
 * stays its owner's (victory, rout and losses count for him, [14.6 A]
 * "the player owning the figures"); only the questions of control ask
 * the side below. */

/* The side that controls unit g (global) now: the charming side while
 * its commander is charmed, else its own (RULING R-691). */
/* RULING R-620: a duration of n in `unit` as Game Rounds (one AD&D melee
 * round is one Game Round [14.1], a turn ten, segments rounded up), at
 * least 1 (r14_effects.c). */
int bs1e_fx_rounds(int n, enum bs_time_unit unit);
/* [14.3] individual t's (global) own saving throw against plan p's
 * spell, by class and level with his modifiers (r14_effects.c): 1 he
 * fails (or the spell allows none), 0 he saves, -1 no dice left; *fs,
 * rec[0] (the die) and *md (his save, when there is one) for the event. */
int bs1e_fx_indiv_fails(struct bs_battle *b, const struct bs1e_cast_plan *p,
			int t, struct bs1e_figure_saves *fs, int *rec,
			struct bs_deriv *md);
int bs1e_charm_side(const struct bs_battle *b, int g);
#define BS1E_SERVING_WHY                                                       \
	"the undead are in his side's service: not a target (RULING R-346)"
#define BS1E_SERVING_CITE "[14.19] RULING R-346"
/* 1 when unit g is under another side's control (its commander charmed). */
int bs1e_charmed(const struct bs_battle *b, int g);
/* Why unit g under another side's control attacks no one (RULING R-691,
 * R-585), its cite in *cite; NULL when it is not so controlled. */
const char *bs1e_charmed_why(const struct bs_battle *b, int g,
			     const char **cite);
/* 1 when individual k (global) is charmed [14.6 A]. */
int bs1e_indiv_charmed(const struct bs_battle *b, int k);
/* The effect of legal plan p of a charm (BS_SPFX_CHARM) at a unit (its
 * Unit Commander) or an individual: his save, the Charm marker, the
 * duration 1d4 + CB (RULING R-690). */
void bs1e_charm_cast(struct bs_battle *b, const struct bs1e_cast_plan *p);
/* [1.7] charm effect e at the End of Game Round: a round less; at its
 * end (an event), the unit out of command (RULING R-693). Returns 1 while
 * it lasts, 0 when it is over. */
int bs1e_charm_end_round(struct bs_battle *b, struct bs1e_effect *e);
/* The move the charming side `side` gives charmed unit g in its Movement
 * Phase (RULING R-691) into *o (a hold or a face); its reason. */
const char *bs1e_charm_order(const struct bs_battle *b, int side, int g,
			     struct bs_order *o);
/* [14.6 A] RULING R-692: after charmed unit g's move, the Discipline
 * Check when an enemy ground unit can attack its flank or rear this Game
 * Round; failed, the owner's free facing change toward it. */
void bs1e_charm_after_move(struct bs_battle *b, int g);
/* Room for one more effect of the list, zeroed (g, t, src_g, src_t -1);
 * NULL when out of memory (r14_effects.c). */
struct bs1e_effect *bs1e_fx_new(struct bs_battle *b);
/* [14.19] RULING R-585: undead unit g (global) enters the service of
 * evil cleric k (global): a charm effect with no spell (sp NULL, t -1)
 * that lasts while g is in play and wholly within his Command Radius and
 * he is on the table; a service of g before ends; g of his own side
 * (turned back) is only freed. */
void bs1e_serve(struct bs_battle *b, int k, int g);
/* The evil cleric (global individual) whose service unit g is in, -1. */
int bs1e_serving(const struct bs_battle *b, int g);
/* RULING R-693: 1 while unit g is out of command after a charm ended. */
int bs1e_charm_out(const struct bs_battle *b, int g);
/* The value of legal charm plan p for `side` (the doctrine, RULING
 * Reads only. */
double bs1e_charm_expect(const struct bs_battle *b, int side,
			 const struct bs1e_cast_plan *p);
/* At each reset: no unit out of command by a charm. */
void bs1e_charm_reset(struct bs_battle *b);
/* [14.6 A] RULING R-462 (struct bs_ruleset .splits): 1 when an individual
 * of side `side` of sc has a mass charm memorized. */
int bs1e_mass_charm_splits(const struct bs_scenario *sc, int side);
/* [14.6 A] RULING R-463: mass charm plan p: each figure of the enemy in
 * its area saves, those that fail pass into their unit's detachment slot
 * of the caster's side (r14_charm.c). */
void bs1e_mass_charm_cast(struct bs_battle *b, const struct bs1e_cast_plan *p);
/* r14_effects.c: the CAST event of an effect placed (n[0] 3) by plan p on
 * unit g or individual t (global, the other -1): `struck` figures, their
 * saves fs (the d20s rec, the number's derivation sd, may be NULL),
 * `affected` of them, no rounds (docs/EVENTS.md). */
/* r14_effects.c: the figures of plan p's area (bs1e_area_figures), *n of
 * them, malloc'd (the caller frees); NULL none or out of memory. */
struct bs1e_area_hit *bs1e_fx_area_hits(const struct bs_battle *b,
					const struct bs1e_cast_plan *p, int *n);
void bs1e_fx_emit(struct bs_battle *b, const struct bs1e_cast_plan *p, int g,
		  int t, int struck, const struct bs1e_figure_saves *fs,
		  const int *rec, const struct bs_deriv *sd, int affected,
		  const char *why);
/* RULING R-463: the doctrine's value of mass charm plan p for `side`: the
 * HD of the figures expected to fail (-1 with his own in the area). */
double bs1e_mass_charm_expect(const struct bs_battle *b, int side,
			      const struct bs1e_cast_plan *p);
/* r07_movement.c: [14.6 A] RULING R-692 the owner's facing change of unit
 * g by `deg` (90 right, -90 left, 180 about) at no cost; 1 when made. */
int bs1e_free_face(struct bs_battle *b, int g, double deg);

/* ---- r14_bonus.c: [14.7] bonus and penalty spells (issue 16) ---------- */

/* One bonus or penalty in force: spell sp of caster k on the first `figs`
 * figures of unit g (global; RULING R-686: the enchanted figures are a
 * unit's first, a spell on fewer figures covers some of those of one on
 * more), `enemy` 1 when they are the caster's enemies (sp->enemies), the
 * Game Rounds left (this one counted) and the round it was cast in.
 * [14.7] RULING R-615: on an individual, t (global; g -1, figs 1). */
struct bs1e_bonus {
	const struct bs_spell *sp;
	int k;
	int g;
	int t;
	int figs;
	int enemy;
	int left;
	int round;
	/* RULING R-738: the creatures of unit g touched by casts of a
	 * touch spell of one creature (its figs: the whole figures of them) */
	int crt;
};
/* The most parts a unit's attack is split into (RULING R-686). */
#define BS1E_BONUS_PARTS 4
void bs1e_bonus_reset(struct bs_battle *b);
/* The effect of legal plan p of a spell bs_spell_bonus_played names. */
void bs1e_bonus_cast(struct bs_battle *b, const struct bs1e_cast_plan *p);
/* [1.7] RULING R-620: each bonus loses a Game Round; those at none end,
 * in the log. */
void bs1e_bonus_end_round(struct bs_battle *b);
/* RULING R-686: where the part of unit g's `figs` attacking figures that
 * begins at figure `at` ends (the figures [at, end) share their
 * bonuses): figs when no bonus divides them. */
int bs1e_bonus_part_end(const struct bs_battle *b, int g, int at, int figs);
/* [14.7] [8.3] the to-hit terms of unit g's figures from figure `at` (-1:
 * of the whole unit, the bonuses every figure has) into d; returns 1 when
 * haste doubles their melee damage (RULING R-689), -1 when slow halves
 * their attacks (RULING R-617), 0 otherwise. */
int bs1e_bonus_to_hit(const struct bs_battle *b, int g, int at,
		      struct bs_deriv *d);
/* [14.7] [4.1] the morale terms of unit g (bonuses of every figure,
 * RULING R-686) into d. */
void bs1e_bonus_morale(const struct bs_battle *b, int g, struct bs_deriv *d);
/* [14.7] [14.3] the saving throw terms of unit g (every figure's, RULING
 * the amount to take from its saving throw number (+1: one
 * better), with its terms into d (may be NULL). */
int bs1e_bonus_saves(const struct bs_battle *b, int g, struct bs_deriv *d);
/* The figures of unit g under one bonus or more now (the most of one). */
int bs1e_bonus_figs(const struct bs_battle *b, int g);
/* [14.7] RULING R-616: the factor of unit g's MV this Game Round: 2 (the
 * double move) when haste covers every figure of it; RULING R-617: 0.5
 * when slow covers a figure (1 when every figure is hasted too); else 1. */
double bs1e_bonus_mv_factor(const struct bs_battle *b, int g);
/* [14.7] RULING: lone individual t's MV factor: 0.5 slowed,
 * 2 hasted, else 1. */
double bs1e_bonus_indiv_mv_factor(const struct bs_battle *b, int t);
/* [14.1] [14.7] RULING R-616: 1 when caster k (global) may cast though he
 * (his unit) moved this Game Round: hasted (his unit wholly), and no more
 * than his (its) MV spent. */
int bs1e_bonus_casts_moving(const struct bs_battle *b, int k);
/* [14.7] RULING R-615 "works according to normal AD&D game rules": the
 * to-hit bonus of individual t (+1: one better), its terms into d (may be
 * NULL) as `sign` times each (-1 for a number needed or an AR, lower
 * better); *haste (may be NULL) 1 when he is hasted (his attacks
 * doubled), -1 when slowed (halved, RULING R-617), 0 neither or both. */
int bs1e_bonus_indiv_to_hit(const struct bs_battle *b, int t, int sign,
			    struct bs_deriv *d, int *haste);
/* [14.7] individual t's (global) attacks now: 1 doubled (hasted, R-615,
 * not after a double move, R-619), -1 halved (slowed, R-617), 0. */
int bs1e_hasted_now(const struct bs_battle *b, int t);
/* [14.7] RULING R-618: 1 when individual t (global) is under protection
 * from normal missiles. */
int bs1e_bonus_missile_proof(const struct bs_battle *b, int t);
/* [14.7] RULING R-618: the hit points individual t (global) takes of `hp`
 * from a large or magic missile of `dice` dice of damage: 1 less a die
 * (at least 0, a NOTE at him) when he has protection from normal
 * missiles; hp when not. */
int bs1e_bonus_large_missile(struct bs_battle *b, int t, int hp, int dice);
/* [14.7] [14.3] RULING R-615: the bonus to individual t's saving throw
 * die (+1: one better), its terms into d (may be NULL). */
int bs1e_bonus_indiv_saves(const struct bs_battle *b, int t,
			   struct bs_deriv *d);
/* [14.7] RULING R-735: 1 when individual t (global) resists element el
 * (resist fire, resist cold: half damage, +3 to saving throws, the +3 a
 * term into d, may be NULL); 0 when not, or el is BS_ELEM_NONE. */
int bs1e_bonus_indiv_resists(const struct bs_battle *b, int t,
			     enum bs_spell_element el, struct bs_deriv *d);
/* [14.7] RULING R-737: protection from evil on individual t (global)
 * standing alone, against attacker individual `k` (global) or unit `g`
 * (the other -1) when he (every creature of it) is evil: its N (2), the
 * term `sign` x N into d (may be NULL) labelled for the attack (`saves`
 * 1: his saving throw); 0 when he has none or the attacker is not evil. */
int bs1e_bonus_warded(const struct bs_battle *b, int t, int k, int g, int sign,
		      int saves, struct bs_deriv *d);
/* [14.7] RULING R-739: the figures of unit g under protection from evil
 * (either spell, the most of one) against attacker individual k (global)
 * or unit a (the other -1) when he (every creature of it) is evil; 0 when
 * not. */
int bs1e_bonus_unit_warded(const struct bs_battle *b, int g, int k, int a);
/* [14.7] RULING R-739: the figures of unit g that resist element el
 * (resist fire, resist cold); 0 for BS_ELEM_NONE. */
int bs1e_bonus_unit_resists(const struct bs_battle *b, int g,
			    enum bs_spell_element el);
/* RULING R-739: of the n figures of unit g an attack or an area strikes,
 * those of its `figs` enchanted figures struck (what strikes a unit
 * strikes the figures not enchanted first, as its losses come off them,
 * n less the figures not enchanted, at least 0. */
int bs1e_bonus_struck(const struct bs_battle *b, int g, int n, int figs);
/* [14.7] RULING R-739: the AR term (+2, into d) of an attack of evil
 * attacker individual k (global) or unit a (the other -1) at unit h
 * every figure of which is under protection from evil; returns it (0
 * when none). */
int bs1e_bonus_unit_ward_ar(const struct bs_battle *b, int k, int a, int h,
			    struct bs_deriv *d);
/* RULING R-737 (R-585's reading): 1 when every creature of unit def (its
 * mixed parts too) is of an evil race. */
int bs1e_unit_evil(const struct bs_unit *def);
/* RULING R-735: the hit points taken of `damage` by a resisting creature:
 * half, rounded down. */
int bs1e_resisted_damage(int damage);

/* ---- r04_command_state.c (issue 15) ------------------------------------ */

/* [9.2] "If a spell is CAST by a commander, his unit is out of command for
 * the entire Game Round": the magic code calls this when commander `ind`
 * of `side` casts. For the rest of the round he keeps no unit in command,
 * the unit he leads as its Unit Commander is out of command, and command
 * is decided again at once. */
void bs1e_commander_casts(struct bs_battle *b, int side, int ind);
/* RULING R-378: the skirmishers of unit g routed apart [2.9] run on their
 * MV [6.4], or, rallied, come back and rejoin its block (the Movement
 * Phase, r07_rout.c). */
void bs1e_skirmishers_move(struct bs_battle *b, int g);

/* ---- round.c ---------------------------------------------------------------
 */

/* The victory test (RULING R-102); sets b->result and emits END. Returns
 * 1 when over. `at_end`: the End of Game Round Phase (the round limit is
 * tested there). */
int bs1e_check_over(struct bs_battle *b, int at_end);

/* battle.c: the ruleset's set-up, reset, start and release. */
enum bs_status bs1e_ruleset_init(struct bs_battle *b, struct bs_diags *d);
void bs1e_ruleset_reset(struct bs_battle *b);
void bs1e_ruleset_start(struct bs_battle *b);
void bs1e_ruleset_release(struct bs_battle *b);

/* Current morale [4.2] of unit g with every Table 4 row that applies now
 * plus `t4x`, the charisma bonus `cb`, in or out of command (r07_rout.c). */
void bs1e_current_morale(const struct bs_battle *b, int g, unsigned t4x, int cb,
			 int in_command, struct bs_deriv *d);

/* ---- r11_terrain.c: [11.9] Terrain Effects on Combat ----------------------
 */

/* The contour level of unit g's ground (RULING R-443), 0 without
 * terrain. */
int bs1e_level(const struct bs_battle *b, int g);
/* [8.3] Table 10 "Defender occupies higher ground": defender h stands on
 * a higher level than attacker g (RULING R-451: at every level). */
int bs1e_higher_ground(const struct bs_battle *b, int g, int h);
/* [11.9] g, in a ditch, gulley, trench, swamp or fording a stream,
 * attacks h at its edge (RULING R-452): 1, *feature (may be NULL) the
 * feature; terrain in force only. */
int bs1e_low_ground(const struct bs_battle *b, int g, int h, int *feature);
/* The +4 AR of bs1e_low_ground into d. */
void bs1e_ar_add_terrain(const struct bs_battle *b, int g, int h,
			 struct bs_deriv *d);
/* [11.9] where block q stands in the woods (terrain in force): the
 * BS1E_WOODS_EDGE bit when it is on woods within their edge band (RULING
 * R-447), BS1E_WOODS_DEEP when on woods away from their edge (both when
 * on two woods, one each way); 0 not on woods. The block may be a unit's
 * at a moment of its move [10.6]. */
enum { BS1E_WOODS_EDGE = 1, BS1E_WOODS_DEEP = 2 };
int bs1e_woods(const struct bs_battle *b, const struct bs_quad *q);
/* [11.9] unit g's block is on woods (terrain in force). */
int bs1e_in_woods(const struct bs_battle *b, int g);
/* [11.9] how far unit g sees and casts spells: 6" (woodland) or 1" in
 * woods, HUGE_VAL elsewhere. */
double bs1e_woods_sight(const struct bs_battle *b, int g);
/* [11.9] unit g is in woods at their edge (RULING R-447). */
int bs1e_woods_edge(const struct bs_battle *b, int g);

/* [8.2] unit g takes its rated weapon w in hand: its AR, damage and
 * [8.1] reach become that weapon's (battle.c). */
void bs1e_take_weapon(struct bs_battle *b, int g, int w);
/* [13.2] the poison of unit g's figures in an attack spec (against size L
 * when `large`): its poisonous parts and strength, none below the
 * Advanced Game (RULING R-603). */
void bs1e_spec_poison(const struct bs_battle *b, int g, int large,
		      struct bs1e_attack_spec *spec);

#endif
