/* The tabletop model shared by the 1E and 2E rules: a unit as a block of
 * figures (files x ranks of Table 2 bases spaced by formation [7.2]-[7.5]),
 * each figure's slot and position, the unit's quad, contact between two
 * units (edges, touching length, the figures in base-to-base contact
 * [7.8] [8.1]), the arc of the target touched, distances and command-radius
 * tests [4.7] [4.8], movement primitives that pay their cost and stop at
 * first contact [7.9]-[7.10], charge reach [7.14], rout paths [7.15],
 * the table edge and surrounded detection [7.15].
 *
 * Two layers:
 * - pure geometry on caller data (struct bs_tt_shape + struct bs_tt_pose),
 *   no battle needed (unit tests, 2E);
 * - queries on a battle (struct bs_battle, read-only) by (side, unit):
 *   what the AI and the reporters ask ("how far is that unit", "what arc
 *   would I strike", "can I charge it and how"). They never change the
 *   battle and never allocate.
 *
 * Conventions: inches, degrees (0 = +y/north, 90 = +x/east, clockwise as
 * in geom.h). A unit is placed by the centre of its front edge and its
 * facing. Files are numbered 0 = leftmost as the unit faces; ranks 0 =
 * front rank. Figures are numbered in slot order: rank 0 files 0..n-1,
 * then rank 1, ...; losses come off the highest numbers (the rear) [7.2]
 * [7.5]. The last rank may be partial; its figures stand centred (file
 * offset (files - last) / 2, rounded down). */
#ifndef BATTLESIM_TABLETOP_H
#define BATTLESIM_TABLETOP_H

#include "battlesim/controller.h"
#include "battlesim/geom.h"
#include "battlesim/model.h"

struct bs_battle;

/* ---- spacing and the block of a unit [7.2]-[7.5] ------------------------ */

/* Spacing between the bases of a formation, inches, both ways: closed and
 * mob 0 [7.2] [7.5]; open 1/2" [7.3] (1" with the stands option [2.4]);
 * skirmish 1" [7.4] (the minimum; skirmishers keep it). */
double bs_tt_gap(enum bs_formation f, int stands_option);

/* The block of a unit: how its figures stand. */
struct bs_tt_shape {
	enum bs_formation formation;
	int figures;	       /* standing figures (>= 1) */
	int files;	       /* frontage [7.10], 1..figures */
	int ranks;	       /* ceil(figures / files) */
	int last;	       /* figures in the last rank, 1..files */
	double base_w, base_d; /* one base, inches (Table 2) */
	double gap;	       /* between bases, both ways */
	double width, depth;   /* the whole block */
};

/* Fill *out for `figures` figures in `files` files (clamped to
 * 1..figures) of bases base_w x base_d in formation f. */
void bs_tt_shape_make(enum bs_formation f, int figures, int files,
		      double base_w, double base_d, int stands_option,
		      struct bs_tt_shape *out);

/* The frontage a unit deploys with when the scenario gives none (RULING
 * a mob roughly square [2.10] [7.5]; other formations two ranks
 * up to 16 figures, three up to 30, four beyond. */
int bs_tt_default_files(enum bs_formation f, int figures, double base_w,
			double base_d);

/* Slot (file, rank) of figure i (0-based, slot order). */
void bs_tt_slot(const struct bs_tt_shape *s, int i, int *file, int *rank);

/* Figure index at (file, rank), or -1 when that slot is empty. */
int bs_tt_figure_at(const struct bs_tt_shape *s, int file, int rank);

/* Figures standing in file `file` at rank >= rank0 and <= rank1. */
int bs_tt_figures_in_files(const struct bs_tt_shape *s, int file0, int file1,
			   int rank0, int rank1);

/* Where a unit stands. */
struct bs_tt_pose {
	struct bs_vec front; /* centre of the front edge */
	double facing;	     /* degrees */
};

/* The unit's quad (geom.h corner order: p[0] front-left, p[1] rear-left,
 * p[2] rear-right, p[3] front-right). */
struct bs_quad bs_tt_quad(const struct bs_tt_shape *s,
			  const struct bs_tt_pose *p);

