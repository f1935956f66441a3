/* Tabletop geometry: quads (unit blocks and bases), distances (and their
 * comparison with a threshold, with early exits that never change the
 * answer), edge contact, and exact sweeps of a quad along a line or
 * about a pivot, stopping at first contact: closed forms (RULING R-330),
 * a separating-axis computation for a translation (first_line,
 * ray_capsule), where a corner's circle crosses an edge for a rotation
 * (first_turn, turn_capsule), with no stepping and no bisection.
 * Doubles only; built with -ffp-contract=off so results do not vary. */
#include "battlesim/geom.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846

struct bs_vec bs_vec_add(struct bs_vec a, struct bs_vec b)
{
	return (struct bs_vec){a.x + b.x, a.y + b.y};
}

struct bs_vec bs_vec_sub(struct bs_vec a, struct bs_vec b)
{
	return (struct bs_vec){a.x - b.x, a.y - b.y};
}

struct bs_vec bs_vec_scale(struct bs_vec a, double k)
{
	return (struct bs_vec){a.x * k, a.y * k};
}

double bs_vec_dot(struct bs_vec a, struct bs_vec b)
{
	return a.x * b.x + a.y * b.y;
}

double bs_vec_cross(struct bs_vec a, struct bs_vec b)
{
	return a.x * b.y - a.y * b.x;
}

double bs_vec_len(struct bs_vec a)
{
	return sqrt(a.x * a.x + a.y * a.y);
}

double bs_vec_dist(struct bs_vec a, struct bs_vec b)
{
	return bs_vec_len(bs_vec_sub(a, b));
}

/* issue 13 part 3: the unit vector of a facing is asked for again and
 * again for the same few facings (every block, sweep and arc of a unit
 * that has not turned), and sin/cos were 3.5% of a 1E battle's
 * instructions. A small per-thread memo keyed on the facing's exact bits
 * returns the very vector libm gave for those bits: the same bytes, no
 * sharing between threads. */
#define DIR_MEMO                                                               \
	256 /* entries, a power of two (16 missed a third of                   \
	     * the built-in's asks: a facing and the one at 90                 \
	     * degrees from it for each unit, and the what-ifs') */
static _Thread_local struct dir_memo {
	uint64_t bits;
	int ok;
	struct bs_vec v;
} dir_memo[DIR_MEMO];

struct bs_vec bs_dir(double facing_deg)
{
	uint64_t bits;
	memcpy(&bits, &facing_deg, sizeof bits);
	struct dir_memo *m =
	    &dir_memo[(bits ^ (bits >> 29) ^ (bits >> 43)) & (DIR_MEMO - 1)];
	if (m->ok && m->bits == bits)
		return m->v;
	double r = facing_deg * PI / 180.0;
	m->bits = bits;
	m->ok = 1;
	m->v = (struct bs_vec){sin(r), cos(r)};
	return m->v;
}

double bs_facing_of(struct bs_vec d)
{
	double deg = atan2(d.x, d.y) * 180.0 / PI;
	if (deg < 0)
		deg += 360.0;
	if (deg >= 360.0)
		deg -= 360.0;
	return deg;
}

double bs_angle_diff(double a_deg, double b_deg)
{
	double d = fmod(b_deg - a_deg, 360.0);
	if (d <= -180.0)
		d += 360.0;
	if (d > 180.0)
		d -= 360.0;
	return d;
}

struct bs_vec bs_rotate_about(struct bs_vec p, struct bs_vec pivot, double deg)
{
	/* clockwise by deg: facing 0 (+y) turned 90 gives +x */
	double r = -deg * PI / 180.0;
	double c = cos(r), s = sin(r);
	struct bs_vec d = bs_vec_sub(p, pivot);
	return (struct bs_vec){pivot.x + d.x * c - d.y * s,
			       pivot.y + d.x * s + d.y * c};
}

struct bs_quad bs_block(struct bs_vec front, double facing_deg, double width,
			double depth)
{
	struct bs_vec f = bs_dir(facing_deg);
	struct bs_vec right = {f.y, -f.x};
	struct bs_vec half = bs_vec_scale(right, width / 2.0);
	struct bs_vec back = bs_vec_scale(f, -depth);
	struct bs_quad q;
	q.p[0] = bs_vec_sub(front, half);  /* front-left */
	q.p[1] = bs_vec_add(q.p[0], back); /* rear-left */
	q.p[3] = bs_vec_add(front, half);  /* front-right */
	q.p[2] = bs_vec_add(q.p[3], back); /* rear-right */
	return q;
}

void bs_quad_edge(const struct bs_quad *q, int edge, struct bs_vec *a,
		  struct bs_vec *b)
{
	static const int from[4] = {3, 0, 1, 2};
	static const int to[4] = {0, 1, 2, 3};
	*a = q->p[from[edge]];
	*b = q->p[to[edge]];
}

struct bs_vec bs_quad_centre(const struct bs_quad *q)
{
	struct bs_vec c = {0, 0};
	for (int i = 0; i < 4; i++)
		c = bs_vec_add(c, q->p[i]);
	return bs_vec_scale(c, 0.25);
}

double bs_seg_point_dist(struct bs_vec a, struct bs_vec b, struct bs_vec p)
{
	struct bs_vec ab = bs_vec_sub(b, a);
	double l2 = bs_vec_dot(ab, ab);
	double t = l2 > 0 ? bs_vec_dot(bs_vec_sub(p, a), ab) / l2 : 0;
	if (t < 0)
		t = 0;
	if (t > 1)
		t = 1;
	return bs_vec_dist(p, bs_vec_add(a, bs_vec_scale(ab, t)));
}

/* min / max for values used only in comparisons (they may differ from
 * fmin / fmax in the sign of a zero only, which no comparison sees);
 * inline, where fmin / fmax are calls into libm. */
static inline double lo2(double a, double b)
{
	return b < a ? b : a;
}

static inline double hi2(double a, double b)
{
	return b > a ? b : a;
}

/* The unit normal (-e.y / l, e.x / l) of edge i of q, edge e of length
 * l: the separating axes are these normals of both quads. 0 when the
 * edge is degenerate (shorter than 1e-12): no axis. */
static inline int edge_normal(const struct bs_quad *q, int i, double *nx,
			      double *ny)
{
	const struct bs_vec *p0 = &q->p[i], *p1 = &q->p[(i + 1) % 4];
	double ex = p1->x - p0->x, ey = p1->y - p0->y;
	double l = sqrt(ex * ex + ey * ey);
	if (l < 1e-12)
		return 0;
	*nx = -ey / l;
	*ny = ex / l;
	return 1;
}

/* The projection [*lo, *hi] of q on the axis (nx, ny). */
static inline void project(const struct bs_quad *q, double nx, double ny,
			   double *lo, double *hi)
{
	double l = q->p[0].x * nx + q->p[0].y * ny, h = l;
	for (int j = 1; j < 4; j++) {
		double v = q->p[j].x * nx + q->p[j].y * ny;
		if (v < l)
			l = v;
		if (v > h)
			h = v;
	}
	*lo = l;
	*hi = h;
}

/* Overlap of the projections of a and b on the normal of edge i of q
 * (q is a or b); 0 with *skip set when that edge is degenerate. */
static inline double axis_overlap(const struct bs_quad *q, int i,
				  const struct bs_quad *a,
				  const struct bs_quad *b, int *skip)
{
	double nx, ny, alo, ahi, blo, bhi;
	if (!edge_normal(q, i, &nx, &ny)) {
		*skip = 1;
		return 0;
	}
	*skip = 0;
	project(a, nx, ny, &alo, &ahi);
	project(b, nx, ny, &blo, &bhi);
	return (bhi < ahi ? bhi : ahi) - (blo > alo ? blo : alo);
}

/* Smallest overlap of the projections over all axes (negative: a gap). */
static double min_overlap(const struct bs_quad *a, const struct bs_quad *b)
{
	double best = INFINITY;
	const struct bs_quad *qs[2] = {a, b};
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < 4; i++) {
			int skip;
			double ov = axis_overlap(qs[k], i, a, b, &skip);
			if (!skip && ov < best)
				best = ov;
		}
	return best;
}

/* Axis-aligned bounding box of a quad. */
struct box {
	double x0, y0, x1, y1;
};

static struct box box_of(const struct bs_quad *q)
{
	struct box b = {q->p[0].x, q->p[0].y, q->p[0].x, q->p[0].y};
	for (int i = 1; i < 4; i++) {
		b.x0 = lo2(b.x0, q->p[i].x);
		b.x1 = hi2(b.x1, q->p[i].x);
		b.y0 = lo2(b.y0, q->p[i].y);
		b.y1 = hi2(b.y1, q->p[i].y);
	}
	return b;
}

/* 1 when the boxes, each grown by m, meet. */
static int boxes_meet(const struct box *a, const struct box *b, double m)
{
	return a->x0 - m <= b->x1 && b->x0 - m <= a->x1 && a->y0 - m <= b->y1 &&
	       b->y0 - m <= a->y1;
}

/* min_overlap(a, b) > thr, stopping at the first axis that shows it is
 * not (the common case: the quads are apart). Each axis is worked out
 * only when it is reached (the answer does not depend on the order). */
static int overlap_exceeds(const struct bs_quad *a, const struct bs_quad *b,
			   double thr)
{
	struct box ba = box_of(a), bb = box_of(b);
	if (!boxes_meet(&ba, &bb, -thr))
		return 0;
	const struct bs_quad *qs[2] = {a, b};
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < 4; i++) {
			int skip;
			double ov = axis_overlap(qs[k], i, a, b, &skip);
			if (!skip && ov <= thr)
				return 0;
		}
	return 1;
}

