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
 * (RULING R-172); friendly skirmishers within their MV check (Table 5).
 * The rout move of the Movement Phase offers the enemy its moments of
 * pass-through fire [10.6] (RULING R-457). */
#include <math.h>
#include <stdio.h>

#include "bs1e/engine.h"

/* Table 4 [2.10] "a friendly regular infantry unit is directly behind it
 * and no more than 6" away" (RULING R-114, revised: its centre behind the
 * mob's rear edge and within the mob's width, not off to one side; its
 * block within 6"). */
static int mob_supported(const struct bs_battle *b, int g)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	struct bs_quad q = bs1e_quad(b, g);
	struct bs_tt_shape sg;
	struct bs_tt_pose pg;
	bs1e_shape(b, g, &sg);
	bs1e_pose(b, g, &pg);
	for (int h = 0; h < b->nunits; h++) {
		if (h == g || b->units[h].side != b->units[g].side ||
		    !bs1e_in_play(b, h) || bs1e_routed(b, h) ||
		    !s->ux[h].regular || !s->ux[h].infantry)
			continue;
		struct bs_quad qh = bs1e_quad(b, h);
		if (bs_quad_dist_cmp(&q, &qh, 6.0) > 0)
			continue;
		double lx, ly;
		bs_tt_local(&pg, sg.width, bs_quad_centre(&qh), &lx, &ly);
		if (ly > sg.depth && lx >= 0 && lx <= sg.width)
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
		/* not undead as such: Table 5 makes them a reason to check,
		 * Table 4 gives -3 only for drainers and the unharmable */
		if (b->units[h].r.level_drain)
			*drain = 1;
		if (b->units[h].r.magic_to_hit && !s->ux[g].magic_weapon)
			*unharm = 1;
	}
	/* RULING R-733: an enemy individual standing alone touching it */
	unsigned im = bs1e_indiv_contact_marks(b, g, NULL);
	if (im & BS1E_IC_DRAIN)
		*drain = 1;
	if (im & BS1E_IC_UNHARMABLE)
		*unharm = 1;
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
	/* figures lost: killed, not the skirmishers routed apart */
	sit.t4 |= bs1e_morale_loss_rows(u->original, bs_unit_killed(u));
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
	/* RULING R-067's optional rule */
	sit.losses_cumulative =
	    (b->sc->options & (1u << BS_OPT_TABLE4_LOSSES_CUMULATIVE)) != 0;
	sit.formation = u->formation;
	sit.skirmish_unit = x->skirmish;
	sit.mob = x->mob;
	bs1e_morale_current(u->r.ml, &sit, d);
	bs1e_bonus_morale(b, g, d); /* [14.7] RULING R-686 */
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
	/* [13.6] the term of an awe and fear check (r13_awe.c, issue 16) */
	const struct bs1e_scratch *sx = bs1e_sc(b);
	if (sx->morale_extra)
		bs_deriv_add(&d, sx->morale_extra, sx->morale_extra_cite, "%s",
			     sx->morale_extra_label);
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

/* Units that never check morale: [13.9] mindless undead, and the [4.1]
 * units that "never check morale (e.g., berserkers, gibberlings)" and
 * "cannot Rout": a check that could rout them (Table 5, [7.15]) is not
 * rolled; a NOTE says why. Returns 1 when the check is not made. */
static int never_checks(struct bs_battle *b, int g)
{
	const struct bs_unit_state *u = &b->units[g];
	const struct bs1e_unit_x *x = &bs1e_sc(b)->ux[g];
	if (x->mindless) {
		bs1e_note(b, g, "mindless undead never check morale: no check",
			  "[13.9]");
		return 1;
	}
	if (u->r.never_checks_morale) {
		bs1e_note(b, g,
			  "the unit never checks morale and cannot rout: no "
			  "check",
			  "[4.1]");
		return 1;
	}
	return 0;
}