/* Centre of the base of the figure at (file, rank). */
struct bs_vec bs_tt_slot_pos(const struct bs_tt_shape *s,
			     const struct bs_tt_pose *p, int file, int rank);

/* A point in the unit's own frame: x across the front from the front-left
 * corner (0..width), y back from the front edge (0..depth). */
void bs_tt_local(const struct bs_tt_pose *p, double width, struct bs_vec pt,
		 double *x, double *y);

/* The files (or ranks) whose bases overlap [lo, hi] across the front (or
 * back from the front), inches in the local frame; *first / *lastf get
 * the range, the return is its size (0 when none). A touch of zero length
 * (a corner) takes the nearest file. */
int bs_tt_files_over(const struct bs_tt_shape *s, double lo, double hi,
		     int *first, int *lastf);
int bs_tt_ranks_over(const struct bs_tt_shape *s, double lo, double hi,
		     int *first, int *lastr);

/* ---- contact [7.8] and arcs [8.3] -----------------------------------------
 */

enum bs_arc { BS_ARC_FRONT, BS_ARC_FLANK, BS_ARC_REAR, BS_ARC__COUNT };
extern const char *const bs_arc_name[BS_ARC__COUNT]; /* "front", ... */

/* The arc of an edge (enum bs_side_edge): front, flank (left, right),
 * rear. */
enum bs_arc bs_tt_edge_arc(int edge);

/* Two units in base-to-base contact (within BS_GEOM_TOUCH). */
struct bs_tt_contact {
	int edge_a, edge_b;   /* enum bs_side_edge of A and of B that touch */
	double len;	      /* touching length (0: a corner touches) */
	struct bs_vec p0, p1; /* the touching segment (p0 == p1 corner) */
	/* figures of each unit in contact: files [f0, f1] for a front or
	 * rear contact, ranks [f0, f1] for a flank contact */
	int a_first, a_last, a_count;
	int b_first, b_last, b_count;
};

/* 1 when blocks a (shape sa at pose pa) and b touch, with *out filled
 * (out may be NULL); 0 when apart. Overlapping blocks (never produced by
 * the movement code) count as touching along their nearest edges. */
int bs_tt_contact(const struct bs_tt_shape *sa, const struct bs_tt_pose *pa,
		  const struct bs_tt_shape *sb, const struct bs_tt_pose *pb,
		  struct bs_tt_contact *out);

/* The contact memo of each thread (issue 13; on by default): off gives
 * every contact measured afresh (the same answers); either way it is
 * emptied. For tests. */
void bs_tt_contact_memo(int on);

/* bs_tt_contact with the blocks' quads already at hand (qa = bs_tt_quad(sa,
 * pa), qb = bs_tt_quad(sb, pb), e.g. from a cache): the same answer
 * without the sines and cosines. */
int bs_tt_contact_q(const struct bs_tt_shape *sa, const struct bs_tt_pose *pa,
		    const struct bs_quad *qa, const struct bs_tt_shape *sb,
		    const struct bs_tt_pose *pb, const struct bs_quad *qb,
		    struct bs_tt_contact *out);

/* bs_tt_contact_q without the figures in contact: the same answer and the
 * same edges, touching stretch (p0, p1) and len; a_first .. b_count are
 * set to 0 (cheaper, for who needs only the edges, e.g. the arc). out
 * must not be NULL. */
int bs_tt_contact_edges_q(const struct bs_tt_shape *sa,
			  const struct bs_tt_pose *pa, const struct bs_quad *qa,
			  const struct bs_tt_shape *sb,
			  const struct bs_tt_pose *pb, const struct bs_quad *qb,
			  struct bs_tt_contact *out);

/* The arc of target quad t that a unit whose centre is at `from` faces:
 * the target's diagonals, extended, cut the plane into its front, flanks
 * and rear (RULING R-104: before contact, the arc of a charge is decided
 * by where the charger's centre stands). *edge (may be NULL) gets the
 * target's edge. */
enum bs_arc bs_tt_arc_from(const struct bs_quad *t, struct bs_vec from,
			   int *edge);

/* ---- distances and command [4.7] [4.8] ------------------------------------
 */

