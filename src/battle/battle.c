/* The battle engine every ruleset shares: bs_battle_new (the battle, its
 * units and individuals, then the ruleset's own set-up through its entry
 * points), reset (the dice seeded from (seed, stream), the result, then
 * the ruleset's deployment; no allocation), round / play (the ruleset's
 * start before round 1, then its Sequence of Play), free; the controllers
 * of the sides (bs_battle_attach); event emission; the verdict of a
 * tabletop battle; how a unit stands. No rules of any ruleset here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/battle.h"
#include "battlesim/deriv.h"

/* ---- events ---------------------------------------------------------------
 */

void bs_battle_emit(struct bs_battle *b, const struct bs_event *ev)
{
	if (!b->sink.emit)
		return;
	b->events++;
	b->sink.emit(b->sink.ctx, ev);
}

void bs_battle_event(const struct bs_battle *b, struct bs_event *ev,
		     enum bs_ev type)
{
	bs_event_init(ev, type, b->round, b->phase);
}

void bs_battle_ev_units(const struct bs_battle *b, struct bs_event *ev, int g,
			int tg)
{
	if (g >= 0) {
		ev->side = b->units[g].side;
		ev->unit = b->units[g].idx;
	}
	if (tg >= 0) {
		ev->tside = b->units[tg].side;
		ev->tunit = b->units[tg].idx;
	}
}

void bs_battle_say(struct bs_battle *b, enum bs_ev type, int g,
		   const char *what, const char *cite)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	bs_battle_event(b, &ev, type);
	bs_battle_ev_units(b, &ev, g, -1);
	ev.what = what;
	ev.cite = cite;
	bs_battle_emit(b, &ev);
}

const char *bs_battle_unit_name(const struct bs_battle *b, int g, char *buf,
				size_t len)
{
	const struct bs_unit_state *u = &b->units[g];
	if (u->def && u->def->name[0])
		snprintf(buf, len, "%s", u->def->name);
	else
		snprintf(buf, len, "side %d unit %d", u->side, u->idx);
	return buf;
}

char *bs_battle_roll_text(const struct bs_battle *b,
			  const struct bs_dice_req *q, char *buf, size_t len)
{
	char dice[48], who[160] = "", target[96] = "";
	bs_dice_req_dice_text(q, dice, sizeof dice);
	const struct bs_roll_why *w = q->why;
	if (q->actor >= 0 && q->actor < b->nunits) {
		bs_battle_unit_name(b, q->actor, who, sizeof who);
	} else if (q->side >= 0 && q->side < b->nsides) {
		const struct bs_side *sd = &b->sc->sides[q->side];
		if (q->indiv >= 0 && q->indiv < sd->nindividuals)
			snprintf(who, sizeof who, "%s",
				 sd->individuals[q->indiv].name);
		else
			snprintf(who, sizeof who, "%s", sd->name);
	}
	if (q->target >= 0 && q->target < b->nunits)
		bs_battle_unit_name(b, q->target, target, sizeof target);
	else if (q->tside >= 0 && q->tside < b->nsides && q->tindiv >= 0 &&
		 q->tindiv < b->sc->sides[q->tside].nindividuals)
		snprintf(target, sizeof target, "%s",
			 b->sc->sides[q->tside].individuals[q->tindiv].name);
	snprintf(buf, len, "%s%s%s%s%s%s%s%s%s", dice, who[0] ? " for " : "",
		 who, w && w->what ? " " : "", w && w->what ? w->what : "",
		 target[0] ? " " : "", target, w && w->cite ? " " : "",
		 w && w->cite ? w->cite : (w ? "" : " (no reason given)"));
	return buf;
}

/* ---- the verdict and the units' state -------------------------------------
 */

int bs_battle_verdict(struct bs_battle *b, const int standing[], int at_end,
		      const struct bs_verdict_text *why)
{
	struct bs_result *r = &b->result;
	r->rounds = b->round;
	int alive = 0, last = -1;
	for (int sd = 0; sd < b->nsides; sd++)
		if (standing[sd]) {
			alive++;
			last = sd;
		}
	if (alive <= 1) {
		r->over = 1;
		r->winner = alive == 1 ? last : -1;
		r->reason = alive == 1 ? why->win : why->none;
	} else if (at_end && b->round >= b->max_rounds) {
		r->over = 1;
		r->winner = -1;
		r->reason = why->limit;
	}
	if (r->over && why->at_over)
		why->at_over(b);
	if (r->over && bs_battle_events_on(b)) {
		struct bs_event ev;
		bs_battle_event(b, &ev, BS_EV_END);
		ev.n[0] = r->winner;
		ev.n[1] = r->rounds;
		ev.what = r->reason;
		ev.cite = why->cite;
		bs_battle_emit(b, &ev);
	}
	return r->over;
}

