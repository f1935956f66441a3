/* The tabletop model (include/battlesim/tabletop.h): block shapes by
 * formation [7.2]-[7.5], slots and losses off the rear, quads, contact and
 * arcs [7.8] [8.3], command radius [4.7], movement primitives and their
 * costs [7.6] [7.9] [7.10], closing the door (RULING R-107), rout
 * direction and surrounded detection [7.15], the table edge. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "battlesim/tabletop.h"

#define PI 3.14159265358979323846

static int near(double a, double b, double tol)
{
	return fabs(a - b) <= tol;
}

static struct bs_tt_pose pose(double x, double y, double f)
{
	return (struct bs_tt_pose){{x, y}, f};
}

Test(tabletop, s7_2_s7_3_s7_4_spacing)
{
	/* [7.2] closed touching, [7.3] open 1/2" (stands 1"), [7.4]
	 * skirmish 1" or more, [7.5] mob touching */
	cr_assert_eq(bs_tt_gap(BS_FORM_CLOSED, 0), 0);
	cr_assert_eq(bs_tt_gap(BS_FORM_OPEN, 0), 0.5);
	cr_assert_eq(bs_tt_gap(BS_FORM_OPEN, 1), 1.0);
	cr_assert_eq(bs_tt_gap(BS_FORM_SKIRMISH, 0), 1.0);
	cr_assert_eq(bs_tt_gap(BS_FORM_MOB, 0), 0);
	struct bs_tt_shape s;
	bs_tt_shape_make(BS_FORM_CLOSED, 16, 8, 0.75, 0.75, 0, &s);
	cr_assert(near(s.width, 6.0, 1e-9) && near(s.depth, 1.5, 1e-9));
	cr_assert_eq(s.ranks, 2);
	bs_tt_shape_make(BS_FORM_OPEN, 16, 8, 0.75, 0.75, 0, &s);
	cr_assert(near(s.width, 8 * 0.75 + 7 * 0.5, 1e-9));
	cr_assert(near(s.depth, 2 * 0.75 + 0.5, 1e-9));
	bs_tt_shape_make(BS_FORM_SKIRMISH, 4, 4, 0.75, 0.75, 0, &s);
	cr_assert(near(s.width, 4 * 0.75 + 3.0, 1e-9));
}

Test(tabletop, s7_5_mob_roughly_square)
{
	/* [2.10] [7.5] RULING R-101: as wide as it is deep */
	cr_assert_eq(bs_tt_default_files(BS_FORM_MOB, 16, 0.75, 0.75), 4);
	cr_assert_eq(bs_tt_default_files(BS_FORM_MOB, 96, 0.75, 0.75), 10);
	/* two ranks to 16 figures, three to 30, four beyond */
	cr_assert_eq(bs_tt_default_files(BS_FORM_CLOSED, 16, 0.75, 0.75), 8);
	cr_assert_eq(bs_tt_default_files(BS_FORM_CLOSED, 20, 0.5, 0.5), 7);
	cr_assert_eq(bs_tt_default_files(BS_FORM_CLOSED, 48, 0.75, 0.75), 12);
}

Test(tabletop, s7_2_losses_off_the_rear_partial_rank_centred)
{
	struct bs_tt_shape s;
	int f, r;
	/* 13 figures in 5 files: 5, 5 and a last rank of 3, centred */
	bs_tt_shape_make(BS_FORM_CLOSED, 13, 5, 0.75, 0.75, 0, &s);
	cr_assert_eq(s.ranks, 3);
	cr_assert_eq(s.last, 3);
	bs_tt_slot(&s, 10, &f, &r);
	cr_assert_eq(f, 1);
	cr_assert_eq(r, 2);
	cr_assert_eq(bs_tt_figure_at(&s, 0, 2), -1, "the corner is empty");
	cr_assert_eq(bs_tt_figure_at(&s, 3, 2), 12);
	/* [7.2] losses from the rear: the figures of lower numbers stay */
	bs_tt_shape_make(BS_FORM_CLOSED, 10, 5, 0.75, 0.75, 0, &s);
	cr_assert_eq(s.ranks, 2);
	cr_assert_eq(bs_tt_figures_in_files(&s, 0, 4, 0, 0), 5,
		     "the front rank is full");
}

Test(tabletop, slot_positions_and_quad)
{
	struct bs_tt_shape s;
	bs_tt_shape_make(BS_FORM_CLOSED, 8, 4, 1.0, 1.0, 0, &s);
	struct bs_tt_pose p = pose(10, 10, 0);
	struct bs_vec v = bs_tt_slot_pos(&s, &p, 0, 0);
	cr_assert(near(v.x, 8.5, 1e-9) && near(v.y, 9.5, 1e-9));
	v = bs_tt_slot_pos(&s, &p, 3, 1);
	cr_assert(near(v.x, 11.5, 1e-9) && near(v.y, 8.5, 1e-9));
	struct bs_quad q = bs_tt_quad(&s, &p);
	cr_assert(near(q.p[0].x, 8, 1e-9) && near(q.p[0].y, 10, 1e-9));
	cr_assert(near(q.p[2].x, 12, 1e-9) && near(q.p[2].y, 8, 1e-9));
}

