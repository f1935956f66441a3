/* The 2E sequence of play as a table of phases (RULING R-202, known-gaps
 * 19: "declare charges; initiative d10 per side, -2 per charging unit, low
 * roll chooses; first and second movement; magic; melee; missile fire"),
 * with the rally of shaken and routed units (RULING R-210) and the end of
 * the Game Round (RULING R-223). Each step: charges declared,
 * initiative, movement, magic, melee [2E Attack
 * Dice] [2E Armor Rating] [2E Hits], missile fire,
 * morale checks where the losses fall [2E Morale], rally. */
#include <string.h>

#include "bs2e/engine2e.h"

/* ---- initiative and charges ----------------------------------------------
 */

/* RULING R-203: "declare charges": each side's controller names its
 * charges before initiative (the unit's order asked in this phase; only
 * a charge is kept), each checked by the movement rules as the table
 * stands; an impossible one is rejected. */
static void phase_charges(struct bs_battle *b)
{
	struct bs2e_scratch *s = bs2e_sc(b);
	for (int g = 0; g < b->nunits; g++) {
		s->ux[g].declared = 0;
		s->ux[g].charge_bonus = 0;
		s->ux[g].charge_target = -1;
	}
	for (int side = 0; side < b->nsides; side++) {
		const struct bs_controller *c = b->ctl[side];
		if (!c || !c->move)
			continue;
		for (int i = 0; i < b->sc->sides[side].nunits; i++) {
			int g = bs2e_gi(b, side, i);
			if (!bs2e_in_play(b, g) || bs2e_routed(b, g) ||
			    s->ux[g].indiv || bs2e_engaged(b, g))
				continue;
			struct bs_order o;
			memset(&o, 0, sizeof o);
			o.tside = o.tunit = -1;
			c->move(c->ctx, b, side, i, &o);
			if (o.kind != BS_ORDER_CHARGE)
				continue;
			struct bs_tt_outcome out;
			if (!bs2e_check_order(b, side, i, &o, &out)) {
				bs2e_reject(b, g, out.why, out.cite);
				continue;
			}
			s->ux[g].declared = 1;
			s->ux[g].charge = o;
			if (bs_battle_events_on(b)) {
				struct bs_event ev;
				bs2e_ev(b, &ev, BS_EV_ORDER, g, -1);
				ev.what = "charge declared";
				ev.tside = o.tside;
				ev.tunit = o.tunit;
				ev.n[0] = (int)o.kind;
				ev.n[1] = o.nsteps;
				ev.cite = "RULING R-203";
				bs_battle_emit(b, &ev);
			}
		}
	}
}

/* RULING R-204: the side with the lowest total; the sides tied for it
 * reroll a d10 each (in side order) until one is lowest (at most 20
 * times). The totals are replaced by ranks that keep their order (a
 * rerolled side stays below every side that was not tied, whatever the
 * totals were). */
/* the reasons of the 2E rolls (issue 17) */
static const struct bs_roll_why why_initiative = {
    BS_ROLL_INITIATIVE, {10, 0}, 1, "(initiative)", "RULING R-204"};
static const struct bs_roll_why why_attack = {
    BS_ROLL_ATTACK, {10, 0}, 0, "attacking", "[2E Attack Dice]"};
static const struct bs_roll_why why_armor = {
    BS_ROLL_ARMOR, {10, 0}, 1, "armor rolls against", "[2E Armor]"};
static const struct bs_roll_why why_morale = {
    BS_ROLL_MORALE, {10, 10}, 0, "morale check", "[2E Morale]"};
static const struct bs_roll_why why_morale2 = {
    BS_ROLL_MORALE, {10, 10}, 0, "second morale check (shaken)", "[2E Morale]"};
static const struct bs_roll_why why_rally = {
    BS_ROLL_RALLY, {10, 10}, 0, "rally check", "RULING R-210"};

int bs2e_initiative_low(struct bs_dice_source *src, int nsides, int *total,
			int *rerolls, int *dice, int *ndice, int maxdice)
{
	int low = 0;
	*rerolls = 0;
	for (;;) {
		low = 0;
		int tied = 0;
		for (int sd = 1; sd < nsides; sd++)
			if (total[sd] < total[low])
				low = sd;
		for (int sd = 0; sd < nsides; sd++)
			tied += total[sd] == total[low];
		if (tied <= 1 || *rerolls >= 20)
			break;
		(*rerolls)++;
		int lowv = total[low], rank[BS_MAX_SIDES];
		for (int sd = 0; sd < nsides; sd++) {
			rank[sd] = 0;
			for (int o = 0; o < nsides; o++)
				rank[sd] += total[o] < total[sd];
		}
		for (int sd = 0; sd < nsides; sd++) {
			int r = 0;
			if (total[sd] == lowv) {
				bs_dice_why(src, &why_initiative, sd, -1, -1,
					    -1);
				r = bs_roll(src, 10);
				if (*ndice < maxdice)
					dice[(*ndice)++] = r;
			}
			/* ranks 100 apart: a reroll (1..10) never passes the
			 * next rank */
			total[sd] = rank[sd] * 100 + r;
		}
	}
	return low;
}

