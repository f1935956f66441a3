/* The doctrine AI's missiles and artillery (issue 14, docs/AI.md
 * "Missiles and artillery"): missile troops stand and shoot when an enemy
 * is in range [10.4], advance only as far as leaves them a shot (Table 12)
 * and never into charge reach, and never charge [10.4]; every volley goes
 * at the most valuable target in range (the largest part of its hit dice
 * expected destroyed, more for one that threatens a friend) [10.8];
 * pass-through fire [10.6] at a unit charging it when the volley beats its
 * melee blow (it cannot fight after firing [10.2]), and at any mover when
 * a moment of the move offers a better shot than where the mover will
 * stand; artillery deploys where it stands, turns toward enemies in range
 * and fires [10.9]. It weighs every volley with the rules' own plan
 * (bs1e_volley_plan: sight, range, Table 13, the CRT over the 36 outcomes
 * of 2d6). No randomness, no allocation. */
#include <math.h>
#include <string.h>

#include "ai/doctrine_int.h"
#include "battlesim/bs1e_heroes.h"
#include "battlesim/bs1e_magic.h"
#include "battlesim/bs1e_missile.h"
#include "battlesim/bs1e_tables.h"
#include "battlesim/tabletop.h"

static const struct bs_unit_state *unit_of(const struct bs_battle *b, int side,
					   int unit)
{
	return &b->units[b->side_first[side] + unit];
}

static int in_play(const struct bs_unit_state *u)
{
	return !(u->flags & BS_UF_REMOVED);
}

int bs_ai_missile_troop(const struct bs_battle *b, int side, int unit)
{
	const struct bs_unit_state *u = unit_of(b, side, unit);
	const struct bs_missile_rated *m = &u->r.msl;
	if (b->sc->rules != BS_RULES_BS1E || m->shots_max <= 0)
		return 0;
	if (m->artillery != BS_ART_NONE)
		return 1;
	return m->weapon >= 0 &&
	       u->def->weapons[m->weapon].weapon->kind == BS_WEAPON_MISSILE &&
	       u->ammo_left != 0;
}

/* 1 when enemy unit t could charge one of side's units in play next round:
 * one lies within its charge reach, 1 1/2 MV [7.14]. */
static int threatens(const struct bs_battle *b, int side, int tside, int tunit)
{
	const struct bs_unit_state *t = unit_of(b, tside, tunit);
	if (t->flags & BS_UF_ROUTED)
		return 0;
	double reach = t->r.mv * 1.5;
	for (int i = 0; i < b->sc->sides[side].nunits; i++)
		if (in_play(unit_of(b, side, i)) &&
		    bs_tt_unit_dist(b, side, i, tside, tunit) <= reach)
			return 1;
	return 0;
}

/* RULING R-494: the value of a volley: the part of the target's standing
 * hit dice it is expected to destroy, half again for a target that could
 * charge a friend next round, half for a routed one. */
static double value_of(const struct bs_battle *b, int side,
		       const struct bs1e_volley_plan *p, int tside, int tunit)
{
	const struct bs_unit_state *t = unit_of(b, tside, tunit);
	double hd = (double)t->figures * t->r.hd_fig;
	double v = p->expected_hd / (hd > 0 ? hd : 1);
	if (t->flags & BS_UF_ROUTED)
		v *= 0.5;
	else if (threatens(b, side, tside, tunit))
		v *= 1.5;
	return v;
}

/* The most valuable legal volley of (side, unit) of `kind` (at the mover
 * where `at` puts it, or NULL); 0 when none. Ties: the nearer target,
 * then the lower side and unit. */
static int best_volley(const struct bs_battle *b, int side, int unit,
		       enum bs_fire_kind kind, const struct bs_move_point *at,
		       int *ts, int *tu, double *value)
{
	int found = 0;
	double best = -1, best_range = HUGE_VAL;
	for (int es = 0; es < b->nsides; es++)
		for (int e = 0; es != side && e < b->sc->sides[es].nunits;
		     e++) {
			if (!in_play(unit_of(b, es, e)))
				continue;
			struct bs1e_volley_plan p;
			bs1e_volley_plan(b, side, unit, es, e, kind, -1, at,
					 &p);
			if (!p.legal || p.harmless || p.expected_hd <= 0)
				continue;
			double v = value_of(b, side, &p, es, e);
			if (!found || v > best + 1e-12 ||
			    (fabs(v - best) <= 1e-12 &&
			     p.sight.range < best_range - 1e-9)) {
				found = 1;
				best = v;
				best_range = p.sight.range;
				*ts = es;
				*tu = e;
			}
		}
	if (found && value)
		*value = best;
	return found;
}

