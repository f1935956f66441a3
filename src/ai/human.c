/* The referee's human side (issue 17, docs/REFEREE.md): a tabletop
 * controller (1E, 2E) that asks a UI-supplied callback for each decision
 * the rules give a side, [1.4] who moves first, [6.0] rally attempts and
 * mob orders, [7.0] the order its units move in (RULING R-428) and each
 * unit's order, [9.2] the independent individuals, [7.12] following a
 * withdrawing enemy, [8.2] the weapon in hand, and the 2E retreat instead
 * of a morale check; a matrix controller asking the same way (RULING
 * each brigade's move [M3.2], the winner's attacks and the
 * loser's engagements [M3.3], the targets of free attacks [M3.4a] [M3.4b]
 * [M3.5], an aerial brigade's split of its classes [M4.2] (RULING R-437),
 * the order the army's brigades move in [M3.2] (RULING R-438); and the
 * check of an answer against the rules
 * (bs_ai_human_check). It never prints or reads. */
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/bs1e_heroes.h"
#include "battlesim/bs1e_magic.h"
#include "battlesim/bs1e_undead.h"
#include "battlesim/bs1e_missile.h"
#include "battlesim/bs2e.h"
#include "battlesim/matrix.h"
#include "battlesim/tabletop.h"

const char *const bs_human_ask_name[BS_HUMAN__COUNT] = {
    [BS_HUMAN_MOVES_FIRST] = "moves first",
    [BS_HUMAN_RALLY] = "rally",
    [BS_HUMAN_MOVE] = "order",
    [BS_HUMAN_INDIV] = "individual",
    [BS_HUMAN_FOLLOW] = "follow",
    [BS_HUMAN_WEAPON] = "weapon",
    [BS_HUMAN_RETREAT] = "retreat",
    [BS_HUMAN_SEQUENCE] = "sequence",
    [BS_HUMAN_MELEE] = "melee",
    [BS_HUMAN_FIRE] = "fire",
    [BS_HUMAN_PASS_THROUGH] = "pass-through",
    [BS_HUMAN_ROLES] = "roles",
    [BS_HUMAN_CAST] = "cast",
    [BS_HUMAN_TURN] = "turn",
    [BS_HUMAN_MX_MOVE] = "move",
    [BS_HUMAN_MX_ATTACK] = "attack",
    [BS_HUMAN_MX_ENGAGE] = "engage",
    [BS_HUMAN_MX_TARGET] = "target",
    [BS_HUMAN_MX_AERIAL] = "split",
    [BS_HUMAN_MX_ORDER] = "move order",
};

static void defaults(struct bs_human_answer *a)
{
	memset(a, 0, sizeof *a);
	a->done = 1;
	a->order.kind = BS_ORDER_HOLD;
	a->order.tside = a->order.tunit = -1;
	a->rally.indiv = a->rally.unit = -1;
	a->weapon = -1;
	a->mx_move.enter_col = -1;
	a->mx_target = -1;
	a->fire = (struct bs_fire_order){-1, -1, -1, -1, 0, NULL, 0};
	a->fire_kind = -1;
	a->mside = a->munit = a->mindiv = -1;
	a->after = -1;
	a->shot = (struct bs_indiv_fire_order){-1, -1, -1, -1, NULL, 0};
	a->cast.indiv = a->cast.tside = a->cast.tunit = a->cast.tindiv = -1;
	a->turn = (struct bs_turn_order){-1, -1, -1, NULL};
}

static void ask(const struct bs_ai_human *h, const struct bs_battle *b,
		struct bs_human_q *q, struct bs_human_answer *a)
{
	defaults(a);
	/* [1.4] by default Side A moves first (the battle's default) */
	a->yes = q->kind == BS_HUMAN_MOVES_FIRST;
	if (h->ui && h->ui->ask)
		h->ui->ask(h->ui->ctx, b, q, a);
}

static void question(struct bs_human_q *q, enum bs_human_ask k, int side,
		     int unit)
{
	memset(q, 0, sizeof *q);
	q->kind = k;
	q->side = side;
	q->unit = unit;
	q->indiv = q->eside = q->eunit = q->eindiv = -1;
	q->fire = -1;
}

static int h_moves_first(void *ctx, const struct bs_battle *b, int side)
{
	struct bs_human_q q;
	struct bs_human_answer a;
	question(&q, BS_HUMAN_MOVES_FIRST, side, -1);
	ask(ctx, b, &q, &a);
	return a.yes;
}

/* RULING R-422: has the side anything a Rally Phase could do? [6.0] routed
 * units, units out of command [4.6] [6.5] and mobs [2.10]; 2E: shaken or routed
 * units (RULING R-210). No prompt when not. */
static int rally_due(const struct bs_battle *b, int side)
{
	for (int i = 0; i < b->sc->sides[side].nunits; i++) {
		const struct bs_unit_state *u =
		    &b->units[b->side_first[side] + i];
		if (u->flags & BS_UF_REMOVED)
			continue;
		if (u->flags & (BS_UF_ROUTED | BS_UF_SHAKEN |
				BS_UF_OUT_OF_COMMAND | BS_UF_DISC_FAILED) ||
		    (u->def && u->def->type == BS_UNIT_MOB))
			return 1;
	}
	return 0;
}

static int h_rally(void *ctx, const struct bs_battle *b, int side,
		   struct bs_rally_order *out, int max)
{
	if (!rally_due(b, side))
		return 0;
	int n = 0;
	while (n < max) {
		struct bs_human_q q;
		struct bs_human_answer a;
		question(&q, BS_HUMAN_RALLY, side, -1);
		q.nrally = n;
		ask(ctx, b, &q, &a);
		if (a.done)
			break;
		out[n++] = a.rally;
	}
	return n;
}

/* RULING R-428: could unit g be given an order in this Movement Phase?
 * Not when the rules move it (routed [6.4] [7.15], a mob [2.10], a
 * failed discipline check [4.6]) or it has moved. */
static int orderable(const struct bs_battle *b, int g)
{
	const struct bs_unit_state *u = &b->units[g];
	return !(u->flags & (BS_UF_REMOVED | BS_UF_ROUTED | BS_UF_DISC_FAILED |
			     BS_UF_MOVED | BS_UF_FLED | BS_UF_WITHDREW)) &&
	       !(u->def && u->def->type == BS_UNIT_MOB);
}

int bs_ai_human_orderable(const struct bs_battle *b, int side, int *units,
			  int max)
{
	int n = 0;
	for (int i = 0; i < b->sc->sides[side].nunits; i++)
		if (orderable(b, b->side_first[side] + i) && n < max)
			units[n++] = i;
	return n;
}

/* [7.0] RULING R-428: asked when two or more units can be given orders;
 * the units named move first, in that order, then the others in the
 * side's order. */