/* 1 when every standing figure's base (all four corners) is within `r`
 * inches of point c [4.7]: "all figures are within the Command Radius". */
int bs_tt_all_within(const struct bs_tt_shape *s, const struct bs_tt_pose *p,
		     struct bs_vec c, double r);

/* 1 when any part of the quad lies outside the table [0,w] x [0,d]. */
int bs_tt_off_table(const struct bs_quad *q, double w, double d);
/* 1 when the whole quad lies outside the table (gone over the edge). */
int bs_tt_wholly_off_table(const struct bs_quad *q, double w, double d);

/* The table's edges as four walls just outside [0,w] x [0,d] (west, east,
 * south, north) into out[0..3], for the moves that stop at the edge (2E
 * RULING R-214, 1E R-374). Returns 4. */
int bs_tt_table_walls(double w, double d, struct bs_quad *out);

/* ---- movement primitives [7.7]-[7.10] -------------------------------------
 * Each moves *pose from its current place, never through an obstacle:
 * the sweep stops at first contact (a figure stops when it touches an
 * enemy [7.8]; friends stop it too: units do not interpenetrate). They
 * report the inches of MV the primitive cost and the obstacle met. */

/* A move that meets a block stops this far short of it (inches; well
 * inside BS_GEOM_TOUCH, so the two touch [7.8]): RULING R-107. */
#define BS_TT_STOP_GAP BS_GEOM_STOP_GAP

/* Obstacles a primitive looks at (every unit of a battle, and every
 * individual standing as a figure of his own [9.4]). */
#define BS_TT_MAX_OBST (BS_MAX_SIDES * (BS_MAX_UNITS + BS_MAX_INDIVIDUALS))

struct bs_tt_step_result {
	double done;  /* distance moved (advance) or degrees turned */
	double cost;  /* inches of movement paid */
	int hit;      /* obstacle index met, -1 none */
	int complete; /* 1 when the whole step was done */
};

/* [7.9] move `dist` inches at `angle` degrees off the facing (|angle| <=
 * 45: RULING R-105, an oblique move that keeps the facing); cost = the
 * distance moved. */
void bs_tt_advance(const struct bs_tt_shape *s, struct bs_tt_pose *p,
		   double dist, double angle, const struct bs_quad *obst, int n,
		   struct bs_tt_step_result *out);

/* [7.9] wheel by `deg` degrees: + clockwise about the front-right corner,
 * - anticlockwise about the front-left corner. Cost = the arc of the
 * outermost figure: |deg| in radians x the block's width. */
void bs_tt_wheel(const struct bs_tt_shape *s, struct bs_tt_pose *p, double deg,
		 const struct bs_quad *obst, int n,
		 struct bs_tt_step_result *out);
double bs_tt_wheel_cost(const struct bs_tt_shape *s, double deg);

/* [7.9] right face (+90), left face (-90), about face (180): every figure
 * turns in place; the block turns about its centre (files and ranks swap
 * on a quarter turn: *s is updated). Cost: 1/3 MV or 1/2 MV. Fails
 * (complete 0, nothing changed) when the new footprint would overlap an
 * obstacle. */
void bs_tt_face(struct bs_tt_shape *s, struct bs_tt_pose *p, double deg,
		double mv, const struct bs_quad *obst, int n,
		struct bs_tt_step_result *out);
double bs_tt_face_cost(double deg, double mv);

/* [7.10] change frontage to `files` keeping the front centre: cost 1" per
 * figure added to or taken from the front. Fails when the new block would
 * touch or overlap an obstacle ("never into contact"). */
void bs_tt_frontage(struct bs_tt_shape *s, struct bs_tt_pose *p, int files,
		    const struct bs_quad *obst, int n,
		    struct bs_tt_step_result *out);

/* [7.6] change formation keeping the front centre and frontage: cost
 * 1/3 MV, or 0 when `involuntary`. A voluntary change fails (complete 0,
 * nothing changed) when the new block would overlap or newly touch an
 * obstacle; an involuntary one is placed by bs_tt_spread, and fails the
 * same way when no placement fits (the engine then keeps the unit
 * "cramped", RULING R-106). */