/* RULING R-672 [9.2] [9.4 A]: the value of a volley at an individual
 * standing alone: the part of his hit points left it is expected to take
 * (4 a HD), at most 1, on the scale of value_of's part of a unit's hit
 * dice. The most valuable individual of (side, unit) of `kind` now; 0 when
 * none is a legal target. Ties: the nearer, then the lower side and
 * individual. */
static int best_indiv_volley(const struct bs_battle *b, int side, int unit,
			     enum bs_fire_kind kind, int *ts, int *ti,
			     double *value)
{
	int found = 0;
	double best = -1, best_range = HUGE_VAL;
	for (int es = 0; es < b->nsides; es++)
		for (int e = 0; es != side && e < b->sc->sides[es].nindividuals;
		     e++) {
			/* [14.8] RULING R-633: not at an unseen one */
			if (!bs1e_indiv_on_table(b, es, e) ||
			    bs1e_indiv_unseen(b, es, e))
				continue;
			const struct bs_indiv_state *c =
			    &b->indivs[b->indiv_first[es] + e];
			struct bs1e_volley_plan p;
			bs1e_volley_plan_indiv(b, side, unit, es, e, kind, -1,
					       NULL, &p);
			if (!p.legal || p.expected_hp <= 0 || c->hp <= 0)
				continue;
			double v = p.expected_hp / c->hp;
			if (v > 1)
				v = 1;
			if (!found || v > best + 1e-12 ||
			    (fabs(v - best) <= 1e-12 &&
			     p.sight.range < best_range - 1e-9)) {
				found = 1;
				best = v;
				best_range = p.sight.range;
				*ts = es;
				*ti = e;
			}
		}
	if (found)
		*value = best;
	return found;
}

/* The kind of fire of a unit's own phase. */
static enum bs_fire_kind own_kind(const struct bs_unit_state *u)
{
	return u->r.msl.artillery != BS_ART_NONE ? BS_FIRE_ARTILLERY
						 : BS_FIRE_PHASE;
}

int bs_ai_fire_cb(void *ctx, const struct bs_battle *b, int side,
		  enum bs_fire_kind kind, int call, struct bs_fire_order *out,
		  int max)
{
	(void)ctx;
	(void)call;
	/* one volley a call, the most valuable of the side's: the next is
	 * chosen after seeing what it did (its losses are removed at once
	 * [10.0]) */
	int best_u = -1, best_s = -1, best_t = -1, best_i = 0;
	double best = -1;
	for (int i = 0; i < b->sc->sides[side].nunits; i++) {
		const struct bs_unit_state *u = unit_of(b, side, i);
		if (!in_play(u) || bs1e_shots_left(b, side, i) <= 0)
			continue;
		int ts, tu;
		double v;
		if (best_volley(b, side, i, kind, NULL, &ts, &tu, &v) &&
		    v > best + 1e-12) {
			best = v;
			best_u = i;
			best_s = ts;
			best_t = tu;
			best_i = 0;
		}
		/* RULING R-672: a lone hero or commander, when his part of
		 * hit points beats every unit's part of hit dice */
		if (b->nindivs > 0 &&
		    best_indiv_volley(b, side, i, kind, &ts, &tu, &v) &&
		    v > best + 1e-12) {
			best = v;
			best_u = i;
			best_s = ts;
			best_t = tu;
			best_i = 1;
		}
	}
	if (best_u < 0 || max < 1)
		return 0;
	static const char *const why[BS_FIRE__COUNT] = {
	    [BS_FIRE_INITIAL] = "the most valuable target in range, before "
				"the enemy moves",
	    [BS_FIRE_PHASE] = "the most valuable target in range",
	    [BS_FIRE_ARTILLERY] = "the most valuable target in range",
	};
	static const char *const why_indiv[BS_FIRE__COUNT] = {
	    [BS_FIRE_INITIAL] = "a lone hero or commander: the most valuable "
				"target in range, before the enemy moves "
				"(RULING R-672)",
	    [BS_FIRE_PHASE] = "a lone hero or commander: the most valuable "
			      "target in range (RULING R-672)",
	    [BS_FIRE_ARTILLERY] = "the most valuable target in range",
	};
	out[0] = (struct bs_fire_order){
	    best_u, best_s, best_t, -1, 0, best_i ? why_indiv[kind] : why[kind],
	    best_i};
	return 1;
}