/* The state a unit starts every battle with, whatever the ruleset: no
 * flag, nothing spent, no target, in play (battle.h). */
void bs_unit_state_clear(struct bs_unit_state *u)
{
	u->flags = 0;
	u->fm_penalty = 0;
	u->idle_rounds = 0;
	u->mob_order = BS_MOB_NONE;
	u->mob_angle = 0;
	u->mv_spent = 0;
	u->mv_allowed = 0;
	u->rout_facing = 0;
	u->end_round = 0;
	u->cmd_by = -1;
	u->gap_debt = 0;
	u->frontage_dir = 0;
	u->charge_tside = u->charge_tunit = -1;
	u->nocharge_side = u->nocharge_unit = -1;
	u->wrap_tside = u->wrap_tunit = -1;
	u->wrap_files[0] = u->wrap_files[1] = 0;
	u->disc_tside = u->disc_tunit = -1;
	u->sk_away = u->sk_off = u->sk_back = 0;
	u->sk_pos = (struct bs_vec){0, 0};
	u->sk_dir = 0;
	u->end = BS_END_INTACT;
	u->killed_by_side = -1;
	u->cramped = 0;
	u->special = BS_SPECIAL_NONE;
	u->special_sides = 0;
	/* missile fire (issue 14): the ruleset sets ammunition and crew */
	u->shots = u->shots_round = 0;
	u->fired_initial = u->pass_through = 0;
	u->ammo_left = -1;
	for (int i = 0; i < BS_UNIT_MAX_SPECIAL_AMMO; i++)
		u->special_left[i] = 0;
	u->last_fired = 0;
	u->crew_replaced = 0;
	u->spare_crew = 0;
}

enum bs_unit_end bs_battle_unit_end(const struct bs_battle *b, int unit)
{
	const struct bs_unit_state *u = &b->units[unit];
	if (u->flags & BS_UF_REMOVED)
		return u->end;
	if (u->flags & BS_UF_ROUTED)
		return BS_END_ROUTED_ON_TABLE;
	return BS_END_INTACT;
}

/* ---- the lifecycle --------------------------------------------------------
 */

enum bs_status bs_battle_limits(const struct bs_battle *b, int max_figures,
				int max_units, struct bs_diags *d)
{
	const struct bs_scenario *sc = b->sc;
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_unit *u = b->units[g].def;
		if (u->figures > max_figures) {
			bs_diags_add(d, sc->file, u->line, u->col,
				     "unit '%s': %d figures; the engine plays "
				     "units of at most %d",
				     u->name, u->figures, max_figures);
			return BS_ERR_INPUT;
		}
	}
	if (b->nunits > max_units) {
		bs_diags_add(d, sc->file, 0, 0, "too many units (%d > %d)",
			     b->nunits, max_units);
		return BS_ERR_INPUT;
	}
	return BS_OK;
}

/* [14.6 A] RULING R-462: the detachment slots of a battle whose ruleset
 * says a side may split enemy units (struct bs_ruleset .splits): a copy
 * of the scenario in which every such side has, after its own units, one
 * slot per enemy unit, in the order of the sides and their units: a copy
 * of that unit's record named "<its name> (charmed part)", led by no one.
 * *out NULL when no side splits; -1 out of memory. */
