/* Missiles and artillery [10.0]-[10.11] (issue 14): what a unit fires
 * with, rated at setup (the AD&D weapon's range, rate and damage [10.0],
 * the artillery piece and its crew [10.9] [10.10]); how many shots it has
 * each Game Round [10.0] [10.2] and Table 12 [10.4]; who may fire [10.1]
 * [10.2] (RULING ); the volley: the tabletop's sight [10.1]
 * [10.7], the range band and Table 13 [10.8], the [8.4] procedure on the
 * missile weapon's damage, losses removed at once from the figures seen
 * [10.0] [10.1]; ammunition [10.3] [10.11]; the [1.2] Initial Missile
 * and [1.5] Missile and Magic Phases (A. magic: r14_cast.c, issue 16;
 * B. missile fire; C. artillery); pass-through
 * fire [10.6] during the enemy's movement (the moments: r07_movement.c)
 * and split-fire [10.5] during a unit's own. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_missile.h"
#include "battlesim/ground.h"
#include "battlesim/terrain.h"
#include "bs1e/engine.h"

#define EPS 1e-6

/* The unit (global) whose move the moment `at` is of; -1 for none or for
 * an individual's move (RULING R-674: unit -1). */
static int at_unit(const struct bs_battle *b, const struct bs_move_point *at)
{
	return at && at->unit >= 0 ? bs1e_g(b, at->side, at->unit) : -1;
}

/* The individual (global) whose move the moment `at` is of, or -1
 * (RULING R-674). */
static int at_indiv(const struct bs_battle *b, const struct bs_move_point *at)
{
	return at && at->unit < 0 && at->indiv >= 0 && at->side >= 0 &&
		       at->side < b->nsides &&
		       at->indiv < b->sc->sides[at->side].nindividuals
		   ? b->indiv_first[at->side] + at->indiv
		   : -1;
}

/* ---- rating ---------------------------------------------------------------
 */

/* Shots a round at most by Table 12: 2 when it prints "fire twice". */
static int t12_shots_max(int cls)
{
	return bs1e_table12[cls].move_sixths_after_shots[2] >= 0 ? 2 : 1;
}

void bs1e_rate_missile(const struct bs_scenario *sc, const struct bs_unit *def,
		       const struct bs1e_unit_sheet *sh,
		       struct bs_missile_rated *m)
{
	memset(m, 0, sizeof *m);
	m->weapon = -1;
	m->cls = -1;
	m->artillery = BS_ART_NONE;
	/* [16.3 A] missiles are an Intermediate Game rule (the Basic Game's
	 * warning says so); [2.10] "A mob can never use missile weapons" */
	if (sc->level == BS_LEVEL_BASIC || def->type == BS_UNIT_MOB)
		return;
	if (def->artillery != BS_ART_NONE) {
		const struct bs1e_artillery *a =
		    &bs1e_artillery[def->artillery];
		char err[80];
		m->artillery = def->artillery;
		/* [10.10] "The AR of an artillery piece is the same as the
		 * THAC0 of its crew figure, not adjusted for ratio." */
		m->base_ar = sh->thac0.value;
		if (bs_dice_parse(a->damage, &m->dmg_sm, err, sizeof err) != 0)
			return; /* the printed table parses (tests) */
		m->dmg_l = m->dmg_sm;
		m->range[0] = a->short_range;
		m->range[1] = a->medium_range;
		m->range[2] = a->long_range;
		m->min_range = a->min_range;
		m->target_ac = a->target_ac;
		m->fires_every = a->fires_every;
		m->indirect = a->indirect_ok;
		m->rows = 1;
		m->rate_num = 1;
		m->rate_den = a->fires_every;
		m->shots_max = 1;
		m->ammo = -1; /* [10.11] "boulders and arrows" */
		return;
	}
	/* RULING */
	int k = bs_unit_weapon_fired(def);
	if (k < 0 || k >= sh->nweapons)
		return;
	const struct bs_unit_weapon *uw = &def->weapons[k];
	const struct bs_weapon *w = uw->weapon;
	int mounted = sh->mounting != BS1E_ON_FOOT;
	int split =
	    def->creature && (def->creature->flags & BS_CF_SPLIT_FIRE) != 0;
	m->weapon = k;
	m->base_ar = sh->weapons[k].ar.value;
	m->dmg_sm = sh->weapons[k].vs_sm;
	m->dmg_l = sh->weapons[k].vs_l;
	m->range[0] = w->range_s;
	m->range[1] = w->range_m;
	m->range[2] = w->range_l;
	m->rate_num = w->rate_num > 0 ? w->rate_num : 1;
	m->rate_den = w->rate_den > 0 ? w->rate_den : 1;
	/* [10.4] Table 12's row: RULING R-482, a mounted sling keeps the
	 * Crossbows/Slings row; R-478 centaur archers are mounted archers */
	switch (w->missile_class) {
	case BS1E_MISSILE_ARCHER:
		m->cls = mounted || split ? BS1E_MISSILE_MOUNTED_ARCHER
					  : BS1E_MISSILE_ARCHER;
		break;
	case BS1E_MISSILE_CROSSBOW_SLING:
		m->cls = mounted && w->crossbow ? BS1E_MISSILE_MOUNTED_CROSSBOW
						: BS1E_MISSILE_CROSSBOW_SLING;
		break;
	default:
		m->cls = BS1E_MISSILE_THROWN;
		break;
	}
	int archers = m->cls == BS1E_MISSILE_ARCHER ||
		      m->cls == BS1E_MISSILE_MOUNTED_ARCHER;
	m->shots_max = t12_shots_max(m->cls);
	/* [10.3] normal arrows, quarrels, stones and bullets are
	 * unlimited unless the scenario limits them; other missiles "two
	 * volleys" */
	m->ammo = uw->ammo > 0 ? uw->ammo : w->unlimited_ammo ? -1 : 2;
	/* [10.0] archers "in closed or open order, the first two rows";
	 * RULING R-472: in any formation; other weapons the first row */
	m->rows = archers ? 2 : 1;
	/* Table 13 "Missile-using troops are mounted" (RULING R-484:
	 * riders; centaurs are not mounted) */
	m->mounted = mounted;
	/* [10.5] "Archers mounted on other creatures, or centaur archers
	 * ... Creatures with breath weapons or innate missile weapons" */
	m->split_fire = (mounted && archers) || split;
	/* [10.7] "Archers can sometimes shoot over friendly troops"
	 * (RULING R-479: bows only) */
	m->indirect = archers;
	m->magic = uw->plus > 0;
}

void bs1e_missile_reset(struct bs_battle *b, int g)
{
	struct bs_unit_state *u = &b->units[g];
	u->ammo_left = u->r.msl.shots_max > 0 ? u->r.msl.ammo : -1;
	for (int i = 0;
	     i < u->def->nspecial_ammo && i < BS_UNIT_MAX_SPECIAL_AMMO; i++)
		u->special_left[i] = u->r.msl.artillery != BS_ART_NONE
					 ? u->def->special_ammo[i].shots
					 : 0;
	u->spare_crew =
	    u->r.msl.artillery != BS_ART_NONE ? u->def->spare_crew : 0;
}

/* ---- shots a Game Round [10.0] [10.2] ---------------------------------- */

/* [10.9] [10.10] rounds between an artillery piece's shots: every other
 * round for a catapult, every round for a ballista; a wounded crew at
 * half that rate. */
static int art_interval(const struct bs_unit_state *u)
{
	int every = u->r.msl.fires_every > 0 ? u->r.msl.fires_every : 1;
	return u->wounded > 0 ? 2 * every : every;
}

void bs1e_missile_new_round(struct bs_battle *b, int g)
{
	struct bs_unit_state *u = &b->units[g];
	const struct bs_missile_rated *m = &u->r.msl;
	u->shots = 0;
	u->fired_initial = 0;
	u->pass_through = 0;
	u->shots_round = 0;
	if (m->shots_max <= 0)
		return;
	int r = b->round, n = 0;
	if (m->artillery != BS_ART_NONE) {
		/* RULING R-487: a piece that fired in round L fires again
		 * in round L + interval */
		n = u->last_fired == 0 || r - u->last_fired >= art_interval(u);
	} else if (m->rate_den == 1) {
		/* [10.0] "the number of shots per Game Round ... the same
		 * as in the AD&D game" */
		n = m->rate_num;
	} else if (m->rate_num == 1) {
		/* RULING R-471: a rate of 1/2 is one shot, then a round to
		 * reload */
		n = u->last_fired == 0 || r - u->last_fired >= m->rate_den;
	} else {
		/* RULING R-471: 3/2 alternates 2 and 1 (the first round the
		 * larger) */
		n = (r * m->rate_num + m->rate_den - 1) / m->rate_den -
		    ((r - 1) * m->rate_num + m->rate_den - 1) / m->rate_den;
	}
	/* Table 12: thrown weapons, crossbows and slings fire once */
	u->shots_round = n < m->shots_max ? n : m->shots_max;
}

int bs1e_shots_left(const struct bs_battle *b, int side, int unit)
{
	const struct bs_unit_state *u = &b->units[bs1e_g(b, side, unit)];
	int n = u->shots_round - u->shots;
	return n > 0 ? n : 0;
}

int bs1e_fire_move_sixths(const struct bs_battle *b, int side, int unit,
			  int shots)
{
	const struct bs_unit_state *u = &b->units[bs1e_g(b, side, unit)];
	const struct bs_missile_rated *m = &u->r.msl;
	if (shots <= 0)
		return 6;
	if (m->artillery != BS_ART_NONE)
		/* RULING R-486: a piece that fired has served its round */
		return shots == 1 ? 0 : -1;
	if (m->cls < 0 || shots > 2)
		return -1;
	return bs1e_table12[m->cls].move_sixths_after_shots[shots];
}