int bs_quad_overlap(const struct bs_quad *a, const struct bs_quad *b)
{
	return overlap_exceeds(a, b, BS_GEOM_TOUCH);
}

double bs_quad_depth(const struct bs_quad *a, const struct bs_quad *b)
{
	return min_overlap(a, b);
}

int bs_quad_depth_exceeds(const struct bs_quad *a, const struct bs_quad *b,
			  double thr)
{
	return overlap_exceeds(a, b, thr);
}

/* A margin far above the rounding of any distance on a table (inches;
 * coordinates stay below a few hundred, so rounding is below 1e-12): a
 * bound that clears a threshold by this much decides the comparison the
 * exact arithmetic would make. */
#define DIST_MARGIN 1e-9

/* Squared distance from each vertex of p to each edge of q, the least
 * of them and of `best`, with the edges' vectors and inverse squared
 * lengths computed once. A vertex whose squared distance to q's bounding
 * box (a lower bound of its distance to every edge of q) exceeds the
 * least found so far by more than rounding could make up is skipped: it
 * cannot hold the least, so the answer is the one every pair would give
 * (the least of a set does not depend on the order it is taken in). The
 * vertex nearest q's box is taken first. */
static double vertex_edge_min2(const struct bs_quad *p, const struct bs_quad *q,
			       const struct box *bq, double best)
{
	struct bs_vec e[4];
	double inv[4], lb[4];
	int first = 0, have_e = 0;
	for (int i = 0; i < 4; i++) {
		double gx = hi2(hi2(bq->x0 - p->p[i].x, p->p[i].x - bq->x1), 0);
		double gy = hi2(hi2(bq->y0 - p->p[i].y, p->p[i].y - bq->y1), 0);
		lb[i] = gx * gx + gy * gy;
		if (lb[i] < lb[first])
			first = i;
	}
	for (int k = 0; k < 4; k++) {
		int i = k == 0 ? first : (k <= first ? k - 1 : k);
		if (lb[i] > best + DIST_MARGIN * (1 + best))
			continue;
		if (!have_e) {
			for (int j = 0; j < 4; j++) {
				e[j] = bs_vec_sub(q->p[(j + 1) % 4], q->p[j]);
				double l2 = bs_vec_dot(e[j], e[j]);
				inv[j] = l2 > 0 ? 1.0 / l2 : 0;
			}
			have_e = 1;
		}
		for (int j = 0; j < 4; j++) {
			struct bs_vec w = bs_vec_sub(p->p[i], q->p[j]);
			double t = bs_vec_dot(w, e[j]) * inv[j];
			if (t < 0)
				t = 0;
			if (t > 1)
				t = 1;
			double dx = w.x - e[j].x * t, dy = w.y - e[j].y * t;
			double d2 = dx * dx + dy * dy;
			if (d2 < best)
				best = d2;
		}
	}
	return best;
}

/* The least vertex-edge distance of a and b (boxes ba, bb) both ways. */
static double pairs_dist(const struct bs_quad *a, const struct box *ba,
			 const struct bs_quad *b, const struct box *bb)
{
	/* both squared distances are >= +0, never NaN: the least of all the
	 * pairs is the lo2 of the two ways */
	return sqrt(
	    vertex_edge_min2(b, a, ba, vertex_edge_min2(a, b, bb, INFINITY)));
}

/* ---- the pair memo (issue 13) -------------------------------------------
 * The distance of the same two blocks is asked again and again (the
 * doctrine's look at the table for each candidate order, the engine's
 * checks of the same pair in one phase), and so is how it compares with
 * a few thresholds. Each thread keeps, in a table indexed by a hash of
 * the two quads (compared byte for byte), the distance when it was asked
 * for (bs_quad_dist's bytes) and the last answers of bs_quad_dist_cmp.
 * bs_quad_dist_cmp answers from a distance kept as it would compare the
 * distance itself: its early exits never change the answer (each decides
 * as the least of all the vertex-edge pairs would, the same numbers
 * bs_quad_dist takes the least of). Same inputs, same bytes
 * (tests/unit/t_geom_pair_memo.c). */
static _Thread_local int sweep_memo_off;
#define PAIR_MEMO 512 /* entries, a power of two */
#define PAIR_THR 3
static _Thread_local struct pmemo {
	unsigned gen;
	unsigned char has_d, next;
	signed char res[PAIR_THR];
	struct bs_quad a, b;
	double d;
	double thr[PAIR_THR];
} pmemo[PAIR_MEMO];
static _Thread_local unsigned pmemo_gen = 1;

static inline uint64_t mix64(uint64_t h, double d)
{
	uint64_t w;
	memcpy(&w, &d, sizeof w);
	h = (h ^ w) * 0x9E3779B97F4A7C15ull;
	return h ^ (h >> 29);
}

/* The entry for (a, b): *same when it holds them. */
static struct pmemo *pmemo_at(const struct bs_quad *a, const struct bs_quad *b,
			      int *same)
{
	uint64_t h = mix64(mix64(mix64(1, a->p[0].x), a->p[0].y), a->p[2].x);
	h = mix64(mix64(mix64(h, b->p[0].x), b->p[0].y), b->p[2].y);
	struct pmemo *e = &pmemo[(h ^ (h >> 32)) & (PAIR_MEMO - 1)];
	*same = e->gen == pmemo_gen && memcmp(&e->a, a, sizeof *a) == 0 &&
		memcmp(&e->b, b, sizeof *b) == 0;
	return e;
}

static void pmemo_take(struct pmemo *e, const struct bs_quad *a,
		       const struct bs_quad *b)
{
	e->gen = pmemo_gen;
	e->a = *a;
	e->b = *b;
	e->has_d = 0;
	e->next = 0;
	for (int k = 0; k < PAIR_THR; k++)
		e->res[k] = 2; /* none */
}

static double quad_dist(const struct bs_quad *a, const struct bs_quad *b);

double bs_quad_dist(const struct bs_quad *a, const struct bs_quad *b)
{
	if (sweep_memo_off)
		return quad_dist(a, b);
	int same;
	struct pmemo *e = pmemo_at(a, b, &same);
	if (same && e->has_d)
		return e->d;
	double d = quad_dist(a, b);
	if (!same)
		pmemo_take(e, a, b);
	e->d = d;
	e->has_d = 1;
	return d;
}

static double quad_dist(const struct bs_quad *a, const struct bs_quad *b)
{
	struct box ba = box_of(a), bb = box_of(b);
	/* overlap_exceeds(a, b, 0), its boxes kept */
	if (boxes_meet(&ba, &bb, 0)) {
		int apart = 0;
		const struct bs_quad *qs[2] = {a, b};
		for (int k = 0; k < 2 && !apart; k++)
			for (int i = 0; i < 4; i++) {
				int skip;
				double ov = axis_overlap(qs[k], i, a, b, &skip);
				if (!skip && ov <= 0) {
					apart = 1;
					break;
				}
			}
		if (!apart)
			return 0.0;
	}
	/* apart: the least distance is between a vertex and an edge */
	return pairs_dist(a, &ba, b, &bb);
}

/* Scan of the vertex-edge pairs of p against q (box *bqp) for
 * bs_quad_dist_cmp: 1 as soon as a pair lies surely nearer than thr (its
 * squared distance below lo2s = (thr - margin)^2), else 0. A vertex
 * surely farther (its squared distance to q's box above hi2s = (thr +
 * margin)^2) is skipped; the other pairs fold their squared distance
 * into *m. */
static int pairs_below(const struct bs_quad *p, const struct bs_quad *q,
		       const struct box *bqp, double lo2s, double hi2s,
		       double *m)
{
	struct box bq = *bqp;
	struct bs_vec e[4];
	double inv[4];
	int have_e = 0;
	for (int i = 0; i < 4; i++) {
		double gx = hi2(hi2(bq.x0 - p->p[i].x, p->p[i].x - bq.x1), 0);
		double gy = hi2(hi2(bq.y0 - p->p[i].y, p->p[i].y - bq.y1), 0);
		if (gx * gx + gy * gy > hi2s)
			continue;
		if (!have_e) {
			/* as vertex_edge_min2 has them */
			for (int j = 0; j < 4; j++) {
				e[j] = bs_vec_sub(q->p[(j + 1) % 4], q->p[j]);
				double l2 = bs_vec_dot(e[j], e[j]);
				inv[j] = l2 > 0 ? 1.0 / l2 : 0;
			}
			have_e = 1;
		}
		for (int j = 0; j < 4; j++) {
			struct bs_vec w = bs_vec_sub(p->p[i], q->p[j]);
			double t = bs_vec_dot(w, e[j]) * inv[j];
			if (t < 0)
				t = 0;
			if (t > 1)
				t = 1;
			double dx = w.x - e[j].x * t, dy = w.y - e[j].y * t;
			double d2 = dx * dx + dy * dy;
			if (d2 < lo2s)
				return 1;
			if (d2 < *m)
				*m = d2;
		}
	}
	return 0;
}

static int quad_dist_cmp(const struct bs_quad *a, const struct bs_quad *b,
			 double thr);

