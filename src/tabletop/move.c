/* Movement primitives on the tabletop [7.6] [7.9] [7.10]: advance within
 * 45 degrees (RULING R-105), wheel about a front corner (cost = arc of
 * the outermost figure), right / left / about face (1/3 MV, 1/2 MV),
 * frontage change (1" per figure), formation change (1/3 MV, free when
 * involuntary; RULING R-106 where a unit breaking into open formation
 * spreads), and "closing the door" (RULING R-107). Each sweeps the block
 * so that it stops at first contact and never passes through another
 * unit; a block put down in a new place (a face, a new frontage or
 * formation) may not overlap another (bs_tt_fits). */
#include "battlesim/tabletop.h"

#include <math.h>

#define PI 3.14159265358979323846

/* RULING R-107: a move that meets another block stops a hair short of
 * it (BS_TT_STOP_GAP, well inside the touch tolerance): the blocks touch
 * for [7.8] but never interpenetrate, so that later moves along the
 * contact (sliding past a friend, closing the door) are not blocked. */
static double gap_to(const struct bs_quad *q, const struct bs_quad *o)
{
	return bs_quad_dist(q, o);
}

/* 1 when gap_to(q, o) >= BS_TT_STOP_GAP (the same answer, sooner). */
static int clear_of(const struct bs_quad *q, const struct bs_quad *o)
{
	return bs_quad_dist_cmp(q, o, BS_TT_STOP_GAP) >= 0;
}

static struct bs_quad moved(const struct bs_quad *q, struct bs_vec dir,
			    double t)
{
	struct bs_quad r;
	/* bs_vec_add(q->p[i], bs_vec_scale(dir, t)), written out */
	double sx = dir.x * t, sy = dir.y * t;
	for (int i = 0; i < 4; i++)
		r.p[i] = (struct bs_vec){q->p[i].x + sx, q->p[i].y + sy};
	return r;
}

/* min / max for values used only in comparisons (they may differ from
 * fmin / fmax in the sign of a zero only, which no comparison sees). */
static inline double lo2(double a, double b)
{
	return b < a ? b : a;
}

static inline double hi2(double a, double b)
{
	return b > a ? b : a;
}

int bs_tt_fits(const struct bs_quad *newq, const struct bs_quad *oldq,
	       const struct bs_quad *obst, int n, int may_touch, int *who)
{
	/* broad phase: an obstacle whose bounding box is more than the touch
	 * tolerance (and a margin far above rounding) from newq's is apart
	 * from it: its depth is negative and its distance above
	 * BS_GEOM_TOUCH, so the exact tests below would pass it */
	const double far = BS_GEOM_TOUCH + 1e-6;
	double x0 = newq->p[0].x, x1 = x0, y0 = newq->p[0].y, y1 = y0;
	for (int k = 1; k < 4; k++) {
		x0 = lo2(x0, newq->p[k].x);
		x1 = hi2(x1, newq->p[k].x);
		y0 = lo2(y0, newq->p[k].y);
		y1 = hi2(y1, newq->p[k].y);
	}
	for (int i = 0; i < n; i++) {
		const struct bs_quad *o = &obst[i];
		double ox0 = o->p[0].x, ox1 = ox0, oy0 = o->p[0].y, oy1 = oy0;
		for (int k = 1; k < 4; k++) {
			ox0 = lo2(ox0, o->p[k].x);
			ox1 = hi2(ox1, o->p[k].x);
			oy0 = lo2(oy0, o->p[k].y);
			oy1 = hi2(oy1, o->p[k].y);
		}
		if (ox0 - x1 > far || x0 - ox1 > far || oy0 - y1 > far ||
		    y0 - oy1 > far)
			continue;
		/* bad: depth(newq) > allowed + 1e-12, allowed the larger of
		 * BS_TT_FIT_TOL and depth(oldq); not above BS_TT_FIT_TOL +
		 * 1e-12 (the common case), it is above no allowed, and
		 * depth(oldq) is not needed */
		int bad = 0;
		if (bs_quad_depth_exceeds(newq, &obst[i],
					  BS_TT_FIT_TOL + 1e-12)) {
			double allowed = BS_TT_FIT_TOL;
			if (oldq) {
				double was = bs_quad_depth(oldq, &obst[i]);
				if (was > allowed)
					allowed = was;
			}
			bad = bs_quad_depth_exceeds(newq, &obst[i],
						    allowed + 1e-12);
		}
		if (!bad && !may_touch)
			bad = bs_quad_dist_cmp(newq, &obst[i], BS_GEOM_TOUCH) <=
				  0 &&
			      (!oldq || bs_quad_dist_cmp(oldq, &obst[i],
							 BS_GEOM_TOUCH) > 0);
		if (bad) {
			if (who)
				*who = i;
			return 0;
		}
	}
	return 1;
}