double bs1e_fire_mv_cap(const struct bs_battle *b, int g)
{
	const struct bs_unit_state *u = &b->units[g];
	if (u->shots <= 0)
		return HUGE_VAL;
	int six = bs1e_fire_move_sixths(b, u->side, u->idx, u->shots);
	return six <= 0 ? 0 : u->r.mv * six / 6.0;
}

/* ---- the volley [10.0] [10.1] [10.8] ------------------------------------ */

static const char *const t13_short[BS1E_T13__COUNT] = {
    [BS1E_T13_TARGET_OPEN] = "target in open or skirmish formation",
    [BS1E_T13_TARGET_WOODS] = "target in woods or behind a hedge",
    [BS1E_T13_TARGET_BUILDING] = "target in a building or behind a wall",
    [BS1E_T13_MOUNTED] = "mounted",
    [BS1E_T13_INDIRECT] = "indirect fire",
    [BS1E_T13_MEDIUM_RANGE] = "medium range",
    [BS1E_T13_LONG_RANGE] = "long range",
};

static void t13(struct bs_deriv *d, enum bs1e_t13 row, const char *detail)
{
	const struct bs1e_mod_row *r = &bs1e_table13[row];
	if (detail)
		bs_deriv_add(d, r->mod, r->cite, "%s (%s)", t13_short[row],
			     detail);
	else
		bs_deriv_add(d, r->mod, r->cite, "%s", t13_short[row]);
}

/* [10.8] Table 13 [11.9] cover: in woods or behind a hedge, in a building
 * or behind a wall (the terrain's RULING R-448), on the line s of the
 * volley's nearest pair to target block tq: "target in woods (Oakwood)",
 * "target behind wall (Old wall)", the row and the feature. Returns the
 * cover. */
static enum bs_cover t13_cover(const struct bs_battle *b,
			       const struct bs_tt_sight *s,
			       const struct bs_quad *tq, struct bs_deriv *d)
{
	int cover_f = -1;
	const struct bs_terrain_index *ti = bs1e_terrain(b);
	enum bs_cover cover =
	    ti ? bs_terrain_cover(ti, s->from, s->to, tq, &cover_f)
	       : BS_COVER_NONE;
	if (cover == BS_COVER_NONE)
		return cover;
	const struct bs_terrain *ct = bs_terrain_feature(ti, cover_f);
	const struct bs_terrain_kind *k = bs_terrain_kind_of(ct->type);
	const struct bs1e_mod_row *r =
	    &bs1e_table13[cover == BS_COVER_HARD ? BS1E_T13_TARGET_BUILDING
						 : BS1E_T13_TARGET_WOODS];
	bs_deriv_add(d, r->mod, r->cite, "target %s %s (%s)",
		     k->behind ? "behind" : "in", k->key, ct->name);
	return cover;
}

/* Whether g touches an enemy other than `except` [10.1]. */
static int engaged_but(const struct bs_battle *b, int g, int except)
{
	for (int h = 0; h < b->nunits; h++)
		if (h != except && b->units[h].side != b->units[g].side &&
		    bs1e_contact(b, g, h, NULL))
			return 1;
	return 0;
}

static void no(struct bs1e_volley_plan *p, const char *why, const char *cite)
{
	p->legal = 0;
	p->why = why;
	p->cite = cite;
}

/* no(), for the checks that answer 0. */
static int nok(struct bs1e_volley_plan *p, const char *why, const char *cite)
{
	no(p, why, cite);
	return 0;
}

/* The fire spec of unit g for the tabletop. */
static void fire_spec(const struct bs_battle *b, int g,
		      struct bs_tt_fire_spec *s)
{
	const struct bs_unit_state *u = &b->units[g];
	const struct bs_missile_rated *m = &u->r.msl;
	s->rows = m->rows > 0 ? m->rows : 1;
	s->reach = m->range[2];
	s->min_range = m->min_range;
	/* [10.7] "the archers must be in command"; RULING R-479: a catapult
	 * "can use indirect fire at normal penalties" (its crew's command is
	 * a skirmisher's, [10.10]) */
	s->indirect_ok = m->indirect && (m->artillery != BS_ART_NONE ||
					 !(u->flags & BS_UF_OUT_OF_COMMAND));
	/* the terrain's woods, hills and buildings (RULING R-495), in force
	 * at `intermediate` and `advanced` [Part 3] */
	s->ti = bs1e_terrain(b);
	s->woodland = bs1e_sc(b)->ux[g].gm.woodland;
}

/* The shape and pose a moment of a move gives its unit [10.6]. */
static void moment_geom(const struct bs_battle *b,
			const struct bs_move_point *at, struct bs_tt_shape *s,
			struct bs_tt_pose *p)
{
	const struct bs_unit_state *mu =
	    &b->units[bs1e_g(b, at->side, at->unit)];
	bs_tt_shape_make(at->formation, at->figures > 0 ? at->figures : 1,
			 at->files, mu->r.base_w, mu->r.base_d, b->stands, s);
	p->front = (struct bs_vec){at->x, at->y};
	p->facing = at->facing;
}

/* The block of unit g: where the moment `at` has it when it is the
 * mover's, else where it stands. */
static struct bs_quad quad_at(const struct bs_battle *b, int g,
			      const struct bs_move_point *at)
{
	if (at_unit(b, at) != g)
		return bs1e_quad(b, g);
	struct bs_tt_shape s;
	struct bs_tt_pose p;
	moment_geom(b, at, &s, &p);
	return bs_tt_quad(&s, &p);
}

/* The sight of g at h on the engine's cached blocks; `at` puts its unit
 * (the target or an obstacle) where a moment of its move has it. */
static int sight_of(const struct bs_battle *b, int g, int h,
		    const struct bs_move_point *at, struct bs_tt_sight *out)
{
	struct bs_tt_fire_spec spec;
	fire_spec(b, g, &spec);
	struct bs_tt_shape fs, ts;
	struct bs_tt_pose fp, tp;
	bs1e_shape(b, g, &fs);
	bs1e_pose(b, g, &fp);
	bs1e_shape(b, h, &ts);
	bs1e_pose(b, h, &tp);
	int moving = at_unit(b, at);
	struct bs_tt_shape ms;
	struct bs_tt_pose mp;
	if (moving >= 0) {
		moment_geom(b, at, &ms, &mp);
		if (moving == h) {
			ts = ms;
			tp = mp;
		}
	}
	const struct bs_quad *fq = &bs1e_sc(b)->ux[g].c_quad;
	struct bs_quad obst[BS1E_MAX_UNITS];
	unsigned char friendly[BS1E_MAX_UNITS];
	double fdist[BS1E_MAX_UNITS];
	int map[BS1E_MAX_UNITS], n = 0;
	(void)bs1e_quad(b, g); /* fills the cache fq points at */
	for (int k = 0; k < b->nunits; k++) {
		if (k == g || k == h || !bs1e_in_play(b, k))
			continue;
		obst[n] = k == moving ? bs_tt_quad(&ms, &mp) : bs1e_quad(b, k);
		friendly[n] = b->units[k].side == b->units[g].side;
		fdist[n] = friendly[n] && spec.indirect_ok
			       ? bs_quad_dist(fq, &obst[n])
			       : 0;
		map[n++] = k;
	}
	int r = bs_tt_sight_geom(&fs, &fp, &ts, &tp, &spec, obst, friendly,
				 fdist, n, out);
	if (out->over >= 0)
		out->over = map[out->over];
	if (out->hidden_by >= 0)
		out->hidden_by = map[out->hidden_by];
	return r;
}

/* [8.4] the attack of a plan; 0 when it cannot be read on the CRT. */
static int attack_plan(const struct bs1e_volley_plan *p,
		       struct bs1e_attack_plan *ap)
{
	struct bs1e_attack_spec spec;
	char err[160];
	memset(&spec, 0, sizeof spec);
	spec.ar = p->ar.value;
	spec.ac = p->ac;
	spec.damage = p->damage;
	spec.figures = p->figures > 0 ? p->figures : 1;
	spec.poison_part = -1;
	/* [14.7] RULING R-736: haste's double damage, slow's half attacks,
	 * as the melee's */
	if (p->bonus_dmg > 0)
		spec.doubled = ~0u;
	else if (p->bonus_dmg < 0)
		spec.attacks_den = 2;
	return bs1e_attack_plan(&spec, ap, err, sizeof err) == 0;
}

/* [8.7] against the figures seen [10.1]: the casualties of a total. */
static void casualties(const struct bs_unit_state *t, int total, int cap,
		       struct bs1e_casualties *c)
{
	bs1e_casualties(total, t->r.hd_fig, cap > 0 ? cap : 1, c);
}

/* [11.9] woods: fire only from their edge and at their edge; [10.0] a
 * target whose block (firer gq, target tq) is beyond the weapon's reach
 * of the firer's block is out of range: no two figures' bases are nearer
 * than their blocks (sight_of's answer, without its figure pairs). 1 when
 * the volley may go on, else 0 with out refused (`units`: the target is
 * a unit, else an individual's figure). */
