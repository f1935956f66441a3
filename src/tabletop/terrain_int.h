/* Inside the tabletop: the triangles a terrain outline is cut into
 * (RULING R-442), shared by the terrain index (terrain.c) and the ground
 * test on a bare outline (ground.c). */
#ifndef BATTLESIM_TABLETOP_TERRAIN_INT_H
#define BATTLESIM_TABLETOP_TERRAIN_INT_H

#include "battlesim/geom.h"

struct bs_tt_tri {
	struct bs_vec p[3]; /* counter-clockwise */
};

/* Cut the simple outline v[0..n-1] (either orientation) into triangles,
 * each shrunk by tol (those narrower than 2 tol vanish): at most max into
 * out, their number. */
int bs_tt_triangulate(const struct bs_vec *v, int n, double tol,
		      struct bs_tt_tri *out, int max);

/* 1 when convex quad q overlaps one of the triangles t[0..n-1]. */
int bs_tt_quad_on_tris(const struct bs_quad *q, const struct bs_tt_tri *t,
		       int n);

#endif
