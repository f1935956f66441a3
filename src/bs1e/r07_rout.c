/* Morale and discipline checks in play and their effects: [4.3] the 2d10
 * check against current morale (Table 4 read from the table: losses,
 * enemy in the rear, out of command, failed charge, level drainers,
 * closed formation, a mob's infantry support [2.10]); [4.5] closed breaks
 * into open, otherwise a rout; [4.6] discipline checks (Table 7). The rout
 * itself [7.15] [6.4]: MV + 1/3 MV away from the cause and toward its own
 * lines (RULING R-110), back to the enemy; friendly units run into check
 * morale and the router breaks around them; over the table edge it is
 * removed; completely surrounded it is destroyed (RULING R-111); hemmed
 * in, it routs through the gap, or is destroyed when there is none
 * (RULING R-172); friendly skirmishers within their MV check (Table 5). */
#include <math.h>

#include "bs1e/engine.h"

/* Table 4 [2.10] "a friendly regular infantry unit is directly behind it
 * and no more than 6" away" (RULING R-114: its centre in the mob's rear
 * arc, its block within 6"). */
static int mob_supported(const struct bs_battle *b, int g)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	struct bs_quad q = bs1e_quad(b, g);
	for (int h = 0; h < b->nunits; h++) {
		if (h == g || b->units[h].side != b->units[g].side ||
		    !bs1e_in_play(b, h) || bs1e_routed(b, h) ||
		    !s->ux[h].regular || !s->ux[h].infantry)
			continue;
		struct bs_quad qh = bs1e_quad(b, h);
		if (bs_quad_dist_cmp(&q, &qh, 6.0) > 0)
			continue;
		if (bs_tt_arc_from(&q, bs_quad_centre(&qh), NULL) ==
		    BS_ARC_REAR)
			return 1;
	}
	return 0;
}

/* Table 4 "in base-to-base contact with a creature that drains levels,
 * or with a creature it cannot possibly harm". */
static int drain_or_unharmable_contact(const struct bs_battle *b, int g,
				       int *drain, int *unharm)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	*drain = *unharm = 0;
	for (int h = 0; h < b->nunits; h++) {
		if (b->units[h].side == b->units[g].side ||
		    !bs1e_contact(b, g, h, NULL))
			continue;
		if (b->units[h].r.level_drain || b->units[h].r.undead)
			*drain = 1;
		if (b->units[h].r.magic_to_hit && !s->ux[g].magic_weapon)
			*unharm = 1;
	}
	return *drain || *unharm;
}

/* Current morale [4.2] of unit g now, with the Table 4 rows read from
 * the table; `cb` is the charisma bonus that applies and `in_command`
 * whether the check is made in command (a Rally Phase check is, RULING
 * R-117, with the rallying commander's CB). */
void bs1e_current_morale(const struct bs_battle *b, int g, unsigned t4x, int cb,
			 int in_command, struct bs_deriv *d)
{
	const struct bs_unit_state *u = &b->units[g];
	const struct bs1e_unit_x *x = &bs1e_sc(b)->ux[g];
	struct bs1e_morale_situation sit = {0};
	sit.t4 = t4x;
	sit.t4 |= bs1e_morale_loss_rows(u->original, u->original - u->figures);
	if (bs1e_enemy_in_rear(b, g))
		sit.t4 |= 1u << BS1E_T4_ENEMY_IN_REAR;
	if (!in_command)
		sit.t4 |= 1u << BS1E_T4_OUT_OF_COMMAND;
	if (u->flags & BS_UF_CHARGE_MISSED)
		sit.t4 |= 1u << BS1E_T4_CHARGE_FAILED;
	int dr, un;
	if (drain_or_unharmable_contact(b, g, &dr, &un))
		sit.t4 |= 1u << BS1E_T4_LEVEL_DRAIN_OR_UNHARMABLE;
	if (u->formation == BS_FORM_CLOSED)
		sit.t4 |= 1u << BS1E_T4_CLOSED_FORMATION;
	if (x->mob && mob_supported(b, g))
		sit.t4 |= 1u << BS1E_T4_MOB_SUPPORTED;
	sit.cb = cb;
	sit.formation = u->formation;
	sit.skirmish_unit = x->skirmish;
	sit.mob = x->mob;
	bs1e_morale_current(u->r.ml, &sit, d);
}

