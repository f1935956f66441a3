/* Issue 13 part 2: the broad phase of the 1E contact queries (the pair
 * table with its uniform grid, src/bs1e/battle.c near_redo) against the
 * straightforward reference on random placements: after each placement the
 * units bs1e_near_next lists for a unit are exactly those whose bounding
 * boxes lie within BS_GEOM_TOUCH + 1e-6 of its own (both in play), found by
 * scanning every unit; every unit in base-to-base contact with it (the
 * tabletop's bs_tt_unit_contact, no cache, no memo) is among them; and
 * bs1e_engaged (which reads the table) gives the answer of the scan of
 * every enemy. The placements crowd the units together (many contacts),
 * scatter them over the table and off it (the grid's edge cells), turn
 * them, and take units out of play and back. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ai/doctrine_int.h"
#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/scenario.h"
#include "battlesim/tabletop.h"
#include "bs1e/engine.h"
#include "geom_rand.h"

#define UNITS 24 /* a side: 48 units, above the grid's one-cell size */
#define WIDTH 200.0
#define DEPTH 60.0

static struct bs_battle *crowd(struct bs_scenario **sc)
{
	char y[16384];
	size_t k = (size_t)snprintf(y, sizeof y,
				    "name: Broad phase\nrules: bs1e\nlevel: "
				    "basic\ngame: adnd\nrounds: 4\n"
				    "table: {width: %g, depth: %g}\nsides:\n",
				    WIDTH, DEPTH);
	for (int s = 0; s < 2; s++) {
		k += (size_t)snprintf(
		    y + k, sizeof y - k,
		    "  - name: %s\n    edge: %s\n    units:\n",
		    s ? "North" : "South", s ? "north" : "south");
		for (int i = 0; i < UNITS; i++)
			k += (size_t)snprintf(
			    y + k, sizeof y - k,
			    "      - {name: %s mob %d, type: mob, figures: "
			    "%d, creature: militia, weapons: [club], "
			    "position: [%g, %g], facing: %s}\n",
			    s ? "North" : "South", i + 1, 12 + i % 9,
			    6.0 + i * 7.5, s ? 40.0 : 20.0,
			    s ? "south" : "north");
	}
	cr_assert_lt(k, sizeof y);
	struct bs_diags d;
	bs_diags_init(&d);
	enum bs_status st =
	    bs_scenario_load_string(y, strlen(y), "broad.yaml", sc, &d);
	for (size_t i = 0; st != BS_OK && i < d.count; i++)
		fprintf(stderr, "broad.yaml:%d:%d: %s\n", d.items[i].line,
			d.items[i].col, d.items[i].msg);
	cr_assert_eq(st, BS_OK);
	struct bs_battle *b = NULL;
	cr_assert_eq(bs_battle_new(*sc, &b, &d), BS_OK);
	bs_diags_release(&d);
	bs_battle_reset(b, 1, 0);
	return b;
}

/* The reference: near by a scan of every unit. */
static int near_ref(const struct bs_battle *b, int g, int h)
{
	if (g == h || !bs1e_in_play(b, g) || !bs1e_in_play(b, h))
		return 0;
	struct bs_quad qg =
	    bs_tt_unit_quad(b, b->units[g].side, b->units[g].idx);
	struct bs_quad qh =
	    bs_tt_unit_quad(b, b->units[h].side, b->units[h].idx);
	struct bs_box bg = bs_quad_box(&qg), bh = bs_quad_box(&qh);
	return !bs_box_apart(&bg, &bh, BS_GEOM_TOUCH + 1e-6);
}

static int touch_ref(const struct bs_battle *b, int g, int h)
{
	return g != h &&
	       bs_tt_unit_contact(b, b->units[g].side, b->units[g].idx,
				  b->units[h].side, b->units[h].idx, NULL);
}

/* Row g of the table against the scan; the contacts found on the way
 * added to *touching. */
static void check_row(const struct bs_battle *b, int g, long *touching)
{
	int h = bs1e_near_next(b, g, -1), eng = 0;
	for (int k = 0; k < b->nunits; k++) {
		int listed = h == k;
		int ref = near_ref(b, g, k);
		cr_assert_eq(listed, ref,
			     "unit %d, unit %d: listed %d, scan %d", g, k,
			     listed, ref);
		int t = touch_ref(b, g, k);
		cr_assert(!t || listed, "unit %d touches %d, not listed", g, k);
		*touching += t;
		eng |= t && b->units[k].side != b->units[g].side;
		if (listed)
			h = bs1e_near_next(b, g, h);
	}
	cr_assert_eq(h, b->nunits);
	cr_assert_eq(bs1e_engaged(b, g), eng, "unit %d engaged", g);
}

