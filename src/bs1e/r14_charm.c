/* [14.6 A] Charm in play (issue 16), the Advanced Game: a charm at a unit
 * commander or an individual, his save and magic resistance, the Charm
 * marker, 1-4 + CB Game Rounds under the charming side's control (RULING
 * R-690); the charmed unit moved in the charming side's Movement Phase,
 * attacking no one, its Discipline Check when left open to an
 * attack on its flank or rear; out of command when it ends
 * a charmed individual apart, and the doctrine's value;
 * mass charm, its figures split into a detachment of the caster's side
 * (RULING R-462 the slots, R-463 the split).
 * The charm is an effect of r14_effects.c's list; a unit's `side` stays
 * its owner's, control is asked of bs1e_charm_side. [14.19] undead in an
 * evil cleric's service are the same side change (RULING R-585). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "battlesim/bs1e_magic.h"
#include "bs1e/engine.h"

#define EPS 1e-6

/* ---- who is charmed ------------------------------------------------------
 */

/* [14.19] RULING R-585: an evil cleric's undead in his service are a
 * charm effect with no spell (sp NULL) and no charmed individual (t -1):
 * k the cleric, g the unit. */
static int service(const struct bs1e_effect *e)
{
	return e->kind == BS_SPFX_CHARM && !e->sp;
}

/* The effect that gives unit g (global) to another side: its service
 * first (it outlasts a charm of its commander), else its commander's
 * charm; NULL none. */
static const struct bs1e_effect *unit_charm(const struct bs_battle *b, int g)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	const struct bs1e_effect *c = NULL;
	for (int i = 0; i < s->nfx; i++)
		if (s->fx[i].kind == BS_SPFX_CHARM && s->fx[i].g == g) {
			if (service(&s->fx[i]))
				return &s->fx[i];
			if (!c)
				c = &s->fx[i];
		}
	return c;
}

int bs1e_serving(const struct bs_battle *b, int g)
{
	const struct bs1e_effect *e = unit_charm(b, g);
	return e && service(e) ? e->k : -1;
}

void bs1e_serve(struct bs_battle *b, int k, int g)
{
	/* [14.19] "until they are ... turned by an evil cleric on the
	 * other side": a service before this one ends (RULING R-585) */
	struct bs1e_scratch *s = bs1e_sc(b);
	int j = 0;
	for (int i = 0; i < s->nfx; i++)
		if (!(service(&s->fx[i]) && s->fx[i].g == g))
			s->fx[j++] = s->fx[i];
	s->nfx = j;
	if (b->units[g].side == b->indivs[k].side)
		return; /* his own side's undead, turned back: theirs again */
	struct bs1e_effect *e = bs1e_fx_new(b);
	if (!e)
		return;
	e->kind = BS_SPFX_CHARM;
	e->k = k;
	e->g = g;
	e->t = -1;
	e->figs = b->units[g].figures;
	e->left = -1;
	e->round = b->round;
}

/* RULING R-585 at the End of Game Round [1.7]: the service lasts while
 * the unit is in play, its master alive and on the table, and every
 * figure of it within his Command Radius ([4.7]'s test of command: "under
 * the command of that cleric"); 1 while it lasts. */
static int service_end_round(struct bs_battle *b, struct bs1e_effect *e)
{
	if (!bs1e_in_play(b, e->g))
		return 0; /* [14.19] "until they are killed" */
	const struct bs_indiv_state *c = &b->indivs[e->k];
	const char *why = NULL;
	if (!c->alive || c->lost)
		why = "its master is lost: no Command Radius holds it: it is "
		      "its own side's again (RULING R-585)";
	else {
		struct bs_tt_shape sh;
		struct bs_tt_pose po;
		bs1e_shape(b, e->g, &sh);
		bs1e_pose(b, e->g, &po);
		if (!bs_tt_all_within(
			&sh, &po, bs1e_indiv_pos(b, c->side, c->idx), c->cr))
			why = "out of its master's Command Radius: it leaves "
			      "his service and is its own side's again "
			      "(RULING R-585)";
	}
	if (!why)
		return 1;
	bs1e_note(b, e->g, why, "[1.7] [14.19] RULING R-585");
	return 0;
}

