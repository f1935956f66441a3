/* The scripted controller (a side's `orders:` in the scenario file, loaded
 * by src/scenario/orders.c) and the "hold" controller of the tabletop
 * rulesets (the registry, registry.c, picks them). The scripted controller
 * plays exactly what the file says for each Game Round: Rally Phase
 * attempts and mob orders [6.0] [2.10], the units with orders moving in
 * the order of the file [7.0], each unit's order [7.6]-[7.14] [8.8];
 * units without an order hold; the individuals' changes of role [9.0]
 * [9.3] and moves [7.7] [9.4] (issue 15); individuals without a move
 * stay. It checks nothing: an illegal order is
 * rejected by the rules as usual, with the rule that forbids it. */
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/tabletop.h"

static const struct bs_side *side_def(const struct bs_battle *b, int side)
{
	return &b->sc->sides[side];
}

/* The file's entries of this round whose kind is in `kinds` (a mask of
 * 1u << enum bs_script_kind), in the file's order: from *i = -1, each
 * call gives the next one (NULL after the last). Every per-kind
 * callback below walks the file with it. */
static const struct bs_script_order *
next_entry(const struct bs_side *sd, int round, unsigned kinds, int *i)
{
	while (++*i < sd->norders) {
		const struct bs_script_order *o = &sd->orders[*i];
		if (o->round == round && (kinds >> o->kind & 1u))
			return o;
	}
	return NULL;
}
#define KIND(k) (1u << (k))

/* [6.0] this round's rally entries and mob orders, in the file's order. */
static int script_rally(void *ctx, const struct bs_battle *b, int side,
			struct bs_rally_order *out, int max)
{
	(void)ctx;
	const struct bs_side *sd = side_def(b, side);
	int n = 0;
	const struct bs_script_order *o;
	for (int i = -1; n < max && (o = next_entry(sd, b->round,
						    KIND(BS_SCRIPT_RALLY) |
							KIND(BS_SCRIPT_MOB),
						    &i));) {
		struct bs_rally_order *r = &out[n++];
		memset(r, 0, sizeof *r);
		r->indiv = o->indiv;
		r->unit = o->unit;
		r->mob_order =
		    o->kind == BS_SCRIPT_MOB ? o->mob_order : BS_MOB_NONE;
		r->mob_angle = o->mob_angle;
	}
	return n;
}

/* [7.0] the units with an order this round, in the file's order. */
static int script_sequence(void *ctx, const struct bs_battle *b, int side,
			   int *units, int max)
{
	(void)ctx;
	const struct bs_side *sd = side_def(b, side);
	int n = 0;
	const struct bs_script_order *o;
	for (int i = -1; n < max && (o = next_entry(sd, b->round,
						    KIND(BS_SCRIPT_MOVE), &i));)
		units[n++] = o->unit;
	return n;
}

static void script_move(void *ctx, const struct bs_battle *b, int side,
			int unit, struct bs_order *out)
{
	(void)ctx;
	const struct bs_side *sd = side_def(b, side);
	memset(out, 0, sizeof *out);
	out->kind = BS_ORDER_HOLD;
	out->tside = out->tunit = -1;
	/* RULING R-373: asked again after the rules refused the file's
	 * order: the file has no other for this round, the unit holds */
	if (b->units[b->side_first[side] + unit].flags & BS_UF_REFUSED)
		return;
	const struct bs_script_order *o;
	for (int i = -1;
	     (o = next_entry(sd, b->round, KIND(BS_SCRIPT_MOVE), &i));) {
		if (o->unit != unit)
			continue;
		*out = o->order;
		bs_ai_charge_path(b, side, unit, out);
		return;
	}
}

/* [1.2] [1.5] this round's fire entries of the phase, in the file's
 * order (issue 14). */
static int script_fire(void *ctx, const struct bs_battle *b, int side,
		       enum bs_fire_kind kind, int call,
		       struct bs_fire_order *out, int max)
{
	(void)ctx;
	const struct bs_side *sd = side_def(b, side);
	int n = 0;
	if (call > 0)
		return 0; /* the file's entries, once */
	const struct bs_script_order *o;
	for (int i = -1;
	     n < max &&
	     (o = next_entry(sd, b->round, KIND(BS_SCRIPT_FIRE), &i));) {
		if (o->fire != kind || o->indiv >= 0)
			continue;
		/* RULING R-673: at an enemy individual by name */
		int at_indiv = o->iorder.tindiv >= 0;
		out[n++] = (struct bs_fire_order){
		    o->unit,
		    at_indiv ? o->iorder.tside : o->order.tside,
		    at_indiv ? o->iorder.tindiv : o->order.tunit,
		    o->ammo,
		    0,
		    NULL,
		    at_indiv};
	}
	return n;
}