/* One random placement of unit g: crowded in a small window, anywhere on
 * the table, off it, beside another unit (a contact), or a turn. */
static void place(struct bs_battle *b, int g, unsigned long long *r)
{
	struct bs_unit_state *u = &b->units[g];
	double w = unit_rand(r);
	if (w < 0.4) {
		u->front.x = 90 + unit_rand(r) * 20;
		u->front.y = 20 + unit_rand(r) * 15;
	} else if (w < 0.6) {
		u->front.x = unit_rand(r) * WIDTH;
		u->front.y = unit_rand(r) * DEPTH;
	} else if (w < 0.65) {
		u->front.x = -30 + unit_rand(r) * (WIDTH + 60);
		u->front.y = unit_rand(r) < 0.5 ? -20 : DEPTH + 20;
	} else if (w < 0.85) {
		/* front to front with another unit, a hair apart or less */
		int h = (int)(unit_rand(r) * b->nunits) % b->nunits;
		struct bs_quad qh =
		    bs_tt_unit_quad(b, b->units[h].side, b->units[h].idx);
		double gap = (unit_rand(r) - 0.5) * 4 * BS_GEOM_TOUCH;
		u->facing = fmod(b->units[h].facing + 180.0, 360.0);
		struct bs_vec c =
		    bs_vec_scale(bs_vec_add(qh.p[0], qh.p[3]), 0.5);
		struct bs_vec d = bs_dir(b->units[h].facing);
		u->front = bs_vec_add(c, bs_vec_scale(d, gap));
		u->front.x += (unit_rand(r) - 0.5) * 6;
	} else {
		u->facing = unit_rand(r) < 0.3
				? unit_rand(r) * 360.0
				: (double)((int)(unit_rand(r) * 8) * 45);
	}
	if (unit_rand(r) < 0.05)
		u->files = 1 + (int)(unit_rand(r) * u->figures);
}

/* A random unit taken out of play or back (2%), else placed anew; the
 * rules notified. Returns it. */
static int shake(struct bs_battle *b, unsigned long long *r)
{
	int g = (int)(unit_rand(r) * b->nunits) % b->nunits;
	if (unit_rand(r) < 0.02)
		b->units[g].flags ^= BS_UF_REMOVED; /* out, back */
	else
		place(b, g, r);
	bs1e_moved(b, g);
	return g;
}

