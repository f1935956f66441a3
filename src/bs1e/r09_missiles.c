/* Heroes who shoot (issue 15), the Intermediate and Advanced Games: an
 * individual standing alone on the table [9.4] whose `weapon:` is a
 * missile weapon (RULING R-525) shoots in step B of the Missile and Magic
 * Phase [1.5 B], after his side's units, the weapon's AD&D shots a Game
 * Round [10.0] (RULING R-526), never in base-to-base contact [10.1], with
 * a line of sight from his counter (the tabletop's sight, 45 degrees
 * about the line to the target: he turns freely, the [9.4] Q&A) within
 * the weapon's long range. At another individual by AD&D rules [9.4 B]
 * (RULING R-527): THAC0 against AC on a d20, -2 at medium and -5 at long
 * range, his dexterity's missile adjustment, the weapon's hit points. At
 * a unit by [9.4 A] "Hero attacking figure" with the BATTLESYSTEM missile
 * procedure [10.0] (RULING R-528): his 1:1 AR with Table 13, a wound at
 * 1/2 of a figure's HD, removed at once [10.0]. RULING R-549: also once
 * in the Initial Missile Phase [1.2] [10.2] with two or more shots a Game
 * Round, and one shot of pass-through fire [10.6] at a moment of an enemy
 * unit's move (the moments: r07_movement.c, as for units). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_tables.h"
#include "bs1e/engine.h"

#define EPS 1e-9

/* His missile weapon (RULING: the first missile weapon of
 * his `weapons:`, else the first that can be thrown), or NULL. */
static const struct bs_unit_weapon *missile_of(const struct bs_individual *d)
{
	return bs_individual_missile_weapon(d);
}

/* [10.4] Table 12's row for figure k's weapon (RULING R-550): the
 * weapon's class; a bow in the hands of a centaur (a race that
 * split-fires) is a mounted archer's, as R-478 for units. */
static int t12_row(const struct bs_battle *b, int k)
{
	const struct bs_individual *def = b->indivs[k].def;
	const struct bs_weapon *w = missile_of(def)->weapon;
	switch (w->missile_class) {
	case BS1E_MISSILE_ARCHER:
		return def->race && (def->race->flags & BS_CF_SPLIT_FIRE)
			   ? BS1E_MISSILE_MOUNTED_ARCHER
			   : BS1E_MISSILE_ARCHER;
	case BS1E_MISSILE_CROSSBOW_SLING:
		return BS1E_MISSILE_CROSSBOW_SLING;
	default:
		return BS1E_MISSILE_THROWN;
	}
}

/* [10.4] Table 12 (RULING R-550): the sixths of his MV he may spend in
 * all this round after `shots` shots; -1 when the table does not let him
 * fire that often. */
static int t12_sixths(const struct bs_battle *b, int k, int shots)
{
	if (shots <= 0)
		return 6;
	if (shots > 2)
		return -1;
	return bs1e_table12[t12_row(b, k)].move_sixths_after_shots[shots];
}

/* RULING R-526 [10.0] "the number of shots per Game Round are the same as
 * in the AD&D game": the weapon's rate a Game Round, a fraction on the
 * later rounds (1/2: every second round, R-508's way); RULING R-550: at
 * most the shots Table 12 prints for his weapon (thrown weapons,
 * crossbows and slings once, archers twice), as for a unit. */
static int shots_round(const struct bs_battle *b, int k)
{
	const struct bs_unit_weapon *w = missile_of(b->indivs[k].def);
	if (!w)
		return 0;
	int num = w->weapon->rate_num > 0 ? w->weapon->rate_num : 1;
	int den = w->weapon->rate_den > 0 ? w->weapon->rate_den : 1;
	int n = bs1e_adnd_routines(num, den, b->round);
	int most = t12_sixths(b, k, 2) >= 0 ? 2 : 1;
	return n < most ? n : most;
}

double bs1e_indiv_t12_mv_left(const struct bs_battle *b, int k)
{
	const struct bs1e_indiv_x *x = &bs1e_sc(b)->ix[k];
	if (x->shots <= 0 || !missile_of(b->indivs[k].def))
		return HUGE_VAL;
	int six = t12_sixths(b, k, x->shots);
	double left = (six > 0 ? b->indivs[k].mv * six / 6.0 : 0) - x->moved;
	return left > 0 ? left : 0;
}

double bs1e_indiv_mv_allowed(const struct bs_battle *b, int side, int indiv)
{
	if (side < 0 || side >= b->nsides || indiv < 0 ||
	    indiv >= b->sc->sides[side].nindividuals)
		return 0;
	int k = b->indiv_first[side] + indiv;
	double left = bs1e_indiv_t12_mv_left(b, k);
	/* [14.7] RULING: slowed, hasted */
	double mv = b->indivs[k].mv * bs1e_bonus_indiv_mv_factor(b, k);
	return left < mv ? left : mv;
}

int bs1e_indiv_shots_left(const struct bs_battle *b, int side, int indiv)
{
	if (!bs1e_indiv_on_table(b, side, indiv))
		return 0;
	int k = b->indiv_first[side] + indiv;
	int n = shots_round(b, k) - bs1e_sc(b)->ix[k].shots;
	return n > 0 ? n : 0;
}

int bs1e_indiv_pass_through_taken(const struct bs_battle *b, int side,
				  int indiv)
{
	return side >= 0 && side < b->nsides && indiv >= 0 &&
	       indiv < b->sc->sides[side].nindividuals &&
	       bs1e_sc(b)->ix[b->indiv_first[side] + indiv].pass_through;
}

static int no(struct bs1e_indiv_shot *o, const char *why, const char *cite)
{
	o->legal = 0;
	o->why = why;
	o->cite = cite;
	return 0;
}

/* The centre of unit g's block. */
static struct bs_vec block_centre(const struct bs_quad *q)
{
	struct bs_vec c = {0, 0};
	for (int i = 0; i < 4; i++) {
		c.x += q->p[i].x / 4;
		c.y += q->p[i].y / 4;
	}
	return c;
}

