/* Breath weapons [13.7] (issue 16), the Advanced Game: "Breath weapons use
 * the rules for magical artillery. See [14.5] for calculating damage.
 * Range is as defined in the official AD&D or D&D monster description, but
 * area of effect is as defined in [14.2]." An individual whose race has a
 * breath weapon (the catalog's `breath:`, a record of kind breath: its
 * shape and size from the MM, range `self`: from the monster's mouth)
 * breathes it by a cast order of that record in step A of the Missile and
 * Magic Phase ("normally used during the Missile and Magic Phase"): the
 * checks and the strike are the cast's (r14_cast.c: [14.1] contact, [14.4]
 * range and sight, the [14.2] area, [14.5 B] each figure's fate by the
 * side a line or cone strikes, [14.3] one save per figure, [14.5 A] hit
 * points to individuals); what differs is here: the breather need not be
 * a caster and may move (RULING R-641), a breath is counted against its
 * uses a day, not a memorized spell (RULING R-642), and its damage is his
 * hit points now (the MM), read as hit points / 4 HD per creature
 * [14.5 A]. Pass-through breath [10.6] is the cast's (RULING R-335);
 * split-fire [10.5] in the middle of his move is not played (the
 * `breath` warning, RULING R-637).
 *
 * A unit's breath (RULING .. R-609): a unit every creature
 * of whose figures has the breath weapon (a pure unit of a breathing
 * creature, on foot: [14.1] "A figure that represents more than one
 * individual can only use magic if all of the creatures represented by
 * that figure are capable of using that spell") breathes it in step A,
 * after its side's casters, by its controller's `breathe`: a skirmish
 * unit freely, a regular unit in command, one out of command after a
 * special Morale Check passed [14.1]; a mob not. The unit
 * breathes one area from the centre of its front, each creature
 * struck taking one creature's breath: the catalog's mean hit points of
 * its HD, read as hit points / 4 HD per creature [14.5 A]; the
 * rest (target, area, range, sight, fates, saves per figure [14.3]) is
 * the cast's. */
#include <string.h>

#include "battlesim/bs1e_magic.h"
#include "bs1e/engine.h"

/* The breath weapon of individual k (global): his race's. */
static const struct bs_spell *breath_of(const struct bs_battle *b, int k)
{
	const struct bs_individual *d = b->indivs[k].def;
	return d->race && d->race->breath &&
		       d->race->breath->kind == BS_MAGIC_BREATH
		   ? d->race->breath
		   : NULL;
}

const struct bs_spell *bs1e_breath_of(const struct bs_battle *b, int side,
				      int indiv)
{
	if (side < 0 || side >= b->nsides || indiv < 0 ||
	    indiv >= b->sc->sides[side].nindividuals)
		return NULL;
	return breath_of(b, b->indiv_first[side] + indiv);
}

int bs1e_breaths_left(const struct bs_battle *b, int side, int indiv)
{
	if (!bs1e_breath_of(b, side, indiv))
		return 0;
	return bs1e_sc(b)->ix[b->indiv_first[side] + indiv].breaths;
}

static void unit_breath_reset(struct bs_battle *b);

void bs1e_breath_reset(struct bs_battle *b)
{
	unit_breath_reset(b);
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int k = 0; k < b->nindivs; k++) {
		const struct bs_spell *br = breath_of(b, k);
		/* RULING R-642: a battle is fought within one day: every use
		 * a day of the MM is there at its start ("three times per
		 * day"); a record without uses a day breathes once */
		s->ix[k].breaths = !br ? 0 : br->per_day > 0 ? br->per_day : 1;
	}
}

static int no(struct bs1e_cast_plan *p, const char *why, const char *cite)
{
	p->legal = 0;
	p->why = why;
	p->cite = cite;
	return 0;
}