static int h_sequence(void *ctx, const struct bs_battle *b, int side,
		      int *units, int max)
{
	int nu = b->sc->sides[side].nunits, mine[BS_MAX_UNITS];
	int k = bs_ai_human_orderable(b, side, mine, BS_MAX_UNITS);
	int n = 0, used[BS_MAX_UNITS] = {0};
	if (k >= 2) {
		struct bs_human_q q;
		struct bs_human_answer a;
		question(&q, BS_HUMAN_SEQUENCE, side, -1);
		ask(ctx, b, &q, &a);
		for (int i = 0; i < a.nseq && n < max; i++) {
			int u = a.seq[i];
			if (u < nu && !used[u]) {
				used[u] = 1;
				units[n++] = u;
			}
		}
	}
	for (int u = 0; u < nu && n < max; u++)
		if (!used[u])
			units[n++] = u;
	return n;
}

/* Is unit u (index on side) in one of the melees m[0..n)? */
static int in_melee(int side, int u, const struct bs_melee *m, int n)
{
	for (int i = 0; i < n; i++)
		if ((m[i].aside == side && m[i].aunit == u) ||
		    (m[i].bside == side && m[i].bunit == u))
			return 1;
	return 0;
}

/* [1.6 B] RULING R-430: Side A is asked the order of the melees when it
 * has two or more; the units it names have their combats first
 * (bs_ai_melee_order_units), `in order` is the rules' order. */
static int h_melee_order(void *ctx, const struct bs_battle *b, int side,
			 const struct bs_melee *m, int n, int *order)
{
	if (n < 2 || n > BS_TT_MAX_MELEES)
		return 0;
	struct bs_human_q q;
	struct bs_human_answer a;
	question(&q, BS_HUMAN_MELEE, side, -1);
	q.melees = m;
	q.nmelees = n;
	ask(ctx, b, &q, &a);
	int units[BS_MAX_UNITS], k = 0;
	for (int i = 0; i < a.nseq && i < BS_MAX_UNITS; i++)
		if (in_melee(side, a.seq[i], m, n))
			units[k++] = a.seq[i];
	return k ? bs_ai_melee_order_units(side, units, k, m, n, order) : 0;
}

static void h_move(void *ctx, const struct bs_battle *b, int side, int unit,
		   struct bs_order *out)
{
	struct bs_human_q q;
	struct bs_human_answer a;
	question(&q, BS_HUMAN_MOVE, side, unit);
	ask(ctx, b, &q, &a);
	*out = a.order;
	bs_ai_charge_path(b, side, unit, out);
}

static void h_move_indiv(void *ctx, const struct bs_battle *b, int side,
			 int indiv, struct bs_indiv_order *out)
{
	struct bs_human_q q;
	struct bs_human_answer a;
	question(&q, BS_HUMAN_INDIV, side, -1);
	q.indiv = indiv;
	ask(ctx, b, &q, &a);
	*out = a.io;
	/* RULING R-637: the breath he is to breathe half-way */
	struct bs_ai_human *h = ctx;
	if (side >= 0 && side < BS_MAX_SIDES && indiv >= 0 &&
	    indiv < BS_MAX_INDIVIDUALS)
		h->split[side][indiv] =
		    a.io.split ? a.cast : (struct bs_cast_order){0};
}

/* [10.5] [13.7] RULING R-637: the breath his move's answer named. */
static int h_split_breath(void *ctx, const struct bs_battle *b, int side,
			  int indiv, struct bs_cast_order *out)
{
	(void)b;
	struct bs_ai_human *h = ctx;
	if (side < 0 || side >= BS_MAX_SIDES || indiv < 0 ||
	    indiv >= BS_MAX_INDIVIDUALS || !h->split[side][indiv].spell)
		return 0;
	*out = h->split[side][indiv];
	return 1;
}

static int h_follow(void *ctx, const struct bs_battle *b, int side, int unit,
		    int eside, int eunit)
{
	struct bs_human_q q;
	struct bs_human_answer a;
	question(&q, BS_HUMAN_FOLLOW, side, unit);
	q.eside = eside;
	q.eunit = eunit;
	ask(ctx, b, &q, &a);
	return a.yes;
}

static int h_weapon(void *ctx, const struct bs_battle *b, int side, int unit)
{
	struct bs_human_q q;
	struct bs_human_answer a;
	question(&q, BS_HUMAN_WEAPON, side, unit);
	ask(ctx, b, &q, &a);
	return a.weapon;
}

static int h_retreat(void *ctx, const struct bs_battle *b, int side, int unit)
{
	struct bs_human_q q;
	struct bs_human_answer a;
	question(&q, BS_HUMAN_RETREAT, side, unit);
	ask(ctx, b, &q, &a);
	return a.yes;
}

/* ---- missile fire (issue 14, RULING R-431) ------------------------------ */

static int unit_in_play(const struct bs_battle *b, int g)
{
	const struct bs_unit_state *u = &b->units[g];
	return !(u->flags & BS_UF_REMOVED) && u->figures > 0;
}

int bs_ai_pass_through_moment(const struct bs_move_point *path, int n,
			      double after)
{
	if (after >= 0)
		for (int k = 0; k < n; k++)
			if (path[k].moved + 1e-9 >= after)
				return k;
	return n - 1;
}

/* The first and last of the nk moments of path (NULL: now, nk 1) at
 * which unit i of `side` may fire a volley of `kind` that can harm enemy
 * unit (es, e), or with at_indiv enemy individual e standing alone
 * 0 when at none. */
static int volley_span(const struct bs_battle *b, int side, int i, int es,
		       int e, int at_indiv, enum bs_fire_kind kind,
		       const struct bs_move_point *path, int nk, int *first,
		       int *last)
{
	*first = *last = -1;
	for (int k = 0; k < nk; k++) {
		const struct bs_move_point *at = path ? &path[k] : NULL;
		struct bs1e_volley_plan p;
		if (at_indiv)
			bs1e_volley_plan_indiv(b, side, i, es, e, kind, -1, at,
					       &p);
		else
			bs1e_volley_plan(b, side, i, es, e, kind, -1, at, &p);
		if (!p.legal || p.harmless)
			continue;
		if (*first < 0)
			*first = k;
		*last = k;
	}
	return *first >= 0;
}

/* Has (side, unit) been named already at this pass-through question? */
static int named_before(const struct bs_human_q *q, int unit)
{
	for (int i = 0; q->given && i < q->nrally; i++)
		if (q->given[i].unit == unit)
			return 1;
	return 0;
}