Test(tabletop, s7_8_contact_front_to_front)
{
	struct bs_tt_shape a, b;
	bs_tt_shape_make(BS_FORM_CLOSED, 22, 11, 0.75, 0.75, 0, &a);
	bs_tt_shape_make(BS_FORM_CLOSED, 10, 5, 0.75, 0.75, 0, &b);
	struct bs_tt_pose pa = pose(36, 20, 0), pb = pose(36, 20, 180);
	struct bs_tt_contact c;
	cr_assert(bs_tt_contact(&a, &pa, &b, &pb, &c));
	cr_assert_eq(c.edge_a, BS_EDGE_FRONT);
	cr_assert_eq(c.edge_b, BS_EDGE_FRONT);
	cr_assert(near(c.len, 3.75, 1e-6));
	cr_assert_eq(c.a_first, 3);
	cr_assert_eq(c.a_last, 7);
	cr_assert_eq(c.b_count, 5);
	/* an inch apart: no contact */
	pb = pose(36, 21, 180);
	cr_assert_not(bs_tt_contact(&a, &pa, &b, &pb, NULL));
}

Test(tabletop, s8_3_flank_and_rear_arcs)
{
	struct bs_tt_shape a, b;
	bs_tt_shape_make(BS_FORM_CLOSED, 8, 4, 1.0, 1.0, 0, &a);
	bs_tt_shape_make(BS_FORM_CLOSED, 8, 4, 1.0, 1.0, 0, &b);
	/* target b faces north from (10, 10), its block y 8..10, x 8..12;
	 * a faces west, front on b's right flank (x = 12) */
	struct bs_tt_pose pb = pose(10, 10, 0), pa = pose(12, 9, 270);
	struct bs_tt_contact c;
	cr_assert(bs_tt_contact(&a, &pa, &b, &pb, &c));
	cr_assert_eq(c.edge_a, BS_EDGE_FRONT);
	cr_assert_eq(c.edge_b, BS_EDGE_RIGHT);
	cr_assert_eq(bs_tt_edge_arc(c.edge_b), BS_ARC_FLANK);
	cr_assert_eq(c.b_first, 0);
	cr_assert_eq(c.b_last, 1, "both ranks of the flank in contact");
	/* a faces north, front on b's rear (y = 8) */
	pa = pose(10, 6, 0);
	cr_assert(bs_tt_contact(&a, &pa, &b, &pb, &c) == 0, "a gap");
	pa = pose(10, 8, 0);
	cr_assert(bs_tt_contact(&a, &pa, &b, &pb, &c));
	cr_assert_eq(bs_tt_edge_arc(c.edge_b), BS_ARC_REAR);
	cr_assert_eq(c.edge_a, BS_EDGE_FRONT);
}

Test(tabletop, s8_3_arc_from_position)
{
	struct bs_tt_shape s;
	bs_tt_shape_make(BS_FORM_CLOSED, 8, 4, 1.0, 1.0, 0, &s);
	struct bs_tt_pose p = pose(10, 10, 0);
	struct bs_quad q = bs_tt_quad(&s, &p);
	int e;
	cr_assert_eq(bs_tt_arc_from(&q, (struct bs_vec){10, 20}, &e),
		     BS_ARC_FRONT);
	cr_assert_eq(e, BS_EDGE_FRONT);
	cr_assert_eq(bs_tt_arc_from(&q, (struct bs_vec){20, 9}, &e),
		     BS_ARC_FLANK);
	cr_assert_eq(e, BS_EDGE_RIGHT);
	cr_assert_eq(bs_tt_arc_from(&q, (struct bs_vec){0, 9}, &e),
		     BS_ARC_FLANK);
	cr_assert_eq(e, BS_EDGE_LEFT);
	cr_assert_eq(bs_tt_arc_from(&q, (struct bs_vec){10, 0}, NULL),
		     BS_ARC_REAR);
}

Test(tabletop, s4_7_all_figures_within_radius)
{
	struct bs_tt_shape s;
	bs_tt_shape_make(BS_FORM_CLOSED, 8, 4, 1.0, 1.0, 0, &s);
	struct bs_tt_pose p = pose(10, 10, 0);
	/* the far corner (8, 8) or (12, 8) from (10, 12): sqrt(4+16) */
	cr_assert(bs_tt_all_within(&s, &p, (struct bs_vec){10, 12}, 4.48));
	cr_assert_not(bs_tt_all_within(&s, &p, (struct bs_vec){10, 12}, 4.4));
	/* a partial last rank: the empty corners do not count. Figures:
	 * rank 0 files 0-3 (x 8..12, y 9..10), rank 1 files 1-2 (x 9..11,
	 * y 8..9); from (10, 14) the farthest base corner is (9, 8) at
	 * sqrt(37), the empty block corner (8, 8) at sqrt(40) */
	bs_tt_shape_make(BS_FORM_CLOSED, 6, 4, 1.0, 1.0, 0, &s);
	cr_assert(bs_tt_all_within(&s, &p, (struct bs_vec){10, 14}, 6.1));
	cr_assert_not(bs_tt_all_within(&s, &p, (struct bs_vec){10, 14}, 6.0));
}

Test(tabletop, s7_9_advance_stops_at_first_contact)
{
	struct bs_tt_shape s;
	bs_tt_shape_make(BS_FORM_CLOSED, 8, 4, 1.0, 1.0, 0, &s);
	struct bs_tt_pose p = pose(10, 10, 0), e = pose(10, 15, 180);
	struct bs_quad obst[1] = {bs_tt_quad(&s, &e)};
	struct bs_tt_step_result r;
	bs_tt_advance(&s, &p, 10, 0, obst, 1, &r);
	cr_assert_eq(r.hit, 0);
	cr_assert(near(r.done, 5, 0.01), "stops at the enemy: %f", r.done);
	cr_assert(near(r.cost, r.done, 1e-12));
	cr_assert_eq(r.complete, 0);
	struct bs_quad q = bs_tt_quad(&s, &p);
	cr_assert_leq(bs_quad_dist(&q, &obst[0]), BS_GEOM_TOUCH, "touching");
	cr_assert_not(bs_quad_overlap(&q, &obst[0]));
	/* the 45-degree oblique keeps the facing (RULING R-105) */
	p = pose(10, 10, 0);
	bs_tt_advance(&s, &p, 2, 45, NULL, 0, &r);
	cr_assert(near(p.facing, 0, 1e-9));
	cr_assert(near(p.front.x, 10 + sqrt(2), 1e-9));
	cr_assert(near(r.cost, 2, 1e-12));
}

