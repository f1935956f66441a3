/* Issue 13 (the speed task): differential checks of the faster queries
 * against the straightforward ones they replace, on many random or
 * exhaustive inputs: the corner contact's second pass [7.8] (reuses the
 * first pass's segment distances, which needs bs_seg_intersect to answer
 * alike both ways round) and the doctrine's memo of the racial to-hit term
 * [13.1] (the same fight as a fresh doctrine works out). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/scenario.h"
#include "battlesim/tabletop.h"
#include "geom_rand.h"

#define N_SEGS 200000
#define N_CORNERS 100000

/* A point on a coarse grid half the time (so that segments share end
 * points, lie collinear or touch: the degenerate cases), else anywhere. */
static struct bs_vec rand_pt(unsigned long long *s)
{
	if (unit_rand(s) < 0.5)
		return (struct bs_vec){(double)(int)(unit_rand(s) * 5),
				       (double)(int)(unit_rand(s) * 5)};
	return (struct bs_vec){unit_rand(s) * 4, unit_rand(s) * 4};
}

Test(speed, s7_8_segments_intersect_alike_both_ways_round)
{
	unsigned long long s = 0x5e65e6ull;
	long bad = 0, met = 0;
	for (int k = 0; k < N_SEGS; k++) {
		struct bs_vec a = rand_pt(&s), b = rand_pt(&s);
		struct bs_vec c = rand_pt(&s), d = rand_pt(&s);
		int x = bs_seg_intersect(a, b, c, d);
		int y = bs_seg_intersect(c, d, a, b);
		met += x;
		bad += x != y;
	}
	cr_expect_eq(bad, 0, "%ld of %d pairs differ", bad, N_SEGS);
	cr_expect(met > N_SEGS / 20 && met < N_SEGS - N_SEGS / 20,
		  "premise: both answers occur (%ld met)", met);
}

/* ---- the reference: the corner contact's edges as measured before ---- */

static double ref_seg_seg(struct bs_vec a, struct bs_vec b, struct bs_vec c,
			  struct bs_vec d)
{
	if (bs_seg_intersect(a, b, c, d))
		return 0;
	double best = HUGE_VAL;
	struct bs_vec pts[4] = {a, b, c, d};
	for (int i = 0; i < 4; i++) {
		struct bs_vec s0 = i < 2 ? c : a, s1 = i < 2 ? d : b;
		double dd = bs_seg_point_dist(s0, s1, pts[i]);
		if (dd < best)
			best = dd;
	}
	return best;
}

static struct bs_vec ref_outward(const struct bs_quad *q, int i)
{
	struct bs_vec a, b;
	bs_quad_edge(q, i, &a, &b);
	struct bs_vec e = bs_vec_sub(b, a);
	struct bs_vec n = {e.y, -e.x};
	struct bs_vec c = bs_quad_centre(q);
	struct bs_vec m = bs_vec_scale(bs_vec_add(a, b), 0.5);
	if (bs_vec_dot(n, bs_vec_sub(m, c)) < 0)
		n = bs_vec_scale(n, -1);
	double l = bs_vec_len(n);
	return l > 0 ? bs_vec_scale(n, 1.0 / l) : n;
}

/* The edge of q (its every pair with p's edges measured afresh) nearest
 * p, ties to the edge facing p: the second pass as it was. */
static int ref_corner_edge(const struct bs_quad *q, const struct bs_quad *p)
{
	struct bs_vec cq = bs_quad_centre(q), cp = bs_quad_centre(p);
	double dq = HUGE_VAL, tq = -2;
	int e = -1;
	for (int j = 0; j < 4; j++) {
		struct bs_vec b0, b1;
		bs_quad_edge(q, j, &b0, &b1);
		double dmin = HUGE_VAL;
		for (int i = 0; i < 4; i++) {
			struct bs_vec a0, a1;
			bs_quad_edge(p, i, &a0, &a1);
			double d = ref_seg_seg(b0, b1, a0, a1);
			if (d < dmin)
				dmin = d;
		}
		struct bs_vec dir = bs_vec_sub(cp, cq);
		double l = bs_vec_len(dir);
		double al = l > 0 ? bs_vec_dot(ref_outward(q, j), dir) / l : 0;
		if (dmin < dq - 1e-6 || (fabs(dmin - dq) <= 1e-6 && al > tq)) {
			dq = dmin;
			tq = al;
			e = j;
		}
	}
	return e;
}