int bs1e_charm_side(const struct bs_battle *b, int g)
{
	const struct bs1e_effect *e = unit_charm(b, g);
	return e ? b->indivs[e->k].side : b->units[g].side;
}

/* [14.19] RULING R-346: his side does not attack the undead in its
 * service ("follow his orders"); a charmed commander's unit stays a
 * target of the charming side ([14.6 A] "can be attacked in the flank
 * or rear by an enemy ground unit"). */
int bs1e_hostile(const struct bs_battle *b, int side, int g)
{
	if (b->units[g].side == side)
		return 0;
	int m = bs1e_serving(b, g);
	return m < 0 || b->indivs[m].side != side;
}

int bs1e_charmed(const struct bs_battle *b, int g)
{
	return bs1e_charm_side(b, g) != b->units[g].side;
}

const char *bs1e_charmed_why(const struct bs_battle *b, int g,
			     const char **cite)
{
	if (!bs1e_charmed(b, g))
		return NULL;
	if (bs1e_serving(b, g) >= 0) {
		*cite = "[14.19]";
		return "in an evil cleric's service: it attacks no one "
		       "(RULING R-585)";
	}
	*cite = "[14.6 A]";
	return "its commander is charmed: it attacks no one (RULING R-691)";
}

int bs1e_indiv_charmed(const struct bs_battle *b, int k)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	for (int i = 0; i < s->nfx; i++)
		if (s->fx[i].kind == BS_SPFX_CHARM && s->fx[i].t == k)
			return 1;
	return 0;
}

int bs1e_charm_out(const struct bs_battle *b, int g)
{
	int r = bs1e_sc(b)->ux[g].charm_out;
	return r > 0 && b->round <= r;
}

void bs1e_charm_reset(struct bs_battle *b)
{
	for (int g = 0; g < b->nunits; g++)
		bs1e_sc(b)->ux[g].charm_out = 0;
}

/* The unit individual k (global) commands as its Unit Commander, in play
 * (global), -1 none. */
static int his_unit(const struct bs_battle *b, int k)
{
	const struct bs_indiv_state *c = &b->indivs[k];
	int first = b->side_first[c->side];
	for (int g = first; g < first + b->sc->sides[c->side].nunits; g++)
		if (b->units[g].commander == c->idx && bs1e_in_play(b, g))
			return g;
	return -1;
}

/* RULING R-624 (as r14_effects.c): "persons" are humans, demi-humans and
 * humanoids up to man size; an individual of no race is a human. */
static int affects(const struct bs_spell *sp, const struct bs_creature *c)
{
	return sp->targets == BS_TARGETS_ANY ||
	       (sp->targets == BS_TARGETS_PERSONS &&
		(!c || ((c->flags & BS_CF_HUMANOID) && c->size <= BS_SIZE_M)));
}

/* ---- the cast ------------------------------------------------------------
 */

/* The CAST event of the charm (n[0] 3, docs/EVENTS.md `effect`) at
 * individual t: his save (fs, the die *rec, the number's derivation sd),
 * charmed or not, the rounds. */
static void emit_charm(struct bs_battle *b, const struct bs1e_cast_plan *p,
		       int t, const struct bs1e_figure_saves *fs,
		       const int *rec, const struct bs_deriv *sd, int charmed,
		       int rounds, const char *why)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs_event ev;
	bs1e_cast_event(b, &ev, p, 3, -1, t);
	ev.n[1] = BS_SPFX_CHARM;
	ev.n[2] = 1;
	ev.n[3] = 1;
	ev.n[4] = fs && fs->figures > 0 ? fs->need : 0;
	ev.n[5] = fs ? fs->figures : 0;
	ev.n[6] = fs ? fs->saved : 0;
	ev.n[7] = charmed;
	ev.n[8] = charmed ? rounds : 0;
	ev.n[9] = charmed ? BS1E_MARKER_CHARM : BS1E_MARKER_NONE;
	if (fs && fs->figures > 0) {
		ev.dice[0] = rec[0];
		ev.ndice = 1;
		ev.die_sides = 20;
		if (sd) {
			ev.deriv = *sd;
			ev.has_deriv = 1;
		}
	}
	ev.why = why;
	ev.cite = "[14.6 A] [14.3] RULING R-690";
	bs_battle_emit(b, &ev);
}

