/* The terrain queries of the tabletop (include/battlesim/terrain.h): the
 * kinds of feature and Table 14 [11.8], the index (outlines cut into
 * shrunk triangles, RULING R-442), points and contour levels,
 * segments (spans, woods on a line, the elevation profile, the peak,
 * buildings in the way), blocks (on, within, the edge [11.9] R-447),
 * Table 13 cover, and moving blocks: what a straight move or a
 * wheel crosses, checked against the static test sampled densely along
 * the motion, and what it pays (R-444 .. R-446). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/ground.h"
#include "battlesim/terrain.h"
#include "geom_rand.h"
#include "tabletop/terrain_int.h"

static int near(double a, double b, double tol)
{
	return fabs(a - b) <= tol;
}

static struct bs_terrain feat(const char *name, int type, int n,
			      const double (*pts)[2])
{
	struct bs_terrain t;
	memset(&t, 0, sizeof t);
	snprintf(t.name, sizeof t.name, "%s", name);
	t.type = type;
	t.npts = n;
	for (int i = 0; i < n; i++) {
		t.pts[i][0] = pts[i][0];
		t.pts[i][1] = pts[i][1];
	}
	if (bs_terrain_kind_of(type)->row == BS_T14_ELEVATION)
		t.elevation = 1;
	return t;
}

static struct bs_terrain rect(const char *name, int type, double x0, double y0,
			      double x1, double y1)
{
	const double p[4][2] = {{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}};
	return feat(name, type, 4, p);
}

static struct bs_terrain_index *index_of(const struct bs_terrain *t, int n)
{
	struct bs_terrain_index *ti = NULL;
	cr_assert_eq(bs_terrain_index_new(t, n, &ti), BS_OK);
	cr_assert_not_null(ti);
	return ti;
}

/* An axis-aligned block from (x0, y0) to (x1, y1). */
static struct bs_quad box(double x0, double y0, double x1, double y1)
{
	struct bs_quad q = {{{x0, y1}, {x0, y0}, {x1, y0}, {x1, y1}}};
	return q;
}

/* a feature is paid from where the block is on it by more than touching
 * a stop comes a hair short of it */
#define T BS_GEOM_TOUCH
#define GAP BS_GEOM_STOP_GAP

static const struct bs_tt_mover foot = {.rules = BS_RULES_BS1E,
					.formation = BS_FORM_OPEN};

/* ---- kinds -------------------------------------------------------------- */

Test(terrain, s11_8_kinds_and_their_rows)
{
	/* RULING R-440: the obstacles Table 14 lists, hills, waters and
	 * buildings, each on its row */
	static const struct {
		const char *key;
		enum bs_t14 row;
	} k[] = {{"stream", BS_T14_OBSTACLE}, {"wall", BS_T14_OBSTACLE},
		 {"fence", BS_T14_OBSTACLE},  {"gulley", BS_T14_OBSTACLE},
		 {"hedge", BS_T14_OBSTACLE},  {"ditch", BS_T14_OBSTACLE},
		 {"trench", BS_T14_OBSTACLE}, {"hill", BS_T14_ELEVATION},
		 {"river", BS_T14_WATER},     {"pond", BS_T14_WATER},
		 {"lake", BS_T14_WATER},      {"building", BS_T14_OBSTACLE}};
	for (size_t i = 0; i < sizeof k / sizeof k[0]; i++) {
		int t = bs_terrain_type_from_key(k[i].key);
		cr_assert_geq(t, 0, "%s", k[i].key);
		cr_expect_eq(bs_terrain_kinds[t].row, k[i].row, "%s", k[i].key);
	}
	/* [11.9] low ground; Table 13 cover */
	cr_expect(bs_terrain_kinds[BS_TERRAIN_DITCH].low);
	cr_expect(bs_terrain_kinds[BS_TERRAIN_GULLEY].low);
	cr_expect(bs_terrain_kinds[BS_TERRAIN_TRENCH].low);
	cr_expect(bs_terrain_kinds[BS_TERRAIN_STREAM].low);
	cr_expect(bs_terrain_kinds[BS_TERRAIN_SWAMP].low);
	cr_expect_not(bs_terrain_kinds[BS_TERRAIN_WALL].low);
	cr_expect_eq(bs_terrain_kinds[BS_TERRAIN_WOODS].cover, BS_COVER_LIGHT);
	cr_expect_eq(bs_terrain_kinds[BS_TERRAIN_HEDGE].cover, BS_COVER_LIGHT);
	cr_expect_eq(bs_terrain_kinds[BS_TERRAIN_WALL].cover, BS_COVER_HARD);
	cr_expect_eq(bs_terrain_kinds[BS_TERRAIN_BUILDING].cover,
		     BS_COVER_HARD);
	cr_expect(bs_terrain_kinds[BS_TERRAIN_HEDGE].behind);
	cr_expect_not(bs_terrain_kinds[BS_TERRAIN_WOODS].behind);
	/* fordable water is an obstacle to those who cannot swim */
	struct bs_terrain r = rect("ford", BS_TERRAIN_RIVER, 0, 0, 1, 1);
	r.fordable = 1;
	cr_expect_eq(bs_terrain_row(&r, 0), BS_T14_OBSTACLE);
	cr_expect_eq(bs_terrain_row(&r, 1), BS_T14_WATER);
	r.fordable = 0;
	cr_expect_eq(bs_terrain_row(&r, 0), BS_T14_WATER);
}