/* RULING R-204 (known-gaps 19): "initiative d10 per side, -2 per charging
 * unit, low roll chooses"; ties for the lowest are rerolled by the tied
 * sides. The side that chooses moves first or second (its controller's
 * moves_first; without one, first); the others follow in the order of
 * their totals. */
static void phase_initiative(struct bs_battle *b)
{
	struct bs2e_scratch *s = bs2e_sc(b);
	int charges[BS_MAX_SIDES] = {0}, total[BS_MAX_SIDES];
	for (int g = 0; g < b->nunits; g++)
		if (s->ux[g].declared)
			charges[b->units[g].side]++;
	struct bs_event ev;
	bs2e_ev(b, &ev, BS_EV_INITIATIVE, -1, -1);
	ev.die_sides = 10;
	for (int sd = 0; sd < b->nsides; sd++) {
		bs_dice_why(&b->dice, &why_initiative, sd, -1, -1, -1);
		int r = bs_roll(&b->dice, 10);
		if (ev.ndice < BS_EV_MAX_DICE)
			ev.dice[ev.ndice++] = r;
		total[sd] = r - 2 * charges[sd];
		if (charges[sd] > 0 && bs_battle_events_on(b)) {
			struct bs_event nt;
			bs2e_ev(b, &nt, BS_EV_NOTE, -1, -1);
			nt.side = sd;
			nt.what = "initiative total";
			nt.has_deriv = 1;
			bs_deriv_init(&nt.deriv, r, "d10", NULL, NULL);
			bs_deriv_add(&nt.deriv, -2 * charges[sd],
				     "RULING R-204", "%d charging unit%s",
				     charges[sd], charges[sd] == 1 ? "" : "s");
			nt.cite = "RULING R-204";
			bs_battle_emit(b, &nt);
		}
	}
	int rerolls = 0;
	int low = bs2e_initiative_low(&b->dice, b->nsides, total, &rerolls,
				      ev.dice, &ev.ndice, BS_EV_MAX_DICE);
	b->side_a = low;
	const struct bs_controller *c = b->ctl[low];
	int first = c && c->moves_first ? c->moves_first(c->ctx, b, low) : 1;
	/* ranked: Side A (the low roll), then the others by their totals,
	 * lowest first; the movement order is that, or with Side A last */
	int ranked[BS_MAX_SIDES], order[BS_MAX_SIDES], k = 0;
	int used[BS_MAX_SIDES] = {0};
	ranked[0] = low;
	used[low] = 1;
	for (int n = 1; n < b->nsides; n++) {
		int best = -1;
		for (int sd = 0; sd < b->nsides; sd++)
			if (!used[sd] && (best < 0 || total[sd] < total[best]))
				best = sd;
		used[best] = 1;
		ranked[n] = best;
	}
	if (first)
		order[k++] = low;
	for (int n = 1; n < b->nsides; n++)
		order[k++] = ranked[n];
	if (!first)
		order[k++] = low;
	for (int i = 0; i < b->nsides; i++)
		b->side_order[i] = order[i];
	b->first_mover = order[0];
	if (bs_battle_events_on(b)) {
		ev.n[0] = low;
		ev.n[1] = rerolls;
		/* event.h: n[2..] the sides in initiative order (Side A,
		 * B, C ...); the movement order is the note's */
		for (int i = 0; i < b->nsides && 2 + i < BS_EV_MAX_N; i++)
			ev.n[2 + i] = ranked[i];
		ev.cite = "RULING R-204";
		bs_battle_emit(b, &ev);
		struct bs_event nt;
		bs2e_ev(b, &nt, BS_EV_NOTE, -1, -1);
		nt.side = low;
		nt.tside = order[0];
		nt.what = first		  ? "low roll chooses to move first"
			  : b->nsides > 2 ? "low roll chooses to move last"
					  : "low roll chooses to move second";
		nt.cite = "RULING R-204";
		bs_battle_emit(b, &nt);
	}
}

/* ---- movement ------------------------------------------------------------
 */

/* RULING R-205: one side's movement: its routed units flee, its
 * declared charges go in, then its other units move as its
 * controller orders, in its order. */