static int woods_and_reach(const struct bs_battle *b,
			   const struct bs_missile_rated *m,
			   const struct bs_quad *gq, const struct bs_quad *tq,
			   int units, struct bs1e_volley_plan *out)
{
	if (bs1e_woods(b, gq) & BS1E_WOODS_DEEP)
		return nok(out,
			   "a unit in woods fires only from their edge, "
			   "shooting out of them",
			   "[11.9]");
	if (bs1e_woods(b, tq) & BS1E_WOODS_DEEP)
		return nok(out,
			   units ? "missile fire cannot be used at units in "
				   "the woods, only at their edge"
				 : "missile fire cannot be used at figures in "
				   "the woods, only at their edge",
			   "[11.9]");
	if (bs_quad_dist(gq, tq) > m->range[2] + EPS) {
		memset(&out->sight, 0, sizeof out->sight);
		out->sight.over = out->sight.hidden_by = -1;
		return nok(out, "the target is out of range", "[10.0]");
	}
	return 1;
}
/* The checks of the firer g that do not depend on its target (but for
 * the mover h it may touch at moment `at`, RULING R-477: -1 none); 0
 * with out's reason when it may not fire now. */
static int firer_checks(const struct bs_battle *b, int g,
			enum bs_fire_kind kind, int ammo,
			const struct bs_move_point *at, int h,
			struct bs1e_volley_plan *out)
{
	const struct bs_unit_state *u = &b->units[g];
	const struct bs_missile_rated *m = &u->r.msl;
	const struct bs1e_unit_x *x = &bs1e_sc(b)->ux[g];
	int side = u->side, unit = u->idx;
	int art = m->artillery != BS_ART_NONE;
	if (x->mob)
		return nok(out, "a mob can never use missile weapons",
			   "[2.10]");
	if (m->shots_max <= 0)
		return nok(out,
			   b->sc->level == BS_LEVEL_BASIC
			       ? "the Basic Game has no missile fire"
			       : "the unit has no missile weapon",
			   b->sc->level == BS_LEVEL_BASIC ? "[Part 2] [16.3 A]"
							  : "[10.1]");
	if (u->flags & BS_UF_ROUTED)
		return nok(out, "a routed unit cannot shoot missiles", "[6.4]");
	if (u->flags & BS_UF_RALLIED)
		return nok(out,
			   "a unit rallied this round may not fire missiles",
			   "[6.3]");
	/* which phase it may fire in */
	switch (kind) {
	case BS_FIRE_INITIAL:
		if (art)
			return nok(out,
				   "artillery fires in step C of the "
				   "Missile and Magic Phase",
				   "[1.2] [1.5 C]");
		/* [10.2] "only ... if it is entitled to two or more shots
		 * during a Game Round ... a maximum of one time" */
		if (u->shots_round < 2)
			return nok(out,
				   "only a unit with two or more shots a Game "
				   "Round fires in the Initial Missile Phase",
				   "[10.2]");
		if (u->fired_initial)
			return nok(out,
				   "a unit fires at most once in the Initial "
				   "Missile Phase",
				   "[10.2]");
		break;
	case BS_FIRE_PHASE:
		if (art)
			return nok(out, "artillery fires in step C", "[1.5 C]");
		break;
	case BS_FIRE_ARTILLERY:
		if (!art)
			return nok(out, "only artillery fires in step C",
				   "[1.5 C]");
		break;
	case BS_FIRE_PASS_THROUGH:
		/* [10.2] "a maximum of one shot as Pass-Through Fire" */
		if (u->pass_through)
			return nok(out,
				   "a unit takes at most one shot of "
				   "pass-through fire a round",
				   "[10.2] [10.6]");
		break;
	case BS_FIRE_SPLIT:
		if (!m->split_fire)
			return nok(out,
				   "only mounted and centaur archers (and "
				   "creatures with innate missiles) split-fire",
				   "[10.5]");
		break;
	default:
		return nok(out, "no such kind of fire", "[10.2]");
	}
	if (u->shots >= u->shots_round)
		return nok(
		    out,
		    art ? (u->wounded > 0
			       ? "a wounded crew fires at half rate: not "
				 "this round"
			       : "the piece cannot fire this round")
			: "no shot left this Game Round",
		    art ? (u->wounded > 0 ? "[10.10]" : "[10.9]") : "[10.2]");
	/* RULING R-481 [10.4] "A unit that fires missile weapons cannot
	 * charge during that Game Round": nor fire after charging */
	if (u->flags & BS_UF_CHARGED)
		return nok(out, "a unit that charged this round cannot fire",
			   "[10.4]");
	/* [10.4] Table 12: the movement already made allows this shot */
	int six = bs1e_fire_move_sixths(b, side, unit, u->shots + 1);
	if (six < 0)
		return nok(out,
			   art ? "the piece fires once a round"
			       : "its weapon does not fire that often a round "
				 "(Table 12)",
			   "[10.4 T12]");
	/* [14.7] "Haste spells ... allow a figure to make its full move and
	 * also cast spells/use missiles" RULING R-705: a unit every figure
	 * of which is hasted (not slowed, R-617) that moved no more than its
	 * MV fires as if it had not moved (its weapon's shots a round are
	 * Table 12's still); that volley is the full move's, not doubled */
	int hasted = !art && bs1e_bonus_mv_factor(b, g) > 1.0 &&
		     u->mv_spent <= u->r.mv + EPS;
	if (kind != BS_FIRE_SPLIT && u->mv_spent > u->r.mv * six / 6.0 + EPS &&
	    hasted)
		out->haste_move = 1;
	else if (kind != BS_FIRE_SPLIT &&
		 u->mv_spent > u->r.mv * six / 6.0 + EPS)
		return nok(out,
			   six == 0 ? "it moved this round: it may not fire "
				      "(Table 12)"
				    : "it moved too far this round to fire "
				      "again (Table 12)",
			   "[10.4 T12]");
	if (kind == BS_FIRE_SPLIT && u->mv_spent > u->r.mv / 2.0 + EPS)
		/* [10.5] "move 1/2 of their movement rate, fire ..., then
		 * continue" */
		return nok(out,
			   "split-fire comes after at most half the movement "
			   "rate",
			   "[10.5]");
	/* [10.1] "A unit that is in base-to-base contact with enemy
	 * figures cannot use missile weapons"; RULING R-477: at the moment
	 * a mover comes into contact, before it touches, the firer's
	 * contact with it does not count */
	int mover = at_unit(b, at);
	if (engaged_but(b, g, mover == h ? mover : -1))
		return nok(out,
			   "a unit in base-to-base contact with the enemy "
			   "cannot use missile weapons",
			   "[10.1]");
	/* ammunition [10.3] [10.11] */
	const struct bs_special_ammo *sa = NULL;
	if (ammo >= 0) {
		if (!art || ammo >= u->def->nspecial_ammo)
			return nok(out, "no such special ammunition",
				   "[10.11]");
		if (u->special_left[ammo] <= 0)
			return nok(out, "that special ammunition is spent",
				   "[10.11]");
		sa = &u->def->special_ammo[ammo];
	} else if (u->ammo_left == 0) {
		return nok(out, "no ammunition left", "[10.3]");
	}
	(void)sa;
	return 1;
}