int bs1e_morale_roll(struct bs_battle *b, int g, unsigned t5, unsigned t4x,
		     const char *cite, const char *what_failed)
{
	int passed;
	if (!bs1e_in_play(b, g))
		return 1;
	if (bs1e_sc(b)->ux[g].mindless) {
		/* RULING R-370 [13.9] [7.13]: "Units that "never check
		 * morale" are subject to this penalty", and mindless undead
		 * roll no check at all: the check is failed */
		bs1e_note(b, g,
			  "mindless undead roll no check: it counts as failed",
			  "[13.9] [7.13] RULING R-370");
		return 0;
	}
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
	if (never_checks(b, g))
		return 1;
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

/* Why unit g's uncontrolled attack [4.6] is over ("until the unit is
 * routed, the enemy unit is routed, or the enemy unit is completely
 * defeated"), NULL while it goes on; "" when it is on none. */
static const char *disc_over(const struct bs_battle *b, int g)
{
	const struct bs_unit_state *u = &b->units[g];
	if (!(u->flags & BS_UF_DISC_FAILED) || u->disc_tside < 0)
		return "";
	int t = bs1e_g(b, u->disc_tside, u->disc_tunit);
	return !bs1e_in_play(b, g) || bs1e_routed(b, g) ? "the unit routed"
	       : !bs1e_in_play(b, t) ? "its enemy is defeated"
	       : bs1e_routed(b, t)   ? "its enemy routed"
				     : NULL;
}

int bs_tt_uncontrolled_attack(const struct bs_battle *b, int side, int unit)
{
	if (side < 0 || side >= b->nsides || unit < 0 ||
	    unit >= b->sc->sides[side].nunits || b->rules != &bs1e_ruleset)
		return 0;
	return disc_over(b, bs1e_g(b, side, unit)) == NULL;
}

int bs1e_disc_attacking(struct bs_battle *b, int g)
{
	struct bs_unit_state *u = &b->units[g];
	const char *why = disc_over(b, g);
	if (!why)
		return 1;
	if (!why[0])
		return 0;
	int t = bs1e_g(b, u->disc_tside, u->disc_tunit);
	u->disc_tside = u->disc_tunit = -1;
	if (bs_battle_events_on(b) && bs1e_in_play(b, g)) {
		char msg[96];
		snprintf(msg, sizeof msg,
			 "its uncontrolled attack is over: %s; its commander "
			 "may reassert command",
			 why);
		bs1e_note_vs(b, g, t, msg, "[4.6]");
	}
	return 0;
}

int bs1e_discipline_check(struct bs_battle *b, int g, enum bs1e_t7 reason,
			  int target)
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
	if (x->mindless) {
		/* [13.9] "They never check morale or discipline" */
		bs1e_note(b, g,
			  "mindless undead never check discipline: no check",
			  "[13.9]");
		return 1;
	}
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
	/* "It charges and/or attacks the enemy": the enemy that made it
	 * check (RULING R-124: else the nearest) */
	int t =
	    target >= 0 && bs1e_in_play(b, target) && !bs1e_routed(b, target)
		? target
		: bs1e_nearest_enemy(b, g, 0);
	u->disc_tside = t >= 0 ? b->units[t].side : -1;
	u->disc_tunit = t >= 0 ? b->units[t].idx : -1;
	u->cmd_by = -1;
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs1e_ev(b, &ev, BS_EV_COMMAND);
		bs_battle_ev_units(b, &ev, g, t);
		ev.indiv = -1;
		ev.n[0] = 0;
		ev.what = "failed a discipline check: out of command, it "
			  "attacks the enemy regardless";
		ev.cite = "[4.6] [4.7]";
		bs_battle_emit(b, &ev);
	}
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

/* issue 13: the box of q grown by m (the reach of a rout's obstacle
 * list), and 1 when box x lies inside box r shrunk by m. */
static struct bs_box grown(const struct bs_box *x, double m)
{
	return (struct bs_box){x->x0 - m, x->y0 - m, x->x1 + m, x->y1 + m};
}

static int inside(const struct bs_box *x, const struct bs_box *r, double m)
{
	return x->x0 >= r->x0 + m && x->x1 <= r->x1 - m && x->y0 >= r->y0 + m &&
	       x->y1 <= r->y1 - m;
}

