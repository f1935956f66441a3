/* [14.2] areas of effect as shapes on the table (src/tabletop/area.c):
 * the exact cover of a figure's surface by a circle, square, line or cone,
 * checked against a brute-force point-sampling reference written apart
 * (each shape's own frame, not the library's half-planes) on 10,000 random
 * placements; the base-size note of open and skirmish formations. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdint.h>

#define PI 3.14159265358979323846

#include "battlesim/spell.h"
#include "battlesim/tabletop.h"

static uint64_t rs = 0x9e3779b97f4a7c15ull;
static double rnd(double lo, double hi)
{
	rs ^= rs << 13;
	rs ^= rs >> 7;
	rs ^= rs << 17;
	return lo + (hi - lo) * (double)(rs >> 11) / 9007199254740992.0;
}

/* The reference: the point in the shape's own frame (u along, v across). */
static int ref_in(const struct bs_tt_area *ar, struct bs_vec p)
{
	double dx = p.x - ar->at.x, dy = p.y - ar->at.y;
	if (ar->shape == BS_AREA_CIRCLE)
		return dx * dx + dy * dy <= ar->a * ar->a;
	double rad = ar->facing * PI / 180;
	/* facing 0 = +y, clockwise: along (sin, cos), across (cos, -sin) */
	double u = dx * sin(rad) + dy * cos(rad);
	double v = dx * cos(rad) - dy * sin(rad);
	switch (ar->shape) {
	case BS_AREA_RECT:
		return fabs(u) <= ar->a / 2 && fabs(v) <= ar->b / 2;
	case BS_AREA_LINE:
		return u >= 0 && u <= ar->a && fabs(v) <= ar->b / 2;
	case BS_AREA_CONE:
		return u >= 0 && u <= ar->a && fabs(v) <= ar->b / 2 * u / ar->a;
	}
	return 0;
}

#define N 40
/* Fraction of the parallelogram q (p[0], p[1], p[3]) sampled in N x N
 * cell centres; *all 1 when the corners and every sample are in. */
static double ref_cover(const struct bs_tt_area *ar, const struct bs_quad *q,
			int *all)
{
	struct bs_vec o = q->p[0];
	struct bs_vec e1 = {q->p[3].x - o.x, q->p[3].y - o.y};
	struct bs_vec e2 = {q->p[1].x - o.x, q->p[1].y - o.y};
	int in = 0;
	*all = 1;
	for (int i = 0; i < 4; i++)
		if (!ref_in(ar, q->p[i]))
			*all = 0;
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			double s = (i + 0.5) / N, t = (j + 0.5) / N;
			struct bs_vec p = {o.x + s * e1.x + t * e2.x,
					   o.y + s * e1.y + t * e2.y};
			if (ref_in(ar, p))
				in++;
			else
				*all = 0;
		}
	return (double)in / (N * N);
}

static void random_area(struct bs_tt_area *ar)
{
	static const int shapes[] = {BS_AREA_CIRCLE, BS_AREA_RECT, BS_AREA_LINE,
				     BS_AREA_CONE};
	ar->shape = shapes[(int)rnd(0, 4) % 4];
	ar->at = (struct bs_vec){rnd(10, 30), rnd(10, 30)};
	ar->facing = rnd(0, 360);
	switch (ar->shape) {
	case BS_AREA_CIRCLE:
		ar->a = rnd(0.1, 4);
		ar->b = 0;
		break;
	case BS_AREA_RECT:
		ar->a = rnd(0.1, 5);
		ar->b = rnd(0.1, 5);
		break;
	case BS_AREA_LINE:
		ar->a = rnd(0.5, 10);
		ar->b = rnd(0.05, 1.5);
		break;
	default:
		ar->a = rnd(0.5, 10);
		ar->b = rnd(0.1, 5);
		break;
	}
}

/* [14.2] 10,000 random placements of a circle, square, line or cone and a
 * figure's base near it: the exact cover agrees with the sampled one
 * within the sampling's error (at most 0.05, 0.002 on average); "whole"
 * exactly when every corner and sample is in; covered at all whenever a
 * sample is in. */