Test(tabletop, s7_9_wheel_cost_outermost_figure)
{
	struct bs_tt_shape s;
	/* 8 files of 3/4": 6" wide; 90 degrees: the outer figure runs a
	 * quarter circle of radius 6 = 9.42" */
	bs_tt_shape_make(BS_FORM_CLOSED, 16, 8, 0.75, 0.75, 0, &s);
	cr_assert(near(bs_tt_wheel_cost(&s, 90), 6 * PI / 2, 1e-9));
	cr_assert(near(bs_tt_wheel_cost(&s, -45), 6 * PI / 4, 1e-9));
	struct bs_tt_pose p = pose(10, 10, 0);
	struct bs_tt_step_result r;
	bs_tt_wheel(&s, &p, 90, NULL, 0, &r);
	/* clockwise about the front-right corner (13, 10): the left flank
	 * swings forward; facing east, the front runs north from the pivot,
	 * its centre 3" north of it */
	cr_assert(near(p.facing, 90, 1e-9));
	cr_assert(near(p.front.x, 13, 1e-9) && near(p.front.y, 13, 1e-9));
	cr_assert(near(r.cost, 6 * PI / 2, 1e-9));
}

Test(tabletop, s7_9_wheel_stops_at_obstacle)
{
	struct bs_tt_shape s;
	bs_tt_shape_make(BS_FORM_CLOSED, 8, 4, 1.0, 1.0, 0, &s);
	/* the wheel about (12, 10) would sweep the block over x 10..12, y
	 * 10..14; an obstacle at x 9..11, y 13.5..14.5 is in the way */
	struct bs_tt_pose p = pose(10, 10, 0), o = pose(10, 14.5, 0);
	struct bs_quad obst[1];
	struct bs_tt_shape so;
	bs_tt_shape_make(BS_FORM_CLOSED, 2, 2, 1.0, 1.0, 0, &so);
	obst[0] = bs_tt_quad(&so, &o);
	struct bs_tt_step_result r;
	bs_tt_wheel(&s, &p, 90, obst, 1, &r);
	cr_assert_eq(r.hit, 0);
	cr_assert_lt(r.done, 90);
	struct bs_quad q = bs_tt_quad(&s, &p);
	cr_assert_not(bs_quad_overlap(&q, &obst[0]));
	cr_assert(near(r.cost, bs_tt_wheel_cost(&s, r.done), 1e-9));
}

Test(tabletop, s7_9_face_costs)
{
	/* [7.9] right or left face 1/3 MV, about face 1/2 MV */
	cr_assert(near(bs_tt_face_cost(90, 12), 4, 1e-12));
	cr_assert(near(bs_tt_face_cost(-90, 9), 3, 1e-12));
	cr_assert(near(bs_tt_face_cost(180, 12), 6, 1e-12));
	/* RULING R-139: thirds are exact, not rounded */
	cr_assert(near(bs_tt_face_cost(90, 10), 10.0 / 3, 1e-12));
	struct bs_tt_shape s;
	bs_tt_shape_make(BS_FORM_CLOSED, 16, 8, 1.0, 1.0, 0, &s);
	struct bs_tt_pose p = pose(10, 10, 0);
	struct bs_tt_step_result r;
	bs_tt_face(&s, &p, 90, 12, NULL, 0, &r);
	cr_assert(r.complete);
	cr_assert_eq(s.files, 2, "the old ranks are the new files");
	cr_assert_eq(s.ranks, 8);
	cr_assert(near(p.facing, 90, 1e-9));
	cr_assert(near(r.cost, 4, 1e-12));
	/* about face: the same rectangle */
	struct bs_quad q0 = bs_tt_quad(&s, &p);
	bs_tt_face(&s, &p, 180, 12, NULL, 0, &r);
	struct bs_quad q1 = bs_tt_quad(&s, &p);
	struct bs_vec c0 = bs_quad_centre(&q0), c1 = bs_quad_centre(&q1);
	cr_assert(near(c0.x, c1.x, 1e-9) && near(c0.y, c1.y, 1e-9));
}

Test(tabletop, s7_10_frontage_cost_and_no_contact)
{
	struct bs_tt_shape s;
	bs_tt_shape_make(BS_FORM_CLOSED, 16, 4, 1.0, 1.0, 0, &s);
	struct bs_tt_pose p = pose(10, 10, 0);
	struct bs_tt_step_result r;
	bs_tt_frontage(&s, &p, 8, NULL, 0, &r);
	cr_assert(r.complete);
	cr_assert(near(r.cost, 4, 1e-12), "[7.10] 1\" per figure");
	cr_assert_eq(s.ranks, 2);
	/* an obstacle 1" to the side: widening into contact fails */
	bs_tt_shape_make(BS_FORM_CLOSED, 16, 4, 1.0, 1.0, 0, &s);
	struct bs_tt_shape so;
	bs_tt_shape_make(BS_FORM_CLOSED, 2, 1, 1.0, 1.0, 0, &so);
	struct bs_tt_pose o = pose(13.5, 10, 0);
	struct bs_quad obst[1] = {bs_tt_quad(&so, &o)};
	bs_tt_frontage(&s, &p, 8, obst, 1, &r);
	cr_assert_not(r.complete);
	cr_assert_eq(s.files, 4, "unchanged");
}

