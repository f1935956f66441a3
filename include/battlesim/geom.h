/* Tabletop geometry in inches: vectors, convex quadrilaterals (unit blocks
 * and bases), distances, contact between edges, and sweeps that stop a
 * moving block at first contact. No game rules here. Angles are degrees,
 * 0 = toward +y (north), 90 = toward +x (east), as in scenario files. */
#ifndef BATTLESIM_GEOM_H
#define BATTLESIM_GEOM_H

/* RULING R-330 [7.8] one tolerance, one definition of touching: two
 * blocks touch (base-to-base contact) when their distance is at most
 * BS_GEOM_TOUCH (bs_quad_touching), in every test that asks: the sweeps
 * that move a block, contact in the Movement and Melee Phases, the fit of
 * a new placement. A hundredth of an inch is far below what a ruler
 * measures. */
#define BS_GEOM_TOUCH 0.01

/* Where a motion that meets a block stops: this far from it (RULING
 * a hair short, well inside BS_GEOM_TOUCH, so the two touch but
 * never interpenetrate and a later move along the contact is free). */
#define BS_GEOM_STOP_GAP 0.002

/* How deep two touching blocks may overlap (rounding, a placement put
 * down flush): a motion that would take a block this close to an
 * obstacle deeper than this does not move. */
#define BS_GEOM_FIT_TOL (BS_GEOM_TOUCH * 0.25)

struct bs_vec {
	double x, y;
};

/* A convex quadrilateral, corners counter-clockwise. For a unit block:
 * p[0] front-left, p[1] rear-left, p[2] rear-right, p[3] front-right, so
 * edge 3->0 is the front, 0->1 the left flank, 1->2 the rear, 2->3 the
 * right flank (left and right as the unit faces). */
struct bs_quad {
	struct bs_vec p[4];
};

enum bs_side_edge {
	BS_EDGE_FRONT,
	BS_EDGE_LEFT,
	BS_EDGE_REAR,
	BS_EDGE_RIGHT,
	BS_SIDE_EDGE__COUNT
};

struct bs_vec bs_vec_add(struct bs_vec a, struct bs_vec b);
struct bs_vec bs_vec_sub(struct bs_vec a, struct bs_vec b);
struct bs_vec bs_vec_scale(struct bs_vec a, double k);
double bs_vec_dot(struct bs_vec a, struct bs_vec b);
double bs_vec_cross(struct bs_vec a, struct bs_vec b);
double bs_vec_len(struct bs_vec a);
double bs_vec_dist(struct bs_vec a, struct bs_vec b);

/* Unit vector of a facing in degrees (0 = +y). */
struct bs_vec bs_dir(double facing_deg);
/* Facing in degrees [0, 360) of a direction vector. */
double bs_facing_of(struct bs_vec d);
/* Signed smallest difference b - a in degrees, in (-180, 180]. */
double bs_angle_diff(double a_deg, double b_deg);
/* Rotate p about pivot by `deg` degrees clockwise (the sense of facings). */
struct bs_vec bs_rotate_about(struct bs_vec p, struct bs_vec pivot, double deg);

/* Quad q turned clockwise by `deg` degrees about pv (bs_rotate_about on
 * each corner, the sine and cosine taken once). */
struct bs_quad bs_quad_rotate(const struct bs_quad *q, struct bs_vec pv,
			      double deg);

/* The block of a unit: front edge centred on `front`, `width` wide,
 * `depth` deep behind it, facing `facing_deg`. */
struct bs_quad bs_block(struct bs_vec front, double facing_deg, double width,
			double depth);

/* Edge i of a quad as a segment (a, b), per enum bs_side_edge. */
void bs_quad_edge(const struct bs_quad *q, int edge, struct bs_vec *a,
		  struct bs_vec *b);

/* Centre of a quad. */
struct bs_vec bs_quad_centre(const struct bs_quad *q);

/* Distance from p to segment ab. */
double bs_seg_point_dist(struct bs_vec a, struct bs_vec b, struct bs_vec p);

/* Minimum distance between two convex quads: 0 when they overlap. */
double bs_quad_dist(const struct bs_quad *a, const struct bs_quad *b);

/* How bs_quad_dist(a, b) compares with thr: -1 below, 0 equal, 1 above,
 * always the answer the exact distance gives, but found with early exits
 * (bounding boxes, a vertex-edge pair surely nearer than thr) where that
 * is cheaper. For the threshold tests of moves and contact. thr must not
 * be NaN. */
int bs_quad_dist_cmp(const struct bs_quad *a, const struct bs_quad *b,
		     double thr);

/* 1 when a and b touch: bs_quad_dist(a, b) <= BS_GEOM_TOUCH (RULING
 * R-330, the one definition). */
int bs_quad_touching(const struct bs_quad *a, const struct bs_quad *b);

/* 1 when the bounding boxes of a and b are more than m apart along x or
 * along y (then so are the quads). */
