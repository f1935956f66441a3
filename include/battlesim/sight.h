/* Missile sight on the tabletop (issue 14): which figures of a firing unit
 * can shoot at a target unit and which of the target's figures they see
 * [10.0] [10.1], over friends [10.7], the range [10.8] and the minimum
 * range of catapults [10.9]. Figures stand where the tabletop model puts
 * them (tabletop.h); the lines run from base centre to base centre; a
 * line is blocked by the block of any other unit on the table (RULING
 * Shared by 1E and 2E; pure geometry on caller data, and one
 * query on a battle. Terrain and elevation blocking: the terrain queries
 * (i14-terrain). */
#ifndef BATTLESIM_SIGHT_H
#define BATTLESIM_SIGHT_H

#include "battlesim/geom.h"
#include "battlesim/tabletop.h"
#include "battlesim/terrain.h"

struct bs_battle;

/* [10.1] "45 degrees to either side of the figure". */
#define BS_TT_FIRE_ARC 45.0

/* [10.7] "at least 3" away from the friendly troops over which they are
 * firing". */
#define BS_TT_INDIRECT_GAP 3.0

/* A line that crosses a block over less than this (inches) only grazes
 * a corner: it is not blocked (RULING R-473). */
#define BS_TT_GRAZE 0.05

/* How a unit fires. */
struct bs_tt_fire_spec {
	int rows;	  /* ranks that fire, from the front [10.0] */
	double reach;	  /* long range, inches */
	double min_range; /* [10.9] nothing nearer is shot (0: none) */
	int indirect_ok;  /* [10.7] may shoot over friendly units */
	/* the terrain (NULL: none): woods, hills and buildings on the lines
	 * (RULING R-495); `woodland`: the firers see 6" in woods [11.9] */
	const struct bs_terrain_index *ti;
	int woodland;
};

/* One volley's geometry. */
struct bs_tt_sight {
	int firers;	 /* figures that see a target figure in reach */
	int seen;	 /* target figures seen by one of them at least */
	int in_reach;	 /* target figures within reach of a firing figure
			    (in arc and sight or not) */
	int standing;	 /* target figures standing */
	int indirect;	 /* 1: every firer shoots over friends [10.7] */
	int over;	 /* a friendly obstacle shot over (index), -1 */
	int hidden_by;	 /* an obstacle that hides part of it (index), -1 */
	int too_close;	 /* in reach but inside the minimum range [10.9] */
	int terrain_hid; /* some line was blocked by terrain: woods, a hill,
			    a building (RULING R-495) */
	double range;	 /* nearest firer-seen pair, base to base */
	struct bs_vec from, to; /* that pair: firer's figure, target's */
};

/* The volley of firing block (fs, fp) at target block (ts, tp): the
 * firing figures are the first spec->rows ranks; a target figure is seen
 * by a firing figure when it lies within 45 degrees of the firer's facing
 * [10.1], its base no farther from the firer's than spec->reach and no
 * nearer than spec->min_range (RULING R-474: range is measured base to
 * base, the nearest points), and the line between their base centres
 * crosses none of the n obstacle
 * quads (the other units) by more than BS_TT_GRAZE. An obstacle with
 * friendly[k] set (a friend of the firer) whose block lies at least
 * BS_TT_INDIRECT_GAP from the firer's (fdist[k]) does not block when
 * spec->indirect_ok: then the line is indirect fire. RULING R-479: the
 * volley is direct when any firing figure has a direct line (only those
 * fire), else indirect (every figure with a line over friends fires).
 * The target's own figures and the firer's do not hide one another
 * . With spec->ti, RULING R-495: a line is blocked by woods along
 * it longer than the firers see in woods [11.9] (1", 6" for woodland
 * creatures), by a building it passes through (not one it starts or ends
 * in), and by a hill higher between its ends than both ends' ground.
 * Returns out->firers. friendly and fdist may be NULL (no friends). */
int bs_tt_sight_geom(const struct bs_tt_shape *fs, const struct bs_tt_pose *fp,
		     const struct bs_tt_shape *ts, const struct bs_tt_pose *tp,
		     const struct bs_tt_fire_spec *spec,
		     const struct bs_quad *obst, const unsigned char *friendly,
		     const double *fdist, int n, struct bs_tt_sight *out);

/* The same on a battle: unit (side, unit) firing at (tside, tunit); the
 * obstacles are every other unit in play (individuals are figures without
 * bases: they block nothing). `at` (may be NULL) puts its unit where a
 * moment of its move has it [10.6] (the target, or an obstacle); the
 * battle's terrain and the firers' woodland sight are used whatever spec
 * says. out->over and out->hidden_by are global unit indexes. */
int bs_tt_unit_sight(const struct bs_battle *b, int side, int unit, int tside,
		     int tunit, const struct bs_tt_fire_spec *spec,
		     const struct bs_move_point *at, struct bs_tt_sight *out);

/* 1 when segment ab crosses quad q over more than `graze` inches (its
 * part inside q, Cyrus-Beck). */
int bs_tt_seg_crosses(struct bs_vec a, struct bs_vec b, const struct bs_quad *q,
		      double graze);

#endif
