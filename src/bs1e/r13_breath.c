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
 * [14.5 A]. Split-fire [10.5] in the middle of his move and pass-through
 * breath [10.6] are not played (the `breath` warning). */
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

void bs1e_breath_reset(struct bs_battle *b)
{
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