static void move_side(struct bs_battle *b, int side)
{
	struct bs2e_scratch *s = bs2e_sc(b);
	const struct bs_controller *c = b->ctl[side];
	int n = b->sc->sides[side].nunits;
	for (int i = 0; i < n; i++) {
		int g = bs2e_gi(b, side, i);
		/* RULING R-214: a routed unit flees, out of contact too */
		if (bs2e_in_play(b, g) && bs2e_routed(b, g))
			bs2e_flee(b, g, "keeps fleeing");
	}
	for (int i = 0; i < n; i++) {
		int g = bs2e_gi(b, side, i);
		if (!s->ux[g].declared || !bs2e_in_play(b, g) ||
		    bs2e_routed(b, g))
			continue;
		/* RULING R-203: a declared charge goes in as declared; when
		 * the table has changed since (its target moved first), it
		 * goes in at the same target by a new plan, and is rejected
		 * only when no charge can reach that target now */
		const struct bs_order *o = &s->ux[g].charge;
		struct bs_tt_outcome oc;
		struct bs_tt_charge pl;
		if (bs2e_engaged(b, g)) {
			/* RULING R-229: contacted before it could go in */
			bs2e_note(b, g,
				  "its declared charge does not go in: an "
				  "enemy contacted it first",
				  "RULING R-203 RULING R-229");
			continue;
		}
		if (!bs2e_check_order(b, side, i, o, &oc)) {
			bs2e_plan_charge(b, side, i, o->tside, o->tunit, &pl);
			if (pl.legal) {
				bs2e_note(b, g,
					  "the charge's target has moved: "
					  "the charge goes in by a new path",
					  "RULING R-203");
				o = &pl.order;
			}
		}
		bs2e_move_unit(b, g, o);
	}
	int seq[BS_MAX_UNITS], ns = 0;
	if (c && c->move_sequence)
		ns = c->move_sequence(c->ctx, b, side, seq, BS_MAX_UNITS);
	else
		for (int i = 0; i < n; i++)
			seq[ns++] = i;
	for (int k = 0; k < ns; k++) {
		int i = seq[k];
		if (i < 0 || i >= n)
			continue;
		int g = bs2e_gi(b, side, i);
		if (!bs2e_in_play(b, g) || bs2e_routed(b, g) ||
		    s->ux[g].declared || (b->units[g].flags & BS_UF_MOVED) ||
		    !c || !c->move)
			continue;
		struct bs_order o;
		memset(&o, 0, sizeof o);
		o.tside = o.tunit = -1;
		c->move(c->ctx, b, side, i, &o);
		if (o.kind == BS_ORDER_HOLD)
			continue;
		if (o.kind == BS_ORDER_CHARGE) {
			bs2e_reject(b, g,
				    "a charge must be declared before "
				    "initiative",
				    "RULING R-203");
			continue;
		}
		bs2e_move_unit(b, g, &o);
	}
}

static void phase_move_first(struct bs_battle *b)
{
	move_side(b, b->side_order[0]);
}

static void phase_move_second(struct bs_battle *b)
{
	for (int i = 1; i < b->nsides; i++)
		move_side(b, b->side_order[i]);
}

/* RULING R-206: magic is not modelled (the summary gives no spells). */
static void phase_magic(struct bs_battle *b)
{
	(void)b;
}

/* ---- attacks ---------------------------------------------------------------
 */

/* Emit the dice of an attack (BS2E_ATTACK) or of an armor roll
 * (BS2E_ARMOR) in events of at most BS_EV_MAX_DICE dice. */
static void emit_dice(struct bs_battle *b, struct bs_event *ev, const int *dice,
		      int n, int part_index, const int *per_die, int per_part)
{
	int parts = (n + BS_EV_MAX_DICE - 1) / BS_EV_MAX_DICE;
	if (parts == 0)
		parts = 1;
	int whole = ev->n[per_part];
	for (int p = 0; p < parts; p++) {
		int lo = p * BS_EV_MAX_DICE;
		int hi = lo + BS_EV_MAX_DICE < n ? lo + BS_EV_MAX_DICE : n;
		ev->ndice = 0;
		int zero = 0, sum = 0;
		for (int i = lo; i < hi; i++) {
			ev->dice[ev->ndice++] = dice[i];
			if (per_die) {
				zero += per_die[i] == 0;
				sum += per_die[i];
			}
		}
		ev->n[part_index] = p;
		if (per_die) {
			ev->n[6] = zero;
			ev->n[per_part] = p == 0 ? whole : sum;
		}
		if (p > 0)
			ev->has_deriv = 0;
		bs_battle_emit(b, ev);
	}
}

/* One attack of unit a on unit d [2E Attack Dice] [2E Armor Rating]:
 * `figs` figures at num/den attack dice; the armor roll; the hits that
 * stand wait on d until the step ends (RULING R-207). band: the missile
 * range band, 0 in melee; arc: the arc of d struck. */