/* Figure k's counter as a block of one figure facing `facing`. */
static void counter_block(const struct bs_battle *b, int k, double facing,
			  struct bs_tt_shape *sh, struct bs_tt_pose *p)
{
	double w = bs1e_sc(b)->ix[k].base;
	bs_tt_shape_make(BS_FORM_CLOSED, 1, 1, w, w, 0, sh);
	p->facing = facing;
	p->front =
	    bs_vec_add(b->indivs[k].pos, bs_vec_scale(bs_dir(facing), w / 2));
}

/* The block of the unit moving where moment `at` has it [10.6]. */
static void mover_at(const struct bs_battle *b, const struct bs_move_point *at,
		     struct bs_tt_shape *sh, struct bs_tt_pose *p)
{
	const struct bs_unit_state *mu =
	    &b->units[bs1e_g(b, at->side, at->unit)];
	bs_tt_shape_make(at->formation, at->figures > 0 ? at->figures : 1,
			 at->files, mu->r.base_w, mu->r.base_d, b->stands, sh);
	p->front = (struct bs_vec){at->x, at->y};
	p->facing = at->facing;
}

/* The individual (global) whose own move the moment `at` is of, or -1
 * (RULING R-674: unit -1 there). */
static int mover_indiv(const struct bs_battle *b,
		       const struct bs_move_point *at)
{
	return at && at->unit < 0 && at->indiv >= 0 && at->side >= 0 &&
		       at->side < b->nsides &&
		       at->indiv < b->sc->sides[at->side].nindividuals
		   ? b->indiv_first[at->side] + at->indiv
		   : -1;
}

/* Where individual i's counter is at moment `at`: the moment's point when
 * it is of his own move (RULING R-698), else where he stands. */
static struct bs_vec pos_at(const struct bs_battle *b, int i,
			    const struct bs_move_point *at)
{
	return i >= 0 && mover_indiv(b, at) == i ? (struct bs_vec){at->x, at->y}
						 : b->indivs[i].pos;
}

/* Individual i's counter at moment `at` (pos_at). */
static struct bs_quad quad_at(const struct bs_battle *b, int i,
			      const struct bs_move_point *at)
{
	return mover_indiv(b, at) == i
		   ? bs1e_counter_at(pos_at(b, i, at), bs1e_sc(b)->ix[i].base)
		   : bs1e_indiv_quad(b, i);
}

/* [10.1] figure k touches an enemy, the mover mg standing at mq (RULING
 * at the moment it comes into contact with him, before it
 * touches, the mover `skip` he shoots at does not count); an individual
 * moving where `at` has him (RULING R-698). */
static int engaged_at(const struct bs_battle *b, int k, int mg,
		      const struct bs_quad *mq, int skip,
		      const struct bs_move_point *at)
{
	struct bs_quad q = bs1e_indiv_quad(b, k);
	int side = b->indivs[k].side;
	for (int g = 0; g < b->nunits; g++) {
		if (g == skip || b->units[g].side == side ||
		    !bs1e_in_play(b, g))
			continue;
		struct bs_quad u = g == mg ? *mq : bs1e_quad(b, g);
		if (bs_quad_dist_cmp(&q, &u, BS_GEOM_TOUCH) <= 0)
			return 1;
	}
	for (int i = 0; i < b->nindivs; i++) {
		if (b->indivs[i].side == side || !bs1e_indiv_figure(b, i))
			continue;
		struct bs_quad c = quad_at(b, i, at);
		if (bs_quad_dist_cmp(&q, &c, BS_GEOM_TOUCH) <= 0)
			return 1;
	}
	return 0;
}

int bs1e_check_indiv_fire(const struct bs_battle *b, int side,
			  const struct bs_indiv_fire_order *o,
			  struct bs1e_indiv_shot *out)
{
	return bs1e_check_indiv_fire_at(b, side, o,
					b->phase == BS_PHASE_INITIAL_MISSILE
					    ? BS_FIRE_INITIAL
					    : BS_FIRE_PHASE,
					NULL, out);
}