int bs1e_check_breath(const struct bs_battle *b, struct bs1e_cast_plan *p)
{
	const struct bs_indiv_state *c = &b->indivs[p->k];
	const struct bs_spell *br = breath_of(b, p->k);
	/* [13.0] "the published information should be used": he breathes
	 * his race's breath weapon, no other */
	if (!br || !bs_name_eq(br->name, p->sp->name))
		return no(p, "not his breath weapon (his race's `breath:`)",
			  "[13.0] [13.7]");
	if (bs1e_sc(b)->ix[p->k].breaths <= 0)
		return no(p,
			  "he has used his breath weapon as often as it may "
			  "be used in a day (RULING R-642)",
			  "[13.7]");
	/* [13.7] the MM: a breath does the breather's hit points */
	if (c->hp < 1)
		return no(p, "he has no hit points to breathe", "[13.7]");
	p->breath_hp = c->hp;
	/* its area does not grow with a level: the record's figures */
	p->level = 1;
	return 1;
}

void bs1e_breath_spend(struct bs_battle *b, int k)
{
	struct bs1e_indiv_x *x = &bs1e_sc(b)->ix[k];
	if (x->breaths > 0)
		x->breaths--;
}

/* ---- a unit's breath (RULING .. R-609) ------------------- */

const struct bs_spell *bs1e_unit_breath(const struct bs_battle *b, int g)
{
	const struct bs_unit *d = b->units[g].def;
	const struct bs_creature *c = d->creature;
	/* [14.1] "only ... if all of the creatures represented by that
	 * figure are capable": a pure unit on foot (RULING R-645: a mixed
	 * unit, a rider and his steed, a chariot's crew do not breathe) */
	if (!c || d->nmix > 0 || d->mount || d->chariot.puller)
		return NULL;
	return c->breath && c->breath->kind == BS_MAGIC_BREATH ? c->breath
							       : NULL;
}

const struct bs_spell *bs1e_unit_breath_of(const struct bs_battle *b, int side,
					   int unit)
{
	if (side < 0 || side >= b->nsides || unit < 0 ||
	    unit >= b->sc->sides[side].nunits)
		return NULL;
	return bs1e_unit_breath(b, bs1e_g(b, side, unit));
}

int bs1e_unit_breaths_left(const struct bs_battle *b, int side, int unit)
{
	if (!bs1e_unit_breath_of(b, side, unit))
		return 0;
	return bs1e_sc(b)->ux[bs1e_g(b, side, unit)].breaths;
}

/* RULING R-607: one creature's breath, the mean hit points of its HD (d8
 * hit dice, 4 1/2 a die, plus its adds), at least 1. */
static int unit_breath_hp(const struct bs_battle *b, int g)
{
	const struct bs_hd *h = &b->units[g].def->creature->hd;
	int hp = (h->tenths * 45 + 50) / 100 + h->plus;
	return hp > 0 ? hp : 1;
}

static void unit_breath_reset(struct bs_battle *b)
{
	struct bs1e_scratch *s = bs1e_sc(b);
	for (int g = 0; g < b->nunits; g++) {
		const struct bs_spell *br = bs1e_unit_breath(b, g);
		/* RULING R-642: every use of the day at the start */
		s->ux[g].breaths = !br ? 0 : br->per_day > 0 ? br->per_day : 1;
		s->ux[g].breathed = 0;
	}
}