void bs1e_charm_cast(struct bs_battle *b, const struct bs1e_cast_plan *p)
{
	int t = p->tk, g = -1;
	if (p->tg >= 0) {
		/* RULING R-690: a charm at a unit is at its Unit Commander
		 * with it ([14.6 A] names him as its target) */
		const struct bs_unit_state *u = &b->units[p->tg];
		b->units[p->tg].flags |= BS_UF_ATTACKED;
		t = u->commander >= 0 ? b->indiv_first[u->side] + u->commander
				      : -1;
		if (t < 0 || !b->indivs[t].alive || b->indivs[t].lost ||
		    b->indivs[t].with_unit != u->idx) {
			if (bs_battle_events_on(b)) {
				struct bs_event ev;
				bs1e_cast_event(b, &ev, p, 3, p->tg, -1);
				ev.n[1] = BS_SPFX_CHARM;
				ev.why =
				    "no effect: no Unit Commander with the "
				    "unit to charm (RULING R-690)";
				ev.cite = "[14.6 A] RULING R-690";
				bs_battle_emit(b, &ev);
			}
			return;
		}
		g = p->tg;
	} else {
		/* RULING R-690: a commander apart takes his unit with him */
		g = his_unit(b, t);
	}
	const struct bs_indiv_state *d = &b->indivs[t];
	if (!affects(p->sp, d->def->race)) {
		emit_charm(b, p, t, NULL, NULL, NULL, 0, 0,
			   "no effect: he is not a person (RULING R-624)");
		return;
	}
	if (bs1e_indiv_charmed(b, t)) {
		emit_charm(b, p, t, NULL, NULL, NULL, 0, 0,
			   "no effect: he is charmed already");
		return;
	}
	/* [3.1] [14.1] his magic resistance first (RULING R-646) */
	signed char res[1];
	int r = bs1e_resist(b, p, -1, t, 1, res);
	if (r < 0)
		return;
	if (r > 0) {
		emit_charm(b, p, t, NULL, NULL, NULL, 0, 0,
			   "no effect: his magic resistance (RULING R-646)");
		return;
	}
	/* [14.6 A] "that commander/individual receives any normal saving
	 * throws to which he is entitled": his own, by class and level
	 * [14.3] */
	int vs = p->sp->save_vs;
	struct bs1e_figure_saves fs;
	int rec[1];
	struct bs_deriv md;
	int charmed = bs1e_fx_indiv_fails(b, p, t, &fs, rec, &md);
	if (charmed < 0)
		return;
	if (!charmed) {
		emit_charm(b, p, t, &fs, rec, vs >= 0 ? &md : NULL, 0, 0, NULL);
		return;
	}
	/* [14.6 A] "for 1-4 + commander's CB (if any) Game Rounds": the
	 * battle's d4 (RULING R-690: the round of the cast the first, as
	 * */
	static const struct bs_roll_why why_d4 = {
	    BS_ROLL_DAMAGE,
	    {4, 0},
	    0,
	    "the charm's Game Rounds (1-4 + CB)",
	    "[14.6 A]"};
	const struct bs_indiv_state *c = &b->indivs[p->k];
	bs_dice_why_indiv(&b->dice, &why_d4, 1, 4, c->side, c->idx, d->side,
			  d->idx, -1);
	int d4 = bs_roll(&b->dice, 4);
	if (b->dice.failed)
		return;
	int cb = d->cb > 0 ? d->cb : 0;
	int rounds = d4 + cb;
	struct bs1e_effect *e = bs1e_fx_new(b);
	if (!e)
		return;
	e->kind = BS_SPFX_CHARM;
	e->sp = p->sp;
	e->k = p->k;
	e->g = g;
	e->t = t;
	e->figs = 1;
	e->left = rounds;
	e->round = b->round;
	char why[200];
	const char *by = b->sc->sides[c->side].name;
	if (g >= 0)
		snprintf(why, sizeof why,
			 "1d4 (%d) + CB %d: he and his unit %s are under %s's "
			 "control (RULING R-690)",
			 d4, cb, b->units[g].def->name, by);
	else
		snprintf(why, sizeof why,
			 "1d4 (%d) + CB %d: he is under %s's control (RULING "
			 "R-690, R-694)",
			 d4, cb, by);
	emit_charm(b, p, t, &fs, rec, vs >= 0 ? &md : NULL, 1, rounds, why);
}

