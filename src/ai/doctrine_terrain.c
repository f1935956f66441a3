/* The doctrine AI's melee units on the ground of the Intermediate Game
 * (issue 14 part 5, docs/AI.md "Terrain"): [11.8] Table 14, [11.9], Table
 * 10 and Table 13 read as choices of where to go, never as new terms of
 * the doctrine's scores.
 *
 * - The way to the target (RULING R-465): a unit whose straight way to the
 *   enemy it advances on crosses water it may not enter, or an obstacle it
 *   could not charge through [11.8], aims at the corner of the feature
 *   that leads around it, by the shortest way around (a few corners of the
 *   features in the way, each pushed out by half the block and a little
 *   room); around an obstacle only when that way is at most one MV longer
 *   than the straight one (a crossing costs 1/3 MV and the charge).
 * - Candidate filters (RULING R-466): an advance that would end at the
 *   bank of water the unit may not enter (it walks into water it cannot
 *   cross) is never taken; one that ends on an obstacle (no charge from
 *   it, R-450) is taken only when no other advance will do; a unit on
 *   higher ground with an enemy that could charge it next does not go
 *   down to meet it (no charge uphill [11.8], the defender's -1 of Table
 *   10).
 * - Waiting positions (RULING R-467): a melee unit that holds (no charge,
 *   no advance it accepts) moves, within its MV and the doctrine's limits,
 *   to where it is covered from the enemy missile troops that can reach it
 *   (Table 13: woods or hedge, building or wall) and, when enemies could
 *   charge it, to higher ground (Table 10, [11.8]).
 *
 * Every choice carries its reason (the order's `why`, logged with the
 * ORDER event). Pure functions of the battle as it stands; no randomness,
 * no allocation. Without terrain in play (the Basic Game, 2E, a scenario
 * without features) nothing here is called, so the doctrine is the one of
 * those games, byte for byte. */
#include <math.h>
#include <string.h>

#include "ai/doctrine_int.h"
#include "battlesim/ground.h"
#include "battlesim/tabletop.h"
#include "battlesim/terrain.h"

/* Room kept from a feature's corner beyond half the block (inches). */
#define ROUTE_ROOM 0.75
/* Corners of features in the way considered for a way around, at most. */
#define ROUTE_NODES 40
/* Spans read per segment. */
#define ROUTE_SPANS 16
/* Room kept from the exact limits of the rules (inches). */
#define SLACK 0.05
/* Features looked at by number (a scenario's first ones; the rest are
 * still seen by the queries, never skipped as stood on). */
#define MAX_FEATURES 64

static const struct bs_unit_state *unit_of(const struct bs_battle *b, int side,
					   int unit)
{
	return &b->units[b->side_first[side] + unit];
}

static int in_play(const struct bs_unit_state *u)
{
	return !(u->flags & BS_UF_REMOVED);
}

const struct bs_terrain_index *bs_ai_terrain(const struct bs_battle *b)
{
	/* [Part 3] terrain is an Intermediate Game rule (RULING R-309) */
	return b->sc->rules == BS_RULES_BS1E &&
		       b->sc->level != BS_LEVEL_BASIC &&
		       bs_terrain_count(b->terrain) > 0
		   ? b->terrain
		   : NULL;
}

/* The ground rules of (side, unit) in open formation: what bars it
 * whatever its formation (water), not what only closed formation may not
 * enter (R-449 stops it short and it opens). */
static struct bs_tt_mover mover_of(const struct bs_battle *b, int side,
				   int unit)
{
	return bs_tt_mover_of(unit_of(b, side, unit)->def, BS_RULES_BS1E,
			      BS_FORM_OPEN);
}

/* [11.8] what the way to the target avoids: 2 water the unit may not
 * enter, 1 an obstacle (a charge may not go through it, R-450: streams,
 * walls, fences, hedges, gulleys, ditches, trenches, buildings, a ford),
 * 0 anything else. */
