/* Terrain on the tabletop, shared by 1E and 2E: Table 14 [11.8] (its rows
 * and printed effects), the kinds of feature a scenario draws (the
 * obstacles, cover and low ground of [11.9] and Table 13 [10.8]), and the
 * queries on them: what a point stands in and its contour level, what a
 * segment crosses and its elevation profile (sight over hills, the length
 * of woods on a line of sight), what a block stands on or is at the edge
 * of, the cover of a missile target, and what a block's straight move or
 * wheel crosses (entering, leaving, straddling) and what it pays for it.
 * An index made once per scenario (bounding boxes, the outlines cut into
 * convex pieces, the edges) keeps every query to the few features near
 * it. Pure functions of the index: no battle, no allocation after
 * bs_terrain_index_new, no dice. Distances in inches, angles in degrees
 * as in geom.h. RULINGS R-440 .. R-452 (docs/rulings/terrain.md). */
#ifndef BATTLESIM_TERRAIN_H
#define BATTLESIM_TERRAIN_H

#include "battlesim/diag.h"
#include "battlesim/geom.h"
#include "battlesim/model.h"

/* ---- Table 14 [11.8] Terrain Effects on Movement --------------------------
 * The printed table, row by row (moved from the 1E tables by issue 14: both
 * rulesets read it, 2E by RULING R-220). */
enum bs_t14 {
	BS_T14_CLEAR,
	BS_T14_ROAD,
	BS_T14_WOODS,
	BS_T14_OBSTACLE,
	BS_T14_ELEVATION,
	BS_T14_ROUGH,
	BS_T14_SWAMP,
	BS_T14_WATER,
	BS_T14__COUNT
};
struct bs_t14_row {
	const char *name;	/* "Clear Terrain", "Road", ... as printed */
	const char *key;	/* "clear", "road", ... */
	const char *effect;	/* the printed text, shortened */
	int mv_num, mv_den;	/* the printed rate: road 4/3, woods 2/3, ... */
	int closed_ok;		/* closed formation allowed in it */
	int charge_ok;		/* a charge may go through / up it */
	int passable;		/* 0: only aquatic / amphibious units */
	const char *ignored_by; /* creature flag that ignores the penalty */
};
extern const struct bs_t14_row bs_table14[BS_T14__COUNT];

/* ---- the kinds of feature ([11.8] [11.9] Table 13) ------------------------
 * A scenario's `type:`. The first eight are Table 14's rows by their keys
 * (the values of the old enum bs1e_terrain); the others name what the
 * rows list (streams, walls, fences, gulleys ...; hills; rivers, ponds,
 * lakes) and buildings (Table 13), RULING R-440. */
enum bs_terrain_type {
	BS_TERRAIN_CLEAR,
	BS_TERRAIN_ROAD,
	BS_TERRAIN_WOODS,
	BS_TERRAIN_OBSTACLE,
	BS_TERRAIN_ELEVATION,
	BS_TERRAIN_ROUGH,
	BS_TERRAIN_SWAMP,
	BS_TERRAIN_WATER,
	BS_TERRAIN_STREAM,
	BS_TERRAIN_WALL,
	BS_TERRAIN_FENCE,
	BS_TERRAIN_GULLEY,
	BS_TERRAIN_HEDGE,
	BS_TERRAIN_DITCH,
	BS_TERRAIN_TRENCH,
	BS_TERRAIN_HILL,
	BS_TERRAIN_RIVER,
	BS_TERRAIN_POND,
	BS_TERRAIN_LAKE,
	BS_TERRAIN_BUILDING,
	BS_TERRAIN__COUNT
};

/* Table 13 [10.8] protection of a missile target. */
enum bs_cover {
	BS_COVER_NONE,
	BS_COVER_LIGHT, /* "in woods or behind hedge" +2 */
	BS_COVER_HARD,	/* "in building, behind wall" +4 */
	BS_COVER__COUNT
};