int bs1e_check_indiv_fire_at(const struct bs_battle *b, int side,
			     const struct bs_indiv_fire_order *o,
			     enum bs_fire_kind kind,
			     const struct bs_move_point *at,
			     struct bs1e_indiv_shot *out)
{
	memset(out, 0, sizeof *out);
	out->legal = 1;
	out->g = out->t = -1;
	if (side < 0 || side >= b->nsides || o->indiv < 0 ||
	    o->indiv >= b->sc->sides[side].nindividuals)
		return no(out, "no such individual", "[9.4]");
	if (!bs1e_indiv_on_table(b, side, o->indiv))
		return no(out, "he does not stand alone on the table", "[9.4]");
	int k = b->indiv_first[side] + o->indiv;
	/* [14.6 A] RULING R-694: a charmed individual shoots at no one */
	if (bs1e_indiv_charmed(b, k))
		return no(out, "he is charmed (RULING R-694)", "[14.6 A]");
	/* [14.6 B] RULING R-623: a held or sleeping individual does not
	 * shoot; [14.9] RULING R-676: nor one who flees from a fear */
	if (bs1e_fx_indiv_held(b, k))
		return no(out, "he is held (RULING R-623)", "[14.6 B]");
	if (bs1e_fx_indiv_afraid(b, k, NULL))
		return no(out, "he flees from a fear spell (RULING R-676)",
			  "[14.9]");
	const struct bs_unit_weapon *w = missile_of(b->indivs[k].def);
	if (!w)
		return no(out, "he has no missile weapon",
			  "[9.4] [10.1] RULING R-525");
	if (bs1e_indiv_shots_left(b, side, o->indiv) <= 0)
		return no(out, "no shot left this Game Round",
			  "[10.2] RULING R-526");
	/* [10.2] RULING R-549: the phases a hero shoots in, as a unit */
	const struct bs1e_indiv_x *x = &bs1e_sc(b)->ix[k];
	switch (kind) {
	case BS_FIRE_PHASE:
		break;
	case BS_FIRE_INITIAL:
		/* "only ... if it is entitled to two or more shots during a
		 * Game Round ... a maximum of one time" */
		if (shots_round(b, k) < 2)
			return no(out,
				  "only an individual with two or more shots "
				  "a Game Round shoots in the Initial Missile "
				  "Phase",
				  "[10.2] RULING R-549");
		if (x->fired_initial)
			return no(out,
				  "he shoots at most once in the Initial "
				  "Missile Phase",
				  "[10.2] RULING R-549");
		break;
	case BS_FIRE_PASS_THROUGH:
		/* "a maximum of one shot as Pass-Through Fire" */
		if (!at)
			return no(out,
				  "pass-through fire is taken at a moment of "
				  "an enemy's move",
				  "[10.6] RULING R-549");
		if (x->pass_through)
			return no(out,
				  "he takes at most one shot of pass-through "
				  "fire a round",
				  "[10.2] [10.6] RULING R-549");
		break;
	default:
		return no(out, "an individual does not split-fire",
			  "[10.5] RULING R-549");
	}
	/* [10.4] Table 12 (RULING R-550): the movement he made this round
	 * allows this shot */
	int six = t12_sixths(b, k, x->shots + 1);
	if (six < 0)
		return no(out,
			  "his weapon does not fire that often a round "
			  "(Table 12)",
			  "[10.4 T12] RULING R-550");
	if (x->moved > b->indivs[k].mv * six / 6.0 + EPS)
		return no(out,
			  six == 0 ? "he moved this round: he may not shoot "
				     "(Table 12)"
				   : "he moved too far this round to shoot "
				     "again (Table 12)",
			  "[10.4 T12] RULING R-550");
	if (o->tside < 0 || o->tside >= b->nsides || o->tside == side ||
	    (o->tunit >= 0) == (o->tindiv >= 0))
		return no(out, "missile fire is aimed at one enemy", "[10.1]");
	/* [10.6] the mover where the moment has it: a unit's block, or
	 * (RULING R-698) a lone individual's counter at his own move */
	int mg = at && at->unit >= 0 ? bs1e_g(b, at->side, at->unit) : -1;
	struct bs_tt_shape ms;
	struct bs_tt_pose mp;
	struct bs_quad mq;
	memset(&mq, 0, sizeof mq);
	if (mg >= 0) {
		mover_at(b, at, &ms, &mp);
		mq = bs_tt_quad(&ms, &mp);
	}
	/* [10.1] "A unit that is in base-to-base contact with enemy figures
	 * cannot use missile weapons" */
	int tg = o->tunit >= 0 && o->tunit < b->sc->sides[o->tside].nunits
		     ? bs1e_g(b, o->tside, o->tunit)
		     : -1;
	if (at ? engaged_at(b, k, mg, &mq, tg == mg ? mg : -1, at)
	       : bs1e_indiv_engaged(b, side, o->indiv))
		return no(out,
			  "in base-to-base contact with the enemy: no "
			  "missile fire",
			  "[10.1]");
	struct bs_tt_shape ts, fs;
	struct bs_tt_pose tp, fp;
	struct bs_quad tq;
	struct bs_vec tc;
	if (o->tunit >= 0) {
		if (o->tunit >= b->sc->sides[o->tside].nunits)
			return no(out, "no such unit", "[10.1]");
		out->g = bs1e_g(b, o->tside, o->tunit);
		if (!bs1e_in_play(b, out->g))
			return no(out, "the target is not on the table",
				  "[10.1]");
		/* [14.19] RULING R-346: not at undead in his side's service */
		if (!bs1e_hostile(b, side, out->g))
			return no(out, BS1E_SERVING_WHY, BS1E_SERVING_CITE);
		/* [14.8] RULING R-343: not at an unseen unit */
		if (bs1e_fx_unit_unseen(b, out->g))
			return no(out, BS1E_UNIT_UNSEEN_WHY,
				  BS1E_UNIT_UNSEEN_CITE);
		if (out->g == mg) {
			ts = ms;
			tp = mp;
			tq = mq;
		} else {
			bs1e_shape(b, out->g, &ts);
			bs1e_pose(b, out->g, &tp);
			tq = bs1e_quad(b, out->g);
		}
		tc = block_centre(&tq);
	} else {
		if (o->tindiv >= b->sc->sides[o->tside].nindividuals ||
		    !bs1e_indiv_on_table(b, o->tside, o->tindiv))
			return no(out, "the target is not on the table",
				  "[9.4] [10.1]");
		out->t = b->indiv_first[o->tside] + o->tindiv;
		/* [14.8] "figures unable to see the invisible figures cannot
		 * make magic or missile attacks" RULING R-633 */
		if (bs1e_fx_unseen(b, out->t))
			return no(out, BS1E_UNSEEN_WHY, BS1E_UNSEEN_CITE);
		counter_block(b, out->t, 0, &ts, &tp);
		/* RULING R-698: at his own move, where the moment has him */
		tp.front = bs_vec_add(
		    pos_at(b, out->t, at),
		    bs_vec_scale(bs_dir(0), bs1e_sc(b)->ix[out->t].base / 2));
		tq = quad_at(b, out->t, at);
		tc = pos_at(b, out->t, at);
	}
	/* [13.3] a creature hit only by magic weapons; RULING R-730: an
	 * individual of such a race too */
	if (out->g >= 0 && b->units[out->g].r.magic_to_hit && w->plus <= 0)
		return no(out, "his missiles cannot harm the target", "[13.3]");
	if (out->g < 0 && bs1e_indiv_magic_to_hit(b, out->t) && w->plus <= 0)
		return no(out,
			  "his missiles cannot harm the target: he is hit only "
			  "by magic weapons",
			  "[13.3] RULING R-730");
	/* [11.9] fire only from the edge of woods, and at their edge */
	struct bs_quad hq = bs1e_indiv_quad(b, k);
	if (bs1e_woods(b, &hq) & BS1E_WOODS_DEEP)
		return no(out,
			  "in woods he fires only from their edge, shooting "
			  "out of them",
			  "[11.9]");
	if (bs1e_woods(b, &tq) & BS1E_WOODS_DEEP)
		return no(out,
			  "missile fire cannot be used at figures in the "
			  "woods, only at their edge",
			  "[11.9]");
	/* [10.1] line of sight from his counter, facing the target (heroes
	 * turn freely, the [9.4] Q&A); the other units stand in the way
	 * (RULING R-526), and the other individuals' counters */
	struct bs_vec d = bs_vec_sub(tc, b->indivs[k].pos);
	double facing = bs_vec_len(d) > EPS ? bs_facing_of(d) : 0;
	counter_block(b, k, facing, &fs, &fp);
	struct bs_tt_fire_spec spec;
	memset(&spec, 0, sizeof spec);
	spec.rows = 1;
	spec.reach = w->weapon->range_l;
	spec.ti = bs1e_terrain(b);
	/* [11.9] "Elves and other woodland creatures can sight ... up to 6"
	 * in woods": his race's flag, as his movement's (r09_figures.c) */
	spec.woodland = b->indivs[k].def->race &&
			(b->indivs[k].def->race->flags & BS_CF_WOODLAND);
	struct bs_quad obst[BS1E_MAX_UNITS + BS1E_MAX_INDIVS];
	int n = 0;
	for (int g = 0; g < b->nunits; g++)
		if (g != out->g && bs1e_in_play(b, g))
			obst[n++] = g == mg ? mq : bs1e_quad(b, g);
	/* RULING R-551 [14.4] "an individual character can be targeted if
	 * not physically blocked by any figure or portion of a figure": the
	 * counters of the other heroes and commanders standing alone, friend
	 * or foe, stand in the way of his shot as the units' blocks do */
	int nu = n;
	for (int i = 0; i < b->nindivs; i++)
		if (i != k && i != out->t && bs1e_indiv_figure(b, i))
			obst[n++] = quad_at(b, i, at);
	if (bs_tt_sight_geom(&fs, &fp, &ts, &tp, &spec, obst, NULL, NULL, n,
			     &out->sight) <= 0) {
		/* which: seen without the counters, they hid it */
		struct bs_tt_sight alone;
		int by_counter =
		    out->sight.in_reach > 0 && !out->sight.terrain_hid &&
		    n > nu &&
		    bs_tt_sight_geom(&fs, &fp, &ts, &tp, &spec, obst, NULL,
				     NULL, nu, &alone) > 0;
		return no(out,
			  out->sight.in_reach > 0 && out->sight.terrain_hid
			      ? "he cannot see the target: the terrain hides "
				"it (woods, a hill or a building)"
			  : by_counter ? "he cannot see the target: another "
					 "figure stands in the way"
			  : out->sight.in_reach > 0
			      ? "he cannot see the target"
			      : "the target is out of range",
			  out->sight.in_reach > 0 && out->sight.terrain_hid
			      ? "[10.1] [11.9] RULING R-495"
			  : by_counter ? "[10.1] [14.4] RULING R-551"
			  : out->sight.in_reach > 0 ? "[10.1]"
						    : "[10.0]");
	}
	out->range = out->sight.range;
	out->band = out->range <= w->weapon->range_s + EPS   ? 0
		    : out->range <= w->weapon->range_m + EPS ? 1
							     : 2;
	return 1;
}

