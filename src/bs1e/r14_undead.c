/* Clerics and undead [14.19] (issue 16), the Advanced Game: a cleric (or a
 * paladin from his 3rd level, PH) on the table or with a unit turns the
 * undead of an enemy unit in step A of the Missile and Magic Phase [1.5 A]
 * ([14.0] "only during the Magic and Missile Phase"; RULING R-581), within
 * the reach of RULING R-582 and in sight of it, by the DMG's Matrix for
 * Clerics Affecting Undead (src/bs1e/tables/adnd_turning.c): the d20
 * (dice kind `turn`), T turned, D and D* destroyed, the number affected
 * (1-12, 7-12, 1-2) made figures by the unit's creatures per figure with
 * at least one figure [14.19] (RULING R-583); once per Game Round at a
 * unit until an attempt fails, then never again at that unit [14.19].
 * An evil cleric's success puts the undead in his service (RULING R-585):
 * the unit changes control as a charmed commander's does (r14_charm.c,
 * bs1e_serve) while it stays within his Command Radius. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_magic.h"
#include "battlesim/bs1e_tables.h"
#include "battlesim/bs1e_undead.h"
#include "battlesim/sight.h"
#include "bs1e/engine.h"

int bs1e_turn_level(const struct bs_individual *d, const char **cls)
{
	int best = 0;
	const char *who = NULL;
	for (int i = 0; d && i < d->nclasses; i++) {
		int lv = 0;
		if (strcmp(d->cls[i], "cleric") == 0)
			lv = d->level[i];
		/* PH: from his 3rd level a paladin affects undead as a
		 * cleric two levels below his own */
		else if (strcmp(d->cls[i], "paladin") == 0 && d->level[i] >= 3)
			lv = d->level[i] - 2;
		if (lv > best) {
			best = lv;
			who = d->cls[i];
		}
	}
	if (cls)
		*cls = who;
	return best;
}

int bs1e_indiv_evil(const struct bs_individual *d)
{
	/* RULING R-585: an individual has no alignment of his own in the
	 * scenario format; his race's is his */
	return d && d->race && d->race->moral == BS_MORAL_EVIL;
}

int bs1e_unit_undead_type(const struct bs_unit *def)
{
	/* RULING R-584: a mixed unit is turned as the highest type of
	 * undead among its creatures (the DMG turns the weaker first, but a
	 * unit is turned as one) */
	int t = def->creature ? (int)def->creature->turned_as : 0;
	for (int i = 0; i < def->nmix; i++)
		if (def->mix[i].creature &&
		    (int)def->mix[i].creature->turned_as > t)
			t = (int)def->mix[i].creature->turned_as;
	return t;
}

double bs1e_turn_reach(int annotated)
{
	/* RULING R-582: the texts at hand give turning no range; the AD&D
	 * reach taken is 3" (30'), converted as an area length by [14.2]
	 * Table 17 ("it takes 3\" of area of effect in the AD&D game to
	 * equal 1\"") */
	return bs1e_area_inches(30, annotated);
}

static int no(struct bs1e_turn_check *o, const char *why, const char *cite)
{
	o->legal = 0;
	o->why = why;
	o->cite = cite;
	return 0;
}

static size_t pair(const struct bs_battle *b, int k, int g)
{
	return (size_t)k * (size_t)b->nunits + (size_t)g;
}

int bs1e_turn_open(const struct bs_battle *b, int k, int g)
{
	const struct bs1e_scratch *s = bs1e_sc(b);
	return !s->turn_failed[pair(b, k, g)] &&
	       s->turn_round[pair(b, k, g)] != b->round;
}

/* The block the cleric turns from: his unit's when he is with one (he
 * "stands with the unit", RULING R-112), else his own counter. */
static int cleric_block(const struct bs_battle *b, int k, struct bs_quad *q)
{
	const struct bs_indiv_state *c = &b->indivs[k];
	if (c->with_unit >= 0) {
		int u = bs1e_g(b, c->side, c->with_unit);
		if (!bs1e_in_play(b, u))
			return -1;
		*q = bs1e_quad(b, u);
		return u;
	}
	*q = bs1e_indiv_quad(b, k);
	return -1;
}

static struct bs_vec quad_centre(const struct bs_quad *q)
{
	struct bs_vec c = {0, 0};
	for (int i = 0; i < 4; i++) {
		c.x += q->p[i].x / 4;
		c.y += q->p[i].y / 4;
	}
	return c;
}