Test(tabletop, s7_6_formation_cost_free_when_involuntary)
{
	struct bs_tt_shape s;
	bs_tt_shape_make(BS_FORM_CLOSED, 16, 8, 0.75, 0.75, 0, &s);
	struct bs_tt_pose p = pose(36, 10, 0);
	struct bs_tt_step_result r;
	bs_tt_formation(&s, &p, BS_FORM_OPEN, 12, 0, 0, NULL, 0, &r);
	cr_assert(near(r.cost, 4, 1e-12), "[7.6] 1/3 MV");
	cr_assert_eq(s.formation, BS_FORM_OPEN);
	bs_tt_shape_make(BS_FORM_CLOSED, 16, 8, 0.75, 0.75, 0, &s);
	bs_tt_formation(&s, &p, BS_FORM_OPEN, 12, 1, 0, NULL, 0, &r);
	cr_assert(near(r.cost, 0, 1e-12), "involuntary: free");
	/* RULING R-106: no room at the sides: narrower, never wider than
	 * the closed block was */
	bs_tt_shape_make(BS_FORM_CLOSED, 16, 8, 0.75, 0.75, 0, &s);
	struct bs_tt_shape so;
	bs_tt_shape_make(BS_FORM_CLOSED, 4, 2, 0.75, 0.75, 0, &so);
	struct bs_tt_pose l = pose(32.25, 10, 0), rr = pose(39.75, 10, 0);
	struct bs_quad obst[2] = {bs_tt_quad(&so, &l), bs_tt_quad(&so, &rr)};
	double w0 = s.width;
	bs_tt_formation(&s, &p, BS_FORM_OPEN, 12, 1, 0, obst, 2, &r);
	cr_assert(r.complete);
	cr_assert_leq(s.width, w0 + 1e-9);
	cr_assert_lt(s.files, 8);
	bs_tt_shape_make(BS_FORM_CLOSED, 16, 8, 0.75, 0.75, 0, &s);
	bs_tt_formation(&s, &p, BS_FORM_OPEN, 12, 0, 0, obst, 2, &r);
	cr_assert_not(r.complete, "voluntary: refused for want of room");
}

/* A closed block of 16 figures in 8 files (0.75" bases: 6" x 1.5", front
 * (36, 10) facing north, x 33..39) and blocks touching it. */
static struct bs_quad beside(double x0, double x1, double y0, double y1)
{
	struct bs_quad q = {{{x0, y1}, {x0, y0}, {x1, y0}, {x1, y1}}};
	return q;
}

Test(tabletop, s4_5_ruling_r106_spreads_sideways_into_free_space)
{
	struct bs_tt_shape s;
	bs_tt_shape_make(BS_FORM_CLOSED, 16, 8, 0.75, 0.75, 0, &s);
	struct bs_tt_pose p = pose(36, 10, 0);
	/* a friend touching its left flank; the right is free */
	struct bs_quad obst[1] = {beside(30, 32.998, 7, 12)};
	struct bs_quad q0 = bs_tt_quad(&s, &p);
	struct bs_tt_step_result r;
	bs_tt_formation(&s, &p, BS_FORM_OPEN, 12, 1, 0, obst, 1, &r);
	cr_assert(r.complete);
	/* [4.5] "cannot increase the number of figures in its frontage":
	 * it keeps its 8 files, spread 9.5" wide to the right, its front on
	 * the same line and its left end where it was */
	cr_assert_eq(s.files, 8, "files %d", s.files);
	cr_assert(near(s.width, 9.5, 1e-9));
	struct bs_quad q = bs_tt_quad(&s, &p);
	cr_assert(near(q.p[0].x, q0.p[0].x, 1e-9), "front-left kept");
	cr_assert(near(q.p[0].y, 10, 1e-9) && near(q.p[3].y, 10, 1e-9));
	cr_assert_not(bs_quad_overlap(&q, &obst[0]));
	cr_assert(bs_tt_fits(&q, &q0, obst, 1, 0, NULL));
}

Test(tabletop, s4_5_ruling_r106_shifts_as_little_as_will_do)
{
	struct bs_tt_shape s;
	bs_tt_shape_make(BS_FORM_CLOSED, 16, 8, 0.75, 0.75, 0, &s);
	struct bs_tt_pose p = pose(36, 10, 0);
	/* 1" free on the left, 3" on the right: 3.5" more width fits only
	 * shifted right, by 1/2 of the 1.75" slack (1/4 is not enough) */
	struct bs_quad obst[2] = {beside(28, 32, 7, 12), beside(42, 45, 7, 12)};
	struct bs_tt_step_result r;
	bs_tt_formation(&s, &p, BS_FORM_OPEN, 12, 1, 0, obst, 2, &r);
	cr_assert(r.complete);
	cr_assert_eq(s.files, 8);
	cr_assert(near(p.front.x, 36 + 0.5 * 1.75, 1e-9), "x %g", p.front.x);
	cr_assert(near(p.front.y, 10, 1e-12));
	struct bs_quad q = bs_tt_quad(&s, &p);
	cr_assert_not(bs_quad_overlap(&q, &obst[0]));
	cr_assert_not(bs_quad_overlap(&q, &obst[1]));
}

