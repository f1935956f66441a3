/* Tabletop geometry: quads (unit blocks and bases), distances (and their
 * comparison with a threshold, with early exits that never change the
 * answer), edge contact, and exact sweeps of a quad along a line
 * (separating axes) or about a pivot (sampling and bisection), stopping
 * at first contact.
 * Doubles only; built with -ffp-contract=off so results do not vary. */
#include "battlesim/geom.h"

#include <math.h>

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

struct bs_vec bs_dir(double facing_deg)
{
	double r = facing_deg * PI / 180.0;
	return (struct bs_vec){sin(r), cos(r)};
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

double bs_quad_dist(const struct bs_quad *a, const struct bs_quad *b)
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

int bs_quad_dist_cmp(const struct bs_quad *a, const struct bs_quad *b,
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

double bs_sweep_translate(const struct bs_quad *q, struct bs_vec dir,
			  double len, const struct bs_quad *obst, int n,
			  int *hit)
{
	double best = len;
	int who = -1;
	/* stop where the overlap would exceed a quarter of the touch
	 * tolerance: the blocks then touch (within BS_GEOM_TOUCH), never
	 * overlap, and a later rotation (which blocks at half the tolerance
	 * and ignores only obstacles overlapping by more than three quarters
	 * at its start) sees them as touching, not as already overlapping */
	const double m = BS_GEOM_TOUCH * 0.25;
	/* broad phase: the box swept by q along the whole move */
	struct box sw = box_of(q);
	struct bs_vec end = bs_vec_scale(dir, len);
	sw.x0 = fmin(sw.x0, sw.x0 + end.x);
	sw.x1 = fmax(sw.x1, sw.x1 + end.x);
	sw.y0 = fmin(sw.y0, sw.y0 + end.y);
	sw.y1 = fmax(sw.y1, sw.y1 + end.y);
	for (int i = 0; i < n; i++) {
		struct box bo = box_of(&obst[i]);
		if (!boxes_meet(&sw, &bo, BS_GEOM_TOUCH))
			continue;
		double t0, t1;
		if (!sweep_interval(q, dir, &obst[i], m, &t0, &t1))
			continue;
		if (t1 <= 0)
			continue; /* behind us, or moving away */
		if (t0 < 0) {
			/* already overlapping more than m: only a motion that
			 * digs deeper is stopped; one that backs out or slides
			 * along is free */
			struct bs_quad r;
			struct bs_vec step = bs_vec_scale(dir, fmin(0.01, len));
			for (int k = 0; k < 4; k++)
				r.p[k] = bs_vec_add(q->p[k], step);
			if (min_overlap(&r, &obst[i]) <=
			    min_overlap(q, &obst[i]))
				continue;
		}
		double stop = t0 < 0 ? 0 : t0;
		if (stop < best) {
			best = stop;
			who = i;
		}
	}
	if (hit)
		*hit = who;
	return best;
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

/* An obstacle that stays put while another quad moves: its box, its
 * edge normals and its own projections on them, worked out once with
 * the arithmetic of axis_overlap. */
struct fixed {
	const struct bs_quad *q;
	struct box bx;
	struct bs_vec n[4];
	double lo[4], hi[4];
	int ok[4]; /* 0: degenerate edge, no axis */
};

static void fixed_init(struct fixed *f, const struct bs_quad *o)
{
	f->q = o;
	f->bx = box_of(o);
	for (int i = 0; i < 4; i++) {
		double nx, ny;
		f->ok[i] = edge_normal(o, i, &nx, &ny);
		if (!f->ok[i])
			continue;
		f->n[i] = (struct bs_vec){nx, ny};
		project(o, nx, ny, &f->lo[i], &f->hi[i]);
	}
}

/* overlap_exceeds(a, f->q, thr), the obstacle's part precomputed; the
 * axis that last showed a gap (*hint, 0..7) is tried first (the answer
 * does not depend on the order of the axes). */
static int overlap_exceeds_fixed(const struct bs_quad *a, const struct fixed *f,
				 double thr, int *hint)
{
	struct box ba = box_of(a);
	if (!boxes_meet(&ba, &f->bx, -thr))
		return 0;
	for (int k = 0; k < 8; k++) {
		int x = k == 0 ? *hint : (k <= *hint ? k - 1 : k);
		double ov;
		if (x < 4) {
			int skip;
			ov = axis_overlap(a, x, a, f->q, &skip);
			if (skip)
				continue;
		} else {
			int i = x - 4;
			if (!f->ok[i])
				continue;
			double nx = f->n[i].x, ny = f->n[i].y;
			double alo = a->p[0].x * nx + a->p[0].y * ny, ahi = alo;
			for (int j = 1; j < 4; j++) {
				double va = a->p[j].x * nx + a->p[j].y * ny;
				if (va < alo)
					alo = va;
				if (va > ahi)
					ahi = va;
			}
			ov = (f->hi[i] < ahi ? f->hi[i] : ahi) -
			     (f->lo[i] > alo ? f->lo[i] : alo);
		}
		if (ov <= thr) {
			*hint = x;
			return 0;
		}
	}
	return 1;
}

/* bs_quad_dist(a, b) for quads known not to overlap (min_overlap(a, b)
 * <= 0, so that overlap_exceeds(a, b, 0) is 0 and bs_quad_dist would
 * take the vertex-edge pairs). */
static double dist_apart(const struct bs_quad *a, const struct bs_quad *b)
{
	struct box ba = box_of(a), bb = box_of(b);
	return pairs_dist(a, &ba, b, &bb);
}

/* How far (degrees, >= 0) q can turn by sgn about pivot before it blocks
 * on obstacle o, up to `limit`; returns limit + 1 when it never does. A
 * rotation by x radians moves no point of q more than radius * x, so while
 * the two are apart by d the quad can safely turn d / radius
 * (conservative advancement); near contact it takes fine steps that move
 * no point more than 0.02", and a blocking step is bisected. */
static double rotate_until(const struct bs_quad *q, struct bs_vec pivot,
			   double sgn, double radius, double limit,
			   const struct bs_quad *o)
{
	const double block = BS_GEOM_TOUCH * 0.5;
	const double near = BS_GEOM_TOUCH;
	const double fine = (0.02 / radius) * 180.0 / PI;
	double t = 0, safe = 0;
	for (int iter = 0; iter < 100000; iter++) {
		struct bs_quad r = bs_quad_rotate(q, pivot, sgn * t);
		/* min_overlap(&r, o), or an axis's overlap <= 0 as soon as
		 * one shows the quads apart (then ov > block and ov > 0 are
		 * both false, as they are for the least) */
		double ov = INFINITY;
		const struct bs_quad *qs[2] = {&r, o};
		for (int a = 0; a < 8 && ov > 0; a++) {
			int skip;
			double v = axis_overlap(qs[a / 4], a % 4, &r, o, &skip);
			if (!skip && v < ov)
				ov = v;
		}
		if (ov > block) {
			/* blocked between safe (free) and t */
			double lo = safe, hi = t;
			struct fixed fo;
			int hint = 0;
			fixed_init(&fo, o);
			for (int k = 0; k < 40; k++) {
				double mid = (lo + hi) / 2;
				struct bs_quad rm =
				    bs_quad_rotate(q, pivot, sgn * mid);
				if (overlap_exceeds_fixed(&rm, &fo, block,
							  &hint))
					hi = mid;
				else
					lo = mid;
			}
			return lo;
		}
		if (t >= limit)
			return limit + 1;
		safe = t;
		/* ov <= block: bs_quad_dist is 0 when ov > 0, else (its
		 * overlap test fails on an axis) the pairs' least */
		double d = ov > 0 ? 0 : dist_apart(&r, o);
		double step =
		    d > near ? ((d - near * 0.5) / radius) * 180.0 / PI : fine;
		if (step < fine)
			step = fine;
		t = fmin(limit, t + step);
	}
	return safe;
}

double bs_sweep_rotate(const struct bs_quad *q, struct bs_vec pivot, double deg,
		       const struct bs_quad *obst, int n, int *hit)
{
	double radius = 0;
	for (int i = 0; i < 4; i++) {
		double r = bs_vec_dist(q->p[i], pivot);
		if (r > radius)
			radius = r;
	}
	double sgn = deg < 0 ? -1.0 : 1.0;
	double best = fabs(deg);
	if (hit)
		*hit = -1;
	if (radius <= 0 || best <= 0)
		return sgn * best;
	for (int i = 0; i < n; i++) {
		/* broad phase: every point of q stays within radius of the
		 * pivot, every point of the obstacle within its own radius of
		 * its centre */
		struct bs_vec c = bs_quad_centre(&obst[i]);
		double ro = 0;
		for (int k = 0; k < 4; k++) {
			double r = bs_vec_dist(obst[i].p[k], c);
			if (r > ro)
				ro = r;
		}
		if (bs_vec_dist(c, pivot) > radius + ro + BS_GEOM_TOUCH)
			continue;
		/* obstacles already overlapping at the start are ignored
		 * (they are in contact; [7.8] decides what may move) */
		if (overlap_exceeds(q, &obst[i], BS_GEOM_TOUCH * 0.75))
			continue;
		double t = rotate_until(q, pivot, sgn, radius, best, &obst[i]);
		if (t < best) {
			best = t;
			if (hit)
				*hit = i;
		}
	}
	return sgn * best;
}