/* The moment of path[0..n) at which the mover comes nearest to (side,
 * unit): the least distance between their front centres. */
static int nearest_moment(const struct bs_battle *b, int side, int unit,
			  const struct bs_move_point *path, int n)
{
	const struct bs_unit_state *u = unit_of(b, side, unit);
	int k = n - 1;
	double best = HUGE_VAL;
	for (int i = 0; i < n; i++) {
		double d =
		    hypot(path[i].x - u->front.x, path[i].y - u->front.y);
		if (d < best - 1e-9) {
			best = d;
			k = i;
		}
	}
	return k;
}

/* RULING R-458 [10.6] a routing mover (RULING R-457) is worth half a
 * volley's value: a unit with its last shot of the round keeps it
 * for an enemy not routed that it could shoot in its own phase from where
 * it stands; 1 when (side, unit) may spend a shot on the router. */
static int shot_to_spare_for_a_router(const struct bs_battle *b, int side,
				      int unit)
{
	if (bs1e_shots_left(b, side, unit) >= 2)
		return 1;
	const struct bs_unit_state *u = unit_of(b, side, unit);
	for (int es = 0; es < b->nsides; es++)
		for (int e = 0; es != side && e < b->sc->sides[es].nunits;
		     e++) {
			const struct bs_unit_state *t = unit_of(b, es, e);
			if (!in_play(t) || (t->flags & BS_UF_ROUTED))
				continue;
			struct bs1e_volley_plan p;
			bs1e_volley_plan(b, side, unit, es, e, own_kind(u), -1,
					 NULL, &p);
			if (p.legal && !p.harmless && p.expected_hd > 0)
				return 0;
		}
	return 1;
}

int bs_ai_pass_through_cb(void *ctx, const struct bs_battle *b, int side,
			  int mside, int munit,
			  const struct bs_move_point *path, int n,
			  struct bs_fire_order *out, int max)
{
	struct bs_ai_doctrine *ai = ctx;
	int k = 0;
	if (n <= 0)
		return 0;
	const struct bs_move_point *last = &path[n - 1];
	const int routed =
	    (unit_of(b, mside, munit)->flags & BS_UF_ROUTED) != 0;
	for (int i = 0; i < b->sc->sides[side].nunits && k < max; i++) {
		const struct bs_unit_state *u = unit_of(b, side, i);
		if (!in_play(u) || u->pass_through ||
		    bs1e_shots_left(b, side, i) <= 0)
			continue;
		struct bs1e_volley_plan p;
		if (last->contact && last->tside == side && last->tunit == i) {
			/* [10.6] "against enemy units that subsequently engage
			 * the firing unit in melee": the volley, as it comes
			 * in, against the blow it could strike in melee,
			 * which it loses by firing [10.2] */
			bs1e_volley_plan(b, side, i, mside, munit,
					 BS_FIRE_PASS_THROUGH, -1, last, &p);
			if (!p.legal || p.expected_hd <= 0)
				continue;
			struct bs_ai_fight f;
			bs_ai_fight_eval(ai, b, side, i, mside, munit,
					 BS_ARC_FRONT, 0, &f);
			if (p.expected_hd + 1e-9 < f.dealt_hd)
				continue;
			out[k++] = (struct bs_fire_order){
			    i,
			    mside,
			    munit,
			    -1,
			    n - 1,
			    "pass-through fire at a unit charging it: the "
			    "volley beats its melee blow",
			    0};
			continue;
		}
		/* any other mover: only missile troops that stand this round
		 * (their side has moved, or they hold to shoot), and only at
		 * a moment better than where the mover will stand */
		if (!bs_ai_missile_troop(b, side, i) ||
		    (u->flags & BS_UF_MOVED))
			continue;
		if (b->first_mover != side) {
			int ts, tu;
			if (!best_volley(b, side, i, own_kind(u), NULL, &ts,
					 &tu, NULL))
				continue; /* it will move: Table 12 */
		}
		double v_end = -1;
		bs1e_volley_plan(b, side, i, mside, munit, BS_FIRE_PASS_THROUGH,
				 -1, last, &p);
		if (p.legal && !p.harmless)
			v_end = value_of(b, side, &p, mside, munit);
		int at = nearest_moment(b, side, i, path, n);
		if (at == n - 1)
			continue;
		bs1e_volley_plan(b, side, i, mside, munit, BS_FIRE_PASS_THROUGH,
				 -1, &path[at], &p);
		if (!p.legal || p.harmless || p.expected_hd <= 0)
			continue;
		double v = value_of(b, side, &p, mside, munit);
		if (v <= v_end * 1.05 + 1e-12)
			continue;
		if (routed && !shot_to_spare_for_a_router(b, side, i))
			continue;
		static const char *const why[2][2] = {
		    {"pass-through fire: a better shot than where the mover "
		     "will stand",
		     "pass-through fire: the mover will stand out of its sight "
		     "or range"},
		    {"pass-through fire at a routing unit (RULING R-458): a "
		     "better shot than where it will stand",
		     "pass-through fire at a routing unit (RULING R-458): it "
		     "will run out of its sight or range"}};
		out[k++] = (struct bs_fire_order){
		    i, mside, munit, -1, at, why[routed][v_end < 0], 0};
	}
	return k;
}