/* Random pairs of blocks set corner to corner (b's corner k put on or
 * within 0.012" of a's corner m, either turned any way): wherever
 * bs_tt_contact measures a corner contact (no edge along another), the
 * edge it names of b is the reference's. */
Test(speed, s7_8_corner_contact_edges_equal_the_reference, .timeout = 120)
{
	unsigned long long s = 0xc0a7e5ull;
	long corners = 0, bad = 0;
	for (int k = 0; k < N_CORNERS; k++) {
		struct bs_tt_shape sa, sb;
		bs_tt_shape_make(BS_FORM_CLOSED, 1 + (int)(unit_rand(&s) * 30),
				 1 + (int)(unit_rand(&s) * 10), 1, 1, 0, &sa);
		bs_tt_shape_make(BS_FORM_CLOSED, 1 + (int)(unit_rand(&s) * 30),
				 1 + (int)(unit_rand(&s) * 10), 1, 1, 0, &sb);
		struct bs_tt_pose pa = {{10, 10}, unit_rand(&s) * 360};
		struct bs_tt_pose pb = {{0, 0}, unit_rand(&s) * 360};
		struct bs_quad qa = bs_tt_quad(&sa, &pa);
		struct bs_quad qb0 = bs_tt_quad(&sb, &pb);
		int m = (int)(unit_rand(&s) * 4), c = (int)(unit_rand(&s) * 4);
		struct bs_vec ca = bs_quad_centre(&qa);
		struct bs_vec out = bs_vec_sub(qa.p[m], ca);
		double ol = bs_vec_len(out);
		double gap = unit_rand(&s) * 0.012;
		struct bs_vec at =
		    bs_vec_add(qa.p[m], bs_vec_scale(out, gap / ol));
		struct bs_vec shift = bs_vec_sub(at, qb0.p[c]);
		pb.front = bs_vec_add(pb.front, shift);
		struct bs_tt_contact w;
		memset(&w, 0, sizeof w);
		bs_tt_contact_memo(0);
		int touch = bs_tt_contact(&sa, &pa, &sb, &pb, &w);
		bs_tt_contact_memo(1);
		if (!touch || w.len != 0)
			continue;
		corners++;
		struct bs_quad qb = bs_tt_quad(&sb, &pb);
		int want_b = ref_corner_edge(&qb, &qa);
		int want_a = ref_corner_edge(&qa, &qb);
		if (w.edge_b != want_b || w.edge_a != want_a) {
			if (bad < 5)
				cr_log_warn(
				    "pair %d: edges %d %d, reference %d "
				    "%d",
				    k, w.edge_a, w.edge_b, want_a, want_b);
			bad++;
		}
	}
	cr_expect_eq(bad, 0, "%ld of %ld corner contacts differ", bad, corners);
	cr_expect(corners > N_CORNERS / 4, "premise: corner contacts (%ld)",
		  corners);
}

/* ---- the doctrine's racial memo [13.1] ------------------------------ */

static int same_fight(const struct bs_ai_fight *a, const struct bs_ai_fight *b)
{
	return memcmp(&a->dealt_hd, &b->dealt_hd, sizeof a->dealt_hd) == 0 &&
	       memcmp(&a->taken_hd, &b->taken_hd, sizeof a->taken_hd) == 0 &&
	       memcmp(&a->dealt_frac, &b->dealt_frac, sizeof a->dealt_frac) ==
		   0 &&
	       memcmp(&a->taken_frac, &b->taken_frac, sizeof a->taken_frac) ==
		   0 &&
	       a->att_figs == b->att_figs && a->def_figs == b->def_figs &&
	       a->att_ar == b->att_ar && a->def_ar == b->def_ar;
}

