/* The 2E doctrine AI (docs/BS2E.md "AI"): a controller for 2E battles
 * (rules: bs2e) built on the public tabletop queries and the 2E checks of
 * bs2e.h (bs2e_check_order, bs2e_plan_charge), so it proposes only legal
 * orders. In the charge declaration (RULING R-203) it charges when the
 * expected exchange of figures favours it (never at a hero or commander)
 * (attack dice x1 1/2, the hit table, the defender's armor, Hits); in movement
 * it wheels to face the nearest enemy and advances to 1" short of it, and into
 * contact when it is already that close; blocked by a friend, it turns to face
 * the enemy or steps obliquely past (missile units stop in range and shoot;
 * heroes and commanders and shaken units hold); a unit in good order whose
 * check is more likely to fail than pass retreats 4" instead [2E Morale]; every
 * routed unit out of contact tries to rally, a shaken one when a pass is
 * likelier than failing by 7 (RULING ). Stateless and
 * deterministic. */
#include <math.h>
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/bs2e.h"

static const struct bs_unit_state *ustate(const struct bs_battle *b, int side,
					  int unit)
{
	return &b->units[b->side_first[side] + unit];
}

static int in_play(const struct bs_battle *b, int side, int unit)
{
	return !(ustate(b, side, unit)->flags & BS_UF_REMOVED);
}

/* Expected hits of one attack die of unit (side, unit). */
static double hits_per_die(const struct bs2e_unit_stats *st)
{
	int a = st->ad[0], c = st->ad[1] > 0 ? st->ad[1] : 1;
	double sum = 0;
	for (int i = 1; i <= a; i++)
		for (int j = 1; j <= c; j++)
			sum += bs2e_hits_for(st->hit_table,
					     st->ad[1] > 0 ? i + j : i);
	return sum / (a * c);
}

/* Fraction of hits that stand against armor rating ar. */
static double stand_frac(int ar)
{
	if (ar < 0)
		ar = 0;
	if (ar > 10)
		ar = 10;
	return ar / 10.0;
}

/* Expected figures of (ts, tu) removed by `figs` figures of (s, u) at
 * multiplier mult. */
static double removes(const struct bs_battle *b, int s, int u, int ts, int tu,
		      int figs, double mult)
{
	const struct bs2e_unit_stats *a = ustate(b, s, u)->def->bs2e;
	const struct bs2e_unit_stats *d = ustate(b, ts, tu)->def->bs2e;
	return figs * mult * hits_per_die(a) * stand_frac(d->ar) / d->hits;
}

static int individual(const struct bs_battle *b, int side, int unit)
{
	const struct bs2e_unit_stats *st = ustate(b, side, unit)->def->bs2e;
	return st->kind == BS2E_KIND_HERO || st->kind == BS2E_KIND_COMMANDER;
}

/* The nearest enemy unit in play (routed ones last); -1 when none. */
static int nearest(const struct bs_battle *b, int side, int unit, int *tside,
		   double *dist)
{
	double best = 1e300;
	int found = 0;
	for (int pass = 0; pass < 2 && !found; pass++)
		for (int s = 0; s < b->nsides; s++) {
			if (s == side)
				continue;
			for (int u = 0; u < b->sc->sides[s].nunits; u++) {
				if (!in_play(b, s, u))
					continue;
				int routed = (ustate(b, s, u)->flags &
					      BS_UF_ROUTED) != 0;
				if (pass == 0 &&
				    (routed || individual(b, s, u)))
					continue;
				double d = bs_tt_unit_dist(b, side, unit, s, u);
				if (d < best) {
					best = d;
					*tside = s;
					found = u + 1;
				}
			}
		}
	*dist = best;
	return found - 1;
}