Test(tabletop, s4_5_ruling_r106_no_room_nothing_changes)
{
	struct bs_tt_shape s;
	bs_tt_shape_make(BS_FORM_CLOSED, 16, 8, 0.75, 0.75, 0, &s);
	struct bs_tt_pose p = pose(36, 10, 0);
	/* friends touching both flanks and the rear (y 8.5): no wider
	 * block fits and no deeper one either */
	struct bs_quad obst[3] = {beside(30, 32.998, 5, 12),
				  beside(39.002, 42, 5, 12),
				  beside(33, 39, 5, 8.498)};
	struct bs_tt_shape s0 = s;
	struct bs_tt_pose p0 = p;
	struct bs_tt_step_result r;
	int who = -1;
	cr_assert_not(bs_tt_spread(&s, &p, BS_FORM_OPEN, 0, obst, 3, &who));
	cr_assert_geq(who, 0);
	bs_tt_formation(&s, &p, BS_FORM_OPEN, 12, 1, 0, obst, 3, &r);
	cr_assert_not(r.complete, "the engine keeps it cramped");
	cr_assert_eq(s.files, s0.files);
	cr_assert_eq(s.formation, BS_FORM_CLOSED, "unchanged");
	cr_assert(near(p.front.x, p0.front.x, 0) &&
		  near(p.front.y, p0.front.y, 0));
	/* the rear friend gone: it spreads (narrower and deeper) */
	cr_assert(bs_tt_spread(&s, &p, BS_FORM_OPEN, 0, obst, 2, NULL));
	cr_assert_eq(s.formation, BS_FORM_OPEN);
	cr_assert_leq(s.width, s0.width + 1e-9);
	struct bs_quad q = bs_tt_quad(&s, &p);
	cr_assert_not(bs_quad_overlap(&q, &obst[0]));
	cr_assert_not(bs_quad_overlap(&q, &obst[1]));
}

Test(tabletop, ruling_r106_fits_overlap_depth_and_new_contact)
{
	struct bs_quad a = beside(0, 2, 0, 2), o[1] = {beside(2.001, 4, 0, 2)};
	cr_assert(bs_tt_fits(&a, NULL, o, 1, 1, NULL), "touching");
	cr_assert_not(bs_tt_fits(&a, NULL, o, 1, 0, NULL), "a new contact");
	struct bs_quad was = beside(0, 2.0005, 0, 2);
	cr_assert(bs_tt_fits(&a, &was, o, 1, 0, NULL), "it touched before");
	/* overlapping by more than BS_TT_FIT_TOL (not yet by
	 * BS_GEOM_TOUCH) */
	struct bs_quad b = beside(0, 2.006, 0, 2);
	cr_assert_not(bs_quad_overlap(&b, &o[0]));
	cr_assert_not(bs_tt_fits(&b, NULL, o, 1, 1, NULL));
	/* no deeper than it was: allowed */
	cr_assert(bs_tt_fits(&b, &b, o, 1, 1, NULL));
	int who = -1;
	cr_assert_not(bs_tt_fits(&b, &a, o, 1, 1, &who));
	cr_assert_eq(who, 0);
}

/* [7.9] a wheel toward a friend the block already touches (it was
 * stopped against it by an advance, RULING R-107): the rotation sweep
 * sees the two touching, not overlapping, and stops the wheel at once;
 * it never swings into the friend. */
Test(tabletop, s7_9_wheel_into_a_friend_it_touches_stops)
{
	struct bs_tt_shape s;
	bs_tt_shape_make(BS_FORM_CLOSED, 8, 4, 1.0, 1.0, 0, &s);
	struct bs_tt_pose p = pose(10, 10, 0);
	/* a friend across its path, 2" ahead */
	struct bs_quad friend[1] = {beside(6, 14, 12, 14)};
	struct bs_tt_step_result r;
	bs_tt_advance(&s, &p, 5, 0, friend, 1, &r);
	cr_assert_eq(r.hit, 0, "stopped by the friend");
	cr_assert(near(r.done, 2, BS_GEOM_TOUCH), "done %.6f", r.done);
	struct bs_quad q = bs_tt_quad(&s, &p);
	cr_assert_leq(bs_quad_dist(&q, &friend[0]), BS_GEOM_TOUCH);
	for (int sgn = -1; sgn <= 1; sgn += 2) {
		struct bs_tt_pose p2 = p;
		bs_tt_wheel(&s, &p2, sgn * 30.0, friend, 1, &r);
		q = bs_tt_quad(&s, &p2);
		cr_assert_not(bs_quad_overlap(&q, &friend[0]));
		cr_assert_eq(r.hit, 0);
		cr_assert_lt(fabs(r.done), 1.0, "wheel %g: turned %g",
			     sgn * 30.0, r.done);
	}
}

/* RULING R-106 a wheel may graze a block by less than the touch
 * tolerance on its way (geom.c), but where it ends it overlaps no block
 * deeper than a placement may (BS_TT_FIT_TOL): else it turns back. */
Test(tabletop, s7_9_wheel_ends_overlapping_no_block)
{
	struct bs_tt_shape s;
	bs_tt_shape_make(BS_FORM_CLOSED, 8, 4, 1.0, 1.0, 0, &s);
	struct bs_tt_pose p = pose(10, 10, 0), free = p;
	struct bs_tt_step_result r;
	/* where the front-left corner ends after a free 30-degree wheel
	 * about the front-right corner */
	bs_tt_wheel(&s, &free, 30, NULL, 0, &r);
	struct bs_quad end = bs_tt_quad(&s, &free);
	struct bs_vec c = end.p[0];
	/* a block whose lower edge that corner crosses by 0.004" */
	struct bs_quad obst[1] = {
	    beside(c.x - 1, c.x + 0.05, c.y - 0.004, c.y + 2)};
	struct bs_quad q0 = bs_tt_quad(&s, &p);
	bs_tt_wheel(&s, &p, 30, obst, 1, &r);
	struct bs_quad q = bs_tt_quad(&s, &p);
	cr_assert(bs_tt_fits(&q, &q0, obst, 1, 1, NULL), "done %g", r.done);
	cr_assert_lt(r.done, 30);
	cr_assert_gt(r.done, 29, "turned back only a little");
	cr_assert(near(r.cost, bs_tt_wheel_cost(&s, r.done), 1e-9));
}

