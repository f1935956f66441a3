/* The Rally Phase [1.3] [6.0]-[6.7] (the book's numbering, known-gaps 9,
 * RULING R-116): Side A's attempts, then Side B's. Conditions [6.1]: every
 * figure within the command radius of an eligible commander [4.10], not in
 * contact with an enemy; one attempt per unit and per commander [6.0]. The
 * check [6.2] is a morale check (RULING R-117 on Table 4, known-gaps 33).
 * A rallied unit turns to face the enemy [6.3] (RULING R-118) and may not
 * move that round; a failed attempt leaves the unit routing [6.4]; an out
 * of command unit comes back into command [6.7]; mobs get orders [6.6]
 * [2.10]. */
#include <math.h>

#include "bs1e/engine.h"

static void reject(struct bs_battle *b, int side, int ind, int g,
		   const char *why, const char *cite)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	bs1e_ev(b, &ev, BS_EV_REJECTED);
	ev.side = side;
	if (g >= 0)
		ev.unit = b->units[g].idx;
	ev.indiv = ind;
	ev.what = why;
	ev.cite = cite;
	bs_battle_emit(b, &ev);
}

/* [6.3] "it may immediately change facing": RULING R-118, the quarter or
 * about face (in place, free) that turns it most nearly toward the
 * nearest enemy. */
static void face_enemy(struct bs_battle *b, int g)
{
	struct bs_unit_state *u = &b->units[g];
	struct bs_vec c = bs1e_centre(b, g);
	double best = HUGE_VAL;
	int e = -1;
	for (int h = 0; h < b->nunits; h++) {
		if (b->units[h].side == u->side || !bs1e_in_play(b, h))
			continue;
		double d = bs_vec_dist(c, bs1e_centre(b, h));
		if (d < best) {
			best = d;
			e = h;
		}
	}
	if (e < 0)
		return;
	double want = bs_facing_of(bs_vec_sub(bs1e_centre(b, e), c));
	double turn = bs_angle_diff(u->facing, want);
	double q = turn > 135 || turn < -135 ? 180
		   : turn > 45		     ? 90
		   : turn < -45		     ? -90
					     : 0;
	if (q == 0)
		return;
	struct bs_tt_shape s;
	struct bs_tt_pose p;
	struct bs_quad obst[BS1E_MAX_OBST];
	struct bs_tt_step_result r;
	int n = bs1e_obstacles_walled(b, g, -1, obst, NULL);
	bs1e_shape(b, g, &s);
	bs1e_pose(b, g, &p);
	struct bs_vec x0 = p.front;
	double f0 = p.facing;
	bs_tt_face(&s, &p, q, u->r.mv, obst, n, &r);
	if (!r.complete)
		return;
	bs1e_set_geom(b, g, &s, &p);
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs1e_ev(b, &ev, BS_EV_MOVE);
		bs_battle_ev_units(b, &ev, g, -1);
		ev.what = "face";
		ev.x0 = x0.x;
		ev.y0 = x0.y;
		ev.f0 = f0;
		ev.x1 = p.front.x;
		ev.y1 = p.front.y;
		ev.f1 = p.facing;
		ev.cite = "[6.3]";
		bs_battle_emit(b, &ev);
	}
}

/* RULING R-378 [2.9] "A routing skirmisher can be Rallied by a Brigade or
 * Army Commander in its direct chain of command. If the skirmish unit has
 * a Unit Commander, that commander can also rally the routing
 * skirmisher": the figures of skirmish unit g routed apart, when they
 * stand within the commander's radius [6.1]; the check is the unit's
 * morale check [6.2] (no CB, R-371); rallied, they come back to the unit
 * in the Movement Phases that follow (bs1e_skirmishers_move). */
static void rally_apart(struct bs_battle *b, int side,
			const struct bs_rally_order *o,
			struct bs_indiv_state *c, int g)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	struct bs_unit_state *u = &b->units[g];
	if (!bs1e_may_rally(&b->sc->sides[side], o->indiv, o->unit,
			    s->lost[side])) {
		reject(b, side, o->indiv, g,
		       "the commander may not rally these skirmishers",
		       "[2.9] [4.10]");
		return;
	}
	struct bs_vec at = bs1e_indiv_pos(b, side, o->indiv);
	if (bs_vec_dist(at, u->sk_pos) > c->cr) {
		reject(b, side, o->indiv, g,
		       "the skirmishers routed apart are not within the "
		       "commander's radius",
		       "[6.1] [2.9]");
		return;
	}
	s->tried_unit[g] = 1;
	c->flags |= BS_IF_RALLIED;
	struct bs_deriv d;
	bs1e_current_morale(b, g, 0, c->cb, 1, &d);
	int d1 = bs_roll(&b->dice, 10), d2 = bs_roll(&b->dice, 10);
	int ok = bs1e_morale_passes(d.value, d1 + d2);
	bs1e_ev_check(b, BS_EV_RALLY, g, o->indiv, &d, d1, d2, ok, 0,
		      "rally the skirmishers routed apart",
		      "[6.2] [2.9] RULING R-378");
	if (ok)
		u->sk_back = 1;
}