void bs_tt_formation(struct bs_tt_shape *s, struct bs_tt_pose *p,
		     enum bs_formation f, double mv, int involuntary,
		     int stands_option, const struct bs_quad *obst, int n,
		     struct bs_tt_step_result *out);

/* How deep a new placement may overlap a block it did not overlap before
 * (inches): the depth at which a translation sweep stops (geom.c), well
 * inside BS_GEOM_TOUCH, so that the blocks count as touching and a later
 * rotation sweep sees them as touching, never as overlapping. */
#define BS_TT_FIT_TOL BS_GEOM_FIT_TOL

/* 1 when a block placed at newq (coming from oldq, or NULL for a block
 * put down anew) overlaps no obstacle deeper than BS_TT_FIT_TOL or than
 * oldq already did, and (may_touch 0) touches none that oldq did not
 * touch. *who (may be NULL) gets the first obstacle in the way. */
int bs_tt_fits(const struct bs_quad *newq, const struct bs_quad *oldq,
	       const struct bs_quad *obst, int n, int may_touch, int *who);

/* RULING R-106 [4.5] [7.6] an involuntary change of formation (a closed
 * unit breaking into open formation) placed without overlapping: the
 * frontage it has, else one file fewer at a time down to the first that
 * is no wider than the block was; each centred on the old front, else
 * shifted sideways by the least of 1/4, 1/2, 3/4 and all of the slack
 * (half the difference of the widths) that fits, its front kept on its
 * line. The new block overlaps no obstacle and touches none the old did
 * not (bs_tt_fits). Returns 1 with *s, *p updated, or 0 (unchanged, *who
 * the obstacle in the way of the last try) when nothing fits. */
int bs_tt_spread(struct bs_tt_shape *s, struct bs_tt_pose *p,
		 enum bs_formation f, int stands_option,
		 const struct bs_quad *obst, int n, int *who);

/* "Closing the door" (RULING R-107): a unit that has just come into
 * contact with an enemy's edge at an angle pivots about the point of
 * contact until its front lies flush with that edge, free of cost, if the
 * turn is clear of other obstacles and under 90 degrees. Returns the
 * degrees turned (0 when already flush or blocked). `target` is the quad
 * touched, `skip` the obstacle index of the target (not an obstacle to
 * the pivot). */
double bs_tt_close_door(const struct bs_tt_shape *s, struct bs_tt_pose *p,
			const struct bs_quad *target,
			const struct bs_quad *obst, int n, int skip);

/* ---- rout [7.15] ----------------------------------------------------------
 */

/* The direction a unit routs (degrees): away from `cause` (a point), and
 * toward its own home edge when that is also away from the cause (RULING
 * the home-edge direction if it is within 90 degrees of straight
 * away from the cause, else straight away. */
double bs_tt_rout_dir(struct bs_vec centre, struct bs_vec cause,
		      enum bs_edge home);

/* [7.15] every edge of quad q touched by `n` enemy quads with no
 * uncovered stretch of 1" or more along its edges and no corner gap of 1"
 * (the first reading of RULING R-111; the engine now asks
 * bs_tt_enclosed, which also closes a ring that stands off the unit).
 * The table edge is not a wall (a router may go over it). */
int bs_tt_surrounded(const struct bs_quad *q, const struct bs_quad *enemy,
		     int n);

/* [7.15] RULING R-172: 1 when the n blocks ring[], joined wherever they
 * stand less than `gap` inches apart, enclose point p (a chain of them
 * winds round it). With gap 1": "completely surrounded ... no gap of 1"
 * or more ... through which even a single figure could escape". */
int bs_tt_enclosed(struct bs_vec p, const struct bs_quad *ring, int n,
		   double gap);

/* [7.15] RULING R-172 "the entire unit is entitled to rout through the
 * gap": for a block (s, p) held inside ring[] by gaps narrower than
 * `trap` (the block cannot pass them), the place just beyond a gap of
 * `gap` or more that leads out, the block's back to the ring, clear of
 * every obstacle, its centre's path through the gap at most `dist`:
 * returns 1 with *out and *used (the path's length). Else 0; *toward gets
 * the facing toward the nearest such gap (-1: none). */