Test(terrain, r442_triangles_cover_the_outline)
{
	/* an L-shaped outline, clockwise: 5 triangles, areas summing to the
	 * outline's when not shrunk */
	const double l[6][2] = {{0, 0}, {0, 4}, {2, 4}, {2, 2}, {4, 2}, {4, 0}};
	struct bs_vec v[6];
	for (int i = 0; i < 6; i++)
		v[i] = (struct bs_vec){l[i][0], l[i][1]};
	struct bs_tt_tri t[8];
	int n = bs_tt_triangulate(v, 6, 0, t, 8);
	cr_assert_eq(n, 4);
	double area = 0;
	for (int i = 0; i < n; i++) {
		struct bs_vec a = t[i].p[0], b = t[i].p[1], c = t[i].p[2];
		double cr =
		    (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
		cr_expect_gt(cr, 0, "counter-clockwise");
		area += cr / 2;
	}
	cr_expect(near(area, 12.0, 1e-9), "area %g", area);
	/* shrunk, they lie inside: the notch's corner (3, 3) is in none */
	n = bs_tt_triangulate(v, 6, BS_GEOM_TOUCH, t, 8);
	struct bs_quad notch = box(2.5, 2.5, 3.5, 3.5);
	cr_expect_not(bs_tt_quad_on_tris(&notch, t, n));
	struct bs_quad arm = box(0.5, 3.0, 1.5, 3.5);
	cr_expect(bs_tt_quad_on_tris(&arm, t, n));
}

/* ---- points ------------------------------------------------------------- */

Test(terrain, r443_contour_levels)
{
	/* a hill of two contours: 10' and 20' */
	struct bs_terrain t[3] = {
	    rect("foot", BS_TERRAIN_HILL, 10, 10, 30, 30),
	    rect("top", BS_TERRAIN_HILL, 15, 15, 25, 25),
	    rect("wood", BS_TERRAIN_WOODS, 20, 0, 40, 12),
	};
	t[1].elevation = 2;
	struct bs_terrain_index *ti = index_of(t, 3);
	cr_expect_eq(bs_terrain_level_at(ti, (struct bs_vec){5, 5}), 0);
	cr_expect_eq(bs_terrain_level_at(ti, (struct bs_vec){12, 12}), 1);
	cr_expect_eq(bs_terrain_level_at(ti, (struct bs_vec){20, 20}), 2);
	int f[4];
	cr_expect_eq(bs_terrain_at(ti, (struct bs_vec){22, 11}, f, 4), 2);
	cr_expect_eq(f[0], 0);
	cr_expect_eq(f[1], 2);
	cr_expect(bs_terrain_contains(ti, 2, (struct bs_vec){35, 5}));
	cr_expect_not(bs_terrain_contains(ti, 2, (struct bs_vec){35, 15}));
	/* the level of a block is the ground under its centre */
	struct bs_quad q = box(8, 18, 14, 20); /* centre (11, 19): level 1 */
	cr_expect_eq(bs_terrain_quad_level(ti, &q), 1);
	bs_terrain_index_free(ti);
}

/* ---- segments ----------------------------------------------------------- */

Test(terrain, segments_spans_woods_profile)
{
	const double u[8][2] = {{0, 0}, {10, 0}, {10, 10}, {8, 10},
				{8, 2}, {2, 2},	 {2, 10},  {0, 10}};
	struct bs_terrain t[4] = {
	    feat("U wood", BS_TERRAIN_WOODS, 8, u),
	    rect("hill", BS_TERRAIN_HILL, 20, 0, 30, 10),
	    rect("top", BS_TERRAIN_HILL, 23, 0, 27, 10),
	    rect("inn", BS_TERRAIN_BUILDING, 40, 0, 42, 10),
	};
	t[2].elevation = 3;
	struct bs_terrain_index *ti = index_of(t, 4);
	struct bs_vec a = {-1, 5}, b = {11, 5};
	struct bs_terrain_span sp[4];
	/* through both arms of the U: two spans */
	cr_assert_eq(bs_terrain_segment(ti, a, b, sp, 4), 2);
	cr_expect(near(sp[0].t0, 1, 1e-9) && near(sp[0].t1, 3, 1e-9));
	cr_expect(near(sp[1].t0, 9, 1e-9) && near(sp[1].t1, 11, 1e-9));
	cr_expect(
	    near(bs_terrain_length_in(ti, a, b, BS_T14_WOODS, 0, 0), 4, 1e-9));
	/* [11.9] the woods left out near the ends */
	cr_expect(
	    near(bs_terrain_length_in(ti, a, b, BS_T14_WOODS, 2, 0), 3, 1e-9));
	/* the profile over the hill: 0, 1, 3, 1, 0 */
	struct bs_terrain_step st[8];
	struct bs_vec c = {15, 5}, d = {35, 5};
	int n = bs_terrain_profile(ti, c, d, st, 8);
	cr_assert_eq(n, 5);
	static const int lv[5] = {0, 1, 3, 1, 0};
	static const double at[5] = {0, 5, 8, 12, 15};
	for (int i = 0; i < 5; i++) {
		cr_expect_eq(st[i].level, lv[i]);
		cr_expect(near(st[i].t, at[i], 1e-9), "%g", st[i].t);
	}
	cr_expect_eq(bs_terrain_peak(ti, c, d, 1, 19), 3);
	cr_expect_eq(bs_terrain_peak(ti, c, d, 1, 4), 0);
	/* a building blocks sight; a line that stops short does not */
	cr_expect(bs_terrain_sight_blocked(ti, (struct bs_vec){35, 5},
					   (struct bs_vec){45, 5}, 0, 0));
	cr_expect_not(bs_terrain_sight_blocked(ti, (struct bs_vec){35, 5},
					       (struct bs_vec){39, 5}, 0, 0));
	bs_terrain_index_free(ti);
}

/* ---- blocks ------------------------------------------------------------- */

Test(terrain, r442_on_means_overlap_beyond_touch)
{
	struct bs_terrain t = rect("lake", BS_TERRAIN_LAKE, 10, 10, 20, 20);
	struct bs_terrain_index *ti = index_of(&t, 1);
	/* flush with the edge: not on it; a hair over: not; 0.02": on */
	struct bs_quad flush = box(5, 12, 10, 14);
	struct bs_quad hair = box(5, 12, 10.005, 14);
	struct bs_quad over = box(5, 12, 10.02, 14);
	cr_expect_not(bs_terrain_quad_on(ti, 0, &flush));
	cr_expect_not(bs_terrain_quad_on(ti, 0, &hair));
	cr_expect(bs_terrain_quad_on(ti, 0, &over));
	/* ground.h's test on the bare outline agrees */
	cr_expect_not(bs_tt_quad_on_poly(&hair, t.pts, 4));
	cr_expect(bs_tt_quad_on_poly(&over, t.pts, 4));
	/* within: flush inside counts */
	struct bs_quad in = box(10, 10, 14, 12);
	cr_expect(bs_terrain_quad_within(ti, 0, &in));
	cr_expect_not(bs_terrain_quad_within(ti, 0, &over));
	/* the edge [11.9] R-447 */
	cr_expect(near(bs_terrain_edge_dist(ti, 0, &in), 0, 1e-12));
	struct bs_quad deep = box(13, 13, 17, 17);
	cr_expect(near(bs_terrain_edge_dist(ti, 0, &deep), 3, 1e-9));
	cr_expect_not(bs_terrain_at_edge(ti, 0, &deep, 1));
	struct bs_quad by = box(12, 20.5, 16, 22);
	cr_expect(bs_terrain_at_edge(ti, 0, &by, 1));
	int under[2];
	cr_expect_eq(bs_terrain_under(ti, &over, under, 2), 1);
	cr_expect_eq(bs_terrain_under(ti, &flush, under, 2), 0);
	bs_terrain_index_free(ti);
}

Test(terrain, s10_8_table13_cover)
{
	struct bs_terrain t[4] = {
	    rect("copse", BS_TERRAIN_WOODS, 0, 20, 10, 30),
	    rect("hedge", BS_TERRAIN_HEDGE, 20, 19.5, 30, 20),
	    rect("wall", BS_TERRAIN_WALL, 40, 19.75, 50, 20),
	    rect("mill", BS_TERRAIN_BUILDING, 60, 20, 70, 30),
	};
	struct bs_terrain_index *ti = index_of(t, 4);
	int f;
	/* in woods +2 */
	struct bs_quad tq = box(2, 20.5, 6, 22);
	cr_expect_eq(bs_terrain_cover(ti, (struct bs_vec){4, 0},
				      (struct bs_vec){4, 20.5}, &tq, &f),
		     BS_COVER_LIGHT);
	cr_expect_eq(f, 0);
	/* behind the hedge: the line crosses it within 1" of the target */
	struct bs_quad hq = box(22, 20.2, 28, 22);
	cr_expect_eq(bs_terrain_cover(ti, (struct bs_vec){25, 0},
				      (struct bs_vec){25, 20.2}, &hq, &f),
		     BS_COVER_LIGHT);
	cr_expect_eq(f, 1);
	/* a hedge 4" short of the target is not cover (R-448) */
	struct bs_quad far = box(22, 24, 28, 26);
	cr_expect_eq(bs_terrain_cover(ti, (struct bs_vec){25, 0},
				      (struct bs_vec){25, 24}, &far, &f),
		     BS_COVER_NONE);
	cr_expect_eq(f, -1);
	/* shooting along the hedge's side of the target: no cover */
	cr_expect_eq(bs_terrain_cover(ti, (struct bs_vec){25, 40},
				      (struct bs_vec){25, 22}, &hq, NULL),
		     BS_COVER_NONE);
	/* behind the wall +4 */
	struct bs_quad wq = box(42, 20.1, 48, 22);
	cr_expect_eq(bs_terrain_cover(ti, (struct bs_vec){45, 0},
				      (struct bs_vec){45, 20.1}, &wq, &f),
		     BS_COVER_HARD);
	cr_expect_eq(f, 2);
	/* a figure without a base: the point */
	cr_expect_eq(bs_terrain_cover(ti, (struct bs_vec){5, 0},
				      (struct bs_vec){5, 25}, NULL, NULL),
		     BS_COVER_LIGHT);
	/* Table 13 "Target is in building" +4: a block on the building */
	struct bs_quad bq = box(62, 21, 68, 23);
	cr_expect_eq(bs_terrain_cover(ti, (struct bs_vec){65, 0},
				      (struct bs_vec){65, 21}, &bq, &f),
		     BS_COVER_HARD);
	cr_expect_eq(f, 3);
	/* a block beside it is not in it */
	struct bs_quad nq = box(52, 21, 58, 23);
	cr_expect_eq(bs_terrain_cover(ti, (struct bs_vec){55, 0},
				      (struct bs_vec){55, 21}, &nq, &f),
		     BS_COVER_NONE);
	bs_terrain_index_free(ti);
}

Test(terrain, s11_9_woods_sight)
{
	cr_expect_eq(bs_terrain_woods_sight(1), 6.0);
	cr_expect_eq(bs_terrain_woods_sight(0), 1.0);
}

/* ---- moving blocks: the sweeps against dense sampling ---------------------
 */

/* A random simple star-shaped outline about (cx, cy), n points. */
static struct bs_terrain rand_star(unsigned long long *s, double cx, double cy,
				   int n)
{
	double p[BS_TERRAIN_MAX_POINTS][2];
	for (int i = 0; i < n; i++) {
		double a =
		    2 * 3.14159265358979 * (i + 0.2 + 0.6 * unit_rand(s)) / n;
		double r = 2 + 6 * unit_rand(s);
		p[i][0] = cx + r * cos(a);
		p[i][1] = cy + r * sin(a);
	}
	return feat("star", BS_TERRAIN_WOODS, n, (const double(*)[2])p);
}

/* The static test at s agrees with the sweep's stretches, away from their
 * ends (within 1e-6 of an end either answer is right). */
static int check_sweep(const struct bs_terrain_index *ti,
		       const struct bs_quad *q, int rot, struct bs_vec dir,
		       struct bs_vec pivot, double len)
{
	struct bs_terrain_cross c[64];
	int n = rot ? bs_terrain_sweep_rotate(ti, q, pivot, len, c, 64)
		    : bs_terrain_sweep(ti, q, dir, len, c, 64);
	if (n > 64)
		return 0;
	int bad = 0;
	for (int k = 0; k <= 400; k++) {
		double s = fabs(len) * k / 400.0;
		int near_end = 0, in = 0;
		for (int i = 0; i < n; i++) {
			if (fabs(s - c[i].s0) < 1e-6 ||
			    fabs(s - c[i].s1) < 1e-6)
				near_end = 1;
			if (c[i].s0 < s && s < c[i].s1)
				in = 1;
			if (s == 0 && c[i].on0)
				in = 1;
		}
		if (near_end)
			continue;
		struct bs_quad p = *q;
		if (rot) {
			p = bs_quad_rotate(q, pivot, len < 0 ? -s : s);
		} else {
			for (int j = 0; j < 4; j++)
				p.p[j] =
				    bs_vec_add(q->p[j], bs_vec_scale(dir, s));
		}
		if (bs_terrain_quad_on(ti, 0, &p) != in)
			bad++;
	}
	return bad;
}

Test(terrain, sweeps_agree_with_the_static_test)
{
	unsigned long long seed = 0x5eed14ull;
	int bad = 0, crossed = 0;
	for (int trial = 0; trial < 300; trial++) {
		struct bs_terrain t = rand_star(&seed, 20, 20, 5 + trial % 20);
		struct bs_terrain_index *ti = index_of(&t, 1);
		struct bs_quad q = rand_block(&seed, 20, 20, 30);
		double ang = unit_rand(&seed) * 360;
		struct bs_vec dir = bs_dir(ang);
		double len = 2 + unit_rand(&seed) * 20;
		bad += check_sweep(ti, &q, 0, dir, dir, len);
		struct bs_terrain_cross c[64];
		crossed += bs_terrain_sweep(ti, &q, dir, len, c, 64) > 0;
		struct bs_vec pivot = q.p[trial % 4];
		double deg = (unit_rand(&seed) - 0.5) * 240;
		bad += check_sweep(ti, &q, 1, dir, pivot, deg);
		bs_terrain_index_free(ti);
	}
	cr_expect_eq(bad, 0, "%d samples disagree", bad);
	cr_expect_gt(crossed, 100, "the trials cross features (%d)", crossed);
}

/* ---- what a move pays [11.8] --------------------------------------------- */

Test(terrain, s11_8_woods_rate_and_woodland_creatures)
{
	struct bs_terrain t = rect("wood", BS_TERRAIN_WOODS, 0, 10, 40, 30);
	struct bs_terrain_index *ti = index_of(&t, 1);
	struct bs_quad q = box(10, 2, 16, 4); /* front at y 4 */
	struct bs_terrain_path p;
	/* 6" clear to the edge, then 6" in: 6 + 6 x 3/2 = 15 (paid from
	 * where it is on the wood by more than touching: R-442) */
	bs_terrain_advance(ti, &q, bs_dir(0), 12, HUGE_VAL, 1, 12, &foot, &p);
	cr_expect(near(p.dist, 12, 1e-9));
	cr_expect(near(p.cost, 6 + T + (6 - T) * 1.5, 1e-6), "cost %g", p.cost);
	cr_expect_eq(p.slow_row, BS_T14_WOODS);
	/* with 12" to spend it gets 6 + 4 = 10" */
	bs_terrain_advance(ti, &q, bs_dir(0), 12, 12, 1, 12, &foot, &p);
	cr_expect(near(p.dist, 6 + T + (6 - T) / 1.5, 1e-6), "dist %g", p.dist);
	cr_expect_eq(p.stop, BS_TSTOP_BUDGET);
	/* "Woodland creatures ... ignore this penalty" */
	struct bs_tt_mover elf = foot;
	elf.woodland = 1;
	bs_terrain_advance(ti, &q, bs_dir(0), 12, HUGE_VAL, 1, 12, &elf, &p);
	cr_expect(near(p.cost, 12, 1e-6));
	/* "No unit can ever be in closed formation in the woods": a closed
	 * unit stops a hair short */
	struct bs_tt_mover closed = foot;
	closed.formation = BS_FORM_CLOSED;
	bs_terrain_advance(ti, &q, bs_dir(0), 12, HUGE_VAL, 1, 12, &closed, &p);
	cr_expect_eq(p.stop, BS_TSTOP_BARRED);
	cr_expect(near(p.dist, 6 + T - GAP, 1e-6), "%g", p.dist);
	cr_expect_str_eq(p.why, "no unit can ever be in closed formation in "
				"the woods");
	bs_terrain_index_free(ti);
}

Test(terrain, s11_8_rough_swamp_water)
{
	struct bs_terrain t[3] = {
	    rect("scree", BS_TERRAIN_ROUGH, 0, 10, 20, 20),
	    rect("fen", BS_TERRAIN_SWAMP, 30, 10, 50, 20),
	    rect("mere", BS_TERRAIN_LAKE, 60, 10, 70, 20),
	};
	struct bs_terrain_index *ti = index_of(t, 3);
	struct bs_terrain_path p;
	struct bs_quad q = box(5, 6, 9, 8); /* 2" short of the scree */
	/* rough: 2 + 4 x 2 = 10 */
	bs_terrain_advance(ti, &q, bs_dir(0), 6, HUGE_VAL, 1, 12, &foot, &p);
	cr_expect(near(p.cost, 2 + T + (4 - T) * 2, 1e-6), "%g", p.cost);
	struct bs_tt_mover dwarf = foot;
	dwarf.mountain = 1;
	bs_terrain_advance(ti, &q, bs_dir(0), 6, HUGE_VAL, 1, 12, &dwarf, &p);
	cr_expect(near(p.cost, 6, 1e-6));
	/* swamp: the same, swamp inhabitants at full rate */
	struct bs_quad s = box(35, 6, 39, 8);
	bs_terrain_advance(ti, &s, bs_dir(0), 6, HUGE_VAL, 1, 12, &foot, &p);
	cr_expect(near(p.cost, 2 + T + (4 - T) * 2, 1e-6));
	struct bs_tt_mover lizard = foot;
	lizard.swamp = 1;
	bs_terrain_advance(ti, &s, bs_dir(0), 6, HUGE_VAL, 1, 12, &lizard, &p);
	cr_expect(near(p.cost, 6, 1e-6));
	/* water: "Units can never enter" unless aquatic ... "full normal
	 * movement rate in water" */
	struct bs_quad w = box(62, 6, 66, 8);
	bs_terrain_advance(ti, &w, bs_dir(0), 6, HUGE_VAL, 1, 12, &foot, &p);
	cr_expect_eq(p.stop, BS_TSTOP_BARRED);
	cr_expect(near(p.dist, 2 + T - GAP, 1e-6));
	cr_expect_eq(p.feature, 2);
	struct bs_tt_mover fish = foot;
	fish.aquatic = 1;
	bs_terrain_advance(ti, &w, bs_dir(0), 6, HUGE_VAL, 1, 12, &fish, &p);
	cr_expect_eq(p.stop, BS_TSTOP_NONE);
	cr_expect(near(p.cost, 6, 1e-6));
	/* a unit that stands in water may leave it */
	struct bs_quad in = box(62, 15, 66, 17);
	bs_terrain_advance(ti, &in, bs_dir(180), 10, HUGE_VAL, 1, 12, &foot,
			   &p);
	cr_expect_eq(p.stop, BS_TSTOP_NONE);
	bs_terrain_index_free(ti);
}

Test(terrain, s11_8_obstacles_lump_formation_and_charge)
{
	struct bs_terrain t[2] = {
	    rect("brook", BS_TERRAIN_STREAM, 0, 10, 40, 11),
	    rect("ford", BS_TERRAIN_RIVER, 50, 10, 70, 12),
	};
	t[1].fordable = 1;
	struct bs_terrain_index *ti = index_of(t, 2);
	struct bs_terrain_path p;
	struct bs_quad q = box(10, 2, 16, 4);
	/* "Penalty of 1/3": RULING R-444, 1/3 MV once: 8 + 12/3 = 12 */
	bs_terrain_advance(ti, &q, bs_dir(0), 8, HUGE_VAL, 1, 12, &foot, &p);
	cr_expect(near(p.cost, 12, 1e-6), "%g", p.cost);
	cr_expect_eq(p.obstacles, 1);
	cr_expect(p.on_obstacle);
	/* too little left to cross: it stops short of the stream */
	bs_terrain_advance(ti, &q, bs_dir(0), 8, 8, 1, 12, &foot, &p);
	cr_expect_eq(p.stop, BS_TSTOP_BUDGET);
	cr_expect(near(p.dist, 6 + T - GAP, 1e-6), "%g", p.dist);
	cr_expect_eq(p.obstacles, 0);
	cr_expect_not(p.on_obstacle);
	/* closed formation: at the stream it goes to open [11.8] */
	struct bs_tt_mover closed = foot;
	closed.formation = BS_FORM_CLOSED;
	bs_terrain_advance(ti, &q, bs_dir(0), 8, HUGE_VAL, 1, 12, &closed, &p);
	cr_expect_eq(p.stop, BS_TSTOP_FORMATION);
	cr_expect_eq(p.feature, 0);
	cr_expect(near(p.dist, 6 + T - GAP, 1e-6));
	/* the fordable river is crossed as an obstacle; a swimmer
	 * pays nothing */
	struct bs_quad f = box(55, 2, 61, 4);
	bs_terrain_advance(ti, &f, bs_dir(0), 12, HUGE_VAL, 1, 12, &foot, &p);
	cr_expect_eq(p.stop, BS_TSTOP_NONE);
	cr_expect(near(p.cost, 16, 1e-6));
	struct bs_tt_mover fish = foot;
	fish.aquatic = 1;
	bs_terrain_advance(ti, &f, bs_dir(0), 12, HUGE_VAL, 1, 12, &fish, &p);
	cr_expect(near(p.cost, 12, 1e-6));
	cr_expect_not(p.on_obstacle);
	bs_terrain_index_free(ti);
}

Test(terrain, s11_8_elevation_climb)
{
	struct bs_terrain t[2] = {
	    rect("slope", BS_TERRAIN_HILL, 0, 10, 40, 40),
	    rect("crest", BS_TERRAIN_HILL, 0, 14, 40, 40),
	};
	t[1].elevation = 2;
	struct bs_terrain_index *ti = index_of(t, 2);
	struct bs_terrain_path p;
	struct bs_quad q = box(10, 2, 16, 6); /* centre y 4 */
	/* the centre climbs 10' at y 10 and 10' more at y 14: 12 + 2 x 4 */
	bs_terrain_advance(ti, &q, bs_dir(0), 12, HUGE_VAL, 1, 12, &foot, &p);
	cr_expect(near(p.cost, 20, 1e-6), "%g", p.cost);
	cr_expect_eq(p.climbed, 2);
	cr_expect(p.uphill);
	cr_expect_eq(p.level0, 0);
	cr_expect_eq(p.level1, 2);
	/* down is free */
	struct bs_quad top = box(10, 20, 16, 24);
	bs_terrain_advance(ti, &top, bs_dir(180), 16, HUGE_VAL, 1, 12, &foot,
			   &p);
	cr_expect(near(p.cost, 16, 1e-6));
	cr_expect_not(p.uphill);
	/* with 9" it stops short of the second climb: 6 + 4 = 10 > 9 */
	bs_terrain_advance(ti, &q, bs_dir(0), 12, 9, 1, 12, &foot, &p);
	cr_expect_eq(p.stop, BS_TSTOP_BUDGET);
	cr_expect_lt(p.dist, 6.0 + 1e-6);
	cr_expect_eq(p.climbed, 0);
	bs_terrain_index_free(ti);
}

Test(terrain, s11_8_road_bridge_and_wheel)
{
	struct bs_terrain t[3] = {
	    rect("high road", BS_TERRAIN_ROAD, 10, 0, 14, 60),
	    rect("river", BS_TERRAIN_RIVER, 0, 30, 40, 34),
	    rect("wood", BS_TERRAIN_WOODS, 0, 40, 40, 50),
	};
	struct bs_terrain_index *ti = index_of(t, 3);
	struct bs_terrain_path p;
	/* a column on the road: the river under the road is a bridge, the
	 * wood under it a cleared way; the bonus scale applies */
	struct bs_quad col = box(11, 20, 13, 26);
	cr_expect_eq(bs_terrain_road_under(ti, &col), 0);
	bs_terrain_advance(ti, &col, bs_dir(0), 24, HUGE_VAL, 0.75, 12, &foot,
			   &p);
	cr_expect_eq(p.stop, BS_TSTOP_NONE);
	cr_expect(p.road_all);
	cr_expect(near(p.cost, 18, 1e-6), "%g", p.cost);
	/* a wider block is not wholly on the road: the river bars it */
	struct bs_quad wide = box(8, 20, 16, 26);
	cr_expect_eq(bs_terrain_road_under(ti, &wide), -1);
	bs_terrain_advance(ti, &wide, bs_dir(0), 24, HUGE_VAL, 0.75, 12, &foot,
			   &p);
	cr_expect_eq(p.stop, BS_TSTOP_BARRED);
	cr_expect_not(p.road_all);
	/* a wheel into the wood pays its arc at 3/2 where on it: a block
	 * 4" wide turning 90 degrees about its front-right corner */
	struct bs_quad w = box(20, 36, 24, 38);
	double arc = 4 * 3.14159265358979323846 / 2;
	bs_terrain_wheel(ti, &w, w.p[3], 90, 4, HUGE_VAL, 1, 12, &foot, &p);
	cr_expect(near(p.dist, 90, 1e-9));
	cr_expect_gt(p.cost, arc + 0.1);
	cr_expect_lt(p.cost, arc * 1.5 + 1e-6);
	bs_terrain_index_free(ti);
}

Test(terrain, barred_put_down_and_empty_index)
{
	struct bs_terrain t = rect("pond", BS_TERRAIN_POND, 10, 10, 20, 20);
	struct bs_terrain_index *ti = index_of(&t, 1);
	struct bs_quad q = box(8, 12, 12, 14);
	const char *why = NULL, *cite = NULL;
	cr_expect_eq(bs_terrain_barred(ti, &q, NULL, &foot, &why, &cite), 0);
	cr_expect_not_null(why);
	cr_expect_str_eq(cite, "[11.8] Table 14 (RULING R-316)");
	/* it stood there already: it may stay */
	cr_expect_eq(bs_terrain_barred(ti, &q, &q, &foot, NULL, NULL), -1);
	bs_terrain_index_free(ti);
	/* no features: clear ground everywhere */
	struct bs_terrain_index *none = index_of(NULL, 0);
	struct bs_terrain_path p;
	bs_terrain_advance(none, &q, bs_dir(0), 5, 4, 1, 12, &foot, &p);
	cr_expect(near(p.dist, 4, 1e-12));
	cr_expect_eq(p.stop, BS_TSTOP_BUDGET);
	cr_expect_eq(bs_terrain_level_at(none, q.p[0]), 0);
	cr_expect_eq(bs_terrain_count(none), 0);
	bs_terrain_index_free(none);
}