int bs_ai_human_volleys(const struct bs_battle *b, const struct bs_human_q *q,
			struct bs_human_volley *out, int max)
{
	int n = 0, side = q->side;
	int pt = q->kind == BS_HUMAN_PASS_THROUGH;
	if (b->sc->rules != BS_RULES_BS1E || (pt && q->npath <= 0))
		return 0;
	for (int i = 0; i < b->sc->sides[side].nunits; i++) {
		int g = b->side_first[side] + i;
		if (!unit_in_play(b, g) || bs1e_shots_left(b, side, i) <= 0 ||
		    (pt && named_before(q, i)))
			continue;
		if (pt && q->eindiv >= 0) {
			/* RULING R-697: at an individual's own move,
			 * the volleys at him, by R-670's plan */
			int first, last;
			if (!volley_span(b, side, i, q->eside, q->eindiv, 1,
					 BS_FIRE_PASS_THROUGH, q->path,
					 q->npath, &first, &last))
				continue;
			if (n < max)
				out[n] = (struct bs_human_volley){
				    i, q->eside, q->eindiv, first, last};
			n++;
			continue;
		}
		for (int es = 0; es < b->nsides; es++)
			for (int e = 0;
			     es != side && e < b->sc->sides[es].nunits; e++) {
				if (pt && (es != q->eside || e != q->eunit))
					continue;
				if (!unit_in_play(b, b->side_first[es] + e))
					continue;
				int first, last;
				if (!volley_span(b, side, i, es, e, 0,
						 (enum bs_fire_kind)q->fire,
						 pt ? q->path : NULL,
						 pt ? q->npath : 1, &first,
						 &last))
					continue;
				if (n < max)
					out[n] = (struct bs_human_volley){
					    i, es, e, first, last};
				n++;
			}
	}
	return n;
}

/* [1.2] [1.5 B] [1.5 C] RULING R-431: asked one volley at a time while
 * a unit of the side may fire one; each volley fires (its losses removed
 * [10.0]) before the next is asked; `done` ends the side's fire in the
 * phase. */
static int h_fire(void *ctx, const struct bs_battle *b, int side,
		  enum bs_fire_kind kind, int call, struct bs_fire_order *out,
		  int max)
{
	struct bs_human_q q;
	struct bs_human_answer a;
	question(&q, BS_HUMAN_FIRE, side, -1);
	q.fire = (int)kind;
	q.nrally = call;
	if (max < 1 || bs_ai_human_volleys(b, &q, NULL, 0) == 0)
		return 0;
	ask(ctx, b, &q, &a);
	if (a.done || a.fire.unit < 0)
		return 0;
	out[0] = a.fire;
	out[0].at = 0;
	return 1;
}

/* [10.6] the pass-through question at the move of enemy unit (mside,
 * munit) or, munit < 0, of enemy individual mindiv standing alone: asked
 * while a unit of the side may fire at the mover at a moment of the
 * move; each answer one volley (a unit once), `none` ends them; the
 * moment is the first `after` inches into the move (else its last
 * moment), as a scripted entry reads it. */
static int pass_through_q(void *ctx, const struct bs_battle *b, int side,
			  int mside, int munit, int mindiv,
			  const struct bs_move_point *path, int np,
			  struct bs_fire_order *out, int max)
{
	int n = 0;
	while (n < max) {
		struct bs_human_q q;
		struct bs_human_answer a;
		question(&q, BS_HUMAN_PASS_THROUGH, side, -1);
		q.fire = BS_FIRE_PASS_THROUGH;
		q.eside = mside;
		if (munit >= 0)
			q.eunit = munit;
		else
			q.eindiv = mindiv;
		q.path = path;
		q.npath = np;
		q.nrally = n;
		q.given = out;
		if (bs_ai_human_volleys(b, &q, NULL, 0) == 0)
			break;
		ask(ctx, b, &q, &a);
		if (a.done || a.fire.unit < 0)
			break;
		out[n] = a.fire;
		out[n].at = bs_ai_pass_through_moment(path, np, a.after);
		n++;
	}
	return n;
}

/* [10.6] RULING R-431: at an enemy unit's move. */
static int h_pass_through(void *ctx, const struct bs_battle *b, int side,
			  int mside, int munit,
			  const struct bs_move_point *path, int np,
			  struct bs_fire_order *out, int max)
{
	return pass_through_q(ctx, b, side, mside, munit, -1, path, np, out,
			      max);
}

/* [10.6] RULING R-697: at the own move of enemy individual (mside,
 * mindiv) standing alone, asked as at a unit's move: a
 * volley at him or at another enemy in range and sight then. */
static int h_pass_through_at_indiv(void *ctx, const struct bs_battle *b,
				   int side, int mside, int mindiv,
				   const struct bs_move_point *path, int np,
				   struct bs_fire_order *out, int max)
{
	return pass_through_q(ctx, b, side, mside, -1, mindiv, path, np, out,
			      max);
}

/* ---- heroes' shots (RULING R-552) ------------------------------------- */

int bs_ai_human_shots_given(const struct bs_human_q *q, int indiv)
{
	int n = 0;
	for (int i = 0; q->shots_given && i < q->nrally; i++)
		n += q->shots_given[i].indiv == indiv;
	return n;
}

int bs_ai_human_shots(const struct bs_battle *b, const struct bs_human_q *q,
		      struct bs_indiv_fire_order *out, int max)
{
	int n = 0, side = q->side;
	if (b->sc->rules != BS_RULES_BS1E || !q->shots)
		return 0;
	enum bs_fire_kind kind = (enum bs_fire_kind)q->fire;
	for (int k = 0; k < b->sc->sides[side].nindividuals; k++) {
		if (bs1e_indiv_shots_left(b, side, k) -
			bs_ai_human_shots_given(q, k) <=
		    0)
			continue;
		/* [10.2] once in the Initial Missile Phase */
		if (kind == BS_FIRE_INITIAL && bs_ai_human_shots_given(q, k))
			continue;
		for (int es = 0; es < b->nsides; es++) {
			if (es == side)
				continue;
			int nt = b->sc->sides[es].nunits +
				 b->sc->sides[es].nindividuals;
			for (int t = 0; t < nt; t++) {
				int nu = b->sc->sides[es].nunits;
				struct bs_indiv_fire_order o = {
				    k,
				    es,
				    t < nu ? t : -1,
				    t < nu ? -1 : t - nu,
				    NULL,
				    0};
				struct bs1e_indiv_shot p;
				if (!bs1e_check_indiv_fire_at(b, side, &o, kind,
							      NULL, &p))
					continue;
				if (n < max)
					out[n] = o;
				n++;
			}
		}
	}
	return n;
}

/* [9.4] [10.0] RULING R-552: asked one shot at a time, after the side's
 * units' volleys of the phase, while one of its individuals may shoot;
 * `done` ends them. The shots are then taken in the order given, each
 * checked when it comes (a target gone by then is refused). */
static int h_fire_indiv(void *ctx, const struct bs_battle *b, int side,
			struct bs_indiv_fire_order *out, int max)
{
	int n = 0;
	while (n < max) {
		struct bs_human_q q;
		struct bs_human_answer a;
		question(&q, BS_HUMAN_FIRE, side, -1);
		q.fire = b->phase == BS_PHASE_INITIAL_MISSILE ? BS_FIRE_INITIAL
							      : BS_FIRE_PHASE;
		q.shots = 1;
		q.nrally = n;
		q.shots_given = out;
		if (bs_ai_human_shots(b, &q, NULL, 0) == 0)
			break;
		ask(ctx, b, &q, &a);
		if (a.done || a.shot.indiv < 0)
			break;
		out[n] = a.shot;
		out[n].at = 0;
		n++;
	}
	return n;
}