struct bs_terrain_kind {
	const char *key;     /* scenario key: "stream" */
	const char *name;    /* for logs and the map: "Stream" */
	enum bs_t14 row;     /* its row of Table 14 */
	enum bs_cover cover; /* Table 13: a target in it, or behind it */
	int behind;	     /* 1: cover to a target behind it (hedge,
				wall); 0: to a target in it (woods,
				building) */
	int low; /* [11.9] "a ditch, gulley or trench; fording a stream; or
		    in a swamp": +4 AR attacking a unit at its edge */
	int blocks_sight; /* a building: no line of sight through it */
};
extern const struct bs_terrain_kind bs_terrain_kinds[BS_TERRAIN__COUNT];

/* The type of a scenario key (case-insensitive), or -1. */
int bs_terrain_type_from_key(const char *key);
/* The kind of type t (an out-of-range t reads as clear). */
const struct bs_terrain_kind *bs_terrain_kind_of(int t);
/* The Table 14 row of feature t as a mover meets it: fordable water is
 * crossed as an obstacle by units that are not aquatic (RULING R-441). */
enum bs_t14 bs_terrain_row(const struct bs_terrain *t, int aquatic);

/* The contour level of a feature: its `elevation:` for elevation and
 * hills, 0 for every other kind. */
int bs_terrain_elevation(const struct bs_terrain *t);

/* ---- the index ------------------------------------------------------------
 */

struct bs_terrain_index;

/* Make the index of features t[0..n-1] (t is kept: it must outlive the
 * index). Outlines are simple polygons (the loader checks it); each is cut
 * into triangles, each triangle kept shrunk by BS_GEOM_TOUCH for the block
 * tests (RULING R-442). BS_ERR_RUNTIME when out of memory (*out NULL). An
 * index of no features is valid and answers every query as clear ground. */
enum bs_status bs_terrain_index_new(const struct bs_terrain *t, int n,
				    struct bs_terrain_index **out);
void bs_terrain_index_free(struct bs_terrain_index *ti);

int bs_terrain_count(const struct bs_terrain_index *ti);
const struct bs_terrain *bs_terrain_feature(const struct bs_terrain_index *ti,
					    int f);

struct bs_battle;

/* The battle's index (b->terrain) of its scenario's features: made by the
 * tabletop rulesets' init (1E, 2E), freed by their release (detach is safe
 * on a battle without one). BS_ERR_RUNTIME with a diagnostic when out of
 * memory. */
enum bs_status bs_tt_terrain_attach(struct bs_battle *b, struct bs_diags *d);
void bs_tt_terrain_detach(struct bs_battle *b);

/* ---- points ---------------------------------------------------------------
 */

/* 1 when feature f's outline contains p (even-odd rule). */
int bs_terrain_contains(const struct bs_terrain_index *ti, int f,
			struct bs_vec p);
/* The features whose outline contains p, in the scenario's order: their
 * number (all of them), at most max written to out (may be NULL). */
int bs_terrain_at(const struct bs_terrain_index *ti, struct bs_vec p, int *out,
		  int max);
/* The contour level at p in tens of feet: the highest elevation feature
 * containing p, 0 outside every one (RULING R-443). */
int bs_terrain_level_at(const struct bs_terrain_index *ti, struct bs_vec p);

/* ---- segments (lines of sight, paths of a point) --------------------------
 */

/* One stretch of a segment inside a feature. */
struct bs_terrain_span {
	int feature;
	double t0, t1; /* inches from the segment's start: inside for t in
			  (t0, t1); t0 == 0: starts inside, t1 == the length:
			  ends inside */
};

/* Every stretch of segment ab inside a feature (its exact outline), by t0
 * then feature: their number, at most max written. */
int bs_terrain_segment(const struct bs_terrain_index *ti, struct bs_vec a,
		       struct bs_vec b, struct bs_terrain_span *out, int max);

/* The length of segment ab inside features of Table 14 row `row` (woods:
 * [11.9] sight in woods), overlapping features counted once; stretches
 * within `skip_a` of a or `skip_b` of b are left out. */
double bs_terrain_length_in(const struct bs_terrain_index *ti, struct bs_vec a,
			    struct bs_vec b, enum bs_t14 row, double skip_a,
			    double skip_b);

/* The elevation profile of ab: level from t on (inches from a), sorted;
 * out[0].t == 0. Their number, at most max written. */
struct bs_terrain_step {
	double t;
	int level;
};
int bs_terrain_profile(const struct bs_terrain_index *ti, struct bs_vec a,
		       struct bs_vec b, struct bs_terrain_step *out, int max);