int bs1e_check_turn(const struct bs_battle *b, int side,
		    const struct bs_turn_order *o, struct bs1e_turn_check *out)
{
	memset(out, 0, sizeof *out);
	out->legal = 1;
	out->k = out->g = -1;
	if (b->sc->level != BS_LEVEL_ADVANCED)
		return no(out,
			  "turning undead is an Advanced Game rule (magic, "
			  "chapter 14)",
			  "[14.19] [16.3 A]");
	if (side < 0 || side >= b->nsides || o->indiv < 0 ||
	    o->indiv >= b->sc->sides[side].nindividuals)
		return no(out, "no such individual", "[14.19]");
	int k = b->indiv_first[side] + o->indiv;
	const struct bs_indiv_state *c = &b->indivs[k];
	out->k = k;
	if (!c->alive || c->lost)
		return no(out, "he is no longer in the battle", "[14.19]");
	if (c->with_unit < 0 && !bs1e_indiv_figure(b, k))
		return no(out, "he is not on the table", "[14.19]");
	out->level = bs1e_turn_level(c->def, NULL);
	if (out->level <= 0)
		return no(out,
			  "only clerics, and paladins from their 3rd level, "
			  "turn undead",
			  "[14.19] (PH)");
	int evil = bs1e_indiv_evil(c->def);
	if (o->tside < 0 || o->tside >= b->nsides ||
	    (o->tside == side && !evil) || o->tunit < 0 ||
	    o->tunit >= b->sc->sides[o->tside].nunits)
		return no(out, "turning is aimed at one enemy unit", "[14.19]");
	int g = bs1e_g(b, o->tside, o->tunit);
	out->g = g;
	if (!bs1e_in_play(b, g))
		return no(out, "the unit is not on the table", "[14.19]");
	/* [14.19] "until they are ... turned by an evil cleric on the other
	 * side": an evil cleric may turn his own side's undead back out of
	 * an enemy's service (RULING R-585), no other unit of his side; no
	 * cleric turns undead in his side's service (a charmed commander's
	 * unit is not in service: it is turned as its owner's) */
	int master = bs1e_serving(b, g);
	int his = master >= 0 && b->indivs[master].side == side;
	if (o->tside == side ? master < 0 || his : his)
		return no(out,
			  o->tside == side
			      ? "turning is aimed at one enemy unit (or, by "
				"an evil cleric, his side's undead in an "
				"enemy's service)"
			      : "the undead are under his side's command "
				"already",
			  "[14.19] RULING R-585");
	/* [14.8] "They cannot be attacked unless they are detected by enemy
	 * forces": RULING R-347, a turning is an attack at the undead (his
	 * own side's, turned back, are seen) */
	if (o->tside != side && bs1e_fx_unit_unseen(b, g))
		return no(out, BS1E_UNIT_UNSEEN_WHY,
			  BS1E_UNIT_UNSEEN_CITE " R-347");
	out->type = bs1e_unit_undead_type(b->units[g].def);
	if (out->type == BS_UNDEAD_NONE)
		return no(out, "the unit is not undead that clerics turn",
			  "[14.19] (DMG)");
	if (bs1e_routed(b, g))
		return no(out, "the undead rout already",
			  "[14.19] RULING R-581");
	const struct bs1e_scratch *s = bs1e_sc(b);
	if (s->turn_failed[pair(b, k, g)])
		return no(out,
			  "an attempt of his at this unit failed: he cannot "
			  "attempt to turn it again",
			  "[14.19]");
	/* RULING R-581: [14.1] "the same actions in one BATTLESYSTEM Game
	 * Round as in one AD&D melee round": one attempt a Game Round */
	for (int h = 0; h < b->nunits; h++)
		if (s->turn_round[pair(b, k, h)] == b->round)
			return no(out,
				  "he tried to turn undead this Game Round "
				  "already (one AD&D melee round of actions)",
				  "[14.1] [14.19] RULING R-581");
	out->cell = bs1e_turn_cell(out->type, out->level);
	if (out->cell == BS1E_TURN_NO)
		return no(out,
			  "the matrix gives his level no chance against this "
			  "type of undead",
			  "[14.19] (DMG)");
	struct bs_quad cq, tq = bs1e_quad(b, g);
	int own = cleric_block(b, k, &cq);
	out->dist = bs_quad_dist(&cq, &tq);
	int annotated =
	    (b->sc->options & (1u << BS_OPT_TABLE17_ANNOTATED)) != 0;
	if (out->dist > bs1e_turn_reach(annotated) + 1e-9)
		return no(out, "the undead are out of his reach",
			  "[14.19] [14.2] RULING R-582");
	/* RULING R-582: in sight: the line between the centres of his
	 * block and theirs crosses no other unit's */
	struct bs_vec a = quad_centre(&cq), z = quad_centre(&tq);
	for (int h = 0; h < b->nunits; h++) {
		if (h == g || h == own || !bs1e_in_play(b, h))
			continue;
		struct bs_quad q = bs1e_quad(b, h);
		if (bs_tt_seg_crosses(a, z, &q, BS_TT_GRAZE))
			return no(out,
				  "he cannot see the undead: a unit stands "
				  "in the way",
				  "[14.19] [14.4] RULING R-582");
	}
	return 1;
}