/* RULING R-552: a hero's shot answered, against the rules now. */
static int shot_check(const struct bs_battle *b, const struct bs_human_q *q,
		      const struct bs_human_answer *a, const char **why,
		      const char **cite)
{
	const struct bs_indiv_fire_order *o = &a->shot;
	if (a->done)
		return 1;
	if (o->indiv < 0) {
		*why = "here: a hero's shot (fire: HERO, target: ENEMY), after "
		       "the units' volleys";
		*cite = "[9.4] RULING R-552";
		return 0;
	}
	if (a->fire_kind != q->fire) {
		*why = "this prompt is for another phase's fire (leave phase "
		       "out)";
		*cite = "[1.2] [1.5]";
		return 0;
	}
	int given = bs_ai_human_shots_given(q, o->indiv);
	if (q->fire == BS_FIRE_INITIAL && given) {
		*why = "he shoots at most once in the Initial Missile Phase";
		*cite = "[10.2] RULING R-549";
		return 0;
	}
	if (given >= bs1e_indiv_shots_left(b, q->side, o->indiv) &&
	    bs1e_indiv_shots_left(b, q->side, o->indiv) > 0) {
		*why = "his shots this Game Round are all declared";
		*cite = "[10.2] RULING R-526, R-552";
		return 0;
	}
	struct bs1e_indiv_shot p;
	if (!bs1e_check_indiv_fire_at(b, q->side, o, (enum bs_fire_kind)q->fire,
				      NULL, &p)) {
		*why = p.why;
		*cite = p.cite;
		return 0;
	}
	return 1;
}

static int pt_shot_check(const struct bs_battle *b, const struct bs_human_q *q,
			 const struct bs_human_answer *a, const char **why,
			 const char **cite);

/* RULING R-431: a volley answered, against the rules now. */
static int fire_check(const struct bs_battle *b, const struct bs_human_q *q,
		      const struct bs_human_answer *a, const char **why,
		      const char **cite)
{
	const struct bs_fire_order *f = &a->fire;
	if (q->shots && q->kind == BS_HUMAN_PASS_THROUGH)
		return pt_shot_check(b, q, a, why, cite);
	if (q->shots)
		return shot_check(b, q, a, why, cite);
	if (!a->done && a->shot.indiv >= 0) {
		*why = "here: a unit's volley; the heroes' shots are asked "
		       "after the units' volleys";
		*cite = "[9.4] RULING R-552";
		return 0;
	}
	if (a->done || f->unit < 0)
		return 1;
	int pt = q->kind == BS_HUMAN_PASS_THROUGH;
	if (a->fire_kind != q->fire) {
		*why = pt ? "this is pass-through fire at the enemy's move "
			    "(phase: pass_through, or leave phase out)"
		       : q->fire == BS_FIRE_ARTILLERY
			   ? "this is the artillery's step: only artillery "
			     "fires now (leave phase out)"
			   : "this prompt is for another phase's fire (leave "
			     "phase out)";
		*cite = pt ? "[10.6]" : "[1.2] [1.5]";
		return 0;
	}
	if (pt && (a->mside != q->eside || a->munit != q->eunit ||
		   a->mindiv != q->eindiv)) {
		*why = q->eindiv >= 0
			   ? "pass-through fire waits for the move asked "
			     "about (mover: the individual moving now)"
			   : "pass-through fire waits for the move asked "
			     "about (mover: the unit moving now)";
		*cite = q->eindiv >= 0 ? "[10.6] RULING R-697" : "[10.6]";
		return 0;
	}
	if (pt && named_before(q, f->unit)) {
		*why = "a unit takes at most one shot of pass-through fire a "
		       "round";
		*cite = "[10.2] [10.6]";
		return 0;
	}
	struct bs1e_volley_plan p;
	const struct bs_move_point *at =
	    pt ? &q->path[bs_ai_pass_through_moment(q->path, q->npath,
						    a->after)]
	       : NULL;
	if (f->at_indiv) /* RULING: at an individual */
		bs1e_volley_plan_indiv(b, q->side, f->unit, f->tside, f->tunit,
				       (enum bs_fire_kind)q->fire, f->ammo, at,
				       &p);
	else
		bs1e_volley_plan(b, q->side, f->unit, f->tside, f->tunit,
				 (enum bs_fire_kind)q->fire, f->ammo, at, &p);
	if (!p.legal) {
		*why = p.why ? p.why : "the rules do not allow this volley";
		*cite = p.cite ? p.cite : "[10.0]";
		return 0;
	}
	return 1;
}

/* ---- heroes' pass-through shots (RULING R-662) ------------------------- */

int bs_ai_human_pt_shots(const struct bs_battle *b, const struct bs_human_q *q,
			 struct bs_human_volley *out, int max)
{
	int n = 0, side = q->side;
	if (b->sc->rules != BS_RULES_BS1E || q->npath <= 0 || q->eside < 0)
		return 0;
	for (int k = 0; k < b->sc->sides[side].nindividuals; k++) {
		if (bs_ai_human_shots_given(q, k))
			continue;
		/* RULING R-699: at a lone individual's own move, at him */
		struct bs_indiv_fire_order o = {
		    k,	  q->eside, q->eunit, q->eunit < 0 ? q->eindiv : -1,
		    NULL, 0};
		int first = -1, last = -1;
		for (int m = 0; m < q->npath; m++) {
			struct bs1e_indiv_shot p;
			if (!bs1e_check_indiv_fire_at(b, side, &o,
						      BS_FIRE_PASS_THROUGH,
						      &q->path[m], &p))
				continue;
			if (first < 0)
				first = m;
			last = m;
		}
		if (first < 0)
			continue;
		if (n < max)
			out[n] = (struct bs_human_volley){k, q->eside, q->eunit,
							  first, last};
		n++;
	}
	return n;
}

/* [10.6] RULING R-662: asked, at an enemy unit's move, one shot at a time
 * while a hero of the side may shoot at the mover at a moment of it (his
 * one pass-through shot of the round, R-549); `none` ends them; the
 * moment is read from `after` as a unit's volley's. RULING R-699: the
 * same at a lone individual's own move (munit -1, the moments name him,
 * */
static int h_pass_through_indiv(void *ctx, const struct bs_battle *b, int side,
				int mside, int munit,
				const struct bs_move_point *path, int np,
				struct bs_indiv_fire_order *out, int max)
{
	int n = 0;
	while (n < max) {
		struct bs_human_q q;
		struct bs_human_answer a;
		question(&q, BS_HUMAN_PASS_THROUGH, side, -1);
		q.fire = BS_FIRE_PASS_THROUGH;
		q.eside = mside;
		q.eunit = munit;
		if (munit < 0 && np > 0)
			q.eindiv = path[0].indiv;
		q.path = path;
		q.npath = np;
		q.shots = 1;
		q.nrally = n;
		q.shots_given = out;
		if (bs_ai_human_pt_shots(b, &q, NULL, 0) == 0)
			break;
		ask(ctx, b, &q, &a);
		if (a.done || a.shot.indiv < 0)
			break;
		out[n] = a.shot;
		out[n].at = bs_ai_pass_through_moment(path, np, a.after);
		n++;
	}
	return n;
}