/* Issue 15 [10.6] RULING R-695: pass-through fire at the move of an enemy
 * individual standing alone (RULING R-674): each missile troop with a
 * shot left and no pass-through shot taken this round fires at the
 * moment of his move where R-672's value of a volley at him (the part of
 * his hit points left it is expected to take, at most 1) is highest (the
 * earliest on a tie), when it beats nothing: his move offers the unit no
 * other pass-through use. A unit with its last shot of the round keeps it
 * for its own phase when a volley then is worth as much: at a unit from
 * where it stands, or at him where his move ends. As for a unit mover,
 * a unit whose side has still to move fires only when it has a target from
 * where it stands (else it will move: Table 12). */
int bs_ai_pass_through_at_indiv_cb(void *ctx, const struct bs_battle *b,
				   int side, int mside, int mindiv,
				   const struct bs_move_point *path, int n,
				   struct bs_fire_order *out, int max)
{
	(void)ctx;
	int k = 0;
	if (n <= 0 || mside < 0 || mside >= b->nsides || mindiv < 0 ||
	    mindiv >= b->sc->sides[mside].nindividuals)
		return 0;
	const struct bs_indiv_state *c =
	    &b->indivs[b->indiv_first[mside] + mindiv];
	if (c->hp <= 0)
		return 0;
	for (int i = 0; i < b->sc->sides[side].nunits && k < max; i++) {
		const struct bs_unit_state *u = unit_of(b, side, i);
		if (!in_play(u) || u->pass_through ||
		    bs1e_shots_left(b, side, i) <= 0 ||
		    !bs_ai_missile_troop(b, side, i) ||
		    (u->flags & BS_UF_MOVED))
			continue;
		if (b->first_mover != side) {
			int ts, tu;
			double v;
			if (!best_volley(b, side, i, own_kind(u), NULL, &ts,
					 &tu, NULL) &&
			    !best_indiv_volley(b, side, i, own_kind(u), &ts,
					       &tu, &v))
				continue; /* it will move: Table 12 */
		}
		int at = -1;
		double best = 0;
		for (int m = 0; m < n; m++) {
			struct bs1e_volley_plan p;
			bs1e_volley_plan_indiv(b, side, i, mside, mindiv,
					       BS_FIRE_PASS_THROUGH, -1,
					       &path[m], &p);
			if (!p.legal || p.expected_hp <= 0)
				continue;
			double v = p.expected_hp / c->hp;
			v = v > 1 ? 1 : v;
			if (v > best + 1e-12) {
				best = v;
				at = m;
			}
		}
		if (at < 0)
			continue;
		/* its last shot of the round: kept for its own phase when a
		 * unit it may shoot from where it stands, or he where his move
		 * ends, is worth as much (R-494 and R-672 on one scale) */
		if (bs1e_shots_left(b, side, i) < 2) {
			int ts, tu;
			double v = 0, ve = 0;
			if (!best_volley(b, side, i, own_kind(u), NULL, &ts,
					 &tu, &v))
				v = 0;
			struct bs1e_volley_plan p;
			bs1e_volley_plan_indiv(b, side, i, mside, mindiv,
					       own_kind(u), -1, &path[n - 1],
					       &p);
			if (p.legal && p.expected_hp > 0)
				ve = p.expected_hp / c->hp > 1
					 ? 1
					 : p.expected_hp / c->hp;
			if ((v > ve ? v : ve) + 1e-12 >= best)
				continue;
		}
		out[k++] = (struct bs_fire_order){
		    i,
		    mside,
		    mindiv,
		    -1,
		    at,
		    "pass-through fire at a lone individual on his move "
		    "(RULING R-695): his best moment in range and sight",
		    1};
	}
	return k;
}