static void attack(struct bs_battle *b, int a, int d, int figs, int num,
		   int den, int charge, enum bs2e_range band, enum bs_arc arc)
{
	struct bs2e_scratch *s = bs2e_sc(b);
	const struct bs2e_unit_stats *as = s->ux[a].st, *ds = s->ux[d].st;
	int ndice = bs2e_ad_count(figs, num, den);
	if (ndice > BS2E_MAX_DICE)
		ndice = BS2E_MAX_DICE;
	/* one attack die a figure: each is a d10 (or the sum "10+8") and
	 * only its total is read (RULING R-221) */
	bs_dice_why_n(&b->dice, &why_attack, ndice, as->ad[0],
		      as->ad[1] > 0 ? as->ad[1] : 0, -1, a, d);
	int hits = bs2e_roll_attack(&b->dice, as->ad, ndice, as->hit_table,
				    s->dice, s->per_die);
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs2e_ev(b, &ev, BS_EV_BS2E_ATTACK, a, d);
		ev.has_deriv = 1;
		bs_deriv_init(&ev.deriv, figs, num != den ? "figures" : NULL,
			      NULL, NULL);
		if (num != den) {
			const char *why =
			    charge			? "charge x1 1/2"
			    : band == BS2E_RANGE_MEDIUM ? "medium "
							  "range "
							  "x1/2"
			    : band == BS2E_RANGE_LONG	? "long range "
							  "x1/3"
							: "x";
			bs_deriv_set(&ev.deriv, ndice,
				     charge ? "RULING R-211" : "RULING R-208",
				     why);
		}
		ev.die_sides = as->ad[0];
		ev.n[0] = figs;
		ev.n[1] = ndice;
		ev.n[2] = hits;
		ev.n[4] = charge;
		ev.n[5] = (int)band;
		ev.n[7] = as->ad[1];
		ev.what = band ? "missile" : "melee";
		ev.cite =
		    band ? "[2E Attack Dice] RULING R-208" : "[2E Attack Dice]";
		emit_dice(b, &ev, s->dice, ndice, 3, s->per_die, 2);
	}
	/* [2E Armor Rating] modifiers: RULING R-212 a flank attack +1, a
	 * rear attack +2 ("a positive modifier makes the defender more
	 * vulnerable") */
	struct bs_deriv ar;
	bs_deriv_init(&ar, ds->ar, NULL, NULL, NULL);
	if (arc == BS_ARC_FLANK)
		bs_deriv_add(&ar, 1, "RULING R-212", "flank attack");
	else if (arc == BS_ARC_REAR)
		bs_deriv_add(&ar, 2, "RULING R-212", "rear attack");
	if (hits > 0)
		bs_dice_why_n(&b->dice, &why_armor, hits, 10, 0, -1, d, a);
	int stand = bs2e_roll_armor(&b->dice, hits, ar.value,
				    s->armor_equal_or_higher, s->dice);
	if (bs_battle_events_on(b) && hits > 0) {
		struct bs_event ev;
		bs2e_ev(b, &ev, BS_EV_BS2E_ARMOR, d, a);
		ev.has_deriv = 1;
		ev.deriv = ar;
		ev.die_sides = 10;
		ev.n[0] = hits;
		ev.n[1] = hits - stand;
		ev.n[2] = stand;
		ev.n[4] = s->armor_equal_or_higher;
		ev.cite = s->armor_equal_or_higher
			      ? "[2E Armor Rating] RULING R-201"
			      : "[2E Armor Rating]";
		emit_dice(b, &ev, s->dice,
			  hits < BS2E_MAX_DICE ? hits : BS2E_MAX_DICE, 3, NULL,
			  0);
	}
	s->ux[d].pending += stand;
	if (stand > 0 && b->units[d].killed_by_side < 0)
		b->units[d].killed_by_side = b->units[a].side;
	b->units[a].flags |= BS_UF_FOUGHT;
	b->units[d].flags |= BS_UF_ATTACKED;
}

/* The end of a step: the hits that stood come off [2E Hits], then the
 * morale checks they call for (RULING R-213). */
static void apply_step(struct bs_battle *b)
{
	struct bs2e_scratch *s = bs2e_sc(b);
	s->nqueue = 0;
	for (int g = 0; g < b->nunits; g++) {
		struct bs2e_ux *x = &s->ux[g];
		x->checks_step = 0;
		x->lost_step = 0;
		x->hits_step = x->pending;
		if (x->pending <= 0 || !bs2e_in_play(b, g)) {
			x->pending = 0;
			continue;
		}
		struct bs_unit_state *u = &b->units[g];
		int removed, carried, before = u->wounded;
		bs2e_take_hits(x->st->hits, u->figures, u->wounded, x->pending,
			       &removed, &carried);
		u->figures -= removed;
		u->wounded = carried;
		x->lost_step = removed;
		if (bs_battle_events_on(b)) {
			struct bs_event ev;
			bs2e_ev(b, &ev, BS_EV_BS2E_HITS, g, -1);
			ev.n[0] = x->pending;
			ev.n[1] = before;
			ev.n[2] = x->st->hits;
			ev.n[3] = removed;
			ev.n[4] = u->figures;
			ev.n[5] = carried;
			ev.cite = "[2E Hits] RULING R-217";
			bs_battle_emit(b, &ev);
		}
		x->pending = 0;
		if (u->figures <= 0) {
			bs2e_remove(b, g, BS_END_DESTROYED,
				    "destroyed: every figure removed",
				    "[2E Hits]");
			continue;
		}
		/* RULING R-213 (known-gaps 19): "morale check at first
		 * casualty, at 50% casualties, on more than 4 hits in one
		 * step" */
		if (removed > 0 && !x->first_cas_done) {
			x->first_cas_done = 1;
			bs2e_queue_check(b, g, BS2E_TRIG_FIRST_CASUALTY);
		}
		if (u->figures * 2 <= u->original && !x->half_done) {
			x->half_done = 1;
			bs2e_queue_check(b, g, BS2E_TRIG_HALF_LOST);
		}
		if (x->hits_step > 4)
			bs2e_queue_check(b, g, BS2E_TRIG_HEAVY_HITS);
	}
	bs2e_run_checks(b);
}

/* Enemies one unit may touch at once. */
#define BS2E_MAX_FOES 16

/* The figures of unit a in contact with unit d, 0 when apart; *arc the
 * arc of d that a strikes. */
static int figures_in_contact(const struct bs_battle *b, int a, int d,
			      enum bs_arc *arc)
{
	struct bs_tt_contact c;
	if (!bs2e_contact(b, a, d, &c))
		return 0;
	*arc = bs_tt_edge_arc(c.edge_b);
	int n = c.a_count > 0 ? c.a_count : 1;
	return n > b->units[a].figures ? b->units[a].figures : n;
}