/* ---- the shot ------------------------------------------------------------
 */

static const char *const band_name[3] = {"short", "medium", "long"};

/* The events' cites of a shot by kind of fire (RULING R-549); imove: at
 * a moment of a lone individual's own move (RULING R-698). */
static const char *shot_cite(enum bs_fire_kind kind, int at_unit, int imove)
{
	if (kind == BS_FIRE_PASS_THROUGH && imove)
		return at_unit
			   ? "[10.6] [9.4 A] [10.0] RULING R-528, R-549, R-698"
			   : "[10.6] [9.4 B] [10.0] RULING R-527, R-549, R-698";
	switch (kind) {
	case BS_FIRE_INITIAL:
		return at_unit
			   ? "[1.2] [10.2] [9.4 A] [10.0] RULING R-528, R-549"
			   : "[1.2] [10.2] [9.4 B] [10.0] RULING R-527, "
			     "R-549";
	case BS_FIRE_PASS_THROUGH:
		return at_unit ? "[10.6] [9.4 A] [10.0] RULING R-528, R-549"
			       : "[10.6] [9.4 B] [10.0] RULING R-527, R-549";
	default:
		return at_unit ? "[9.4 A] [10.0] RULING R-528"
			       : "[9.4 B] [10.0] RULING R-527";
	}
}

/* PH Dexterity Table, "Reaction/Attacking Adjustment" (missiles): 3 -3,
 * 4 -2, 5 -1, 6-15 0, 16 +1, 17 +2, 18 +3; 0 not given (RULING R-527). */
static int dex_missile(int dex)
{
	if (dex <= 0 || (dex >= 6 && dex <= 15))
		return 0;
	if (dex < 6)
		return dex - 6;
	return dex >= 18 ? 3 : dex - 15;
}

