/* [14.2] casting times longer than one Game Round (issue 16), the
 * Advanced Game: "The casting time ... of any magic spell or item is the
 * same as given in the official AD&D or D&D game books", [14.1] one AD&D
 * melee round to one Game Round (RULING R-718: a round 1 Game Round, a
 * turn 10; segments over 10 a Game Round per 10 begun). A spell of more
 * than one Game Round begins in step A of the Missile and Magic Phase
 * [1.5 A], its caster busy (he does not move, casts nothing else and, a
 * commander, commands nothing [9.2]) until step A of its last Game Round,
 * when it goes off (checked again, as RULING R-653); struck meanwhile (he
 * lost hit points: the disruption of [14.1] Q&A 127.66), in base-to-base
 * contact with an enemy, moved (his unit moved), held, charmed or afraid,
 * the spell is disrupted: spent, no effect. */
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_heroes.h"
#include "battlesim/bs1e_magic.h"
#include "bs1e/engine.h"

#define EPS 1e-9
/* Enough Game Rounds for any casting time (a day is 1,440). */
#define MOST_ROUNDS 1000000

int bs1e_cast_rounds(const struct bs_spell *sp)
{
	/* RULING R-718: only a spell's own casting time; an item's use, a
	 * breath or a time not known take the one Game Round of [14.1] */
	if (!sp || sp->kind != BS_MAGIC_SPELL || !(sp->known & BS_SPK_CAST) ||
	    sp->cast <= 0)
		return 1;
	/* [14.1] one melee round = one Game Round, 10 to the turn; 10
	 * segments to the AD&D melee round: up to 10 within the Game Round,
	 * more a Game Round per 10 begun (R-620's rounding) */
	int n = sp->cast > MOST_ROUNDS / 1440 ? MOST_ROUNDS / 1440 : sp->cast;
	n = bs1e_fx_rounds(n, sp->cast_unit);
	return n > MOST_ROUNDS ? MOST_ROUNDS : n;
}

int bs1e_casting_until(const struct bs_battle *b, int side, int indiv,
		       const struct bs_spell **sp)
{
	if (sp)
		*sp = NULL;
	if (side < 0 || side >= b->nsides || indiv < 0 ||
	    indiv >= b->sc->sides[side].nindividuals)
		return 0;
	const struct bs1e_indiv_x *x =
	    &bs1e_sc(b)->ix[b->indiv_first[side] + indiv];
	if (sp && x->long_end)
		*sp = x->long_o.spell;
	return x->long_end;
}

void bs1e_long_reset(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int k = 0; k < b->nindivs; k++) {
		s->ix[k].long_end = s->ix[k].long_begun = 0;
		s->ix[k].long_hp = 0;
		s->ix[k].chant = NULL;
	}
}

/* [9.2] RULING R-718: busy casting this Game Round: he casts nothing else
 * (BS_IF_CAST) and, a commander, commands nothing (BS_IF_CMD_CAST). */
static void busy(struct bs_battle *b, int k)
{
	struct bs_indiv_state *c = &b->indivs[k];
	c->flags |= BS_IF_CAST;
	if (c->rank != BS_RANK_NONE)
		c->flags |= BS_IF_CMD_CAST;
}

void bs1e_long_begin(struct bs_battle *b, const struct bs1e_cast_plan *p,
		     const struct bs_cast_order *o)
{
	struct bs1e_indiv_x *x = &bs1e_sc(b)->ix[p->k];
	struct bs_indiv_state *c = &b->indivs[p->k];
	int n = bs1e_cast_rounds(p->sp);
	/* RULING R-729: casting another spell ends his chant */
	if (x->chant)
		bs1e_chant_stop(b, p->k, "he begins another spell");
	x->long_begun = b->round;
	x->long_end = b->round + n - 1;
	x->long_hp = c->hp;
	x->long_o = *o;
	x->long_o.why = NULL; /* the controller's text is not kept */
	if (bs_battle_events_on(b)) {
		struct bs_event ev;
		bs1e_cast_event(b, &ev, p, 6, p->tg, p->tk);
		ev.n[1] = n;
		ev.n[2] = x->long_end;
		ev.n[3] = p->level;
		ev.why = o->why;
		ev.cite = "[14.2] [14.1] RULING R-718";
		bs_battle_emit(b, &ev);
	}
	if (c->rank != BS_RANK_NONE)
		bs1e_commander_casts(b, c->side, c->idx); /* [9.2] */
	busy(b, p->k);
}

void bs1e_long_new_round(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int k = 0; k < b->nindivs; k++) {
		const struct bs1e_indiv_x *x = &s->ix[k];
		const struct bs_indiv_state *c = &b->indivs[k];
		if (!x->long_end || !c->alive || c->lost)
			continue;
		busy(b, k);
		if (!bs_battle_events_on(b))
			continue;
		char buf[200];
		snprintf(
		    buf, sizeof buf,
		    "casting %s (goes off in Game Round %d): he does not "
		    "move, casts nothing else%s this Game Round",
		    x->long_o.spell ? x->long_o.spell->name : "?", x->long_end,
		    c->rank != BS_RANK_NONE ? " and commands nothing" : "");
		bs1e_note_indiv(b, k, buf, "[14.2] [14.1] [9.2] RULING R-718");
	}
}

/* RULING: why the spell individual k is casting (or the
 * chant he keeps up) is broken now, NULL when it is not; hp0 his hit
 * points when he began. */