/* ---- the End of Game Round [1.7] ----------------------------------------
 */

static void emit_end(struct bs_battle *b, const struct bs1e_effect *e,
		     const char *why, const char *cite)
{
	if (!bs_battle_events_on(b))
		return;
	struct bs1e_cast_plan p;
	memset(&p, 0, sizeof p);
	p.k = e->k;
	p.sp = e->sp;
	struct bs_event ev;
	bs1e_cast_event(b, &ev, &p, 4, -1, e->t);
	ev.n[1] = e->kind;
	ev.n[7] = 1;
	ev.n[9] = BS1E_MARKER_CHARM;
	ev.n[10] = b->round - e->round + 1;
	ev.why = why;
	ev.cite = cite;
	bs_battle_emit(b, &ev);
}

int bs1e_charm_end_round(struct bs_battle *b, struct bs1e_effect *e)
{
	if (service(e))
		return service_end_round(b, e);
	const struct bs_indiv_state *d = &b->indivs[e->t];
	if (e->g >= 0 && !bs1e_in_play(b, e->g))
		e->g = -1; /* his unit is gone: he alone is charmed */
	/* RULING R-693: the commander dead or lost, his unit follows no
	 * charmed commander: the charm is over */
	if (!d->alive || d->lost) {
		if (e->g >= 0)
			emit_end(b, e,
				 "the charmed commander is lost: his unit is "
				 "its own side's again (RULING R-693)",
				 "[1.7] [14.6 A] RULING R-693");
		return 0;
	}
	if (--e->left > 0)
		return 1;
	if (e->g < 0) {
		emit_end(b, e, NULL, "[1.7] [14.6 A] RULING R-690");
		return 0;
	}
	/* [14.6 A] "When the enemy control period ends, the unit 'figures
	 * out' that its commander is acting strangely, and goes out of
	 * command": RULING R-693, for the next Game Round */
	char why[200];
	snprintf(why, sizeof why,
		 "%s figures out that its commander is acting strangely: out "
		 "of command for the next Game Round (RULING R-693)",
		 b->units[e->g].def->name);
	emit_end(b, e, why, "[1.7] [14.6 A] RULING R-693");
	bs1e_sc(b)->ux[e->g].charm_out = b->round + 1;
	return 0; /* the caller decides command again (the COMMAND event) */
}

/* ---- the Movement Phase (RULING) --------------------------
 */

/* The nearest unit of `side` in play and not routed to unit g, -1 none. */
static int nearest_of(const struct bs_battle *b, int side, int g)
{
	struct bs_quad q = bs1e_quad(b, g);
	int best = -1;
	double bd = 0;
	int first = b->side_first[side];
	for (int h = first; h < first + b->sc->sides[side].nunits; h++) {
		if (!bs1e_in_play(b, h) || bs1e_routed(b, h))
			continue;
		struct bs_quad qh = bs1e_quad(b, h);
		double dd = bs_quad_dist(&q, &qh);
		if (best < 0 || dd < bd - EPS) {
			best = h;
			bd = dd;
		}
	}
	return best;
}

const char *bs1e_charm_order(const struct bs_battle *b, int side, int g,
			     struct bs_order *o)
{
	memset(o, 0, sizeof *o);
	o->kind = BS_ORDER_HOLD;
	o->tside = o->tunit = -1;
	/* RULING R-585: undead in an evil cleric's service stand where they
	 * are, within his Command Radius (leaving it ends the service) */
	if (bs1e_serving(b, g) >= 0)
		return "in an evil cleric's service: it stands where it is, "
		       "within his Command Radius (RULING R-585)";
	if (bs1e_engaged(b, g))
		return "charmed, in contact: the charming side holds it where "
		       "it stands (RULING R-691)";
	int h = nearest_of(b, side, g);
	if (h < 0)
		return "charmed: the charming side holds it where it stands "
		       "(RULING R-691)";
	struct bs_quad q = bs1e_quad(b, g);
	if (bs_tt_arc_from(&q, bs1e_centre(b, h), NULL) != BS_ARC_FRONT)
		return "charmed: its flank or rear is toward the charming "
		       "side already: held where it stands (RULING R-691)";
	o->kind = BS_ORDER_MOVE;
	o->nsteps = 1;
	o->step[0] = (struct bs_step){.kind = BS_STEP_FACE, .angle = 180};
	return "charmed: the charming side turns its rear to its nearest "
	       "unit (RULING R-691)";
}