static int avoids(const struct bs_terrain *t, const struct bs_tt_mover *m)
{
	if (bs_tt_terrain_bars(t->type, t->fordable, m, NULL, NULL))
		return 2;
	return bs_terrain_row(t, m->aquatic) == BS_T14_OBSTACLE ? 1 : 0;
}

/* The worst feature segment ab crosses that the way avoids (features the
 * unit stands on now, skip[f], left out): 0, 1 or 2 as avoids(). */
static int crosses(const struct bs_terrain_index *ti,
		   const struct bs_tt_mover *m, const unsigned char *skip,
		   struct bs_vec a, struct bs_vec b)
{
	struct bs_terrain_span sp[ROUTE_SPANS];
	int n = bs_terrain_segment(ti, a, b, sp, ROUTE_SPANS);
	if (n > ROUTE_SPANS)
		n = ROUTE_SPANS;
	int worst = 0;
	for (int i = 0; i < n; i++) {
		if ((sp[i].feature < MAX_FEATURES && skip[sp[i].feature]) ||
		    sp[i].t1 - sp[i].t0 < 1e-6)
			continue;
		int v = avoids(bs_terrain_feature(ti, sp[i].feature), m);
		if (v > worst)
			worst = v;
	}
	return worst;
}

/* 1 when point p stands inside a feature the way avoids, or off the
 * table. */
static int bad_point(const struct bs_battle *b,
		     const struct bs_terrain_index *ti,
		     const struct bs_tt_mover *m, struct bs_vec p)
{
	if (p.x < 0 || p.y < 0 || p.x > b->sc->width || p.y > b->sc->depth)
		return 1;
	int at[8];
	int n = bs_terrain_at(ti, p, at, 8);
	for (int i = 0; i < n && i < 8; i++)
		if (avoids(bs_terrain_feature(ti, at[i]), m))
			return 1;
	return 0;
}

/* The convex corners of feature t pushed out by r along the bisector of
 * their edges' outward normals: at most max written to out; their
 * number. */
static int corners(const struct bs_terrain *t, double r, struct bs_vec *out,
		   int max)
{
	double area = 0;
	for (int i = 0; i < t->npts; i++) {
		int j = (i + 1) % t->npts;
		area +=
		    t->pts[i][0] * t->pts[j][1] - t->pts[j][0] * t->pts[i][1];
	}
	double orient = area >= 0 ? 1.0 : -1.0; /* counter-clockwise: + */
	int k = 0;
	for (int i = 0; i < t->npts && k < max; i++) {
		int h = (i + t->npts - 1) % t->npts, j = (i + 1) % t->npts;
		struct bs_vec p = {t->pts[i][0], t->pts[i][1]};
		struct bs_vec e1 = {p.x - t->pts[h][0], p.y - t->pts[h][1]};
		struct bs_vec e2 = {t->pts[j][0] - p.x, t->pts[j][1] - p.y};
		double l1 = sqrt(bs_vec_dot(e1, e1)),
		       l2 = sqrt(bs_vec_dot(e2, e2));
		if (l1 < 1e-9 || l2 < 1e-9)
			continue;
		/* a reflex corner leads around nothing */
		if (bs_vec_cross(e1, e2) * orient <= 0)
			continue;
		/* outward normals (to the right of a counter-clockwise
		 * edge) */
		struct bs_vec n1 = {orient * e1.y / l1, -orient * e1.x / l1};
		struct bs_vec n2 = {orient * e2.y / l2, -orient * e2.x / l2};
		struct bs_vec bis = bs_vec_add(n1, n2);
		double lb = sqrt(bs_vec_dot(bis, bis));
		if (lb < 1e-9)
			continue;
		/* far enough out that both edges are r away */
		double c = bs_vec_dot(bis, n1) / lb;
		double push = r / (c > 0.3 ? c : 0.3);
		out[k++] = bs_vec_add(p, bs_vec_scale(bis, push / lb));
	}
	return k;
}