int bs_ai_missile_order(struct bs_ai_doctrine *ai, const struct bs_battle *b,
			int side, int unit, struct bs_order *o, double *cap,
			const char **why)
{
	(void)ai;
	const struct bs_unit_state *u = unit_of(b, side, unit);
	const struct bs_missile_rated *m = &u->r.msl;
	*cap = HUGE_VAL;
	*why = NULL;
	memset(o, 0, sizeof *o);
	o->kind = BS_ORDER_HOLD;
	o->tside = o->tunit = -1;
	int ts, tu;
	/* [10.4] archers "fire twice and not move": an enemy in range, it
	 * stands and shoots */
	if (bs1e_shots_left(b, side, unit) > 0 &&
	    best_volley(b, side, unit, own_kind(u), NULL, &ts, &tu, NULL)) {
		o->why = "an enemy in range: it stands and shoots";
		return 1;
	}
	/* the nearest enemy in reach, in any direction */
	double best = HUGE_VAL;
	int es0 = -1, e0 = -1;
	for (int es = 0; es < b->nsides; es++)
		for (int e = 0; es != side && e < b->sc->sides[es].nunits;
		     e++) {
			if (!in_play(unit_of(b, es, e)))
				continue;
			double d = bs_tt_unit_dist(b, side, unit, es, e);
			if (d < best) {
				best = d;
				es0 = es;
				e0 = e;
			}
		}
	int art = m->artillery != BS_ART_NONE;
	if (es0 >= 0 && best <= m->range[2]) {
		/* in reach but not to be shot now: out of its arc, hidden,
		 * or the piece reloading */
		struct bs_quad q = bs_tt_unit_quad(b, es0, e0);
		struct bs_vec c = bs_quad_centre(&q);
		double rel = bs_angle_diff(
		    u->facing, bs_facing_of(bs_vec_sub(c, u->front)));
		if (fabs(rel) > 40.0 && u->formation == BS_FORM_SKIRMISH) {
			/* [7.9] skirmishers (and an artillery crew [10.10])
			 * turn at will */
			struct bs_order t;
			memset(&t, 0, sizeof t);
			t.kind = BS_ORDER_MOVE;
			t.tside = t.tunit = -1;
			t.nsteps = 1;
			t.step[0].kind = BS_STEP_WHEEL;
			t.step[0].angle = rel;
			struct bs_tt_outcome oc;
			if (bs_tt_check_order(b, side, unit, &t, &oc) &&
			    oc.legal) {
				*o = t;
				o->why =
				    art ? "turns its piece toward an enemy "
					  "in range"
					: "turns toward an enemy in range";
				return 1;
			}
		}
		if (art) {
			o->why =
			    "deployed: an enemy in range, it waits to fire";
			return 1;
		}
	}
	if (art) {
		*why = "no enemy in range: moves its piece up";
		return 0;
	}
	/* Table 12: what movement leaves a shot this round */
	int six = bs1e_fire_move_sixths(b, side, unit, 1);
	if (six > 0 && six < 6) {
		*cap = u->r.mv * six / 6.0;
		*why =
		    "no enemy in range: advances no farther than leaves it a "
		    "shot (Table 12)";
	} else {
		*why = "no enemy in range: advances";
	}
	return 0;
}