int bs_tt_through_gap(const struct bs_tt_shape *s, const struct bs_tt_pose *p,
		      const struct bs_quad *ring, int n,
		      const struct bs_quad *obst, int nobst, double dist,
		      double gap, double trap, struct bs_tt_pose *out,
		      double *used, double *toward);

/* ---- [14.2] areas of effect on the table ----------------------------------
 * A spell's area placed on the table, in tabletop inches (Table 17 has
 * converted it: bs1e_spell_area_place). Shapes (enum bs_area_shape of
 * spell.h): a circle of radius a about `at`; a square or rectangle
 * (cube, cloud) a long along `facing` and b wide, centred on `at`; a line
 * (bolt) from `at` along `facing`, a long and b wide; a cone from its apex
 * `at` along `facing`, a long, b wide at its far end (a triangle on the
 * table, RULING R-569). */
struct bs_tt_area {
	int shape; /* enum bs_area_shape: circle, cone, line, rect */
	struct bs_vec at;
	double facing; /* degrees (cone, line, rect) */
	double a, b;
};

/* 1 when point p is in the area (its boundary included). */
int bs_tt_area_contains(const struct bs_tt_area *ar, struct bs_vec p);

/* The fraction (0..1) of the convex quad q's surface that the area
 * covers, exactly (circle: the circle-polygon intersection; the others:
 * the quad clipped by the shape's convex polygon). *whole (may be NULL) is
 * set to 1 when all of q lies in the area. */
double bs_tt_area_cover(const struct bs_tt_area *ar, const struct bs_quad *q,
			int *whole);

/* [14.2] special note: "the Figure Base Size describes figures in closed
 * or mob formation only! For creatures in open or skirmish formation,
 * consider the base size to be one size larger": the next larger size of
 * Table 17's base column (1/2", 3/4", 1", 1 1/2", 1 3/4", 2"; beyond 2" a
 * quarter inch more, RULING R-568) of one side of a base, inches, for
 * formation f; closed and mob bases as they are. */
double bs_tt_area_base_side(double side, enum bs_formation f);

/* The surface of a figure that an area is measured against [14.2]: its
 * base (w x d, facing `facing`, centred on `c`), one Table 17 size larger
 * in open or skirmish formation. */
struct bs_quad bs_tt_area_footprint(struct bs_vec c, double facing, double w,
				    double d, enum bs_formation f);

/* ---- queries on a battle (read-only; for the AI and reporters) ----------- */

/* The shape and pose of unit `unit` of `side` as it stands now. */
void bs_tt_unit_shape(const struct bs_battle *b, int side, int unit,
		      struct bs_tt_shape *s);
void bs_tt_unit_pose(const struct bs_battle *b, int side, int unit,
		     struct bs_tt_pose *p);
struct bs_quad bs_tt_unit_quad(const struct bs_battle *b, int side, int unit);

/* Centre of the base of figure i (slot order) of a unit. */
struct bs_vec bs_tt_unit_figure(const struct bs_battle *b, int side, int unit,
				int i);

/* Shortest distance between two units' blocks (0 when touching). */
double bs_tt_unit_dist(const struct bs_battle *b, int side, int unit, int tside,
		       int tunit);

/* 1 when the two units are in base-to-base contact now (*c filled when
 * not NULL; unit A is (side, unit)). */
int bs_tt_unit_contact(const struct bs_battle *b, int side, int unit, int tside,
		       int tunit, struct bs_tt_contact *c);

/* 1 when the unit touches any enemy unit in play. */
int bs_tt_unit_engaged(const struct bs_battle *b, int side, int unit);

/* The arc of (tside, tunit) that (side, unit) strikes: the edge touched
 * when in contact, else by where its centre stands (bs_tt_arc_from). */
enum bs_arc bs_tt_unit_arc(const struct bs_battle *b, int side, int unit,
			   int tside, int tunit);

/* 1 when every figure of the unit is within r inches of point c. */
int bs_tt_unit_within(const struct bs_battle *b, int side, int unit,
		      struct bs_vec c, double r);