/* ---- the attempt ----------------------------------------------------------
 */

static const struct bs_roll_why why_turn = {
    BS_ROLL_TURN, {20, 0}, 0, "turning undead (DMG matrix)", "[14.19]"};
static const struct bs_roll_why why_number = {
    BS_ROLL_TURN, {12, 0}, 0, "number of undead affected (DMG)", "[14.19]"};

static void turn_event(struct bs_battle *b, const struct bs1e_turn_check *p,
		       int d20, int ok, int nd, int plus, int rolled,
		       int creatures, int figs, int destroyed, int serve,
		       const char *why)
{
	if (!bs_battle_events_on(b))
		return;
	const struct bs_indiv_state *c = &b->indivs[p->k];
	const struct bs_unit_state *t = &b->units[p->g];
	struct bs_event ev;
	bs1e_ev(b, &ev, BS_EV_TURN);
	ev.side = c->side;
	ev.indiv = c->idx;
	ev.tside = t->side;
	ev.tunit = t->idx;
	if (d20 > 0) {
		ev.dice[ev.ndice++] = d20;
		ev.die_sides = 20;
	}
	ev.n[0] = p->type;
	ev.n[1] = p->level;
	ev.n[2] = p->cell;
	ev.n[3] = ok;
	ev.n[4] = creatures;
	ev.n[5] = figs;
	ev.n[6] = destroyed;
	ev.n[7] = t->figures;
	ev.n[8] = rolled;
	ev.n[9] = nd;
	ev.n[10] = plus;
	ev.n[11] = serve;
	ev.what = bs_undead_type_name[p->type];
	ev.why = why;
	ev.cite = !ok ? "[14.19] (DMG): no more attempts at this unit"
		  : serve == 2
		      ? "[14.19] RULING R-585: turned back out of an enemy's "
			"service"
		  : serve     ? "[14.19] (DMG) RULING R-585: in his service"
		  : destroyed ? "[14.19] (DMG): at least one figure destroyed"
			      : "[14.19] (DMG): at least one figure routed";
	bs_battle_emit(b, &ev);
}

/* The figures affected removed from unit p->g at once, as the missile
 * and magic casualties are [14.1]: `what` and `cite` for the losses. */
static void take_figures(struct bs_battle *b, const struct bs1e_turn_check *p,
			 int figs, const char *what, const char *cite)
{
	struct bs1e_hit h;
	memset(&h, 0, sizeof h);
	h.from = -1;
	h.to = p->g;
	h.from_indiv = p->k;
	h.c.killed = figs;
	bs1e_apply_hits_cite(b, p->g, &h, 1, what, cite);
}

/* [14.19] "If an evil cleric turns undead, he can sometimes make them
 * enter his service (see DMG, p. 65). Such undead fall instantly under
 * the command of that cleric": RULING R-585, every success of his (T, D
 * and D* as the scores: the DMG's evil cleric commands what a good one
 * turns or destroys) puts the undead affected in his service; the whole
 * unit changes control (bs1e_serve); his own side's unit in an enemy's
 * service is turned back whole; fewer figures than the unit leave it and
 * the battle (a unit is not split: no unit is made during a battle). */
static void serve_or_take(struct bs_battle *b, const struct bs1e_turn_check *p,
			  int figs, int rolled, int sides, int plus,
			  int creatures, int d20, const char *why)
{
	const struct bs_indiv_state *c = &b->indivs[p->k];
	struct bs_unit_state *t = &b->units[p->g];
	int back = t->side == c->side;
	int whole = back || figs >= t->figures;
	turn_event(b, p, d20, 1, sides, plus, rolled, creatures,
		   whole ? t->figures : figs, 0, back ? 2 : 1, why);
	if (whole) {
		bs1e_serve(b, p->k, p->g);
		return;
	}
	take_figures(b, p, figs,
		     "in an evil cleric's service: the figures leave their "
		     "unit and the battle",
		     "[14.19] RULING R-585");
}