int bs_ai_terrain_route(const struct bs_battle *b, int side, int unit,
			int tside, int tunit, struct bs_vec goal,
			struct bs_vec *to, const char **why)
{
	const struct bs_terrain_index *ti = bs_ai_terrain(b);
	*to = goal;
	*why = NULL;
	if (!ti)
		return 0;
	const struct bs_unit_state *u = unit_of(b, side, unit);
	struct bs_tt_mover m = mover_of(b, side, unit);
	struct bs_quad q = bs_tt_unit_quad(b, side, unit);
	struct bs_tt_shape sh;
	bs_tt_unit_shape(b, side, unit, &sh);
	int nf = bs_terrain_count(ti);
	unsigned char skip[MAX_FEATURES];
	memset(skip, 0, sizeof skip);
	for (int f = 0; f < nf && f < MAX_FEATURES; f++)
		skip[f] = (unsigned char)bs_terrain_quad_on(ti, f, &q);
	/* the approach only: within its charge reach (1 1/2 MV [7.14]) the
	 * charge plan and the rules judge the ground themselves */
	struct bs_quad tq = bs_tt_unit_quad(b, tside, tunit);
	if (bs_quad_dist_cmp(&q, &tq, 1.5 * u->r.mv + SLACK) <= 0)
		return 0;
	struct bs_vec from = bs_quad_centre(&q);
	/* the straight way: the block's centre and its two flanks */
	struct bs_vec d = bs_vec_sub(goal, from);
	double len = sqrt(bs_vec_dot(d, d));
	if (len < 1e-6 || bad_point(b, ti, &m, goal))
		return 0;
	struct bs_vec side_off = {-d.y / len * sh.width / 2,
				  d.x / len * sh.width / 2};
	int direct = crosses(ti, &m, skip, from, goal);
	for (int s = -1; s <= 1; s += 2) {
		struct bs_vec o = bs_vec_scale(side_off, s);
		int v = crosses(ti, &m, skip, bs_vec_add(from, o),
				bs_vec_add(goal, o));
		if (v > direct)
			direct = v;
	}
	/* missile troops never charge [10.4]: they go around water only */
	if (!direct || (direct < 2 && bs_ai_missile_troop(b, side, unit)))
		return 0;
	/* the corners that lead around the features in the way */
	struct bs_vec node[ROUTE_NODES + 2];
	int n = 0;
	node[n++] = from;
	double r = (sh.width > sh.depth ? sh.width : sh.depth) / 2 + ROUTE_ROOM;
	for (int f = 0; f < nf && n < ROUTE_NODES + 1; f++) {
		const struct bs_terrain *t = bs_terrain_feature(ti, f);
		if ((f < MAX_FEATURES && skip[f]) || !avoids(t, &m))
			continue;
		struct bs_vec c[BS_TERRAIN_MAX_POINTS];
		int k = corners(t, r, c, BS_TERRAIN_MAX_POINTS);
		for (int i = 0; i < k && n < ROUTE_NODES + 1; i++)
			if (!bad_point(b, ti, &m, c[i]))
				node[n++] = c[i];
	}
	int goal_i = n;
	node[n++] = goal;
	/* the shortest way through clear segments (Dijkstra over the few
	 * corners; each segment tested once) */
	double dist[ROUTE_NODES + 2];
	int prev[ROUTE_NODES + 2];
	unsigned char done[ROUTE_NODES + 2];
	for (int i = 0; i < n; i++) {
		dist[i] = HUGE_VAL;
		prev[i] = -1;
		done[i] = 0;
	}
	dist[0] = 0;
	for (;;) {
		int c = -1;
		for (int i = 0; i < n; i++)
			if (!done[i] && dist[i] < HUGE_VAL &&
			    (c < 0 || dist[i] < dist[c]))
				c = i;
		if (c < 0 || c == goal_i)
			break;
		done[c] = 1;
		for (int i = 0; i < n; i++) {
			if (done[i])
				continue;
			double w = bs_vec_dist(node[c], node[i]);
			if (dist[c] + w >= dist[i] ||
			    crosses(ti, &m, skip, node[c], node[i]))
				continue;
			dist[i] = dist[c] + w;
			prev[i] = c;
		}
	}
	if (prev[goal_i] < 0)
		return 0; /* no way around: the doctrine goes straight */
	/* RULING R-465: around an obstacle only when it costs at most one
	 * MV more; around water it may not enter always */
	if (direct < 2 && dist[goal_i] > len + u->r.mv)
		return 0;
	int first = goal_i;
	while (prev[first] > 0)
		first = prev[first];
	*to = node[first];
	*why = direct == 2 ? "goes around water it may not enter, toward its "
			     "target [11.8] Table 14 (RULING R-465)"
			   : "goes around an obstacle rather than cross it: no "
			     "charge through obstacles [11.8] Table 14 "
			     "(RULING R-465)";
	return 1;
}