int bs_quad_dist_cmp(const struct bs_quad *a, const struct bs_quad *b,
		     double thr)
{
	if (sweep_memo_off)
		return quad_dist_cmp(a, b, thr);
	if (!(thr > DIST_MARGIN)) {
		/* quad_dist_cmp's own way: the distance (kept) compared */
		double d = bs_quad_dist(a, b);
		return d < thr ? -1 : d > thr ? 1 : 0;
	}
	/* issue 13: boxes farther apart than thr and the margin answer 1
	 * before the memo is looked at (quad_dist_cmp's first test, and the
	 * distance the memo may hold is at least the boxes' gap, so it
	 * answers 1 as well). Only finite boxes: a quad with a coordinate
	 * not finite goes the way it went before. */
	{
		struct box ba = box_of(a), bb = box_of(b);
		double fin = ba.x0 + ba.x1 + ba.y0 + ba.y1 + bb.x0 + bb.x1 +
			     bb.y0 + bb.y1;
		if (fin - fin == 0 && !boxes_meet(&ba, &bb, thr + DIST_MARGIN))
			return 1;
	}
	int same;
	struct pmemo *e = pmemo_at(a, b, &same);
	if (same) {
		if (e->has_d) {
			double d = e->d;
			return d < thr ? -1 : d > thr ? 1 : 0;
		}
		for (int k = 0; k < PAIR_THR; k++)
			if (e->res[k] != 2 &&
			    memcmp(&e->thr[k], &thr, sizeof thr) == 0)
				return e->res[k];
	}
	/* (above DIST_MARGIN, quad_dist_cmp does not use the memo) */
	int r = quad_dist_cmp(a, b, thr);
	if (!same)
		pmemo_take(e, a, b);
	if (!e->has_d) {
		e->thr[e->next] = thr;
		e->res[e->next] = (signed char)r;
		e->next = (unsigned char)((e->next + 1) % PAIR_THR);
	}
	return r;
}

static int quad_dist_cmp(const struct bs_quad *a, const struct bs_quad *b,
			 double thr)
{
	if (!(thr > DIST_MARGIN)) {
		double d = bs_quad_dist(a, b);
		return d < thr ? -1 : d > thr ? 1 : 0;
	}
	/* boxes farther apart than thr (and the margin): so are the quads */
	struct box ba = box_of(a), bb = box_of(b);
	if (!boxes_meet(&ba, &bb, thr + DIST_MARGIN))
		return 1;
	double lo = thr - DIST_MARGIN, hi = thr + DIST_MARGIN;
	double lo2s = lo * lo, hi2s = hi * hi, m = INFINITY;
	/* a pair surely nearer than thr: bs_quad_dist, the least of all
	 * pairs (or 0 when overlapping), is nearer too */
	if (pairs_below(a, b, &bb, lo2s, hi2s, &m) ||
	    pairs_below(b, a, &ba, lo2s, hi2s, &m))
		return -1;
	if (overlap_exceeds(a, b, 0))
		return -1; /* distance 0 < thr */
	/* the pairs skipped lie surely beyond thr: the least of the rest
	 * decides as the least of all would */
	double d = sqrt(m);
	return d < thr ? -1 : d > thr ? 1 : 0;
}

int bs_quad_contains(const struct bs_quad *q, struct bs_vec p, double tol)
{
	for (int i = 0; i < 4; i++) {
		struct bs_vec e = bs_vec_sub(q->p[(i + 1) % 4], q->p[i]);
		double l = bs_vec_len(e);
		if (l < 1e-12)
			continue;
		/* counter-clockwise: inside is to the left of each edge */
		if (bs_vec_cross(e, bs_vec_sub(p, q->p[i])) / l < -tol)
			return 0;
	}
	return 1;
}

int bs_poly_contains(const double (*pts)[2], int n, struct bs_vec p)
{
	int in = 0;
	for (int i = 0, j = n - 1; i < n; j = i++) {
		double xi = pts[i][0], yi = pts[i][1];
		double xj = pts[j][0], yj = pts[j][1];
		if ((yi > p.y) != (yj > p.y) &&
		    p.x < (xj - xi) * (p.y - yi) / (yj - yi) + xi)
			in = !in;
	}
	return in;
}

static double orient(struct bs_vec a, struct bs_vec b, struct bs_vec c)
{
	return bs_vec_cross(bs_vec_sub(b, a), bs_vec_sub(c, a));
}

int bs_seg_intersect(struct bs_vec a, struct bs_vec b, struct bs_vec c,
		     struct bs_vec d)
{
	double o1 = orient(a, b, c), o2 = orient(a, b, d);
	double o3 = orient(c, d, a), o4 = orient(c, d, b);
	if (((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) &&
	    ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0)))
		return 1;
	/* collinear or touching end points */
	if (o1 == 0 && bs_seg_point_dist(a, b, c) < 1e-12)
		return 1;
	if (o2 == 0 && bs_seg_point_dist(a, b, d) < 1e-12)
		return 1;
	if (o3 == 0 && bs_seg_point_dist(c, d, a) < 1e-12)
		return 1;
	if (o4 == 0 && bs_seg_point_dist(c, d, b) < 1e-12)
		return 1;
	return 0;
}

double bs_seg_touch_len(struct bs_vec a, struct bs_vec b, struct bs_vec c,
			struct bs_vec d, double tol)
{
	struct bs_vec u = bs_vec_sub(b, a);
	double l = bs_vec_len(u);
	if (l < 1e-12)
		return 0;
	u = bs_vec_scale(u, 1.0 / l);
	struct bs_vec n = {-u.y, u.x};
	/* both end points of cd within tol of ab's line, and nearly parallel */
	double dc = bs_vec_dot(bs_vec_sub(c, a), n);
	double dd = bs_vec_dot(bs_vec_sub(d, a), n);
	if (fabs(dc) > tol || fabs(dd) > tol)
		return 0;
	double tc = bs_vec_dot(bs_vec_sub(c, a), u);
	double td = bs_vec_dot(bs_vec_sub(d, a), u);
	double lo = fmax(0.0, fmin(tc, td));
	double hi = fmin(l, fmax(tc, td));
	return hi > lo ? hi - lo : 0;
}

/* Swept separating axes: the interval of t (distance moved along dir) in
 * which a+t*dir overlaps b by more than m on every axis. Returns 0 when
 * empty. */
static int sweep_interval(const struct bs_quad *a, struct bs_vec dir,
			  const struct bs_quad *b, double m, double *t0,
			  double *t1)
{
	double lo = -INFINITY, hi = INFINITY;
	const struct bs_quad *qs[2] = {a, b};
	/* the separating axes of axis_overlap, a's edges then b's, each
	 * worked out when reached */
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < 4; i++) {
			double nx, ny, alo, ahi, blo, bhi;
			if (!edge_normal(qs[k], i, &nx, &ny))
				continue;
			project(a, nx, ny, &alo, &ahi);
			project(b, nx, ny, &blo, &bhi);
			double v = dir.x * nx + dir.y * ny;
			/* need ahi + t v > blo + m and alo + t v < bhi - m */
			if (fabs(v) < 1e-12) {
				if (!(ahi > blo + m && alo < bhi - m))
					return 0;
				continue;
			}
			double ta = (blo + m - ahi) / v;
			double tb = (bhi - m - alo) / v;
			double e = fmin(ta, tb), x = fmax(ta, tb);
			if (e > lo)
				lo = e;
			if (x < hi)
				hi = x;
			if (lo >= hi)
				return 0;
		}
	*t0 = lo;
	*t1 = hi;
	return 1;
}

/* ---- exact first contact (RULING R-330) -----------------------------------
 * A block that moves (a translation along a line, or a turn about a pivot)
 * meets an obstacle at the first parameter where their distance falls to a
 * given g. The distance of two convex quads apart is the least distance of
 * a vertex of one to an edge of the other, so it first reaches g where some
 * vertex, on its path relative to the other quad (a ray, or a circle about
 * the pivot), enters the capsule of points within g of some edge: a line
 * (one of the capsule's two sides) or a circle (one of its caps) crossed,
 * each a closed form (a division, or a square root). Every such crossing
 * is a place where the distance is <= g, and the first entry is one of
 * them: the least is the first contact, exactly, with nothing stepped,
 * advanced or bisected. */

static inline double sq(double x)
{
	return x * x;
}

/* Smallest t >= 0 with |w + t u| <= g (u a unit vector), INFINITY when
 * never; 0 when already. The root of t^2 + 2 (w.u) t + |w|^2 - g^2 = 0
 * taken in its stable form. */
static double ray_circle(double wx, double wy, struct bs_vec u, double g)
{
	double c = wx * wx + wy * wy - g * g;
	if (c <= 0)
		return 0;
	double bq = wx * u.x + wy * u.y;
	if (bq >= 0)
		return INFINITY; /* moving away from the centre */
	double disc = bq * bq - c;
	if (disc < 0)
		return INFINITY;
	return c / (-bq + sqrt(disc));
}

/* A quad seen from an origin (the pivot of a turn; (0, 0) for a line):
 * its vertices relative to the origin and their distances from it; its
 * edges j (vertex j to j + 1): unit direction e, length l (0 when
 * degenerate), the offset k of the edge's line along its normal (-e.y,
 * e.x), and the least distance from the origin to the edge (the greatest
 * is that of an end). Worked out once a sweep (the moving block) or once
 * an obstacle, with the arithmetic each crossing would use. */
struct qview {
	struct bs_vec v[4];
	double r[4];
	struct bs_vec e[4];
	double l[4], k[4], dmin[4];
};