static int reserve_slots(const struct bs_ruleset *rs,
			 const struct bs_scenario *sc, struct bs_scenario **out)
{
	*out = NULL;
	int extra[BS_MAX_SIDES] = {0}, any = 0;
	for (int sd = 0; rs->splits && sd < sc->nsides; sd++) {
		if (!rs->splits(sc, sd))
			continue;
		for (int e = 0; e < sc->nsides; e++)
			if (e != sd)
				extra[sd] += sc->sides[e].nunits;
		/* at most BS_MAX_UNITS units a side, slots included: the
		 * enemy units past them have no slot (a mass charm at them
		 * has no effect, and says so: RULING R-462) */
		if (sc->sides[sd].nunits + extra[sd] > BS_MAX_UNITS)
			extra[sd] = BS_MAX_UNITS - sc->sides[sd].nunits;
		if (extra[sd] < 0)
			extra[sd] = 0;
		any |= extra[sd] > 0;
	}
	if (!any)
		return 0;
	struct bs_scenario *c = malloc(sizeof *c);
	if (!c)
		return -1;
	*c = *sc;
	for (int sd = 0; sd < sc->nsides; sd++)
		c->sides[sd].units = NULL;
	for (int sd = 0; sd < sc->nsides; sd++) {
		if (!extra[sd]) {
			c->sides[sd].units = sc->sides[sd].units;
			continue;
		}
		int n = sc->sides[sd].nunits;
		struct bs_unit *u = calloc((size_t)(n + extra[sd]), sizeof *u);
		if (!u) {
			c->sides[sd].units = NULL;
			for (int j = 0; j < sd; j++)
				if (extra[j])
					free(c->sides[j].units);
			free(c);
			return -1;
		}
		if (n)
			memcpy(u, sc->sides[sd].units, (size_t)n * sizeof *u);
		int i = n;
		for (int e = 0; e < sc->nsides; e++)
			for (int j = 0; e != sd && j < sc->sides[e].nunits &&
					i < n + extra[sd];
			     j++, i++) {
				u[i] = sc->sides[e].units[j];
				snprintf(u[i].name, sizeof u[i].name,
					 "%.45s (charmed part)",
					 sc->sides[e].units[j].name);
				u[i].commander = u[i].deputy = -1;
				u[i].nmembers = 0;
			}
		c->sides[sd].units = u;
		c->sides[sd].nunits = n + extra[sd];
	}
	*out = c;
	return 0;
}

/* Frees reserve_slots' copy c; orig: each side's units in the scenario. */
static void free_slots(struct bs_scenario *c, const int *orig)
{
	if (!c)
		return;
	for (int sd = 0; sd < c->nsides; sd++)
		if (c->sides[sd].nunits != orig[sd])
			free(c->sides[sd].units);
	free(c);
}

enum bs_status bs_battle_new(const struct bs_scenario *sc,
			     struct bs_battle **out, struct bs_diags *d)
{
	*out = NULL;
	const struct bs_ruleset *rs = bs_ruleset_for(sc->rules);
	if (!rs) {
		bs_diags_add(d, sc->file, 0, 0,
			     "rules %d: no ruleset of this program plays it",
			     (int)sc->rules);
		return BS_ERR_INPUT;
	}
	const struct bs_scenario *given = sc;
	struct bs_scenario *own = NULL;
	if (reserve_slots(rs, sc, &own) != 0)
		goto oom_sc;
	if (own)
		sc = own;
	int nunits = 0, nindivs = 0;
	for (int sd = 0; sd < sc->nsides; sd++) {
		nunits += sc->sides[sd].nunits;
		nindivs += sc->sides[sd].nindividuals;
	}
	struct bs_battle *b = calloc(1, sizeof *b);
	if (!b) {
		int orig[BS_MAX_SIDES] = {0};
		for (int sd = 0; sd < given->nsides; sd++)
			orig[sd] = given->sides[sd].nunits;
		free_slots(own, orig);
		goto oom_sc;
	}
	b->sc = sc;
	b->own_sc = own;
	for (int sd = 0; sd < given->nsides; sd++)
		b->orig_nunits[sd] = given->sides[sd].nunits;
	b->rules = rs;
	b->nsides = sc->nsides;
	b->nunits = nunits;
	b->nindivs = nindivs;
	b->units = calloc((size_t)(nunits ? nunits : 1), sizeof *b->units);
	b->indivs = calloc((size_t)(nindivs ? nindivs : 1), sizeof *b->indivs);
	if (!b->units || !b->indivs)
		goto oom;
	int g = 0, k = 0;
	for (int sd = 0; sd < sc->nsides; sd++) {
		b->side_first[sd] = g;
		b->indiv_first[sd] = k;
		for (int i = 0; i < sc->sides[sd].nunits; i++, g++) {
			b->units[g].def = &sc->sides[sd].units[i];
			b->units[g].side = sd;
			b->units[g].idx = i;
			b->units[g].owner = sd;
			b->units[g].parent = -1;
		}
		for (int i = 0; i < sc->sides[sd].nindividuals; i++, k++) {
			b->indivs[k].def = &sc->sides[sd].individuals[i];
			b->indivs[k].side = sd;
			b->indivs[k].idx = i;
		}
	}
	/* RULING R-462: each side's slots after its units, one per enemy
	 * unit, in the order of the sides (reserve_slots) */
	for (int sd = 0; own && sd < sc->nsides; sd++) {
		int h = b->side_first[sd] + b->orig_nunits[sd];
		for (int e = 0; e < sc->nsides; e++)
			for (int j = 0;
			     e != sd &&
			     h < b->side_first[sd] + sc->sides[sd].nunits &&
			     j < b->orig_nunits[e];
			     j++, h++) {
				b->units[h].owner = e;
				b->units[h].parent = b->side_first[e] + j;
			}
	}
	b->max_rounds =
	    sc->max_rounds > 0 ? sc->max_rounds : BS_DEFAULT_MAX_ROUNDS;
	enum bs_status st = rs->init(b, d);
	if (st != BS_OK) {
		bs_battle_free(b);
		return st;
	}
	bs_battle_reset(b, 0, 0);
	*out = b;
	return BS_OK;
oom:
	bs_battle_free(b);
oom_sc:
	bs_diags_add(d, given->file, 0, 0, "out of memory");
	return BS_ERR_RUNTIME;
}

