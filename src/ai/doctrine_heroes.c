/* The doctrine AI's heroes, commanders and deputies in the Intermediate
 * Game (issue 15, docs/AI.md "Heroes and commanders"): [9.3] deputies and
 * successors step in as soon as a post may be taken over; [9.4] heroes
 * hunt the enemy heroes and commanders they can beat in individual combat
 * (the expected AD&D melee, bs1e_duel_expected), else help a friendly unit
 * that is losing its melee by striking its enemy, else stay with their
 * army; they withdraw from a fight that goes against them; [9.2] brigade
 * and army commanders keep out of the reach of enemy heroes who could
 * beat them. Every decision says why (the INDIV_ORDER and ROLE events).
 * No dice, no allocation: for a state of the battle the same answer. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "ai/doctrine_int.h"
#include "battlesim/bs1e_heroes.h"
#include "battlesim/bs1e_magic.h"
#include "battlesim/tabletop.h"

/* A hunt is worth it when the enemy falls in fewer AD&D rounds than this
 * part of the rounds the hero would last (docs/AI.md). */
#define BEAT 0.75
/* A hero leaves a fight when his hit points fall below this part. */
#define LOW_HP 0.35
/* He helps a unit only while he has at least this part of his hit points. */
#define HELP_HP 0.6
/* How far from the nearest friendly unit a hero hunts (inches). */
#define LEASH 12.0
/* A little room kept from the exact limits (inches). */
#define SLACK 0.05

/* The reason of an order, cut to its buffer. */
static void say(char *why, size_t len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void say(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, len, fmt, ap);
	va_end(ap);
}

static const struct bs_indiv_state *ind(const struct bs_battle *b, int side,
					int k)
{
	return &b->indivs[b->indiv_first[side] + k];
}

/* Rounds of AD&D melee a of side would need to kill d (large: never). */
static double rounds_to_kill(const struct bs_battle *b, int side, int a,
			     int dside, int d)
{
	const struct bs1e_fighter *fa = bs1e_indiv_fighter(b, side, a);
	const struct bs1e_fighter *fd = bs1e_indiv_fighter(b, dside, d);
	double e = bs1e_duel_expected(fa, fd, 0);
	int hp = ind(b, dside, d)->hp;
	if (e <= 1e-9)
		return 1e9;
	return (hp > 0 ? hp : 1) / e;
}

/* 1 when hero a of side can beat enemy figure d (and by how much: the
 * ratio of the rounds, lower is better). */
static int can_beat(const struct bs_battle *b, int side, int a, int dside,
		    int d, double *ratio)
{
	double mine = rounds_to_kill(b, side, a, dside, d);
	double his = rounds_to_kill(b, dside, d, side, a);
	*ratio = mine / (his > 1e-9 ? his : 1e-9);
	return *ratio < BEAT;
}

/* Distance from point p to the nearest friendly unit in play, not
 * routed. */
static double army_dist(const struct bs_battle *b, int side, struct bs_vec p)
{
	double best = HUGE_VAL;
	for (int u = 0; u < b->sc->sides[side].nunits; u++) {
		const struct bs_unit_state *s =
		    &b->units[b->side_first[side] + u];
		if ((s->flags & (BS_UF_REMOVED | BS_UF_ROUTED)))
			continue;
		struct bs_quad q = bs_tt_unit_quad(b, side, u);
		struct bs_quad pt = {{p, p, p, p}};
		double d = bs_quad_dist(&q, &pt);
		if (d < best)
			best = d;
	}
	return best;
}

/* A move of (side, k) toward point `to` (or as far as his MV goes),
 * checked with the engine's rules; with no straight way, a detour by one
 * waypoint to the left or right. The move wanted ends touching enemy `want`
 * (an obstacle: contact_side, and contact_unit or contact_indiv) or
 * touches no enemy at all (want_side -1). Returns 1 with *o filled. */