/* [9.4 B] RULING R-527: a shot at individual t by AD&D rules. */
static void shoot_indiv(struct bs_battle *b, int k, int t,
			const struct bs1e_indiv_shot *p, int nth,
			enum bs_fire_kind kind, int imove, const char *why)
{
	struct bs_indiv_state *c = &b->indivs[k], *d = &b->indivs[t];
	const struct bs1e_fighter *f = &bs1e_sc(b)->ix[k].f;
	const struct bs1e_fighter *df = &bs1e_sc(b)->ix[t].f;
	const struct bs_unit_weapon *w = missile_of(c->def);
	const struct bs_weapon *wp = w->weapon;
	/* [14.8] RULING: an invisible target's AC 4 better */
	int inv = bs1e_fx_invis_ac(b, t);
	int need = bs1e_adnd_needed(f->thac0, df->ac);
	struct bs_deriv dn;
	char lab[BS_DERIV_LABEL];
	snprintf(lab, sizeof lab, "THAC0 %d - AC %d%s =", f->thac0, df->ac,
		 need != f->thac0 - df->ac ? " on the matrix" : "");
	bs_deriv_init(&dn, need, lab, NULL, NULL);
	if (inv) {
		int ni = bs1e_adnd_needed(f->thac0, df->ac - inv);
		bs_deriv_add(&dn, ni - need, "[14.8] RULING R-634",
			     "invisible: AC %d", df->ac - inv);
		need = ni;
	}
	int bonus = 0;
	/* the AD&D range penalties, -2 and -5, Table 13's +2 and +5 */
	if (p->band > 0) {
		const struct bs1e_mod_row *r =
		    &bs1e_table13[p->band == 1 ? BS1E_T13_MEDIUM_RANGE
					       : BS1E_T13_LONG_RANGE];
		bs_deriv_add(&dn, r->mod, "[10.0] [10.8 T13] RULING R-527",
			     "%s range", band_name[p->band]);
		bonus -= r->mod;
	}
	int dex = dex_missile(c->def->ability[BS_DEX]);
	if (dex) {
		bs_deriv_add(&dn, -dex, "[9.4 B] RULING R-527", "dexterity %d",
			     c->def->ability[BS_DEX]);
		bonus += dex;
	}
	/* strength only for a hurled weapon (one without unlimited
	 * ammunition [10.3]: javelins, axes, darts), not a bow or a sling */
	int hurled = !wp->unlimited_ammo;
	if (hurled && f->str_hit) {
		bs_deriv_add(&dn, -f->str_hit, "[9.4 B] RULING R-527",
			     "strength (hurled)");
		bonus += f->str_hit;
	}
	char wname[BS_NAME_MAX + 16];
	if (w->plus) {
		snprintf(wname, sizeof wname, "%s %+d", wp->name, w->plus);
		bs_deriv_add(&dn, -w->plus, "[9.4 B]", "%s", wname);
		bonus += w->plus;
	} else {
		snprintf(wname, sizeof wname, "%s", wp->name);
	}
	/* [8.3] [13.1] RULING R-372: his race with the weapon, his race
	 * against the target's */
	int rw = bs1e_creature_weapon_term(f->race, wp);
	if (rw) {
		bs_deriv_add(&dn, rw, "[8.3] [13.1]", "%s with %s: %+d to hit",
			     f->race->name, wp->name, -rw);
		bonus -= rw;
	}
	char rlab[BS_DERIV_LABEL];
	int racial = bs1e_duel_racial(f, df, rlab, sizeof rlab);
	if (racial) {
		bs_deriv_add(&dn, racial, "[8.3 T10 note] [13.1]", "%s", rlab);
		bonus -= racial;
	}
	/* RULING R-612 (R-492 for a unit's volley): daylight */
	int day = bs1e_indiv_daylight(f);
	if (day) {
		bs_deriv_add(&dn, day, "[8.3 T10 note] [13.1] RULING R-612",
			     "%s in daylight: %+d to hit", f->race->name, -day);
		bonus -= day;
	}
	/* [14.7] RULING R-737: his protection from evil, an evil shooter */
	bonus -= bs1e_bonus_warded(b, t, k, -1, 1, 0, &dn);
	static const struct bs_roll_why why_hit = {
	    BS_ROLL_TO_HIT, {20, 0}, 0, "shooting at", "[9.4 B] [10.0]"};
	bs_dice_why_indiv(&b->dice, &why_hit, 1, 20, c->side, c->idx, d->side,
			  d->idx, -1);
	int d20 = bs_roll(&b->dice, 20);
	int hit = d20 + bonus >= need;
	int dmg = 0, raw = 0;
	if (hit) {
		const struct bs_dice *dd =
		    df->size == BS_SIZE_L && wp->damage_l.nparts > 0
			? &wp->damage_l
			: &wp->damage_sm;
		const struct bs_dice_part *dp = &dd->part[0];
		static const struct bs_roll_why why_dmg = {
		    BS_ROLL_DAMAGE, {0, 0}, 0, "damage to", "[9.4 B] [10.0]"};
		bs_dice_why_indiv(&b->dice, &why_dmg, dp->count, dp->sides,
				  c->side, c->idx, d->side, d->idx, -1);
		raw = bs_roll_n(&b->dice, dp->count, dp->sides);
		dmg = raw + dp->plus + w->plus + (hurled ? f->str_dmg : 0);
		if (dmg < 1)
			dmg = 1;
		/* [14.7] RULING R-618: protection from normal missiles (not
		 * a magic weapon's, not a giant's rock) */
		if (w->plus <= 0 && !strstr(wp->name, "rock") &&
		    bs1e_bonus_missile_proof(b, t)) {
			dmg = 0;
			bs1e_note_indiv(b, t, "no harm from normal missiles",
					"[14.7] RULING R-618");
		} else
			/* a magic one or a giant's rock: 1 less a die */
			dmg = bs1e_bonus_large_missile(b, t, dmg, dp->count);
		d->hp -= dmg;
		d->killed_by = c->side;
		/* [14.1] Q&A 127.66: struck by missile fire in step B */
		if (kind == BS_FIRE_PHASE)
			bs1e_disrupt_struck(b, t, c->side);
	}
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs1e_duel_event(b, &ev, k, t, &dn, d20, hit, dmg, raw, nth,
				nth);
		ev.n[8] = 1; /* a shot */
		ev.n[9] = p->band;
		ev.n[10] = (int)lround(p->range * 10);
		ev.n[11] = (int)kind;
		ev.what = wp->name;
		ev.why = why;
		ev.cite = shot_cite(kind, 0, imove);
		bs_battle_emit(b, &ev);
	}
	if (d->alive && d->hp <= 0)
		bs1e_indiv_killed(b, t, c->side, "killed by missile fire",
				  "[9.4 B] [10.0]");
}