static void current_morale(const struct bs_battle *b, int g, unsigned t4x,
			   struct bs_deriv *d)
{
	const struct bs_unit_state *u = &b->units[g];
	bs1e_current_morale(b, g, t4x, u->cb,
			    !(u->flags & BS_UF_OUT_OF_COMMAND), d);
}

/* Roll the check and emit MORALE with `what`. */
static int roll(struct bs_battle *b, int g, unsigned t5, unsigned t4x,
		const char *cite, const char *what_ok, const char *what_bad,
		int *passed_out)
{
	struct bs_deriv d;
	current_morale(b, g, t4x, &d);
	/* [4.3] "rolls 2d10. If the result is equal to or less than the
	 * current morale of the unit, the Morale Check is successful" */
	static const struct bs_roll_why why_morale = {
	    BS_ROLL_MORALE, {10, 10}, 0, "morale check", "[4.3]"};
	bs_dice_why(&b->dice, &why_morale, -1, g, -1, -1);
	int d1 = bs_roll(&b->dice, 10), d2 = bs_roll(&b->dice, 10);
	int passed = bs1e_morale_passes(d.value, d1 + d2);
	bs1e_ev_check(b, BS_EV_MORALE, g, -1, &d, d1, d2, passed, (int)t5,
		      passed ? what_ok : what_bad, cite);
	*passed_out = passed;
	return passed;
}

int bs1e_morale_roll(struct bs_battle *b, int g, unsigned t5, unsigned t4x,
		     const char *cite, const char *what_failed)
{
	int passed;
	if (!bs1e_in_play(b, g))
		return 1;
	return roll(b, g, t5, t4x, cite,
		    bs1e_morale_effect_text[BS1E_MORALE_HOLDS], what_failed,
		    &passed);
}

int bs1e_morale_check(struct bs_battle *b, int g, unsigned t5, unsigned t4x,
		      struct bs_vec cause, const char *cite)
{
	struct bs_unit_state *u = &b->units[g];
	const struct bs1e_unit_x *x = &bs1e_sc(b)->ux[g];
	if (!bs1e_in_play(b, g))
		return 1;
	if (u->flags & BS_UF_ROUTED) {
		/* [6.4] "If a routed unit ... must make a Morale Check during
		 * the Melee Phase, it ... automatically routs again"; in
		 * other phases a routed unit has nothing left to lose */
		if (b->phase == BS_PHASE_MELEE)
			bs1e_rout(b, g, &cause, 0, "routs again");
		return 0;
	}
	enum bs1e_morale_effect eff =
	    bs1e_morale_effect(u->formation, 0, u->r.never_checks_morale);
	int passed;
	roll(b, g, t5, t4x, cite, bs1e_morale_effect_text[BS1E_MORALE_HOLDS],
	     bs1e_morale_effect_text[eff], &passed);
	if (passed)
		return 1;
	if (x->mob)
		u->mob_order = BS_MOB_NONE; /* [2.10] "until the mob fails a
					       Morale or Discipline Check" */
	if (eff == BS1E_MORALE_TO_OPEN)
		/* [4.5] "it immediately breaks into Open Formation. The unit
		 * does not actually move" */
		bs1e_change_formation(b, g, BS_FORM_OPEN, 1,
				      "failed morale check: breaks into open "
				      "formation",
				      "[4.5]");
	else if (eff == BS1E_MORALE_ROUTS)
		bs1e_rout(b, g, &cause, 1, "routs");
	return 0;
}