/* RULING R-692: the enemy ground unit that can attack unit g in the flank
 * or rear this Game Round: one touching that edge, or one yet to move
 * whose charge (1 1/2 MV) reaches it from its flank or rear arc; the
 * nearest; -1 none. *arc and *edge its arc and g's edge. */
static int threat(const struct bs_battle *b, int g, enum bs_arc *arc, int *edge)
{
	const struct bs_unit_state *u = &b->units[g];
	struct bs_quad q = bs1e_quad(b, g);
	int best = -1;
	double bd = 0;
	for (int h = 0; h < b->nunits; h++) {
		const struct bs_unit_state *e = &b->units[h];
		if (e->side == u->side || !bs1e_in_play(b, h) ||
		    bs1e_routed(b, h) ||
		    (e->def->creature &&
		     (e->def->creature->flags & BS_CF_FLIES)))
			continue;
		int ed;
		enum bs_arc a = bs_tt_arc_from(&q, bs1e_centre(b, h), &ed);
		if (a == BS_ARC_FRONT)
			continue;
		struct bs_quad qh = bs1e_quad(b, h);
		double dd = bs_quad_dist(&q, &qh);
		double reach =
		    (e->flags & BS_UF_MOVED) ? BS_GEOM_TOUCH : e->r.mv * 1.5;
		if (dd > reach + EPS)
			continue;
		if (best < 0 || dd < bd - EPS) {
			best = h;
			bd = dd;
			*arc = a;
			*edge = ed;
		}
	}
	return best;
}

void bs1e_charm_after_move(struct bs_battle *b, int g)
{
	/* the Discipline Check is a charmed commander's unit's [14.6 A];
	 * undead in service have no owner's facing change (RULING R-585) */
	if (bs1e_serving(b, g) >= 0)
		return;
	enum bs_arc arc = BS_ARC_FRONT;
	int edge = 0;
	int h = threat(b, g, &arc, &edge);
	if (h < 0)
		return;
	struct bs_unit_state *u = &b->units[g];
	/* [14.6 A] "If a unit following a charmed commander ends its MOVE
	 * in a position in which it can be attacked in the flank or rear by
	 * an enemy ground unit during the same Game Round, the unit must
	 * make a Discipline Check." */
	bs1e_note_vs(
	    b, g, h,
	    arc == BS_ARC_REAR
		? "charmed: its rear is open to an enemy ground unit: "
		  "a Discipline Check (RULING R-692)"
		: "charmed: its flank is open to an enemy ground unit: "
		  "a Discipline Check (RULING R-692)",
	    "[14.6 A]");
	int passed = 1;
	if (bs1e_sc(b)->ux[g].mindless) {
		bs1e_note(b, g,
			  "mindless undead never check discipline: it remains "
			  "in place",
			  "[13.9] [14.6 A]");
	} else {
		struct bs_deriv d;
		bs_deriv_init(&d, u->r.dl, NULL, "[4.6]", "[4.6 T6]");
		static const struct bs_roll_why why = {
		    BS_ROLL_DISCIPLINE,
		    {10, 10},
		    0,
		    "discipline check (a charmed commander's unit open to "
		    "attack)",
		    "[14.6 A]"};
		bs_dice_why(&b->dice, &why, -1, g, -1, -1);
		int d1 = bs_roll(&b->dice, 10), d2 = bs_roll(&b->dice, 10);
		passed = bs1e_discipline_passes(u->r.dl, d1 + d2);
		bs1e_ev_check(b, BS_EV_DISCIPLINE, g, -1, &d, d1, d2, passed,
			      -1,
			      passed ? "it remains in place"
				     : "failed: its owner makes a facing "
				       "change at no cost",
			      "[14.6 A] [4.6] RULING R-692");
	}
	if (passed)
		return;
	/* "if the unit fails, the player owning the figures may make a
	 * facing change for all figures in the unit at no cost": RULING
	 * R-692, to face the enemy that threatens it */
	double deg = arc == BS_ARC_REAR ? 180 : edge == BS_EDGE_LEFT ? -90 : 90;
	bs1e_note_vs(b, g, h,
		     "its owner turns it to face the enemy that threatens it, "
		     "at no cost: the movement it spends is given back (RULING "
		     "R-692)",
		     "[14.6 A]");
	if (!bs1e_free_face(b, g, deg))
		bs1e_note_vs(b, g, h,
			     "no room to turn: it stays as it stands (RULING "
			     "R-692)",
			     "[14.6 A] [7.9]");
}