static int plan_move(const struct bs_battle *b, int side, int k,
		     struct bs_vec to, int want_side, int want_unit,
		     int want_indiv, struct bs_indiv_order *o)
{
	const struct bs_indiv_state *c = ind(b, side, k);
	struct bs_vec d = bs_vec_sub(to, c->pos);
	double len = bs_vec_len(d);
	if (len < SLACK)
		return 0;
	/* [10.4] Table 12 RULING R-550: less after his shots this round */
	double mv = bs1e_indiv_mv_allowed(b, side, k) - SLACK;
	if (mv < SLACK)
		return 0;
	static const double side_off[] = {0, 2, -2, 4, -4, 6, -6};
	for (size_t i = 0; i < sizeof side_off / sizeof side_off[0]; i++) {
		struct bs_indiv_order t = *o;
		t.move = 1;
		t.nvia = 0;
		struct bs_vec dir = bs_vec_scale(d, 1.0 / len);
		struct bs_vec nrm = {dir.y, -dir.x};
		struct bs_vec end = to;
		if (side_off[i] != 0) {
			struct bs_vec via =
			    bs_vec_add(bs_vec_add(c->pos, bs_vec_scale(d, 0.5)),
				       bs_vec_scale(nrm, side_off[i]));
			if (via.x < 0.5 || via.y < 0.5 ||
			    via.x > b->sc->width - 0.5 ||
			    via.y > b->sc->depth - 0.5)
				continue;
			t.via[0][0] = via.x;
			t.via[0][1] = via.y;
			t.nvia = 1;
			double l1 = bs_vec_dist(c->pos, via);
			if (l1 >= mv)
				end = bs_vec_add(
				    c->pos,
				    bs_vec_scale(bs_vec_sub(via, c->pos),
						 mv / l1));
			else {
				double l2 = bs_vec_dist(via, to);
				if (l1 + l2 > mv)
					end = bs_vec_add(
					    via,
					    bs_vec_scale(bs_vec_sub(to, via),
							 (mv - l1) / l2));
			}
			if (l1 >= mv)
				t.nvia = 0;
		} else if (len > mv) {
			end = bs_vec_add(c->pos, bs_vec_scale(dir, mv));
		}
		t.x = end.x;
		t.y = end.y;
		struct bs1e_indiv_outcome oc;
		if (!bs1e_check_indiv_move(b, side, k, &t, &oc))
			continue;
		if (oc.spent < SLACK)
			continue;
		if (oc.contact_enemy) {
			int ok =
			    oc.contact_side == want_side &&
			    ((want_unit >= 0 && oc.contact_unit == want_unit) ||
			     (want_indiv >= 0 &&
			      oc.contact_indiv == want_indiv));
			if (!ok)
				continue; /* into an enemy it did not want */
		}
		*o = t;
		return 1;
	}
	return 0;
}

/* The enemy figures that touch (side, k); returns how many. */
static int touching_figures(const struct bs_battle *b, int side, int k, int *es,
			    int *ek, int max)
{
	struct bs_quad q = bs1e_indiv_counter(b, side, k);
	int n = 0;
	for (int s = 0; s < b->nsides; s++)
		for (int j = 0; s != side && j < b->sc->sides[s].nindividuals;
		     j++) {
			if (!bs1e_indiv_on_table(b, s, j) || n >= max)
				continue;
			struct bs_quad e = bs1e_indiv_counter(b, s, j);
			if (bs_quad_dist_cmp(&q, &e, BS_GEOM_TOUCH) <= 0) {
				es[n] = s;
				ek[n] = j;
				n++;
			}
		}
	return n;
}

/* A withdrawal of (side, k) 3" straight away from what he touches [7.8]
 * [7.12]. Returns 1 with *o filled. */