int bs1e_discipline_check(struct bs_battle *b, int g, enum bs1e_t7 reason)
{
	struct bs_unit_state *u = &b->units[g];
	const struct bs1e_unit_x *x = &bs1e_sc(b)->ux[g];
	struct bs1e_discipline_unit du = {
	    .chaotic = u->r.chaotic,
	    .low_int = u->r.low_int,
	    .mob_or_berserker = x->mob || x->berserker,
	};
	if (!bs1e_in_play(b, g) || !bs1e_discipline_due(reason, &du))
		return 1;
	struct bs_deriv d;
	bs_deriv_init(&d, u->r.dl, NULL, "[4.6]", "[4.6 T6]");
	static const struct bs_roll_why why_discipline = {
	    BS_ROLL_DISCIPLINE, {10, 10}, 0, "discipline check", "[4.6]"};
	bs_dice_why(&b->dice, &why_discipline, -1, g, -1, -1);
	int d1 = bs_roll(&b->dice, 10), d2 = bs_roll(&b->dice, 10);
	int passed = bs1e_discipline_passes(u->r.dl, d1 + d2);
	bs1e_ev_check(b, BS_EV_DISCIPLINE, g, -1, &d, d1, d2, passed,
		      (int)reason,
		      passed ? "the unit obeys its commander"
			     : "the unit goes out of command and attacks the "
			       "enemy regardless",
		      "[4.6 T7]");
	if (passed)
		return 1;
	/* [4.6] "When a discipline check is failed, the unit goes Out of
	 * Command and attacks and/or charges the enemy ... If the unit was
	 * in Closed Formation, it goes immediately to Open Formation." */
	u->flags |= BS_UF_DISC_FAILED | BS_UF_OUT_OF_COMMAND;
	if (x->mob)
		u->mob_order = BS_MOB_NONE;
	if (u->formation == BS_FORM_CLOSED)
		bs1e_change_formation(b, g, BS_FORM_OPEN, 1,
				      "failed discipline check: to open "
				      "formation",
				      "[4.6]");
	return 0;
}

/* The enemies that can close a ring: in closed or open formation, not
 * routed [7.15]. */
static int ring(const struct bs_battle *b, int g, struct bs_quad *q)
{
	int n = 0;
	for (int h = 0; h < b->nunits; h++) {
		const struct bs_unit_state *e = &b->units[h];
		if (e->side == b->units[g].side || !bs1e_in_play(b, h) ||
		    bs1e_routed(b, h))
			continue;
		if (e->formation != BS_FORM_CLOSED &&
		    e->formation != BS_FORM_OPEN)
			continue;
		q[n++] = bs1e_quad(b, h);
	}
	return n;
}

static void face_away(struct bs_battle *b, int g, double dir)
{
	struct bs_unit_state *u = &b->units[g];
	struct bs_tt_shape s;
	struct bs_tt_pose p;
	struct bs_quad obst[BS1E_MAX_UNITS];
	int n = bs1e_obstacles(b, g, -1, obst, NULL);
	bs1e_shape(b, g, &s);
	bs1e_pose(b, g, &p);
	struct bs_quad q = bs_tt_quad(&s, &p);
	struct bs_vec c = bs_quad_centre(&q);
	struct bs_tt_pose np = {
	    bs_vec_add(c, bs_vec_scale(bs_dir(dir), s.depth / 2)), dir};
	struct bs_quad nq = bs_tt_quad(&s, &np);
	if (!bs_tt_fits(&nq, &q, obst, n, 1, NULL)) {
		double about = fmod(p.facing + 180.0, 360.0);
		if (fabs(bs_angle_diff(about, dir)) >=
		    fabs(bs_angle_diff(p.facing, dir)))
			return;
		np.facing = about;
		np.front = bs_vec_scale(bs_vec_add(q.p[1], q.p[2]), 0.5);
	}
	u->front = np.front;
	u->facing = np.facing;
}

static void removed_off(struct bs_battle *b, int g)
{
	struct bs_unit_state *u = &b->units[g];
	u->flags |= BS_UF_REMOVED;
	u->end = BS_END_ROUTED_OFF;
	u->end_round = b->round;
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs1e_ev(b, &ev, BS_EV_REMOVED);
		bs_battle_ev_units(b, &ev, g, -1);
		ev.what = "off the table";
		ev.cite = "[7.15]";
		bs_battle_emit(b, &ev);
	}
}

/* Move routing unit g `dist` inches along its facing: friends run into
 * check morale [7.15] and are broken around; an enemy or a routed friend
 * stops it. Returns the distance covered. */