static void qview_make(struct qview *w, const struct bs_quad *q,
		       struct bs_vec o)
{
	for (int i = 0; i < 4; i++) {
		w->v[i] = (struct bs_vec){q->p[i].x - o.x, q->p[i].y - o.y};
		w->r[i] = sqrt(w->v[i].x * w->v[i].x + w->v[i].y * w->v[i].y);
	}
	for (int j = 0; j < 4; j++) {
		struct bs_vec s0 = w->v[j], s1 = w->v[(j + 1) % 4];
		double ex = s1.x - s0.x, ey = s1.y - s0.y;
		double l = sqrt(ex * ex + ey * ey);
		w->l[j] = l > 1e-12 ? l : 0;
		w->e[j] = l > 1e-12 ? (struct bs_vec){ex / l, ey / l}
				    : (struct bs_vec){0, 0};
		w->k[j] = -w->e[j].y * s0.x + w->e[j].x * s0.y;
		/* the nearest point of the edge to the origin */
		double t = -(s0.x * w->e[j].x + s0.y * w->e[j].y);
		t = t < 0 ? 0 : t > w->l[j] ? w->l[j] : t;
		double px = s0.x + w->e[j].x * t, py = s0.y + w->e[j].y * t;
		w->dmin[j] = sqrt(px * px + py * py);
	}
}

/* The smallest t >= 0 at which point p + t u comes within g of edge j of
 * view w (INFINITY when never), for g = g0 into *r0 and g = g1 into *r1
 * (each the least of what it held and this): a side of the capsule, or
 * one of its caps. */
static void ray_capsule(struct bs_vec p, struct bs_vec u, const struct qview *w,
			int j, double g0, double g1, double *r0, double *r1)
{
	struct bs_vec s0 = w->v[j], s1 = w->v[(j + 1) % 4];
	double wx = p.x - s0.x, wy = p.y - s0.y;
	double best0 = INFINITY, best1 = INFINITY;
	double l = w->l[j];
	if (l > 0) {
		double ax = w->e[j].x, ay = w->e[j].y;
		double a = wx * ax + wy * ay, b = ay * wx - ax * wy;
		double ua = u.x * ax + u.y * ay, ub = ay * u.x - ax * u.y;
		/* the side of the capsule facing p, approached; already
		 * within g of the edge's line and coming nearer (not merely
		 * sliding along it), 0: p may start there by a rounding of
		 * the distance the stand was taken from, and would otherwise
		 * cross the edge unstopped */
		for (int k = 0; k < 2; k++) {
			double g = k ? g1 : g0;
			double side = b > g && ub < 0	 ? g
				      : b < -g && ub > 0 ? -g
							 : NAN;
			double t = NAN;
			if (side == side)
				t = (side - b) / ub;
			else if (fabs(b) <= g &&
				 (b >= 0 ? ub < -1e-9 : ub > 1e-9))
				t = 0;
			if (t == t) {
				double al = a + t * ua;
				if (al >= 0 && al <= l) {
					if (k)
						best1 = t;
					else
						best0 = t;
				}
			}
		}
	}
	double ex = p.x - s1.x, ey = p.y - s1.y;
	best0 = lo2(best0, ray_circle(wx, wy, u, g0));
	best0 = lo2(best0, ray_circle(ex, ey, u, g0));
	best1 = lo2(best1, ray_circle(wx, wy, u, g1));
	best1 = lo2(best1, ray_circle(ex, ey, u, g1));
	*r0 = lo2(*r0, best0);
	*r1 = lo2(*r1, best1);
}

/* 1 when point p moving along u by at most lim cannot come within g of
 * edge j of w: it stays beyond one side of the edge's slab, or beyond one
 * end of it along the edge. */
static inline int ray_far(struct bs_vec p, struct bs_vec u,
			  const struct qview *w, int j, double g, double lim)
{
	struct bs_vec s0 = w->v[j];
	double ax = w->e[j].x, ay = w->e[j].y;
	double wx = p.x - s0.x, wy = p.y - s0.y;
	double b = ay * wx - ax * wy;
	double b1 = b + lim * (ay * u.x - ax * u.y);
	double m = g + 1e-9;
	if ((b > m && b1 > m) || (b < -m && b1 < -m))
		return 1;
	double a = wx * ax + wy * ay;
	double a1 = a + lim * (u.x * ax + u.y * ay);
	double l = w->l[j];
	return l > 0 && ((a < -m && a1 < -m) || (a > l + m && a1 > l + m));
}

/* Smallest t in [0, lim] at which quad a (view wa) moved by t along u
 * comes within g0 of quad b (view wb), into *t0, and within g1 (< g0),
 * into *t1 (INFINITY when never): every vertex of a against every edge of
 * b along u, every vertex of b against every edge of a along -u.
 * *firm (issue 13, the sweep memo): 1 when each of the two least came
 * from a pair of vertex and edge that ray_far keeps at a limit as small
 * as that least itself (so at any limit >= it: ray_far is monotone in the
 * limit), 0 when not (a rounding at the edge of the broad phase). */
static void first_line(const struct qview *wa, struct bs_vec u,
		       const struct qview *wb, double g0, double g1, double lim,
		       double *t0, double *t1, int *firm)
{
	struct bs_vec nu = {-u.x, -u.y};
	double b0 = INFINITY, b1 = INFINITY;
	int w0 = -1, w1 = -1; /* the pairs that gave them: 32 d + 4 i + j */
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 4; j++) {
			double p0 = b0, p1 = b1;
			if (!ray_far(wa->v[i], u, wb, j, g0, lim)) {
				ray_capsule(wa->v[i], u, wb, j, g0, g1, &b0,
					    &b1);
				w0 = b0 < p0 ? 4 * i + j : w0;
				w1 = b1 < p1 ? 4 * i + j : w1;
			}
			p0 = b0;
			p1 = b1;
			if (!ray_far(wb->v[i], nu, wa, j, g0, lim)) {
				ray_capsule(wb->v[i], nu, wa, j, g0, g1, &b0,
					    &b1);
				w0 = b0 < p0 ? 32 + 4 * i + j : w0;
				w1 = b1 < p1 ? 32 + 4 * i + j : w1;
			}
		}
	*t0 = b0;
	*t1 = b1;
	*firm = 1;
	const int w[2] = {w0, w1};
	const double at[2] = {b0, b1};
	for (int k = 0; k < 2; k++) {
		if (w[k] < 0)
			continue;
		int d = w[k] >= 32, i = (w[k] & 31) / 4, j = w[k] % 4;
		if (d ? ray_far(wb->v[i], nu, wa, j, g0, at[k])
		      : ray_far(wa->v[i], u, wb, j, g0, at[k]))
			*firm = 0;
	}
}

/* Turns are measured by a pseudo-angle in [0, 4): a function of the angle
 * turned alone, increasing with it over [0, 360) degrees, made of one
 * division (no atan2 until the least is known). (y, x) is the sine and
 * cosine of the angle turned, both scaled by the same positive factor. */
static inline double pseudo(double y, double x)
{
	double s = fabs(x) + fabs(y);
	if (!(s > 0))
		return 0;
	if (y >= 0)
		return x >= 0 ? y / s : 1 + -x / s;
	return x < 0 ? 2 + -y / s : 3 + x / s;
}

/* A turn in progress: pivot c, sense sgn (+1 clockwise, the sense of
 * facings), the least pseudo-angle found so far (*best, with the sine
 * and cosine (by, bx) it came from) and the limit of the turn. */
struct turn {
	struct bs_vec c;
	double sgn;
	double lim;
	double best, by, bx;
};

/* Point x reached by a vertex that started at v0 (both relative to the
 * pivot), turning in sense sgn: keep it when it comes first. */
static inline void turn_at(struct turn *t, double sgn, struct bs_vec v0,
			   double x, double y)
{
	double cr = v0.x * y - v0.y * x, dt = v0.x * x + v0.y * y;
	double py = sgn > 0 ? -cr : cr;
	double p = pseudo(py, dt);
	if (p < t->best && p <= t->lim) {
		t->best = p;
		t->by = py;
		t->bx = dt;
	}
}

/* The vertex at v0 (relative to the pivot, radius r) turning in sense sgn
 * against the line n.x = k (n a unit vector, x relative to the pivot):
 * its crossings, those with along-coordinate (x - o).e in [0, l] when l
 * >= 0 (a side of a capsule: o the segment's start, e its direction). */
static void turn_line(struct turn *t, double sgn, struct bs_vec v0, double r,
		      struct bs_vec n, double k, struct bs_vec o,
		      struct bs_vec e, double l)
{
	if (fabs(k) > r)
		return;
	double h = sqrt(r * r - k * k);
	double fx = k * n.x, fy = k * n.y;
	for (int s = -1; s <= 1; s += 2) {
		double x = fx - s * h * n.y, y = fy + s * h * n.x;
		if (l >= 0) {
			double al = (x - o.x) * e.x + (y - o.y) * e.y;
			if (!(al >= 0 && al <= l))
				continue;
		}
		turn_at(t, sgn, v0, x, y);
	}
}

/* ... against the circle of radius g about s (relative to the pivot, D
 * from it: the view's radius of that vertex): a cap of a capsule. */