/* RULING R-207 (revised): a's figures in the melee, [2E Attack Dice] "one
 * attack die for each figure in an attacking unit": all its figures,
 * divided among the enemies it touches in proportion to its figures in
 * contact with each (the largest remainders first, then unit order). The
 * enemies into foe[], their shares into share[], the arcs into arc[];
 * returns how many. */
static int melee_shares(const struct bs_battle *b, int a, int *foe, int *share,
			enum bs_arc *arc)
{
	int cnt[BS2E_MAX_FOES];
	int nf = 0, total = 0;
	for (int d = 0; d < b->nunits && nf < BS2E_MAX_FOES; d++) {
		if (b->units[d].side == b->units[a].side)
			continue;
		arc[nf] = BS_ARC_FRONT;
		int k = figures_in_contact(b, a, d, &arc[nf]);
		if (k <= 0)
			continue;
		foe[nf] = d;
		cnt[nf] = k;
		total += k;
		nf++;
	}
	int figs = b->units[a].figures, given = 0;
	for (int i = 0; i < nf; i++) {
		share[i] = figs * cnt[i] / total;
		given += share[i];
	}
	while (given < figs && nf > 0) {
		int best = 0;
		for (int i = 1; i < nf; i++)
			if ((figs * cnt[i]) % total >
			    (figs * cnt[best]) % total)
				best = i;
		share[best]++;
		cnt[best] = 0; /* one extra figure each at most */
		given++;
	}
	return nf;
}

int bs2e_attack_now(const struct bs_battle *b, int a, int d, int charging,
		    struct bs2e_attack_now *out)
{
	if (!b || b->sc->rules != BS_RULES_BS2E || a < 0 || d < 0 ||
	    a >= b->nunits || d >= b->nunits ||
	    b->units[a].side == b->units[d].side)
		return -1;
	const struct bs2e_scratch *s = bs2e_sc(b);
	const struct bs2e_unit_stats *as = s->ux[a].st, *ds = s->ux[d].st;
	const struct bs_unit_state *u = &b->units[a];
	memset(out, 0, sizeof *out);
	enum bs_arc arc = BS_ARC_FRONT, arcs[BS2E_MAX_FOES];
	int foe[BS2E_MAX_FOES], share[BS2E_MAX_FOES];
	int nf = melee_shares(b, a, foe, share, arcs);
	for (int i = 0; i < nf; i++)
		if (foe[i] == d) {
			out->in_contact = 1;
			out->figures = share[i];
			arc = arcs[i];
		}
	if (!out->in_contact) {
		/* RULING R-207 (revised): all its figures, this one enemy */
		out->figures = u->figures;
		arc = bs_tt_unit_arc(b, u->side, u->idx, b->units[d].side,
				     b->units[d].idx);
	}
	out->arc = (int)arc;
	/* RULING R-211 */
	out->charge =
	    charging || (s->ux[a].charge_bonus && s->ux[a].charge_target == d &&
			 b->phase != BS_PHASE_END);
	out->num = out->charge ? 3 : 1;
	out->den = out->charge ? 2 : 1;
	out->ndice = bs2e_ad_count(out->figures, out->num, out->den);
	if (out->ndice > BS2E_MAX_DICE)
		out->ndice = BS2E_MAX_DICE;
	out->ad[0] = as->ad[0];
	out->ad[1] = as->ad[1];
	out->table = as->hit_table;
	/* RULING R-212, as attack() adds them */
	bs_deriv_init(&out->ar, ds->ar, NULL, NULL, NULL);
	if (arc == BS_ARC_FLANK)
		bs_deriv_add(&out->ar, 1, "RULING R-212", "flank attack");
	else if (arc == BS_ARC_REAR)
		bs_deriv_add(&out->ar, 2, "RULING R-212", "rear attack");
	out->equal_or_higher = s->armor_equal_or_higher;
	out->per_figure = ds->hits;
	out->target_figures = b->units[d].figures;
	out->carried = b->units[d].wounded;
	if (!bs2e_in_play(b, a) || !bs2e_in_play(b, d)) {
		out->cannot = "a unit is not in play";
		out->cite = "RULING R-207";
	} else if (bs2e_routed(b, a)) {
		out->cannot = "routed units do not attack";
		out->cite = "RULING R-207";
	}
	return 0;
}

/* RULING R-207 (revised): the melee: every unit in contact with enemies
 * attacks with its figures shared out (melee_shares); all at once (losses
 * come off at the end of the step); routed units do not attack. */
static void phase_melee(struct bs_battle *b)
{
	struct bs2e_scratch *s = bs2e_sc(b);
	int any = 0;
	for (int a = 0; a < b->nunits; a++) {
		if (!bs2e_in_play(b, a) || bs2e_routed(b, a))
			continue;
		int foe[BS2E_MAX_FOES], share[BS2E_MAX_FOES];
		enum bs_arc arc[BS2E_MAX_FOES];
		int nf = melee_shares(b, a, foe, share, arc);
		for (int i = 0; i < nf; i++) {
			if (share[i] <= 0)
				continue;
			int d = foe[i];
			/* RULING R-211: x1 1/2 AD in the melee of the charge */
			int ch = s->ux[a].charge_bonus &&
				 s->ux[a].charge_target == d;
			attack(b, a, d, share[i], ch ? 3 : 1, ch ? 2 : 1, ch,
			       BS2E_RANGE_NONE, arc[i]);
			any = 1;
		}
	}
	if (any)
		apply_step(b);
}