int bs_ai_indiv_withdraw(const struct bs_battle *b, int side, int k,
			 struct bs_indiv_order *o)
{
	const struct bs_indiv_state *c = ind(b, side, k);
	/* away from the middle of every enemy near him, toward home */
	struct bs_vec away = {0, 0};
	struct bs_quad q = bs1e_indiv_counter(b, side, k);
	for (int s = 0; s < b->nsides; s++) {
		if (s == side)
			continue;
		for (int u = 0; u < b->sc->sides[s].nunits; u++) {
			if (b->units[b->side_first[s] + u].flags &
			    BS_UF_REMOVED)
				continue;
			struct bs_quad e = bs_tt_unit_quad(b, s, u);
			if (bs_quad_dist_cmp(&q, &e, 1.0) <= 0)
				away = bs_vec_add(
				    away,
				    bs_vec_sub(c->pos, bs_quad_centre(&e)));
		}
		for (int j = 0; j < b->sc->sides[s].nindividuals; j++) {
			if (!bs1e_indiv_on_table(b, s, j))
				continue;
			struct bs_quad e = bs1e_indiv_counter(b, s, j);
			if (bs_quad_dist_cmp(&q, &e, 1.0) <= 0)
				away = bs_vec_add(
				    away,
				    bs_vec_sub(c->pos, bs_quad_centre(&e)));
		}
	}
	double len = bs_vec_len(away);
	struct bs_vec home = bs_dir(bs_edge_facing(b->sc->sides[side].edge));
	home = bs_vec_scale(home, -1);
	struct bs_vec dir = len > 1e-9 ? bs_vec_scale(away, 1.0 / len) : home;
	static const double turn[] = {0, 30, -30, 60, -60};
	for (size_t i = 0; i < sizeof turn / sizeof turn[0]; i++) {
		struct bs_vec dd = bs_dir(bs_facing_of(dir) + turn[i]);
		struct bs_vec to = bs_vec_add(c->pos, bs_vec_scale(dd, 2.9));
		if (to.x < 0.5 || to.y < 0.5 || to.x > b->sc->width - 0.5 ||
		    to.y > b->sc->depth - 0.5)
			continue;
		struct bs_indiv_order t = *o;
		t.move = 1;
		t.nvia = 0;
		t.x = to.x;
		t.y = to.y;
		struct bs1e_indiv_outcome oc;
		if (bs1e_check_indiv_move(b, side, k, &t, &oc)) {
			*o = t;
			return 1;
		}
	}
	return 0;
}

/* An enemy figure who could reach point p this round and beat (side, k):
 * 1 with its side and index. */
int bs_ai_hero_danger(const struct bs_battle *b, int side, int k,
		      struct bs_vec p, int *ds, int *dk)
{
	for (int s = 0; s < b->nsides; s++)
		for (int j = 0; s != side && j < b->sc->sides[s].nindividuals;
		     j++) {
			if (!bs1e_indiv_on_table(b, s, j))
				continue;
			const struct bs_indiv_state *e = ind(b, s, j);
			double r;
			if (bs_vec_dist(e->pos, p) > e->mv + 1.0 ||
			    !can_beat(b, s, j, side, k, &r))
				continue;
			*ds = s;
			*dk = j;
			return 1;
		}
	return 0;
}

/* Where a figure of side stays with his army: behind the middle of its
 * units not routed, 4" toward home (as the commanders). */
static int army_place(const struct bs_battle *b, int side, struct bs_vec *at)
{
	struct bs_vec sum = {0, 0};
	int n = 0;
	for (int u = 0; u < b->sc->sides[side].nunits; u++) {
		const struct bs_unit_state *s =
		    &b->units[b->side_first[side] + u];
		if (s->flags & (BS_UF_REMOVED | BS_UF_ROUTED))
			continue;
		struct bs_quad q = bs_tt_unit_quad(b, side, u);
		sum = bs_vec_add(sum, bs_quad_centre(&q));
		n++;
	}
	if (!n)
		return 0;
	struct bs_vec c = bs_vec_scale(sum, 1.0 / n);
	*at = bs_vec_sub(
	    c,
	    bs_vec_scale(bs_dir(bs_edge_facing(b->sc->sides[side].edge)), 4.0));
	return 1;
}

/* A friendly unit losing its melee: its enemy in contact and how badly
 * (the part of its figures left against the enemy's). -1 none. */