/* RULING R-662: a hero's pass-through shot answered, against the rules at
 * the moment it names. */
static int pt_shot_check(const struct bs_battle *b, const struct bs_human_q *q,
			 const struct bs_human_answer *a, const char **why,
			 const char **cite)
{
	const struct bs_indiv_fire_order *o = &a->shot;
	if (a->done)
		return 1;
	if (o->indiv < 0) {
		*why = "here: a hero's pass-through shot (fire: HERO, target: "
		       "ENEMY[, after: INCHES of its move]), after the "
		       "units' volleys";
		*cite = "[10.6] RULING R-662";
		return 0;
	}
	if (a->fire_kind != BS_FIRE_PASS_THROUGH) {
		*why = "this is pass-through fire at the enemy's move "
		       "(phase: pass_through, or leave phase out)";
		*cite = "[10.6]";
		return 0;
	}
	if (a->mside != q->eside || a->munit != q->eunit ||
	    a->mindiv != q->eindiv) {
		*why = q->eindiv >= 0
			   ? "pass-through fire waits for the move asked "
			     "about (mover: the individual moving now)"
			   : "pass-through fire waits for the move asked "
			     "about (mover: the unit moving now)";
		*cite = q->eindiv >= 0 ? "[10.6] RULING R-699" : "[10.6]";
		return 0;
	}
	if (bs_ai_human_shots_given(q, o->indiv)) {
		*why = "he takes at most one shot of pass-through fire a round";
		*cite = "[10.2] [10.6] RULING R-549";
		return 0;
	}
	struct bs1e_indiv_shot p;
	int m = bs_ai_pass_through_moment(q->path, q->npath, a->after);
	if (!bs1e_check_indiv_fire_at(b, q->side, o, BS_FIRE_PASS_THROUGH,
				      &q->path[m], &p)) {
		*why = p.why;
		*cite = p.cite;
		return 0;
	}
	return 1;
}

/* ---- casts and turning (RULINGS) ------------------------- */

/* Has q (CAST, TURN) a cast or attempt of individual k declared already
 * this phase? */
static int magic_given(const struct bs_human_q *q, int k)
{
	for (int i = 0; i < q->nrally; i++)
		if ((q->casts_given && q->casts_given[i].indiv == k) ||
		    (q->turns_given && q->turns_given[i].indiv == k))
			return 1;
	return 0;
}

/* Record i (0 .. his spells' count + his items' count) individual k of
 * `side` may use now [14.1] [13.7] [14.20]: spell i of his memory when it
 * is the first of its name with one left; i == his spells' count: his
 * race's breath weapon with a breath left today (RULING R-642); above
 * it, item i - count - 1 when it is a wand, staff or rod whose spell is
 * played, the first of its record, with a charge left (RULING R-681).
 * NULL when that one may not. */
const struct bs_spell *bs_ai_human_record(const struct bs_battle *b, int side,
					  int k, int i)
{
	const struct bs_individual *ind = &b->sc->sides[side].individuals[k];
	if (i == ind->nspells)
		return bs1e_breaths_left(b, side, k) > 0
			   ? bs1e_breath_of(b, side, k)
			   : NULL;
	if (i > ind->nspells) {
		int it = i - ind->nspells - 1;
		const struct bs_spell *rec = bs1e_item_of(b, side, k, it);
		for (int j = 0; rec && j < it; j++)
			if (bs1e_item_of(b, side, k, j) == rec)
				return NULL;
		return rec && bs1e_charges_left(b, side, k, rec) > 0 ? rec
								     : NULL;
	}
	const struct bs_spell *sp = ind->spells[i].spell;
	for (int j = 0; j < i; j++)
		if (ind->spells[j].spell == sp)
			return NULL;
	return bs1e_spells_left(b, side, k, sp) > 0 ? sp : NULL;
}

int bs_ai_human_casts(const struct bs_battle *b, const struct bs_human_q *q,
		      struct bs_cast_order *out, int max)
{
	int n = 0, side = q->side;
	if (b->sc->rules != BS_RULES_BS1E || b->sc->level != BS_LEVEL_ADVANCED)
		return 0;
	const struct bs_side *sd = &b->sc->sides[side];
	for (int k = 0; k < sd->nindividuals; k++) {
		if (magic_given(q, k))
			continue;
		int nrec =
		    sd->individuals[k].nspells + 1 + sd->individuals[k].nitems;
		for (int i = 0; i < nrec; i++) {
			const struct bs_spell *sp =
			    bs_ai_human_record(b, side, k, i);
			if (!sp)
				continue;
			/* [14.7] a bonus at friends too (RULING R-685);
			 * [14.8] invisibility on himself or a friend
			 * (RULING R-632), detect invisibility and true
			 * seeing */
			int friends = bs_spell_bonus_played(sp) ||
				      ((sp->effect == BS_SPFX_INVISIBLE ||
					sp->effect == BS_SPFX_SEE_INVISIBLE) &&
				       bs_spell_effect_played(sp));
			for (int es = 0; es < b->nsides; es++) {
				if (es == side && !friends)
					continue;
				int nu = b->sc->sides[es].nunits;
				int nt = nu + b->sc->sides[es].nindividuals;
				for (int t = 0; t < nt; t++) {
					struct bs_cast_order o = {
					    k,
					    sp,
					    es,
					    t < nu ? t : -1,
					    t < nu ? -1 : t - nu,
					    0,
					    0,
					    0,
					    NULL};
					struct bs1e_cast_plan p;
					if (!bs1e_check_cast(b, side, &o, &p) ||
					    p.fails)
						continue;
					if (n < max)
						out[n] = o;
					n++;
				}
			}
		}
	}
	return n;
}

/* RULINGS: the casts (casts != NULL) or turning attempts
 * of step A, asked one at a time while one of the side's casters
 * (clerics) may (bs_ai_human_casts, _turns); `done` ends them. They are
 * then made in the order given, each checked when its turn comes, as a
 * scripted side's (r14_cast.c, r14_undead.c). */
static int ask_magic(void *ctx, const struct bs_battle *b, int side,
		     struct bs_cast_order *casts, struct bs_turn_order *turns,
		     int max)
{
	int n = 0;
	while (n < max) {
		struct bs_human_q q;
		struct bs_human_answer a;
		question(&q, casts ? BS_HUMAN_CAST : BS_HUMAN_TURN, side, -1);
		q.nrally = n;
		q.casts_given = casts;
		q.turns_given = turns;
		if ((casts ? bs_ai_human_casts(b, &q, NULL, 0)
			   : bs_ai_human_turns(b, &q, NULL, 0)) == 0)
			break;
		ask(ctx, b, &q, &a);
		if (a.done || (casts ? a.cast.indiv : a.turn.indiv) < 0)
			break;
		if (casts)
			casts[n++] = a.cast;
		else
			turns[n++] = a.turn;
	}
	return n;
}

/* [1.5 A] [14.1] RULING R-660 */
static int h_cast(void *ctx, const struct bs_battle *b, int side,
		  struct bs_cast_order *out, int max)
{
	return ask_magic(ctx, b, side, out, NULL, max);
}