/* RULING R-208: missile fire: a unit with missiles (roster range), in
 * play, not routed and not in contact, fires all its figures at the
 * nearest enemy in its 90-degree forward arc within long range that is
 * not in contact with its friends, at x1, x1/2, x1/3 AD by range. */
static void phase_missile(struct bs_battle *b)
{
	struct bs2e_scratch *s = bs2e_sc(b);
	int any = 0;
	for (int a = 0; a < b->nunits; a++) {
		const struct bs2e_unit_stats *st = s->ux[a].st;
		if (!bs2e_in_play(b, a) || bs2e_routed(b, a) ||
		    st->range[2] <= 0 || bs2e_engaged(b, a))
			continue;
		struct bs_quad aq = bs2e_quad(b, a);
		int best = -1;
		double bd = 1e300;
		for (int d = 0; d < b->nunits; d++) {
			if (b->units[d].side == b->units[a].side ||
			    !bs2e_in_play(b, d))
				continue;
			struct bs_quad dq = bs2e_quad(b, d);
			double dist = bs_quad_dist(&aq, &dq);
			if (dist > st->range[2] + 1e-9 || dist >= bd)
				continue;
			if (!bs2e_in_arc(b->units[a].front, b->units[a].facing,
					 bs_quad_centre(&dq)))
				continue;
			int melee = 0;
			for (int f = 0; f < b->nunits && !melee; f++)
				melee = b->units[f].side == b->units[a].side &&
					bs2e_contact(b, f, d, NULL);
			if (melee)
				continue;
			bd = dist;
			best = d;
		}
		if (best < 0)
			continue;
		enum bs2e_range band = bs2e_range_band(st->range, bd);
		int num, den;
		bs2e_range_mult(band, &num, &den);
		struct bs_quad tq = bs2e_quad(b, best);
		enum bs_arc arc =
		    bs_tt_arc_from(&tq, bs_quad_centre(&aq), NULL);
		attack(b, a, best, b->units[a].figures, num, den, 0, band, arc);
		any = 1;
	}
	if (any)
		apply_step(b);
}

/* ---- morale
 * ------------------------------------------------------------------
 */

void bs2e_queue_check(struct bs_battle *b, int g, enum bs2e_trigger t)
{
	struct bs2e_scratch *s = bs2e_sc(b);
	int cap = (b->nunits ? b->nunits : 1) * BS2E_TRIG__COUNT;
	if (s->nqueue >= cap)
		return;
	s->queue[s->nqueue] = g;
	s->qtrig[s->nqueue] = (unsigned char)t;
	s->nqueue++;
}

static void emit_morale(struct bs_battle *b, int g, const int *dice, int nd,
			enum bs2e_order from, enum bs2e_order to, int passed,
			int retreat, enum bs2e_trigger t, int second, int rally,
			const char *what)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	bs2e_ev(b, &ev, BS_EV_BS2E_MORALE, g, -1);
	ev.has_deriv = 1;
	bs_deriv_init(&ev.deriv, b->units[g].r.ml, NULL, NULL, NULL);
	for (int i = 0; i < nd; i++)
		ev.dice[ev.ndice++] = dice[i];
	ev.die_sides = 10;
	ev.n[0] = passed;
	ev.n[1] = (int)from;
	ev.n[2] = (int)to;
	ev.n[3] = retreat;
	ev.n[4] = (int)t;
	ev.n[5] = second;
	ev.n[6] = rally;
	ev.what = what;
	ev.cite = rally ? "[2E Morale] RULING R-210 RULING R-216"
			: "[2E Morale] RULING R-213";
	bs_battle_emit(b, &ev);
}

static void set_order(struct bs_battle *b, int g, enum bs2e_order o)
{
	struct bs_unit_state *u = &b->units[g];
	u->flags &= ~(unsigned)(BS_UF_SHAKEN | BS_UF_ROUTED);
	if (o == BS2E_SHAKEN)
		u->flags |= BS_UF_SHAKEN;
	else if (o == BS2E_ROUTED)
		u->flags |= BS_UF_ROUTED;
}

/* Unit g routs: RULING R-213 friends within 3" must check; RULING R-214
 * it flees at once. */
static void rout(struct bs_battle *b, int g)
{
	struct bs2e_scratch *s = bs2e_sc(b);
	set_order(b, g, BS2E_ROUTED);
	for (int h = 0; h < b->nunits; h++) {
		if (h == g || b->units[h].side != b->units[g].side ||
		    !bs2e_in_play(b, h) || bs2e_routed(b, h) || s->ux[h].indiv)
			continue;
		if (bs_tt_unit_dist(b, b->units[h].side, b->units[h].idx,
				    b->units[g].side, b->units[g].idx) <= 3.0)
			bs2e_queue_check(b, h, BS2E_TRIG_FRIEND_ROUTS);
	}
	bs2e_flee(b, g, "routs");
}

