/* Issue 13: the pair memo of bs_quad_dist and bs_quad_dist_cmp
 * (src/core/geom.c, "the pair memo"; the distances of [7.8] contact and
 * of every range) gives the very answers the functions give without it:
 * on random pairs of blocks apart, touching and overlapping, comparisons
 * with thresholds at, just either side of and far from the distance,
 * asked before the distance is known, again, and after it is, answer as
 * with the memos off, and the distance has the same bits. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "battlesim/geom.h"
#include "geom_rand.h"

#define N_PAIRS 50000
#define NTHR 10

static void ask(const struct bs_quad *a, const struct bs_quad *b,
		const double *thr, int *cmp1, double *d, int *cmp2, int *cmp3)
{
	for (int k = 0; k < NTHR; k++)
		cmp1[k] = bs_quad_dist_cmp(a, b, thr[k]);
	for (int k = 0; k < NTHR; k++)
		cmp2[k] = bs_quad_dist_cmp(a, b, thr[k]);
	*d = bs_quad_dist(a, b);
	for (int k = 0; k < NTHR; k++)
		cmp3[k] = bs_quad_dist_cmp(a, b, thr[k]);
}

Test(geom, s7_8_pair_memo_gives_the_distance_bits, .timeout = 300)
{
	unsigned long long s = 0x9a1e5ull;
	long bad = 0, near = 0;
	for (int p = 0; p < N_PAIRS; p++) {
		struct bs_quad a = rand_block(&s, 0, 0, 4);
		struct bs_quad b = unit_rand(&s) < 0.3
				       ? a /* the same block */
				       : rand_block(&s, 0, 0, 6 + 20 * (p % 2));
		if (unit_rand(&s) < 0.3) {
			/* b just beside a: touching, nearly, or overlapping */
			struct bs_vec e = bs_vec_sub(a.p[3], a.p[0]);
			double l = bs_vec_len(e),
			       g = -0.01 + unit_rand(&s) * 0.03;
			struct bs_vec sh = bs_vec_scale(e, (l + g) / l);
			for (int i = 0; i < 4; i++)
				b.p[i] = bs_vec_add(a.p[i], sh);
		}
		bs_geom_sweep_memo(0);
		double d0 = bs_quad_dist(&a, &b);
		double thr[NTHR] = {d0,
				    nextafter(d0, INFINITY),
				    nextafter(d0, -INFINITY),
				    d0 + 1e-10,
				    d0 - 1e-10,
				    BS_GEOM_TOUCH,
				    BS_GEOM_STOP_GAP,
				    0,
				    d0 * 2 + 1,
				    unit_rand(&s) * 30};
		int w1[NTHR], w2[NTHR], w3[NTHR], g1[NTHR], g2[NTHR], g3[NTHR];
		double wd, gd;
		ask(&a, &b, thr, w1, &wd, w2, w3);
		bs_geom_sweep_memo(1);
		ask(&a, &b, thr, g1, &gd, g2, g3);
		if (d0 < 0.05)
			near++;
		int ok = memcmp(&wd, &gd, sizeof wd) == 0 &&
			 memcmp(&wd, &d0, sizeof wd) == 0;
		for (int k = 0; k < NTHR; k++)
			ok = ok && w1[k] == g1[k] && w2[k] == g2[k] &&
			     w3[k] == g3[k] && w1[k] == w3[k] &&
			     /* what the memo answers from a distance */
			     w1[k] == (wd < thr[k]   ? -1
				       : wd > thr[k] ? 1
						     : 0);
		if (!ok) {
			if (bad < 5)
				cr_log_error(
				    "pair %d: distance %.17g, memo %.17g", p,
				    wd, gd);
			bad++;
		}
	}
	bs_geom_sweep_memo(1);
	cr_assert_eq(bad, 0, "%ld of %d pairs differ", bad, N_PAIRS);
	cr_assert_gt(near, N_PAIRS / 10, "%ld pairs near", near);
}