/* ---- mass charm: a unit split to fight itself (issue 16) ---------------
 */

int bs1e_mass_charm_splits(const struct bs_scenario *sc, int side)
{
	/* [14.6 A] "it is possible for a unit to be split and fight
	 * itself": RULING R-462, a side whose caster memorized a mass charm
	 * has a detachment slot for every enemy unit (items of it are not:
	 * */
	const struct bs_side *sd = &sc->sides[side];
	for (int k = 0; k < sd->nindividuals; k++)
		for (int i = 0; i < sd->individuals[k].nspells; i++) {
			const struct bs_spell *sp =
			    sd->individuals[k].spells[i].spell;
			if (sp && sp->effect == BS_SPFX_MASS_CHARM &&
			    sd->individuals[k].spells[i].count > 0)
				return 1;
		}
	return 0;
}

/* The detachment slot of side `side` for unit g (global), -1 none. */
static int slot_of(const struct bs_battle *b, int side, int g)
{
	int first = b->side_first[side];
	for (int h = first + b->orig_nunits[side];
	     h < first + b->sc->sides[side].nunits; h++)
		if (b->units[h].parent == g)
			return h;
	return -1;
}

/* RULING R-463: the mass charm's pool, "creatures whose levels or HD add
 * up to twice the caster's level" (the catalog's note, the PH), in
 * tenths of a hit die, as paralyzation's. */
static int mass_pool(const struct bs1e_cast_plan *p)
{
	return 20 * p->level;
}

/* The slot of side `side` for unit g that can take figures (unused, or in
 * play), -1 none (RULING R-462). */
static int usable_slot(const struct bs_battle *b, int side, int g)
{
	int h = slot_of(b, side, g);
	return h >= 0 && ((b->units[h].flags & BS_UF_RESERVED) ||
			  bs1e_in_play(b, h))
		   ? h
		   : -1;
}

/* Of unit u's c figures in the area, those the pool still covers (RULING
 * R-463), taken from *pool. */
static int covered(const struct bs_unit_state *u, int c, int *pool)
{
	int figs = c < u->figures ? c : u->figures;
	int hf = u->r.hd_fig > 0 ? u->r.hd_fig : 1;
	if (figs > *pool / hf)
		figs = *pool / hf;
	*pool -= figs * hf;
	return figs;
}

/* The figures of hit[i..] of one unit (an individual: 1). */
static int run_of(const struct bs1e_area_hit *hit, int n, int i)
{
	int c = 1;
	while (i + c < n && hit[i].unit >= 0 &&
	       hit[i + c].unit == hit[i].unit && hit[i + c].side == hit[i].side)
		c++;
	return c;
}

/* The greatest projection on d of unit g's corners from its front. */
static double reach_along(const struct bs_battle *b, int g, struct bs_vec d)
{
	struct bs_quad q = bs1e_quad(b, g);
	double m = 0;
	for (int i = 0; i < 4; i++) {
		double v = bs_vec_dot(bs_vec_sub(q.p[i], b->units[g].front), d);
		if (i == 0 || v > m)
			m = v;
	}
	return m;
}