/* [10.6] this round's pass-through entries waiting for this mover: at
 * the first moment `after` inches into its move, else its last moment
 * (the last before it ends or comes into contact). */
static int pass_through_entries(const struct bs_battle *b, int side, int mside,
				int munit, int mindiv,
				const struct bs_move_point *path, int np,
				struct bs_fire_order *out, int max)
{
	const struct bs_side *sd = side_def(b, side);
	int n = 0;
	const struct bs_script_order *o;
	for (int i = -1;
	     n < max && np > 0 &&
	     (o = next_entry(sd, b->round, KIND(BS_SCRIPT_FIRE), &i));) {
		if (o->indiv >= 0 || o->fire != BS_FIRE_PASS_THROUGH ||
		    o->mside != mside || o->munit != munit ||
		    (munit < 0 && o->mindiv != mindiv))
			continue;
		int at_indiv = o->iorder.tindiv >= 0;
		out[n++] = (struct bs_fire_order){
		    o->unit,
		    at_indiv ? o->iorder.tside : o->order.tside,
		    at_indiv ? o->iorder.tindiv : o->order.tunit,
		    o->ammo,
		    bs_ai_pass_through_moment(path, np, o->after),
		    NULL,
		    at_indiv};
	}
	return n;
}

static int script_pass_through(void *ctx, const struct bs_battle *b, int side,
			       int mside, int munit,
			       const struct bs_move_point *path, int np,
			       struct bs_fire_order *out, int max)
{
	(void)ctx;
	return pass_through_entries(b, side, mside, munit, -1, path, np, out,
				    max);
}

/* [10.6] RULING R-697: this round's pass-through entries of the side's
 * units waiting for the own move of enemy individual (mside, mindiv)
 * at the moment `after` picks (as at a unit's move); their
 * target him or any other enemy, checked by the rules when it comes. */
static int script_pass_through_at_indiv(void *ctx, const struct bs_battle *b,
					int side, int mside, int mindiv,
					const struct bs_move_point *path,
					int np, struct bs_fire_order *out,
					int max)
{
	(void)ctx;
	return pass_through_entries(b, side, mside, -1, mindiv, path, np, out,
				    max);
}

/* [9.4] RULING R-525: this round's `fire:` entries of individuals for
 * the phase (RULING R-549: `phase: initial` in the Initial Missile
 * Phase, else the Missile and Magic Phase's), in the file's order. */
static int script_fire_indiv(void *ctx, const struct bs_battle *b, int side,
			     struct bs_indiv_fire_order *out, int max)
{
	(void)ctx;
	const struct bs_side *sd = side_def(b, side);
	enum bs_fire_kind kind = b->phase == BS_PHASE_INITIAL_MISSILE
				     ? BS_FIRE_INITIAL
				     : BS_FIRE_PHASE;
	int n = 0;
	const struct bs_script_order *o;
	for (int i = -1;
	     n < max &&
	     (o = next_entry(sd, b->round, KIND(BS_SCRIPT_FIRE), &i));) {
		if (o->indiv < 0 || o->fire != kind)
			continue;
		out[n++] = (struct bs_indiv_fire_order){o->indiv,
							o->iorder.tside,
							o->iorder.tunit,
							o->iorder.tindiv,
							NULL,
							0};
	}
	return n;
}

/* [10.6] RULING R-549: this round's pass-through entries of individuals
 * waiting for this mover, at the moment `after` picks (as a unit's).
 * RULING R-699: munit -1 is a lone individual's own move (R-674; the
 * moments name him): the entries whose `mover:` names him. */
static int script_pass_through_indiv(void *ctx, const struct bs_battle *b,
				     int side, int mside, int munit,
				     const struct bs_move_point *path, int np,
				     struct bs_indiv_fire_order *out, int max)
{
	(void)ctx;
	const struct bs_side *sd = side_def(b, side);
	int n = 0;
	int mindiv = munit < 0 && np > 0 ? path[0].indiv : -1;
	const struct bs_script_order *o;
	for (int i = -1;
	     n < max && np > 0 &&
	     (o = next_entry(sd, b->round, KIND(BS_SCRIPT_FIRE), &i));) {
		if (o->indiv < 0 || o->fire != BS_FIRE_PASS_THROUGH ||
		    o->mside != mside || o->munit != munit ||
		    (munit < 0 && (mindiv < 0 || o->mindiv != mindiv)))
			continue;
		out[n++] = (struct bs_indiv_fire_order){
		    o->indiv,
		    o->iorder.tside,
		    o->iorder.tunit,
		    o->iorder.tindiv,
		    NULL,
		    bs_ai_pass_through_moment(path, np, o->after)};
	}
	return n;
}

/* The next of this round's `cast:` entries of step A after *i: an
 * individual's (unit 0; RULING R-338: not pass-through), or a unit's
 * breath (unit 1, RULING R-645); NULL none. */
