/* Tabletop geometry: quads (unit blocks and bases), distances, edge
 * contact, and exact sweeps of a quad along a line (separating axes) or
 * about a pivot (sampling and bisection), stopping at first contact.
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

/* Projection interval of a quad on axis n. */
static void project(const struct bs_quad *q, struct bs_vec n, double *lo,
		    double *hi)
{
	double a = bs_vec_dot(q->p[0], n);
	*lo = *hi = a;
	for (int i = 1; i < 4; i++) {
		double v = bs_vec_dot(q->p[i], n);
		if (v < *lo)
			*lo = v;
		if (v > *hi)
			*hi = v;
	}
}

/* The separating-axis candidates: the edge normals of both quads. */
static int axes(const struct bs_quad *a, const struct bs_quad *b,
		struct bs_vec out[8])
{
	int n = 0;
	const struct bs_quad *qs[2] = {a, b};
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < 4; i++) {
			struct bs_vec e =
			    bs_vec_sub(qs[k]->p[(i + 1) % 4], qs[k]->p[i]);
			double l = bs_vec_len(e);
			if (l < 1e-12)
				continue;
			out[n++] = (struct bs_vec){-e.y / l, e.x / l};
		}
	return n;
}

/* Smallest overlap of the projections over all axes (negative: a gap). */
static double min_overlap(const struct bs_quad *a, const struct bs_quad *b)
{
	struct bs_vec ax[8];
	int n = axes(a, b, ax);
	double best = INFINITY;
	for (int i = 0; i < n; i++) {
		double alo, ahi, blo, bhi;
		project(a, ax[i], &alo, &ahi);
		project(b, ax[i], &blo, &bhi);
		double ov = lo2(ahi, bhi) - hi2(alo, blo);
		if (ov < best)
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
 * not (the common case: the quads are apart). */
static int overlap_exceeds(const struct bs_quad *a, const struct bs_quad *b,
			   double thr)
{
	struct box ba = box_of(a), bb = box_of(b);
	if (!boxes_meet(&ba, &bb, -thr))
		return 0;
	struct bs_vec ax[8];
	int n = axes(a, b, ax);
	for (int i = 0; i < n; i++) {
		double alo, ahi, blo, bhi;
		project(a, ax[i], &alo, &ahi);
		project(b, ax[i], &blo, &bhi);
		if (lo2(ahi, bhi) - hi2(alo, blo) <= thr)
			return 0;
	}
	return 1;
}

int bs_quad_overlap(const struct bs_quad *a, const struct bs_quad *b)
{
	return overlap_exceeds(a, b, BS_GEOM_TOUCH);
}

/* Squared distance from each vertex of p to each edge of q, the least,
 * with the edges' vectors and inverse squared lengths computed once. */
static double vertex_edge_min2(const struct bs_quad *p, const struct bs_quad *q)
{
	struct bs_vec e[4];
	double inv[4];
	for (int j = 0; j < 4; j++) {
		e[j] = bs_vec_sub(q->p[(j + 1) % 4], q->p[j]);
		double l2 = bs_vec_dot(e[j], e[j]);
		inv[j] = l2 > 0 ? 1.0 / l2 : 0;
	}
	double best = INFINITY;
	for (int i = 0; i < 4; i++)
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
	return best;
}

double bs_quad_dist(const struct bs_quad *a, const struct bs_quad *b)
{
	if (overlap_exceeds(a, b, 0))
		return 0.0;
	/* apart: the least distance is between a vertex and an edge */
	/* both squared distances are >= +0, never NaN: lo2 is fmin here */
	return sqrt(lo2(vertex_edge_min2(a, b), vertex_edge_min2(b, a)));
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
	struct bs_vec ax[8];
	int n = axes(a, b, ax);
	double lo = -INFINITY, hi = INFINITY;
	for (int i = 0; i < n; i++) {
		double alo, ahi, blo, bhi;
		project(a, ax[i], &alo, &ahi);
		project(b, ax[i], &blo, &bhi);
		double v = bs_vec_dot(dir, ax[i]);
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
		double ov = min_overlap(&r, o);
		if (ov > block) {
			/* blocked between safe (free) and t */
			double lo = safe, hi = t;
			for (int k = 0; k < 40; k++) {
				double mid = (lo + hi) / 2;
				struct bs_quad rm =
				    bs_quad_rotate(q, pivot, sgn * mid);
				if (overlap_exceeds(&rm, o, block))
					hi = mid;
				else
					lo = mid;
			}
			return lo;
		}
		if (t >= limit)
			return limit + 1;
		safe = t;
		double d = ov > 0 ? 0 : bs_quad_dist(&r, o);
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