void bs1e_volley_plan(const struct bs_battle *b, int side, int unit, int tside,
		      int tunit, enum bs_fire_kind kind, int ammo,
		      const struct bs_move_point *at,
		      struct bs1e_volley_plan *out)
{
	memset(out, 0, sizeof *out);
	out->legal = 1;
	out->ammo = ammo;
	out->tindiv = -1;
	out->sight.over = out->sight.hidden_by = -1;
	if (side < 0 || side >= b->nsides || unit < 0 ||
	    unit >= b->sc->sides[side].nunits || tside < 0 ||
	    tside >= b->nsides || tunit < 0 ||
	    tunit >= b->sc->sides[tside].nunits)
		return no(out, "no such unit", "[10.1]");
	int g = bs1e_g(b, side, unit), h = bs1e_g(b, tside, tunit);
	const struct bs_unit_state *u = &b->units[g], *t = &b->units[h];
	const struct bs_missile_rated *m = &u->r.msl;
	int art = m->artillery != BS_ART_NONE;
	if (!bs1e_in_play(b, g))
		return no(out, "the unit is not on the table", "[10.1]");
	if (tside == side)
		return no(out, "missile fire is aimed at an enemy unit",
			  "[10.6]");
	if (!bs1e_in_play(b, h))
		return no(out, "the target is not on the table", "[10.1]");
	/* [14.19] RULING R-346: not at undead in his side's service */
	if (!bs1e_hostile(b, side, h))
		return no(out, BS1E_SERVING_WHY, BS1E_SERVING_CITE);
	/* [14.8] "figures unable to see the invisible figures cannot make
	 * magic or missile attacks" RULING R-343 */
	if (bs1e_fx_unit_unseen(b, h))
		return no(out, BS1E_UNIT_UNSEEN_WHY, BS1E_UNIT_UNSEEN_CITE);
	if (!firer_checks(b, g, kind, ammo, at, h, out))
		return;
	const struct bs_special_ammo *sa =
	    ammo >= 0 ? &u->def->special_ammo[ammo] : NULL;
	/* [11.9] woods: fire only from their edge and at their edge */
	/* "Units in woods can only use missile fire if they are at the edge
	 * of the woods and shooting out of the woods. Missile fire cannot be
	 * used at units in the woods, but can be used against units at the
	 * edge of the woods." (the edge: RULING R-447) */
	struct bs_quad gq = bs1e_quad(b, g), tq = quad_at(b, h, at);
	if (!woods_and_reach(b, m, &gq, &tq, 1, out))
		return;
	/* [10.1] line of sight, range */
	if (sight_of(b, g, h, at, &out->sight) <= 0)
		return no(out,
			  out->sight.too_close
			      ? "the target is closer than the catapult's "
				"minimum range"
			  : out->sight.in_reach > 0 && out->sight.terrain_hid
			      ? "no figure can see the target: the terrain "
				"hides it (woods, a hill or a building)"
			  : out->sight.in_reach > 0
			      ? "no figure can see the target"
			      : "the target is out of range",
			  out->sight.too_close ? "[10.9]"
			  : out->sight.in_reach > 0 && out->sight.terrain_hid
			      ? "[10.1] [11.9] RULING R-495"
			  : out->sight.in_reach > 0 ? "[10.1]"
						    : "[10.0]");
	/* [10.9] "A ballista ... must be able to trace a straight line of
	 * sight to its target, and cannot use indirect fire" (fire_spec) */
	const struct bs_tt_sight *s = &out->sight;
	out->band = s->range <= m->range[0] + EPS   ? 0
		    : s->range <= m->range[1] + EPS ? 1
						    : 2;
	/* [14.6 A] RULING R-691: a charmed commander's unit shoots at no
	 * one */
	{
		const char *cite, *why = bs1e_charmed_why(b, g, &cite);
		if (why)
			return no(out, why, cite);
	}
	/* [14.6 B] RULING R-623: held figures do not shoot */
	out->figures = bs1e_fx_active(b, g, art ? 1 : s->firers);
	if (out->figures <= 0 && bs1e_fx_held(b, g) > 0)
		return no(out, "its figures are held (RULING R-623)",
			  "[14.6 B]");
	out->cap = s->seen;
	/* the AR [8.3] with Table 13 [10.8] */
	struct bs_deriv *d = &out->ar;
	if (art)
		bs_deriv_init(d, m->base_ar, "crew THAC0", "[10.10]",
			      "[10.10]");
	else
		bs_deriv_init(d, m->base_ar, NULL, "[8.3]", "[10.8 T13]");
	if (t->formation == BS_FORM_OPEN || t->formation == BS_FORM_SKIRMISH)
		t13(d, BS1E_T13_TARGET_OPEN, NULL);
	/* [10.8] Table 13 [11.9] cover: in woods or behind a hedge, in a
	 * building or behind a wall (the terrain's RULING R-448), on the
	 * line of the volley's nearest pair */
	enum bs_cover cover = t13_cover(b, s, &tq, d);
	/* [10.8] Table 13 "or in Shield Wall formation ([11.6])" +4: the
	 * [11.6] bonus "against all normal missile attacks", on the side the
	 * volley strikes (its front; any side of the circle or square), none
	 * against artillery; RULING R-536: the one +4, not again
	 * behind a wall or in a building. Missile fire, indirect fire too,
	 * is not from above (RULING R-535). */
	int wall =
	    cover == BS_COVER_HARD
		? 0
		: bs1e_shield_wall_missile_ac_at(b, h, &tq, s->from, art, 0);
	if (wall > 0)
		bs_deriv_add(d, wall, "[10.8 T13] [11.6] RULING R-536",
			     "target in shield wall formation");
	/* [14.8] "they have a -4 AC bonus as long as they are invisible"
	 * RULING: AC 4 better is AR 4 worse (AR - AC), not
	 * against artillery's own target AC [10.9] */
	if (!art && bs1e_fx_unit_invis_ac(b, h))
		bs_deriv_add(d, bs1e_fx_unit_invis_ac(b, h),
			     "[14.8] RULING R-343",
			     "target invisible: AC 4 "
			     "better");
	/* [14.7] RULING R-739: an evil unit's volley at a unit every figure
	 * of which is under protection from evil, AR 2 worse (artillery's
	 * own target AC [10.9] none, as R-736) */
	if (!art)
		bs1e_bonus_unit_ward_ar(b, -1, g, h, d);
	if (m->mounted)
		t13(d, BS1E_T13_MOUNTED, NULL);
	if (s->indirect) {
		char over[BS_NAME_MAX + 8];
		bs_battle_unit_name(b, s->over, over, sizeof over);
		t13(d, BS1E_T13_INDIRECT, over);
	}
	if (out->band == 1)
		t13(d, BS1E_T13_MEDIUM_RANGE, NULL);
	else if (out->band == 2)
		t13(d, BS1E_T13_LONG_RANGE, NULL);
	/* RULING R-476 (known-gaps 41) [10.1] "If only a portion of the
	 * intended target can be seen, the figure can still shoot, but at
	 * a penalty": +2, the penalty Table 13 gives partial cover */
	if (s->seen < s->in_reach && cover == BS_COVER_NONE &&
	    !(b->sc->options & (1u << BS_OPT_PARTLY_VISIBLE_NO_PENALTY)))
		bs_deriv_add(d, 2, "[10.1] RULING R-476",
			     "target partly hidden (%d of %d figures seen)",
			     s->seen, s->in_reach);
	/* [10.10] "any replacement crew figure has a +2 AR penalty" */
	if (art && u->crew_replaced)
		bs_deriv_add(d, 2, "[10.10]", "replacement crew");
	/* RULING R-492: the firers' normal AD&D penalties ([8.3] special
	 * note) and the forced-march penalty [7.13] apply to missile fire */
	if (u->r.daylight_penalty)
		bs_deriv_add(d, bs1e_table10_notes[BS1E_T10X_DAYLIGHT].mod,
			     bs1e_table10_notes[BS1E_T10X_DAYLIGHT].cite,
			     "goblins/orcs in daylight");
	bs1e_ar_add_forced_march(d, u->fm_penalty);
	/* [14.7] bless, prayer: the to-hit of every figure of the unit
	 * (RULING R-686: its firers are not told apart); RULING R-736: a
	 * unit wholly hasted (not after its double move, R-616) fires for
	 * double damage, wholly slowed for half */
	if (!art)
		out->bonus_dmg = bs1e_bonus_to_hit(b, g, -1, d);
	/* RULING R-705: "or": the volley of haste's full move is not also
	 * doubled */
	if (out->haste_move && out->bonus_dmg > 0)
		out->bonus_dmg = 0;
	/* [10.9] the target's AC: a catapult's AC 5, a ballista's AC 10 */
	out->ac = art ? m->target_ac : t->r.ac;
	out->damage = sa		       ? sa->damage
		      : t->r.size == BS_SIZE_L ? m->dmg_l
					       : m->dmg_sm;
	out->area_tenths = sa ? sa->area_tenths : 0;
	/* [13.3] creatures hit only by magic weapons */
	out->harmless = t->r.magic_to_hit && !m->magic && !art;
	/* the expected result over the 36 outcomes of 2d6 */
	struct bs1e_attack_plan ap;
	if (!out->harmless && attack_plan(out, &ap)) {
		double sum = 0;
		int most = out->cap * t->r.hd_fig;
		for (int roll = 2; roll <= 12; roll++) {
			struct bs1e_attack_result res;
			bs1e_attack_resolve(&ap, roll, &res);
			int hd =
			    res.total_tenths < most ? res.total_tenths : most;
			sum += (double)bs1e_2d6_ways(roll) * hd;
		}
		out->expected_hd = sum / 36.0;
	}
}

/* ---- at an individual standing alone [9.2] [9.4 A] (RULING R-670) ----- */

/* Individual k's counter as a block of one figure (its sides along the
 * table's, RULING R-500). */
static void counter_of(const struct bs_battle *b, int k, struct bs_tt_shape *s,
		       struct bs_tt_pose *p)
{
	double w = bs1e_sc(b)->ix[k].base;
	bs_tt_shape_make(BS_FORM_CLOSED, 1, 1, w, w, 0, s);
	p->facing = 0;
	p->front = bs_vec_add(b->indivs[k].pos, (struct bs_vec){0, w / 2});
}

/* Where individual k's counter is: at the moment `at` when it is of his
 * own move (RULING R-674), else where he stands. */
static struct bs_vec indiv_pos_at(const struct bs_battle *b, int k,
				  const struct bs_move_point *at)
{
	return at_indiv(b, at) == k ? (struct bs_vec){at->x, at->y}
				    : b->indivs[k].pos;
}

/* [10.1] the sight of unit g at individual k's counter: the units stand
 * in the way as for a unit target (the mover where `at` has it), and the
 * other individuals' counters (RULING R-551, as for a hero's shot). */
static int sight_indiv(const struct bs_battle *b, int g, int k,
		       const struct bs_move_point *at, struct bs_tt_sight *out)
{
	struct bs_tt_fire_spec spec;
	fire_spec(b, g, &spec);
	struct bs_tt_shape fs, ts;
	struct bs_tt_pose fp, tp;
	bs1e_shape(b, g, &fs);
	bs1e_pose(b, g, &fp);
	counter_of(b, k, &ts, &tp);
	/* RULING R-674: at a moment of his own move, where it has him */
	tp.front = bs_vec_add(indiv_pos_at(b, k, at),
			      (struct bs_vec){0, bs1e_sc(b)->ix[k].base / 2});
	int moving = at_unit(b, at);
	const struct bs_quad *fq = &bs1e_sc(b)->ux[g].c_quad;
	struct bs_quad obst[BS1E_MAX_UNITS + BS1E_MAX_INDIVS];
	unsigned char friendly[BS1E_MAX_UNITS + BS1E_MAX_INDIVS];
	double fdist[BS1E_MAX_UNITS + BS1E_MAX_INDIVS];
	int n = 0;
	(void)bs1e_quad(b, g); /* fills the cache fq points at */
	for (int h = 0; h < b->nunits; h++) {
		if (h == g || !bs1e_in_play(b, h))
			continue;
		obst[n] = quad_at(b, h, h == moving ? at : NULL);
		friendly[n] = b->units[h].side == b->units[g].side;
		fdist[n] = friendly[n] && spec.indirect_ok
			       ? bs_quad_dist(fq, &obst[n])
			       : 0;
		n++;
	}
	for (int i = 0; i < b->nindivs; i++) {
		if (i == k || !bs1e_indiv_figure(b, i))
			continue;
		obst[n] = bs1e_counter_at(indiv_pos_at(b, i, at),
					  bs1e_sc(b)->ix[i].base);
		friendly[n] = b->indivs[i].side == b->units[g].side;
		fdist[n] = friendly[n] && spec.indirect_ok
			       ? bs_quad_dist(fq, &obst[n])
			       : 0;
		n++;
	}
	int r = bs_tt_sight_geom(&fs, &fp, &ts, &tp, &spec, obst, friendly,
				 fdist, n, out);
	/* the obstacles' indexes are not the units' here: the names of a
	 * unit shot over or hiding him are not given */
	out->over = out->hidden_by = -1;
	return r;
}

