/* The ground of the tabletop (1E and 2E): whether a unit's block may stand
 * where it is, the one test the deployment checks and the movement code
 * call. 1E [11.8] Table 14: water only for units entirely of aquatic or
 * amphibious creatures (unless fordable), no closed formation in woods,
 * rough, swamp or water (RULING R-316); 2E RULING R-220: water bars every
 * unit, woods and swamp bar cavalry. A block is on a feature when it
 * overlaps the feature's area by more than touching (RULING R-314). */
#ifndef BATTLESIM_GROUND_H
#define BATTLESIM_GROUND_H

#include "battlesim/geom.h"
#include "battlesim/model.h"

/* What the ground rules ask of a unit. */
struct bs_tt_mover {
	enum bs_rules rules;	     /* BS_RULES_BS1E or BS_RULES_BS2E */
	enum bs_formation formation; /* 1E: closed formation is barred */
	int aquatic; /* 1E: every creature of the unit aquatic/amphibious */
	int cavalry; /* 2E: the unit is of kind cavalry */
	/* 1E [11.8]: every creature of the unit woodland, mountain-bred, a
	 * swamp inhabitant: it ignores that terrain's penalty */
	int woodland, mountain, swamp;
};

/* 1 when terrain of type `type` (enum bs_terrain_type, terrain.h;
 * `fordable` water) bars mover m; *why and *cite (may be NULL) get the
 * rule. */
int bs_tt_terrain_bars(int type, int fordable, const struct bs_tt_mover *m,
		       const char **why, const char **cite);

/* 1 when quad q and the simple polygon pts[0..n-1] overlap by more than
 * BS_GEOM_TOUCH (a block along a feature's edge is not on it): q meets the
 * outline's triangles shrunk by BS_GEOM_TOUCH, the test of the terrain
 * index (terrain.h, RULING R-442). */
int bs_tt_quad_on_poly(const struct bs_quad *q, const double (*pts)[2], int n);

/* The index of the first terrain feature of sc that the block q stands on
 * and that bars m, or -1; *why, *cite as bs_tt_terrain_bars. */
int bs_tt_ground_barred(const struct bs_scenario *sc, const struct bs_quad *q,
			const struct bs_tt_mover *m, const char **why,
			const char **cite);

/* The same for a figure without a base standing at p (an individual). */
int bs_tt_point_barred(const struct bs_scenario *sc, struct bs_vec p,
		       const struct bs_tt_mover *m, const char **why,
		       const char **cite);

/* 1 when every creature of unit u (its creature or each part of a mix,
 * its mount, a chariot's pullers and passengers) is aquatic [11.8]. */
int bs_tt_unit_aquatic(const struct bs_unit *u);

/* 1 when every creature of unit u (as bs_tt_unit_aquatic) has creature
 * flag `flag` (enum bs_creature_flag): woodland, mountain, swamp [11.8]
 * (RULING R-446). */
int bs_tt_unit_all(const struct bs_unit *u, unsigned flag);

/* The ground rules of unit u in formation f under `rules` (1E: its
 * creatures' flags; 2E: its kind). */
struct bs_tt_mover bs_tt_mover_of(const struct bs_unit *u, enum bs_rules rules,
				  enum bs_formation f);

#endif
