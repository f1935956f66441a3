/* Issue 13 part 4: the sweep memo of bs_sweep_translate (src/core/geom.c,
 * "the sweep memo"; first contact RULING R-330) gives the very bytes the
 * sweep gives: on 100,000 random placements of a block among obstacles
 * apart, touching, closer and overlapping, a sweep of length L and then
 * the same sweep at L and at shorter lengths along the same line (what the
 * doctrine and the engine ask, [7.8] [7.9]) answer, stop and obstacle hit,
 * byte for byte what the sweep answers with the memo off. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "battlesim/geom.h"
#include "geom_rand.h"

#define N_PLACEMENTS 100000
#define MAXO 12

/* A block, and obstacles around it: random blocks, and blocks set just in
 * front of it or beside it at a gap of -0.004" .. 0.014" (overlapping
 * deeper than BS_GEOM_FIT_TOL, closer, touching, apart), turned a little. */
static int placement(unsigned long long *s, struct bs_quad *q,
		     struct bs_vec *dir, struct bs_quad *o)
{
	struct bs_vec f = {(unit_rand(s) - 0.5) * 4, (unit_rand(s) - 0.5) * 4};
	double facing = unit_rand(s) * 360.0;
	double w = 1 + unit_rand(s) * 8, d = 0.5 + unit_rand(s) * 3;
	*q = bs_block(f, facing, w, d);
	/* mostly forward (an advance, oblique up to 45 degrees), sometimes
	 * any way */
	double a = unit_rand(s) < 0.8 ? facing + (unit_rand(s) - 0.5) * 90
				      : unit_rand(s) * 360.0;
	*dir = bs_dir(a);
	int n = 1 + (int)(unit_rand(s) * MAXO);
	struct bs_vec fw = bs_dir(facing), rt = bs_dir(facing + 90);
	for (int i = 0; i < n; i++) {
		double k = unit_rand(s);
		if (k < 0.5) {
			o[i] =
			    rand_block(s, f.x + fw.x * 6, f.y + fw.y * 6, 24);
			continue;
		}
		double gap = -0.004 + unit_rand(s) * 0.018;
		double d2 = 0.5 + unit_rand(s) * 3, w2 = 1 + unit_rand(s) * 8;
		double tilt =
		    (unit_rand(s) - 0.5) * (unit_rand(s) < 0.5 ? 0 : 6);
		double along = (unit_rand(s) - 0.5) * w;
		struct bs_vec at;
		if (k < 0.8) /* in front: its rear edge `gap` ahead */
			at =
			    bs_vec_add(f, bs_vec_add(bs_vec_scale(fw, gap + d2),
						     bs_vec_scale(rt, along)));
		else /* beside, on the right */
			at = bs_vec_add(
			    f,
			    bs_vec_add(bs_vec_scale(rt, w / 2 + gap + w2 / 2),
				       bs_vec_scale(fw, -unit_rand(s) * d)));
		o[i] = bs_block(at, facing + tilt, w2, d2);
	}
	return n;
}

Test(geom, s7_9_sweep_memo_gives_the_sweep_bits, .timeout = 300)
{
	unsigned long long s = 0x5eed13ull;
	long bad = 0, asked = 0, stopped_short = 0;
	bs_geom_sweep_memo(1);
	unsigned long hits0 = bs_geom_sweep_memo_hits();
	for (int p = 0; p < N_PLACEMENTS; p++) {
		struct bs_quad q, o[MAXO];
		struct bs_vec dir;
		int n = placement(&s, &q, &dir, o);
		double L = 0.2 + unit_rand(&s) * 14;
		double lens[5] = {L, L, L * 0.5, L * unit_rand(&s), L * 1e-3};
		/* the memo on: L first, then the others */
		double got[5];
		int ghit[5];
		bs_geom_sweep_memo(1);
		for (int k = 0; k < 5; k++)
			got[k] = bs_sweep_translate(&q, dir, lens[k], o, n,
						    &ghit[k]);
		/* off: each swept afresh */
		bs_geom_sweep_memo(0);
		for (int k = 0; k < 5; k++) {
			int h;
			double want =
			    bs_sweep_translate(&q, dir, lens[k], o, n, &h);
			asked++;
			if (k == 0 && want < L)
				stopped_short++;
			if (memcmp(&want, &got[k], sizeof want) != 0 ||
			    h != ghit[k]) {
				if (bad < 5)
					cr_log_error("placement %d length %d: "
						     "%.17g hit %d, memo %.17g "
						     "hit %d",
						     p, k, want, h, got[k],
						     ghit[k]);
				bad++;
			}
		}
	}
	bs_geom_sweep_memo(1);
	unsigned long hits = bs_geom_sweep_memo_hits() - hits0;
	cr_assert_eq(bad, 0, "%ld of %ld sweeps differ", bad, asked);
	/* most of the shorter sweeps were answered by the memo, and many
	 * placements stop short of L (the obstacles are in the way) */
	cr_assert_gt(hits, (unsigned long)(3 * N_PLACEMENTS),
		     "the memo answered %lu", hits);
	cr_assert_gt(stopped_short, N_PLACEMENTS / 4, "%ld stopped short",
		     stopped_short);
}