void bs1e_volley_plan_indiv(const struct bs_battle *b, int side, int unit,
			    int tside, int tindiv, enum bs_fire_kind kind,
			    int ammo, const struct bs_move_point *at,
			    struct bs1e_volley_plan *out)
{
	memset(out, 0, sizeof *out);
	out->legal = 1;
	out->ammo = ammo;
	out->tindiv = -1;
	out->sight.over = out->sight.hidden_by = -1;
	if (side < 0 || side >= b->nsides || unit < 0 ||
	    unit >= b->sc->sides[side].nunits || tside < 0 ||
	    tside >= b->nsides || tindiv < 0 ||
	    tindiv >= b->sc->sides[tside].nindividuals)
		return no(out, "no such unit or individual", "[10.1] [9.4]");
	int g = bs1e_g(b, side, unit), k = b->indiv_first[tside] + tindiv;
	const struct bs_unit_state *u = &b->units[g];
	const struct bs_missile_rated *m = &u->r.msl;
	if (!bs1e_in_play(b, g))
		return no(out, "the unit is not on the table", "[10.1]");
	if (tside == side)
		return no(out, "missile fire is aimed at an enemy", "[10.6]");
	/* [9.2] "Commanders who are physically separate from their units
	 * can be attacked and killed as if they were Heroes ([9.4])"; one
	 * with his unit "cannot be killed without his unit being destroyed"
	 * (RULING R-671) */
	if (!bs1e_indiv_on_table(b, tside, tindiv))
		return no(out,
			  b->indivs[k].alive && !b->indivs[k].lost &&
				  b->indivs[k].with_unit >= 0
			      ? "he is with his unit: only an individual "
				"standing alone is a target"
			      : "the target does not stand alone on the table",
			  "[9.2] [9.4] RULING R-671");
	out->tindiv = k;
	/* [14.8] "They cannot be attacked unless they are detected by enemy
	 * forces" RULING R-633 */
	if (bs1e_fx_unseen(b, k))
		return no(out, BS1E_UNSEEN_WHY, BS1E_UNSEEN_CITE);
	/* RULING R-671: artillery aims at units ([10.9] its target AC is a
	 * unit's) */
	if (m->artillery != BS_ART_NONE)
		return no(out, "artillery fires at units, not at an individual",
			  "[10.9] RULING R-671");
	if (!firer_checks(b, g, kind, ammo, at, -1, out))
		return;
	struct bs_quad gq = bs1e_quad(b, g),
		       tq = bs1e_counter_at(indiv_pos_at(b, k, at),
					    bs1e_sc(b)->ix[k].base);
	/* [10.1] "A unit that is in base-to-base contact with enemy figures
	 * cannot use missile weapons": touching him too */
	if (bs_quad_dist_cmp(&gq, &tq, BS_GEOM_TOUCH) <= 0)
		return no(out,
			  "a unit in base-to-base contact with the enemy "
			  "cannot use missile weapons",
			  "[10.1]");
	/* [11.9] woods and [10.0] range, as for a unit target */
	if (!woods_and_reach(b, m, &gq, &tq, 0, out))
		return;
	if (sight_indiv(b, g, k, at, &out->sight) <= 0)
		return no(out,
			  out->sight.in_reach > 0 && out->sight.terrain_hid
			      ? "no figure can see the target: the terrain "
				"hides it (woods, a hill or a building)"
			  : out->sight.in_reach > 0
			      ? "no figure can see the target"
			      : "the target is out of range",
			  out->sight.in_reach > 0 && out->sight.terrain_hid
			      ? "[10.1] [11.9] RULING R-495"
			  : out->sight.in_reach > 0 ? "[10.1]"
						    : "[10.0]");
	const struct bs_tt_sight *s = &out->sight;
	const struct bs1e_fighter *hf = &bs1e_sc(b)->ix[k].f;
	out->band = s->range <= m->range[0] + EPS   ? 0
		    : s->range <= m->range[1] + EPS ? 1
						    : 2;
	/* [9.4 A] "Only 1 figure can attack a size S or size M Hero at a
	 * time. Up to 3 figures can attack a size L Hero at a time."
	 * RULING R-670: of the figures that see him [10.1], not held [14.6
	 * B] */
	int figs = bs1e_fx_active(b, g, s->firers);
	if (figs <= 0 && bs1e_fx_held(b, g) > 0)
		return no(out, "its figures are held (RULING R-623)",
			  "[14.6 B]");
	int cap = bs1e_figures_vs_hero(hf->size);
	out->figures = figs < cap ? figs : cap;
	out->cap = 1;
	/* the AR [8.3] with Table 13 [10.8]: a lone figure is in no
	 * formation (RULING R-670: no "open or skirmish" term) */
	struct bs_deriv *d = &out->ar;
	bs_deriv_init(d, m->base_ar, NULL, "[8.3]", "[10.8 T13]");
	t13_cover(b, s, &tq, d);
	if (m->mounted)
		t13(d, BS1E_T13_MOUNTED, NULL);
	if (s->indirect)
		t13(d, BS1E_T13_INDIRECT, NULL);
	if (out->band == 1)
		t13(d, BS1E_T13_MEDIUM_RANGE, NULL);
	else if (out->band == 2)
		t13(d, BS1E_T13_LONG_RANGE, NULL);
	if (u->r.daylight_penalty)
		bs_deriv_add(d, bs1e_table10_notes[BS1E_T10X_DAYLIGHT].mod,
			     bs1e_table10_notes[BS1E_T10X_DAYLIGHT].cite,
			     "goblins/orcs in daylight");
	bs1e_ar_add_forced_march(d, u->fm_penalty);
	/* [14.7] RULING R-706: the firers' bonuses at him as at a unit
	 * bless's and prayer's to hit of every figure; wholly hasted
	 * double damage, wholly slowed half), not on haste's full move
	 * (R-705) */
	out->bonus_dmg = bs1e_bonus_to_hit(b, g, -1, d);
	if (out->haste_move && out->bonus_dmg > 0)
		out->bonus_dmg = 0;
	/* [14.7] RULING R-737: his protection from evil, evil firers */
	bs1e_bonus_warded(b, k, -1, g, 1, 0, d);
	/* his AC [3.2], the weapon's damage against his size [8.4 C] */
	/* [14.8] RULING: an invisible target's AC 4 better */
	out->ac = hf->ac - bs1e_fx_invis_ac(b, k);
	out->damage = hf->size == BS_SIZE_L ? m->dmg_l : m->dmg_sm;
	/* [13.3] RULING R-730: a lone individual hit only by magic weapons,
	 * as a unit of such creatures (artillery aims at units) */
	out->harmless = bs1e_indiv_magic_to_hit(b, k) && !m->magic;
	struct bs1e_attack_plan ap;
	if (!out->harmless && attack_plan(out, &ap)) {
		double hd = 0, hp = 0;
		for (int roll = 2; roll <= 12; roll++) {
			struct bs1e_attack_result res;
			bs1e_attack_resolve(&ap, roll, &res);
			hd += (double)bs1e_2d6_ways(roll) * res.total_tenths;
			hp += (double)bs1e_2d6_ways(roll) *
			      bs1e_hero_hp_from_hd(res.total_tenths);
		}
		out->expected_hd = hd / 36.0;
		out->expected_hp = hp / 36.0;
	}
}

/* ---- firing ---------------------------------------------------------------
 */

static const char *const fire_cite[BS_FIRE__COUNT] = {
    [BS_FIRE_INITIAL] = "[1.2] [10.2]",
    [BS_FIRE_PASS_THROUGH] = "[10.6]",
    [BS_FIRE_PHASE] = "[1.5 B]",
    [BS_FIRE_SPLIT] = "[10.5]",
    [BS_FIRE_ARTILLERY] = "[1.5 C] [10.9]",
};

/* "D6", "2 x D10 (green slime)": the plan's columns (events only). */
static void columns(const struct bs1e_attack_plan *ap,
		    const struct bs_special_ammo *sa, char *buf, size_t len)
{
	size_t k = 0;
	buf[0] = 0;
	for (int i = 0; i < ap->nreads && k + 1 < len; i++) {
		char one[64];
		bs1e_colread_format(&ap->read[i], one, sizeof one);
		int w = snprintf(buf + k, len - k, "%s%s", i ? " + " : "", one);
		if (w < 0)
			break;
		k += (size_t)w < len - k ? (size_t)w : len - k - 1;
	}
	if (sa && k + 1 < len)
		snprintf(buf + k, len - k, " (%s)", sa->name);
}