/* A charge plan [7.14]: the steps of the simplest path (a wheel to point
 * at the target, then straight on; or straight on / oblique when the
 * target is already ahead within 45 degrees), checked against the rules
 * and the table as it stands. */
struct bs_tt_charge {
	int legal;	       /* 1: the order below is a legal charge */
	const char *why;       /* when not legal: the reason (static text) */
	const char *cite;      /* and the rule */
	double reach;	       /* charge range: 1 1/2 MV [7.14] */
	double length;	       /* MV the whole path costs, to contact */
	double run;	       /* distance moved before contact */
	double straight;       /* length of the last straight stretch */
	enum bs_arc arc;       /* the target's arc it would strike */
	struct bs_order order; /* BS_ORDER_CHARGE with its steps */
};

/* Plan a charge of (side, unit) at (tside, tunit) into *out, as the
 * unit's controller would order it. Checks (1E [7.14]): a regular unit
 * (skirmishers and individuals never charge; mobs and units that failed
 * discipline are moved by the rules, not by controllers), not routed or
 * rallied this round, in command, not in contact [7.8], not barred by
 * [7.12], the target reached within 1 1/2 MV, at least 2/3 MV moved
 * before contact (RULING R-108), the last 1/3 of the distance straight
 * (RULING R-109), no other unit met first. */
void bs_tt_plan_charge(const struct bs_battle *b, int side, int unit, int tside,
		       int tunit, struct bs_tt_charge *out);

/* What an order would do, without doing it: the rules' checks of the 1E
 * Movement Phase [7.6]-[7.14] and the geometry, as the engine will apply
 * them now (the state of the table at the call). */
struct bs_tt_outcome {
	int legal;		/* 0: the engine would reject it */
	const char *why;	/* reason when rejected (static text) */
	const char *cite;	/* the rule */
	struct bs_tt_pose pose; /* where the unit would end */
	int files;		/* with this frontage */
	enum bs_formation formation;
	double spent;	/* inches of MV spent */
	double allowed; /* MV allowed for the order */
	int contact;	/* 1: it would end touching an enemy */
	/* the first enemy touched, -1 (contact_unit -1 with contact_side
	 * set: an individual standing as a figure [9.4]) */
	int contact_side, contact_unit;
};

/* ---- the order of the melees [1.6 B] (RULING R-377) ---------------------
 * Pure functions on a list of melees m[0..n-1] (no battle needed). A
 * "combat" is a melee situation: the units linked by contact, directly or
 * through others; the melees of one are resolved together, and each
 * unit's melees one after another whenever some order of that combat
 * allows it (the units and their melees form a caterpillar: a chain of
 * units with others touching only them); otherwise one unit's fights must
 * be split, and which is Side A's choice. */

/* Lists of more melees than this are resolved in the order given. */
#define BS_TT_MAX_MELEES 512

/* The rules' order into order[0..n-1]: the combats in the order of their
 * first melee in m; in each, unit by unit from the first melee's first
 * unit (from the end of its chain when it has one), each unit's melees not
 * yet resolved one after another (prio[i], lower first, then i, rank
 * them; prio may be NULL), the melee that leads along the chain last. */
void bs_tt_melee_order(const struct bs_melee *m, int n, const int *prio,
		       int *order);

/* 1 when order[0..n-1] is a permutation of 0..n-1 that resolves each
 * combat before the next and, in a combat that allows it, each unit's
 * melees one after another. */
int bs_tt_melee_order_ok(const struct bs_melee *m, int n, const int *order);

/* 1E [4.6]: 1 while (side, unit) is on the uncontrolled attack of a
 * failed discipline check (its enemy neither routed nor destroyed, the
 * unit not routed): its commander cannot reassert command nor give it
 * orders; 0 otherwise. */
int bs_tt_uncontrolled_attack(const struct bs_battle *b, int side, int unit);

/* Check order o of (side, unit) now, as the engine will when the unit
 * moves; 1 when legal, else out->why and out->cite say which rule
 * forbids it. The battle is not changed. */
int bs_tt_check_order(const struct bs_battle *b, int side, int unit,
		      const struct bs_order *o, struct bs_tt_outcome *out);

#endif