static void check_one(struct bs_battle *b, int g, enum bs2e_trigger t)
{
	struct bs2e_scratch *s = bs2e_sc(b);
	struct bs2e_ux *x = &s->ux[g];
	struct bs_unit_state *u = &b->units[g];
	/* [2E Morale] "Heroes and commanders do not have morale ratings";
	 * RULING R-213 a routed unit is not checked again; one check per
	 * unit per step */
	if (!bs2e_in_play(b, g) || x->indiv || bs2e_routed(b, g) ||
	    x->checks_step)
		return;
	x->checks_step = 1;
	enum bs2e_order from = bs2e_unit_order(b, g);
	int ml = u->r.ml;
	if (from == BS2E_GOOD) {
		/* "the unit must either make a morale check or retreat 4"
		 * (player's choice)": RULING R-215 its controller's */
		const struct bs_controller *c = b->ctl[u->side];
		if (c && c->bs2e_retreat &&
		    c->bs2e_retreat(c->ctx, b, u->side, u->idx)) {
			emit_morale(b, g, NULL, 0, from, from, 1, 1, t, 0, 0,
				    "retreats 4\" instead of checking");
			bs2e_retreat(b, g);
			return;
		}
	}
	bs_dice_why(&b->dice, &why_morale, -1, g, -1, -1);
	int d[2] = {bs_roll(&b->dice, 10), bs_roll(&b->dice, 10)};
	struct bs2e_morale_outcome o;
	bs2e_morale_check(from, ml, d[0] + d[1], &o);
	const char *what = o.passed		 ? "passes"
			   : o.to == BS2E_ROUTED ? "fails by 7 or more: routs"
			   : from == BS2E_GOOD
			       ? "fails: shaken, retreats 4\""
			       : "fails: retreats 4\", checks again";
	emit_morale(b, g, d, 2, from, o.to, o.passed, o.retreat, t, 0, 0, what);
	if (o.to == BS2E_ROUTED) {
		rout(b, g);
		return;
	}
	set_order(b, g, o.to);
	if (o.retreat)
		bs2e_retreat(b, g);
	if (o.second) {
		bs_dice_why(&b->dice, &why_morale2, -1, g, -1, -1);
		int e[2] = {bs_roll(&b->dice, 10), bs_roll(&b->dice, 10)};
		struct bs2e_morale_outcome o2;
		bs2e_morale_second(ml, e[0] + e[1], &o2);
		emit_morale(b, g, e, 2, BS2E_SHAKEN, o2.to, o2.passed, 0, t, 1,
			    0,
			    o2.passed ? "second check passes: stays shaken"
				      : "second check fails: routs");
		if (o2.to == BS2E_ROUTED)
			rout(b, g);
	}
}

void bs2e_run_checks(struct bs_battle *b)
{
	struct bs2e_scratch *s = bs2e_sc(b);
	for (int i = 0; i < s->nqueue; i++)
		check_one(b, s->queue[i], (enum bs2e_trigger)s->qtrig[i]);
	s->nqueue = 0;
}

/* RULING R-210: rally at the end of the round: the units the controller
 * names (shaken or routed, not in contact) check; R-216 one step. */
static void phase_rally(struct bs_battle *b)
{
	struct bs2e_scratch *s = bs2e_sc(b);
	for (int side = 0; side < b->nsides; side++) {
		const struct bs_controller *c = b->ctl[side];
		if (!c || !c->rally)
			continue;
		struct bs_rally_order ro[BS_MAX_RALLY_ORDERS];
		int n = c->rally(c->ctx, b, side, ro, BS_MAX_RALLY_ORDERS);
		for (int i = 0; i < n && i < BS_MAX_RALLY_ORDERS; i++) {
			int unit = ro[i].unit;
			if (unit < 0 || unit >= b->sc->sides[side].nunits)
				continue;
			int g = bs2e_gi(b, side, unit);
			enum bs2e_order from = bs2e_unit_order(b, g);
			if (!bs2e_in_play(b, g) || s->ux[g].indiv ||
			    from == BS2E_GOOD) {
				bs2e_reject(b, g,
					    "only a shaken or routed unit can "
					    "be rallied",
					    "[2E Morale]");
				continue;
			}
			if (bs2e_engaged(b, g)) {
				bs2e_reject(b, g,
					    "a unit in contact with enemy "
					    "forces cannot be rallied",
					    "[2E Morale]");
				continue;
			}
			bs_dice_why(&b->dice, &why_rally, -1, g, -1, -1);
			int d[2] = {bs_roll(&b->dice, 10),
				    bs_roll(&b->dice, 10)};
			struct bs2e_morale_outcome o;
			bs2e_rally_check(from, b->units[g].r.ml, d[0] + d[1],
					 s->rally_to_good, &o);
			const char *what =
			    o.to == from	  ? "fails to rally"
			    : o.to == BS2E_ROUTED ? "fails by 7 or more: routs"
			    : o.to == BS2E_GOOD	  ? "rallies to good order"
						  : "rallies to shaken order";
			emit_morale(b, g, d, 2, from, o.to, o.passed, 0,
				    BS2E_TRIG_RALLY, 0, 1, what);
			if (o.to == BS2E_ROUTED && from != BS2E_ROUTED) {
				s->nqueue = 0;
				for (int h = 0; h < b->nunits; h++)
					s->ux[h].checks_step = 0;
				rout(b, g);
				bs2e_run_checks(b);
			} else {
				set_order(b, g, o.to);
			}
		}
	}
}