static int failing_unit(const struct bs_battle *b, int side, int k, int *eside,
			int *eunit)
{
	const struct bs_indiv_state *c = ind(b, side, k);
	double worst = 0;
	int best = -1;
	for (int u = 0; u < b->sc->sides[side].nunits; u++) {
		const struct bs_unit_state *f =
		    &b->units[b->side_first[side] + u];
		if (f->flags & (BS_UF_REMOVED | BS_UF_ROUTED))
			continue;
		for (int s = 0; s < b->nsides; s++)
			for (int t = 0; s != side && t < b->sc->sides[s].nunits;
			     t++) {
				const struct bs_unit_state *e =
				    &b->units[b->side_first[s] + t];
				if ((e->flags & BS_UF_REMOVED) ||
				    !bs_tt_unit_contact(b, side, u, s, t, NULL))
					continue;
				double mine = (double)f->figures / f->original;
				double his = (double)e->figures / e->original;
				double gap = his - mine;
				struct bs_quad q = bs_tt_unit_quad(b, s, t);
				struct bs_quad pt = {
				    {c->pos, c->pos, c->pos, c->pos}};
				/* within two moves */
				if (gap <= 0.1 ||
				    bs_quad_dist(&q, &pt) > 2 * c->mv)
					continue;
				if (gap > worst) {
					worst = gap;
					best = u;
					*eside = s;
					*eunit = t;
				}
			}
	}
	return best;
}

static const char *ind_name(const struct bs_battle *b, int side, int k)
{
	return b->sc->sides[side].individuals[k].name;
}

static int nearest_shot(const struct bs_battle *b, int side, int k,
			enum bs_fire_kind kind, const struct bs_move_point *at,
			int mside, int munit, int mindiv,
			struct bs_indiv_fire_order *best);

void bs_ai_hero_move(const struct bs_battle *b, int side, int k,
		     struct bs_indiv_order *o)
{
	const struct bs_indiv_state *c = ind(b, side, k);
	int low = c->hp < c->hp_max * LOW_HP;
	/* in a fight already [7.8]: stay in it, or withdraw from it */
	if (bs1e_indiv_engaged(b, side, k)) {
		int es[8], ek[8];
		int nf = touching_figures(b, side, k, es, ek, 8);
		double r = 0;
		int losing = nf > 0 &&
			     !can_beat(b, side, k, es[0], ek[0], &r) &&
			     r > 1.0 / BEAT;
		if ((low || losing) && bs_ai_indiv_withdraw(b, side, k, o)) {
			say(o->why, sizeof o->why,
			    "withdraws from the fight: %d of %d hp", c->hp,
			    c->hp_max);
			return;
		}
		if (nf > 0) {
			o->tside = es[0];
			o->tindiv = ek[0];
			say(o->why, sizeof o->why, "fights on against %s",
			    ind_name(b, es[0], ek[0]));
		} else {
			say(o->why, sizeof o->why, "fights on");
		}
		return;
	}
	/* 0: RULING R-614 [10.4] Table 12: a hero with a shot left and an
	 * enemy in range and sight stands and shoots (a move would cost him
	 * shots), unless an enemy hero who could beat him can reach him */
	{
		struct bs_indiv_fire_order sh;
		int ds, dk;
		if (bs1e_indiv_shots_left(b, side, k) > 0 &&
		    nearest_shot(b, side, k, BS_FIRE_PHASE, NULL, -1, -1, -1,
				 &sh) &&
		    !bs_ai_hero_danger(b, side, k, c->pos, &ds, &dk)) {
			say(o->why, sizeof o->why,
			    "stands to shoot at %s (a move costs shots, "
			    "Table 12)",
			    sh.tindiv >= 0
				? ind_name(b, sh.tside, sh.tindiv)
				: b->sc->sides[sh.tside].units[sh.tunit].name);
			return;
		}
	}
	/* 1: hunt the enemy heroes and commanders he can beat, near his army
	 */
	int bs = -1, bk = -1;
	double best = HUGE_VAL, best_r = 0;
	for (int s = 0; s < b->nsides && !low; s++)
		for (int j = 0; s != side && j < b->sc->sides[s].nindividuals;
		     j++) {
			/* [14.8] RULING R-633: not an unseen one */
			if (!bs1e_indiv_on_table(b, s, j) ||
			    bs1e_indiv_unseen(b, s, j))
				continue;
			const struct bs_indiv_state *e = ind(b, s, j);
			double r;
			if (!can_beat(b, side, k, s, j, &r))
				continue;
			double d = bs_vec_dist(e->pos, c->pos);
			if (d > 2 * c->mv || army_dist(b, side, e->pos) > LEASH)
				continue;
			/* a commander is worth more */
			double score =
			    r * (e->rank != BS_RANK_NONE ? 0.67 : 1) +
			    d / 100.0;
			if (score < best) {
				best = score;
				best_r = r;
				bs = s;
				bk = j;
			}
		}
	if (bs >= 0) {
		/* toward his middle: the move stops where they touch [7.8] */
		struct bs_quad q = bs1e_indiv_counter(b, bs, bk);
		struct bs_vec to = bs_quad_centre(&q);
		o->tside = bs;
		o->tindiv = bk;
		if (plan_move(b, side, k, to, bs, -1, bk, o)) {
			say(o->why, sizeof o->why,
			    "hunts %s (kills him in %.0f%% of the rounds he "
			    "needs in return)",
			    ind_name(b, bs, bk), best_r * 100);
			return;
		}
		o->tside = o->tindiv = -1;
	}
	/* 2: help a friendly unit that is losing its melee */
	int es, eu;
	int fu = c->hp >= c->hp_max * HELP_HP
		     ? failing_unit(b, side, k, &es, &eu)
		     : -1;
	if (fu >= 0) {
		struct bs_quad q = bs_tt_unit_quad(b, es, eu);
		struct bs_vec to = bs_quad_centre(&q);
		o->tside = es;
		o->tunit = eu;
		if (plan_move(b, side, k, to, es, eu, -1, o)) {
			say(o->why, sizeof o->why,
			    "helps %s, losing its melee: strikes %s",
			    b->sc->sides[side].units[fu].name,
			    b->sc->sides[es].units[eu].name);
			return;
		}
		o->tside = o->tunit = -1;
	}
	/* 3: stay with the army, out of the reach of heroes who could beat
	 * him */
	struct bs_vec at;
	if (!army_place(b, side, &at))
		return;
	int ds, dk;
	if (bs_vec_dist(at, c->pos) <= 1.0 &&
	    !bs_ai_hero_danger(b, side, k, c->pos, &ds, &dk))
		return;
	if (bs_ai_hero_danger(b, side, k, at, &ds, &dk)) {
		/* keep away from him, toward home */
		struct bs_vec home = bs_vec_scale(
		    bs_dir(bs_edge_facing(b->sc->sides[side].edge)), -4.0);
		at = bs_vec_add(c->pos, home);
	}
	if (plan_move(b, side, k, at, -1, -1, -1, o))
		say(o->why, sizeof o->why, "stays with his army");
}