static void attempt(struct bs_battle *b, const struct bs1e_turn_check *p,
		    const char *why)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	const struct bs_indiv_state *c = &b->indivs[p->k];
	s->turn_round[pair(b, p->k, p->g)] = b->round;
	int d20 = 0, ok = 1;
	if (p->cell > 0) {
		/* DMG: "A d20 is rolled, and if the number shown is matched
		 * or exceeded by the die roll the undead are turned" */
		bs_dice_why_indiv(&b->dice, &why_turn, 1, 20, c->side, c->idx,
				  -1, -1, p->g);
		d20 = bs_roll(&b->dice, 20);
		ok = d20 >= p->cell;
	}
	if (!ok) {
		/* [14.19] "until an attempt is failed. After that, the cleric
		 * cannot attempt to turn any more undead in that particular
		 * unit" */
		s->turn_failed[pair(b, p->k, p->g)] = 1;
		turn_event(b, p, d20, 0, 0, 0, 0, 0, 0, 0, 0, why);
		return;
	}
	int sides, plus;
	bs1e_turn_number_dice(p->type, p->cell, &sides, &plus);
	bs_dice_why_indiv(&b->dice, &why_number, 1, sides, c->side, c->idx, -1,
			  -1, p->g);
	int rolled = bs_roll(&b->dice, sides);
	int creatures = rolled + plus;
	struct bs_unit_state *t = &b->units[p->g];
	/* RULING R-583: the undead affected make whole figures by the unit's
	 * creatures per figure (rounded down); [14.19] "a minimum of one
	 * figure" */
	int ratio = t->r.ratio > 0 ? t->r.ratio : 1;
	int figs = creatures / ratio;
	if (figs < 1)
		figs = 1;
	if (figs > t->figures)
		figs = t->figures;
	int destroyed = p->cell == BS1E_TURN_D || p->cell == BS1E_TURN_DSTAR;
	if (bs1e_indiv_evil(c->def)) {
		serve_or_take(b, p, figs, rolled, sides, plus, creatures, d20,
			      why);
		return;
	}
	turn_event(b, p, d20, 1, sides, plus, rolled, creatures, figs,
		   destroyed, 0, why);
	struct bs_vec from = bs1e_indiv_pos(b, c->side, c->idx);
	if (!destroyed && figs >= t->figures) {
		/* [14.19] the whole unit turned: it routs [7.15] away from
		 * the cleric */
		bs1e_rout(b, p->g, &from, 1, "turned undead: routs [14.19]");
		return;
	}
	/* [14.19] destroyed, or RULING R-583: turned figures of a unit that
	 * is not turned whole flee the battle, removed at once as the
	 * missile and magic casualties are [14.1] */
	take_figures(b, p, figs,
		     destroyed ? "destroyed by turning undead"
			       : "turned: the figures flee the battle",
		     destroyed ? "[14.19] (DMG)" : "[14.19] RULING R-583");
}

static void side_turns(struct bs_battle *b, int side)
{
	const struct bs_controller *ctl = b->ctl[side];
	if (!ctl || !ctl->turn)
		return;
	struct bs_turn_order o[BS_MAX_FIRE_ORDERS];
	int n = ctl->turn(ctl->ctx, b, side, o, BS_MAX_FIRE_ORDERS);
	if (n > BS_MAX_FIRE_ORDERS)
		n = BS_MAX_FIRE_ORDERS;
	for (int i = 0; i < n && !b->result.over; i++) {
		struct bs1e_turn_check p;
		if (!bs1e_check_turn(b, side, &o[i], &p)) {
			if (bs_battle_events_on(b)) {
				struct bs_event ev;
				bs1e_ev(b, &ev, BS_EV_REJECTED);
				ev.side = side;
				ev.indiv = o[i].indiv;
				if (o[i].tside >= 0 && o[i].tside < b->nsides) {
					ev.tside = o[i].tside;
					ev.tunit = o[i].tunit;
				}
				ev.what = p.why;
				ev.cite = p.cite;
				bs_battle_emit(b, &ev);
			}
			continue;
		}
		attempt(b, &p, o[i].why);
	}
}

void bs1e_phase_turning(struct bs_battle *b)
{
	/* [1.5 A] "Side A uses any remaining eligible magic; Side B
	 * repeats." RULING R-581: turning undead is used here ([14.0] "only
	 * during the Magic and Missile Phase") */
	if (b->sc->level != BS_LEVEL_ADVANCED)
		return;
	for (int i = 0; i < b->nsides && !b->result.over; i++)
		side_turns(b, b->side_order[i]);
}
