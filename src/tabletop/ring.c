/* [7.15] "completely surrounded (all passable terrain completely blocked)
 * by an enemy unit in closed or open formation, and there is no gap of 1"
 * or more of passable terrain through which even a single figure could
 * escape ... Otherwise, the entire unit is entitled to rout through the
 * gap" (RULING R-172): whether blocks joined wherever they stand less than
 * a gap apart enclose a point (the winding of their chains about it), and
 * the place beyond such a gap a router's block can rout to. Pure geometry:
 * no battle, no allocation. */
#include "battlesim/tabletop.h"

#include <math.h>

#define MAXR (BS_MAX_SIDES * BS_MAX_UNITS)
#define PI 3.14159265358979323846

/* The nearest points of two convex quads (*pa on a, *pb on b) and their
 * distance; for quads that touch or overlap, a point of both. */
static double nearest(const struct bs_quad *a, const struct bs_quad *b,
		      struct bs_vec *pa, struct bs_vec *pb)
{
	double best = HUGE_VAL;
	for (int k = 0; k < 2; k++) {
		const struct bs_quad *e = k ? b : a, *v = k ? a : b;
		for (int i = 0; i < 4; i++) {
			struct bs_vec s0 = e->p[i], s1 = e->p[(i + 1) % 4];
			struct bs_vec d = bs_vec_sub(s1, s0);
			double l2 = bs_vec_dot(d, d);
			for (int j = 0; j < 4; j++) {
				struct bs_vec q = v->p[j];
				double t =
				    l2 > 0
					? bs_vec_dot(bs_vec_sub(q, s0), d) / l2
					: 0;
				t = t < 0 ? 0 : t > 1 ? 1 : t;
				struct bs_vec c =
				    bs_vec_add(s0, bs_vec_scale(d, t));
				double dd = bs_vec_dist(c, q);
				if (dd < best) {
					best = dd;
					*pa = k ? q : c;
					*pb = k ? c : q;
				}
			}
		}
	}
	if (bs_quad_overlap(a, b)) {
		/* overlapping: a corner of one inside the other */
		for (int k = 0; k < 2; k++)
			for (int j = 0; j < 4; j++) {
				const struct bs_quad *in = k ? a : b;
				struct bs_vec q = (k ? b : a)->p[j];
				if (bs_quad_contains(in, q, 0)) {
					*pa = *pb = q;
					return 0;
				}
			}
		return 0;
	}
	return best;
}

/* The angle segment a -> b sweeps as seen from p (radians, signed). */
static double sweep(struct bs_vec p, struct bs_vec a, struct bs_vec b)
{
	struct bs_vec u = bs_vec_sub(a, p), v = bs_vec_sub(b, p);
	return atan2(bs_vec_cross(u, v), bs_vec_dot(u, v));
}

int bs_tt_enclosed(struct bs_vec p, const struct bs_quad *ring, int n,
		   double gap)
{
	if (n > MAXR)
		n = MAXR;
	struct bs_vec c[MAXR];
	struct bs_box box[MAXR];
	for (int i = 0; i < n; i++) {
		if (bs_quad_contains(&ring[i], p, 0))
			return 1;
		c[i] = bs_quad_centre(&ring[i]);
		box[i] = bs_quad_box(&ring[i]);
	}
	/* each chain of blocks less than `gap` apart, walked from one of
	 * them: the angle about p of the path centre -> nearest point ->
	 * nearest point -> centre along each link; a link that closes a loop
	 * whose angle is a whole turn encloses p */
	double theta[MAXR];
	int seen[MAXR], queue[MAXR];
	for (int i = 0; i < n; i++)
		seen[i] = 0;
	for (int r = 0; r < n; r++) {
		if (seen[r])
			continue;
		int qh = 0, qt = 0;
		queue[qt++] = r;
		seen[r] = 1;
		theta[r] = 0;
		while (qh < qt) {
			int i = queue[qh++];
			for (int j = 0; j < n; j++) {
				if (j == i)
					continue;
				struct bs_vec pi, pj;
				/* issue 13: blocks whose boxes lie at least
				 * `gap` apart (bs_box_gap_lb: nearest is
				 * never below it) form no link */
				if (bs_box_gap_lb(&box[i], &box[j]) >= gap ||
				    nearest(&ring[i], &ring[j], &pi, &pj) >=
					gap)
					continue;
				double d = sweep(p, c[i], pi) +
					   sweep(p, pi, pj) +
					   sweep(p, pj, c[j]);
				if (!seen[j]) {
					seen[j] = 1;
					theta[j] = theta[i] + d;
					queue[qt++] = j;
				} else if (fabs(theta[i] + d - theta[j]) > PI) {
					return 1;
				}
			}
		}
	}
	return 0;
}