/* [14.19] RULING R-661 */
static int h_turn(void *ctx, const struct bs_battle *b, int side,
		  struct bs_turn_order *out, int max)
{
	return ask_magic(ctx, b, side, NULL, out, max);
}

/* RULINGS: a cast or turning attempt answered, against the
 * rules now. A cast that is legal but out of range or sight is taken: it
 * fails and is spent [14.4], as a scripted one. */
static int magic_check(const struct bs_battle *b, const struct bs_human_q *q,
		       const struct bs_human_answer *a, const char **why,
		       const char **cite)
{
	int cast = q->kind == BS_HUMAN_CAST;
	if (a->done)
		return 1;
	if (magic_given(q, cast ? a->cast.indiv : a->turn.indiv)) {
		*why = cast ? "he has declared his spell this Game Round (one "
			      "AD&D melee round)"
			    : "he tried to turn undead this Game Round already "
			      "(one AD&D melee round of actions)";
		*cite = cast ? "[14.1] RULING R-660"
			     : "[14.1] [14.19] RULING R-581";
		return 0;
	}
	struct bs1e_cast_plan p;
	struct bs1e_turn_check c;
	if (cast ? bs1e_check_cast(b, q->side, &a->cast, &p)
		 : bs1e_check_turn(b, q->side, &a->turn, &c))
		return 1;
	*why = cast ? p.why : c.why;
	*cite = cast ? p.cite : c.cite;
	return 0;
}

int bs_ai_human_turns(const struct bs_battle *b, const struct bs_human_q *q,
		      struct bs_turn_order *out, int max)
{
	int n = 0, side = q->side;
	if (b->sc->rules != BS_RULES_BS1E || b->sc->level != BS_LEVEL_ADVANCED)
		return 0;
	const struct bs_side *sd = &b->sc->sides[side];
	for (int k = 0; k < sd->nindividuals; k++) {
		if (magic_given(q, k) ||
		    bs1e_turn_level(&sd->individuals[k], NULL) <= 0)
			continue;
		for (int es = 0; es < b->nsides; es++)
			for (int u = 0;
			     es != side && u < b->sc->sides[es].nunits; u++) {
				struct bs_turn_order o = {k, es, u, NULL};
				struct bs1e_turn_check c;
				if (!bs1e_check_turn(b, side, &o, &c))
					continue;
				if (n < max)
					out[n] = o;
				n++;
			}
	}
	return n;
}

/* Has q (ROLES) already a change for individual k? */
static int role_given(const struct bs_human_q *q, int k)
{
	for (int i = 0; q->roles && i < q->nrally; i++)
		if (q->roles[i].indiv == k)
			return 1;
	return 0;
}

int bs_ai_human_roles(const struct bs_battle *b, const struct bs_human_q *q,
		      struct bs_role_order *out, int max)
{
	const struct bs_side *sd = &b->sc->sides[q->side];
	int n = 0;
	for (int k = 0; k < sd->nindividuals; k++) {
		if (role_given(q, k))
			continue;
		for (int act = 0; act < BS_RA__COUNT; act++) {
			int nt = act == BS_RA_HERO	  ? 1
				 : act == BS_RA_TAKE_OVER ? sd->nindividuals
							  : sd->nunits;
			for (int t = 0; t < nt; t++) {
				struct bs_role_order r;
				memset(&r, 0, sizeof r);
				r.indiv = k;
				r.act = (enum bs_role_act)act;
				r.unit =
				    act == BS_RA_MEMBER || act == BS_RA_COMMAND
					? t
					: -1;
				r.post = act == BS_RA_TAKE_OVER ? t : -1;
				if (!bs1e_check_role(b, q->side, &r, NULL,
						     NULL))
					continue;
				if (n < max)
					out[n] = r;
				n++;
			}
		}
	}
	return n;
}

/* [9.0] RULING R-435: asked one change at a time, only while an
 * individual of the side may change role (so a side with none is not
 * asked); `done` ends the side's declarations. The engine checks each
 * again and applies them in order [9.0] "take effect immediately". */
static int h_roles(void *ctx, const struct bs_battle *b, int side,
		   struct bs_role_order *out, int max)
{
	int n = 0;
	while (n < max) {
		struct bs_human_q q;
		struct bs_human_answer a;
		question(&q, BS_HUMAN_ROLES, side, -1);
		q.nrally = n;
		q.roles = out;
		if (bs_ai_human_roles(b, &q, NULL, 0) == 0)
			break;
		ask(ctx, b, &q, &a);
		if (a.done)
			break;
		out[n++] = a.role;
	}
	return n;
}

/* RULING R-435: a change of role answered, against the rules now. */
static int roles_check(const struct bs_battle *b, const struct bs_human_q *q,
		       const struct bs_human_answer *a, const char **why,
		       const char **cite)
{
	if (a->done)
		return 1;
	if (role_given(q, a->role.indiv)) {
		*why = "he has declared his change of role this round";
		*cite = "[9.0] RULING R-435";
		return 0;
	}
	if (!bs1e_check_role(b, q->side, &a->role, why, cite)) {
		if (!*why)
			*why = "the rules do not allow this change of role";
		if (!*cite)
			*cite = "[9.0]";
		return 0;
	}
	return 1;
}

/* ---- the matrix (RULING R-427) ---------------------------------------- */

static void mx_question(struct bs_human_q *q, enum bs_human_ask k,
			const struct bs_battle *b, int g)
{
	question(q, k, b->units[g].side, b->units[g].idx);
}

/* [M3.2] every brigade the rules let move (not routed, in the battle) */
static void hm_move(void *ctx, const struct bs_battle *b, int g,
		    struct bs_mx_move *out)
{
	struct bs_human_q q;
	struct bs_human_answer a;
	mx_question(&q, BS_HUMAN_MX_MOVE, b, g);
	ask(ctx, b, &q, &a);
	*out = a.mx_move;
}

/* May brigade g take part in an engagement at its location? Scouts never
 * do (RULING R-253). */
static int mx_engages(const struct bs_battle *b, int g)
{
	const struct bs_mx_state *t = bs_mx_state(b, g);
	return t->where == BS_MX_FIELD && !t->routed && !t->def->scouts;
}

/* Is there an enemy brigade h at g's location for which ok(b, g, h)? */
static int any_enemy(const struct bs_battle *b, int g,
		     int (*ok)(const struct bs_battle *, int, int))
{
	for (int h = 0; h < b->nunits; h++)
		if (b->units[h].side != b->units[g].side && ok(b, g, h))
			return 1;
	return 0;
}

static int attacker_of(const struct bs_battle *b, int g, int h)
{
	const struct bs_mx_state *a = bs_mx_state(b, g), *t = bs_mx_state(b, h);
	return t->where == BS_MX_FIELD && t->row == a->row &&
	       t->col == a->col && t->declared >= 0;
}

/* [M3.3] one question per brigade of the side at (row, col) that may
 * engage, when it has an enemy to attack (winner) or an attacker to
 * engage (loser). */