static const struct bs_script_order *next_cast(const struct bs_battle *b,
					       int side, int unit, int *i)
{
	const struct bs_script_order *o;
	while ((o = next_entry(side_def(b, side), b->round,
			       KIND(BS_SCRIPT_CAST), i)))
		if (o->fire != BS_FIRE_PASS_THROUGH &&
		    (o->cast.indiv < 0) == unit)
			return o;
	return NULL;
}

/* Issue 16 [1.5 A] [14.1]: this round's `cast:` entries, in the file's
 * order. */
static int script_cast(void *ctx, const struct bs_battle *b, int side,
		       struct bs_cast_order *out, int max)
{
	(void)ctx;
	int n = 0;
	const struct bs_script_order *o;
	for (int i = -1; n < max && (o = next_cast(b, side, 0, &i));)
		out[n++] = o->cast;
	return n;
}

/* [13.7] RULING R-645: this round's units' `cast:` entries (their
 * breath weapons), in the file's order. */
static int script_breathe(void *ctx, const struct bs_battle *b, int side,
			  struct bs_breath_order *out, int max)
{
	(void)ctx;
	int n = 0;
	const struct bs_script_order *o;
	for (int i = -1; n < max && (o = next_cast(b, side, 1, &i));)
		out[n++] = (struct bs_breath_order){
		    o->unit,	   o->cast.spell,  o->cast.tside,
		    o->cast.tunit, o->cast.tindiv, o->cast.aim,
		    o->cast.x,	   o->cast.y,	   NULL};
	return n;
}

/* [14.1] [10.6] RULING R-338: this round's `cast:` entries with `phase:
 * pass_through` waiting for this mover (a unit's move, or with munit -1
 * the lone individual path[0].indiv's own), at the moment `after` picks
 * (as a pass-through fire entry's). */
static int script_pass_through_cast(void *ctx, const struct bs_battle *b,
				    int side, int mside, int munit,
				    const struct bs_move_point *path, int np,
				    struct bs_cast_order *out, int *at, int max)
{
	(void)ctx;
	const struct bs_side *sd = side_def(b, side);
	int n = 0;
	int mindiv = munit < 0 && np > 0 ? path[0].indiv : -1;
	const struct bs_script_order *o;
	for (int i = -1;
	     n < max && np > 0 &&
	     (o = next_entry(sd, b->round, KIND(BS_SCRIPT_CAST), &i));) {
		if (o->fire != BS_FIRE_PASS_THROUGH || o->mside != mside ||
		    o->munit != munit ||
		    (munit < 0 && (mindiv < 0 || o->mindiv != mindiv)))
			continue;
		at[n] = bs_ai_pass_through_moment(path, np, o->after);
		out[n++] = o->cast;
	}
	return n;
}

/* [14.19] RULING R-581: this round's `turn:` entries, in the file's
 * order. */
static int script_turn(void *ctx, const struct bs_battle *b, int side,
		       struct bs_turn_order *out, int max)
{
	(void)ctx;
	const struct bs_side *sd = side_def(b, side);
	int n = 0;
	const struct bs_script_order *o;
	for (int i = -1; n < max && (o = next_entry(sd, b->round,
						    KIND(BS_SCRIPT_TURN), &i));)
		out[n++] = (struct bs_turn_order){o->indiv, o->order.tside,
						  o->order.tunit, NULL};
	return n;
}

/* [9.0] this round's changes of role, in the file's order. */
static int script_roles(void *ctx, const struct bs_battle *b, int side,
			struct bs_role_order *out, int max)
{
	(void)ctx;
	const struct bs_side *sd = side_def(b, side);
	int n = 0;
	const struct bs_script_order *o;
	for (int i = -1; n < max && (o = next_entry(sd, b->round,
						    KIND(BS_SCRIPT_ROLE), &i));)
		out[n++] = o->role;
	return n;
}

/* The round's move entry of individual `indiv` of the side, NULL none. */
static const struct bs_script_order *indiv_entry(const struct bs_battle *b,
						 int side, int indiv)
{
	const struct bs_side *sd = side_def(b, side);
	const struct bs_script_order *o;
	for (int i = -1;
	     (o = next_entry(sd, b->round, KIND(BS_SCRIPT_INDIV), &i));)
		if (o->indiv == indiv)
			return o;
	return NULL;
}

/* [7.7] [9.4] an individual's move this round; none: he stays. */
static void script_move_indiv(void *ctx, const struct bs_battle *b, int side,
			      int indiv, struct bs_indiv_order *out)
{
	(void)ctx;
	const struct bs_script_order *o = indiv_entry(b, side, indiv);
	if (o)
		*out = o->iorder;
}

/* [10.5] [13.7] RULING R-637: the breath of the round's move entry of
 * the individual (its `breathe:`), half-way along the move. */