static void turn_circle(struct turn *t, double sgn, struct bs_vec v0, double r,
			struct bs_vec s, double D, double g)
{
	if (!(D > 0) || D > r + g || D < fabs(r - g))
		return;
	double a = (r * r - g * g + D * D) / (2 * D);
	double h2 = r * r - a * a, h = h2 > 0 ? sqrt(h2) : 0;
	double ex = s.x / D, ey = s.y / D;
	for (int k = -1; k <= 1; k += 2)
		turn_at(t, sgn, v0, a * ex - k * h * ey, a * ey + k * h * ex);
}

/* The vertex i of view wv turning in sense sgn against the capsule of
 * radius g about edge j of view ws (both relative to the pivot). */
static void turn_capsule(struct turn *t, double sgn, const struct qview *wv,
			 int i, const struct qview *ws, int j, double g)
{
	struct bs_vec v0 = wv->v[i];
	double r = wv->r[i];
	struct bs_vec s0 = ws->v[j], s1 = ws->v[(j + 1) % 4];
	if (ws->l[j] > 0) {
		struct bs_vec e = ws->e[j], n = {-e.y, e.x};
		/* already within g of the edge and coming nearer: at once,
		 * as ray_capsule (the vertex moves sgn (v.y, -v.x)) */
		double b = n.x * v0.x + n.y * v0.y - ws->k[j];
		double vb = sgn * (n.x * v0.y - n.y * v0.x);
		double al = (v0.x - s0.x) * e.x + (v0.y - s0.y) * e.y;
		if (fabs(b) <= g && (b >= 0 ? vb < -1e-9 : vb > 1e-9) &&
		    al >= 0 && al <= ws->l[j])
			turn_at(t, sgn, v0, v0.x, v0.y);
		turn_line(t, sgn, v0, r, n, ws->k[j] + g, s0, e, ws->l[j]);
		turn_line(t, sgn, v0, r, n, ws->k[j] - g, s0, e, ws->l[j]);
	}
	turn_circle(t, sgn, v0, r, s0, ws->r[j], g);
	turn_circle(t, sgn, v0, r, s1, ws->r[(j + 1) % 4], g);
}

static inline struct bs_vec rel(struct bs_vec p, struct bs_vec c)
{
	return (struct bs_vec){p.x - c.x, p.y - c.y};
}

/* 1 when vertex i of wv, on its circle about the pivot, never comes
 * within g of edge j of ws: its radius is below the edge's least distance
 * from the pivot, or above its greatest, by more than g. */
static inline int circle_far(const struct qview *wv, int i,
			     const struct qview *ws, int j, double g)
{
	double r = wv->r[i], m = g + 1e-9;
	double dmax = hi2(ws->r[j], ws->r[(j + 1) % 4]);
	return r < 1e-12 || r < ws->dmin[j] - m || r > dmax + m;
}

/* The least pseudo-angles (<= limits) at which quad a (view wa) turning
 * about the pivot comes within g0 (into t0) and within g1 < g0 (into t1)
 * of quad b (view wb); best 5 when never: a's vertices turn against b's
 * edges, b's vertices the other way against a's. */
static void first_turn(struct turn *t0, struct turn *t1, const struct qview *wa,
		       const struct qview *wb, double g0, double g1)
{
	t0->best = t1->best = 5;
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 4; j++) {
			if (!circle_far(wa, i, wb, j, g0)) {
				turn_capsule(t0, t0->sgn, wa, i, wb, j, g0);
				turn_capsule(t1, t1->sgn, wa, i, wb, j, g1);
			}
			if (!circle_far(wb, i, wa, j, g0)) {
				turn_capsule(t0, -t0->sgn, wb, i, wa, j, g0);
				turn_capsule(t1, -t1->sgn, wb, i, wa, j, g1);
			}
		}
}

/* Degrees turned at the pseudo-angle of t->best (its sine and cosine). */
static double turn_deg(const struct turn *t)
{
	double a = atan2(t->by, t->bx) * 180.0 / PI;
	return a < 0 ? a + 360.0 : a;
}

/* The angles (degrees in [0, 360)) at which the vertex at v0 (relative to
 * the pivot, radius r), turning in sense sgn, crosses the line n.x = k:
 * up to two, into out. */
static int line_crossings(double sgn, struct bs_vec v0, double r,
			  struct bs_vec n, double k, double *out)
{
	if (fabs(k) > r)
		return 0;
	double h = sqrt(r * r - k * k);
	int m = 0;
	for (int s = -1; s <= 1; s += 2) {
		double x = k * n.x - s * h * n.y, y = k * n.y + s * h * n.x;
		double cr = v0.x * y - v0.y * x, dt = v0.x * x + v0.y * y;
		double a = atan2(sgn > 0 ? -cr : cr, dt) * 180.0 / PI;
		out[m++] = a < 0 ? a + 360.0 : a;
	}
	return m;
}

static int cmp_deg(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

/* 1 when quad a, turning about t->c in sense t->sgn by up to limd degrees,
 * comes to overlap b by more than m (separating axes). Where the least
 * overlap first exceeds m, the overlap on the axis that holds it is m: a
 * vertex of one quad lies m inside the nearer or the farther extreme of
 * the other's projection on one of its edge normals (a line fixed to that
 * quad). The candidates are the crossings of those lines by the vertices'
 * circles (relative to the quad that holds the line), checked in order by
 * the separating axes at their angle; the turn's end is checked first. */
static int turn_digs_in(const struct bs_quad *a, const struct bs_quad *b,
			const struct turn *t, double limd, double m)
{
	struct bs_quad e = bs_quad_rotate(a, t->c, t->sgn * limd);
	if (overlap_exceeds(&e, b, m))
		return 1;
	double cand[128];
	int nc = 0;
	const struct bs_quad *qs[2] = {a, b};
	for (int k = 0; k < 2; k++) {
		const struct bs_quad *q = qs[k], *o = qs[1 - k];
		/* relative to q: b turns against a's sense, a with it */
		double sgn = k == 0 ? -t->sgn : t->sgn;
		for (int i = 0; i < 4; i++) {
			double nx, ny, lo, hi;
			if (!edge_normal(q, i, &nx, &ny))
				continue;
			project(q, nx, ny, &lo, &hi);
			double kc = nx * t->c.x + ny * t->c.y;
			struct bs_vec n = {nx, ny};
			for (int j = 0; j < 4; j++) {
				struct bs_vec v0 = rel(o->p[j], t->c);
				double r = sqrt(v0.x * v0.x + v0.y * v0.y);
				if (r < 1e-12)
					continue;
				double c4[4];
				int c = line_crossings(sgn, v0, r, n,
						       lo + m - kc, c4);
				c += line_crossings(sgn, v0, r, n, hi - m - kc,
						    c4 + c);
				for (int x = 0; x < c; x++)
					if (c4[x] > 0 && c4[x] <= limd)
						cand[nc++] = c4[x];
			}
		}
	}
	qsort(cand, (size_t)nc, sizeof cand[0], cmp_deg);
	for (int x = 0; x < nc; x++) {
		struct bs_quad r = bs_quad_rotate(a, t->c, t->sgn * cand[x]);
		if (min_overlap(&r, b) > m - 1e-9)
			return 1;
	}
	return 0;
}

/* The motion of a block at its start: the velocity of a point x is dir
 * for a translation, and for a turn about c in sense sgn (+1 clockwise)
 * sgn * (x.y - c.y, c.x - x.x) per radian. */
struct motion {
	int turn;
	struct bs_vec dir, c;
	double sgn;
};

static inline struct bs_vec vel(const struct motion *mo, struct bs_vec x)
{
	if (!mo->turn)
		return mo->dir;
	return (struct bs_vec){mo->sgn * (x.y - mo->c.y),
			       mo->sgn * (mo->c.x - x.x)};
}

/* The rate at which the projection extreme of q on n moves, q's points
 * moving at vel * k (k +1: q is the block, -1: q is the obstacle seen from
 * the block): of the vertices at the extreme (within rounding), the
 * fastest outward for the high end (hi 1), the slowest for the low. */
static double extreme_rate(const struct bs_quad *q, struct bs_vec n, int hi,
			   const struct motion *mo, double k)
{
	double ext = q->p[0].x * n.x + q->p[0].y * n.y;
	for (int j = 1; j < 4; j++) {
		double v = q->p[j].x * n.x + q->p[j].y * n.y;
		ext = hi ? hi2(ext, v) : lo2(ext, v);
	}
	double rate = hi ? -INFINITY : INFINITY;
	for (int j = 0; j < 4; j++) {
		double v = q->p[j].x * n.x + q->p[j].y * n.y;
		if (fabs(v - ext) > 1e-9)
			continue;
		struct bs_vec w = vel(mo, q->p[j]);
		double r = k * (w.x * n.x + w.y * n.y);
		rate = hi ? hi2(rate, r) : lo2(rate, r);
	}
	return rate;
}

/* The rate at which the least overlap of a (moving by mo) and b grows at
 * the start of the motion: on each axis that holds the least (within
 * rounding), the rate of min(hi) - max(lo), the projections' extremes
 * moving with their vertices (a's axes turn with a: there b is seen to
 * move against the motion); the least of them. > 0: the motion takes a
 * deeper into b. */
static double depth_rate(const struct bs_quad *a, const struct bs_quad *b,
			 const struct motion *mo)
{
	double least = min_overlap(a, b), rate = INFINITY;
	const struct bs_quad *qs[2] = {a, b};
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < 4; i++) {
			int skip;
			double ov = axis_overlap(qs[k], i, a, b, &skip);
			if (skip || ov > least + 1e-9)
				continue;
			double nx = 0, ny = 0, alo, ahi, blo, bhi;
			edge_normal(qs[k], i, &nx, &ny);
			struct bs_vec n = {nx, ny};
			project(a, nx, ny, &alo, &ahi);
			project(b, nx, ny, &blo, &bhi);
			/* the moving one: a on b's axes, b (against the
			 * motion) on a's own */
			const struct bs_quad *mq = k == 0 ? b : a;
			double sk = k == 0 ? -1 : 1;
			double mlo = k == 0 ? blo : alo,
			       mhi = k == 0 ? bhi : ahi;
			double slo = k == 0 ? alo : blo,
			       shi = k == 0 ? ahi : bhi;
			double rhi = extreme_rate(mq, n, 1, mo, sk);
			double rlo = extreme_rate(mq, n, 0, mo, sk);
			/* d/dt min(mhi, shi) - d/dt max(mlo, slo) */
			double dhi = mhi < shi - 1e-9	? rhi
				     : mhi > shi + 1e-9 ? 0
							: lo2(rhi, 0);
			double dlo = mlo > slo + 1e-9	? rlo
				     : mlo < slo - 1e-9 ? 0
							: hi2(rlo, 0);
			rate = lo2(rate, dhi - dlo);
		}
	return rate;
}