int bs_ai_terrain_refuse(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			 int side, int unit, const struct bs_tt_outcome *oc,
			 const struct bs_quad *end, double accept,
			 const char **why)
{
	const struct bs_terrain_index *ti = bs_ai_terrain(b);
	if (!ti)
		return 0;
	struct bs_tt_mover m = mover_of(b, side, unit);
	struct bs_quad now = bs_tt_unit_quad(b, side, unit);
	/* [11.8] water it may not enter, just ahead of where it stops: it
	 * walked up to it (the rules stopped it there) */
	struct bs_terrain_cross cr[ROUTE_SPANS];
	int n = bs_terrain_sweep(ti, end, bs_dir(oc->pose.facing), 0.5, cr,
				 ROUTE_SPANS);
	for (int i = 0; i < n && i < ROUTE_SPANS; i++) {
		const struct bs_terrain *t =
		    bs_terrain_feature(ti, cr[i].feature);
		if (!cr[i].on0 && avoids(t, &m) == 2 &&
		    !bs_terrain_quad_on(ti, cr[i].feature, &now)) {
			*why = "holds: every advance it would make ends at "
			       "water it may not enter [11.8] Table 14 "
			       "(RULING R-466)";
			return BS_AI_TERRAIN_HARD;
		}
	}
	/* Table 10, [11.8]: it keeps the higher ground while an enemy below
	 * could charge it next and would gain more by it than the exposure
	 * the doctrine accepts (which grows as rounds pass without a
	 * decision: docs/AI.md "patience"; a charge it need not fear is no
	 * reason to wait for it) */
	int lv_now = bs_terrain_quad_level(ti, &now);
	int lv_end = bs_terrain_quad_level(ti, end);
	if (lv_end < lv_now) {
		for (int es = 0; es < b->nsides; es++)
			for (int e = 0;
			     es != side && e < b->sc->sides[es].nunits; e++) {
				const struct bs_unit_state *h =
				    unit_of(b, es, e);
				if (!in_play(h) || (h->flags & BS_UF_ROUTED) ||
				    h->formation == BS_FORM_SKIRMISH ||
				    bs_ai_missile_troop(b, es, e))
					continue;
				struct bs_quad hq = bs_tt_unit_quad(b, es, e);
				if (bs_terrain_quad_level(ti, &hq) >= lv_now ||
				    bs_quad_dist_cmp(&now, &hq,
						     1.5 * h->r.mv + SLACK) > 0)
					continue;
				struct bs_ai_fight f;
				bs_ai_fight_eval(ai, b, es, e, side, unit,
						 BS_ARC_FRONT, 1, &f);
				if (f.dealt_hd <= 0 ||
				    f.dealt_frac - f.taken_frac <= accept)
					continue;
				*why = "holds the higher ground: the enemy "
				       "below may not charge uphill [11.8] "
				       "Table 10 (RULING R-466)";
				return BS_AI_TERRAIN_HARD;
			}
	}
	/* [11.8] an end on an obstacle: no charge from there */
	int under[8];
	int k = bs_terrain_under(ti, end, under, 8);
	for (int i = 0; i < k && i < 8; i++) {
		const struct bs_terrain *t = bs_terrain_feature(ti, under[i]);
		if (avoids(t, &m) == 1 &&
		    !bs_terrain_quad_on(ti, under[i], &now)) {
			*why =
			    "does not stop on an obstacle: no charge from it "
			    "[11.8] Table 14 (RULING R-466)";
			return BS_AI_TERRAIN_SOFT;
		}
	}
	return 0;
}