/* [9.4 A] RULING R-528: a shot at unit g, "Hero attacking figure" by the
 * BATTLESYSTEM missile procedure [10.0]. */
static void shoot_unit(struct bs_battle *b, int k, int g,
		       const struct bs1e_indiv_shot *p, enum bs_fire_kind kind,
		       int imove, const char *why)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	struct bs_indiv_state *c = &b->indivs[k];
	struct bs_unit_state *t = &b->units[g];
	const struct bs_unit_weapon *w = missile_of(c->def);
	const struct bs_weapon *wp = w->weapon;
	/* his AR as a 1:1 figure (his sheet's [3.2]) with Table 13 [10.8] */
	struct bs_deriv d = s->ix[k].ar_d;
	d.cite = "[10.8 T13]";
	/* RULING R-700: the sheet's AR carries his melee weapon's plus and
	 * racial term; the shot is the missile weapon's */
	const struct bs_unit_weapon *sw = bs_individual_sheet_weapon(c->def);
	if (sw && sw != w) {
		const struct bs_creature *rc = c->def->race;
		int rs = bs1e_creature_weapon_term(rc, sw->weapon);
		int rm = bs1e_creature_weapon_term(rc, wp);
		if (sw->plus || rs)
			bs_deriv_add(&d, sw->plus - rs, "[8.3] RULING R-700",
				     "not %s (the weapon in hand in melee)",
				     sw->weapon->name);
		if (w->plus)
			bs_deriv_add(&d, -w->plus, "[8.3]", "%s %+d", wp->name,
				     w->plus);
		if (rm)
			bs_deriv_add(&d, rm, "[8.3] [13.1]",
				     "%s with %s: %+d to hit", rc->name,
				     wp->name, -rm);
	}
	if (t->formation == BS_FORM_OPEN || t->formation == BS_FORM_SKIRMISH) {
		const struct bs1e_mod_row *r =
		    &bs1e_table13[BS1E_T13_TARGET_OPEN];
		bs_deriv_add(&d, r->mod, r->cite,
			     "target in open or skirmish formation");
	}
	struct bs_quad tq = bs1e_quad(b, g);
	int cover_f = -1;
	const struct bs_terrain_index *ti = bs1e_terrain(b);
	enum bs_cover cover =
	    ti ? bs_terrain_cover(ti, p->sight.from, p->sight.to, &tq, &cover_f)
	       : BS_COVER_NONE;
	if (cover != BS_COVER_NONE) {
		const struct bs_terrain *ct = bs_terrain_feature(ti, cover_f);
		const struct bs_terrain_kind *tk = bs_terrain_kind_of(ct->type);
		const struct bs1e_mod_row *r =
		    &bs1e_table13[cover == BS_COVER_HARD
				      ? BS1E_T13_TARGET_BUILDING
				      : BS1E_T13_TARGET_WOODS];
		bs_deriv_add(&d, r->mod, r->cite, "target %s %s (%s)",
			     tk->behind ? "behind" : "in", tk->key, ct->name);
	}
	int wall = cover == BS_COVER_HARD ? 0
					  : bs1e_shield_wall_missile_ac_at(
						b, g, &tq, p->sight.from, 0, 0);
	if (wall > 0)
		bs_deriv_add(&d, wall, "[10.8 T13] [11.6] RULING R-536",
			     "target in shield wall formation");
	if (p->band > 0) {
		const struct bs1e_mod_row *r =
		    &bs1e_table13[p->band == 1 ? BS1E_T13_MEDIUM_RANGE
					       : BS1E_T13_LONG_RANGE];
		bs_deriv_add(&d, r->mod, r->cite, "%s range",
			     band_name[p->band]);
	}
	/* RULING R-476 [10.1] "If only a portion of the intended target can
	 * be seen, the figure can still shoot, but at a penalty": +2, as for
	 * a unit's volley (RULING R-551: a hero's shot too, when a figure or
	 * the terrain hides some of it: he faces freely, his arc hides
	 * nothing) */
	/* RULING R-612 (R-492 for a unit's volley): daylight */
	if (bs1e_indiv_daylight(&s->ix[k].f))
		bs_deriv_add(&d, bs1e_indiv_daylight(&s->ix[k].f),
			     "[8.3 T10 note] RULING R-612",
			     "goblins/orcs in daylight");
	if (p->sight.seen < p->sight.in_reach &&
	    (p->sight.hidden_by >= 0 || p->sight.terrain_hid) &&
	    cover == BS_COVER_NONE &&
	    !(b->sc->options & (1u << BS_OPT_PARTLY_VISIBLE_NO_PENALTY)))
		bs_deriv_add(&d, 2, "[10.1] RULING R-476, R-551",
			     "target partly hidden (%d of %d figures seen)",
			     p->sight.seen, p->sight.in_reach);
	t->flags |= BS_UF_ATTACKED;
	/* one shot, the weapon's damage against the figure's size with its
	 * plus */
	struct bs1e_attack_spec spec;
	memset(&spec, 0, sizeof spec);
	spec.ar = d.value;
	/* [14.8] RULING: an invisible unit's AC 4 better */
	spec.ac = t->r.ac - bs1e_fx_unit_invis_ac(b, g);
	spec.damage = t->r.size == BS_SIZE_L && wp->damage_l.nparts > 0
			  ? wp->damage_l
			  : wp->damage_sm;
	for (int i = 0; i < spec.damage.nparts; i++)
		spec.damage.part[i].plus += w->plus;
	spec.attacks_num = spec.attacks_den = 1;
	spec.figures = 1;
	spec.poison_part = -1;
	struct bs1e_attack_plan plan;
	char err[160];
	if (bs1e_attack_plan(&spec, &plan, err, sizeof err) != 0)
		return;
	static const struct bs_roll_why rwhy = {
	    BS_ROLL_ATTACK, {6, 6}, 0, "shooting at", "[9.4 A] [10.0]"};
	bs_dice_why(&b->dice, &rwhy, c->side, -1, c->idx, g);
	int d1 = bs_roll(&b->dice, 6), d2 = bs_roll(&b->dice, 6);
	struct bs1e_attack_result res;
	bs1e_attack_resolve(&plan, d1 + d2, &res);
	/* [9.4 A] "less than 1/2 the figure's HD, there is no effect ... 1/2
	 * or more ... a wound"; RULING R-528: a shot strikes one creature,
	 * and no unit's figure is one creature [2.6]: a hero's shot never
	 * affects all the creatures of a figure */
	int all = 0;
	struct bs1e_hit hit;
	memset(&hit, 0, sizeof hit);
	hit.from = -1;
	hit.from_indiv = k;
	hit.to = g;
	bs1e_hero_vs_figure(res.total_tenths, t->r.hd_fig, all,
			    t->figures > 0 ? t->figures : 1, &hit.c);
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		char cols[160];
		bs1e_attack_columns(&plan, NULL, cols, sizeof cols);
		bs1e_ev(b, &ev, BS_EV_HERO_ATTACK);
		ev.side = c->side;
		ev.indiv = c->idx;
		ev.tside = t->side;
		ev.tunit = t->idx;
		ev.deriv = d;
		ev.has_deriv = 1;
		ev.dice[0] = d1;
		ev.dice[1] = d2;
		ev.ndice = 2;
		ev.die_sides = 6;
		ev.n[0] = 10;
		ev.n[1] = t->r.ac;
		ev.n[2] = res.attack_roll;
		ev.n[3] = res.routine_tenths;
		ev.n[4] = res.total_tenths;
		ev.n[5] = hit.c.killed;
		ev.n[6] = hit.c.wounded;
		ev.n[7] = all;
		ev.n[8] = 1; /* a shot */
		ev.n[9] = p->band;
		ev.n[10] = (int)lround(p->range * 10);
		ev.n[11] = (int)kind;
		ev.what = cols;
		ev.why = why;
		ev.cite = shot_cite(kind, 1, imove);
		bs_battle_emit(b, &ev);
	}
	/* [10.0] "figures killed by missile fire are removed immediately" */
	if (hit.c.killed > 0 || hit.c.wounded > 0)
		bs1e_apply_hits_cite(b, g, &hit, 1, "a hero's missile fire",
				     "[9.4 A] [10.0]");
}