Test(broad, s7_8_pair_table_matches_scan_random_placements, .timeout = 120)
{
	struct bs_scenario *sc;
	struct bs_battle *b = crowd(&sc);
	cr_assert_gt(bs1e_sc(b)->gw * bs1e_sc(b)->gh, 1, "a grid of cells");
	unsigned long long r = 0x9e3779b97f4a7c15ull;
	bs1e_geom_trust(b, 1);
	long touching = 0;
	const long placements = 100000;
	for (long it = 0; it < placements; it++) {
		int g = shake(b, &r);
		check_row(b, g, &touching);
		int k = (int)(unit_rand(&r) * b->nunits) % b->nunits;
		check_row(b, k, &touching);
		if (it % 5000 == 0)
			for (int h = 0; h < b->nunits; h++)
				check_row(b, h, &touching);
	}
	/* the placements did make contacts, and the table agrees with the
	 * cache's own staleness check */
	cr_assert_gt(touching, 1000, "%ld contacts", touching);
	cr_assert_eq(bs1e_geom_stale(b), 0);
	bs1e_geom_trust(b, 0);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

Test(broad, s7_8_pair_table_after_a_round_matches_scan)
{
	/* a round played (the rules' own notifications), then every row */
	struct bs_scenario *sc;
	struct bs_battle *b = crowd(&sc);
	long touching = 0;
	for (int round = 0; round < 3; round++) {
		int over = bs_battle_round(b);
		bs1e_geom_trust(b, 1);
		for (int g = 0; g < b->nunits; g++)
			check_row(b, g, &touching);
		bs1e_geom_trust(b, 0);
		if (over)
			break;
	}
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* The reference of bs1e_obstacles_reach: the full list filtered by the
 * same box test. */
static int reach_ref(const struct bs_battle *b, int g, const struct bs_box *r,
		     struct bs_quad *obst, int *map)
{
	struct bs_quad all[BS1E_MAX_OBST];
	int amap[BS1E_MAX_OBST];
	int na = bs1e_obstacles(b, g, -1, all, amap), n = 0;
	for (int i = 0; i < na; i++) {
		struct bs_box x = bs_quad_box(&all[i]);
		if (bs_box_apart(&x, r, 0))
			continue;
		obst[n] = all[i];
		map[n++] = amap[i];
	}
	return n;
}

/* Issue 13: the reach-limited obstacle list of a rout (r07_rout.c) is the
 * full list's units whose boxes meet the reach, in the same order, whether
 * the grid is up to date or units moved since; and an advance of at most
 * L inches with the list of the block's box grown by 2 L + 2" stops where
 * the full list's does, at the same unit, as does bs_tt_fits of a block
 * inside the reach shrunk by 1" (r07_rout.c rout_path, clear_run,
 * face_away). */
Test(broad, s7_15_rout_reach_list_matches_full_list, .timeout = 120)
{
	struct bs_scenario *sc;
	struct bs_battle *b = crowd(&sc);
	cr_assert_gt(bs1e_sc(b)->gw * bs1e_sc(b)->gh, 1, "a grid of cells");
	unsigned long long r = 0x243f6a8885a308d3ull;
	bs1e_geom_trust(b, 1);
	long hits = 0, dropped = 0, unfit = 0, small = 0;
	static struct bs_quad full[BS1E_MAX_OBST], part[BS1E_MAX_OBST];
	static struct bs_quad ref[BS1E_MAX_OBST];
	int fmap[BS1E_MAX_OBST], pmap[BS1E_MAX_OBST], rmap[BS1E_MAX_OBST];
	const long trials = 20000;
	for (long it = 0; it < trials; it++) {
		int g = (int)(unit_rand(&r) * b->nunits) % b->nunits;
		if (unit_rand(&r) < 0.02)
			b->units[g].flags ^= BS_UF_REMOVED;
		else
			place(b, g, &r);
		bs1e_moved(b, g);
		if (unit_rand(&r) < 0.5) /* the grid read (rows redone) */
			(void)bs1e_near_next(b, g, -1);
		int m = (int)(unit_rand(&r) * b->nunits) % b->nunits;
		if (!bs1e_in_play(b, m))
			continue;
		struct bs_tt_shape s;
		struct bs_tt_pose p;
		bs1e_shape(b, m, &s);
		bs1e_pose(b, m, &p);
		struct bs_quad q0 = bs_tt_quad(&s, &p);
		struct bs_box b0 = bs_quad_box(&q0);
		double L = unit_rand(&r) * 24;
		double G = 2 * L + 2;
		struct bs_box reach = {b0.x0 - G, b0.y0 - G, b0.x1 + G,
				       b0.y1 + G};
		int np = bs1e_obstacles_reach(b, m, -1, &reach, part, pmap);
		int nr = reach_ref(b, m, &reach, ref, rmap);
		cr_assert_eq(np, nr, "trial %ld: %d listed, %d by scan", it, np,
			     nr);
		cr_assert(memcmp(part, ref, (size_t)np * sizeof part[0]) == 0 &&
			      memcmp(pmap, rmap, (size_t)np * sizeof *pmap) ==
				  0,
			  "trial %ld: the lists differ", it);
		{
			/* a small reach anywhere (the grid's cells, not the
			 * scan) */
			double x = -20 + unit_rand(&r) * (WIDTH + 40);
			double y = -20 + unit_rand(&r) * (DEPTH + 40);
			struct bs_box sr = {x, y, x + unit_rand(&r) * 6,
					    y + unit_rand(&r) * 6};
			int n1 =
			    bs1e_obstacles_reach(b, -1, -1, &sr, full, fmap);
			int n2 = reach_ref(b, -1, &sr, ref, rmap);
			cr_assert(
			    n1 == n2 &&
				memcmp(full, ref,
				       (size_t)n1 * sizeof full[0]) == 0 &&
				memcmp(fmap, rmap, (size_t)n1 * sizeof *fmap) ==
				    0,
			    "trial %ld: a small reach: %d listed, %d by "
			    "scan",
			    it, n1, n2);
			small += n1;
		}
		int nf = bs1e_obstacles(b, m, -1, full, fmap);
		dropped += nf - np;
		double angle = (unit_rand(&r) - 0.5) * 360.0;
		struct bs_tt_pose pf = p, pp = p;
		struct bs_tt_step_result rf, rp;
		bs_tt_advance(&s, &pf, L, angle, full, nf, &rf);
		bs_tt_advance(&s, &pp, L, angle, part, np, &rp);
		cr_assert(rp.done <= L + 1);
		cr_assert(memcmp(&rf.done, &rp.done, sizeof rf.done) == 0 &&
			      memcmp(&pf.front, &pp.front, sizeof pf.front) ==
				  0,
			  "trial %ld: advance %.17g full, %.17g limited", it,
			  rf.done, rp.done);
		cr_assert_eq(rf.hit < 0 ? -1 : fmap[rf.hit],
			     rp.hit < 0 ? -1 : pmap[rp.hit],
			     "trial %ld: hit %d (%d) full, %d (%d) limited, "
			     "done %.17g L %g n %d %d",
			     it, rf.hit, rf.hit < 0 ? -1 : fmap[rf.hit], rp.hit,
			     rp.hit < 0 ? -1 : pmap[rp.hit], rf.done, L, nf,
			     np);
		hits += rf.hit >= 0;
		/* a block put down within the reach shrunk by 1" */
		struct bs_tt_pose pn = p;
		pn.front.x += (unit_rand(&r) - 0.5) * 2 * L;
		pn.front.y += (unit_rand(&r) - 0.5) * 2 * L;
		pn.facing = unit_rand(&r) * 360.0;
		struct bs_quad nq = bs_tt_quad(&s, &pn);
		struct bs_box nb = bs_quad_box(&nq);
		if (!(nb.x0 >= reach.x0 + 1 && nb.x1 <= reach.x1 - 1 &&
		      nb.y0 >= reach.y0 + 1 && nb.y1 <= reach.y1 - 1))
			continue;
		int wf = -1, wp = -1;
		int ff = bs_tt_fits(&nq, &q0, full, nf, 1, &wf);
		int fp = bs_tt_fits(&nq, &q0, part, np, 1, &wp);
		cr_assert_eq(ff, fp, "trial %ld: fits", it);
		cr_assert_eq(wf < 0 ? -1 : fmap[wf], wp < 0 ? -1 : pmap[wp]);
		unfit += !ff;
	}
	/* the trials did meet units, leave units out, and find blocks that
	 * do not fit */
	cr_assert_gt(hits, 1000, "%ld hits", hits);
	cr_assert_gt(dropped, 10000, "%ld dropped", dropped);
	cr_assert_gt(unfit, 500, "%ld blocks that do not fit", unfit);
	cr_assert_gt(small, 300, "%ld listed in small reaches", small);
	bs1e_geom_trust(b, 0);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* The reference of bs1e_nearest_enemy: the scan of every unit (as it was
 * before the grid): the least bs_quad_dist, the first of equals; routed
 * enemies only when routed_too and no other is in play. */
static int nearest_ref(const struct bs_battle *b, int g, int routed_too)
{
	struct bs_quad q = bs1e_quad(b, g);
	double best = HUGE_VAL;
	int who = -1;
	for (int pass = 0; pass < 1 + !!routed_too && who < 0; pass++)
		for (int h = 0; h < b->nunits; h++) {
			if (b->units[h].side == b->units[g].side ||
			    !bs1e_in_play(b, h) ||
			    (pass == 0 && bs1e_routed(b, h)))
				continue;
			struct bs_quad qh = bs1e_quad(b, h);
			double d = bs_quad_dist(&q, &qh);
			if (d < best) {
				best = d;
				who = h;
			}
		}
	return who;
}

Test(broad, s7_8_nearest_enemy_through_grid_matches_scan, .timeout = 240)
{
	/* random placements (crowded: many at distance 0, ties), units
	 * routed and out of play; each answer the scan's, unit for unit */
	struct bs_scenario *sc;
	struct bs_battle *b = crowd(&sc);
	cr_assert_gt(bs1e_sc(b)->gw * bs1e_sc(b)->gh, 1, "a grid of cells");
	unsigned long long r = 0x2545f4914f6cdd1dull;
	bs1e_geom_trust(b, 1);
	long ties = 0, none = 0;
	const long placements = 100000;
	for (long it = 0; it < placements; it++) {
		int g = (int)(unit_rand(&r) * b->nunits) % b->nunits;
		double w = unit_rand(&r);
		if (w < 0.02)
			b->units[g].flags ^= BS_UF_REMOVED; /* out, back */
		else if (w < 0.06)
			b->units[g].flags ^= BS_UF_ROUTED;
		else
			place(b, g, &r);
		bs1e_moved(b, g);
		for (int t = 0; t < 2; t++) {
			int k = t ? (int)(unit_rand(&r) * b->nunits) % b->nunits
				  : g;
			if (!bs1e_in_play(b, k))
				continue;
			int rt = unit_rand(&r) < 0.5;
			int want = nearest_ref(b, k, rt);
			int got = bs1e_nearest_enemy(b, k, rt);
			cr_assert_eq(got, want,
				     "placement %ld unit %d routed_too %d: "
				     "%d, scan %d",
				     it, k, rt, got, want);
			none += want < 0;
			if (want >= 0) {
				/* a tie: an earlier enemy as near */
				struct bs_quad q = bs1e_quad(b, k),
					       qw = bs1e_quad(b, want);
				ties += bs_quad_dist(&q, &qw) == 0;
			}
		}
	}
	cr_assert_gt(ties, 1000, "%ld answers at distance 0", ties);
	bs1e_geom_trust(b, 0);
	bs_battle_free(b);
	bs_scenario_free(sc);
}

/* s7_0 (issue 13 part 2): the doctrine's distance to the nearest enemy,
 * through the grid of the pair table ring by ring, is the scan's number
 * (exhaustive) bit for bit: random placements (crowded: many at distance
 * 0), units out of play and back; the units listed by the grid
 * (bs1e_units_meeting) are those of a scan of every box. */
Test(broad, s7_0_doctrine_nearest_enemy_through_grid_matches_scan,
     .timeout = 240)
{
	struct bs_scenario *sc;
	struct bs_battle *b = crowd(&sc);
	cr_assert_gt(bs1e_sc(b)->gw * bs1e_sc(b)->gh, 1, "a grid of cells");
	struct bs_ai_set *fast = malloc(sizeof *fast),
			 *scan = malloc(sizeof *scan);
	cr_assert(fast && scan);
	bs_ai_set_init(fast);
	bs_ai_set_init(scan);
	scan->doctrine.exhaustive = 1;
	unsigned long long r = 0x6a09e667f3bcc909ull;
	bs1e_geom_trust(b, 1);
	long zero = 0, far = 0;
	const long placements = 100000;
	for (long it = 0; it < placements; it++) {
		int g = shake(b, &r);
		for (int t = 0; t < 2; t++) {
			int k = t ? (int)(unit_rand(&r) * b->nunits) % b->nunits
				  : g;
			if (!bs1e_in_play(b, k))
				continue;
			int side = b->units[k].side, unit = b->units[k].idx;
			double got =
			    bs_ai_nearest_enemy(&fast->doctrine, b, side, unit);
			double want =
			    bs_ai_nearest_enemy(&scan->doctrine, b, side, unit);
			cr_assert(memcmp(&got, &want, sizeof got) == 0,
				  "placement %ld unit %d: %.17g, scan %.17g",
				  it, k, got, want);
			zero += want == 0;
			far += want > 8.0 && want < HUGE_VAL;
		}
		if (it % 1000 == 0) {
			/* a random box: the grid's list is the scan's */
			struct bs_box x;
			x.x0 = -40 + unit_rand(&r) * (WIDTH + 40);
			x.y0 = -20 + unit_rand(&r) * (DEPTH + 20);
			x.x1 = x.x0 + unit_rand(&r) * 60;
			x.y1 = x.y0 + unit_rand(&r) * 30;
			int list[BS1E_MAX_UNITS],
			    n = bs1e_units_meeting(b, g, &x, list);
			int m = 0;
			for (int h = 0; h < b->nunits; h++) {
				if (h == g || !bs1e_in_play(b, h))
					continue;
				struct bs_quad q = bs_tt_unit_quad(
				    b, b->units[h].side, b->units[h].idx);
				struct bs_box hb = bs_quad_box(&q);
				if (bs_box_apart(&hb, &x, 0))
					continue;
				cr_assert_lt(m, n, "unit %d not listed", h);
				cr_assert_eq(list[m], h);
				m++;
			}
			cr_assert_eq(m, n);
		}
	}
	cr_assert_gt(zero, 1000, "%ld answers at distance 0", zero);
	cr_assert_gt(far, 1000, "%ld answers beyond the first ring", far);
	bs1e_geom_trust(b, 0);
	free(fast);
	free(scan);
	bs_battle_free(b);
	bs_scenario_free(sc);
}