int bs_ai_roles(const struct bs_battle *b, int side, struct bs_role_order *out,
		int max)
{
	const struct bs_side *sd = &b->sc->sides[side];
	int n = 0;
	unsigned char used[BS_MAX_INDIVIDUALS] = {0};
	/* [9.3] deputies (and the chain of command) step in: each vacant
	 * post to the first of its line who may take it now (one change of
	 * role a round each) */
	for (int p = 0; p < sd->nindividuals && n < max; p++) {
		if (sd->individuals[p].rank == BS_RANK_NONE)
			continue;
		for (int k = 0; k < sd->nindividuals; k++) {
			if (used[k])
				continue;
			struct bs_role_order r;
			memset(&r, 0, sizeof r);
			r.indiv = k;
			r.act = BS_RA_TAKE_OVER;
			r.unit = -1;
			r.post = p;
			if (k == p || !bs1e_check_role(b, side, &r, NULL, NULL))
				continue;
			const struct bs_indiv_state *pc = ind(b, side, p);
			/* RULING R-553: or disabled now */
			const char *dis = bs1e_indiv_disabled(b, side, p);
			say(r.why, sizeof r.why, "%s is %s",
			    sd->individuals[p].name,
			    !pc->alive ? "dead"
			    : pc->lost ? "out of the battle"
			    : dis      ? dis
				       : "no longer in command");
			out[n++] = r;
			used[k] = 1;
			break;
		}
	}
	return n;
}

/* The nearest legal shot of (side, k) of `kind` (at moment `at`, or
 * NULL): at an enemy individual, else at an enemy unit when `units`;
 * only at the mover (mside, munit) when mside >= 0, or with munit -1 at
 * the lone individual (mside, mindiv) moving (RULING R-698). 0 when
 * none. */