/* One VOLLEY event. */
static void emit_volley(struct bs_battle *b, int g, int h,
			enum bs_fire_kind kind,
			const struct bs1e_volley_plan *p,
			const struct bs1e_attack_plan *ap,
			const struct bs1e_attack_result *res, int d1, int d2,
			const struct bs1e_casualties *c, int figures, int seen,
			const struct bs_move_point *at, const char *why)
{
	const struct bs_unit_state *u = &b->units[g], *t = &b->units[h];
	struct bs_event ev;
	char cols[160];
	const struct bs_special_ammo *sa =
	    p->ammo >= 0 ? &u->def->special_ammo[p->ammo] : NULL;
	columns(ap, sa, cols, sizeof cols);
	bs1e_ev(b, &ev, BS_EV_VOLLEY);
	bs_battle_ev_units(b, &ev, g, h);
	ev.deriv = p->ar;
	ev.has_deriv = 1;
	ev.dice[0] = d1;
	ev.dice[1] = d2;
	ev.ndice = 2;
	ev.die_sides = 6;
	ev.n[0] = figures;
	ev.n[1] = p->ac;
	ev.n[2] = res->attack_roll;
	ev.n[3] = res->per_figure_tenths;
	ev.n[4] = res->total_tenths;
	ev.n[5] = c->killed;
	ev.n[6] = c->wounded;
	ev.n[7] = seen;
	ev.n[8] = (int)kind;
	ev.n[9] = p->band;
	ev.n[10] = (int)lround(p->sight.range * 10);
	ev.n[11] = sa ? u->special_left[p->ammo] : u->ammo_left;
	ev.n[13] = p->bonus_dmg; /* [14.7] RULING R-736 */
	ev.x0 = u->front.x;
	ev.y0 = u->front.y;
	/* [10.6] RULING R-606: the inches into the mover's move; the mover
	 * named when it is not the target (another enemy unit in range, or
	 * a unit fired on at a lone individual's own move, R-674) */
	int at_target =
	    at && at->unit >= 0 && at->side == t->side && at->unit == t->idx;
	ev.f0 = at ? at->moved : 0;
	ev.n[12] = at && !at_target
		       ? bs_ev_mover_code(at->side,
					  at->unit >= 0 ? at->unit : at->indiv,
					  at->unit < 0)
		       : 0;
	ev.x1 = t->front.x;
	ev.y1 = t->front.y;
	ev.f1 = t->facing;
	ev.what = cols;
	ev.why = why;
	ev.cite = fire_cite[kind];
	bs_battle_emit(b, &ev);
}

/* [10.10] the crew figure was removed: a replacement takes over (RULING
 * R-488), with its +2 for the rest of the battle. Returns 1 when one
 * did. */
int bs1e_replace_crew(struct bs_battle *b, int g)
{
	struct bs_unit_state *u = &b->units[g];
	if (u->r.msl.artillery == BS_ART_NONE || u->figures > 0 ||
	    u->spare_crew <= 0)
		return 0;
	u->spare_crew--;
	u->figures = 1;
	bs1e_moved(b, g);
	u->wounded = 0;
	u->crew_replaced = 1;
	bs1e_note(b, g,
		  "a replacement crew figure takes over the piece (+2 AR for "
		  "the rest of the battle)",
		  "[10.10] RULING R-488");
	return 1;
}

/* Apply one volley's casualties to h at once [10.0]. */
static void strike(struct bs_battle *b, int g, int h,
		   const struct bs1e_casualties *c)
{
	struct bs1e_hit hit;
	memset(&hit, 0, sizeof hit);
	hit.from = g;
	hit.to = h;
	hit.c = *c;
	b->units[h].flags |= BS_UF_ATTACKED;
	/* [14.8] RULING R-345: a volley is an attack: its invisibility
	 * ends */
	bs1e_fx_unit_invis_attacks(b, g);
	bs1e_apply_hits_cite(b, h, &hit, 1, "missile fire", "[10.0] [8.7]");
}

/* [10.11] the figures of unit k within `radius` of point p. */
static int figures_within(const struct bs_battle *b, int k, struct bs_vec p,
			  double radius)
{
	struct bs_tt_shape s;
	struct bs_tt_pose ps;
	bs1e_shape(b, k, &s);
	bs1e_pose(b, k, &ps);
	int n = 0;
	for (int i = 0; i < s.figures; i++) {
		int f, r;
		bs_tt_slot(&s, i, &f, &r);
		if (bs_vec_dist(bs_tt_slot_pos(&s, &ps, f, r), p) <=
		    radius + EPS)
			n++;
	}
	return n;
}

/* [14.7] RULING R-705: the note of a volley on haste's full move. */
#define HASTE_MOVE_WHY                                                         \
	"hasted: its full move and also missiles (Table 12's limit lifted; "   \
	"not double damage)"
#define HASTE_MOVE_CITE "[14.7] [10.4 T12] RULING R-705"

/* The shot is spent [10.2] [10.3]. */
static void spend(struct bs_unit_state *u, int round, enum bs_fire_kind kind,
		  int ammo)
{
	u->shots++;
	u->flags |= BS_UF_FIRED;
	u->last_fired = round;
	if (kind == BS_FIRE_INITIAL)
		u->fired_initial = 1;
	if (kind == BS_FIRE_PASS_THROUGH)
		u->pass_through = 1;
	if (ammo >= 0)
		u->special_left[ammo]--;
	else if (u->ammo_left > 0)
		u->ammo_left--;
}

int bs1e_fire(struct bs_battle *b, int g, int h, enum bs_fire_kind kind,
	      int ammo, const struct bs_move_point *at, const char *why)
{
	struct bs_unit_state *u = &b->units[g];
	const struct bs_unit_state *t = &b->units[h];
	struct bs1e_volley_plan p;
	bs1e_volley_plan(b, u->side, u->idx, t->side, t->idx, kind, ammo, at,
			 &p);
	if (!p.legal) {
		bs1e_reject(b, g, p.why, p.cite);
		return 0;
	}
	spend(u, b->round, kind, ammo);
	/* [14.7] RULING R-705: fired on haste's full move */
	if (p.haste_move)
		bs1e_note(b, g, HASTE_MOVE_WHY, HASTE_MOVE_CITE);
	/* [14.7] RULING R-736: "or fire missiles or melee for double
	 * damage": its melee this Game Round is not doubled */
	if (p.bonus_dmg > 0)
		bs1e_sc(b)->ux[g].haste_fired = b->round;
	struct bs1e_attack_plan ap;
	if (p.harmless || !attack_plan(&p, &ap)) {
		bs1e_note(b, g,
			  p.harmless ? "its missiles cannot harm the enemy"
				     : "the volley cannot be read on the CRT",
			  p.harmless ? "[13.3]" : "[8.5]");
		return 1;
	}
	/* [10.0] "Use the BATTLESYSTEM melee combat procedure": RULING
	 * R-475, one attack roll for the whole volley, every firing figure
	 * at the range band of the nearest pair [8.4 E]. [8.4 B] "Roll
	 * 2d6." */
	static const struct bs_roll_why why_fire = {
	    BS_ROLL_ATTACK, {6, 6}, 0, "firing at", "[10.0] [8.4 B]"};
	bs_dice_why(&b->dice, &why_fire, -1, g, -1, h);
	int d1 = bs_roll(&b->dice, 6), d2 = bs_roll(&b->dice, 6);
	struct bs1e_attack_result res;
	bs1e_attack_resolve(&ap, d1 + d2, &res);
	/* [10.1] "all enemy losses must be taken from the figures visible
	 * to the firing unit ... ignore remaining losses" */
	int cap = p.cap;
	struct bs_vec aim = p.sight.to;
	double radius = p.area_tenths / 10.0;
	if (p.area_tenths > 0) {
		int in = figures_within(b, h, aim, radius);
		cap = in > 0 ? in : 1;
	}
	struct bs1e_casualties c;
	casualties(t, res.total_tenths, cap, &c);
	if (bs_battle_events_on(b))
		emit_volley(b, g, h, kind, &p, &ap, &res, d1, d2, &c, p.figures,
			    cap, at, why);
	/* RULING R-491 [10.11] an area: every other unit with figures in
	 * it takes the same shot, from those figures */
	int hit_other[BS1E_MAX_UNITS], nother = 0;
	struct bs1e_casualties co[BS1E_MAX_UNITS];
	if (p.area_tenths > 0)
		for (int k = 0; k < b->nunits; k++) {
			if (k == h || k == g || !bs1e_in_play(b, k))
				continue;
			int in = figures_within(b, k, aim, radius);
			if (in <= 0)
				continue;
			const struct bs_unit_state *o = &b->units[k];
			struct bs1e_volley_plan q = p;
			/* [14.8] RULING R-343: the AR has the target's
			 * invisibility term: this unit's own instead */
			q.ac = o->r.ac - bs1e_fx_unit_invis_ac(b, k) +
			       bs1e_fx_unit_invis_ac(b, h);
			if (u->r.msl.artillery != BS_ART_NONE)
				q.ac = u->r.msl.target_ac;
			struct bs1e_attack_plan aq;
			if (!attack_plan(&q, &aq))
				continue;
			struct bs1e_attack_result rq;
			bs1e_attack_resolve(&aq, d1 + d2, &rq);
			casualties(o, rq.total_tenths, in, &co[nother]);
			if (bs_battle_events_on(b))
				emit_volley(b, g, k, kind, &q, &aq, &rq, d1, d2,
					    &co[nother], 1, in, at,
					    "within the area of the special "
					    "ammunition (RULING R-491)");
			hit_other[nother++] = k;
		}
	/* [10.0] "figures killed by missile fire are removed immediately;
	 * they do not get to return fire" */
	strike(b, g, h, &c);
	for (int i = 0; i < nother; i++)
		if (bs1e_in_play(b, hit_other[i]))
			strike(b, g, hit_other[i], &co[i]);
	return 1;
}

