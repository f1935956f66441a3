/* Missile sight on the tabletop (include/battlesim/sight.h): a line
 * crossing a block (Cyrus-Beck, grazing a corner is not crossing), the
 * firing rows [10.0], the 45-degree arc [10.1], range measured base to
 * base (RULING R-474) with the catapult's minimum [10.9], lines blocked
 * by blocks and the target's own figures hiding none (RULING R-473),
 * indirect fire over friends 3" away and direct fire preferred (RULING
 * R-479) [10.7]. Pure geometry on caller data. */
#include <criterion/criterion.h>
#include <math.h>

#include "battlesim/sight.h"

static struct bs_tt_pose pose(double x, double y, double f)
{
	return (struct bs_tt_pose){{x, y}, f};
}

static struct bs_tt_shape block(int figures, int files)
{
	struct bs_tt_shape s;
	bs_tt_shape_make(BS_FORM_CLOSED, figures, files, 0.75, 0.75, 0, &s);
	return s;
}

static struct bs_tt_fire_spec spec(int rows, double reach)
{
	return (struct bs_tt_fire_spec){.rows = rows, .reach = reach};
}

Test(sight, s10_1_a_line_crosses_a_block_not_a_corner)
{
	struct bs_quad q = bs_block((struct bs_vec){0, 0}, 0, 2, 2);
	/* q spans x -1..1, y -2..0 */
	cr_assert(bs_tt_seg_crosses((struct bs_vec){-5, -1},
				    (struct bs_vec){5, -1}, &q, BS_TT_GRAZE));
	cr_assert_not(bs_tt_seg_crosses(
	    (struct bs_vec){-5, 1}, (struct bs_vec){5, 1}, &q, BS_TT_GRAZE));
	/* through a corner by a hair: grazing */
	cr_assert_not(bs_tt_seg_crosses((struct bs_vec){0.99, 1},
					(struct bs_vec){1.2, -0.2}, &q,
					BS_TT_GRAZE));
	/* along an edge, outside */
	cr_assert_not(bs_tt_seg_crosses(
	    (struct bs_vec){-1, 1}, (struct bs_vec){-1, -3}, &q, BS_TT_GRAZE));
	/* ends inside */
	cr_assert(bs_tt_seg_crosses((struct bs_vec){0, -1},
				    (struct bs_vec){0, 5}, &q, BS_TT_GRAZE));
	/* stops short */
	cr_assert_not(bs_tt_seg_crosses(
	    (struct bs_vec){0, 5}, (struct bs_vec){0, 2}, &q, BS_TT_GRAZE));
}

Test(sight, s10_0_the_firing_rows)
{
	struct bs_tt_shape f = block(15, 5), t = block(12, 6);
	struct bs_tt_pose fp = pose(0, 0, 0), tp = pose(0, 10, 180);
	struct bs_tt_sight s;
	struct bs_tt_fire_spec sp = spec(2, 21);
	cr_assert_eq(
	    bs_tt_sight_geom(&f, &fp, &t, &tp, &sp, NULL, NULL, NULL, 0, &s),
	    10);
	sp.rows = 1;
	cr_assert_eq(
	    bs_tt_sight_geom(&f, &fp, &t, &tp, &sp, NULL, NULL, NULL, 0, &s),
	    5);
	/* the target's rear rank is seen too: its own figures hide none */
	cr_assert_eq(s.seen, 12);
	cr_assert_eq(s.in_reach, 12);
	cr_assert_eq(s.hidden_by, -1);
}

Test(sight, s10_8_range_base_to_base)
{
	struct bs_tt_shape f = block(5, 5), t = block(6, 6);
	struct bs_tt_pose fp = pose(0, 0, 0), tp = pose(0, 10, 180);
	struct bs_tt_sight s;
	struct bs_tt_fire_spec sp = spec(1, 21);
	bs_tt_sight_geom(&f, &fp, &t, &tp, &sp, NULL, NULL, NULL, 0, &s);
	/* front edge to front edge: 10" (RULING R-474) */
	cr_assert_float_eq(s.range, 10, 1e-9);
	/* beyond reach: nothing */
	sp.reach = 9.9;
	cr_assert_eq(
	    bs_tt_sight_geom(&f, &fp, &t, &tp, &sp, NULL, NULL, NULL, 0, &s),
	    0);
	cr_assert_eq(s.in_reach, 0);
}

Test(sight, s10_9_minimum_range)
{
	struct bs_tt_shape f = block(1, 1), t = block(6, 6);
	struct bs_tt_pose fp = pose(0, 0, 0), tp = pose(0, 14, 180);
	struct bs_tt_sight s;
	struct bs_tt_fire_spec sp = {
	    .rows = 1, .reach = 30, .min_range = 15, .indirect_ok = 1};
	cr_assert_eq(
	    bs_tt_sight_geom(&f, &fp, &t, &tp, &sp, NULL, NULL, NULL, 0, &s),
	    0);
	cr_assert(s.too_close);
	tp = pose(0, 15.5, 180);
	cr_assert_eq(
	    bs_tt_sight_geom(&f, &fp, &t, &tp, &sp, NULL, NULL, NULL, 0, &s),
	    1);
}