/* How an obstacle stands to the block at the start of its motion. */
enum stand {
	ST_APART,     /* farther than BS_GEOM_TOUCH: it may be met */
	ST_TOUCHING,  /* touching, farther than BS_GEOM_STOP_GAP */
	ST_CLOSE,     /* closer, overlapping by at most BS_GEOM_FIT_TOL */
	ST_OVERLAPPED /* overlapping deeper: stops a motion that digs in */
};

static enum stand stand_of(const struct bs_quad *q, const struct bs_quad *o)
{
	if (!bs_quad_touching(q, o))
		return ST_APART;
	if (bs_quad_dist_cmp(q, o, BS_GEOM_STOP_GAP) > 0)
		return ST_TOUCHING;
	return min_overlap(q, o) > BS_GEOM_FIT_TOL ? ST_OVERLAPPED : ST_CLOSE;
}

/* The obstacles a motion comes to touch (apart at its start), with the
 * parameter of first touch: the least that still touches where the motion
 * stops is the one met. Only the nearest MET_MAX are kept (a block cannot
 * come to touch more at once). */
#define MET_MAX 32
struct met {
	int n;
	int who[MET_MAX];
	double at[MET_MAX];
};

static void met_add(struct met *m, int who, double at)
{
	int k = m->n;
	if (k == MET_MAX) {
		/* replace the farthest, when this one is nearer */
		int far = 0;
		for (int i = 1; i < MET_MAX; i++)
			if (m->at[i] > m->at[far])
				far = i;
		if (!(at < m->at[far]))
			return;
		k = far;
	} else {
		m->n++;
	}
	m->who[k] = who;
	m->at[k] = at;
}

/* The one met: the least parameter (then the lowest index) at or before
 * the stop whose obstacle touches the block where it stops (end). */
static int met_first(const struct met *m, double stop,
		     const struct bs_quad *end, const struct bs_quad *obst)
{
	int used[MET_MAX] = {0};
	for (;;) {
		int k = -1;
		for (int i = 0; i < m->n; i++)
			if (!used[i] && m->at[i] <= stop &&
			    (k < 0 || m->at[i] < m->at[k] ||
			     (m->at[i] == m->at[k] && m->who[i] < m->who[k])))
				k = i;
		if (k < 0)
			return -1;
		if (bs_quad_touching(end, &obst[m->who[k]]))
			return m->who[k];
		used[k] = 1;
	}
}

struct bs_box bs_quad_box(const struct bs_quad *q)
{
	struct box b = box_of(q);
	return (struct bs_box){b.x0, b.y0, b.x1, b.y1};
}

double bs_box_gap_lb(const struct bs_box *a, const struct bs_box *b)
{
	/* the boxes' corners are the minima and maxima of the quads' (the
	 * sign of a zero does not matter in a bound) */
	double gx =
	    b->x0 - a->x1 > a->x0 - b->x1 ? b->x0 - a->x1 : a->x0 - b->x1;
	double gy =
	    b->y0 - a->y1 > a->y0 - b->y1 ? b->y0 - a->y1 : a->y0 - b->y1;
	gx = gx > 0 ? gx : 0;
	gy = gy > 0 ? gy : 0;
	return sqrt(gx * gx + gy * gy) * (1 - 1e-12) - 1e-9;
}

int bs_quad_boxes_apart(const struct bs_quad *a, const struct bs_quad *b,
			double m)
{
	struct bs_box ba = bs_quad_box(a), bb = bs_quad_box(b);
	return bs_box_apart(&ba, &bb, m);
}

int bs_quad_touching(const struct bs_quad *a, const struct bs_quad *b)
{
	return bs_quad_dist_cmp(a, b, BS_GEOM_TOUCH) <= 0;
}

struct bs_quad bs_quad_rotate(const struct bs_quad *q, struct bs_vec pv,
			      double deg)
{
	/* bs_rotate_about's arithmetic, its sine and cosine taken once */
	double rad = -deg * PI / 180.0;
	double c = cos(rad), s = sin(rad);
	struct bs_quad r;
	for (int i = 0; i < 4; i++) {
		struct bs_vec d = bs_vec_sub(q->p[i], pv);
		r.p[i] = (struct bs_vec){pv.x + d.x * c - d.y * s,
					 pv.y + d.x * s + d.y * c};
	}
	return r;
}

/* A turn's first contact with one obstacle, in degrees, within
 * BS_GEOM_TOUCH (*da) and BS_GEOM_STOP_GAP (*db), up to t->lim (INFINITY
 * when not). The candidates are taken with no limit and the limit applied
 * to their least (issue 13, the obstacle memo: the answer then holds for
 * any limit): turn_at keeps the first candidate below the best so far and
 * within the limit, and the least of all the candidates, when it is within
 * the limit, is the least of those within it, met first at the same
 * candidate (the same sine and cosine); when it is not, none is. */
static void turn_raw(const struct turn *t, const struct qview *wq,
		     const struct qview *wo, double *ab, double *ad, double *bb,
		     double *bd)
{
	struct turn a = *t, b = *t;
	a.lim = b.lim = INFINITY;
	first_turn(&a, &b, wq, wo, BS_GEOM_TOUCH, BS_GEOM_STOP_GAP);
	*ab = a.best;
	*bb = b.best;
	*ad = a.best < 5 ? turn_deg(&a) : INFINITY;
	*bd = b.best < 5 ? turn_deg(&b) : INFINITY;
}

static void first_turn_deg(const struct turn *t, const struct qview *wq,
			   const struct qview *wo, double *da, double *db)
{
	double ab, ad, bb, bd;
	turn_raw(t, wq, wo, &ab, &ad, &bb, &bd);
	*da = ab > t->lim ? INFINITY : ad;
	*db = bb > t->lim ? INFINITY : bd;
}

/* The first parameters (<= lim) at which the block (view wq), moved by mo
 * (a turn: t, its pivot and sense), comes within BS_GEOM_TOUCH (*tc) and
 * within BS_GEOM_STOP_GAP (*ts) of obstacle o (view wo); INFINITY when
 * not. */
static void first_at(const struct motion *mo, const struct turn *t,
		     const struct qview *wq, const struct qview *wo, double lim,
		     double *tc, double *ts, int *firm)
{
	*firm = 1;
	if (!mo->turn) {
		first_line(wq, mo->dir, wo, BS_GEOM_TOUCH, BS_GEOM_STOP_GAP,
			   lim, tc, ts, firm);
		*tc = *tc <= lim ? *tc : INFINITY;
		*ts = *ts <= lim ? *ts : INFINITY;
		return;
	}
	double da, db;
	first_turn_deg(t, wq, wo, &da, &db);
	*tc = da <= lim ? da : INFINITY;
	*ts = db <= lim ? db : INFINITY;
}

/* What a translation sweep found of one obstacle, for the sweep memo
 * (issue 13): enough to tell what it would find of it up to any shorter
 * stop. */
struct obst_rec {
	unsigned char done;  /* 1: looked at (within the broad phase) */
	unsigned char stand; /* enum stand */
	unsigned char firm;  /* first_line's (ST_APART, ST_TOUCHING) */
	unsigned char close; /* ST_CLOSE: it stops the motion at 0 when
				theta <= stop; 0: never */
	double tc, ts;	     /* first_at's, up to the stop it was asked at */
	double theta;
	double over; /* ST_OVERLAPPED: 0 or INFINITY, whatever the stop */
};

/* Where obstacle o (index i) stops q's motion mo, up to stop (INFINITY:
 * it does not), as geom.h says for each way it can stand at the start;
 * an obstacle apart that the motion comes to touch goes into *met. rec
 * (a translation, or NULL): what was found, for the sweep memo. */