/* The fights of every pair of units of opposite sides of b, every arc,
 * charging or not, asked of `one` and of a doctrine fresh for each
 * question (fresh: the term worked out); the count of those that differ
 * into *bad, of those asked into *asked. */
static void compare_fights(struct bs_ai_doctrine *one,
			   struct bs_ai_doctrine *fresh,
			   const struct bs_battle *b, long *asked, long *bad)
{
	for (int g = 0; g < b->nunits; g++)
		for (int h = 0; h < b->nunits; h++) {
			const struct bs_unit_state *u = &b->units[g];
			const struct bs_unit_state *t = &b->units[h];
			if (u->side == t->side)
				continue;
			for (int q = 0; q < 6; q++) {
				struct bs_ai_fight f0, f1;
				bs_ai_doctrine_init(fresh);
				bs_ai_fight_eval(fresh, b, u->side, u->idx,
						 t->side, t->idx, q / 2, q % 2,
						 &f0);
				bs_ai_fight_eval(one, b, u->side, u->idx,
						 t->side, t->idx, q / 2, q % 2,
						 &f1);
				(*asked)++;
				*bad += !same_fight(&f0, &f1);
			}
		}
}

/* Every pair of units of opposite sides of the shipped 1E scenarios asked
 * of one doctrine twice over (the memo's hits and its slots taken by other
 * pairs): the fight a doctrine fresh for each question gives. */
Test(speed, s13_1_racial_memo_gives_the_fresh_fight, .timeout = 120)
{
	const char *names[] = {NULL, "heroes-of-the-pass",
			       "the-sorcerers-field",
			       "battle-of-the-borderlands"};
	struct bs_ai_doctrine *one = malloc(sizeof *one);
	struct bs_ai_doctrine *fresh = malloc(sizeof *fresh);
	cr_assert(one && fresh);
	long asked = 0, bad = 0, racial = 0;
	for (size_t n = 0; n < sizeof names / sizeof names[0]; n++) {
		struct bs_scenario *sc = NULL;
		struct bs_diags d;
		bs_diags_init(&d);
		cr_assert_eq(bs_scenario_load_builtin(names[n], &sc, &d),
			     BS_OK);
		bs_diags_release(&d);
		struct bs_battle *b = NULL;
		bs_diags_init(&d);
		cr_assert_eq(bs_battle_new(sc, &b, &d), BS_OK);
		bs_diags_release(&d);
		bs_battle_reset(b, 1, 0);
		bs_ai_doctrine_init(one);
		for (int pass = 0; pass < 2; pass++)
			compare_fights(one, fresh, b, &asked, &bad);
		for (int i = 0; i < BS_AI_VSMEMO; i++)
			racial += one->vsmemo[i].a && one->vsmemo[i].vs != 0;
		bs_battle_free(b);
		bs_scenario_free(sc);
	}
	free(one);
	free(fresh);
	cr_expect_eq(bad, 0, "%ld of %ld fights differ", bad, asked);
	cr_expect(asked > 1000, "premise: many fights (%ld)", asked);
	cr_expect(racial > 0, "premise: some pair has a racial term");
}

/* ---- the figures over a stretch [8.1] ------------------------------- */

/* over() of src/tabletop/shape.c as it was: every base looked at. */
static int ref_over(int n, double pitch, double size, double lo, double hi,
		    int *first, int *lastk)
{
	const double eps = 1e-6;
	int a = -1, b = -1;
	if (hi - lo > BS_GEOM_TOUCH)
		for (int k = 0; k < n; k++) {
			double s0 = k * pitch, s1 = s0 + size;
			if (s0 < hi - eps && s1 > lo + eps) {
				if (a < 0)
					a = k;
				b = k;
			}
		}
	if (a < 0) {
		double mid = (lo + hi) / 2;
		int k = (int)floor(mid / pitch);
		if (k < 0)
			k = 0;
		if (k > n - 1)
			k = n - 1;
		if (k + 1 < n &&
		    mid - (k * pitch + size) > (k + 1) * pitch - mid)
			k++;
		a = b = k;
	}
	*first = a;
	*lastk = b;
	return b - a + 1;
}