/* The highest level on ab strictly between t0 and t1 inches from a (for
 * sight over a hill between two units); -1 when t1 <= t0. */
int bs_terrain_peak(const struct bs_terrain_index *ti, struct bs_vec a,
		    struct bs_vec b, double t0, double t1);

/* 1 when ab passes through a feature that blocks sight (a building),
 * leaving out `skip_a` and `skip_b` inches at the ends. */
int bs_terrain_sight_blocked(const struct bs_terrain_index *ti, struct bs_vec a,
			     struct bs_vec b, double skip_a, double skip_b);

/* ---- blocks ---------------------------------------------------------------
 */

/* 1 when block q stands on feature f: it overlaps f's area by more than
 * BS_GEOM_TOUCH (RULING R-442; along the edge is not on it). */
int bs_terrain_quad_on(const struct bs_terrain_index *ti, int f,
		       const struct bs_quad *q);
/* The features q stands on (bs_terrain_quad_on), in the scenario's order:
 * their number, at most max written. */
int bs_terrain_under(const struct bs_terrain_index *ti, const struct bs_quad *q,
		     int *out, int max);
/* 1 when q lies wholly inside f's outline (to BS_GEOM_TOUCH: flush with
 * its edge counts). */
int bs_terrain_quad_within(const struct bs_terrain_index *ti, int f,
			   const struct bs_quad *q);
/* The ground a block stands on for elevation: the level under its centre
 * (RULING R-443). */
int bs_terrain_quad_level(const struct bs_terrain_index *ti,
			  const struct bs_quad *q);
/* The distance from q to f's outline (0 when the outline crosses q). */
double bs_terrain_edge_dist(const struct bs_terrain_index *ti, int f,
			    const struct bs_quad *q);
/* [11.9] "at the edge" of f: q stands on f, or within `tol` of it, and f's
 * outline passes within `tol` of q (RULING R-447). */
int bs_terrain_at_edge(const struct bs_terrain_index *ti, int f,
		       const struct bs_quad *q, double tol);

/* [11.9] how far a unit in woods sees and casts spells: 6" for woodland
 * creatures, 1" for all others. */
#define BS_TERRAIN_WOODS_SIGHT_WOODLAND 6.0
#define BS_TERRAIN_WOODS_SIGHT 1.0
double bs_terrain_woods_sight(int woodland);

/* [11.9] the edge band of woods: a unit in woods whose block comes within
 * this of the woods' outline is "at the edge of the woods" (RULING
 * as far as any creature sees in woods). */
#define BS_TERRAIN_EDGE_BAND BS_TERRAIN_WOODS_SIGHT

/* Table 13 [10.8] [11.9] the cover of a target for a missile from `from`
 * aimed at point `to` of the target, whose block is tq (NULL: a figure
 * without a base at `to`): hard (in a building, behind a wall) before
 * light (in woods, behind a hedge); "behind" is a hedge or wall that the
 * line crosses within BS_TERRAIN_BEHIND of the target (RULING R-448).
 * *feature (may be NULL) gets the feature, -1. */
#define BS_TERRAIN_BEHIND 1.0
enum bs_cover bs_terrain_cover(const struct bs_terrain_index *ti,
			       struct bs_vec from, struct bs_vec to,
			       const struct bs_quad *tq, int *feature);

/* ---- moves ----------------------------------------------------------------
 * A block moving straight (distance s, inches) or wheeling about a pivot
 * (angle s, degrees from the start, whichever way it turns). */

/* One feature a moving block is on: for s in (s0, s1), clipped to [0,
 * len]; s0 == 0 with on0: on it at the start (straddling it, or in it);
 * s1 == len: still on it at the end. */
struct bs_terrain_cross {
	int feature;
	double s0, s1;
	int on0; /* on it as it stands at the start */
};

/* What block q crosses moving `len` inches along unit vector dir: every
 * stretch on a feature, by s0 then feature; their number, at most max
 * written. */
int bs_terrain_sweep(const struct bs_terrain_index *ti, const struct bs_quad *q,
		     struct bs_vec dir, double len,
		     struct bs_terrain_cross *out, int max);