static double obstacle_stop(const struct motion *mo, struct turn *t,
			    const struct qview *wq, const struct bs_quad *q,
			    const struct bs_quad *o, int i, double stop,
			    struct met *met, struct obst_rec *rec)
{
	enum stand st = stand_of(q, o);
	if (rec) {
		rec->done = 1;
		rec->stand = (unsigned char)st;
		rec->firm = 1;
		rec->close = 0;
		rec->tc = rec->ts = rec->theta = rec->over = INFINITY;
	}
	if (st == ST_APART || st == ST_TOUCHING) {
		struct qview wo;
		qview_make(&wo, o, mo->turn ? mo->c : (struct bs_vec){0, 0});
		double tc, ts;
		int firm;
		first_at(mo, t, wq, &wo, stop, &tc, &ts, &firm);
		if (rec) {
			rec->firm = (unsigned char)firm;
			rec->tc = tc;
			rec->ts = ts;
		}
		if (st == ST_TOUCHING)
			return ts;
		if (!(tc <= stop))
			return INFINITY;
		met_add(met, i, tc);
		return ts;
	}
	if (st == ST_CLOSE) {
		/* it stays where it is if the motion would take it in
		 * deeper than a touch may overlap */
		if (mo->turn)
			return turn_digs_in(q, o, t, stop, BS_GEOM_FIT_TOL)
				   ? 0
				   : INFINITY;
		double t0, t1;
		int in =
		    sweep_interval(q, mo->dir, o, BS_GEOM_FIT_TOL, &t0, &t1) &&
		    t1 > 0;
		if (rec && in) {
			rec->close = 1;
			rec->theta = t0;
		}
		return in && t0 <= stop ? 0 : INFINITY;
	}
	/* already overlapping: only a motion that takes it in deeper is
	 * stopped; backing out or sliding is free */
	double r = depth_rate(q, o, mo) > 1e-12 ? 0 : INFINITY;
	if (rec)
		rec->over = r;
	return r;
}

/* What rec (found up to a stop >= stop) says obstacle i does to the motion
 * up to stop, the met list as obstacle_stop builds it; 0 (nothing done)
 * when it cannot tell: an answer that is not firm (see the sweep memo). */
static int rec_answer(const struct obst_rec *r, double stop, struct met *met,
		      int i, double *ts_out)
{
	double ts;
	switch ((enum stand)r->stand) {
	case ST_APART:
	case ST_TOUCHING: {
		if (!r->firm && (r->tc <= stop || r->ts <= stop))
			return 0;
		double tc = r->tc <= stop ? r->tc : INFINITY;
		ts = r->ts <= stop ? r->ts : INFINITY;
		if (r->stand == ST_APART) {
			if (!(tc <= stop))
				ts = INFINITY;
			else
				met_add(met, i, tc);
		}
		break;
	}
	case ST_CLOSE:
		ts = r->close && r->theta <= stop ? 0 : INFINITY;
		break;
	default:
		ts = r->over;
		break;
	}
	*ts_out = ts;
	return 1;
}

/* ---- the obstacle memo (issue 13) ---------------------------------------
 * The doctrine tries several orders of one unit from the same place (a
 * wheel of 15, 30, 45 degrees about the same corner; an advance of
 * several lengths along the same line) among the same other units, and
 * the engine then carries out the one chosen: the same question of one
 * block, one motion and one obstacle, asked again and again in sweeps
 * whose obstacle lists differ (others moved in the what-if). Each thread
 * keeps, in a table indexed by a hash of its inputs (the block, the
 * motion, the obstacle, compared byte for byte), what obstacle_stop found
 * of each:
 * - a translation: the record of the sweep memo, found up to the running
 *   stop it was asked at; asked again up to a stop no longer, the answer
 *   is the record's (rec_answer, as the sweep memo's replay), when firm;
 * - a turn, apart or touching: turn_raw's least pseudo-angles and their
 *   degrees, taken with no limit: any limit applies to them as
 *   first_turn_deg applies it; overlapped: depth_rate's verdict, which
 *   no limit changes; close: nothing kept (turn_digs_in is asked).
 * The answers are those obstacle_stop gives, byte for byte
 * (tests/unit/t_geom_obst_memo.c). */
#define OBST_MEMO 1024 /* entries, a power of two */
struct omemo {
	unsigned gen;
	int turn;
	struct bs_quad q, o;
	double m[3]; /* dir (x, y, 0), or the pivot (x, y) and the sense */
	double lim;  /* a translation: the stop rec was found up to */
	struct obst_rec rec;
	double ab, ad, bb, bd; /* a turn apart or touching: turn_raw's */
};
static _Thread_local struct omemo omemo[OBST_MEMO];
static _Thread_local unsigned omemo_gen = 1;

/* A sweep's part of the key: the block and the motion, and their hash. */
struct okey {
	uint64_t h;
	int turn;
	double m[3];
};

static uint64_t quad_hash(uint64_t h, const struct bs_quad *q)
{
	for (int i = 0; i < 4; i++)
		h = mix64(mix64(h, q->p[i].x), q->p[i].y);
	return h;
}

static void okey_make(struct okey *k, const struct bs_quad *q, int turn,
		      double m0, double m1, double m2)
{
	k->turn = turn;
	k->m[0] = m0;
	k->m[1] = m1;
	k->m[2] = m2;
	uint64_t h = quad_hash((uint64_t)turn + 1, q);
	for (int j = 0; j < 3; j++)
		h = mix64(h, k->m[j]);
	k->h = h;
}

/* A turn's answer for one obstacle from what was found of it (e->rec's
 * stand; e->ab.. apart or touching, e->rec.over overlapped), as
 * obstacle_stop gives it. */
static double turn_answer(const struct omemo *e, const struct motion *mo,
			  struct turn *t, const struct bs_quad *q,
			  const struct bs_quad *o, int i, double stop,
			  struct met *met)
{
	switch ((enum stand)e->rec.stand) {
	case ST_APART:
	case ST_TOUCHING: {
		double da = e->ab > t->lim ? INFINITY : e->ad;
		double db = e->bb > t->lim ? INFINITY : e->bd;
		double tc = da <= stop ? da : INFINITY;
		double ts = db <= stop ? db : INFINITY;
		if (e->rec.stand == ST_TOUCHING)
			return ts;
		if (!(tc <= stop))
			return INFINITY;
		met_add(met, i, tc);
		return ts;
	}
	case ST_CLOSE:
		(void)mo;
		return turn_digs_in(q, o, t, stop, BS_GEOM_FIT_TOL) ? 0
								    : INFINITY;
	default:
		return e->rec.over;
	}
}

/* obstacle_stop through the obstacle memo (k: the sweep's key; NULL: the
 * memo is off). */
static double obstacle_stop_m(const struct motion *mo, struct turn *t,
			      const struct qview *wq, const struct bs_quad *q,
			      const struct bs_quad *o, int i, double stop,
			      struct met *met, struct obst_rec *rec,
			      const struct okey *k)
{
	if (!k)
		return obstacle_stop(mo, t, wq, q, o, i, stop, met, rec);
	uint64_t h = quad_hash(k->h, o);
	struct omemo *e = &omemo[(h ^ (h >> 32)) & (OBST_MEMO - 1)];
	int same = e->gen == omemo_gen && e->turn == k->turn &&
		   memcmp(&e->o, o, sizeof *o) == 0 &&
		   memcmp(&e->q, q, sizeof *q) == 0 &&
		   memcmp(e->m, k->m, sizeof k->m) == 0;
	if (!k->turn) {
		double ts;
		if (same && stop <= e->lim &&
		    rec_answer(&e->rec, stop, met, i, &ts)) {
			if (rec)
				*rec = e->rec;
			return ts;
		}
		struct obst_rec r;
		ts = obstacle_stop(mo, t, wq, q, o, i, stop, met, &r);
		e->gen = omemo_gen;
		e->turn = 0;
		e->q = *q;
		e->o = *o;
		memcpy(e->m, k->m, sizeof k->m);
		e->lim = stop;
		e->rec = r;
		if (rec)
			*rec = r;
		return ts;
	}
	if (!same) {
		enum stand st = stand_of(q, o);
		e->gen = omemo_gen;
		e->turn = 1;
		e->q = *q;
		e->o = *o;
		memcpy(e->m, k->m, sizeof k->m);
		e->lim = INFINITY;
		memset(&e->rec, 0, sizeof e->rec);
		e->rec.stand = (unsigned char)st;
		e->rec.over = INFINITY;
		if (st == ST_APART || st == ST_TOUCHING) {
			struct qview wo;
			qview_make(&wo, o, mo->c);
			turn_raw(t, wq, &wo, &e->ab, &e->ad, &e->bb, &e->bd);
		} else if (st == ST_OVERLAPPED) {
			e->rec.over =
			    depth_rate(q, o, mo) > 1e-12 ? 0 : INFINITY;
		}
	}
	return turn_answer(e, mo, t, q, o, i, stop, met);
}

/* The box swept by q along dir over stop (the broad phase). */
static struct box swept_box(const struct bs_quad *q, struct bs_vec dir,
			    double stop)
{
	struct box sw = box_of(q);
	struct bs_vec end = bs_vec_scale(dir, stop);
	sw.x0 = lo2(sw.x0, sw.x0 + end.x);
	sw.x1 = hi2(sw.x1, sw.x1 + end.x);
	sw.y0 = lo2(sw.y0, sw.y0 + end.y);
	sw.y1 = hi2(sw.y1, sw.y1 + end.y);
	return sw;
}

/* The one hit, from what was met and the stopper (geom.h). */
static int sweep_hit(const struct bs_quad *q, struct bs_vec dir, double stop,
		     const struct met *met, int stopper,
		     const struct bs_quad *obst)
{
	struct bs_quad e;
	for (int k = 0; k < 4; k++)
		e.p[k] = (struct bs_vec){q->p[k].x + dir.x * stop,
					 q->p[k].y + dir.y * stop};
	int m = met_first(met, stop, &e, obst);
	return m >= 0 ? m : stopper;
}