/* Random blocks (any formation, frontage, base size) and stretches along
 * the front and the flank, some of them on a base's very edge or in a gap:
 * bs_tt_files_over and bs_tt_ranks_over (which stop at the first base past
 * the stretch) give the full scan's range. */
Test(speed, s8_1_figures_over_a_stretch_equal_the_full_scan)
{
	unsigned long long s = 0x0fe55ull;
	const enum bs_formation forms[] = {BS_FORM_CLOSED, BS_FORM_OPEN,
					   BS_FORM_SKIRMISH, BS_FORM_MOB};
	long bad = 0;
	for (int k = 0; k < N_SEGS; k++) {
		struct bs_tt_shape sh;
		bs_tt_shape_make(forms[(int)(unit_rand(&s) * 4)],
				 1 + (int)(unit_rand(&s) * 40),
				 1 + (int)(unit_rand(&s) * 20),
				 0.5 + (int)(unit_rand(&s) * 4) * 0.25,
				 0.5 + (int)(unit_rand(&s) * 4) * 0.25,
				 (int)(unit_rand(&s) * 2), &sh);
		int flank = unit_rand(&s) < 0.5;
		double len = flank ? sh.depth : sh.width;
		double pitch = (flank ? sh.base_d : sh.base_w) + sh.gap;
		double lo, hi;
		if (unit_rand(&s) < 0.3) { /* on the edges of bases */
			lo = (int)(unit_rand(&s) * 8) * pitch;
			hi = lo + (int)(unit_rand(&s) * 4) * pitch +
			     (unit_rand(&s) < 0.5 ? 0 : sh.base_w);
		} else {
			lo = (unit_rand(&s) - 0.2) * len * 1.2;
			hi = lo + unit_rand(&s) * len;
		}
		int f0, l0, f1, l1, n0, n1;
		n1 = flank ? bs_tt_ranks_over(&sh, lo, hi, &f1, &l1)
			   : bs_tt_files_over(&sh, lo, hi, &f1, &l1);
		n0 = flank ? ref_over(sh.ranks, pitch, sh.base_d, lo, hi, &f0,
				      &l0)
			   : ref_over(sh.files, pitch, sh.base_w, lo, hi, &f0,
				      &l0);
		bad += n0 != n1 || f0 != f1 || l0 != l1;
	}
	cr_expect_eq(bad, 0, "%ld of %d stretches differ", bad, N_SEGS);
}

/* ---- the boxes' lower bound of a distance --------------------------- */

/* bs_box_gap_lb never exceeds bs_quad_dist (the property the broad phases
 * of the discipline checks' nearest enemy, the ring's links and gaps and
 * the doctrine's nearest rely on), on random pairs of blocks far apart,
 * near, touching within the tolerance and overlapping, and is close to it
 * for blocks square to the axes. */
Test(speed, s7_8_box_gap_bound_never_exceeds_the_distance)
{
	unsigned long long s = 0xb0cb0ull;
	long bad = 0, loose = 0;
	for (int k = 0; k < N_SEGS; k++) {
		double spread = k % 3 == 0 ? 60 : k % 3 == 1 ? 12 : 3;
		struct bs_quad a = rand_block(&s, 100, 100, spread);
		struct bs_quad b = rand_block(&s, 100, 100, spread);
		if (k % 7 == 0) { /* square to the axes, side by side */
			double w = 0.5 + unit_rand(&s) * 5;
			a = bs_block((struct bs_vec){100, 100}, 0, w, 2);
			b = bs_block(
			    (struct bs_vec){100 + w + unit_rand(&s) * 0.02,
					    100},
			    0, w, 2);
		}
		struct bs_box ba = bs_quad_box(&a), bb = bs_quad_box(&b);
		double lb = bs_box_gap_lb(&ba, &bb);
		double d = bs_quad_dist(&a, &b);
		bad += !(lb <= d);
		if (k % 7 == 0)
			loose += d - lb > 1e-6;
	}
	cr_expect_eq(bad, 0, "%ld of %d bounds above the distance", bad,
		     N_SEGS);
	cr_expect_eq(loose, 0, "premise: square blocks' bound is tight");
}
