/* Tests of src/core/geom.c: blocks, facings, distances, edge contact and
 * the sweeps that stop a moving block at first contact. */
#include <criterion/criterion.h>
#include <math.h>
#include <pthread.h>
#include <string.h>

#include "battlesim/geom.h"
#include "geom_rand.h"

#define NEAR(a, b) (fabs((a) - (b)) < 1e-9)

Test(geom, facing_convention)
{
	struct bs_vec n = bs_dir(0), e = bs_dir(90);
	cr_expect(NEAR(n.x, 0) && NEAR(n.y, 1));
	cr_expect(NEAR(e.x, 1) && NEAR(e.y, 0));
	cr_expect(NEAR(bs_facing_of((struct bs_vec){-1, 0}), 270));
	cr_expect(NEAR(bs_angle_diff(350, 10), 20));
	cr_expect(NEAR(bs_angle_diff(10, 350), -20));
	struct bs_vec r =
	    bs_rotate_about((struct bs_vec){0, 1}, (struct bs_vec){0, 0}, 90);
	cr_expect(NEAR(r.x, 1) && NEAR(r.y, 0), "clockwise: N turns to E");
}

Test(geom, block_corners)
{
	/* 4" wide, 2" deep, front centre (10, 10), facing north */
	struct bs_quad q = bs_block((struct bs_vec){10, 10}, 0, 4, 2);
	cr_expect(NEAR(q.p[0].x, 8) && NEAR(q.p[0].y, 10)); /* front-left */
	cr_expect(NEAR(q.p[1].x, 8) && NEAR(q.p[1].y, 8));  /* rear-left */
	cr_expect(NEAR(q.p[2].x, 12) && NEAR(q.p[2].y, 8));
	cr_expect(NEAR(q.p[3].x, 12) && NEAR(q.p[3].y, 10));
	struct bs_vec a, b;
	bs_quad_edge(&q, BS_EDGE_FRONT, &a, &b);
	cr_expect(NEAR(a.y, 10) && NEAR(b.y, 10));
	cr_expect(bs_quad_contains(&q, (struct bs_vec){10, 9}, 0));
	cr_expect(!bs_quad_contains(&q, (struct bs_vec){10, 11}, 0));
}

Test(geom, distance_and_overlap)
{
	struct bs_quad a = bs_block((struct bs_vec){0, 0}, 0, 2, 2);
	struct bs_quad b = bs_block((struct bs_vec){0, 5}, 180, 2, 2);
	/* a spans y -2..0, b spans y 5..7 */
	cr_expect(NEAR(bs_quad_dist(&a, &b), 5));
	cr_expect(!bs_quad_overlap(&a, &b));
	struct bs_quad c = bs_block((struct bs_vec){0, -1}, 0, 2, 2);
	cr_expect(bs_quad_overlap(&a, &c));
	cr_expect(NEAR(bs_quad_dist(&a, &c), 0));
}

Test(geom, sweep_stops_at_contact)
{
	struct bs_quad a = bs_block((struct bs_vec){0, 0}, 0, 2, 2);
	struct bs_quad obst[2] = {
	    bs_block((struct bs_vec){0, 5}, 180, 2, 2),	 /* ahead */
	    bs_block((struct bs_vec){10, 3}, 180, 2, 2), /* off the path */
	};
	int hit;
	double d = bs_sweep_translate(&a, bs_dir(0), 12, obst, 2, &hit);
	cr_expect_eq(hit, 0);
	cr_expect(d > 5 - BS_GEOM_TOUCH && d <= 5 + BS_GEOM_TOUCH, "d=%f", d);
	/* after the move the blocks touch but do not overlap */
	struct bs_quad moved = bs_block((struct bs_vec){0, d}, 0, 2, 2);
	cr_expect(!bs_quad_overlap(&moved, &obst[0]));
	cr_expect(bs_quad_dist(&moved, &obst[0]) < BS_GEOM_TOUCH);
	struct bs_vec p, q2, r, s;
	bs_quad_edge(&moved, BS_EDGE_FRONT, &p, &q2);
	bs_quad_edge(&obst[0], BS_EDGE_FRONT, &r, &s);
	cr_expect(NEAR(bs_seg_touch_len(p, q2, r, s, BS_GEOM_TOUCH), 2));
	/* moving away from a touching block is free */
	d = bs_sweep_translate(&moved, bs_dir(180), 3, obst, 1, &hit);
	cr_expect(NEAR(d, 3));
	cr_expect_eq(hit, -1);
}