/* RULING R-203: the charge to declare, if any. */
static int best_charge(const struct bs_battle *b, int side, int unit,
		       struct bs_order *out)
{
	const struct bs_unit_state *me = ustate(b, side, unit);
	double best = 0;
	int found = 0;
	for (int s = 0; s < b->nsides; s++) {
		if (s == side)
			continue;
		for (int u = 0; u < b->sc->sides[s].nunits; u++) {
			/* heroes and commanders do not count for holding the
			 * field (RULING R-223) and their command diameter has
			 * no effect: not worth a charge */
			if (!in_play(b, s, u) || individual(b, s, u))
				continue;
			struct bs_tt_charge pl;
			bs2e_plan_charge(b, side, unit, s, u, &pl);
			if (!pl.legal)
				continue;
			const struct bs_unit_state *t = ustate(b, s, u);
			int mine =
			    me->files < me->figures ? me->files : me->figures;
			int theirs =
			    t->files < t->figures ? t->files : t->figures;
			int front = mine < theirs ? mine : theirs;
			if (front < 1)
				front = 1;
			/* the exchange of the first melee: x1 1/2 AD;
			 * a flank or rear gets no answer from most of them */
			double dealt =
			    removes(b, side, unit, s, u, front, 1.5) /
			    (t->figures > 0 ? t->figures : 1);
			double taken =
			    (t->flags & BS_UF_ROUTED)
				? 0
				: removes(b, s, u, side, unit,
					  pl.arc == BS_ARC_FRONT ? front : 1,
					  1.0) /
				      (me->figures > 0 ? me->figures : 1);
			double score = dealt - taken;
			if (t->flags & (BS_UF_ROUTED | BS_UF_SHAKEN))
				score += 0.1;
			if (score > best) {
				best = score;
				*out = pl.order;
				found = 1;
			}
		}
	}
	return found;
}

/* An advance of up to `dist` inches toward point `to`: a wheel first
 * when it lies more than 30 degrees off the facing (as far as MV pays
 * for), then straight on or oblique. */
static void advance_to(const struct bs_battle *b, int side, int unit,
		       struct bs_vec to, double dist, struct bs_order *o)
{
	const struct bs_unit_state *u = ustate(b, side, unit);
	struct bs_tt_shape s;
	bs_tt_unit_shape(b, side, unit, &s);
	double a =
	    bs_angle_diff(u->facing, bs_facing_of(bs_vec_sub(to, u->front)));
	memset(o, 0, sizeof *o);
	o->kind = BS_ORDER_MOVE;
	o->tside = o->tunit = -1;
	double mv = u->r.mv;
	if (fabs(a) > 30.0 && s.width > 0) {
		double maxdeg = (mv * 0.9) / s.width * 180.0 / 3.14159265358979;
		double w = fabs(a) < maxdeg ? a : (a > 0 ? maxdeg : -maxdeg);
		o->step[o->nsteps++] =
		    (struct bs_step){.kind = BS_STEP_WHEEL, .angle = w};
		double cost = bs_tt_wheel_cost(&s, w);
		double rest = mv - cost;
		if (rest > 0.2 && fabs(a - w) <= 45.0)
			o->step[o->nsteps++] =
			    (struct bs_step){.kind = BS_STEP_ADVANCE,
					     .dist = dist < rest ? dist : rest,
					     .angle = 0};
		return;
	}
	if (fabs(a) > 45.0)
		a = a > 0 ? 45.0 : -45.0;
	o->step[o->nsteps++] =
	    (struct bs_step){.kind = BS_STEP_ADVANCE, .dist = dist, .angle = a};
}