int bs_tt_through_gap(const struct bs_tt_shape *s, const struct bs_tt_pose *p,
		      const struct bs_quad *ring, int n,
		      const struct bs_quad *obst, int nobst, double dist,
		      double gap, double trap, struct bs_tt_pose *out,
		      double *used, double *toward)
{
	if (n > MAXR)
		n = MAXR;
	struct bs_quad q = bs_tt_quad(s, p);
	struct bs_vec c = bs_quad_centre(&q);
	double nearest_gap = HUGE_VAL;
	*toward = -1;
	/* the gaps, nearest first: an insertion sort of at most a few */
	struct {
		struct bs_vec mid, dir;
		double far;
	} g[64];
	int ng = 0;
	struct bs_box box[MAXR];
	for (int i = 0; i < n; i++)
		box[i] = bs_quad_box(&ring[i]);
	for (int i = 0; i < n; i++)
		for (int j = i + 1; j < n; j++) {
			struct bs_vec pi, pj;
			/* issue 13: boxes at least `trap` apart: nearest is
			 * too (bs_box_gap_lb), wide enough to pass */
			if (bs_box_gap_lb(&box[i], &box[j]) >= trap)
				continue;
			double d = nearest(&ring[i], &ring[j], &pi, &pj);
			if (d < gap || d >= trap)
				continue; /* closed, or wide enough to pass */
			struct bs_vec mid =
			    bs_vec_scale(bs_vec_add(pi, pj), 0.5);
			struct bs_vec u =
			    bs_vec_scale(bs_vec_sub(pj, pi), 1 / d);
			struct bs_vec nv = {u.y, -u.x};
			if (bs_vec_dot(nv, bs_vec_sub(mid, c)) < 0)
				nv = bs_vec_scale(nv, -1);
			/* a way out: beyond it the ring no longer holds */
			if (bs_tt_enclosed(
				bs_vec_add(mid, bs_vec_scale(nv, 1.0)), ring, n,
				trap))
				continue;
			double far = bs_vec_dist(c, mid);
			if (far < nearest_gap) {
				nearest_gap = far;
				*toward = bs_facing_of(bs_vec_sub(mid, c));
			}
			if (ng == 64)
				continue;
			int k = ng++;
			while (k > 0 && g[k - 1].far > far) {
				g[k] = g[k - 1];
				k--;
			}
			g[k].mid = mid;
			g[k].dir = nv;
			g[k].far = far;
		}
	/* beyond the gap, its back to the ring, the nearest place where the
	 * block stands clear; the path of its centre through the gap no
	 * longer than its rout move */
	for (int k = 0; k < ng; k++) {
		double face = bs_facing_of(g[k].dir);
		for (double t = 2 * BS_GEOM_TOUCH; t <= dist; t += 0.25) {
			struct bs_tt_pose np = {
			    bs_vec_add(g[k].mid,
				       bs_vec_scale(g[k].dir, t + s->depth)),
			    face};
			struct bs_quad nq = bs_tt_quad(s, &np);
			double path =
			    g[k].far +
			    bs_vec_dist(g[k].mid, bs_quad_centre(&nq));
			if (path > dist + 1e-9)
				break;
			if (bs_tt_fits(&nq, NULL, obst, nobst, 1, NULL) &&
			    !bs_tt_enclosed(bs_quad_centre(&nq), ring, n,
					    trap)) {
				*out = np;
				*used = path;
				return 1;
			}
		}
	}
	return 0;
}