static double rout_path(struct bs_battle *b, int g, double dist, double dir)
{
	double left = dist, covered = 0;
	struct bs_quad obst[BS1E_MAX_UNITS];
	int map[BS1E_MAX_UNITS];
	for (int guard = 0; guard < b->nunits + 2 && left > 1e-9; guard++) {
		struct bs_tt_shape s;
		struct bs_tt_pose p;
		bs1e_shape(b, g, &s);
		bs1e_pose(b, g, &p);
		int n = bs1e_obstacles(b, g, -1, obst, map);
		struct bs_tt_step_result r;
		bs_tt_advance(&s, &p, left, bs_angle_diff(p.facing, dir), obst,
			      n, &r);
		b->units[g].front = p.front;
		left -= r.done;
		covered += r.done;
		if (r.hit < 0)
			break;
		int h = map[r.hit];
		struct bs_unit_state *f = &b->units[h];
		if (f->side != b->units[g].side || bs1e_routed(b, h))
			break; /* an enemy, or a routed friend: it stops */
		/* [7.15] "If a routing unit hits a friendly unit that has not
		 * routed, the unit that has not routed must make an
		 * immediate Morale Check." */
		struct bs_vec at = bs1e_centre(b, g);
		bs1e_morale_check(b, h, 1u << BS1E_T5_OTHER_RULE, 0, at,
				  "[7.15]");
		if (!bs1e_in_play(b, h) || bs1e_routed(b, h))
			continue; /* "it moves ahead of the friendly unit" */
		/* "the routing unit "breaks around" the checking unit,
		 * reforms on the other side, and continues its movement" */
		struct bs_quad fq = bs1e_quad(b, h), rq = bs1e_quad(b, g);
		struct bs_vec d = bs_dir(dir);
		double maxf = -HUGE_VAL, minr = HUGE_VAL;
		for (int i = 0; i < 4; i++) {
			maxf = fmax(maxf, bs_vec_dot(fq.p[i], d));
			minr = fmin(minr, bs_vec_dot(rq.p[i], d));
		}
		double t = maxf - minr + 2 * BS_GEOM_TOUCH;
		if (t > left)
			break; /* RULING R-111: not within its rout move */
		struct bs_tt_pose np = p;
		np.front = bs_vec_add(p.front, bs_vec_scale(d, t));
		struct bs_quad nq = bs_tt_quad(&s, &np);
		if (!bs_tt_fits(&nq, NULL, obst, n, 1, NULL))
			break;
		b->units[g].front = np.front;
		left -= t;
		covered += t;
	}
	return covered;
}

/* How far unit g, standing where it stands, could move `dist` inches in
 * direction `dir` before it meets any other unit (no one is run into:
 * friends are not broken around); *hit gets the unit met (global), -1. */
static double clear_run(const struct bs_battle *b, int g, double dir,
			double dist, int *hit)
{
	struct bs_tt_shape s;
	struct bs_tt_pose p;
	struct bs_quad obst[BS1E_MAX_UNITS];
	int map[BS1E_MAX_UNITS];
	struct bs_tt_step_result r;
	int n = bs1e_obstacles(b, g, -1, obst, map);
	bs1e_shape(b, g, &s);
	bs1e_pose(b, g, &p);
	bs_tt_advance(&s, &p, dist, bs_angle_diff(p.facing, dir), obst, n, &r);
	*hit = r.hit >= 0 ? map[r.hit] : -1;
	return r.done;
}

#define GAP_MAX_DIRS (24 + 4 + 4 * BS1E_MAX_UNITS)

/* RULING R-172 [7.15] the gap a hemmed-in router escapes through: of the
 * directions 15, 30 ... 180 degrees either side of `dir`, along its own
 * edges and along the edges of the blocks it touches (it slides out
 * between two), the nearest to `dir` first, the one in which it could
 * run farthest, the first that runs its whole `dist`. Returns that
 * distance; *gap gets the direction; *friend = 1 when a way shorter than
 * `need` is barred by a friend that has not routed (one it could break
 * around [7.15] were there room beyond). */