/* ---- waiting positions (RULING R-467) ------------------------------------
 */

/* The Table 13 cover (1 light, 2 hard) of a block at q from each enemy
 * shooter of side's enemies that can reach it (within its long range and
 * MV), or from every one of them (`any`). */
static int cover_value(const struct bs_battle *b,
		       const struct bs_terrain_index *ti, int side,
		       const struct bs_quad *q, int any)
{
	int v = 0;
	struct bs_vec c = bs_quad_centre(q);
	for (int es = 0; es < b->nsides; es++)
		for (int e = 0; es != side && e < b->sc->sides[es].nunits;
		     e++) {
			const struct bs_unit_state *h = unit_of(b, es, e);
			if (!in_play(h) || (h->flags & BS_UF_ROUTED) ||
			    !bs_ai_missile_troop(b, es, e))
				continue;
			struct bs_quad hq = bs_tt_unit_quad(b, es, e);
			if (!any && bs_quad_dist_cmp(q, &hq,
						     h->r.msl.range[2] +
							 h->r.mv + SLACK) > 0)
				continue;
			v += (int)bs_terrain_cover(ti, bs_quad_centre(&hq), c,
						   q, NULL);
		}
	return v;
}

/* What a block at q is worth to a unit waiting: 3 a contour level when
 * enemies could charge it (Table 10; no charge uphill [11.8]), and the
 * Table 13 cover from each enemy shooter that can reach it. */
static int wait_value(const struct bs_battle *b,
		      const struct bs_terrain_index *ti, int side,
		      const struct bs_quad *q, int chargers)
{
	return (chargers ? 3 * bs_terrain_quad_level(ti, q) : 0) +
	       cover_value(b, ti, side, q, 0);
}

/* 1 when an enemy that is not missile troops could be in charge reach of
 * (side, unit) by next round: within 1 1/2 MV and a move of its own. */
static int charge_threat(const struct bs_battle *b, int side, int unit)
{
	struct bs_quad q = bs_tt_unit_quad(b, side, unit);
	for (int es = 0; es < b->nsides; es++)
		for (int e = 0; es != side && e < b->sc->sides[es].nunits;
		     e++) {
			const struct bs_unit_state *h = unit_of(b, es, e);
			if (!in_play(h) || (h->flags & BS_UF_ROUTED) ||
			    bs_ai_missile_troop(b, es, e))
				continue;
			struct bs_quad hq = bs_tt_unit_quad(b, es, e);
			if (bs_quad_dist_cmp(&q, &hq, 2.5 * h->r.mv + SLACK) <=
			    0)
				return 1;
		}
	return 0;
}

/* An advance of d inches at angle a [7.9] of (side, unit) that the
 * doctrine accepts as a waiting place (bs_ai_wait_ok, within lim) and the
 * ground does not refuse (RULING R-466): 1 with the order *c and its end
 * block *end. */