static int nearest_shot(const struct bs_battle *b, int side, int k,
			enum bs_fire_kind kind, const struct bs_move_point *at,
			int mside, int munit, int mindiv,
			struct bs_indiv_fire_order *best)
{
	*best = (struct bs_indiv_fire_order){k, -1, -1, -1, NULL, 0};
	double best_r = 1e30;
	for (int es = 0; es < b->nsides && (mside < 0 || munit < 0); es++) {
		if (es == side || (mside >= 0 && es != mside))
			continue;
		for (int j = 0; j < b->sc->sides[es].nindividuals; j++) {
			if (mside >= 0 && j != mindiv)
				continue;
			/* [14.8] RULING R-633: not at an unseen one */
			if (bs1e_indiv_unseen(b, es, j))
				continue;
			struct bs_indiv_fire_order o = {k, es, -1, j, NULL, 0};
			struct bs1e_indiv_shot p;
			if (bs1e_check_indiv_fire_at(b, side, &o, kind, at,
						     &p) &&
			    p.range < best_r) {
				*best = o;
				best_r = p.range;
				best->why = "an enemy individual in range and "
					    "sight: the nearest";
			}
		}
	}
	for (int es = 0;
	     es < b->nsides && best->tside < 0 && (mside < 0 || munit >= 0);
	     es++) {
		if (es == side)
			continue;
		for (int u = 0; u < b->sc->sides[es].nunits; u++) {
			if (mside >= 0 && (es != mside || u != munit))
				continue;
			struct bs_indiv_fire_order o = {k, es, u, -1, NULL, 0};
			struct bs1e_indiv_shot p;
			if (bs1e_check_indiv_fire_at(b, side, &o, kind, at,
						     &p) &&
			    p.range < best_r) {
				*best = o;
				best_r = p.range;
				best->why = "no enemy individual in reach: "
					    "the nearest enemy unit in range "
					    "and sight";
			}
		}
	}
	return best->tside >= 0;
}

/* [9.4] [10.0] RULING R-525: the doctrine's heroes who shoot. Each
 * individual of the side with shots left this Game Round and not in
 * contact shoots every shot at the nearest enemy individual he may hit
 * (range and sight, bs1e_check_indiv_fire), else at the nearest enemy
 * unit he may hit (docs/AI.md). RULING R-549: in the Initial Missile
 * Phase one shot, the same way, when he has two or more a Game Round. */
int bs_ai_hero_fire_cb(void *ctx, const struct bs_battle *b, int side,
		       struct bs_indiv_fire_order *out, int max)
{
	(void)ctx;
	int initial = b->phase == BS_PHASE_INITIAL_MISSILE;
	enum bs_fire_kind kind = initial ? BS_FIRE_INITIAL : BS_FIRE_PHASE;
	int n = 0;
	for (int k = 0; k < b->sc->sides[side].nindividuals && n < max; k++) {
		int shots = bs1e_indiv_shots_left(b, side, k);
		if (shots <= 0 || bs1e_indiv_engaged(b, side, k))
			continue;
		if (initial)
			shots = 1;
		struct bs_indiv_fire_order best;
		if (!nearest_shot(b, side, k, kind, NULL, -1, -1, -1, &best))
			continue;
		if (initial)
			best.why = best.tindiv >= 0
				       ? "an enemy individual in range and "
					 "sight, before the enemy moves: the "
					 "nearest"
				       : "no enemy individual in reach: the "
					 "nearest enemy unit in range and "
					 "sight, before the enemy moves";
		for (int s = 0; s < shots && n < max; s++)
			out[n++] = best;
	}
	return n;
}

/* 1 when the moment's block of the mover (or, RULING R-698, the counter
 * of a lone individual moving) touches figure k's counter. */