static void face_away(struct bs_battle *b, int g, double dir)
{
	struct bs_unit_state *u = &b->units[g];
	struct bs_tt_shape s;
	struct bs_tt_pose p;
	struct bs_quad obst[BS1E_MAX_UNITS];
	bs1e_shape(b, g, &s);
	bs1e_pose(b, g, &p);
	struct bs_quad q = bs_tt_quad(&s, &p);
	struct bs_vec c = bs_quad_centre(&q);
	struct bs_tt_pose np = {
	    bs_vec_add(c, bs_vec_scale(bs_dir(dir), s.depth / 2)), dir};
	struct bs_quad nq = bs_tt_quad(&s, &np);
	/* issue 13: bs_tt_fits looks at no obstacle whose box lies farther
	 * than BS_GEOM_TOUCH + 1e-6 from nq's: those within 1" of it are
	 * all the list needs */
	struct bs_box nb = bs_quad_box(&nq), reach = grown(&nb, 1.0);
	int n = bs1e_obstacles_reach(b, g, -1, &reach, obst, NULL);
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
	bs1e_moved(b, g);
}

static void removed_off(struct bs_battle *b, int g)
{
	struct bs_unit_state *u = &b->units[g];
	u->flags |= BS_UF_REMOVED;
	u->end = BS_END_ROUTED_OFF;
	u->sk_off += u->sk_away; /* RULING R-378: they do not come back */
	u->sk_away = 0;
	u->end_round = b->round;
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs1e_ev(b, &ev, BS_EV_REMOVED);
		bs_battle_ev_units(b, &ev, g, -1);
		ev.what = "off the table";
		ev.cite = "[7.15]";
		bs_battle_emit(b, &ev);
	}
	/* [9.1] "If the unit routs and leaves the battlefield (see [6.4]),
	 * the PC/NPC individual cannot rejoin the battle, although he is
	 * still alive" (RULING R-554): its members and its commander in its
	 * ranks leave with it, lost to command [9.3] */
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int i = 0; i < b->sc->sides[u->side].nindividuals; i++) {
		int k = b->indiv_first[u->side] + i;
		struct bs_indiv_state *c = &b->indivs[k];
		if (c->with_unit != u->idx || !c->alive || c->lost)
			continue;
		c->lost = 1;
		s->lost[u->side][i] = 1;
		bs1e_note_indiv(b, k,
				"leaves the battlefield with his routed unit: "
				"alive, he cannot rejoin the battle",
				"[9.1] [6.4] RULING R-554");
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
		/* issue 13: the units whose boxes lie within 2 left + 2" of
		 * the block's: the advance below is checked to have gone no
		 * farther than left + 1" (the dropped ones then lie more
		 * than left + 1" beyond any place the block passed, never
		 * touched: the sweep found what the full list gives), and
		 * the block put beyond a friend to lie 1" inside the reach;
		 * else the full list is taken */
		struct bs_quad q0 = bs_tt_quad(&s, &p);
		struct bs_box b0 = bs_quad_box(&q0);
		struct bs_box reach = grown(&b0, 2 * left + 2);
		int full = 0;
		int n = bs1e_obstacles_reach(b, g, -1, &reach, obst, map);
		struct bs_tt_pose p0 = p;
		struct bs_tt_step_result r;
		/* [11.8] over the ground (RULING R-454) */
		bs1e_ground_advance(b, g, &s, &p, left,
				    bs_angle_diff(p.facing, dir), obst, n, &r);
		if (!(fabs(r.done) <= left + 1)) {
			p = p0;
			n = bs1e_obstacles(b, g, -1, obst, map);
			full = 1;
			bs1e_ground_advance(b, g, &s, &p, left,
					    bs_angle_diff(p.facing, dir), obst,
					    n, &r);
		}
		b->units[g].front = p.front;
		bs1e_moved(b, g);
		left -= r.cost;
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
		double cost = t;
		const struct bs_terrain_index *ti = bs1e_terrain(b);
		if (ti && bs_terrain_sweep(ti, &rq, d, t, NULL, 0) > 0) {
			/* RULING R-454: breaking around pays the ground, and
			 * not onto ground it may not enter */
			struct bs_tt_mover gm = bs1e_sc(b)->ux[g].gm;
			gm.formation = s.formation;
			struct bs_terrain_path tp;
			bs_terrain_advance(ti, &rq, d, t, left, 1.0,
					   b->units[g].r.mv, &gm, &tp);
			if (tp.dist < t - 1e-9)
				break;
			cost = tp.cost;
		}
		struct bs_tt_pose np = p;
		np.front = bs_vec_add(p.front, bs_vec_scale(d, t));
		struct bs_quad nq = bs_tt_quad(&s, &np);
		struct bs_box nb = bs_quad_box(&nq);
		if (!full && !inside(&nb, &reach, 1.0))
			n = bs1e_obstacles(b, g, -1, obst, map);
		if (!bs_tt_fits(&nq, NULL, obst, n, 1, NULL))
			break;
		b->units[g].front = np.front;
		bs1e_moved(b, g);
		left -= cost;
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
	bs1e_shape(b, g, &s);
	bs1e_pose(b, g, &p);
	/* issue 13: as rout_path's (the run checked to stop within dist +
	 * 1" of the 2 dist + 2" of the reach, else the full list) */
	struct bs_quad q0 = bs_tt_quad(&s, &p);
	struct bs_box b0 = bs_quad_box(&q0);
	struct bs_box reach = grown(&b0, 2 * dist + 2);
	int n = bs1e_obstacles_reach(b, g, -1, &reach, obst, map);
	struct bs_tt_pose p0 = p;
	bs1e_ground_advance(b, g, &s, &p, dist, bs_angle_diff(p.facing, dir),
			    obst, n, &r);
	if (!(fabs(r.done) <= dist + 1)) {
		p = p0;
		n = bs1e_obstacles(b, g, -1, obst, map);
		bs1e_ground_advance(b, g, &s, &p, dist,
				    bs_angle_diff(p.facing, dir), obst, n, &r);
	}
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

static void group_run(struct bs_battle *b, int g, double dist, const char *what,
		      const char *cite);

/* Table 5 [2.9] "Each figure in a skirmish unit must make a Morale Check
 * whenever any friendly unit in its base ground movement range Routs. If
 * the Morale Check is failed, the skirmishing figure also routs." (RULING
 * R-115 revised): a check (2d10) for each figure of skirmish unit g
 * against the unit's current morale; when they all fail, the unit routs;
 * when some do, they leave its block and rout on their own, MV + 1/3 MV
 * away from `cause` and toward their own lines (RULING R-378). */
static void skirmish_figures_check(struct bs_battle *b, int g,
				   struct bs_vec cause)
{
	struct bs_unit_state *u = &b->units[g];
	if (never_checks(b, g))
		return;
	struct bs_deriv d;
	current_morale(b, g, 0, &d);
	int n = u->figures, failed = 0;
	for (int i = 0; i < n; i++) {
		int d1 = bs_roll(&b->dice, 10), d2 = bs_roll(&b->dice, 10);
		int passed = bs1e_morale_passes(d.value, d1 + d2);
		failed += !passed;
		if (bs_battle_events_on(b)) {
			char what[64];
			snprintf(what, sizeof what, "figure %d of %d %s", i + 1,
				 n, passed ? "holds" : "routs");
			bs1e_ev_check(
			    b, BS_EV_MORALE, g, -1, &d, d1, d2, passed,
			    (int)(1u << BS1E_T5_SKIRMISHER_FRIEND_ROUTS), what,
			    "[4.4 T5] [2.9]");
		}
	}
	if (failed == 0)
		return;
	if (failed == n) {
		bs1e_rout(b, g, &cause, 1, "routs: every figure failed");
		return;
	}
	struct bs_vec c = bs1e_centre(b, g);
	if (u->sk_away == 0 || u->sk_back)
		u->sk_pos = c; /* a new group runs from the unit */
	u->figures -= failed;
	bs1e_moved(b, g);
	if (u->wounded > u->figures)
		u->wounded = u->figures;
	u->sk_away += failed;
	u->sk_back = 0;
	u->sk_dir =
	    bs_tt_rout_dir(u->sk_pos, cause, b->sc->sides[u->side].edge);
	group_run(b, g, u->r.mv + u->r.mv / 3.0, "rout on their own",
		  "[2.9] [7.15] RULING R-378");
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
	/* [4.6] an uncontrolled attack ends when "the unit is routed" */
	u->disc_tside = u->disc_tunit = -1;
	u->flags &= ~(unsigned)BS_UF_RALLIED;
	if (x->mob)
		u->mob_order = BS_MOB_NONE;
	if (u->formation == BS_FORM_CLOSED ||
	    (x->regular && u->formation == BS_FORM_SKIRMISH))
		/* [7.6] routed: "it automatically goes to open formation"
		 * (an elite unit in skirmish formation too [2.11]) */
		bs1e_change_formation(b, g, BS_FORM_OPEN, 1,
				      "routed: automatically to open "
				      "formation",
				      "[7.6]");
	/* [7.15] "completely surrounded (all passable terrain completely
	 * blocked) by an enemy unit in closed or open formation, and there
	 * is no gap of 1" or more ... through which even a single figure
	 * could escape, the routing unit is automatically destroyed"
	 * (RULING R-172: the enemy blocks, joined wherever less than 1"
	 * apart, enclose it), whatever room it has inside the ring */
	struct bs_quad enemy[BS1E_MAX_UNITS];
	int ne = ring(b, g, enemy);
	struct bs_quad q = bs1e_quad(b, g);
	struct bs_vec c = bs_quad_centre(&q);
	if (ne >= 2 && bs_tt_enclosed(c, enemy, ne, 1.0)) {
		bs1e_unit_destroyed(b, g, "surrounded", "[7.15] RULING R-172");
		return;
	}
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
	double moved = 0;
	/* RULING R-172 "Otherwise, the entire unit is entitled to rout
	 * through the gap": a router held inside the ring by gaps its block
	 * cannot pass, but with a gap of 1" or more out, routs through it
	 * (its figures one by one, reforming beyond it), or toward it when
	 * it is beyond its move */
	struct bs_tt_shape sh;
	bs1e_shape(b, g, &sh);
	double trap = fmin(sh.width, sh.depth) + 2 * BS_GEOM_TOUCH;
	if (ne >= 2 && bs_tt_enclosed(c, enemy, ne, trap)) {
		struct bs_quad obst[BS1E_MAX_UNITS];
		int n = bs1e_obstacles(b, g, -1, obst, NULL);
		struct bs_tt_pose p0, np;
		bs1e_pose(b, g, &p0);
		double used, toward;
		if (bs_tt_through_gap(&sh, &p0, enemy, ne, obst, n, dist, 1.0,
				      trap, &np, &used, &toward)) {
			u->front = np.front;
			u->facing = np.facing;
			bs1e_moved(b, g);
			dir = np.facing;
			moved = used;
			bs1e_note(
			    b, g,
			    "routs through a gap in the ring, its figures "
			    "reforming beyond it",
			    "[7.15] RULING R-172");
		} else if (toward >= 0) {
			dir = toward;
		}
	}
	u->rout_facing = dir;
	if (moved == 0)
		moved = rout_path(b, g, dist, dir);
	/* RULING R-172 [7.15]: a router that cannot get 1" away (its whole
	 * move when shorter) its own way looks for another way out; with
	 * none it stays where it is (pressed against friends, or against a
	 * ring with a gap too far or too crowded beyond to reach) */
	double need = dist < 1.0 ? dist : 1.0;
	if (moved < need - 1e-6) {
		struct bs_vec here = u->front;
		u->front = x0;
		bs1e_moved(b, g);
		double gap;
		int friend;
		double run = find_gap(b, g, dir, dist, need, &gap, &friend);
		if (run >= need - 1e-6) {
			dir = gap;
			u->rout_facing = dir;
			moved = rout_path(b, g, dist, dir);
		} else {
			u->front = here;
			bs1e_moved(b, g);
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
	 * (RULING R-115, revised: each figure of a skirmish unit within its
	 * MV of the unit where the rout began checks) */
	for (int h = 0; h < b->nunits; h++) {
		const struct bs_unit_state *k = &b->units[h];
		if (h == g || k->side != u->side || !bs1e_in_play(b, h) ||
		    bs1e_routed(b, h) || !bs1e_sc(b)->ux[h].skirmish)
			continue;
		struct bs_quad kq = bs1e_quad(b, h);
		if (bs_quad_dist_cmp(&kq, &q0, k->r.mv) > 0)
			continue;
		skirmish_figures_check(b, h, cause ? *cause : c);
	}
}

/* ---- [10.6] pass-through fire at a rout move (RULING R-457) ------------- */

/* RULING R-457 the moments of routed unit g's rout move of its side's
 * Movement Phase, as bs1e_rout will make it: where it starts, every inch
 * of its line up to the first unit in its way (or the ground, or its MV),
 * and its end (-1 in t: fired where it comes to stand, a friend it breaks
 * around [7.15] or a gap it routs through being known only when
 * they happen). A router does not engage [7.15]: no moment is a contact.
 * Returns how many (0: no move to fire at, it is destroyed where it
 * stands, surrounded ); *dir gets the line's direction. */
static int rout_moments(const struct bs_battle *b, int g,
			struct bs_move_point *pt, double *t, int max,
			double *dir)
{
	const struct bs_unit_state *u = &b->units[g];
	struct bs_quad enemy[BS1E_MAX_UNITS];
	int ne = ring(b, g, enemy);
	struct bs_quad q = bs1e_quad(b, g);
	struct bs_vec c = bs_quad_centre(&q);
	if (ne >= 2 && bs_tt_enclosed(c, enemy, ne, 1.0))
		return 0;
	struct bs_tt_shape sh;
	struct bs_tt_pose p;
	bs1e_shape(b, g, &sh);
	bs1e_pose(b, g, &p);
	double dist = (double)u->r.mv;
	double trap = fmin(sh.width, sh.depth) + 2 * BS_GEOM_TOUCH;
	*dir = u->rout_facing;
	/* its line: as far as it runs clear the way it was going (as
	 * rout_path's first leg), and the MV it pays an inch */
	double run = 0, rate = 1.0;
	if (!(ne >= 2 && bs_tt_enclosed(c, enemy, ne, trap))) {
		struct bs_quad obst[BS1E_MAX_UNITS];
		/* issue 13: as clear_run's (checked, else the full list) */
		struct bs_quad q0 = bs_tt_quad(&sh, &p);
		struct bs_box b0 = bs_quad_box(&q0);
		struct bs_box reach = grown(&b0, 2 * dist + 2);
		int n = bs1e_obstacles_reach(b, g, -1, &reach, obst, NULL);
		struct bs_tt_pose p0 = p;
		struct bs_tt_step_result r;
		bs1e_ground_advance(b, g, &sh, &p, dist,
				    bs_angle_diff(u->facing, *dir), obst, n,
				    &r);
		if (!(fabs(r.done) <= dist + 1)) {
			p = p0;
			n = bs1e_obstacles(b, g, -1, obst, NULL);
			bs1e_ground_advance(b, g, &sh, &p, dist,
					    bs_angle_diff(u->facing, *dir),
					    obst, n, &r);
		}
		run = r.done;
		if (run > 1e-9)
			rate = r.cost / run;
	}
	double need = dist < 1.0 ? dist : 1.0;
	if (run < need - 1e-6)
		run = 0; /* it will look for a way out: no line */
	struct bs_vec d = bs_dir(*dir);
	int k = 0;
	for (double i = 0; k < max - 1 && (k == 0 || i < run - 0.25);
	     i += 1.0) {
		pt[k] = (struct bs_move_point){u->side,
					       u->idx,
					       u->front.x + d.x * i,
					       u->front.y + d.y * i,
					       u->facing,
					       sh.files,
					       sh.figures,
					       sh.formation,
					       i * rate,
					       0,
					       -1,
					       -1,
					       -1};
		t[k++] = i;
	}
	/* its end, where the line shows it (fired where it stands then) */
	pt[k] = pt[k - 1];
	pt[k].x = u->front.x + d.x * run;
	pt[k].y = u->front.y + d.y * run;
	pt[k].moved = run > 0 ? fmin(run * rate, dist) : dist;
	t[k++] = -1;
	return k;
}

/* RULING R-457 the volleys of po[*i ..] ordered at moment k, routed unit
 * g standing at pt; 0 when it is no longer on the table after them. */
static int rout_pause(struct bs_battle *b, int g,
		      const struct bs1e_pt_order *po, int np, int *i, int k,
		      const struct bs_move_point *pt)
{
	if (bs_battle_events_on(b)) {
		char msg[80];
		snprintf(msg, sizeof msg,
			 "pass-through fire: %.1f\" into its rout move",
			 pt->moved);
		bs_battle_say(b, BS_EV_NOTE, g, msg, "[10.6] RULING R-457");
	}
	for (; *i < np && po[*i].at == k; (*i)++) {
		const struct bs1e_pt_order *o = &po[*i];
		if (bs1e_in_play(b, g)) {
			/* its block where and as the volleys before left it
			 * (one that routed it again [6.4] moved it) */
			struct bs_tt_shape s;
			bs1e_shape(b, g, &s);
			struct bs_move_point at = *pt;
			at.x = b->units[g].front.x;
			at.y = b->units[g].front.y;
			at.facing = b->units[g].facing;
			at.files = s.files;
			at.figures = s.figures;
			at.formation = s.formation;
			/* a unit's volley or a hero's shot (RULING R-549) */
			bs1e_pt_fire(b, o, &at);
		} else
			bs1e_pt_skip(b, o, 0,
				     "pass-through fire not taken: the router "
				     "is destroyed",
				     "[10.6] RULING R-457");
	}
	return bs1e_in_play(b, g);
}

void bs1e_rout_move(struct bs_battle *b, int g)
{
	struct bs_unit_state *u = &b->units[g];
	struct bs_move_point pt[BS_MAX_MOVE_POINTS];
	double t[BS_MAX_MOVE_POINTS];
	struct bs1e_pt_order po[BS_MAX_FIRE_ORDERS];
	int n = 0, np = 0, i = 0;
	double dir = u->rout_facing;
	/* [10.6] "at any point during the enemy's movement ... against any
	 * enemy units in range and line of sight": the rout move of the
	 * Movement Phase that follows the rout [7.15] is movement of that
	 * phase (RULING R-457) */
	if (bs1e_pass_through_possible(b, g))
		n = rout_moments(b, g, pt, t, BS_MAX_MOVE_POINTS, &dir);
	if (n > 0)
		np = bs1e_pass_through_orders(b, g, pt, n, po,
					      BS_MAX_FIRE_ORDERS);
	struct bs_vec x0 = u->front;
	double f0 = u->facing;
	struct bs_vec d = bs_dir(dir);
	int paused = 0, again = 0;
	while (i < np && t[po[i].at] >= 0) {
		/* the router stopped at that inch of its line */
		int k = po[i].at;
		u->front = bs_vec_add(x0, bs_vec_scale(d, t[k]));
		bs1e_moved(b, g);
		paused = 1;
		if (!rout_pause(b, g, po, np, &i, k, &pt[k]))
			break;
		/* [6.4] "If a routed unit is attacked by an enemy ... it
		 * takes any damage and automatically routs again": that move,
		 * from where it was hit, ends this one (RULING R-457) */
		if (b->units[g].flags & BS_UF_MOVED) {
			again = 1;
			break;
		}
	}
	if (paused && !again && bs1e_in_play(b, g)) {
		/* it runs on from where it started, its block as the volleys
		 * left it: the same line (as R-456's withdrawals) */
		u->front = x0;
		u->facing = f0;
		bs1e_moved(b, g);
	}
	if (!again && bs1e_in_play(b, g))
		bs1e_rout(b, g, NULL, 0, "keeps routing");
	if (i < np && !again && bs1e_in_play(b, g)) {
		/* the end: where it came to stand */
		struct bs_move_point e = pt[n - 1];
		e.x = u->front.x;
		e.y = u->front.y;
		e.facing = u->facing;
		e.moved = bs_vec_dist(x0, u->front);
		rout_pause(b, g, po, np, &i, po[i].at, &e);
	}
	for (; i < np; i++)
		bs1e_pt_skip(b, &po[i], 0,
			     !bs1e_in_play(b, g)
				 ? "pass-through fire not taken: the router is "
				   "off the table or destroyed"
			     : again
				 ? "pass-through fire not taken: the router "
				   "routed again from where it was hit"
				 : "pass-through fire not taken: the moment "
				   "did not come",
			     "[10.6] RULING R-457");
}

/* RULING R-378: the figures of unit g routed apart go `dist` inches on
 * their way; over the table edge they are gone [7.15]. */
static void group_run(struct bs_battle *b, int g, double dist, const char *what,
		      const char *cite)
{
	struct bs_unit_state *u = &b->units[g];
	struct bs_vec from = u->sk_pos;
	u->sk_pos =
	    bs_vec_add(u->sk_pos, bs_vec_scale(bs_dir(u->sk_dir), dist));
	int off = u->sk_pos.x < 0 || u->sk_pos.y < 0 ||
		  u->sk_pos.x > b->sc->width || u->sk_pos.y > b->sc->depth;
	if (bs_battle_events_on(b)) {
		char msg[160];
		snprintf(msg, sizeof msg,
			 "%d figure%s %s: %.1f\" from (%.1f, %.1f) to (%.1f, "
			 "%.1f)%s",
			 u->sk_away, u->sk_away == 1 ? "" : "s", what, dist,
			 from.x, from.y, u->sk_pos.x, u->sk_pos.y,
			 off ? ", off the table" : "");
		bs1e_note(b, g, msg, cite);
	}
	if (off) {
		u->sk_off += u->sk_away;
		u->sk_away = 0;
	}
}

void bs1e_skirmishers_move(struct bs_battle *b, int g)
{
	struct bs_unit_state *u = &b->units[g];
	if (u->sk_away <= 0)
		return;
	if (!bs1e_in_play(b, g)) {
		/* its unit is gone: they do not come back */
		u->sk_off += u->sk_away;
		u->sk_away = 0;
		return;
	}
	if (!u->sk_back) {
		/* [6.4] [7.15] "the routing unit moves its full movement rate
		 * in the same direction it was moving" */
		group_run(b, g, u->r.mv, "routed apart keep running",
			  "[6.4] [2.9] RULING R-378");
		return;
	}
	/* rallied: back to the unit at its MV, and into its block when they
	 * reach it and there is room */
	struct bs_vec c = bs1e_centre(b, g);
	double d = bs_vec_dist(u->sk_pos, c);
	if (d > u->r.mv) {
		u->sk_dir = bs_facing_of(bs_vec_sub(c, u->sk_pos));
		group_run(b, g, u->r.mv, "rallied come back",
			  "[2.9] RULING R-378");
		return;
	}
	struct bs_tt_shape s, ns;
	struct bs_tt_pose p;
	bs1e_shape(b, g, &s);
	bs1e_pose(b, g, &p);
	bs_tt_shape_make(s.formation, u->figures + u->sk_away, u->files,
			 s.base_w, s.base_d, b->stands, &ns);
	struct bs_quad obst[BS1E_MAX_OBST];
	int n = bs1e_obstacles_walled(b, g, -1, obst, NULL);
	struct bs_quad oq = bs_tt_quad(&s, &p), nq = bs_tt_quad(&ns, &p);
	if (!bs_tt_fits(&nq, &oq, obst, n, 1, NULL)) {
		u->sk_pos = c;
		bs1e_note(b, g,
			  "the rallied skirmishers wait beside their unit: no "
			  "room in it",
			  "[2.9] RULING R-378");
		return;
	}
	if (bs_battle_events_on(b)) {
		char msg[96];
		snprintf(msg, sizeof msg, "%d rallied figure%s rejoin the unit",
			 u->sk_away, u->sk_away == 1 ? "" : "s");
		bs1e_note(b, g, msg, "[2.9] RULING R-378");
	}
	u->figures += u->sk_away;
	bs1e_moved(b, g);
	u->sk_away = 0;
	u->sk_back = 0;
}