int bs1e_check_unit_breath(const struct bs_battle *b, int side,
			   const struct bs_breath_order *o,
			   struct bs1e_cast_plan *p)
{
	memset(p, 0, sizeof *p);
	p->legal = 1;
	p->k = p->g = p->tg = p->tk = -1;
	if (side < 0 || side >= b->nsides || o->unit < 0 ||
	    o->unit >= b->sc->sides[side].nunits)
		return no(p, "no such unit", "[14.1]");
	if (b->sc->level != BS_LEVEL_ADVANCED)
		return no(p, "breath weapons are an Advanced Game rule",
			  "[13.7] [14.0] [16.3 A]");
	int g = bs1e_g(b, side, o->unit);
	const struct bs_unit_state *u = &b->units[g];
	const struct bs1e_unit_x *x = &bs1e_sc(b)->ux[g];
	if (!bs1e_in_play(b, g))
		return no(p, "the unit is not on the table", "[14.1]");
	const struct bs_spell *br = bs1e_unit_breath(b, g);
	p->g = g;
	p->sp = br;
	if (!br || !o->breath || !bs_name_eq(br->name, o->breath->name))
		return no(p,
			  "not its breath weapon (every creature of its "
			  "figures must have it: a pure unit on foot whose "
			  "creature has `breath:`, RULING R-645)",
			  "[13.7] [14.1]");
	/* RULING R-609 [14.1] [2.10]: a mob uses innate abilities only on a
	 * successful Order, and [2.10] gives no order to use one */
	if (x->mob)
		return no(p,
			  "a mob uses an innate ability only when ordered to, "
			  "and [2.10] has no such order (RULING R-609)",
			  "[14.1] [2.10]");
	if (u->flags & BS_UF_ROUTED)
		return no(p, "a routed unit does not attack (RULING R-609)",
			  "[6.4] [14.1]");
	/* [14.6 A] RULING R-691, [14.6 B] RULING R-623 */
	{
		const char *cite, *why = bs1e_charmed_why(b, g, &cite);
		if (why)
			return no(p, why, cite);
	}
	if (bs1e_fx_active(b, g, u->figures) <= 0 && bs1e_fx_held(b, g) > 0)
		return no(p, "its figures are held (RULING R-623)", "[14.6 B]");
	/* [14.1] one AD&D melee round: one breath a Game Round */
	if (x->breathed == b->round)
		return no(p,
			  "it has breathed, or tried to, this Game Round (one "
			  "AD&D melee round)",
			  "[14.1]");
	if (x->breaths <= 0)
		return no(p,
			  "it has used its breath weapon as often as it may "
			  "be used in a day (RULING R-642)",
			  "[13.7]");
	/* RULING R-607: one creature's mean hit points */
	p->breath_hp = unit_breath_hp(b, g);
	p->level = 1;
	/* RULING R-608: from the centre of its front */
	p->from = u->front;
	struct bs_cast_order co = {-1,	   br,	 o->tside, o->tunit, o->tindiv,
				   o->aim, o->x, o->y,	   o->why};
	return bs1e_cast_aim(b, side, &co, p);
}

void bs1e_unit_breaths(struct bs_battle *b, int side)
{
	const struct bs_controller *ctl = b->ctl[side];
	if (!ctl || !ctl->breathe)
		return;
	struct bs_breath_order o[BS_MAX_CAST_ORDERS];
	int n = ctl->breathe(ctl->ctx, b, side, o, BS_MAX_CAST_ORDERS);
	if (n > BS_MAX_CAST_ORDERS)
		n = BS_MAX_CAST_ORDERS;
	for (int i = 0; i < n && !b->result.over; i++) {
		struct bs1e_cast_plan p;
		if (!bs1e_check_unit_breath(b, side, &o[i], &p)) {
			/* REJECTED of the unit (no such unit: the side's
			 * first) */
			bs_battle_say(b, BS_EV_REJECTED,
				      p.g >= 0 ? p.g : bs1e_g(b, side, 0),
				      p.why, p.cite);
			continue;
		}
		struct bs1e_unit_x *x = &bs1e_sc(b)->ux[p.g];
		/* [14.1] "A regular unit that is out of command can use
		 * magic if and only if it passes a special Morale Check in
		 * order to do so ... Units that "never check morale" are
		 * subject to this rule" (RULING R-609: rolled when it would
		 * breathe; failed, no breath this Game Round, none spent) */
		if (!x->skirmish &&
		    (b->units[p.g].flags & BS_UF_OUT_OF_COMMAND) &&
		    !bs1e_morale_roll(b, p.g, 1u << BS1E_T5_OTHER_RULE, 0,
				      "[14.1] RULING R-609",
				      "it may not use its breath weapon this "
				      "Game Round")) {
			x->breathed = b->round;
			continue;
		}
		bs1e_unit_breath_run(b, &p, o[i].why);
		bs1e_check_over(b, 0);
	}
}