int bs_quad_boxes_apart(const struct bs_quad *a, const struct bs_quad *b,
			double m);

/* The axis-aligned bounding box of a quad (issue 13 part 2: kept with a
 * unit's cached quad, so that the scans of all pairs test two boxes, not
 * eight corners each time). */
struct bs_box {
	double x0, y0, x1, y1;
};
struct bs_box bs_quad_box(const struct bs_quad *q);

/* bs_quad_boxes_apart on boxes already at hand: the same comparisons,
 * the same answer (a = bs_quad_box(qa), b = bs_quad_box(qb)). */
static inline int bs_box_apart(const struct bs_box *a, const struct bs_box *b,
			       double m)
{
	return b->x0 - a->x1 > m || a->x0 - b->x1 > m || b->y0 - a->y1 > m ||
	       a->y0 - b->y1 > m;
}

/* A lower bound of bs_quad_dist of the quads whose boxes are a and b: the
 * gap between the boxes (never more than the blocks'), less a margin far
 * above the rounding of either (coordinates of a few hundred inches), so
 * that bs_quad_dist is never below it; NaN when a box is (issue 13: the
 * broad phase of the nearest-enemy and gap searches). */
double bs_box_gap_lb(const struct bs_box *a, const struct bs_box *b);

/* 1 when the interiors overlap by more than the touch tolerance. */
int bs_quad_overlap(const struct bs_quad *a, const struct bs_quad *b);

/* How deep two convex quads overlap: the least overlap of their
 * projections on the edge normals of both (separating axes); <= 0 when
 * apart (infinite when every edge is degenerate). */
double bs_quad_depth(const struct bs_quad *a, const struct bs_quad *b);

/* bs_quad_depth(a, b) > thr, the same answer found with early exits (the
 * bounding boxes; the first axis not above thr). */
int bs_quad_depth_exceeds(const struct bs_quad *a, const struct bs_quad *b,
			  double thr);

/* 1 when point p is inside quad q (or within tol of it). */
int bs_quad_contains(const struct bs_quad *q, struct bs_vec p, double tol);

/* Point in a simple polygon (even-odd rule). */
int bs_poly_contains(const double (*pts)[2], int n, struct bs_vec p);

/* 1 when segments ab and cd intersect. */
int bs_seg_intersect(struct bs_vec a, struct bs_vec b, struct bs_vec c,
		     struct bs_vec d);

/* Length over which segment ab lies along segment cd: both within tol of
 * the other's line and overlapping in projection; 0 when they do not touch
 * over a length. Used for base-to-base contact along edges. */
double bs_seg_touch_len(struct bs_vec a, struct bs_vec b, struct bs_vec c,
			struct bs_vec d, double tol);

/* The sweeps (RULING R-330): exact first contact in closed form. A block
 * moving along a line (distance t) or turning about a pivot (degrees t),
 * up to a limit L, against each obstacle, as it stands at the start:
 * - apart (farther than BS_GEOM_TOUCH): it comes to touch the obstacle at
 *   the first t where their distance is BS_GEOM_TOUCH, and is stopped by
 *   it at the first t where the distance is BS_GEOM_STOP_GAP (a move of
 *   exactly the gap, or anything from there on to L, touches it);
 * - touching but farther than BS_GEOM_STOP_GAP: stopped at the first t
 *   where the distance is BS_GEOM_STOP_GAP;
 * - closer (overlapping by at most BS_GEOM_FIT_TOL): it does not move
 *   when the motion would take it in deeper than BS_GEOM_FIT_TOL (sliding
 *   along, or backing away, is free);
 * - overlapping deeper (never produced by moves): it does not move when
 *   the motion, as it starts, takes it in deeper (the rate of the
 *   separating-axis overlap); backing out or sliding along is free.
 * The block goes to the least stop. *hit (may be NULL) gets the obstacle
 * it came to touch first among those it touches where it stops, else the
 * one that stopped it, else -1. */

/* How far quad q can translate along unit direction `dir`, up to `len`. */
double bs_sweep_translate(const struct bs_quad *q, struct bs_vec dir,
			  double len, const struct bs_quad *obst, int n,
			  int *hit);

/* issue 13: each thread keeps its last few translation sweeps and answers
 * the same sweep, or a shorter one along the same line, from them with
 * the very bytes the sweep gives (src/core/geom.c, "the sweep memo").
 * For tests: 0 turns it off (1 on, the default) in the calling thread,
 * and either way empties it. */
void bs_geom_sweep_memo(int on);
/* The sweeps the calling thread's memo has answered so far (statistics). */
unsigned long bs_geom_sweep_memo_hits(void);

/* How far (degrees, same sign as `deg`; + clockwise) quad q can turn about
 * `pivot`, up to `deg`. */
double bs_sweep_rotate(const struct bs_quad *q, struct bs_vec pivot, double deg,
		       const struct bs_quad *obst, int n, int *hit);

#endif
