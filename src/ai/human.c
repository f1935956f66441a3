/* The referee's human side (issue 17, docs/REFEREE.md): a tabletop
 * controller (1E, 2E) that asks a UI-supplied callback for each decision
 * the rules give a side, [1.4] who moves first, [6.0] rally attempts and
 * mob orders, [7.0] each unit's order, [9.2] the independent individuals,
 * [7.12] following a withdrawing enemy, [8.2] the weapon in hand, and the
 * 2E retreat instead of a morale check; and the check of an answer
 * against the rules (bs_ai_human_check). It never prints or reads. */
#include <string.h>

#include "battlesim/ai.h"
#include "battlesim/battle.h"
#include "battlesim/bs2e.h"
#include "battlesim/tabletop.h"

const char *const bs_human_ask_name[BS_HUMAN__COUNT] = {
    [BS_HUMAN_MOVES_FIRST] = "moves first",
    [BS_HUMAN_RALLY] = "rally",
    [BS_HUMAN_MOVE] = "order",
    [BS_HUMAN_INDIV] = "individual",
    [BS_HUMAN_FOLLOW] = "follow",
    [BS_HUMAN_WEAPON] = "weapon",
    [BS_HUMAN_RETREAT] = "retreat",
};

static void defaults(struct bs_human_answer *a)
{
	memset(a, 0, sizeof *a);
	a->done = 1;
	a->order.kind = BS_ORDER_HOLD;
	a->order.tside = a->order.tunit = -1;
	a->rally.indiv = a->rally.unit = -1;
	a->weapon = -1;
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
	q->indiv = q->eside = q->eunit = -1;
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

void bs_ai_human_init(struct bs_ai_human *h, const struct bs_human_ui *ui)
{
	memset(h, 0, sizeof *h);
	h->ui = ui;
	h->ctl.name = "human";
	h->ctl.ctx = h;
	h->ctl.moves_first = h_moves_first;
	h->ctl.rally = h_rally;
	h->ctl.move = h_move;
	h->ctl.move_indiv = h_move_indiv;
	h->ctl.follow = h_follow;
	h->ctl.weapon = h_weapon;
	h->ctl.bs2e_retreat = h_retreat;
}

int bs_ai_human_check(const struct bs_battle *b, const struct bs_human_q *q,
		      struct bs_human_answer *a, const char **why,
		      const char **cite)
{
	*why = NULL;
	*cite = NULL;
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