static int wait_move(struct bs_ai_doctrine *ai, const struct bs_battle *b,
		     int side, int unit, double d, double a,
		     const struct bs_ai_wait_limits *lim, struct bs_order *c,
		     struct bs_quad *end)
{
	memset(c, 0, sizeof *c);
	c->kind = BS_ORDER_MOVE;
	c->tside = c->tunit = -1;
	c->nsteps = 1;
	c->step[0].kind = BS_STEP_ADVANCE;
	c->step[0].dist = d;
	c->step[0].angle = a;
	struct bs_tt_outcome oc;
	const char *w;
	return bs_ai_wait_ok(ai, b, side, unit, c, lim, &oc, end) &&
	       !bs_ai_terrain_refuse(ai, b, side, unit, &oc, end, lim->accept,
				     &w);
}

void bs_ai_terrain_wait(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			int side, int unit, struct bs_order *o)
{
	const struct bs_terrain_index *ti = bs_ai_terrain(b);
	if (!ti || o->kind != BS_ORDER_HOLD || o->nsteps > 0 || o->declares)
		return;
	const struct bs_unit_state *u = unit_of(b, side, unit);
	if (u->formation == BS_FORM_SKIRMISH)
		return;
	int chargers = charge_threat(b, side, unit);
	struct bs_quad now = bs_tt_unit_quad(b, side, unit);
	int v_now = wait_value(b, ti, side, &now, chargers);
	double left =
	    (u->mv_allowed > 0 ? u->mv_allowed : u->r.mv) - u->mv_spent - SLACK;
	if (left <= SLACK)
		return;
	struct bs_ai_wait_limits lim;
	bs_ai_wait_limits(ai, b, side, unit, &lim);
	/* the moves tried: straight and 45 degrees either side [7.9], the
	 * whole of the MV left, a half and a quarter; then straight at each
	 * feature that gives cover or height, when it lies within 45
	 * degrees */
	struct {
		double d, a;
	} cand[9 + 2 * MAX_FEATURES];
	int nc = 0;
	static const double angles[3] = {0, 45, -45};
	static const double fr[3] = {1.0, 0.5, 0.25};
	for (int i = 0; i < 3; i++)
		for (int j = 0; j < 3; j++) {
			cand[nc].d = left * fr[i];
			cand[nc].a = angles[j];
			nc++;
		}
	int nf = bs_terrain_count(ti);
	for (int f = 0; f < nf && f < MAX_FEATURES; f++) {
		const struct bs_terrain *t = bs_terrain_feature(ti, f);
		const struct bs_terrain_kind *k = bs_terrain_kind_of(t->type);
		if (k->cover == BS_COVER_NONE &&
		    (!chargers || bs_terrain_elevation(t) <= 0))
			continue;
		double cx = 0, cy = 0;
		for (int p = 0; p < t->npts; p++) {
			cx += t->pts[p][0];
			cy += t->pts[p][1];
		}
		struct bs_vec c = {cx / t->npts, cy / t->npts};
		struct bs_vec dv = bs_vec_sub(c, u->front);
		double dd = sqrt(bs_vec_dot(dv, dv));
		if (dd < 0.1)
			continue;
		double rel = bs_angle_diff(u->facing, bs_facing_of(dv));
		if (fabs(rel) > 45.0)
			continue;
		double go = dd < left ? dd : left;
		cand[nc].d = go;
		cand[nc].a = rel;
		nc++;
		cand[nc].d = go * 0.5;
		cand[nc].a = rel;
		nc++;
	}
	int best_v = v_now, found = 0;
	struct bs_order best;
	for (int i = 0; i < nc; i++) {
		if (cand[i].d <= SLACK)
			continue;
		struct bs_order c;
		struct bs_quad end;
		if (!wait_move(ai, b, side, unit, cand[i].d, cand[i].a, &lim,
			       &c, &end))
			continue;
		int v = wait_value(b, ti, side, &end, chargers);
		if (v > best_v) {
			best_v = v;
			best = c;
			found = 1;
		}
	}
	if (!found)
		return;
	struct bs_quad end;
	struct bs_tt_outcome oc;
	bs_ai_wait_ok(ai, b, side, unit, &best, &lim, &oc, &end);
	int up = chargers && bs_terrain_quad_level(ti, &end) >
				 bs_terrain_quad_level(ti, &now);
	*o = best;
	o->why = up ? "waits on higher ground for the enemy's charge: no "
		      "charge uphill [11.8], defender on higher ground "
		      "[8.3] Table 10 (RULING R-467)"
		    : "waits in cover from the enemy's missile troops [10.8] "
		      "Table 13 [11.9] (RULING R-467)";
}