/* Distance from point p to quad q (0 inside). */
static double quad_point_dist(const struct bs_quad *q, struct bs_vec p)
{
	if (bs_quad_contains(q, p, 0))
		return 0;
	double best = HUGE_VAL;
	for (int i = 0; i < 4; i++) {
		double d = bs_seg_point_dist(q->p[i], q->p[(i + 1) % 4], p);
		if (d < best)
			best = d;
	}
	return best;
}

/* How far (degrees, |.| <= |deg|) q turns about pv before it meets o:
 * conservative advancement while the gap is wide (no point moves farther
 * than radius x angle, so turning by gap / radius cannot touch), the exact
 * sampled sweep of geom.c over short stretches once it is close. */
static double turn_until(const struct bs_quad *q, struct bs_vec pv, double deg,
			 double radius, const struct bs_quad *o, int *met)
{
	const double near = 0.05, PIf = 3.14159265358979323846 / 180.0;
	double total = fabs(deg), sgn = deg < 0 ? -1.0 : 1.0, t = 0;
	*met = 0;
	if (radius <= 0)
		return deg;
	for (int guard = 0; guard < 200 && t < total; guard++) {
		struct bs_quad r = bs_quad_rotate(q, pv, sgn * t);
		double d = gap_to(&r, o);
		if (d > near) {
			t += (d - near / 2) / (radius * PIf);
			continue;
		}
		/* close: sample the next 0.5" of the outermost point's path */
		double span = fmin(total - t, 0.5 / (radius * PIf));
		int h = -1;
		double done = bs_sweep_rotate(&r, pv, sgn * span, o, 1, &h);
		if (h >= 0) {
			*met = 1;
			return sgn * t + done;
		}
		t += span;
	}
	return deg;
}

/* The farthest t in [0, d] (d >= 0 along dir) that leaves the gap: a
 * secant step on the (locally linear) gap, checked, then bisection. */