Test(tabletop, ruling_r107_close_the_door)
{
	struct bs_tt_shape s, t;
	bs_tt_shape_make(BS_FORM_CLOSED, 8, 4, 1.0, 1.0, 0, &s);
	bs_tt_shape_make(BS_FORM_CLOSED, 8, 4, 1.0, 1.0, 0, &t);
	/* target faces south, its front edge y = 20 from x 8 to 12 */
	struct bs_tt_pose tp = pose(10, 20, 180);
	struct bs_quad tq = bs_tt_quad(&t, &tp);
	/* the mover faces 20 degrees off, its front-right corner touching
	 * the target's edge */
	struct bs_tt_pose p = pose(10, 10, 20);
	struct bs_tt_step_result r;
	bs_tt_advance(&s, &p, 20, 0, &tq, 1, &r);
	cr_assert_eq(r.hit, 0);
	double turned = bs_tt_close_door(&s, &p, &tq, &tq, 1, 0);
	cr_assert(near(turned, -20, 1e-6), "turned %f", turned);
	cr_assert(near(p.facing, 0, 1e-6));
	struct bs_tt_contact c;
	cr_assert(bs_tt_contact(&s, &p, &t, &tp, &c));
	/* pivoted on its front-left corner (x 11.5): flush from there to
	 * the target's corner at x 12 */
	cr_assert_gt(c.len, 0.3, "now flush along the front");
	cr_assert_eq(c.edge_a, BS_EDGE_FRONT);
}

Test(tabletop, s7_15_rout_direction)
{
	/* away from the cause and toward the home edge when both agree */
	double d = bs_tt_rout_dir((struct bs_vec){30, 20},
				  (struct bs_vec){30, 30}, BS_EDGE_SOUTH);
	cr_assert(near(d, 180, 1e-9));
	/* cause to the south-west of a south-edge unit: home is not away */
	d = bs_tt_rout_dir((struct bs_vec){30, 20}, (struct bs_vec){30, 10},
			   BS_EDGE_SOUTH);
	cr_assert(near(d, 0, 1e-9));
	d = bs_tt_rout_dir((struct bs_vec){30, 20}, (struct bs_vec){20, 25},
			   BS_EDGE_SOUTH);
	cr_assert(near(d, 180, 1e-9));
}

Test(tabletop, s7_15_surrounded_detection)
{
	struct bs_tt_shape s, e;
	bs_tt_shape_make(BS_FORM_CLOSED, 8, 4, 1.0, 1.0, 0, &s);
	struct bs_tt_pose p = pose(10, 10, 0); /* x 8..12, y 8..10 */
	struct bs_quad q = bs_tt_quad(&s, &p);
	/* four enemy blocks on the four edges, overlapping the corners */
	bs_tt_shape_make(BS_FORM_CLOSED, 12, 6, 1.0, 1.0, 0, &e);
	struct bs_tt_pose n = pose(10, 10, 180), so = pose(10, 8, 0);
	struct bs_tt_shape f;
	bs_tt_shape_make(BS_FORM_CLOSED, 4, 4, 1.0, 1.0, 0, &f);
	struct bs_tt_pose w = pose(8, 9, 90), ea = pose(12, 9, 270);
	struct bs_quad ring[4] = {bs_tt_quad(&e, &n), bs_tt_quad(&e, &so),
				  bs_tt_quad(&f, &w), bs_tt_quad(&f, &ea)};
	cr_assert(bs_tt_surrounded(&q, ring, 4));
	cr_assert_not(bs_tt_surrounded(&q, ring, 3), "an open flank");
	/* a flank block 0.8" short of one corner: no 1" gap */
	struct bs_tt_shape g;
	bs_tt_shape_make(BS_FORM_CLOSED, 12, 12, 0.1, 1.0, 0, &g);
	/* width 1.2: covers y 8.8..10 of the east flank */
	struct bs_tt_pose ge = pose(12, 9.4, 270);
	ring[3] = bs_tt_quad(&g, &ge);
	cr_assert(bs_tt_surrounded(&q, ring, 4), "a 0.8\" gap traps them");
	/* a narrower one: a 1.4" gap, one figure escapes */
	bs_tt_shape_make(BS_FORM_CLOSED, 6, 6, 0.1, 1.0, 0, &g);
	ge = pose(12, 9.7, 270);
	ring[3] = bs_tt_quad(&g, &ge);
	cr_assert_not(bs_tt_surrounded(&q, ring, 4));
}

Test(tabletop, s7_15_off_table)
{
	struct bs_tt_shape s;
	bs_tt_shape_make(BS_FORM_CLOSED, 8, 4, 1.0, 1.0, 0, &s);
	struct bs_tt_pose p = pose(10, 1, 180); /* y 1..3 */
	struct bs_quad q = bs_tt_quad(&s, &p);
	cr_assert_not(bs_tt_off_table(&q, 72, 48));
	p = pose(10, 1, 0); /* y -1..1 */
	q = bs_tt_quad(&s, &p);
	cr_assert(bs_tt_off_table(&q, 72, 48));
	cr_assert_not(bs_tt_wholly_off_table(&q, 72, 48));
	p = pose(10, -3, 0);
	q = bs_tt_quad(&s, &p);
	cr_assert(bs_tt_wholly_off_table(&q, 72, 48));
}

/* bs_tt_contact_q (quads given, as from a cache) answers exactly as
 * bs_tt_contact: random blocks placed near each other, touching and not,
 * every field of the contact compared; bs_tt_contact_edges_q gives the
 * same answer, edges and stretch. */