static double find_gap(const struct bs_battle *b, int g, double dir,
		       double dist, double need, double *gap, int *friend)
{
	double cand[GAP_MAX_DIRS], dev[GAP_MAX_DIRS];
	int n = 0;
	for (int k = 1; k <= 12; k++) {
		cand[n++] = dir + 15.0 * k;
		if (k < 12)
			cand[n++] = dir - 15.0 * k;
	}
	for (int k = 0; k < 4; k++)
		cand[n++] = b->units[g].facing + 90.0 * k;
	struct bs_quad q = bs1e_quad(b, g);
	for (int h = 0; h < b->nunits; h++) {
		if (h == g || !bs1e_in_play(b, h))
			continue;
		struct bs_quad qh = bs1e_quad(b, h);
		if (!bs_quad_touching(&q, &qh))
			continue;
		for (int k = 0; k < 4; k++)
			cand[n++] = b->units[h].facing + 90.0 * k;
	}
	/* nearest to its own direction first (a stable insertion sort) */
	for (int i = 0; i < n; i++) {
		cand[i] = fmod(fmod(cand[i], 360.0) + 360.0, 360.0);
		dev[i] = fabs(bs_angle_diff(dir, cand[i]));
		for (int j = i; j > 0 && dev[j] < dev[j - 1] - 1e-9; j--) {
			double t = dev[j];
			dev[j] = dev[j - 1];
			dev[j - 1] = t;
			t = cand[j];
			cand[j] = cand[j - 1];
			cand[j - 1] = t;
		}
	}
	double best = -1;
	*gap = dir;
	*friend = 0;
	for (int i = 0; i < n; i++) {
		if (dev[i] < 1e-6)
			continue; /* its own way: already tried */
		int hit;
		double run = clear_run(b, g, cand[i], dist, &hit);
		if (run < need - 1e-6 && hit >= 0 &&
		    b->units[hit].side == b->units[g].side &&
		    !bs1e_routed(b, hit))
			*friend = 1;
		if (run > best + 1e-6) {
			best = run;
			*gap = cand[i];
		}
		if (run >= dist - 1e-6)
			break;
	}
	return best;
}

/* RULING R-172: an enemy in closed or open formation (the book's ring)
 * within 1" of unit g: no gap for a figure to slip out that way. */
static int enemy_at_hand(const struct bs_battle *b, int g)
{
	struct bs_quad q = bs1e_quad(b, g);
	for (int h = 0; h < b->nunits; h++) {
		const struct bs_unit_state *e = &b->units[h];
		if (e->side == b->units[g].side || !bs1e_in_play(b, h) ||
		    bs1e_routed(b, h) ||
		    (e->formation != BS_FORM_CLOSED &&
		     e->formation != BS_FORM_OPEN))
			continue;
		struct bs_quad qh = bs1e_quad(b, h);
		if (bs_quad_dist_cmp(&q, &qh, 1.0) < 0)
			return 1;
	}
	return 0;
}