Test(sight, s10_1_the_45_degree_arc)
{
	struct bs_tt_shape f = block(1, 1), t = block(1, 1);
	struct bs_tt_pose fp = pose(0, 0, 0);
	struct bs_tt_sight s;
	struct bs_tt_fire_spec sp = spec(1, 30);
	/* figure centres: the firer's at (0, -0.375); a target at 44
	 * degrees and at 46 degrees off the facing */
	for (int k = 0; k < 2; k++) {
		double a = (k ? 46.0 : 44.0) * 3.14159265358979323846 / 180.0;
		struct bs_vec c = {10 * sin(a), -0.375 + 10 * cos(a)};
		/* a south-facing block whose figure is centred at c */
		struct bs_tt_pose tp = pose(c.x, c.y - 0.375, 180);
		int n = bs_tt_sight_geom(&f, &fp, &t, &tp, &sp, NULL, NULL,
					 NULL, 0, &s);
		cr_assert_eq(n, k ? 0 : 1, "%s 45 degrees",
			     k ? "beyond" : "within");
	}
}

Test(sight, s10_1_blocks_block_lines)
{
	struct bs_tt_shape f = block(5, 5), t = block(6, 6);
	struct bs_tt_pose fp = pose(0, 0, 0), tp = pose(0, 10, 180);
	/* a block across the whole line at y 4..5 */
	struct bs_quad wall = bs_block((struct bs_vec){0, 5}, 0, 10, 1);
	unsigned char enemy = 0;
	double d = 4;
	struct bs_tt_sight s;
	struct bs_tt_fire_spec sp = spec(1, 21);
	cr_assert_eq(
	    bs_tt_sight_geom(&f, &fp, &t, &tp, &sp, &wall, &enemy, &d, 1, &s),
	    0);
	cr_assert_eq(s.in_reach, 6);
	cr_assert_eq(s.seen, 0);
	/* half of it: part of the target hidden */
	wall = bs_block((struct bs_vec){-2.5, 5}, 0, 6, 1);
	bs_tt_sight_geom(&f, &fp, &t, &tp, &sp, &wall, &enemy, &d, 1, &s);
	cr_assert_gt(s.firers, 0);
	cr_assert_lt(s.seen, 6);
	cr_assert_eq(s.hidden_by, 0);
}

Test(sight, s10_7_over_friends_at_least_3_inches_away)
{
	struct bs_tt_shape f = block(5, 5), t = block(6, 6);
	struct bs_tt_pose fp = pose(0, 0, 0), tp = pose(0, 12, 180);
	struct bs_quad wall = bs_block((struct bs_vec){0, 5}, 0, 10, 1);
	unsigned char friend = 1;
	struct bs_tt_sight s;
	struct bs_tt_fire_spec sp = {.rows = 1, .reach = 21, .indirect_ok = 1};
	double d = 4; /* the block's rear edge is 4" from the firer */
	cr_assert_eq(
	    bs_tt_sight_geom(&f, &fp, &t, &tp, &sp, &wall, &friend, &d, 1, &s),
	    5);
	cr_assert(s.indirect);
	cr_assert_eq(s.over, 0);
	d = 2.9;
	cr_assert_eq(
	    bs_tt_sight_geom(&f, &fp, &t, &tp, &sp, &wall, &friend, &d, 1, &s),
	    0, "nearer than 3\"");
	d = 4;
	sp.indirect_ok = 0;
	cr_assert_eq(
	    bs_tt_sight_geom(&f, &fp, &t, &tp, &sp, &wall, &friend, &d, 1, &s),
	    0, "no indirect fire for this weapon");
}

Test(sight, s10_7_direct_fire_when_any_figure_has_a_direct_line)
{
	struct bs_tt_shape f = block(5, 5), t = block(6, 6);
	struct bs_tt_pose fp = pose(0, 0, 0), tp = pose(0, 12, 180);
	/* a friend before the left of the line only */
	struct bs_quad wall = bs_block((struct bs_vec){-3, 5}, 0, 4, 1);
	unsigned char friend = 1;
	double d = 4;
	struct bs_tt_sight s;
	struct bs_tt_fire_spec sp = {.rows = 1, .reach = 21, .indirect_ok = 1};
	bs_tt_sight_geom(&f, &fp, &t, &tp, &sp, &wall, &friend, &d, 1, &s);
	/* RULING R-479: the figures with direct lines fire, directly */
	cr_assert_not(s.indirect);
	cr_assert_gt(s.firers, 0);
	cr_assert_eq(s.over, -1);
}
