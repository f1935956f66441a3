/* Issue 13: the contact memo of bs_tt_contact (src/tabletop/contact.c)
 * gives the very contact measured without it [7.8] [8.1]: on random
 * pairs of units set front to front, front to flank and corner to corner,
 * touching or nearly, each asked twice with the memo on, the answer and
 * every field of the contact are those the memo off gives. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "battlesim/tabletop.h"
#include "geom_rand.h"

#define N_PAIRS 20000

static int same(const struct bs_tt_contact *a, const struct bs_tt_contact *b)
{
	return a->edge_a == b->edge_a && a->edge_b == b->edge_b &&
	       memcmp(&a->len, &b->len, sizeof a->len) == 0 &&
	       memcmp(&a->p0, &b->p0, sizeof a->p0) == 0 &&
	       memcmp(&a->p1, &b->p1, sizeof a->p1) == 0 &&
	       a->a_first == b->a_first && a->a_last == b->a_last &&
	       a->a_count == b->a_count && a->b_first == b->b_first &&
	       a->b_last == b->b_last && a->b_count == b->b_count;
}

Test(tabletop, s7_8_contact_memo_gives_the_contact, .timeout = 120)
{
	unsigned long long s = 0xc0a7ac7ull;
	long bad = 0, touching = 0;
	for (int p = 0; p < N_PAIRS; p++) {
		struct bs_tt_shape sa, sb;
		bs_tt_shape_make(BS_FORM_CLOSED, 1 + (int)(unit_rand(&s) * 30),
				 1 + (int)(unit_rand(&s) * 10), 1, 1, 0, &sa);
		bs_tt_shape_make(BS_FORM_CLOSED, 1 + (int)(unit_rand(&s) * 30),
				 1 + (int)(unit_rand(&s) * 10), 1, 1, 0, &sb);
		struct bs_tt_pose pa = {{0, 0}, unit_rand(&s) * 360}, pb;
		struct bs_vec f = bs_dir(pa.facing), r = bs_dir(pa.facing + 90);
		double gap = -0.004 + unit_rand(&s) * 0.03;
		double along = (unit_rand(&s) - 0.5) * (sa.width + sb.width);
		double k = unit_rand(&s);
		if (k < 0.5) { /* front to front */
			pb.facing = fmod(pa.facing + 180, 360);
			pb.front = bs_vec_add(bs_vec_scale(f, gap),
					      bs_vec_scale(r, along));
		} else { /* b's front against a's right flank, turned */
			pb.facing = fmod(pa.facing + 270 + (k - 0.75) * 8, 360);
			pb.front = bs_vec_add(
			    bs_vec_scale(r, sa.width / 2 + gap),
			    bs_vec_scale(f, -unit_rand(&s) * sa.depth));
		}
		struct bs_tt_contact w, g1, g2;
		memset(&w, 0, sizeof w);
		memset(&g1, 0, sizeof g1);
		memset(&g2, 0, sizeof g2);
		bs_tt_contact_memo(0);
		int wr = bs_tt_contact(&sa, &pa, &sb, &pb, &w);
		bs_tt_contact_memo(1);
		int r1 = bs_tt_contact(&sa, &pa, &sb, &pb, &g1);
		int r2 = bs_tt_contact(&sa, &pa, &sb, &pb, &g2);
		touching += wr;
		if (wr != r1 || wr != r2 ||
		    (wr && (!same(&w, &g1) || !same(&w, &g2)))) {
			if (bad < 5)
				cr_log_error("pair %d: %d %d %d", p, wr, r1,
					     r2);
			bad++;
		}
	}
	bs_tt_contact_memo(1);
	cr_assert_eq(bad, 0, "%ld of %d pairs differ", bad, N_PAIRS);
	cr_assert_gt(touching, N_PAIRS / 4, "%ld touching", touching);
}