/* [9.4 A] RULING R-670: one FIGURE_ATTACK event of a volley at a hero. */
static void emit_shot_at_indiv(struct bs_battle *b, int g, int k,
			       enum bs_fire_kind kind,
			       const struct bs1e_volley_plan *p,
			       const struct bs1e_attack_plan *ap,
			       const struct bs1e_attack_result *res, int d1,
			       int d2, int hp, const char *why)
{
	const struct bs_unit_state *u = &b->units[g];
	const struct bs_indiv_state *c = &b->indivs[k];
	struct bs_event ev;
	char cols[160];
	columns(ap, NULL, cols, sizeof cols);
	bs1e_ev(b, &ev, BS_EV_FIGURE_ATTACK);
	bs_battle_ev_units(b, &ev, g, -1);
	ev.tside = c->side;
	ev.tindiv = c->idx;
	ev.deriv = p->ar;
	ev.has_deriv = 1;
	ev.dice[0] = d1;
	ev.dice[1] = d2;
	ev.ndice = 2;
	ev.die_sides = 6;
	ev.n[0] = p->figures;
	ev.n[1] = p->ac;
	ev.n[2] = res->attack_roll;
	ev.n[3] = res->per_figure_tenths;
	ev.n[4] = res->total_tenths;
	ev.n[5] = hp;
	ev.n[6] = 0;
	ev.n[7] = BS_ARC_FRONT;
	ev.n[8] = 1; /* a shot (RULING R-670) */
	ev.n[9] = p->band;
	ev.n[10] = (int)lround(p->sight.range * 10);
	ev.n[11] = (int)kind;
	ev.n[13] = p->bonus_dmg; /* [14.7] RULING R-706 */
	ev.x0 = u->front.x;
	ev.y0 = u->front.y;
	ev.x1 = c->pos.x;
	ev.y1 = c->pos.y;
	ev.what = cols;
	ev.why = why;
	ev.cite = kind == BS_FIRE_PHASE ? "[1.5 B] [9.4 A] [10.0] RULING R-670"
		  : kind == BS_FIRE_INITIAL
		      ? "[1.2] [10.2] [9.4 A] [10.0] RULING R-670"
		      : "[10.6] [9.4 A] [10.0] RULING R-670";
	bs_battle_emit(b, &ev);
}

int bs1e_fire_indiv(struct bs_battle *b, int g, int k, enum bs_fire_kind kind,
		    int ammo, const struct bs_move_point *at, const char *why)
{
	struct bs_unit_state *u = &b->units[g];
	struct bs_indiv_state *c = &b->indivs[k];
	struct bs1e_volley_plan p;
	bs1e_volley_plan_indiv(b, u->side, u->idx, c->side, c->idx, kind, ammo,
			       at, &p);
	if (!p.legal) {
		bs1e_reject(b, g, p.why, p.cite);
		return 0;
	}
	spend(u, b->round, kind, ammo);
	/* [14.7] RULING R-705: fired on haste's full move */
	if (p.haste_move)
		bs1e_note(b, g, HASTE_MOVE_WHY, HASTE_MOVE_CITE);
	/* [14.7] RULING: "or": no double melee damage after */
	if (p.bonus_dmg > 0)
		bs1e_sc(b)->ux[g].haste_fired = b->round;
	struct bs1e_attack_plan ap;
	if (p.harmless || !attack_plan(&p, &ap)) {
		bs1e_note(b, g,
			  p.harmless
			      ? "its missiles cannot harm him: he is hit "
				"only by magic weapons"
			      : "the volley cannot be read on the CRT",
			  p.harmless ? "[13.3] RULING R-730" : "[8.5]");
		return 1;
	}
	/* [9.4 A] "The figure attacks using normal BATTLESYSTEM melee
	 * procedures": one attack roll for the figures that shoot (R-475's
	 * one roll a volley) */
	static const struct bs_roll_why why_fire = {
	    BS_ROLL_ATTACK, {6, 6}, 0, "firing at", "[9.4 A] [10.0]"};
	bs_dice_why(&b->dice, &why_fire, u->side, g, -1, -1);
	b->dice.req.tside = c->side;
	b->dice.req.tindiv = c->idx;
	int d1 = bs_roll(&b->dice, 6), d2 = bs_roll(&b->dice, 6);
	struct bs1e_attack_result res;
	bs1e_attack_resolve(&ap, d1 + d2, &res);
	/* "Each hit die of damage caused by the figure causes 4 hit points
	 * of damage to the Hero." (R-069 for fractions); [10.0] removed at
	 * once: RULING R-670, not at the end of a phase */
	int hp = bs1e_hero_hp_from_hd(res.total_tenths);
	/* [14.7] RULING R-618: protection from normal missiles (not
	 * artillery) */
	if (hp > 0 && u->def->artillery == BS_ART_NONE &&
	    bs1e_bonus_missile_proof(b, k)) {
		hp = 0;
		bs1e_note_indiv(b, k, "no harm from normal missiles",
				"[14.7] RULING R-618");
	}
	if (bs_battle_events_on(b))
		emit_shot_at_indiv(b, g, k, kind, &p, &ap, &res, d1, d2, hp,
				   why);
	if (hp <= 0)
		return 1;
	c->hp -= hp;
	c->killed_by = u->side;
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs1e_ev(b, &ev, BS_EV_HP);
		ev.side = c->side;
		ev.indiv = c->idx;
		ev.n[0] = hp;
		ev.n[1] = c->hp;
		ev.n[2] = c->hp_max;
		ev.n[3] = 0;
		ev.what = "wounded by missile fire";
		ev.cite = "[9.4 A] [10.0] RULING R-670";
		bs_battle_emit(b, &ev);
	}
	/* [14.1] Q&A 127.66: struck by missile fire in step B */
	if (kind == BS_FIRE_PHASE)
		bs1e_disrupt_struck(b, k, u->side);
	/* RULING R-513: at 0 hit points or fewer he is dead */
	if (c->alive && c->hp <= 0)
		bs1e_indiv_killed(b, k, u->side, "killed by missile fire",
				  "[9.4 A] [10.0] RULING R-670");
	return 1;
}

/* ---- the phases [1.2] [1.5] ----------------------------------------------
 */

/* Side `side`'s volleys of `kind`, in its controller's order. */
static void side_fires(struct bs_battle *b, int side, enum bs_fire_kind kind)
{
	const struct bs_controller *c = b->ctl[side];
	if (!c || !c->fire)
		return;
	struct bs_fire_order o[BS_MAX_FIRE_ORDERS];
	/* asked again while its volleys fire (each volley spends a shot, so
	 * this ends: a unit fires at most twice a round, Table 12) */
	int most = 2 * b->sc->sides[side].nunits + 2;
	for (int call = 0; call < most && !b->result.over; call++) {
		int n =
		    c->fire(c->ctx, b, side, kind, call, o, BS_MAX_FIRE_ORDERS);
		if (n > BS_MAX_FIRE_ORDERS)
			n = BS_MAX_FIRE_ORDERS;
		int fired = 0;
		for (int i = 0; i < n && !b->result.over; i++) {
			int nu = b->sc->sides[side].nunits;
			if (o[i].unit < 0 || o[i].unit >= nu ||
			    o[i].tside < 0 || o[i].tside >= b->nsides ||
			    o[i].tunit < 0 ||
			    o[i].tunit >=
				(o[i].at_indiv
				     ? b->sc->sides[o[i].tside].nindividuals
				     : b->sc->sides[o[i].tside].nunits)) {
				bs_battle_say(b, BS_EV_REJECTED, -1,
					      "a volley of no such unit or at "
					      "no such target",
					      "[10.1]");
				continue;
			}
			/* RULING R-670: at an individual standing alone */
			if (o[i].at_indiv)
				fired |= bs1e_fire_indiv(
				    b, bs1e_g(b, side, o[i].unit),
				    b->indiv_first[o[i].tside] + o[i].tunit,
				    kind, o[i].ammo, NULL, o[i].why);
			else
				fired |=
				    bs1e_fire(b, bs1e_g(b, side, o[i].unit),
					      bs1e_g(b, o[i].tside, o[i].tunit),
					      kind, o[i].ammo, NULL, o[i].why);
			bs1e_check_over(b, 0);
		}
		if (!fired)
			break;
	}
}

void bs1e_phase_initial_missile(struct bs_battle *b)
{
	/* [1.2] "Side A takes any initial missile fire to which it is
	 * entitled (and removes killed figures); Side B does the same after
	 * Side A has fired." [10.2] only units entitled to two or more shots
	 * a Game Round fire here, once at most. */
	for (int i = 0; i < b->nsides && !b->result.over; i++) {
		side_fires(b, b->side_order[i], BS_FIRE_INITIAL);
		/* issue 15 RULING R-549: then the side's individuals with
		 * two or more shots (r09_missiles.c) */
		if (!b->result.over)
			bs1e_heroes_fire(b, b->side_order[i], BS_FIRE_INITIAL);
	}
}