static void hm_location(void *ctx, const struct bs_battle *b, int side, int row,
			int col, int *out, enum bs_human_ask k)
{
	for (int g = b->side_first[side];
	     g < b->nunits && b->units[g].side == side; g++) {
		const struct bs_mx_state *t = bs_mx_state(b, g);
		if (!mx_engages(b, g) || t->row != row || t->col != col ||
		    !any_enemy(b, g,
			       k == BS_HUMAN_MX_ATTACK ? bs_mx_may_declare
						       : attacker_of))
			continue;
		struct bs_human_q q;
		struct bs_human_answer a;
		mx_question(&q, k, b, g);
		ask(ctx, b, &q, &a);
		out[g] = a.mx_target;
	}
}

static void hm_declare(void *ctx, const struct bs_battle *b, int side, int row,
		       int col, int *decl)
{
	hm_location(ctx, b, side, row, col, decl, BS_HUMAN_MX_ATTACK);
}

static void hm_defend(void *ctx, const struct bs_battle *b, int side, int row,
		      int col, int *eng)
{
	hm_location(ctx, b, side, row, col, eng, BS_HUMAN_MX_ENGAGE);
}

static enum bs_mx_mode reach_of(enum bs_mx_mode mode)
{
	return mode == BS_MX_MAGIC ? BS_MX_MAGIC : BS_MX_MISSILE;
}

static int in_reach_cb(const struct bs_battle *b, int g, int h, int mode)
{
	return bs_mx_in_reach(b, g, h, reach_of((enum bs_mx_mode)mode));
}

/* [M3.4a] [M3.4b] [M3.5] asked only when an enemy is in reach */
static int hm_target(void *ctx, const struct bs_battle *b, int g,
		     enum bs_mx_mode mode)
{
	int any = 0;
	for (int h = 0; h < b->nunits && !any; h++)
		any = in_reach_cb(b, g, h, (int)mode);
	if (!any)
		return -1;
	struct bs_human_q q;
	struct bs_human_answer a;
	mx_question(&q, BS_HUMAN_MX_TARGET, b, g);
	q.mode = (int)mode;
	ask(ctx, b, &q, &a);
	return a.mx_target;
}

/* [M4.2] RULING R-437: an aerial brigade's split of its classes, asked
 * only when an enemy other than its target may be sent classes
 * (bs_mx_aerial_may). */
static void hm_aerial(void *ctx, const struct bs_battle *b, int g,
		      enum bs_mx_mode mode, int t, int *classes)
{
	int any = 0;
	for (int h = 0; h < b->nunits && !any; h++)
		any = h != t && bs_mx_aerial_may(b, g, h, mode);
	if (!any || t < 0 || t >= b->nunits)
		return;
	struct bs_human_q q;
	struct bs_human_answer a;
	mx_question(&q, BS_HUMAN_MX_AERIAL, b, g);
	q.mode = (int)mode;
	q.eside = b->units[t].side;
	q.eunit = b->units[t].idx;
	ask(ctx, b, &q, &a);
	int e = b->side_first[q.eside];
	for (int i = 0; i < BS_MX_MAX_BRIGADES && e + i < b->nunits; i++)
		if (a.mx_split[i] > 0 && b->units[e + i].side == q.eside)
			classes[e + i] = a.mx_split[i];
}

/* May brigade g be given a move [M3.2] (RULING R-262: not routed)? */
static int mx_may_move(const struct bs_battle *b, int g)
{
	const struct bs_mx_state *t = bs_mx_state(b, g);
	return t && t->where != BS_MX_OUT && !t->routed;
}

/* [M3.2] RULING R-438: the order the army's brigades move in, asked when
 * two or more may move. */
static int hm_move_order(void *ctx, const struct bs_battle *b, int side,
			 int *out, int max)
{
	int n = 0;
	for (int g = b->side_first[side];
	     g < b->nunits && b->units[g].side == side; g++)
		n += mx_may_move(b, g);
	if (n < 2)
		return 0;
	struct bs_human_q q;
	struct bs_human_answer a;
	question(&q, BS_HUMAN_MX_ORDER, side, -1);
	ask(ctx, b, &q, &a);
	int k = 0;
	for (int i = 0; i < a.nseq && k < max; i++)
		out[k++] = b->side_first[side] + a.seq[i];
	return k;
}

/* RULING R-437: a split of no more classes than aerial brigade g has, at
 * enemies it may send them at (its target among them). */
static int split_check(const struct bs_battle *b, const struct bs_human_q *q,
		       int g, const struct bs_human_answer *a, const char **why,
		       const char **cite)
{
	int sum = 0, e = b->side_first[bs_mx_other(q->side)];
	int t = q->eside >= 0 ? b->side_first[q->eside] + q->eunit : -1;
	for (int i = 0; i < BS_MX_MAX_BRIGADES; i++) {
		if (a->mx_split[i] <= 0)
			continue;
		int h = e + i;
		if (h >= b->nunits || b->units[h].side == q->side ||
		    (h != t &&
		     !bs_mx_aerial_may(b, g, h, (enum bs_mx_mode)q->mode))) {
			*why = "its classes may attack only enemy brigades in "
			       "reach of this attack (an engaged brigade: "
			       "those it is engaged with)";
			*cite = "[M4.2] RULING R-251";
			return 0;
		}
		sum += a->mx_split[i];
	}
	if (sum > bs_mx_state(b, g)->cls) {
		*why = "it has not so many classes: its attacks are its "
		       "class number";
		*cite = "[M4.2] RULING R-251";
		return 0;
	}
	return 1;
}

/* The matrix answers against the rules now (RULING R-427). */
static int mx_check(const struct bs_battle *b, const struct bs_human_q *q,
		    const struct bs_human_answer *a, const char **why,
		    const char **cite)
{
	int g = b->side_first[q->side] + q->unit, t = a->mx_target;
	switch (q->kind) {
	case BS_HUMAN_MX_MOVE: {
		struct bs_mx_move_check c;
		if (!bs_mx_check_move(b, g, &a->mx_move, &c)) {
			*why = c.why;
			*cite = c.cite;
			return 0;
		}
		if (c.unplayed > 0) {
			*why = c.stopped ? "it stops at the enemy stack it "
					   "enters: no steps after that"
			       : c.where == BS_MX_RESERVE
				   ? "it is back in the reserve: no steps "
				     "after that"
				   : "it leaves the arena: no steps after "
				     "that";
			*cite = c.stopped ? "[M3.2]" : "[M1.2] [M3.2]";
			return 0;
		}
		return 1;
	}
	case BS_HUMAN_MX_ATTACK:
		if (t != -1 && !bs_mx_may_declare(b, g, t)) {
			*why = "it may attack only an enemy brigade at its "
			       "location (not scouts screened by their army)";
			*cite = "[M3.3] RULING R-253";
			return 0;
		}
		return 1;
	case BS_HUMAN_MX_ENGAGE:
		if (t != -1 &&
		    (t < 0 || t >= b->nunits || b->units[t].side == q->side ||
		     !attacker_of(b, g, t))) {
			*why = "it may engage only a brigade that attacks at "
			       "its location";
			*cite = "[M3.3]";
			return 0;
		}
		return 1;
	case BS_HUMAN_MX_AERIAL:
		return split_check(b, q, g, a, why, cite);
	case BS_HUMAN_MX_ORDER:
		for (int i = 0; i < a->nseq; i++)
			if (!mx_may_move(b,
					 b->side_first[q->side] + a->seq[i])) {
				*why = "a brigade named may not be given a "
				       "move (routed, or out of the battle)";
				*cite = "[M3.2] RULING R-438";
				return 0;
			}
		return 1;
	default:
		if (t != -1 && (t < 0 || t >= b->nunits ||
				!in_reach_cb(b, g, t, q->mode))) {
			*why = "the target is not an enemy brigade in the "
			       "same or an adjacent location";
			*cite = "[M3.4a] [M3.4b]";
			return 0;
		}
		return 1;
	}
}