static int comes_at(const struct bs_battle *b, int k,
		    const struct bs_move_point *at)
{
	struct bs_quad c =
	    bs1e_indiv_counter(b, b->indivs[k].side, b->indivs[k].idx);
	if (at->unit < 0) {
		const struct bs_indiv_state *mc =
		    &b->indivs[b->indiv_first[at->side] + at->indiv];
		struct bs_quad mq = bs1e_indiv_counter(b, mc->side, mc->idx);
		/* his counter moved to the moment's point */
		double dx = at->x - mc->pos.x, dy = at->y - mc->pos.y;
		for (int i = 0; i < 4; i++) {
			mq.p[i].x += dx;
			mq.p[i].y += dy;
		}
		/* R-674: his contact moment is 0.05" short of the touch */
		return bs_quad_dist(&mq, &c) <= 0.05 + 2 * BS_GEOM_TOUCH;
	}
	const struct bs_unit_state *mu =
	    &b->units[b->side_first[at->side] + at->unit];
	struct bs_tt_shape sh;
	struct bs_tt_pose p;
	bs_tt_shape_make(at->formation, at->figures > 0 ? at->figures : 1,
			 at->files, mu->r.base_w, mu->r.base_d, b->stands, &sh);
	p.front = (struct bs_vec){at->x, at->y};
	p.facing = at->facing;
	struct bs_quad q = bs_tt_quad(&sh, &p);
	return bs_quad_dist(&q, &c) <= 2 * BS_GEOM_TOUCH;
}

/* [10.6] RULING R-549 (docs/AI.md): the doctrine's heroes' pass-through
 * shots. A hero with a shot left and none of pass-through fire yet
 * shoots at the mover as it comes into contact with him (his last shot
 * before the melee), or, when the mover will end its move out of his
 * range or sight, at the nearest moment he can hit it. RULING R-698: the
 * same at a lone individual's own move (munit -1, the moments name him),
 * at him only. */
int bs_ai_hero_pass_through_cb(void *ctx, const struct bs_battle *b, int side,
			       int mside, int munit,
			       const struct bs_move_point *path, int n,
			       struct bs_indiv_fire_order *out, int max)
{
	(void)ctx;
	int m = 0;
	if (n <= 0)
		return 0;
	/* RULING R-698: a lone individual's own move */
	int mindiv = munit < 0 ? path[0].indiv : -1;
	if (munit < 0 &&
	    (path[0].unit >= 0 || mside < 0 || mside >= b->nsides ||
	     mindiv < 0 || mindiv >= b->sc->sides[mside].nindividuals))
		return 0;
	for (int i = 0; i < b->sc->sides[side].nindividuals && m < max; i++) {
		int k = b->indiv_first[side] + i;
		if (bs1e_indiv_shots_left(b, side, i) <= 0 ||
		    bs1e_indiv_pass_through_taken(b, side, i))
			continue;
		struct bs_indiv_fire_order o;
		if (path[n - 1].contact && comes_at(b, k, &path[n - 1])) {
			if (nearest_shot(b, side, i, BS_FIRE_PASS_THROUGH,
					 &path[n - 1], mside, munit, mindiv,
					 &o)) {
				o.at = n - 1;
				o.why = munit < 0
					    ? "pass-through fire at an "
					      "individual coming into contact "
					      "with him: his shot before the "
					      "melee (RULING R-698)"
					    : "pass-through fire at a unit "
					      "coming into contact with him: "
					      "his shot before the melee";
				out[m++] = o;
			}
			continue;
		}
		if (nearest_shot(b, side, i, BS_FIRE_PASS_THROUGH, &path[n - 1],
				 mside, munit, mindiv, &o))
			continue; /* he may shoot where it will stand */
		double best_r = 1e30;
		int best_at = -1;
		for (int a = 0; a < n; a++) {
			struct bs_indiv_fire_order q = {
			    i, mside, munit, munit < 0 ? mindiv : -1, NULL, a};
			struct bs1e_indiv_shot p;
			if (bs1e_check_indiv_fire_at(b, side, &q,
						     BS_FIRE_PASS_THROUGH,
						     &path[a], &p) &&
			    p.range < best_r - 1e-9) {
				best_r = p.range;
				best_at = a;
			}
		}
		if (best_at < 0)
			continue;
		out[m++] = (struct bs_indiv_fire_order){
		    i,
		    mside,
		    munit,
		    munit < 0 ? mindiv : -1,
		    munit < 0 ? "pass-through fire: the individual moving "
				"will stand out of his range or sight "
				"(RULING R-698)"
			      : "pass-through fire: the mover will stand out "
				"of his range or sight",
		    best_at};
	}
	return m;
}
