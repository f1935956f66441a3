/* Rout geometry [7.15]: the direction of a rout (away from the cause,
 * toward the home edge when that is also away, RULING R-110) and the
 * "completely surrounded" test (no gap of 1" along the edges or at a
 * corner, RULING R-111). */
#include "battlesim/tabletop.h"

#include <math.h>

double bs_tt_rout_dir(struct bs_vec centre, struct bs_vec cause,
		      enum bs_edge home)
{
	static const double home_dir[BS_EDGE__COUNT] = {
	    [BS_EDGE_SOUTH] = 180.0,
	    [BS_EDGE_NORTH] = 0.0,
	    [BS_EDGE_WEST] = 270.0,
	    [BS_EDGE_EAST] = 90.0,
	};
	struct bs_vec d = bs_vec_sub(centre, cause);
	double h = home_dir[home < BS_EDGE__COUNT ? home : 0];
	if (bs_vec_len(d) < 1e-9)
		return h;
	double away = bs_facing_of(d);
	/* [7.15] "A unit always routs away from whatever caused the Morale
	 * Check, and routs toward its own lines if possible." */
	if (fabs(bs_angle_diff(away, h)) <= 90.0)
		return h;
	return away;
}

#define MAXIV 64

/* Uncovered stretches of edge a->b (length L): intervals covered by the
 * enemy edges touching it are merged; *lead / *trail get the uncovered
 * lengths at the start and the end; returns the longest uncovered. */
static double uncovered(struct bs_vec a, struct bs_vec b,
			const struct bs_quad *enemy, int n, double *lead,
			double *trail)
{
	double lo[MAXIV], hi[MAXIV];
	int k = 0;
	struct bs_vec e = bs_vec_sub(b, a);
	double L = bs_vec_len(e);
	struct bs_vec u = bs_vec_scale(e, 1.0 / L);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < 4 && k < MAXIV; j++) {
			struct bs_vec c, d;
			bs_quad_edge(&enemy[i], j, &c, &d);
			if (bs_seg_touch_len(a, b, c, d, BS_GEOM_TOUCH) <= 0)
				continue;
			double t0 = bs_vec_dot(bs_vec_sub(c, a), u);
			double t1 = bs_vec_dot(bs_vec_sub(d, a), u);
			lo[k] = fmax(0, fmin(t0, t1));
			hi[k] = fmin(L, fmax(t0, t1));
			k++;
		}
	/* sort by lo (insertion: few intervals) */
	for (int i = 1; i < k; i++)
		for (int j = i; j > 0 && lo[j] < lo[j - 1]; j--) {
			double t = lo[j];
			lo[j] = lo[j - 1];
			lo[j - 1] = t;
			t = hi[j];
			hi[j] = hi[j - 1];
			hi[j - 1] = t;
		}
	if (k == 0) {
		*lead = *trail = L;
		return L;
	}
	double pos = lo[0], longest = lo[0];
	*lead = lo[0];
	for (int i = 0; i < k; i++) {
		if (lo[i] > pos)
			longest = fmax(longest, lo[i] - pos);
		pos = fmax(pos, hi[i]);
	}
	*trail = L - pos > 0 ? L - pos : 0;
	longest = fmax(longest, *trail);
	return longest;
}

int bs_tt_surrounded(const struct bs_quad *q, const struct bs_quad *enemy,
		     int n)
{
	double lead[4], trail[4];
	for (int i = 0; i < 4; i++) {
		struct bs_vec a, b;
		bs_quad_edge(q, i, &a, &b);
		/* [7.15] "no gap of 1" or more ... through which even a
		 * single figure could escape" */
		if (uncovered(a, b, enemy, n, &lead[i], &trail[i]) >=
		    1.0 - 1e-9)
			return 0;
	}
	/* corners: edge i ends where edge (i + 1) % 4 begins (front 3->0,
	 * left 0->1, rear 1->2, right 2->3) */
	for (int i = 0; i < 4; i++) {
		int j = (i + 1) % 4;
		if (hypot(trail[i], lead[j]) >= 1.0 - 1e-9)
			return 0;
	}
	return 1;
}