void bs_ai_human_init(struct bs_ai_human *h, const struct bs_human_ui *ui)
{
	memset(h, 0, sizeof *h);
	h->ui = ui;
	h->mx.name = "human";
	h->mx.ctx = h;
	h->mx.move = hm_move;
	h->mx.declare = hm_declare;
	h->mx.defend = hm_defend;
	h->mx.target = hm_target;
	h->mx.aerial = hm_aerial;
	h->mx.move_order = hm_move_order;
	h->ctl.name = "human";
	h->ctl.ctx = h;
	h->ctl.moves_first = h_moves_first;
	h->ctl.rally = h_rally;
	h->ctl.move_sequence = h_sequence;
	h->ctl.melee_order = h_melee_order;
	h->ctl.move = h_move;
	h->ctl.move_indiv = h_move_indiv;
	h->ctl.follow = h_follow;
	h->ctl.weapon = h_weapon;
	h->ctl.bs2e_retreat = h_retreat;
	h->ctl.fire = h_fire;
	h->ctl.pass_through = h_pass_through;
	h->ctl.roles = h_roles;
	h->ctl.fire_indiv = h_fire_indiv;		  /* RULING R-552 */
	h->ctl.cast = h_cast;				  /* RULING R-660 */
	h->ctl.turn = h_turn;				  /* RULING R-661 */
	h->ctl.pass_through_indiv = h_pass_through_indiv; /* RULING R-662 */
	h->ctl.pass_through_at_indiv = h_pass_through_at_indiv; /* */
	h->ctl.split_breath = h_split_breath;			/* */
}

int bs_ai_human_check(const struct bs_battle *b, const struct bs_human_q *q,
		      struct bs_human_answer *a, const char **why,
		      const char **cite)
{
	*why = NULL;
	*cite = NULL;
	if (q->kind >= BS_HUMAN_MX_MOVE)
		return mx_check(b, q, a, why, cite);
	if (q->kind == BS_HUMAN_FIRE || q->kind == BS_HUMAN_PASS_THROUGH)
		return fire_check(b, q, a, why, cite);
	if (q->kind == BS_HUMAN_ROLES)
		return roles_check(b, q, a, why, cite);
	if (q->kind == BS_HUMAN_INDIV && a->io.move &&
	    b->sc->rules == BS_RULES_BS1E) {
		/* [7.7] [9.4] an individual's move checked as the Movement
		 * Phase will (issue 17: refused with the rule, asked again) */
		struct bs1e_indiv_outcome oc;
		if (!bs1e_check_indiv_move(b, q->side, q->indiv, &a->io, &oc)) {
			*why = oc.why ? oc.why
				      : "the rules do not allow this move";
			*cite = oc.cite ? oc.cite : "[7.7]";
			return 0;
		}
		return 1;
	}
	if (q->kind == BS_HUMAN_CAST || q->kind == BS_HUMAN_TURN)
		return magic_check(b, q, a, why, cite);
	if (q->kind == BS_HUMAN_MELEE) {
		for (int i = 0; i < a->nseq; i++)
			if (!in_melee(q->side, a->seq[i], q->melees,
				      q->nmelees)) {
				*why = "a unit named fights no melee this "
				       "phase";
				*cite = "[1.6 B] RULING R-430";
				return 0;
			}
		return 1;
	}
	if (q->kind == BS_HUMAN_SEQUENCE) {
		for (int i = 0; i < a->nseq; i++)
			if (!orderable(b, b->side_first[q->side] + a->seq[i])) {
				*why = "a unit named cannot be given an order "
				       "this phase (routed, a mob, out of "
				       "control, or it has moved)";
				*cite = "[7.0] RULING R-428";
				return 0;
			}
		return 1;
	}
	if (q->kind == BS_HUMAN_WEAPON) {
		const struct bs_unit_state *u =
		    &b->units[b->side_first[q->side] + q->unit];
		if (a->weapon >= u->r.nweapons) {
			*why = "the unit does not carry that weapon";
			*cite = "[8.2]";
			return 0;
		}
		return 1;
	}
	if (q->kind != BS_HUMAN_MOVE)
		return 1;
	struct bs_order *o = &a->order;
	int bs2e = b->sc->rules == BS_RULES_BS2E;
	if (bs2e && b->phase == BS_PHASE_BS2E_CHARGES &&
	    o->kind != BS_ORDER_CHARGE && o->kind != BS_ORDER_HOLD) {
		/* RULING R-203: only charges are declared; the unit moves
		 * in its side's movement phase */
		*why = "only a charge is declared now (or hold: no charge); "
		       "the unit moves in its side's movement phase";
		*cite = "RULING R-203";
		return 0;
	}
	if (bs2e && b->phase != BS_PHASE_BS2E_CHARGES &&
	    o->kind == BS_ORDER_CHARGE) {
		*why = "a charge must be declared before initiative";
		*cite = "RULING R-203";
		return 0;
	}
	if (o->kind == BS_ORDER_HOLD)
		return 1;
	if (o->kind == BS_ORDER_CHARGE && o->nsteps == 0 && o->tside >= 0) {
		/* RULING R-142 [7.14]: a stepless charge takes the charge
		 * plan's path; none: refused with the plan's reason */
		struct bs_tt_charge pl;
		if (bs2e)
			bs2e_plan_charge(b, q->side, q->unit, o->tside,
					 o->tunit, &pl);
		else
			bs_tt_plan_charge(b, q->side, q->unit, o->tside,
					  o->tunit, &pl);
		if (!pl.legal) {
			*why = pl.why ? pl.why : "no charge path reaches it";
			*cite = pl.cite ? pl.cite : "[7.14]";
			return 0;
		}
		*o = pl.order;
	}
	struct bs_tt_outcome out;
	int legal = bs2e ? bs2e_check_order(b, q->side, q->unit, o, &out)
			 : bs_tt_check_order(b, q->side, q->unit, o, &out);
	if (!legal) {
		*why = out.why ? out.why : "the rules do not allow this order";
		*cite = out.cite ? out.cite : "[7.0]";
	}
	return legal;
}