static void ai_move(void *ctx, const struct bs_battle *b, int side, int unit,
		    struct bs_order *out)
{
	(void)ctx;
	memset(out, 0, sizeof *out);
	out->kind = BS_ORDER_HOLD;
	out->tside = out->tunit = -1;
	const struct bs_unit_state *me = ustate(b, side, unit);
	const struct bs2e_unit_stats *st = me->def->bs2e;
	if (!st || !in_play(b, side, unit) || (me->flags & (BS_UF_ROUTED)) ||
	    individual(b, side, unit) || bs_tt_unit_engaged(b, side, unit))
		return;
	int shaken = (me->flags & BS_UF_SHAKEN) != 0;
	int missile = st->range[2] > 0;
	if (b->phase == BS_PHASE_BS2E_CHARGES) {
		struct bs_order o;
		if (!shaken && !missile && best_charge(b, side, unit, &o))
			*out = o;
		return;
	}
	if (shaken)
		return;
	int ts = -1;
	double dist;
	int tu = nearest(b, side, unit, &ts, &dist);
	if (tu < 0)
		return;
	struct bs_quad tq = bs_tt_unit_quad(b, ts, tu);
	struct bs_vec aim = bs_quad_centre(&tq);
	double want = dist - 1.0;
	if (missile) {
		/* in range and in the arc: stand and shoot (RULING R-208) */
		if (dist <= st->range[1] &&
		    bs2e_in_arc(me->front, me->facing, aim))
			return;
		want = dist - st->range[0];
	}
	/* close the last inch: a unit that does not charge moves into
	 * contact (the move stops at first contact, RULING R-229) instead of
	 * creeping toward an enemy that also waits an inch away */
	if (!missile && want < 0.3)
		want = dist + 0.5;
	if (want < 0.3)
		want = 0.3;
	struct bs_order o;
	struct bs_tt_outcome oc;
	for (int k = 0; k < 3; k++) {
		advance_to(b, side, unit, aim, want, &o);
		if (bs2e_check_order(b, side, unit, &o, &oc) &&
		    oc.spent > 0.05) {
			*out = o;
			return;
		}
		want /= 2;
	}
	/* blocked (a friend in the way of the wheel or the advance): turn to
	 * face the enemy, or step obliquely past the obstacle, rather than
	 * stand still for the rest of the battle */
	double a =
	    bs_angle_diff(me->facing, bs_facing_of(bs_vec_sub(aim, me->front)));
	double sgn = a >= 0 ? 1.0 : -1.0;
	struct bs_step alt[3];
	int nalt = 0;
	if (fabs(a) > 135.0)
		alt[nalt++] =
		    (struct bs_step){.kind = BS_STEP_FACE, .angle = 180.0};
	else if (fabs(a) > 45.0)
		alt[nalt++] =
		    (struct bs_step){.kind = BS_STEP_FACE, .angle = 90.0 * sgn};
	double step_len = want > 0.3 ? want : 0.3;
	alt[nalt++] = (struct bs_step){
	    .kind = BS_STEP_ADVANCE, .dist = step_len, .angle = 45.0 * sgn};
	alt[nalt++] = (struct bs_step){.kind = BS_STEP_ADVANCE,
				       .dist = step_len < 2.0 ? step_len : 2.0,
				       .angle = -45.0 * sgn};
	for (int k = 0; k < nalt; k++) {
		memset(&o, 0, sizeof o);
		o.kind = BS_ORDER_MOVE;
		o.tside = o.tunit = -1;
		o.nsteps = 1;
		o.step[0] = alt[k];
		if (bs2e_check_order(b, side, unit, &o, &oc) &&
		    oc.spent > 0.05) {
			*out = o;
			return;
		}
	}
}

/* [2E Morale] "the unit must either make a morale check or retreat 4"
 * (player's choice)": retreat when the check fails more often than not. */
static int ai_retreat(void *ctx, const struct bs_battle *b, int side, int unit)
{
	(void)ctx;
	int ml = ustate(b, side, unit)->r.ml;
	int fail = 0;
	for (int i = 1; i <= 10; i++)
		for (int j = 1; j <= 10; j++)
			fail += i + j > ml;
	return fail > 50;
}

/* 2d10 results of at most `hi` in 100 (all of them from 20 on). */
static int p2d10_le(int hi)
{
	int n = 0;
	for (int i = 1; i <= 10; i++)
		for (int j = 1; j <= 10; j++)
			n += i + j <= hi;
	return n;
}

/* RULING R-210: every routed unit out of contact tries (it has nothing
 * to lose); a shaken one only when a pass is likelier than failing by 7
 * or more, which routs it (RULING R-218). */
static int ai_rally(void *ctx, const struct bs_battle *b, int side,
		    struct bs_rally_order *out, int max)
{
	(void)ctx;
	int n = 0;
	for (int u = 0; u < b->sc->sides[side].nunits && n < max; u++) {
		const struct bs_unit_state *s = ustate(b, side, u);
		if (!in_play(b, side, u) || individual(b, side, u) ||
		    !(s->flags & (BS_UF_SHAKEN | BS_UF_ROUTED)) ||
		    bs_tt_unit_engaged(b, side, u))
			continue;
		if (!(s->flags & BS_UF_ROUTED) &&
		    p2d10_le(s->r.ml) <= 100 - p2d10_le(s->r.ml + 6))
			continue;
		memset(&out[n], 0, sizeof out[n]);
		out[n].indiv = -1;
		out[n].unit = u;
		out[n].mob_order = BS_MOB_NONE;
		n++;
	}
	return n;
}

/* RULING R-204: the low roll moves second, to answer the enemy's moves. */
static int ai_first(void *ctx, const struct bs_battle *b, int side)
{
	(void)ctx;
	(void)b;
	(void)side;
	return 0;
}

void bs2e_ai_init(struct bs2e_ai *ai)
{
	memset(&ai->ctl, 0, sizeof ai->ctl);
	ai->ctl.name = "bs2e-doctrine";
	ai->ctl.ctx = ai;
	ai->ctl.moves_first = ai_first;
	ai->ctl.rally = ai_rally;
	ai->ctl.move = ai_move;
	ai->ctl.bs2e_retreat = ai_retreat;
}