Test(tabletop, s7_8_contact_with_given_quads_same_answer)
{
	unsigned long long s = 0x243f6a8885a308d3ull;
	int touching = 0;
	for (int k = 0; k < 4000; k++) {
		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		struct bs_tt_shape a, b;
		int fa = 2 + (int)(s % 20), fb = 2 + (int)((s >> 8) % 20);
		bs_tt_shape_make((enum bs_formation)(s % 3), fa * 2, fa, 0.75,
				 0.75, 0, &a);
		bs_tt_shape_make(BS_FORM_CLOSED, fb * 3, fb, 1.0, 2.0, 0, &b);
		struct bs_tt_pose pa = pose(30, 20, (double)((s >> 16) % 360));
		/* b's front on a's front edge (or off it by up to 0.02"),
		 * at one of a few angles */
		double off = (double)((s >> 24) % 5) * 0.005;
		double turn = (double)((s >> 32) % 4) * 30.0;
		struct bs_quad qa = bs_tt_quad(&a, &pa);
		struct bs_vec m =
		    bs_vec_scale(bs_vec_add(qa.p[0], qa.p[3]), 0.5);
		struct bs_vec out = bs_dir(pa.facing);
		struct bs_tt_pose pb;
		pb.front = bs_vec_add(m, bs_vec_scale(out, off));
		pb.facing = fmod(pa.facing + 180.0 + turn, 360.0);
		struct bs_quad qb = bs_tt_quad(&b, &pb);
		struct bs_tt_contact c1, c2;
		memset(&c1, 0, sizeof c1);
		memset(&c2, 0, sizeof c2);
		int r1 = bs_tt_contact(&a, &pa, &b, &pb, &c1);
		int r2 = bs_tt_contact_q(&a, &pa, &qa, &b, &pb, &qb, &c2);
		cr_assert_eq(r1, r2, "case %d", k);
		cr_assert_eq(memcmp(&c1, &c2, sizeof c1), 0, "case %d", k);
		cr_assert_eq(bs_tt_contact(&a, &pa, &b, &pb, NULL),
			     bs_tt_contact_q(&a, &pa, &qa, &b, &pb, &qb, NULL));
		/* the edges-only variant: the same answer, edges, stretch
		 * and length, the figures left at 0 */
		struct bs_tt_contact c3;
		memset(&c3, 0x5a, sizeof c3);
		int r3 = bs_tt_contact_edges_q(&a, &pa, &qa, &b, &pb, &qb, &c3);
		cr_assert_eq(r1, r3, "case %d", k);
		if (r1) {
			cr_assert_eq(c3.edge_a, c1.edge_a, "case %d", k);
			cr_assert_eq(c3.edge_b, c1.edge_b, "case %d", k);
			cr_assert_eq(memcmp(&c3.len, &c1.len, sizeof c1.len),
				     0);
			cr_assert_eq(memcmp(&c3.p0, &c1.p0, sizeof c1.p0), 0);
			cr_assert_eq(memcmp(&c3.p1, &c1.p1, sizeof c1.p1), 0);
			cr_assert_eq(c3.a_count + c3.b_count + c3.a_first +
					 c3.b_last,
				     0);
		}
		touching += r1;
	}
	cr_expect(touching > 100 && touching < 4000, "%d touching", touching);
}

/* The fit test's depth as it was worked out before its early exits
 * (move.c, the least overlap of the projections on the 8 edge normals). */
static double ref_depth(const struct bs_quad *a, const struct bs_quad *b)
{
	const struct bs_quad *qs[2] = {a, b};
	double best = HUGE_VAL;
	for (int k = 0; k < 2; k++)
		for (int i = 0; i < 4; i++) {
			const struct bs_vec *p0 = &qs[k]->p[i];
			const struct bs_vec *p1 = &qs[k]->p[(i + 1) % 4];
			double ex = p1->x - p0->x, ey = p1->y - p0->y;
			double l = sqrt(ex * ex + ey * ey);
			if (l < 1e-12)
				continue;
			double nx = -ey / l, ny = ex / l;
			double alo = HUGE_VAL, ahi = -HUGE_VAL;
			double blo = HUGE_VAL, bhi = -HUGE_VAL;
			for (int j = 0; j < 4; j++) {
				double va = a->p[j].x * nx + a->p[j].y * ny;
				double vb = b->p[j].x * nx + b->p[j].y * ny;
				alo = va < alo ? va : alo;
				ahi = va > ahi ? va : ahi;
				blo = vb < blo ? vb : blo;
				bhi = vb > bhi ? vb : bhi;
			}
			double ov =
			    (bhi < ahi ? bhi : ahi) - (blo > alo ? blo : alo);
			if (ov < best)
				best = ov;
		}
	return best;
}

/* [7.8] bs_tt_fits (its depth test stops at the first axis that decides,
 * and works out the old block's depth only when needed) answers as the
 * plain rule: refused when the new block overlaps the obstacle deeper
 * than BS_TT_FIT_TOL and than the old block did, or (may_touch 0) comes
 * into a contact it was not in. Random blocks placed across the
 * tolerance, apart, touching and overlapping. */