static const char *broken(const struct bs_battle *b, int k, int hp0)
{
	const struct bs1e_indiv_x *x = &bs1e_sc(b)->ix[k];
	const struct bs_indiv_state *c = &b->indivs[k];
	if (bs1e_fx_indiv_held(b, k))
		return "he is held";
	if (bs1e_indiv_charmed(b, k))
		return "he is charmed";
	if (bs1e_fx_indiv_afraid(b, k, NULL))
		return "he flees from a fear spell";
	/* [14.1] Q&A 127.66: struck while casting */
	if (c->hp < hp0)
		return "struck (he lost hit points, Q&A 127.66)";
	if (c->with_unit >= 0) {
		int g = bs1e_g(b, c->side, c->with_unit);
		if (!bs1e_in_play(b, g))
			return "his unit left the table";
		if (bs1e_engaged(b, g))
			return "his unit is in base-to-base contact with the "
			       "enemy";
		if ((b->units[g].flags & BS_UF_MOVED) ||
		    b->units[g].mv_spent > EPS)
			return "his unit moved";
		return NULL;
	}
	if (bs1e_indiv_engaged(b, c->side, c->idx))
		return "in base-to-base contact with the enemy";
	if ((c->flags & BS_IF_MOVED) || x->moved > EPS)
		return "he moved";
	return NULL;
}

/* The CAST event of a spell under way disrupted (n[0] 7). */
static void emit_disrupted(struct bs_battle *b, int k, const char *why)
{
	if (!bs_battle_events_on(b))
		return;
	const struct bs1e_indiv_x *x = &bs1e_sc(b)->ix[k];
	struct bs1e_cast_plan p;
	memset(&p, 0, sizeof p);
	p.k = k;
	p.g = p.tg = p.tk = -1;
	p.sp = x->long_o.spell;
	int ts = x->long_o.tside;
	int tg = -1, tk = -1;
	if (ts >= 0 && ts < b->nsides) {
		if (x->long_o.tunit >= 0 &&
		    x->long_o.tunit < b->sc->sides[ts].nunits)
			tg = bs1e_g(b, ts, x->long_o.tunit);
		else if (x->long_o.tindiv >= 0 &&
			 x->long_o.tindiv < b->sc->sides[ts].nindividuals)
			tk = b->indiv_first[ts] + x->long_o.tindiv;
	}
	struct bs_event ev;
	bs1e_cast_event(b, &ev, &p, 7, tg, tk);
	ev.n[1] = x->long_begun;
	ev.n[2] = x->long_end;
	ev.why = why;
	ev.cite = "[14.2] [14.1] Q&A 127.66 RULING R-718";
	bs_battle_emit(b, &ev);
}

void bs1e_long_step(struct bs_battle *b, int side)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int i = 0; i < b->sc->sides[side].nindividuals && !b->result.over;
	     i++) {
		int k = b->indiv_first[side] + i;
		struct bs1e_indiv_x *x = &s->ix[k];
		struct bs_indiv_state *c = &b->indivs[k];
		if (!x->long_end)
			continue;
		if (!c->alive || c->lost) {
			x->long_end = 0;
			continue;
		}
		const char *why = broken(b, k, x->long_hp);
		if (why) {
			/* spent, no effect */
			bs_spell_memory_spend(&x->mem, x->long_o.spell);
			emit_disrupted(b, k, why);
			x->long_end = 0;
			continue;
		}
		if (b->round < x->long_end)
			continue;
		/* its last Game Round: it goes off now, checked again as a
		 * cast (RULING R-653: an order no longer legal is REJECTED,
		 * nothing spent) */
		x->long_end = 0;
		unsigned keep = c->flags & (BS_IF_CAST | BS_IF_CMD_CAST);
		c->flags &= ~keep;
		struct bs1e_cast_plan p;
		if (!bs1e_check_cast(b, side, &x->long_o, &p)) {
			c->flags |= keep;
			bs1e_cast_reject(b, side, i, p.why, p.cite, NULL);
			continue;
		}
		char buf[120];
		snprintf(buf, sizeof buf,
			 "the spell begun in Game Round %d goes off (RULING "
			 "R-718)",
			 x->long_begun);
		bs1e_cast_run(b, &p, buf);
		c->flags |= keep;
		bs1e_check_over(b, 0);
	}
}

/* ---- [14.7] chant (RULING) ---------------------------------
 */

void bs1e_chant_begin(struct bs_battle *b, const struct bs1e_cast_plan *p)
{
	struct bs1e_indiv_x *x = &bs1e_sc(b)->ix[p->k];
	x->chant = p->sp;
	x->chant_hp = b->indivs[p->k].hp;
}

void bs1e_chant_stop(struct bs_battle *b, int k, const char *why)
{
	struct bs1e_indiv_x *x = &bs1e_sc(b)->ix[k];
	const struct bs_spell *sp = x->chant;
	if (!sp)
		return;
	x->chant = NULL;
	if (bs_battle_events_on(b) && b->indivs[k].alive &&
	    !b->indivs[k].lost) {
		char buf[200];
		snprintf(buf, sizeof buf, "%s ends: %s", sp->name, why);
		bs1e_note_indiv(b, k, buf, "[14.7] RULING R-729");
	}
	bs1e_bonus_end_of(b, k, sp);
}

void bs1e_chant_check(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int k = 0; k < b->nindivs; k++) {
		const struct bs1e_indiv_x *x = &s->ix[k];
		if (!x->chant)
			continue;
		const struct bs_indiv_state *c = &b->indivs[k];
		const char *why = !c->alive || c->lost
				      ? "he is gone"
				      : broken(b, k, x->chant_hp);
		if (why)
			bs1e_chant_stop(b, k, why);
	}
}

int bs1e_chanting(const struct bs_battle *b, int side, int indiv)
{
	if (side < 0 || side >= b->nsides || indiv < 0 ||
	    indiv >= b->sc->sides[side].nindividuals)
		return 0;
	return bs1e_sc(b)->ix[b->indiv_first[side] + indiv].chant != NULL;
}