/* ---- missile troops in cover (RULING R-600) ------------------------------
 */

/* [11.9] 1 when a block at q may shoot from the ground it stands on: in
 * woods only at their edge (RULING R-447), never from inside a feature
 * that blocks sight (a building). */
static int shoots_from(const struct bs_terrain_index *ti,
		       const struct bs_quad *q)
{
	int under[8];
	int k = bs_terrain_under(ti, q, under, 8);
	for (int i = 0; i < k && i < 8; i++) {
		const struct bs_terrain *t = bs_terrain_feature(ti, under[i]);
		const struct bs_terrain_kind *kd = bs_terrain_kind_of(t->type);
		if (kd->blocks_sight)
			return 0;
		if (kd->row == BS_T14_WOODS &&
		    !bs_terrain_at_edge(ti, under[i], q, BS_TERRAIN_EDGE_BAND))
			return 0;
	}
	return 1;
}

int bs_ai_missile_cover(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			int side, int unit, double cap, struct bs_order *o)
{
	const struct bs_terrain_index *ti = bs_ai_terrain(b);
	const struct bs_unit_state *u = unit_of(b, side, unit);
	if (!ti || u->r.msl.artillery != BS_ART_NONE)
		return 0;
	/* RULING R-600 [10.8] Table 13: the cover that counts is the one from
	 * the enemy's missile troops, wherever they stand now (they come on
	 * while this unit waits for a shot) */
	struct bs_quad now = bs_tt_unit_quad(b, side, unit);
	int v_now = cover_value(b, ti, side, &now, 1);
	if (v_now > 0 && shoots_from(ti, &now)) {
		memset(o, 0, sizeof *o);
		o->kind = BS_ORDER_HOLD;
		o->tside = o->tunit = -1;
		o->why = "no enemy in range: it waits in cover from the "
			 "enemy's missile troops [10.8] Table 13 (RULING "
			 "R-600)";
		return 1;
	}
	double left =
	    (u->mv_allowed > 0 ? u->mv_allowed : u->r.mv) - u->mv_spent - SLACK;
	if (left > cap)
		left = cap;
	if (left <= SLACK)
		return 0;
	/* the covering features straight ahead [7.7], within what leaves it
	 * a shot (Table 12): up to a hedge or wall (a hair short of it: on
	 * it, it would cross it), or half an inch into woods (at their edge,
	 * from where it shoots [11.9], R-447) */
	struct bs_terrain_cross cr[ROUTE_SPANS];
	int n = bs_terrain_sweep(ti, &now, bs_dir(u->facing), left, cr,
				 ROUTE_SPANS);
	struct bs_ai_wait_limits lim;
	bs_ai_wait_limits(ai, b, side, unit, &lim);
	int best_v = v_now, found = 0;
	struct bs_order best;
	for (int i = 0; i < n && i < ROUTE_SPANS; i++) {
		const struct bs_terrain *t =
		    bs_terrain_feature(ti, cr[i].feature);
		const struct bs_terrain_kind *k = bs_terrain_kind_of(t->type);
		if (cr[i].on0 || k->cover == BS_COVER_NONE || k->blocks_sight)
			continue;
		double d = k->behind ? cr[i].s0 - 2 * SLACK : cr[i].s0 + 0.5;
		if (d <= SLACK || d > left)
			continue;
		struct bs_order c;
		struct bs_quad end;
		if (!wait_move(ai, b, side, unit, d, 0, &lim, &c, &end))
			continue;
		int v = cover_value(b, ti, side, &end, 1);
		if (v > best_v && shoots_from(ti, &end)) {
			best_v = v;
			best = c;
			found = 1;
		}
	}
	if (!found)
		return 0;
	*o = best;
	o->why = "no enemy in range: it steps up to cover from the enemy's "
		 "missile troops, from where it still shoots [10.8] Table 13 "
		 "(RULING R-600)";
	return 1;
}