Test(geom, sweep_oblique_and_miss)
{
	struct bs_quad a = bs_block((struct bs_vec){0, 0}, 0, 2, 1);
	struct bs_quad o = bs_block((struct bs_vec){3.5, 4}, 180, 2, 1);
	int hit;
	/* straight ahead passes by (o spans x 2.5..4.5, a x -1..1) */
	double d = bs_sweep_translate(&a, bs_dir(0), 10, &o, 1, &hit);
	cr_expect_eq(hit, -1);
	cr_expect(NEAR(d, 10));
	/* 45 degrees to the right meets it */
	d = bs_sweep_translate(&a, bs_dir(45), 10, &o, 1, &hit);
	cr_expect_eq(hit, 0);
	cr_expect(d < 10 && d > 0);
}

Test(geom, wheel_stops_at_contact)
{
	/* 6" wide block facing north wheels right (clockwise about its
	 * front-right corner): the left end swings forward through
	 * (3 - 6 cos t, 6 sin t) and meets a block standing at x -3..1,
	 * y 5..6. */
	struct bs_quad a = bs_block((struct bs_vec){0, 0}, 0, 6, 1);
	struct bs_quad o = bs_block((struct bs_vec){-1, 5}, 180, 4, 1);
	struct bs_quad far = bs_block((struct bs_vec){30, 30}, 0, 4, 1);
	int hit;
	double turned = bs_sweep_rotate(&a, a.p[3], 90, &far, 1, &hit);
	cr_expect_eq(hit, -1);
	cr_expect(NEAR(turned, 90));
	turned = bs_sweep_rotate(&a, a.p[3], 90, &o, 1, &hit);
	cr_expect_eq(hit, 0);
	cr_expect(turned > 30 && turned < 70, "turned %f", turned);
	struct bs_quad r;
	for (int i = 0; i < 4; i++)
		r.p[i] = bs_rotate_about(a.p[i], a.p[3], turned);
	cr_expect(!bs_quad_overlap(&r, &o));
	cr_expect(bs_quad_dist(&r, &o) < BS_GEOM_TOUCH);
}

Test(geom, polygon_and_segments)
{
	const double sq[4][2] = {{0, 0}, {4, 0}, {4, 4}, {0, 4}};
	cr_expect(bs_poly_contains(sq, 4, (struct bs_vec){2, 2}));
	cr_expect(!bs_poly_contains(sq, 4, (struct bs_vec){5, 2}));
	cr_expect(bs_seg_intersect((struct bs_vec){0, 0}, (struct bs_vec){2, 2},
				   (struct bs_vec){0, 2},
				   (struct bs_vec){2, 0}));
	cr_expect(
	    !bs_seg_intersect((struct bs_vec){0, 0}, (struct bs_vec){1, 0},
			      (struct bs_vec){0, 1}, (struct bs_vec){1, 1}));
}

/* A block stopped by a translation sweep, then wheeled into the block it
 * touches, must be stopped by the rotation sweep, not pass through it
 * (the two sweeps agree on what "touching" is). */
Test(geom, translate_then_wheel_does_not_pass_through)
{
	struct bs_quad a = bs_block((struct bs_vec){0, 0}, 0, 4, 1);
	struct bs_quad o = bs_block((struct bs_vec){0, 5}, 180, 8, 1);
	int hit;
	double d = bs_sweep_translate(&a, bs_dir(0), 10, &o, 1, &hit);
	cr_assert_eq(hit, 0);
	struct bs_quad moved = bs_block((struct bs_vec){0, d}, 0, 4, 1);
	/* wheeling right about the front-right corner swings the left end
	 * forward, into o at once */
	double t = bs_sweep_rotate(&moved, moved.p[3], 30, &o, 1, &hit);
	cr_expect_eq(hit, 0);
	cr_expect_lt(t, 1.0, "turned %f degrees into a touching block", t);
}

/* geom.h: an obstacle already overlapping at the start stops only a
 * motion that digs deeper into it; backing out is free. */