/* The translation sweep itself; rec[0..n-1] (or NULL): what it found of
 * each obstacle. */
static double sweep_translate(const struct bs_quad *q, struct bs_vec dir,
			      double len, const struct bs_quad *obst, int n,
			      int *hit, struct obst_rec *rec)
{
	const struct motion mo = {0, dir, {0, 0}, 0};
	struct qview wq;
	qview_make(&wq, q, (struct bs_vec){0, 0});
	double stop = len > 0 ? len : 0;
	int stopper = -1;
	struct met met = {0};
	/* broad phase: the box swept by q along the whole move */
	struct box sw = swept_box(q, dir, stop);
	struct okey key;
	if (!sweep_memo_off)
		okey_make(&key, q, 0, dir.x, dir.y, 0);
	for (int i = 0; i < n && stop > 0; i++) {
		struct box bo = box_of(&obst[i]);
		if (!boxes_meet(&sw, &bo, BS_GEOM_TOUCH + DIST_MARGIN))
			continue;
		double ts = obstacle_stop_m(&mo, NULL, &wq, q, &obst[i], i,
					    stop, &met, rec ? &rec[i] : NULL,
					    sweep_memo_off ? NULL : &key);
		if (ts < stop) {
			stop = ts;
			stopper = i;
		}
	}
	if (hit)
		*hit = sweep_hit(q, dir, stop, &met, stopper, obst);
	return stop;
}

/* ---- the sweep memo (issue 13, part 4) ----------------------------------
 * The doctrine tries an advance at full length, then at half along the
 * same line from the same place, and the engine carries out an advance the
 * doctrine just tried: the same sweep, or a shorter one of the same block
 * along the same line among the same obstacles. Each thread keeps its last
 * SWEEP_MEMO sweeps (every input, byte for byte) with what they found of
 * each obstacle; a sweep of the same inputs up to len' <= len is then
 * replayed, obstacle by obstacle in the same order, with the same broad
 * phase (the box swept over len'), the same running stop and the same
 * met list as the sweep itself would build, each obstacle's answer at the
 * running stop R' taken from the one found at the longer run's stop R
 * (R' <= R at every obstacle):
 * - apart or touching: first_line's least is a minimum over the pairs of
 *   vertex and edge that ray_far keeps, a set that only shrinks with the
 *   limit, each pair's value independent of the limit: up to R' it is the
 *   same least, clipped at R', provided the pair that gave it is kept at
 *   R' as well: `firm` (kept at a limit equal to the least itself) says
 *   so; an answer that is not firm is not replayed (the sweep is run);
 * - close: it stops at 0 when the interval of deeper overlap starts at or
 *   before R' (theta, independent of the stop);
 * - overlapped: independent of the stop.
 * An obstacle the shorter broad phase keeps, the longer kept too (the
 * swept box only grows with the length) and looked at (the longer run's
 * stop is never below the shorter's). So the replay gives the very bytes
 * the sweep gives (tests/unit/t_geom_sweep_memo.c compares them on random
 * placements, shorter and equal lengths). */
#define SWEEP_MEMO 4
/* (issue 13: 320 measured worse at 32 and 64 units a side, +1.6% and +5.9%
 * instructions a battle: the copy and the comparison of every obstacle
 * cost more than the replays save; the memo pays once the lists are the
 * reach's, not the whole table's) */
#define SWEEP_MEMO_OBST 64
static _Thread_local struct sweep_memo {
	int valid, n;
	struct bs_quad q;
	struct bs_vec dir;
	double len;
	double stop; /* the answer at len itself */
	int hit;
	struct bs_quad obst[SWEEP_MEMO_OBST];
	struct obst_rec rec[SWEEP_MEMO_OBST];
} sweep_memo[SWEEP_MEMO];
static _Thread_local int sweep_memo_next;
static _Thread_local unsigned long sweep_memo_hits;

unsigned long bs_geom_sweep_memo_hits(void)
{
	return sweep_memo_hits;
}

void bs_geom_sweep_memo(int on)
{
	sweep_memo_off = !on;
	for (int k = 0; k < SWEEP_MEMO; k++)
		sweep_memo[k].valid = 0;
	/* the obstacle and pair memos emptied too (a new generation) */
	if (++omemo_gen == 0)
		omemo_gen = 1;
	if (++pmemo_gen == 0)
		pmemo_gen = 1;
}

/* The replay of memo entry m up to len (0 < len <= m->len); 0 when an
 * answer it needs is not firm (then the sweep must be run). */
static int sweep_replay(const struct sweep_memo *m, double len, double *out,
			int *hit)
{
	const struct bs_quad *q = &m->q, *obst = m->obst;
	double stop = len;
	int stopper = -1;
	struct met met = {0};
	struct box sw = swept_box(q, m->dir, stop);
	for (int i = 0; i < m->n && stop > 0; i++) {
		struct box bo = box_of(&obst[i]);
		if (!boxes_meet(&sw, &bo, BS_GEOM_TOUCH + DIST_MARGIN))
			continue;
		const struct obst_rec *r = &m->rec[i];
		if (!r->done)
			return 0; /* (cannot be: the longer run looked) */
		double ts;
		if (!rec_answer(r, stop, &met, i, &ts))
			return 0;
		if (ts < stop) {
			stop = ts;
			stopper = i;
		}
	}
	if (hit)
		*hit = sweep_hit(q, m->dir, stop, &met, stopper, obst);
	*out = stop;
	return 1;
}

double bs_sweep_translate(const struct bs_quad *q, struct bs_vec dir,
			  double len, const struct bs_quad *obst, int n,
			  int *hit)
{
	if (sweep_memo_off || n > SWEEP_MEMO_OBST || n < 0 || !(len > 0) ||
	    !isfinite(len))
		return sweep_translate(q, dir, len, obst, n, hit, NULL);
	size_t nb = (size_t)n * sizeof obst[0];
	for (int k = 0; k < SWEEP_MEMO; k++) {
		const struct sweep_memo *m = &sweep_memo[k];
		double out;
		if (!(m->valid && m->n == n && len <= m->len &&
		      memcmp(&m->q, q, sizeof *q) == 0 &&
		      memcmp(&m->dir, &dir, sizeof dir) == 0 &&
		      (n == 0 || memcmp(m->obst, obst, nb) == 0)))
			continue;
		if (memcmp(&len, &m->len, sizeof len) == 0) {
			/* the same sweep: its answer */
			if (hit)
				*hit = m->hit;
			sweep_memo_hits++;
			return m->stop;
		}
		if (sweep_replay(m, len, &out, hit)) {
			sweep_memo_hits++;
			return out;
		}
	}
	struct sweep_memo *m = &sweep_memo[sweep_memo_next];
	sweep_memo_next = (sweep_memo_next + 1) % SWEEP_MEMO;
	m->valid = 1;
	m->n = n;
	m->q = *q;
	m->dir = dir;
	m->len = len;
	if (n > 0) /* (obst may be NULL when there are none) */
		memcpy(m->obst, obst, nb);
	memset(m->rec, 0, (size_t)n * sizeof m->rec[0]);
	m->stop = sweep_translate(q, dir, len, obst, n, &m->hit, m->rec);
	if (hit)
		*hit = m->hit;
	return m->stop;
}

double bs_sweep_rotate(const struct bs_quad *q, struct bs_vec pivot, double deg,
		       const struct bs_quad *obst, int n, int *hit)
{
	double radius = 0;
	for (int i = 0; i < 4; i++)
		radius = hi2(radius, bs_vec_dist(q->p[i], pivot));
	double sgn = deg < 0 ? -1.0 : 1.0;
	double lim = fabs(deg);
	if (hit)
		*hit = -1;
	if (radius <= 0 || !(lim > 0))
		return sgn * lim;
	const struct motion mo = {1, {0, 0}, pivot, sgn};
	struct qview wq;
	qview_make(&wq, q, pivot);
	struct turn t = {pivot, sgn, 4, 5, 0, 0};
	if (lim < 360.0) {
		double r = lim * PI / 180.0;
		/* the limit's pseudo-angle, a hair over: the degrees decide */
		t.lim = pseudo(sin(r), cos(r)) + 1e-9;
	}
	double stop = lim;
	int stopper = -1;
	struct met met = {0};
	struct okey key;
	if (!sweep_memo_off)
		okey_make(&key, q, 1, pivot.x, pivot.y, sgn);
	for (int i = 0; i < n && stop > 0; i++) {
		const struct bs_quad *o = &obst[i];
		/* broad phase: every point of q stays within radius of the
		 * pivot, every point of the obstacle within its own radius of
		 * its centre */
		struct bs_vec c = bs_quad_centre(o);
		double ro = 0;
		for (int k = 0; k < 4; k++)
			ro = hi2(ro, bs_vec_dist(o->p[k], c));
		if (bs_vec_dist(c, pivot) >
		    radius + ro + BS_GEOM_TOUCH + DIST_MARGIN)
			continue;
		double ts = obstacle_stop_m(&mo, &t, &wq, q, o, i, stop, &met,
					    NULL, sweep_memo_off ? NULL : &key);
		if (ts < stop) {
			stop = ts;
			stopper = i;
		}
	}
	if (hit) {
		struct bs_quad e = bs_quad_rotate(q, pivot, sgn * stop);
		int m = met_first(&met, stop, &e, obst);
		*hit = m >= 0 ? m : stopper;
	}
	return sgn * stop;
}