Test(spell_area, s14_2_cover_matches_point_sampling_10000_placements)
{
	double sum_err = 0, max_err = 0;
	int wholes = 0, parts = 0, nones = 0;
	for (int k = 0; k < 10000; k++) {
		struct bs_tt_area ar;
		random_area(&ar);
		double reach = ar.shape == BS_AREA_CIRCLE ? ar.a
			       : ar.shape == BS_AREA_RECT
				   ? hypot(ar.a, ar.b) / 2
				   : ar.a;
		double ang = rnd(0, 2 * PI), dist = rnd(0, reach + 1.5);
		struct bs_vec c = {ar.at.x + dist * cos(ang),
				   ar.at.y + dist * sin(ang)};
		if (ar.shape == BS_AREA_LINE || ar.shape == BS_AREA_CONE) {
			/* mostly along the axis, where they reach */
			struct bs_vec d = bs_dir(ar.facing);
			double u = rnd(-1, ar.a + 1);
			c = (struct bs_vec){ar.at.x + u * d.x + rnd(-2, 2),
					    ar.at.y + u * d.y + rnd(-2, 2)};
		}
		double w = rnd(0.25, 2.5), dp = rnd(0.25, 2.5);
		struct bs_quad q =
		    bs_tt_area_footprint(c, rnd(0, 360), w, dp, BS_FORM_CLOSED);
		int whole, all;
		double cov = bs_tt_area_cover(&ar, &q, &whole);
		double ref = ref_cover(&ar, &q, &all);
		double err = fabs(cov - ref);
		sum_err += err;
		if (err > max_err)
			max_err = err;
		cr_assert(err <= 0.05,
			  "placement %d shape %d: cover %.4f, sampled %.4f", k,
			  ar.shape, cov, ref);
		cr_assert_eq(whole, all, "placement %d: whole %d, sampled %d",
			     k, whole, all);
		if (ref > 0)
			cr_assert(cov > 0,
				  "placement %d: sampled %.4f, cover 0", k,
				  ref);
		if (cov >= 0.1)
			cr_assert(ref > 0,
				  "placement %d: cover %.4f, none "
				  "sampled",
				  k, cov);
		wholes += whole;
		parts += !whole && cov > 0;
		nones += cov == 0;
	}
	cr_expect(sum_err / 10000 < 0.002, "mean error %.5f", sum_err / 10000);
	/* the placements test every case */
	cr_expect(wholes > 500 && parts > 2000 && nones > 500,
		  "whole %d, part %d, none %d", wholes, parts, nones);
	cr_log_info("max error %.4f mean %.5f", max_err, sum_err / 10000);
}

/* [14.2] the point test on each shape's edges and just outside. */
Test(spell_area, s14_2_shapes_contain_their_points)
{
	struct bs_tt_area c = {BS_AREA_CIRCLE, {10, 10}, 0, 2, 0};
	cr_assert(bs_tt_area_contains(&c, (struct bs_vec){12, 10}));
	cr_assert(!bs_tt_area_contains(&c, (struct bs_vec){12.01, 10}));
	/* a line north from (10, 10), 8" long, 1" wide */
	struct bs_tt_area l = {BS_AREA_LINE, {10, 10}, 0, 8, 1};
	cr_assert(bs_tt_area_contains(&l, (struct bs_vec){10.5, 18}));
	cr_assert(!bs_tt_area_contains(&l, (struct bs_vec){10, 18.1}));
	cr_assert(!bs_tt_area_contains(&l, (struct bs_vec){10, 9.9}));
	/* a cone east, 6" long, 2" wide at its end: 1/2" wide half-way */
	struct bs_tt_area k = {BS_AREA_CONE, {0, 0}, 90, 6, 2};
	cr_assert(bs_tt_area_contains(&k, (struct bs_vec){3, 0.49}));
	cr_assert(!bs_tt_area_contains(&k, (struct bs_vec){3, 0.6}));
	cr_assert(bs_tt_area_contains(&k, (struct bs_vec){6, -1}));
	/* a 4" x 2" rectangle turned to face east: long east-west */
	struct bs_tt_area r = {BS_AREA_RECT, {0, 0}, 90, 4, 2};
	cr_assert(bs_tt_area_contains(&r, (struct bs_vec){2, 1}));
	cr_assert(!bs_tt_area_contains(&r, (struct bs_vec){1, 1.1}));
}