/* A REJECTED (or with reject 0 a NOTE) of individual k. */
static void indiv_say(struct bs_battle *b, int k, int reject, const char *why,
		      const char *cite)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	bs1e_ev(b, &ev, reject ? BS_EV_REJECTED : BS_EV_NOTE);
	ev.side = b->indivs[k].side;
	ev.indiv = b->indivs[k].idx;
	ev.what = why;
	ev.cite = cite;
	bs_battle_emit(b, &ev);
}

/* Individual k's shot o of `kind` (at moment `at` of a move, or NULL):
 * checked, then spent and shot. Returns 1 when shot. */
static int hero_shot(struct bs_battle *b, int k,
		     const struct bs_indiv_fire_order *o,
		     enum bs_fire_kind kind, const struct bs_move_point *at)
{
	int side = b->indivs[k].side;
	struct bs1e_indiv_shot p;
	if (!bs1e_check_indiv_fire_at(b, side, o, kind, at, &p)) {
		indiv_say(b, k, 1, p.why, p.cite);
		return 0;
	}
	struct bs1e_indiv_x *x = &bs1e_sc(b)->ix[k];
	int nth = ++x->shots;
	if (kind == BS_FIRE_INITIAL)
		x->fired_initial = 1;
	if (kind == BS_FIRE_PASS_THROUGH)
		x->pass_through = 1;
	/* [14.8] RULING R-635: a shot is an attack */
	bs1e_fx_invis_attacks(b, k);
	int imove = mover_indiv(b, at) >= 0; /* RULING R-698 */
	if (p.t >= 0)
		shoot_indiv(b, k, p.t, &p, nth, kind, imove, o->why);
	else
		shoot_unit(b, k, p.g, &p, kind, imove, o->why);
	return 1;
}

void bs1e_heroes_fire(struct bs_battle *b, int side, enum bs_fire_kind kind)
{
	const struct bs_controller *ctl = b->ctl[side];
	if (!ctl || !ctl->fire_indiv)
		return;
	struct bs_indiv_fire_order o[BS_MAX_FIRE_ORDERS];
	int n = ctl->fire_indiv(ctl->ctx, b, side, o, BS_MAX_FIRE_ORDERS);
	if (n > BS_MAX_FIRE_ORDERS)
		n = BS_MAX_FIRE_ORDERS;
	for (int i = 0; i < n && !b->result.over; i++) {
		if (o[i].indiv < 0 ||
		    o[i].indiv >= b->sc->sides[side].nindividuals) {
			bs_battle_say(b, BS_EV_REJECTED, -1,
				      "a shot of no such individual", "[9.4]");
			continue;
		}
		hero_shot(b, b->indiv_first[side] + o[i].indiv, &o[i], kind,
			  NULL);
	}
}

/* ---- pass-through fire [10.6] (RULING R-549) ---------------------------- */

/* 1 when an individual of another side than mside, his controller
 * answering pass_through_indiv, with a shot left and none of pass-through
 * fire yet, stands within his weapon's long range and `reach` of q. */
static int heroes_pt_near(const struct bs_battle *b, int mside,
			  const struct bs_quad *q, double reach)
{
	if (!bs1e_indivs_in_play(b))
		return 0;
	for (int k = 0; k < b->nindivs; k++) {
		const struct bs_indiv_state *c = &b->indivs[k];
		const struct bs_controller *ctl = b->ctl[c->side];
		if (c->side == mside || !ctl || !ctl->pass_through_indiv ||
		    bs1e_sc(b)->ix[k].pass_through ||
		    bs1e_indiv_shots_left(b, c->side, c->idx) <= 0)
			continue;
		struct bs_quad qk = bs1e_indiv_quad(b, k);
		if (bs_quad_dist(&qk, q) <=
		    missile_of(c->def)->weapon->range_l + reach)
			return 1;
	}
	return 0;
}