void bs_battle_reset(struct bs_battle *b, uint64_t seed, uint64_t stream)
{
	b->seed = seed;
	b->stream = stream;
	bs_rng_seed_stream(&b->rng, seed, stream);
	bs_dice_source_rng(&b->dice, &b->rng);
	b->round = 0;
	b->phase = BS_PHASE_SETUP;
	b->side_a = 0;
	b->first_mover = 0;
	b->events = 0;
	for (int i = 0; i < BS_MAX_SIDES; i++)
		b->side_order[i] = i;
	memset(&b->result, 0, sizeof b->result);
	b->result.winner = -1;
	b->result.nsides = b->nsides;
	b->rules->reset(b);
	for (int g = 0; g < b->nunits; g++)
		b->result.side[b->units[g].side].figures_start +=
		    b->units[g].original;
}

void bs_battle_set_sink(struct bs_battle *b, const struct bs_event_sink *s)
{
	if (s)
		b->sink = *s;
	else
		memset(&b->sink, 0, sizeof b->sink);
}

enum bs_status bs_battle_attach(struct bs_battle *b, int side,
				enum bs_ctl_iface iface, const void *c)
{
	if (side < 0 || side >= b->nsides || iface != b->rules->iface)
		return BS_ERR_INPUT;
	if (iface == BS_IFACE_TABLETOP) {
		b->ctl[side] = c;
		b->ctl_other[side] = NULL;
	} else {
		b->ctl[side] = NULL;
		b->ctl_other[side] = c;
	}
	return BS_OK;
}

int bs_battle_round(struct bs_battle *b)
{
	if (b->result.over)
		return 1;
	/* with events off nothing reads a derivation's text: none is
	 * formatted (issue 13) */
	int text = bs_deriv_set_text(bs_battle_events_on(b));
	if (b->round == 0 && b->rules->start)
		b->rules->start(b);
	b->rules->round(b);
	bs_deriv_set_text(text);
	return b->result.over;
}

void bs_battle_play(struct bs_battle *b, int max_rounds)
{
	if (max_rounds > 0)
		b->max_rounds = max_rounds;
	while (!bs_battle_round(b))
		;
}

void bs_battle_unit_changed(struct bs_battle *b, int g)
{
	if (b->rules->unit_changed)
		b->rules->unit_changed(b, g);
}

void bs_battle_free(struct bs_battle *b)
{
	if (!b)
		return;
	if (b->rules && b->rules->release)
		b->rules->release(b);
	free(b->units);
	free(b->indivs);
	free_slots(b->own_sc, b->orig_nunits);
	free(b);
}