static void attempt(struct bs_battle *b, int side,
		    const struct bs_rally_order *o)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	const struct bs_side *sd = &b->sc->sides[side];
	if (o->indiv < 0 || o->indiv >= sd->nindividuals) {
		reject(b, side, -1, -1, "no such commander", "[6.0]");
		return;
	}
	struct bs_indiv_state *c = &b->indivs[b->indiv_first[side] + o->indiv];
	if (o->unit < 0 || o->unit >= sd->nunits) {
		reject(b, side, o->indiv, -1, "no such unit", "[6.0]");
		return;
	}
	int g = bs1e_g(b, side, o->unit);
	struct bs_unit_state *u = &b->units[g];
	const struct bs1e_unit_x *x = &s->ux[g];
	int mob_order = o->mob_order != BS_MOB_NONE;
	if (!c->alive || c->lost) {
		reject(b, side, o->indiv, g, "the commander is lost", "[6.0]");
		return;
	}
	/* RULING R-678: held, asleep or fleeing, he commands nothing: no
	 * rally, no mob order */
	int k = b->indiv_first[side] + o->indiv;
	if (bs1e_fx_indiv_held(b, k) || bs1e_fx_indiv_afraid(b, k, NULL)) {
		reject(b, side, o->indiv, g,
		       bs1e_fx_indiv_held(b, k)
			   ? "the commander is held or asleep: he commands "
			     "nothing (RULING R-678)"
			   : "the commander flees in fear: he commands nothing "
			     "(RULING R-678)",
		       bs1e_fx_indiv_held(b, k) ? "[6.0] [9.2] [14.6 B]"
						: "[6.0] [9.2] [14.9]");
		return;
	}
	if (!bs1e_in_play(b, g)) {
		reject(b, side, o->indiv, g, "the unit is not on the table",
		       "[6.0]");
		return;
	}
	/* [6.0] "Only one eligible commander may attempt to rally any one
	 * unit during a single Rally Phase. One commander cannot attempt to
	 * rally more than one unit" */
	if (s->tried_unit[g]) {
		reject(b, side, o->indiv, g,
		       "a commander has already tried to rally this unit this "
		       "phase",
		       "[6.0]");
		return;
	}
	if (c->flags & BS_IF_RALLIED) {
		reject(b, side, o->indiv, g,
		       "this commander has already made a rally attempt this "
		       "phase",
		       "[6.0]");
		return;
	}
	/* [4.6] "The commander of a unit cannot reassert command until
	 * after the unit has completed its attack" (nor give a mob on such
	 * an attack an order) */
	if (!(u->flags & BS_UF_ROUTED) && bs1e_disc_attacking(b, g)) {
		reject(b, side, o->indiv, g,
		       "the unit is on its uncontrolled attack: its commander "
		       "cannot reassert command until it has completed it",
		       "[4.6]");
		return;
	}
	if (mob_order) {
		if (!x->mob) {
			reject(b, side, o->indiv, g,
			       "orders are given to mobs only", "[2.10]");
			return;
		}
		if ((int)o->mob_order < 0 || o->mob_order >= BS_MOB__COUNT) {
			reject(b, side, o->indiv, g, "no such mob order",
			       "[2.10]");
			return;
		}
		if (u->flags & BS_UF_ROUTED) {
			reject(b, side, o->indiv, g,
			       "a routed mob must be rallied before it takes "
			       "orders (RULING R-122)",
			       "[2.10]");
			return;
		}
		if (o->mob_order == BS_MOB_WHEEL &&
		    (fabs(o->mob_angle) > 90.0 + 1e-9 || o->mob_angle == 0)) {
			reject(b, side, o->indiv, g,
			       "a mob wheels up to 90 degrees", "[2.10]");
			return;
		}
		if (!bs1e_authority_now(b, side, o->indiv, o->unit,
					BS1E_ACT_ORDER_MOB)) {
			reject(b, side, o->indiv, g,
			       "only a Unit, Brigade or Army Commander of its "
			       "chain of command may give a mob orders",
			       "[2.10] [4.10]");
			return;
		}
	} else if (x->skirmish && !(u->flags & BS_UF_ROUTED) &&
		   u->sk_away > 0 && !u->sk_back) {
		rally_apart(b, side, o, c, g);
		return;
	} else {
		int routed = (u->flags & BS_UF_ROUTED) != 0;
		if (!routed &&
		    !(u->flags & (BS_UF_OUT_OF_COMMAND | BS_UF_DISC_FAILED))) {
			reject(b, side, o->indiv, g,
			       "the unit is neither routed nor out of command",
			       "[6.0]");
			return;
		}
		if (x->mob && !routed) {
			reject(b, side, o->indiv, g,
			       "a mob is never in command: give it an order",
			       "[2.10] [6.6]");
			return;
		}
		int ok = bs1e_authority_now(b, side, o->indiv, o->unit,
					    routed ? BS1E_ACT_RALLY
						   : BS1E_ACT_COMMAND);
		if (!ok) {
			reject(b, side, o->indiv, g,
			       "the commander may not rally this unit",
			       "[4.10] [6.1]");
			return;
		}
	}
	/* [6.1] "all figures of the unit must be within the command radius
	 * of a Unit, Brigade, or Army Commander eligible to command the
	 * unit. A unit cannot be rallied if it is in base-to-base contact
	 * with any enemy figure or figures." */
	struct bs_tt_shape sh;
	struct bs_tt_pose p;
	bs1e_shape(b, g, &sh);
	bs1e_pose(b, g, &p);
	if (!bs_tt_all_within(&sh, &p, bs1e_indiv_pos(b, side, o->indiv),
			      c->cr)) {
		reject(b, side, o->indiv, g,
		       "not every figure is within the commander's radius",
		       "[6.1]");
		return;
	}
	if (bs1e_engaged(b, g)) {
		reject(b, side, o->indiv, g,
		       "the unit is in contact with an "
		       "enemy",
		       "[6.1]");
		return;
	}
	s->tried_unit[g] = 1;
	c->flags |= BS_IF_RALLIED;
	/* [6.2] "make a Morale Check for that unit". RULING R-117: the
	 * rallying commander's radius covers the unit, so the check is made
	 * in his command: no out-of-command -2 and his CB applies (a mob
	 * always suffers the out-of-command penalties [4.7]) */
	struct bs_deriv d;
	bs1e_current_morale(b, g, 0, c->cb, 1, &d);
	static const struct bs_roll_why why_rally = {
	    BS_ROLL_RALLY,
	    {10, 10},
	    0,
	    "rally attempt (morale check)",
	    "[6.2]"};
	bs_dice_why(&b->dice, &why_rally, u->side, g, o->indiv, -1);
	int d1 = bs_roll(&b->dice, 10), d2 = bs_roll(&b->dice, 10);
	int ok = bs1e_morale_passes(d.value, d1 + d2);
	bs1e_ev_check(b, BS_EV_RALLY, g, o->indiv, &d, d1, d2, ok,
		      (int)o->mob_order,
		      mob_order ? bs_mob_order_name[o->mob_order] : "rally",
		      mob_order ? "[6.6] [2.10]" : "[6.2]");
	if (!ok)
		return; /* [6.2] "If the check fails, the unit is still
			   routed"; [2.10] a mob keeps its last order */
	if (mob_order) {
		/* [2.10] "A mob continues to follow the last order it was
		 * given until a new order is successfully given" */
		u->mob_order = o->mob_order;
		u->mob_angle = o->mob_angle;
		u->flags &= ~(unsigned)BS_UF_DISC_FAILED;
		return;
	}
	if (u->flags & BS_UF_ROUTED) {
		/* [6.2] "Remove the Rout marker"; [6.3] "It may not move ...
		 * during that Game Round" */
		u->flags &= ~(unsigned)(BS_UF_ROUTED | BS_UF_DISC_FAILED);
		u->flags |= BS_UF_RALLIED;
		face_enemy(b, g);
	} else {
		/* [6.7] "that unit can move and fight normally in later
		 * phases of the same Game Round"; [4.6] the commander
		 * "reasserts command in the same way he Rallies a unit" */
		u->flags &= ~(unsigned)BS_UF_DISC_FAILED;
	}
}

void bs1e_phase_rally(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	struct bs_rally_order buf[BS_MAX_RALLY_ORDERS];
	for (int g = 0; g < b->nunits; g++)
		s->tried_unit[g] = 0;
	/* [1.3] "Side A attempts to rally any mobs or routed forces; Side B
	 * does the same." */
	for (int i = 0; i < b->nsides; i++) {
		int side = b->side_order[i];
		const struct bs_controller *ctl = b->ctl[side];
		if (!ctl || !ctl->rally)
			continue;
		int n = ctl->rally(ctl->ctx, b, side, buf, BS_MAX_RALLY_ORDERS);
		if (n > BS_MAX_RALLY_ORDERS)
			n = BS_MAX_RALLY_ORDERS;
		for (int k = 0; k < n; k++)
			attempt(b, side, &buf[k]);
	}
}