void bs1e_rout(struct bs_battle *b, int g, const struct bs_vec *cause,
	       int first, const char *what)
{
	struct bs_unit_state *u = &b->units[g];
	const struct bs1e_unit_x *x = &bs1e_sc(b)->ux[g];
	if (!bs1e_in_play(b, g))
		return;
	int newly = !(u->flags & BS_UF_ROUTED);
	/* [7.15] "Place a Rout marker on any unit that routs." */
	u->flags |= BS_UF_ROUTED | BS_UF_OUT_OF_COMMAND;
	u->flags &= ~(unsigned)BS_UF_RALLIED;
	if (x->mob)
		u->mob_order = BS_MOB_NONE;
	if (u->formation == BS_FORM_CLOSED)
		/* [7.6] routed: "it automatically goes to open formation" */
		bs1e_change_formation(b, g, BS_FORM_OPEN, 1,
				      "routed: automatically to open "
				      "formation",
				      "[7.6]");
	/* [7.15] completely surrounded by enemy units in closed or open
	 * formation, no gap of 1": destroyed */
	struct bs_quad enemy[BS1E_MAX_UNITS];
	int ne = ring(b, g, enemy);
	struct bs_quad q = bs1e_quad(b, g);
	if (ne >= 1 && bs_tt_surrounded(&q, enemy, ne)) {
		bs1e_unit_destroyed(b, g, "surrounded", "[7.15]");
		return;
	}
	struct bs_vec c = bs_quad_centre(&q);
	struct bs_quad q0 = q; /* where it routed from */
	double dir = u->rout_facing;
	if (cause)
		dir = bs_tt_rout_dir(c, *cause, b->sc->sides[u->side].edge);
	/* [7.15] "moves away from the enemy a total of its movement rate
	 * plus an additional 1/3 of its movement rate" (RULING R-139: the
	 * third is not rounded); [6.4] [7.15] afterwards its full MV */
	double dist = first ? u->r.mv + u->r.mv / 3.0 : (double)u->r.mv;
	struct bs_vec x0 = u->front;
	double f0 = u->facing;
	u->rout_facing = dir;
	double moved = rout_path(b, g, dist, dir);
	/* RULING R-172 [7.15] "Otherwise, the entire unit is entitled to
	 * rout through the gap": a router that cannot get 1" away (its
	 * whole move when shorter) its own way looks for another way out;
	 * with none, no friend in the way that could make room, and an
	 * enemy ring at hand, it is destroyed as completely surrounded
	 * (pressed against friends, it waits for them) */
	double need = dist < 1.0 ? dist : 1.0;
	if (moved < need - 1e-6) {
		struct bs_vec here = u->front;
		u->front = x0;
		double gap;
		int friend;
		double run = find_gap(b, g, dir, dist, need, &gap, &friend);
		if (run >= need - 1e-6) {
			dir = gap;
			u->rout_facing = dir;
			moved = rout_path(b, g, dist, dir);
		} else if (!friend && enemy_at_hand(b, g)) {
			bs1e_unit_destroyed(b, g, "surrounded",
					    "[7.15] RULING R-172");
			return;
		} else {
			u->front = here;
		}
	}
	/* "ends its move with its back to the enemy": at the end of the
	 * move it turns in place to its direction of flight when there is
	 * room, else about (the same footprint) when that is nearer
	 * (RULING R-110) */
	face_away(b, g, dir);
	u->flags |= BS_UF_MOVED;
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs1e_ev(b, &ev, BS_EV_ROUT);
		bs_battle_ev_units(b, &ev, g, -1);
		ev.x0 = x0.x;
		ev.y0 = x0.y;
		ev.f0 = f0;
		ev.x1 = u->front.x;
		ev.y1 = u->front.y;
		ev.f1 = u->facing;
		ev.n[0] = (int)lround(moved * 10);
		ev.n[1] = (int)lround(dist * 10);
		ev.what = what;
		ev.cite = first ? "[7.15]" : "[6.4] [7.15]";
		bs_battle_emit(b, &ev);
	}
	/* [6.4] [7.15] "If a routing unit moves off the edge of the table
	 * ... it is removed from play." */
	struct bs_quad fq = bs1e_quad(b, g);
	if (bs_tt_off_table(&fq, b->sc->width, b->sc->depth)) {
		removed_off(b, g);
		return;
	}
	if (!newly || !first)
		return;
	/* Table 5 "A figure is a member of a Skirmish unit, and any friendly
	 * unit or figure within its base ground movement rate Routs"
	 * (RULING R-115: the skirmish unit checks once, if it was within
	 * its MV of the unit where the rout began) */
	for (int h = 0; h < b->nunits; h++) {
		const struct bs_unit_state *k = &b->units[h];
		if (h == g || k->side != u->side || !bs1e_in_play(b, h) ||
		    bs1e_routed(b, h) || !bs1e_sc(b)->ux[h].skirmish)
			continue;
		struct bs_quad kq = bs1e_quad(b, h);
		if (bs_quad_dist_cmp(&kq, &q0, k->r.mv) > 0)
			continue;
		bs1e_morale_check(b, h, 1u << BS1E_T5_SKIRMISHER_FRIEND_ROUTS,
				  0, cause ? *cause : c, "[4.4 T5] [2.9]");
	}
}