/* [14.2] exact cover of simple cases: a 1" base centred in a 2" circle
 * is whole; one standing on the circle's edge line x = r is half in
 * (within the curve's bulge); a base half over a square's side, half. */
Test(spell_area, s14_2_exact_cover_examples)
{
	struct bs_tt_area c = {BS_AREA_CIRCLE, {0, 0}, 0, 2, 0};
	int whole;
	struct bs_quad q = bs_tt_area_footprint((struct bs_vec){0, 0}, 0, 1, 1,
						BS_FORM_CLOSED);
	cr_assert_float_eq(bs_tt_area_cover(&c, &q, &whole), 1, 1e-12);
	cr_assert_eq(whole, 1);
	struct bs_tt_area big = {BS_AREA_CIRCLE, {0, 0}, 0, 1000, 0};
	q = bs_tt_area_footprint((struct bs_vec){1000, 0}, 0, 1, 1,
				 BS_FORM_CLOSED);
	cr_assert_float_eq(bs_tt_area_cover(&big, &q, &whole), 0.5, 1e-3);
	cr_assert_eq(whole, 0);
	struct bs_tt_area sq = {BS_AREA_RECT, {0, 0}, 0, 4, 4};
	q = bs_tt_area_footprint((struct bs_vec){2, 0}, 0, 1, 1,
				 BS_FORM_CLOSED);
	cr_assert_float_eq(bs_tt_area_cover(&sq, &q, &whole), 0.5, 1e-12);
	q = bs_tt_area_footprint((struct bs_vec){2.5, 0}, 0, 1, 1,
				 BS_FORM_CLOSED);
	cr_assert_float_eq(bs_tt_area_cover(&sq, &q, &whole), 0, 1e-12);
}

/* [14.2] special note: open and skirmish figures are one base size larger
 * (Table 17's column 1/2", 3/4", 1", 1 1/2", 1 3/4", 2"; RULING R-568:
 * beyond 2" a quarter inch more); closed and mob as they are. */
Test(spell_area, s14_2_open_and_skirmish_one_base_size_larger_r568)
{
	cr_assert_float_eq(bs_tt_area_base_side(0.75, BS_FORM_CLOSED), 0.75,
			   1e-12);
	cr_assert_float_eq(bs_tt_area_base_side(0.75, BS_FORM_MOB), 0.75,
			   1e-12);
	cr_assert_float_eq(bs_tt_area_base_side(0.75, BS_FORM_OPEN), 1, 1e-12);
	cr_assert_float_eq(bs_tt_area_base_side(1, BS_FORM_SKIRMISH), 1.5,
			   1e-12);
	cr_assert_float_eq(bs_tt_area_base_side(0.5, BS_FORM_OPEN), 0.75,
			   1e-12);
	cr_assert_float_eq(bs_tt_area_base_side(1.5, BS_FORM_OPEN), 1.75,
			   1e-12);
	cr_assert_float_eq(bs_tt_area_base_side(2, BS_FORM_OPEN), 2.25, 1e-12);
	/* a 1" figure wholly in a 1 1/4" square closed, not open */
	struct bs_tt_area sq = {BS_AREA_RECT, {0, 0}, 0, 1.25, 1.25};
	int whole;
	struct bs_quad q = bs_tt_area_footprint((struct bs_vec){0, 0}, 0, 1, 1,
						BS_FORM_CLOSED);
	bs_tt_area_cover(&sq, &q, &whole);
	cr_assert_eq(whole, 1);
	q = bs_tt_area_footprint((struct bs_vec){0, 0}, 0, 1, 1, BS_FORM_OPEN);
	double cov = bs_tt_area_cover(&sq, &q, &whole);
	cr_assert_eq(whole, 0);
	cr_assert_float_eq(cov, 1.5625 / 2.25, 1e-12);
}