/* ---- a commander behind his line (RULING R-601) --------------------------
 */

/* Half the side of the largest counter (1", R-500): a square of it
 * centred on a point is the most a counter there covers. */
#define COUNTER_HALF 0.5

/* The largest counter centred at p. */
static struct bs_quad counter_at(struct bs_vec p)
{
	return (struct bs_quad){{{p.x - COUNTER_HALF, p.y - COUNTER_HALF},
				 {p.x + COUNTER_HALF, p.y - COUNTER_HALF},
				 {p.x + COUNTER_HALF, p.y + COUNTER_HALF},
				 {p.x - COUNTER_HALF, p.y + COUNTER_HALF}}};
}

/* 1 when a counter centred at p stands on a feature m avoids
 * that is not one of skip[]. */
static int counter_on(const struct bs_terrain_index *ti,
		      const struct bs_tt_mover *m, const unsigned char *skip,
		      struct bs_vec p)
{
	struct bs_quad q = counter_at(p);
	int under[8];
	int k = bs_terrain_under(ti, &q, under, 8);
	for (int i = 0; i < k && i < 8; i++)
		if (!(under[i] < MAX_FEATURES && skip[under[i]]) &&
		    avoids(bs_terrain_feature(ti, under[i]), m))
			return 1;
	return 0;
}

int bs_ai_terrain_indiv_short(const struct bs_battle *b, int side, int indiv,
			      struct bs_vec from, struct bs_vec goal,
			      double near, struct bs_vec *to)
{
	const struct bs_terrain_index *ti = bs_ai_terrain(b);
	if (!ti)
		return 0;
	/* RULING R-455: his race's ground rules, in no formation */
	const struct bs_individual *d = &b->sc->sides[side].individuals[indiv];
	unsigned fl = d->race ? d->race->flags : 0;
	struct bs_tt_mover m = {.rules = BS_RULES_BS1E,
				.formation = BS_FORM_OPEN};
	m.aquatic = (fl & BS_CF_AQUATIC) != 0;
	m.woodland = (fl & BS_CF_WOODLAND) != 0;
	m.mountain = (fl & BS_CF_MOUNTAIN) != 0;
	m.swamp = (fl & BS_CF_SWAMP) != 0;
	double len = bs_vec_dist(from, goal);
	if (len < 1e-6)
		return 0;
	/* what he stands on now he may leave */
	unsigned char skip[MAX_FEATURES];
	memset(skip, 0, sizeof skip);
	struct bs_quad q0 = counter_at(from);
	int under[8];
	int nu = bs_terrain_under(ti, &q0, under, 8);
	for (int i = 0; i < nu && i < 8; i++)
		if (under[i] < MAX_FEATURES)
			skip[under[i]] = 1;
	struct bs_vec dir = bs_vec_scale(bs_vec_sub(goal, from), 1.0 / len);
	/* the first point of the straight way where he would come onto one
	 * (in steps of 0.05") */
	int steps = (int)ceil(len / 0.05);
	int first = -1;
	for (int i = 1; i <= steps && first < 0; i++) {
		double s = i * 0.05 < len ? i * 0.05 : len;
		if (counter_on(ti, &m, skip,
			       bs_vec_add(from, bs_vec_scale(dir, s))))
			first = i;
	}
	if (first < 0)
		return 0;
	struct bs_vec p =
	    bs_vec_add(from, bs_vec_scale(dir, (first - 1) * 0.05));
	if (bs_vec_dist(p, goal) > near + 1e-9)
		return 0;
	*to = p;
	return 1;
}