Test(geom, overlapping_start_backs_out_freely)
{
	struct bs_quad a = bs_block((struct bs_vec){0, 0.05}, 0, 2, 1);
	struct bs_quad o = bs_block((struct bs_vec){0, 0}, 180, 2, 1);
	/* a's front edge is 0.05" inside o */
	int hit;
	double d = bs_sweep_translate(&a, bs_dir(180), 3, &o, 1, &hit);
	cr_expect_eq(hit, -1);
	cr_expect(NEAR(d, 3), "backed out %f", d);
	d = bs_sweep_translate(&a, bs_dir(0), 3, &o, 1, &hit);
	cr_expect_eq(hit, 0);
	cr_expect(NEAR(d, 0), "dug in %f", d);
}

static int sign_of(double d, double thr)
{
	return d < thr ? -1 : d > thr ? 1 : 0;
}

/* bs_quad_dist_cmp is a faster bs_quad_dist(a, b) compared with thr: the
 * same answer for every pair and threshold, far, near, touching,
 * overlapping, and a threshold equal to the distance itself. */
Test(geom, dist_cmp_agrees_with_dist)
{
	unsigned long long s = 0x9e3779b97f4a7c15ull;
	const double thr[] = {BS_GEOM_TOUCH, 0.002, 0.5, 1.0, 6.0, 13.5};
	int n = 0;
	for (int k = 0; k < 20000; k++) {
		double spread = k % 3 == 0 ? 4.0 : k % 3 == 1 ? 12.0 : 40.0;
		struct bs_quad a = rand_block(&s, 20, 20, spread);
		struct bs_quad b = rand_block(&s, 20, 20, spread);
		double d = bs_quad_dist(&a, &b);
		for (size_t t = 0; t < sizeof thr / sizeof thr[0]; t++)
			cr_assert_eq(bs_quad_dist_cmp(&a, &b, thr[t]),
				     sign_of(d, thr[t]),
				     "pair %d thr %g d %.17g", k, thr[t], d);
		/* exactly at, and a hair either side of, the distance */
		cr_assert_eq(bs_quad_dist_cmp(&a, &b, d), 0, "pair %d", k);
		double up = nextafter(d, INFINITY), dn = nextafter(d, -1);
		cr_assert_eq(bs_quad_dist_cmp(&a, &b, up), -1);
		cr_assert_eq(bs_quad_dist_cmp(&a, &b, dn), 1);
		n += d > 0 && d < 0.05;
	}
	cr_expect(n > 0, "some pairs near contact");
}

/* Blocks put a hair from each other (the way moves leave them): the
 * touch tests of the tabletop must answer as the exact distance does. */
Test(geom, dist_cmp_near_contact)
{
	struct bs_quad a = bs_block((struct bs_vec){10, 10}, 0, 4, 2);
	const double gaps[] = {0,    0.001,	0.002, 0.0099999,
			       0.01, 0.0100001, 0.05};
	for (size_t i = 0; i < sizeof gaps / sizeof gaps[0]; i++)
		for (int turn = 0; turn < 360; turn += 15) {
			/* b's front faces a's front, gaps[i] away, turned */
			struct bs_quad b = bs_block(
			    (struct bs_vec){10, 10 + gaps[i]}, 180, 3, 2);
			struct bs_quad r = bs_quad_rotate(
			    &b, (struct bs_vec){10, 10 + gaps[i]}, turn);
			double d = bs_quad_dist(&a, &r);
			cr_assert_eq(bs_quad_dist_cmp(&a, &r, BS_GEOM_TOUCH),
				     sign_of(d, BS_GEOM_TOUCH),
				     "gap %g turn %d", gaps[i], turn);
			cr_assert_eq(bs_quad_dist_cmp(&r, &a, 0.002),
				     sign_of(d, 0.002));
		}
}

/* RULING R-330, geom.h: a block stopped a hair off another (the stop gap,
 * as a sweep leaves it) and moved on obliquely into it is stopped at
 * once; it does not pass into the other to the far contact. The quads of
 * a 1E battle (seed 159, round 11 of the doctrine battles): the levy's
 * corner stood 0.002" off the men-at-arms' flank, taken by the stand as
 * farther than the stop gap and by the corner's own test as within it,
 * and the advance went 0.775" into them. */