/* RULING R-463: n figures of unit g (global) pass into the detachment h
 * of the caster's side: placed beside g on its right, touching, in g's
 * formation and facing (where g stands when all of them go); the caster
 * its Unit Commander, the spell's range its Command Radius; the wounded
 * stay with g as far as they can. */
static void split(struct bs_battle *b, const struct bs1e_cast_plan *p, int g,
		  int h, int n)
{
	struct bs_unit_state *u = &b->units[g], *d = &b->units[h];
	struct bs1e_unit_x *dx = &bs1e_sc(b)->ux[h];
	const struct bs_indiv_state *c = &b->indivs[p->k];
	int fresh = d->flags & BS_UF_RESERVED;
	int keep = u->figures - n;
	int dw = u->wounded > keep ? u->wounded - keep : 0;
	u->figures = keep;
	u->wounded -= dw;
	/* the figures take their share of the start with them: the owner's
	 * losses are the parent's and the detachment's (RULING R-463) */
	u->original -= n;
	d->figures += n;
	d->original += n;
	d->wounded += dw;
	d->owner = u->owner;
	dx->figs_phase = d->figures;
	if (fresh) {
		d->flags &= ~(BS_UF_REMOVED | BS_UF_RESERVED);
		d->facing = u->facing;
		d->formation = u->formation;
		d->commander = c->idx;
		d->cb = c->cb;
		dx->c_valid = 0;
	}
	d->files = u->files < d->figures ? u->files : d->figures;
	if (d->files < 1)
		d->files = 1;
	dx->mc_cr = p->reach;
	if (keep <= 0) {
		/* every figure failed: the unit is the detachment now */
		if (fresh)
			d->front = u->front;
		u->flags |= BS_UF_REMOVED;
		u->end = BS_END_INTACT;
		u->end_round = b->round;
	} else if (fresh) {
		if (u->files > keep)
			u->files = keep;
		bs1e_moved(b, g);
		struct bs_vec right = bs_dir(u->facing + 90);
		d->front = u->front;
		bs1e_moved(b, h);
		double off = reach_along(b, g, right) +
			     reach_along(b, h, bs_vec_scale(right, -1));
		d->front = bs_vec_add(u->front, bs_vec_scale(right, off));
	}
	bs1e_moved(b, g);
	bs1e_moved(b, h);
}

void bs1e_mass_charm_cast(struct bs_battle *b, const struct bs1e_cast_plan *p)
{
	const struct bs_spell *sp = p->sp;
	int side = b->indivs[p->k].side, n;
	struct bs1e_area_hit *hit = bs1e_fx_area_hits(b, p, &n);
	if (!hit)
		return;
	int pool = mass_pool(p);
	for (int i = 0; i < n && !b->result.over;) {
		int c = run_of(hit, n, i);
		const struct bs1e_area_hit *a = &hit[i];
		i += c;
		if (a->side == side)
			continue; /* RULING R-463: his own side's figures */
		if (a->unit < 0) {
			bs1e_fx_emit(b, p, -1,
				     b->indiv_first[a->side] + a->indiv, 1,
				     NULL, NULL, NULL, 0,
				     "not played: a mass charm at an "
				     "individual standing alone (RULING "
				     "R-463)");
			continue;
		}
		int g = bs1e_g(b, a->side, a->unit);
		if (!bs1e_in_play(b, g))
			continue;
		struct bs_unit_state *u = &b->units[g];
		u->flags |= BS_UF_ATTACKED;
		if (!affects(sp, u->def->creature)) {
			bs1e_fx_emit(b, p, g, -1, c, NULL, NULL, NULL, 0,
				     "no effect: its creatures are not persons "
				     "(RULING R-624)");
			continue;
		}
		int h = usable_slot(b, side, g);
		if (h < 0) {
			bs1e_fx_emit(
			    b, p, g, -1, c, NULL, NULL, NULL, 0,
			    "no effect: no detachment of it can be made "
			    "(RULING R-462)");
			continue;
		}
		int figs = covered(u, c, &pool);
		if (figs <= 0) {
			bs1e_fx_emit(b, p, g, -1, c, NULL, NULL, NULL, 0,
				     "no figure: the twice the caster's level "
				     "in HD are spent (RULING R-463)");
			continue;
		}
		struct bs1e_figure_saves fs;
		int rec[BS1E_MAX_FIGS];
		struct bs_deriv sd;
		memset(&fs, 0, sizeof fs);
		int failed = figs;
		if (sp->save_vs >= 0) {
			int number = bs1e_cast_unit_save(b, g, sp, &sd);
			if (bs1e_cast_figure_saves(b, g, figs, number,
						   sp->save_mod, NULL, rec,
						   &fs) != 0)
				break;
			failed = fs.failed;
		}
		char why[400];
		if (failed > 0)
			snprintf(why, sizeof why,
				 "%d figure%s under %.64s's control for the "
				 "battle: %.64s, commanded by %.64s (Command "
				 "Radius %.1f\", the spell's range) (RULING "
				 "R-463)",
				 failed, failed == 1 ? "" : "s",
				 b->sc->sides[side].name, b->units[h].def->name,
				 b->indivs[p->k].def->name, p->reach);
		else
			snprintf(why, sizeof why,
				 "every figure saved: none charmed");
		bs1e_fx_emit(b, p, g, -1, c, &fs, rec,
			     sp->save_vs >= 0 ? &sd : NULL, failed, why);
		if (failed > 0)
			split(b, p, g, h, failed);
	}
	free(hit);
}