Test(tabletop, s7_8_fits_same_answer_as_plain_depth)
{
	unsigned long long s = 0x13198a2e03707344ull;
	int refused = 0, fits = 0;
	for (int k = 0; k < 6000; k++) {
		s ^= s << 13;
		s ^= s >> 7;
		s ^= s << 17;
		struct bs_tt_shape a;
		bs_tt_shape_make(BS_FORM_CLOSED, 12, 4 + (int)(s % 5), 1.0, 1.0,
				 0, &a);
		struct bs_tt_pose po =
		    pose(20, 20, (double)((s >> 8) % 8) * 45);
		struct bs_quad o = bs_tt_quad(&a, &po);
		/* the mover: in front of the obstacle's front edge, pushed in
		 * by -0.05 .. +0.05" in steps near the tolerances */
		double in = ((double)((s >> 16) % 41) - 20.0) * 0.0025;
		double turn = (double)((s >> 24) % 3) * 15.0;
		struct bs_vec m = bs_vec_scale(bs_vec_add(o.p[0], o.p[3]), 0.5);
		struct bs_vec out = bs_dir(po.facing);
		struct bs_tt_pose pn, pw;
		pn.front = bs_vec_add(m, bs_vec_scale(out, -in));
		pn.facing = fmod(po.facing + 180.0 + turn, 360.0);
		double in0 = ((double)((s >> 32) % 41) - 20.0) * 0.0025;
		pw.front = bs_vec_add(m, bs_vec_scale(out, -in0));
		pw.facing = pn.facing;
		struct bs_quad qn = bs_tt_quad(&a, &pn),
			       qw = bs_tt_quad(&a, &pw);
		int may_touch = (int)((s >> 40) & 1),
		    with_old = (int)((s >> 41) & 1);
		const struct bs_quad *oldq = with_old ? &qw : NULL;
		double allowed = BS_TT_FIT_TOL;
		if (oldq && ref_depth(oldq, &o) > allowed)
			allowed = ref_depth(oldq, &o);
		int bad = ref_depth(&qn, &o) > allowed + 1e-12;
		if (!bad && !may_touch)
			bad = bs_quad_dist(&qn, &o) <= BS_GEOM_TOUCH &&
			      (!oldq || bs_quad_dist(oldq, &o) > BS_GEOM_TOUCH);
		int got = bs_tt_fits(&qn, oldq, &o, 1, may_touch, NULL);
		cr_assert_eq(got, !bad, "case %d (in %g, was %g)", k, in, in0);
		refused += bad;
		fits += !bad;
	}
	cr_expect(refused > 500 && fits > 500, "%d refused, %d fit", refused,
		  fits);
}

/* ---- the order of the melees [1.6 B] (RULING R-377) ---------------------- */

/* Melee i between A(a[i]) (side 0) and B(b[i]) (side 1). */
static void melees_of(const int *a, const int *bb, int n, struct bs_melee *m)
{
	for (int i = 0; i < n; i++)
		m[i] = (struct bs_melee){0, a[i], 1, bb[i]};
}

/* 1 when unit (side, unit)'s melees come one after another in order. */
static int together(const struct bs_melee *m, int n, const int *order, int side,
		    int unit)
{
	int lo = n, hi = -1, k = 0;
	for (int i = 0; i < n; i++) {
		const struct bs_melee *x = &m[order[i]];
		if ((x->aside == side && x->aunit == unit) ||
		    (x->bside == side && x->bunit == unit)) {
			lo = i < lo ? i : lo;
			hi = i;
			k++;
		}
	}
	return k == 0 || hi - lo + 1 == k;
}

Test(tabletop, s1_6_b_ruling_r377_melee_orders)
{
	struct bs_melee m[8];
	int order[8];
	/* a chain A0-B0-A1-B1 listed A0-B0, A1-B1, A1-B0: every unit's
	 * melees together */
	{
		int a[3] = {0, 1, 1}, bb[3] = {0, 1, 0};
		melees_of(a, bb, 3, m);
		bs_tt_melee_order(m, 3, NULL, order);
		cr_assert(bs_tt_melee_order_ok(m, 3, order));
		for (int u = 0; u < 2; u++) {
			cr_assert(together(m, 3, order, 0, u));
			cr_assert(together(m, 3, order, 1, u));
		}
		int bad[3] = {0, 1, 2}; /* B0's fights split by A1-B1 */
		cr_assert_not(bs_tt_melee_order_ok(m, 3, bad));
		int dup[3] = {0, 0, 2};
		cr_assert_not(bs_tt_melee_order_ok(m, 3, dup));
	}
	/* a star: B0 against A0, A1, A2 and two separate melees A3-B1,
	 * A4-B2: the combats one by one, in the order of their first melee */
	{
		int a[5] = {0, 3, 1, 4, 2}, bb[5] = {0, 1, 0, 2, 0};
		melees_of(a, bb, 5, m);
		bs_tt_melee_order(m, 5, NULL, order);
		int want[5] = {0, 2, 4, 1, 3};
		for (int i = 0; i < 5; i++)
			cr_assert_eq(order[i], want[i], "at %d", i);
		int split[5] = {0, 1, 2, 4, 3}; /* the star's combat split */
		cr_assert_not(bs_tt_melee_order_ok(m, 5, split));
		int other[5] = {3, 1, 4, 2, 0}; /* legal: any combat first */
		cr_assert(bs_tt_melee_order_ok(m, 5, other));
	}
	/* a ring A0-B0-A1-B1-A0: some unit's fights must be split; any
	 * order that keeps the combat together is Side A's to choose */
	{
		int a[4] = {0, 1, 1, 0}, bb[4] = {0, 0, 1, 1};
		melees_of(a, bb, 4, m);
		bs_tt_melee_order(m, 4, NULL, order);
		cr_assert(bs_tt_melee_order_ok(m, 4, order));
		cr_assert(together(m, 4, order, 0, 0), "its first unit's");
		int any[4] = {0, 2, 1, 3};
		cr_assert(bs_tt_melee_order_ok(m, 4, any));
	}
	/* prio ranks a unit's melees: a star is resolved from its centre,
	 * B0, its three melees by prio (then index) */
	{
		int a[3] = {0, 1, 2}, bb[3] = {0, 0, 0};
		int prio[3] = {5, 5, 1};
		melees_of(a, bb, 3, m);
		bs_tt_melee_order(m, 3, prio, order);
		cr_assert_eq(order[0], 2);
		cr_assert_eq(order[1], 0);
		cr_assert_eq(order[2], 1);
	}
}