/* ---- the end
 * -------------------------------------------------------------------
 */

static void phase_end(struct bs_battle *b)
{
	(void)b;
}

/* RULING R-223 (known-gaps 15 for 2E): a side loses when it has no unit
 * on the table that is not routed, its heroes and commanders not counted
 * the round limit is a draw. */
static int check_over(struct bs_battle *b, int at_end)
{
	struct bs2e_scratch *s = bs2e_sc(b);
	struct bs_result *r = &b->result;
	if (r->over)
		return 1;
	int standing[BS_MAX_SIDES] = {0};
	for (int sd = 0; sd < BS_MAX_SIDES; sd++) {
		r->side[sd].figures_lost = 0;
		r->side[sd].units_in_play = 0;
	}
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_unit_state *u = &b->units[g];
		r->side[u->side].figures_lost += u->original - u->figures;
		if (!bs2e_in_play(b, g))
			continue;
		r->side[u->side].units_in_play++;
		if (!(u->flags & BS_UF_ROUTED) && !s->ux[g].indiv)
			standing[u->side]++;
	}
	static const struct bs_verdict_text why = {
	    .win = "every other side has no unit on the table that is not "
		   "routed (RULING R-223)",
	    .none = "no side has a unit on the table that is not routed: a "
		    "draw (RULING R-223)",
	    .limit = "the round limit is reached: a draw (RULING R-223)",
	    .cite = "RULING R-223",
	};
	return bs_battle_verdict(b, standing, at_end, &why);
}

/* ---- the table of phases ---------------------------------------------------
 */

struct phase_row {
	enum bs_phase phase;
	const char *cite;
	void (*run)(struct bs_battle *b);
};

/* RULING R-202 (known-gaps 19): the sequence of play, each step with its
 * ruling. */
static const struct phase_row sequence[] = {
    {BS_PHASE_BS2E_CHARGES, "RULING R-203", phase_charges},
    {BS_PHASE_INITIATIVE, "RULING R-204", phase_initiative},
    {BS_PHASE_BS2E_MOVE_FIRST, "RULING R-205", phase_move_first},
    {BS_PHASE_BS2E_MOVE_SECOND, "RULING R-205", phase_move_second},
    {BS_PHASE_BS2E_MAGIC, "RULING R-206", phase_magic},
    {BS_PHASE_MELEE, "[2E Attack Dice] RULING R-207", phase_melee},
    {BS_PHASE_BS2E_MISSILE, "RULING R-208", phase_missile},
    {BS_PHASE_RALLY, "[2E Morale] RULING R-210", phase_rally},
    {BS_PHASE_END, "RULING R-223", phase_end},
};
#define NPHASES ((int)(sizeof sequence / sizeof sequence[0]))
_Static_assert(sizeof sequence / sizeof sequence[0] == 9,
	       "the 2E round has nine steps (RULING R-202)");

#define ROUND_FLAGS                                                            \
	(BS_UF_CHARGED | BS_UF_MOVED | BS_UF_ATTACKED | BS_UF_FOUGHT)

/* Before round 1: the battle's start and the deployment as the scenario
 * places the units [2E Scale]. */
static void start(struct bs_battle *b)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	bs2e_ev(b, &ev, BS_EV_BATTLE_START, -1, -1);
	ev.what = b->sc->name;
	ev.n[0] = (int)(b->seed & 0x7fffffff);
	ev.n[1] = b->nsides;
	ev.cite = "[2E Scale]";
	bs_battle_emit(b, &ev);
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_unit_state *u = &b->units[g];
		bs2e_ev(b, &ev, BS_EV_DEPLOY, g, -1);
		ev.x1 = u->front.x;
		ev.y1 = u->front.y;
		ev.f1 = u->facing;
		ev.n[0] = u->figures;
		ev.n[1] = u->files;
		ev.n[2] = (int)u->formation;
		ev.cite = "[2E Scale]";
		bs_battle_emit(b, &ev);
	}
}

static void bs2e_round(struct bs_battle *b)
{
	if (b->round == 0)
		start(b);
	b->round++;
	for (int g = 0; g < b->nunits; g++) {
		b->units[g].flags &= ~(unsigned)ROUND_FLAGS;
		b->units[g].mv_spent = 0;
	}
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		b->phase = BS_PHASE_BS2E_CHARGES;
		bs2e_ev(b, &ev, BS_EV_ROUND, -1, -1);
		ev.n[0] = b->round;
		ev.cite = "RULING R-202";
		bs_battle_emit(b, &ev);
	}
	for (int i = 0; i < NPHASES && !b->result.over; i++) {
		b->phase = sequence[i].phase;
		if (bs_battle_events_on(b)) {
			struct bs_event ev;
			bs2e_ev(b, &ev, BS_EV_PHASE, -1, -1);
			ev.cite = sequence[i].cite;
			bs_battle_emit(b, &ev);
		}
		sequence[i].run(b);
		check_over(b, sequence[i].phase == BS_PHASE_END);
	}
}

const struct bs_ruleset bs2e_ruleset = {
    .name = "bs2e",
    .iface = BS_IFACE_TABLETOP,
    .init = bs2e_ruleset_init,
    .reset = bs2e_ruleset_reset,
    .round = bs2e_round,
    .release = bs2e_ruleset_release,
};