static int script_split_breath(void *ctx, const struct bs_battle *b, int side,
			       int indiv, struct bs_cast_order *out)
{
	(void)ctx;
	const struct bs_script_order *o = indiv_entry(b, side, indiv);
	if (!o || !o->iorder.split || !o->cast.spell)
		return 0;
	*out = o->cast;
	return 1;
}

int bs_ai_melee_order_units(int side, const int *units, int nunits,
			    const struct bs_melee *m, int n, int *order)
{
	if (n > BS_TT_MAX_MELEES)
		return 0;
	/* the melees listed by the rank of the first named unit in them,
	 * stably, then ordered as the rules order a list */
	int rank[BS_TT_MAX_MELEES], by[BS_TT_MAX_MELEES];
	struct bs_melee sorted[BS_TT_MAX_MELEES];
	memset(sorted, 0, (size_t)n * sizeof sorted[0]);
	for (int i = 0; i < n; i++) {
		rank[i] = nunits;
		for (int k = nunits - 1; k >= 0; k--)
			if ((m[i].aside == side && m[i].aunit == units[k]) ||
			    (m[i].bside == side && m[i].bunit == units[k]))
				rank[i] = k;
		by[i] = i;
	}
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && rank[by[j]] < rank[by[j - 1]]; j--) {
			int t = by[j];
			by[j] = by[j - 1];
			by[j - 1] = t;
		}
	for (int i = 0; i < n; i++) {
		sorted[i] = m[by[i]];
		/* the named unit first in its melee, so that its combat
		 * starts from it */
		if (rank[by[i]] < nunits && sorted[i].aside != side) {
			struct bs_melee x = sorted[i];
			sorted[i] = (struct bs_melee){x.bside, x.bunit, x.aside,
						      x.aunit};
		}
	}
	int o2[BS_TT_MAX_MELEES];
	bs_tt_melee_order(sorted, n, NULL, o2);
	for (int i = 0; i < n; i++)
		order[i] = by[o2[i]];
	return n;
}

/* [1.6 B] RULING R-377: this round's `melee:` entry names the units whose
 * combats go first, in its order (bs_ai_melee_order_units). Without an
 * entry, the rules' order (returns 0). */
static int script_melee_order(void *ctx, const struct bs_battle *b, int side,
			      const struct bs_melee *m, int n, int *order)
{
	(void)ctx;
	const struct bs_side *sd = side_def(b, side);
	int i = -1;
	const struct bs_script_order *e =
	    next_entry(sd, b->round, KIND(BS_SCRIPT_MELEE), &i);
	if (!e)
		return 0;
	return bs_ai_melee_order_units(side, e->melee_units, e->nmelee, m, n,
				       order);
}

void bs_ai_charge_path(const struct bs_battle *b, int side, int unit,
		       struct bs_order *o)
{
	/* RULING R-142 [7.14] a charge without steps: the tabletop's charge
	 * path (when there is none, the charge goes to the rules as
	 * written, and they reject it) */
	if (o->kind != BS_ORDER_CHARGE || o->nsteps != 0 || o->tside < 0)
		return;
	struct bs_tt_charge pl;
	if (b->sc->rules == BS_RULES_BS2E) /* 2E (issue 5) */
		bs2e_plan_charge(b, side, unit, o->tside, o->tunit, &pl);
	else
		bs_tt_plan_charge(b, side, unit, o->tside, o->tunit, &pl);
	if (pl.legal)
		*o = pl.order;
}

void bs_ai_script_init(struct bs_ai_script *s)
{
	memset(&s->ctl, 0, sizeof s->ctl);
	s->ctl.name = "scripted";
	s->ctl.ctx = s;
	s->ctl.rally = script_rally;
	s->ctl.move_sequence = script_sequence;
	s->ctl.move = script_move;
	s->ctl.fire = script_fire;
	s->ctl.pass_through = script_pass_through;
	s->ctl.move_indiv = script_move_indiv;
	s->ctl.roles = script_roles;
	s->ctl.fire_indiv = script_fire_indiv;
	s->ctl.turn = script_turn;
	s->ctl.pass_through_indiv = script_pass_through_indiv;
	s->ctl.pass_through_at_indiv = script_pass_through_at_indiv; /* */
	s->ctl.pass_through_cast = script_pass_through_cast;	     /* */
	s->ctl.split_breath = script_split_breath;		     /* */
	s->ctl.melee_order = script_melee_order;
	s->ctl.cast = script_cast;
	s->ctl.breathe = script_breathe; /* [13.7] RULING R-645 */
}

void bs_ai_hold_init(struct bs_controller *c)
{
	memset(c, 0, sizeof *c);
	/* every callback NULL: the battle's defaults (no rally attempts,
	 * units hold) */
	c->name = "hold";
}