int bs1e_heroes_pt_possible(const struct bs_battle *b, int g)
{
	const struct bs_unit_state *mu = &b->units[g];
	struct bs_quad qg = bs1e_quad(b, g);
	return heroes_pt_near(b, mu->side, &qg, mu->r.mv * 1.5 + 1.0);
}

/* Issue 15 [10.6] RULING R-698: the reach of a lone individual's whole
 * move, as for the units' volleys at it. */
int bs1e_heroes_pt_possible_at_indiv(const struct bs_battle *b, int k)
{
	const struct bs_indiv_state *c = &b->indivs[k];
	struct bs_quad qk = bs1e_indiv_quad(b, k);
	return heroes_pt_near(b, c->side, &qk, c->mv * 4.0 / 3.0 + 1.0);
}

/* The individuals' pass-through shots at the move of (mside, munit), or
 * with munit -1 (RULING R-698) of the lone individual path[].indiv of
 * mside, from the controllers' pass_through_indiv, checked in form. */
static int heroes_pt_take(struct bs_battle *b, int mside, int munit,
			  const struct bs_move_point *path, int npath,
			  struct bs1e_pt_order *out, int max)
{
	int n = 0;
	if (!bs1e_indivs_in_play(b))
		return 0;
	for (int i = 0; i < b->nsides; i++) {
		int side = b->side_order[i];
		const struct bs_controller *c = b->ctl[side];
		if (side == mside || !c || !c->pass_through_indiv)
			continue;
		struct bs_indiv_fire_order o[BS_MAX_FIRE_ORDERS];
		int m =
		    c->pass_through_indiv(c->ctx, b, side, mside, munit, path,
					  npath, o, BS_MAX_FIRE_ORDERS);
		if (m > BS_MAX_FIRE_ORDERS)
			m = BS_MAX_FIRE_ORDERS;
		for (int j = 0; j < m && n < max; j++) {
			const struct bs_indiv_fire_order *q = &o[j];
			int ok = q->indiv >= 0 &&
				 q->indiv < b->sc->sides[side].nindividuals &&
				 q->tside >= 0 && q->tside < b->nsides &&
				 q->at >= 0 && q->at < npath;
			if (ok && q->tunit >= 0)
				ok = q->tunit < b->sc->sides[q->tside].nunits &&
				     q->tindiv < 0;
			else if (ok)
				ok = q->tindiv >= 0 &&
				     q->tindiv <
					 b->sc->sides[q->tside].nindividuals;
			if (!ok) {
				bs_battle_say(b, BS_EV_REJECTED, -1,
					      "pass-through fire of no such "
					      "individual, target or moment",
					      "[10.6]");
				continue;
			}
			int k = b->indiv_first[side] + q->indiv, dup = 0;
			for (int r = 0; r < n; r++)
				dup |= out[r].k == k;
			if (dup) {
				indiv_say(b, k, 1,
					  "he takes at most one shot of "
					  "pass-through fire a round",
					  "[10.2] [10.6] RULING R-549");
				continue;
			}
			struct bs1e_pt_order *po = &out[n++];
			memset(po, 0, sizeof *po);
			po->g = -1;
			po->k = k;
			po->h =
			    q->tunit >= 0 ? bs1e_g(b, q->tside, q->tunit) : -1;
			po->ti = q->tunit >= 0
				     ? -1
				     : b->indiv_first[q->tside] + q->tindiv;
			po->at = q->at;
			po->ammo = -1;
			po->why = q->why;
		}
	}
	return n;
}

int bs1e_heroes_pt_orders(struct bs_battle *b, int g,
			  const struct bs_move_point *path, int npath,
			  struct bs1e_pt_order *out, int max)
{
	const struct bs_unit_state *mu = &b->units[g];
	return heroes_pt_take(b, mu->side, mu->idx, path, npath, out, max);
}

/* Issue 15 [10.6] RULING R-698: at a lone individual's own move, the
 * controllers asked with munit -1 (the moments name him). */
int bs1e_heroes_pt_orders_at_indiv(struct bs_battle *b, int k,
				   const struct bs_move_point *path, int npath,
				   struct bs1e_pt_order *out, int max)
{
	return heroes_pt_take(b, b->indivs[k].side, -1, path, npath, out, max);
}

void bs1e_pt_fire(struct bs_battle *b, const struct bs1e_pt_order *o,
		  const struct bs_move_point *at)
{
	/* issue 16 [14.1] RULING R-335: pass-through magic (r14_cast.c) */
	if (o->is_cast) {
		bs1e_pt_cast(b, o, at);
		return;
	}
	if (o->k < 0 && o->h < 0) {
		/* RULING R-670: a unit's volley at an individual */
		bs1e_fire_indiv(b, o->g, o->ti, BS_FIRE_PASS_THROUGH, o->ammo,
				at, o->why);
		return;
	}
	if (o->k < 0) {
		bs1e_fire(b, o->g, o->h, BS_FIRE_PASS_THROUGH, o->ammo, at,
			  o->why);
		return;
	}
	const struct bs_indiv_state *c = &b->indivs[o->k];
	struct bs_indiv_fire_order q;
	memset(&q, 0, sizeof q);
	q.indiv = c->idx;
	q.tside = o->h >= 0 ? b->units[o->h].side : b->indivs[o->ti].side;
	q.tunit = o->h >= 0 ? b->units[o->h].idx : -1;
	q.tindiv = o->h >= 0 ? -1 : b->indivs[o->ti].idx;
	q.why = o->why;
	q.at = o->at;
	hero_shot(b, o->k, &q, BS_FIRE_PASS_THROUGH, at);
}

void bs1e_pt_skip(struct bs_battle *b, const struct bs1e_pt_order *o,
		  int reject, const char *why, const char *cite)
{
	if (o->k >= 0)
		indiv_say(b, o->k, reject, why, cite);
	else if (reject)
		bs1e_reject(b, o->g, why, cite);
	else
		bs1e_note(b, o->g, why, cite);
}
