/* Issue 13: the obstacle memo of the sweeps (src/core/geom.c, "the
 * obstacle memo"; first contact RULING R-330) gives the very bytes the
 * sweeps give without it: on random placements of a block among
 * obstacles apart, touching, closer and overlapping, wheels about a front
 * corner [7.9] of several angles both ways and advances of several
 * lengths [7.8], each among the whole list of obstacles and among parts
 * of it (what the doctrine asks while other units move in its what-if),
 * answer, stop and obstacle hit, byte for byte what the sweeps answer
 * with the memos off. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "battlesim/geom.h"
#include "geom_rand.h"

#define N_PLACEMENTS 20000
#define MAXO 12
#define NASK 24

/* A block and obstacles around it: random blocks, and blocks set just in
 * front of it or beside it at a gap of -0.004" .. 0.014", turned a
 * little (as t_geom_sweep_memo.c places them). */
static int placement(unsigned long long *s, struct bs_quad *q,
		     struct bs_vec *dir, struct bs_quad *o)
{
	struct bs_vec f = {(unit_rand(s) - 0.5) * 4, (unit_rand(s) - 0.5) * 4};
	double facing = unit_rand(s) * 360.0;
	double w = 1 + unit_rand(s) * 8, d = 0.5 + unit_rand(s) * 3;
	*q = bs_block(f, facing, w, d);
	double a = unit_rand(s) < 0.8 ? facing + (unit_rand(s) - 0.5) * 90
				      : unit_rand(s) * 360.0;
	*dir = bs_dir(a);
	int n = 1 + (int)(unit_rand(s) * MAXO);
	struct bs_vec fw = bs_dir(facing), rt = bs_dir(facing + 90);
	for (int i = 0; i < n; i++) {
		double k = unit_rand(s);
		if (k < 0.4) {
			o[i] =
			    rand_block(s, f.x + fw.x * 4, f.y + fw.y * 4, 16);
			continue;
		}
		double gap = -0.004 + unit_rand(s) * 0.018;
		double d2 = 0.5 + unit_rand(s) * 3, w2 = 1 + unit_rand(s) * 8;
		double tilt =
		    (unit_rand(s) - 0.5) * (unit_rand(s) < 0.5 ? 0 : 6);
		double along = (unit_rand(s) - 0.5) * w;
		struct bs_vec at;
		if (k < 0.75)
			at =
			    bs_vec_add(f, bs_vec_add(bs_vec_scale(fw, gap + d2),
						     bs_vec_scale(rt, along)));
		else
			at = bs_vec_add(
			    f,
			    bs_vec_add(bs_vec_scale(rt, w / 2 + gap + w2 / 2),
				       bs_vec_scale(fw, -unit_rand(s) * d)));
		o[i] = bs_block(at, facing + tilt, w2, d2);
	}
	return n;
}

struct ask {
	int turn;
	double amount; /* degrees, or inches */
	int from, n;   /* the obstacles o[from .. from + n - 1] */
};

static double run(const struct ask *a, const struct bs_quad *q,
		  struct bs_vec dir, const struct bs_quad *o, int *hit)
{
	if (a->turn) {
		struct bs_vec pivot = a->amount >= 0 ? q->p[3] : q->p[0];
		return bs_sweep_rotate(q, pivot, a->amount, o + a->from, a->n,
				       hit);
	}
	return bs_sweep_translate(q, dir, a->amount, o + a->from, a->n, hit);
}

Test(geom, s7_9_obstacle_memo_gives_the_sweep_bits, .timeout = 300)
{
	unsigned long long s = 0x0b57ac1eull;
	long bad = 0, asked = 0, stopped = 0;
	for (int p = 0; p < N_PLACEMENTS; p++) {
		struct bs_quad q, o[MAXO];
		struct bs_vec dir;
		int n = placement(&s, &q, &dir, o);
		struct ask asks[NASK];
		double deg = 5 + unit_rand(&s) * 120,
		       L = 0.2 + unit_rand(&s) * 12;
		for (int k = 0; k < NASK; k++) {
			/* the whole list, then lists that leave some out */
			int from = k < 6 ? 0 : (int)(unit_rand(&s) * n);
			int m = k < 6 ? n : n - from;
			if (k >= 6 && unit_rand(&s) < 0.5 && m > 1)
				m = 1 + (int)(unit_rand(&s) * (m - 1));
			const double f[6] = {1, 0.5, 0.25, 1.5, 1, 0.75};
			int turn = k % 2;
			double amt = (turn ? deg : L) * f[(k / 2) % 6];
			if (turn && (k / 2) % 3 == 2)
				amt = -amt;
			asks[k] = (struct ask){turn, amt, from, m};
		}
		double got[NASK];
		int ghit[NASK];
		bs_geom_sweep_memo(1); /* an empty memo, on */
		for (int k = 0; k < NASK; k++)
			got[k] = run(&asks[k], &q, dir, o, &ghit[k]);
		bs_geom_sweep_memo(0);
		for (int k = 0; k < NASK; k++) {
			int h;
			double want = run(&asks[k], &q, dir, o, &h);
			asked++;
			if (fabs(want) < fabs(asks[k].amount))
				stopped++;
			if (memcmp(&want, &got[k], sizeof want) != 0 ||
			    h != ghit[k]) {
				if (bad < 5)
					cr_log_error(
					    "placement %d ask %d (turn %d "
					    "%.17g): %.17g hit %d, memo "
					    "%.17g hit %d",
					    p, k, asks[k].turn, asks[k].amount,
					    want, h, got[k], ghit[k]);
				bad++;
			}
		}
	}
	bs_geom_sweep_memo(1);
	cr_assert_eq(bad, 0, "%ld of %ld sweeps differ", bad, asked);
	/* many motions are stopped by what is in the way */
	cr_assert_gt(stopped, asked / 5, "%ld of %ld stopped", stopped, asked);
}
