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

int bs_tt_fits(const struct bs_quad *newq, const struct bs_quad *oldq,
	       const struct bs_quad *obst, int n, int may_touch, int *who)
{
	/* broad phase: an obstacle whose bounding box is more than the touch
	 * tolerance (and a margin far above rounding) from newq's is apart
	 * from it: its depth is negative and its distance above
	 * BS_GEOM_TOUCH, so the exact tests below would pass it */
	const double far = BS_GEOM_TOUCH + 1e-6;
	/* newq's box once (bs_quad_boxes_apart's test, issue 13 part 2) */
	const struct bs_box nb = bs_quad_box(newq);
	for (int i = 0; i < n; i++) {
		const struct bs_box ob = bs_quad_box(&obst[i]);
		if (bs_box_apart(&nb, &ob, far))
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
			bad = bs_quad_touching(newq, &obst[i]) &&
			      (!oldq || !bs_quad_touching(oldq, &obst[i]));
		if (bad) {
			if (who)
				*who = i;
			return 0;
		}
	}
	return 1;
}

/* RULING R-330 [7.8] the obstacle a motion met (bs_sweep_*: the one it
 * came to touch, else the one that stopped it), checked where the unit
 * now stands (the quad of its new pose, as every later test computes it):
 * -1 when, at the limit of the tolerance, the pose does not touch it. */
static int met_at_end(const struct bs_tt_shape *s, const struct bs_tt_pose *p,
		      const struct bs_quad *obst, int hit)
{
	if (hit < 0)
		return -1;
	struct bs_quad e = bs_tt_quad(s, p);
	return bs_quad_touching(&e, &obst[hit]) ? hit : -1;
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
	if (dist <= 0) {
		result(out, 0, 0, -1, 1);
		return;
	}
	struct bs_quad q = bs_tt_quad(s, p);
	struct bs_vec dir = bs_dir(p->facing + angle);
	int hit = -1;
	/* RULING R-330: the exact first contact; it stops a hair short of
	 * what it meets (RULING R-107) */
	double d = bs_sweep_translate(&q, dir, dist, obst, n, &hit);
	p->front = bs_vec_add(p->front, bs_vec_scale(dir, d));
	hit = met_at_end(s, p, obst, hit);
	/* [7.7] movement is measured from the front of the base */
	result(out, d, d, hit, d >= dist - 1e-9);
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
	if (deg == 0) {
		result(out, 0, 0, -1, 1);
		return;
	}
	struct bs_quad q = bs_tt_quad(s, p);
	/* clockwise (+) pivots on the front-right corner, anticlockwise on
	 * the front-left */
	struct bs_vec pivot = deg >= 0 ? q.p[3] : q.p[0];
	int hit = -1;
	/* RULING R-330: the exact first contact of the turn */
	double done = bs_sweep_rotate(&q, pivot, deg, obst, n, &hit);
	p->front = bs_rotate_about(p->front, pivot, done);
	p->facing = fmod(p->facing + done + 360.0, 360.0);
	hit = met_at_end(s, p, obst, hit);
	result(out, done, bs_tt_wheel_cost(s, done), hit,
	       fabs(done) >= fabs(deg) - 1e-9);
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
	double done = bs_sweep_rotate(&q, pivot, delta, others, k, NULL);
	if (fabs(done - delta) > 1e-6)
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