Test(geom, ruling_r330_stopped_a_hair_off_and_moved_on_into_it)
{
	const struct bs_quad a = {{{31.563531789344442, 28.374417767384557},
				   {29.329125649805007, 28.638859072003342},
				   {29.064684345186222, 26.404452932463911},
				   {31.299090484725657, 26.140011627845126}}};
	const struct bs_quad o = {{{35.02307923033392, 29.926355043093015},
				   {33.699835923716954, 30.632773581562521},
				   {31.227371039073681, 26.001422008403136},
				   {32.550614345690647, 25.295003469933629}}};
	int hit;
	struct bs_vec u = bs_dir(107.46220928017577);
	double d = bs_sweep_translate(&a, u, 12, &o, 1, &hit);
	cr_expect_eq(hit, 0);
	struct bs_quad e;
	for (int k = 0; k < 4; k++)
		e.p[k] = bs_vec_add(a.p[k], bs_vec_scale(u, d));
	cr_expect(bs_quad_depth(&e, &o) <= BS_GEOM_FIT_TOL,
		  "moved %g, %g into it", d, bs_quad_depth(&e, &o));
}

/* The same for blocks at random: stopped by an advance, then moved on
 * any way by a translation or a wheel about a corner, a block ends no
 * deeper in the one it stopped at than a touch may overlap. */
Test(geom, ruling_r330_moved_on_from_a_stop_ends_no_deeper)
{
	unsigned long long s = 0x1234567ull;
	int n = 0;
	for (int k = 0; k < 20000; k++) {
		struct bs_quad o = rand_block(&s, 0, 0, 2);
		struct bs_quad a = rand_block(&s, 0, 0, 40);
		if (bs_quad_dist(&a, &o) < 0.5)
			continue;
		struct bs_vec to =
		    bs_vec_sub(bs_quad_centre(&o), bs_quad_centre(&a));
		double f = bs_facing_of(to) + (unit_rand(&s) - 0.5) * 60;
		int hit;
		struct bs_vec u = bs_dir(f);
		double d = bs_sweep_translate(&a, u, 60, &o, 1, &hit);
		if (hit != 0)
			continue;
		struct bs_quad m, e;
		for (int i = 0; i < 4; i++)
			m.p[i] = bs_vec_add(a.p[i], bs_vec_scale(u, d));
		if (k % 2 == 0) {
			struct bs_vec v = bs_dir(unit_rand(&s) * 360);
			double d2 = bs_sweep_translate(&m, v, 3, &o, 1, &hit);
			for (int i = 0; i < 4; i++)
				e.p[i] =
				    bs_vec_add(m.p[i], bs_vec_scale(v, d2));
		} else {
			int c = (int)(unit_rand(&s) * 4);
			double deg = (unit_rand(&s) - 0.5) * 180;
			double t =
			    bs_sweep_rotate(&m, m.p[c], deg, &o, 1, &hit);
			e = bs_quad_rotate(&m, m.p[c], t);
		}
		n++;
		cr_assert(bs_quad_depth(&e, &o) <= BS_GEOM_FIT_TOL,
			  "pair %d: %g into it", k, bs_quad_depth(&e, &o));
	}
	cr_expect(n > 5000, "%d pairs stopped and moved on", n);
}

/* issue 13 part 3: bs_dir keeps a small per-thread memo of the facings
 * it was asked; each answer must be the very bytes of sin/cos of that
 * facing, whatever was asked before (facings that share a memo slot,
 * -0 and +0, repeats after evictions), in two threads at once. */
static void *dir_exact(void *arg)
{
	unsigned seed = *(const unsigned *)arg;
	long bad = 0;
	for (int k = 0; k < 200000; k++) {
		seed = seed * 1103515245u + 12345u;
		double f;
		switch (seed >> 29) {
		case 0:
			f = 0.0;
			break;
		case 1:
			f = -0.0;
			break;
		case 2:
			f = (double)((seed >> 8) % 8) * 45.0; /* repeats */
			break;
		default:
			f = (double)(seed >> 4) / 65536.0 - 2000.0;
			break;
		}
		double r = f * 3.14159265358979323846 / 180.0;
		struct bs_vec want = {sin(r), cos(r)};
		struct bs_vec got = bs_dir(f);
		if (memcmp(&want, &got, sizeof want) != 0)
			bad++;
	}
	return (void *)bad;
}

Test(geom, dir_memo_gives_the_libm_bits)
{
	unsigned s1 = 1, s2 = 77;
	pthread_t t;
	cr_assert_eq(pthread_create(&t, NULL, dir_exact, &s2), 0);
	long bad1 = (long)dir_exact(&s1);
	void *r2;
	pthread_join(t, &r2);
	cr_assert_eq(bad1, 0, "%ld wrong answers", bad1);
	cr_assert_eq((long)r2, 0, "%ld wrong answers (thread 2)", (long)r2);
}