/* The same for a wheel of `deg` degrees (+ clockwise) about pivot. */
int bs_terrain_sweep_rotate(const struct bs_terrain_index *ti,
			    const struct bs_quad *q, struct bs_vec pivot,
			    double deg, struct bs_terrain_cross *out, int max);

/* What the ground asks of a unit (ground.h's struct bs_tt_mover). */
struct bs_tt_mover;

/* Why a move stopped short. */
enum bs_terrain_stop {
	BS_TSTOP_NONE,	    /* it went the whole length */
	BS_TSTOP_BUDGET,    /* the movement ran out */
	BS_TSTOP_BARRED,    /* ground it may not enter (the feature) */
	BS_TSTOP_FORMATION, /* closed formation at an obstacle: it goes to
			       open there [11.8], the caller carries on */
	BS_TSTOP__COUNT
};

/* The terrain a straight move or wheel pays [11.8] (RULINGS R-444 ..
 * per inch (per degree: the arc of the block's outermost figure,
 * `arm` inches from the pivot) the rate of the worst ground the block
 * stands on at that point (woods 3/2, rough and swamp 2, unless the unit
 * ignores it; clear, obstacles, elevation, water that may be entered 1),
 * plus 1/3 of `mv` for each obstacle it comes onto and for each 10 feet
 * its centre climbs. Where the whole block is on a road, the ground under
 * the road is not paid (a bridge, a ford, a road through woods: R-445). */
struct bs_terrain_path {
	double dist; /* how far it goes (inches or degrees) */
	double cost; /* inches of movement that costs (no road bonus) */
	enum bs_terrain_stop stop;
	int feature; /* the feature it stopped at (barred, obstacle), or
			the last obstacle it came onto; -1 */
	const char *why, *cite; /* the rule of the stop (static text) */
	int obstacles;		/* obstacles it came onto (each 1/3 MV) */
	int climbed;	 /* contour levels its centre climbed (each 1/3 MV) */
	int slow_row;	 /* the slowest Table 14 row it paid, -1 none */
	int on_obstacle; /* an obstacle under the block at any point, the
			    start included ([11.8] no charge through) */
	int uphill;	 /* its centre climbed ([11.8] no charge uphill) */
	int road_all;	 /* the whole block on a road all the way */
	int level0, level1; /* the centre's level at the start and the end */
};

/* The path of block q moving straight along unit vector dir for at most
 * `len` inches, paying at most `budget` inches of movement (HUGE_VAL: no
 * limit), for unit m of movement rate mv; road_scale (1, or 3/4 while the
 * road bonus holds, R-445) multiplies the cost of stretches where the
 * whole block is on a road. Barred ground (bs_tt_terrain_bars) stops it
 * BS_GEOM_STOP_GAP short of the feature, unless it stood on that feature
 * at the start (it may leave it). Fills *out; returns out->dist. */
double bs_terrain_advance(const struct bs_terrain_index *ti,
			  const struct bs_quad *q, struct bs_vec dir,
			  double len, double budget, double road_scale,
			  double mv, const struct bs_tt_mover *m,
			  struct bs_terrain_path *out);

/* The same for a wheel of `deg` degrees about pivot, `arm` the distance of
 * the outermost figure from the pivot (the block's width [7.9]); dist is
 * in degrees, signed as deg. */
double bs_terrain_wheel(const struct bs_terrain_index *ti,
			const struct bs_quad *q, struct bs_vec pivot,
			double deg, double arm, double budget,
			double road_scale, double mv,
			const struct bs_tt_mover *m,
			struct bs_terrain_path *out);

/* Block q put down where it stands (a face, a new frontage or formation,
 * a deployment): the first feature under it that bars m, or -1, with the
 * rule (may be NULL). Features q0 (may be NULL) already stood on do not
 * bar it (it may stay or leave). */
int bs_terrain_barred(const struct bs_terrain_index *ti,
		      const struct bs_quad *q, const struct bs_quad *q0,
		      const struct bs_tt_mover *m, const char **why,
		      const char **cite);

/* The road feature q lies wholly within, or -1. */
int bs_terrain_road_under(const struct bs_terrain_index *ti,
			  const struct bs_quad *q);

#endif