void bs1e_phase_missile_magic(struct bs_battle *b)
{
	/* [1.5] "A. Magic. Side A uses any remaining eligible magic; Side B
	 * repeats." Issue 16: the Advanced Game's [14.5] spells, cast by
	 * the side's individuals (r14_cast.c); what is not played yet the
	 * spells warning says. */
	bs1e_disrupt_begin(b); /* [14.1] Q&A 127.66 (r14_cast.c) */
	if (b->sc->level == BS_LEVEL_ADVANCED)
		for (int i = 0; i < b->nsides && !b->result.over; i++) {
			bs1e_casts(b, b->side_order[i]);
			/* [13.7] RULING R-645: then its units' breaths */
			bs1e_unit_breaths(b, b->side_order[i]);
		}
	bs1e_phase_turning(b); /* issue 16 [14.19] R-581 (r14_undead.c) */
	/* "B. Missile Fire. Side A fires any remaining eligible missiles;
	 * Side B repeats." */
	for (int i = 0; i < b->nsides && !b->result.over; i++) {
		side_fires(b, b->side_order[i], BS_FIRE_PHASE);
		/* issue 15 [9.4] RULING R-525: then the side's individuals
		 * who shoot (r09_missiles.c) */
		if (!b->result.over)
			bs1e_heroes_fire(b, b->side_order[i], BS_FIRE_PHASE);
	}
	/* [14.1] Q&A 127.66 RULING R-649: the spells of the casters who lost
	 * the spell disruption roll go off now, or are lost */
	bs1e_disrupt_end(b);
	/* "C. Artillery. Side A fires artillery weapons; Side B repeats." */
	for (int i = 0; i < b->nsides && !b->result.over; i++)
		side_fires(b, b->side_order[i], BS_FIRE_ARTILLERY);
}

/* ---- pass-through fire [10.6] -------------------------------------------- */

/* 1 when enemy unit k of `mside` may still take pass-through fire this
 * round, through its controller's callback `cb` (non-zero). */
static int pt_able(const struct bs_battle *b, int k, int mside, int cb)
{
	const struct bs_unit_state *u = &b->units[k];
	return u->side != mside && cb && bs1e_in_play(b, k) &&
	       u->shots < u->shots_round && !u->pass_through &&
	       !(u->flags & (BS_UF_ROUTED | BS_UF_RALLIED | BS_UF_CHARGED));
}

int bs1e_pass_through_possible(const struct bs_battle *b, int g)
{
	const struct bs_unit_state *mu = &b->units[g];
	double reach_mv = mu->r.mv * 1.5 + 1.0;
	for (int k = 0; k < b->nunits; k++) {
		const struct bs_unit_state *u = &b->units[k];
		const struct bs_controller *c = b->ctl[u->side];
		if (!pt_able(b, k, mu->side, c && c->pass_through))
			continue;
		struct bs_quad qk = bs1e_quad(b, k), qg = bs1e_quad(b, g);
		if (bs_quad_dist(&qk, &qg) <= u->r.msl.range[2] + reach_mv)
			return 1;
	}
	/* issue 15 RULING R-549: or an enemy individual (r09_missiles.c);
	 * issue 16 RULING R-335: or an enemy caster (r14_cast.c) */
	return bs1e_heroes_pt_possible(b, g) ||
	       bs1e_casts_pt_possible(b, mu->side);
}

static int pt_take(struct bs_battle *b, int side, const struct bs_fire_order *o,
		   int k, int npath, struct bs1e_pt_order *out, int n, int max);
static void pt_sort(struct bs1e_pt_order *out, int n);

/* An order of a side's controller for the moments of g's move, checked
 * in form; at most one per unit [10.2]. */
int bs1e_pass_through_orders(struct bs_battle *b, int g,
			     const struct bs_move_point *path, int npath,
			     struct bs1e_pt_order *out, int max)
{
	const struct bs_unit_state *mu = &b->units[g];
	int n = 0;
	for (int i = 0; i < b->nsides; i++) {
		int side = b->side_order[i];
		const struct bs_controller *c = b->ctl[side];
		if (side == mu->side || !c || !c->pass_through)
			continue;
		struct bs_fire_order o[BS_MAX_FIRE_ORDERS];
		int k = c->pass_through(c->ctx, b, side, mu->side, mu->idx,
					path, npath, o, BS_MAX_FIRE_ORDERS);
		n = pt_take(b, side, o, k, npath, out, n, max);
	}
	/* issue 15 RULING R-549: the individuals' shots (r09_missiles.c) */
	n += bs1e_heroes_pt_orders(b, g, path, npath, out + n, max - n);
	/* issue 16 RULING R-335: the casters' pass-through magic */
	n += bs1e_casts_pt_orders(b, mu->side, mu->idx, path, npath, out + n,
				  max - n);
	pt_sort(out, n);
	return n;
}

/* Issue 15 [10.6] RULING R-674: pass-through fire at the move of an
 * individual standing alone: the units in reach of his whole move (his MV
 * and the weapon's long range) that may still shoot. */
int bs1e_indiv_pass_through_possible(const struct bs_battle *b, int k)
{
	const struct bs_indiv_state *c = &b->indivs[k];
	struct bs_quad qk = bs1e_indiv_quad(b, k);
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_unit_state *u = &b->units[g];
		const struct bs_controller *ctl = b->ctl[u->side];
		if (!pt_able(b, g, c->side, ctl && ctl->pass_through_at_indiv))
			continue;
		struct bs_quad qg = bs1e_quad(b, g);
		if (bs_quad_dist(&qk, &qg) <=
		    u->r.msl.range[2] + c->mv * 4.0 / 3.0 + 1.0)
			return 1;
	}
	/* RULING R-698: or an enemy hero who shoots (r09_missiles.c);
	 * issue 16 RULING R-335: or an enemy caster (r14_cast.c) */
	return bs1e_heroes_pt_possible_at_indiv(b, k) ||
	       bs1e_casts_pt_possible(b, c->side);
}

int bs1e_indiv_pass_through_orders(struct bs_battle *b, int k,
				   const struct bs_move_point *path, int npath,
				   struct bs1e_pt_order *out, int max)
{
	const struct bs_indiv_state *mc = &b->indivs[k];
	int n = 0;
	for (int i = 0; i < b->nsides; i++) {
		int side = b->side_order[i];
		const struct bs_controller *c = b->ctl[side];
		if (side == mc->side || !c || !c->pass_through_at_indiv)
			continue;
		struct bs_fire_order o[BS_MAX_FIRE_ORDERS];
		int m = c->pass_through_at_indiv(c->ctx, b, side, mc->side,
						 mc->idx, path, npath, o,
						 BS_MAX_FIRE_ORDERS);
		n = pt_take(b, side, o, m, npath, out, n, max);
	}
	/* RULING R-698: the enemy heroes' shots at him (r09_missiles.c) */
	n +=
	    bs1e_heroes_pt_orders_at_indiv(b, k, path, npath, out + n, max - n);
	/* issue 16 RULING R-335: the casters' pass-through magic */
	n += bs1e_casts_pt_orders(b, mc->side, -1, path, npath, out + n,
				  max - n);
	pt_sort(out, n);
	return n;
}

/* The volleys o[0..k) of side's controller for the moments of a move of
 * npath moments, checked in form, appended to out[n..max) (at most one
 * per unit [10.2]); returns the new n. */
static int pt_take(struct bs_battle *b, int side, const struct bs_fire_order *o,
		   int k, int npath, struct bs1e_pt_order *out, int n, int max)
{
	if (k > BS_MAX_FIRE_ORDERS)
		k = BS_MAX_FIRE_ORDERS;
	for (int j = 0; j < k && n < max; j++) {
		int nu = b->sc->sides[side].nunits;
		if (o[j].unit < 0 || o[j].unit >= nu || o[j].tside < 0 ||
		    o[j].tside >= b->nsides || o[j].tunit < 0 ||
		    o[j].tunit >= (o[j].at_indiv
				       ? b->sc->sides[o[j].tside].nindividuals
				       : b->sc->sides[o[j].tside].nunits) ||
		    o[j].at < 0 || o[j].at >= npath) {
			bs_battle_say(b, BS_EV_REJECTED, -1,
				      "pass-through fire of no such "
				      "unit, target or moment",
				      "[10.6]");
			continue;
		}
		int dup = 0;
		for (int q = 0; q < n; q++)
			dup |= out[q].g == bs1e_g(b, side, o[j].unit);
		if (dup) {
			bs1e_reject(b, bs1e_g(b, side, o[j].unit),
				    "a unit takes at most one shot of "
				    "pass-through fire a round",
				    "[10.2] [10.6]");
			continue;
		}
		out[n].g = bs1e_g(b, side, o[j].unit);
		out[n].at = o[j].at;
		out[n].ammo = o[j].ammo;
		out[n].why = o[j].why;
		out[n].k = out[n].ti = -1;
		out[n].is_cast = 0; /* a volley, no cast (RULING R-335) */
		/* RULING R-670: at an individual standing alone */
		if (o[j].at_indiv) {
			out[n].h = -1;
			out[n].ti = b->indiv_first[o[j].tside] + o[j].tunit;
		} else {
			out[n].h = bs1e_g(b, o[j].tside, o[j].tunit);
		}
		n++;
	}
	return n;
}

/* By moment, then in the order given (a stable insertion sort). */
static void pt_sort(struct bs1e_pt_order *out, int n)
{
	for (int i = 1; i < n; i++) {
		struct bs1e_pt_order x = out[i];
		int j = i - 1;
		while (j >= 0 && out[j].at > x.at) {
			out[j + 1] = out[j];
			j--;
		}
		out[j + 1] = x;
	}
}