double bs1e_mass_charm_expect(const struct bs_battle *b, int side,
			      const struct bs1e_cast_plan *p)
{
	/* RULING R-463: the HD of the figures expected to fail, in the
	 * pool's order; never with figures of his own side in the area */
	const struct bs_spell *sp = p->sp;
	int n;
	struct bs1e_area_hit *hit = bs1e_fx_area_hits(b, p, &n);
	if (!hit)
		return 0;
	int pool = mass_pool(p);
	double v = 0;
	for (int i = 0; i < n;) {
		int c = run_of(hit, n, i);
		const struct bs1e_area_hit *a = &hit[i];
		i += c;
		if (a->side == side) {
			v = -1;
			break;
		}
		if (a->unit < 0)
			continue;
		int g = bs1e_g(b, a->side, a->unit);
		const struct bs_unit_state *u = &b->units[g];
		if (!bs1e_in_play(b, g) || !affects(sp, u->def->creature) ||
		    usable_slot(b, side, g) < 0)
			continue;
		int figs = covered(u, c, &pool), hf = u->r.hd_fig;
		double ps = sp->save_vs < 0
				? 0
				: bs1e_save_chance20(
				      bs1e_cast_unit_save(b, g, sp, NULL),
				      sp->save_mod) /
				      20.0;
		v += (1 - ps) * figs * hf / 10.0;
	}
	free(hit);
	return v;
}

/* ---- the doctrine's value ------------------------------------------------
 */

double bs1e_charm_expect(const struct bs_battle *b, int side,
			 const struct bs1e_cast_plan *p)
{
	(void)side;
	const struct bs_spell *sp = p->sp;
	int t = p->tk, g = -1;
	if (p->tg >= 0) {
		const struct bs_unit_state *u = &b->units[p->tg];
		t = u->commander >= 0 ? b->indiv_first[u->side] + u->commander
				      : -1;
		if (t < 0 || !b->indivs[t].alive || b->indivs[t].lost ||
		    b->indivs[t].with_unit != u->idx)
			return 0;
		g = p->tg;
	} else {
		g = his_unit(b, t);
	}
	const struct bs_indiv_state *d = &b->indivs[t];
	if (!affects(sp, d->def->race) || bs1e_indiv_charmed(b, t))
		return 0;
	int vs = sp->save_vs;
	double ps = vs < 0 ? 0
			   : bs1e_save_chance20(bs1e_sc(b)->ix[t].save[vs],
						sp->save_mod) /
				 20.0;
	double mr = bs1e_mr_at(bs1e_indiv_mr(b, t), p->level) / 100.0;
	/* RULING R-694: the HD of his unit out of the fight (a quarter of
	 * his hit points alone, as R-627), by the chance he fails */
	double hd = g >= 0 ? b->units[g].figures * b->units[g].r.hd_fig / 10.0
			   : d->hp / 4.0;
	return (1 - mr) * (1 - ps) * hd;
}