static double back_off_translate(const struct bs_quad *q, struct bs_vec dir,
				 double d, const struct bs_quad *o)
{
	struct bs_quad e = moved(q, dir, d);
	if (clear_of(&e, o))
		return d;
	double lo = d - 0.1 > 0 ? d - 0.1 : 0, hi = d;
	struct bs_quad l = moved(q, dir, lo);
	double glo = gap_to(&l, o);
	if (glo < BS_TT_STOP_GAP)
		return lo; /* it began touching: stay where it is */
	double t2 = (lo + hi) / 2;
	struct bs_quad m2 = moved(q, dir, t2);
	double g2 = gap_to(&m2, o);
	if (g2 > 0 && glo > g2) {
		double rate = (glo - g2) / (t2 - lo);
		double t = t2 + (g2 - 2 * BS_TT_STOP_GAP) / rate;
		if (t > lo && t < hi) {
			struct bs_quad mt = moved(q, dir, t);
			if (clear_of(&mt, o))
				return t;
		}
	}
	for (int k = 0; k < 14; k++) {
		double mid = (lo + hi) / 2;
		struct bs_quad m = moved(q, dir, mid);
		if (clear_of(&m, o))
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* The same for a turn of `deg` (signed) about pv. */
static double back_off_rotate(const struct bs_quad *q, struct bs_vec pv,
			      double deg, const struct bs_quad *o)
{
	struct bs_quad e = bs_quad_rotate(q, pv, deg);
	if (clear_of(&e, o))
		return deg;
	struct bs_quad s0 = bs_quad_rotate(q, pv, 0);
	if (!clear_of(&s0, o))
		return 0;
	double lo = 0, hi = deg;
	for (int k = 0; k < 20; k++) {
		double mid = (lo + hi) / 2;
		struct bs_quad m = bs_quad_rotate(q, pv, mid);
		if (clear_of(&m, o))
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

static void result(struct bs_tt_step_result *out, double done, double cost,
		   int hit, int complete)
{
	out->done = done;
	out->cost = cost;
	out->hit = hit;
	out->complete = complete;
}

void bs_tt_advance(const struct bs_tt_shape *s, struct bs_tt_pose *p,
		   double dist, double angle, const struct bs_quad *obst, int n,
		   struct bs_tt_step_result *out)
{
	/* [7.9] "straight ahead or up to 45 degrees to the left or right":
	 * RULING R-105, an oblique move; the facing is kept. */
	struct bs_quad q = bs_tt_quad(s, p);
	struct bs_vec dir = bs_dir(p->facing + angle);
	int hit = -1;
	if (dist <= 0) {
		result(out, 0, 0, -1, 1);
		return;
	}
	double d = bs_sweep_translate(&q, dir, dist, obst, n, &hit);
	if (d < 0)
		d = 0;
	if (hit >= 0)
		d = back_off_translate(&q, dir, d, &obst[hit]);
	p->front = bs_vec_add(p->front, bs_vec_scale(dir, d));
	/* [7.7] movement is measured from the front of the base */
	result(out, d, d, hit, hit < 0 && d >= dist - 1e-9);
}

double bs_tt_wheel_cost(const struct bs_tt_shape *s, double deg)
{
	/* [7.9] "The movement cost of wheeling is the distance moved by the
	 * outermost figure": the far front corner, at the block's width
	 * from the pivot */
	return fabs(deg) * PI / 180.0 * s->width;
}

void bs_tt_wheel(const struct bs_tt_shape *s, struct bs_tt_pose *p, double deg,
		 const struct bs_quad *obst, int n,
		 struct bs_tt_step_result *out)
{
	struct bs_quad q = bs_tt_quad(s, p);
	/* clockwise (+) pivots on the front-right corner, anticlockwise on
	 * the front-left */
	struct bs_vec pivot = deg >= 0 ? q.p[3] : q.p[0];
	int hit = -1;
	if (deg == 0) {
		result(out, 0, 0, -1, 1);
		return;
	}
	/* only the blocks within the circle the turn sweeps can stop it */
	double radius = 0;
	for (int i = 0; i < 4; i++) {
		double r = bs_vec_dist(q.p[i], pivot);
		if (r > radius)
			radius = r;
	}
	struct bs_quad near[BS_TT_MAX_OBST];
	int map[BS_TT_MAX_OBST], k = 0;
	for (int i = 0; i < n && k < BS_TT_MAX_OBST; i++)
		if (quad_point_dist(&obst[i], pivot) <=
		    radius + BS_GEOM_TOUCH) {
			near[k] = obst[i];
			map[k++] = i;
		}
	double done = deg;
	for (int i = 0; i < k; i++) {
		int met;
		double a = turn_until(&q, pivot, done, radius, &near[i], &met);
		if (met) {
			done = a;
			hit = map[i];
		}
	}
	if (hit >= 0)
		done = back_off_rotate(&q, pivot, done, &obst[hit]);
	/* the sweep lets a turn graze a block by up to half the touch
	 * tolerance: where it ends, no deeper than a placement may
	 * (bs_tt_fits), else it turns back until it is */
	for (int pass = 0; pass < 4; pass++) {
		struct bs_quad e = bs_quad_rotate(&q, pivot, done);
		int who = -1;
		if (bs_tt_fits(&e, &q, obst, n, 1, &who))
			break;
		double allowed =
		    fmax(BS_TT_FIT_TOL, bs_quad_depth(&q, &obst[who]));
		double lo = 0, hi = done;
		for (int k = 0; k < 30; k++) {
			double mid = (lo + hi) / 2;
			struct bs_quad m = bs_quad_rotate(&q, pivot, mid);
			if (bs_quad_depth(&m, &obst[who]) <= allowed)
				lo = mid;
			else
				hi = mid;
		}
		done = lo;
		hit = who;
	}
	p->front = bs_rotate_about(p->front, pivot, done);
	p->facing = fmod(p->facing + done + 360.0, 360.0);
	result(out, done, bs_tt_wheel_cost(s, done), hit,
	       hit < 0 && fabs(done) >= fabs(deg) - 1e-9);
}

/* The same figures, bases and spacing in `files` files. */
static void reshape(struct bs_tt_shape *s, int files)
{
	if (files < 1)
		files = 1;
	if (files > s->figures)
		files = s->figures;
	s->files = files;
	s->ranks = (s->figures + files - 1) / files;
	s->last = s->figures - (s->ranks - 1) * files;
	s->width = files * s->base_w + (files - 1) * s->gap;
	s->depth = s->ranks * s->base_d + (s->ranks - 1) * s->gap;
}

double bs_tt_face_cost(double deg, double mv)
{
	/* [7.9] right or left face 1/3 MV; about face 1/2 MV (RULING R-139
	 * gap 43: thirds are kept exact, not rounded) */
	double a = fabs(deg);
	if (a < 1e-9)
		return 0;
	return a > 135.0 ? mv / 2.0 : mv / 3.0;
}

void bs_tt_face(struct bs_tt_shape *s, struct bs_tt_pose *p, double deg,
		double mv, const struct bs_quad *obst, int n,
		struct bs_tt_step_result *out)
{
	struct bs_quad q = bs_tt_quad(s, p);
	struct bs_vec c = bs_quad_centre(&q);
	struct bs_tt_shape ns = *s;
	int quarter = fabs(fabs(deg) - 90.0) < 1e-6;
	if (quarter) {
		/* files and ranks swap: each figure turns in place */
		reshape(&ns, s->ranks);
	}
	struct bs_tt_pose np;
	np.facing = fmod(p->facing + deg + 720.0, 360.0);
	np.front = bs_vec_add(c, bs_vec_scale(bs_dir(np.facing), ns.depth / 2));
	struct bs_quad nq = bs_tt_quad(&ns, &np);
	int who = -1;
	/* the turned block may touch what it touched, never overlap */
	if (!bs_tt_fits(&nq, &q, obst, n, 1, &who)) {
		result(out, 0, 0, who, 0);
		return;
	}
	*s = ns;
	*p = np;
	result(out, deg, bs_tt_face_cost(deg, mv), -1, 1);
}

/* 1 when the new block overlaps an obstacle, or touches one that the old
 * block did not touch. */
static int comes_into(const struct bs_quad *oldq, const struct bs_quad *newq,
		      const struct bs_quad *obst, int n, int *who)
{
	return !bs_tt_fits(newq, oldq, obst, n, 0, who);
}

void bs_tt_frontage(struct bs_tt_shape *s, struct bs_tt_pose *p, int files,
		    const struct bs_quad *obst, int n,
		    struct bs_tt_step_result *out)
{
	if (files < 1)
		files = 1;
	if (files > s->figures)
		files = s->figures;
	struct bs_tt_shape ns = *s;
	reshape(&ns, files);
	struct bs_quad oq = bs_tt_quad(s, p), nq = bs_tt_quad(&ns, p);
	int who = -1;
	/* [7.10] "nor can a figure move into base-to-base contact with an
	 * enemy unit while changing frontage" */
	if (comes_into(&oq, &nq, obst, n, &who)) {
		result(out, 0, 0, who, 0);
		return;
	}
	/* [7.10] "1" for each figure added to or subtracted from the unit's
	 * frontage" */
	double cost = fabs((double)(files - s->files));
	*s = ns;
	result(out, files, cost, -1, 1);
}

int bs_tt_spread(struct bs_tt_shape *s, struct bs_tt_pose *p,
		 enum bs_formation f, int stands_option,
		 const struct bs_quad *obst, int n, int *who)
{
	struct bs_quad oq = bs_tt_quad(s, p);
	struct bs_vec right = bs_dir(p->facing + 90.0);
	/* RULING R-106 [4.5] "The unit does not actually move, but the
	 * figures are spread apart. A unit cannot increase the number of
	 * figures in its frontage under this rule, but it can decrease":
	 * its frontage, else one file fewer at a time down to the first
	 * that is no wider than the block was; each centred on the old
	 * front, else shifted sideways as little as will do (the front
	 * stays on its line and the new front and the old overlap fully,
	 * so that the figures in contact stay in contact); never
	 * overlapping another block, never into a new contact */
	for (int files = s->files; files >= 1; files--) {
		struct bs_tt_shape ns;
		bs_tt_shape_make(f, s->figures, files, s->base_w, s->base_d,
				 stands_option, &ns);
		double half = fabs(ns.width - s->width) / 2;
		for (int k = 0; k <= 8; k++) {
			/* 0, +1/4, -1/4, +1/2, -1/2 ... of the slack */
			double off = (k + 1) / 2 * 0.25 * half;
			if (k % 2 == 0)
				off = -off;
			if (k > 0 && half < 1e-9)
				break;
			struct bs_tt_pose np = *p;
			np.front =
			    bs_vec_add(p->front, bs_vec_scale(right, off));
			struct bs_quad nq = bs_tt_quad(&ns, &np);
			if (bs_tt_fits(&nq, &oq, obst, n, 0, who)) {
				*s = ns;
				*p = np;
				return 1;
			}
		}
		if (ns.width <= s->width + 1e-9)
			break;
	}
	return 0;
}

void bs_tt_formation(struct bs_tt_shape *s, struct bs_tt_pose *p,
		     enum bs_formation f, double mv, int involuntary,
		     int stands_option, const struct bs_quad *obst, int n,
		     struct bs_tt_step_result *out)
{
	struct bs_tt_shape ns;
	struct bs_quad oq = bs_tt_quad(s, p);
	int who = -1;
	bs_tt_shape_make(f, s->figures, s->files, s->base_w, s->base_d,
			 stands_option, &ns);
	struct bs_quad nq = bs_tt_quad(&ns, p);
	if (comes_into(&oq, &nq, obst, n, &who)) {
		if (!involuntary ||
		    !bs_tt_spread(s, p, f, stands_option, obst, n, &who)) {
			result(out, 0, 0, who, 0);
			return;
		}
		result(out, 0, 0, -1, 1);
		return;
	}
	/* [7.6] "A change of formation costs a unit 1/3 of its movement
	 * rate. Changes of formation that happen involuntarily ... have no
	 * cost." */
	*s = ns;
	result(out, 0, involuntary ? 0 : mv / 3.0, -1, 1);
}

double bs_tt_close_door(const struct bs_tt_shape *s, struct bs_tt_pose *p,
			const struct bs_quad *target,
			const struct bs_quad *obst, int n, int skip)
{
	struct bs_quad q = bs_tt_quad(s, p);
	struct bs_vec fa, fb;
	bs_quad_edge(&q, BS_EDGE_FRONT, &fa, &fb);
	/* already flush along the front? */
	for (int j = 0; j < 4; j++) {
		struct bs_vec b0, b1;
		bs_quad_edge(target, j, &b0, &b1);
		if (bs_seg_touch_len(fa, fb, b0, b1, BS_GEOM_TOUCH) > 1e-6)
			return 0;
	}
	/* the point of contact on the mover's front: one of its front
	 * corners on a target edge, or a target corner on its front edge */
	struct bs_vec pivot = fa;
	int tedge = -1;
	double best = BS_GEOM_TOUCH * 2;
	for (int c = 0; c < 2; c++) {
		struct bs_vec pc = c == 0 ? fa : fb;
		for (int j = 0; j < 4; j++) {
			struct bs_vec b0, b1;
			bs_quad_edge(target, j, &b0, &b1);
			double d = bs_seg_point_dist(b0, b1, pc);
			if (d < best) {
				best = d;
				pivot = pc;
				tedge = j;
			}
		}
	}
	if (tedge < 0) {
		struct bs_vec mf = bs_dir(p->facing);
		double most = 2;
		for (int k = 0; k < 4; k++) {
			struct bs_vec tc = target->p[k];
			if (bs_seg_point_dist(fa, fb, tc) > BS_GEOM_TOUCH)
				continue;
			/* the target edge at that corner that faces us most */
			for (int j = 0; j < 4; j++) {
				struct bs_vec b0, b1;
				bs_quad_edge(target, j, &b0, &b1);
				if (bs_vec_dist(b0, tc) > 1e-9 &&
				    bs_vec_dist(b1, tc) > 1e-9)
					continue;
				struct bs_vec e = bs_vec_sub(b1, b0);
				struct bs_vec nrm = {e.y, -e.x};
				struct bs_vec tcen = bs_quad_centre(target);
				struct bs_vec m =
				    bs_vec_scale(bs_vec_add(b0, b1), 0.5);
				if (bs_vec_dot(nrm, bs_vec_sub(m, tcen)) < 0)
					nrm = bs_vec_scale(nrm, -1);
				double l = bs_vec_len(nrm);
				double dd = bs_vec_dot(nrm, mf) / l;
				if (dd < most) {
					most = dd;
					tedge = j;
					pivot = tc;
				}
			}
		}
	}
	if (tedge < 0)
		return 0;
	/* turn so that the front faces into that edge: facing = minus its
	 * outward normal */
	struct bs_vec b0, b1;
	bs_quad_edge(target, tedge, &b0, &b1);
	struct bs_vec e = bs_vec_sub(b1, b0);
	struct bs_vec nrm = {e.y, -e.x};
	struct bs_vec tcen = bs_quad_centre(target);
	struct bs_vec m = bs_vec_scale(bs_vec_add(b0, b1), 0.5);
	if (bs_vec_dot(nrm, bs_vec_sub(m, tcen)) < 0)
		nrm = bs_vec_scale(nrm, -1);
	double want = bs_facing_of(bs_vec_scale(nrm, -1));
	double delta = bs_angle_diff(p->facing, want);
	if (fabs(delta) < 1e-6 || fabs(delta) >= 90.0 - 1e-9)
		return 0;
	/* sweep the turn against everything but the target */
	struct bs_quad others[256];
	int k = 0;
	for (int i = 0; i < n && k < 256; i++)
		if (i != skip)
			others[k++] = obst[i];
	int hit = -1;
	double done = bs_sweep_rotate(&q, pivot, delta, others, k, &hit);
	if (hit >= 0 || fabs(done - delta) > 1e-6)
		return 0;
	struct bs_tt_pose np = *p;
	np.front = bs_rotate_about(p->front, pivot, delta);
	np.facing = fmod(p->facing + delta + 360.0, 360.0);
	struct bs_quad nq = bs_tt_quad(s, &np);
	if (!bs_tt_fits(&nq, &q, target, 1, 1, NULL) ||
	    !bs_tt_fits(&nq, &q, others, k, 1, NULL))
		return 0;
	*p = np;
	return delta;
}
