/* Magic resistance (issue 16), the Advanced Game: [3.1] the roster's "MR %.
 * Magic Resistance (from the AD&D game ...)", brought into play by [14.1]
 * "All AD&D game rules apply to the use of magic": before a spell or an
 * item strikes a creature with magic resistance, a d100 (dice kind
 * `magic_resistance`) equal to or under its MR leaves it unaffected; the
 * MM's figure is against an 11th-level caster, 5% more for each level
 * below, 5% less for each above. In BATTLESYSTEM one roll a figure, as the
 * saving throw [14.3] (RULING R-646), one an individual; a breath weapon
 * is no spell and is not resisted (RULING R-647). */
#include <string.h>

#include "battlesim/bs1e_magic.h"
#include "bs1e/engine.h"

int bs1e_mr_at(int mr, int caster_level)
{
	if (mr <= 0)
		return 0;
	/* the MM: "based on an 11th level caster": +-5% a level */
	int v = mr + 5 * (11 - (caster_level > 0 ? caster_level : 11));
	return v < 0 ? 0 : v > 100 ? 100 : v;
}

int bs1e_unit_mr(const struct bs_battle *b, int g)
{
	const struct bs_unit *d = b->units[g].def;
	/* RULING R-646: a figure resists only when every creature of it
	 * does ([14.1] "all of the creatures represented by that figure"):
	 * the lowest MR of a mixed unit's parts */
	if (d->nmix == 0)
		return d->creature ? d->creature->mr : 0;
	int lo = 100;
	for (int i = 0; i < d->nmix; i++) {
		int m = d->mix[i].creature ? d->mix[i].creature->mr : 0;
		if (m < lo)
			lo = m;
	}
	return lo;
}

int bs1e_indiv_mr(const struct bs_battle *b, int k)
{
	const struct bs_individual *d = b->indivs[k].def;
	/* as his [3.2] sheet: his own `mr:`, else his race's */
	return d->mr ? d->mr : d->race ? d->race->mr : 0;
}

static const struct bs_roll_why why_mr = {BS_ROLL_MAGIC_RESISTANCE,
					  {100, 0},
					  0,
					  "magic resistance against the spell",
					  "[14.1] (RULING R-646)"};

int bs1e_resist(struct bs_battle *b, const struct bs1e_cast_plan *p, int g,
		int k, int n, signed char *res)
{
	return bs1e_resist_base(
	    b, p, g, k, n, res,
	    g >= 0 ? bs1e_unit_mr(b, g) : bs1e_indiv_mr(b, k), 0);
}

int bs1e_resist_base(struct bs_battle *b, const struct bs1e_cast_plan *p, int g,
		     int k, int n, signed char *res, int base, int part)
{
	if (n > 0)
		memset(res, 0, (size_t)n);
	/* RULING R-647: a breath weapon is not magic the MR stops */
	if (p->sp->kind == BS_MAGIC_BREATH || n <= 0)
		return 0;
	int mr = bs1e_mr_at(base, p->level);
	if (mr <= 0)
		return 0;
	if (g >= 0)
		bs_dice_why_n(&b->dice, &why_mr, n, 100, 0, b->units[g].side, g,
			      -1);
	else
		bs_dice_why_indiv(&b->dice, &why_mr, n, 100, b->indivs[k].side,
				  b->indivs[k].idx, -1, -1, -1);
	int dice[BS_EV_MAX_DICE], resisted = 0;
	for (int i = 0; i < n; i++) {
		int d = bs_roll(&b->dice, 100);
		if (b->dice.failed)
			return -1;
		/* the d100 equal to or under the MR: unaffected */
		res[i] = d <= mr;
		resisted += res[i];
		if (i < BS_EV_MAX_DICE)
			dice[i] = d;
	}
	if (bs_battle_events_on(b)) {
		const struct bs_indiv_state *c = &b->indivs[p->k];
		struct bs_event ev;
		bs1e_ev(b, &ev, BS_EV_CAST);
		ev.side = c->side;
		ev.indiv = c->idx;
		if (g >= 0) {
			ev.tside = b->units[g].side;
			ev.tunit = b->units[g].idx;
		} else {
			ev.tside = b->indivs[k].side;
			ev.tindiv = b->indivs[k].idx;
		}
		ev.n[0] = 5; /* the CAST event's step 5 (3, 4: r14_effects.c) */
		ev.n[1] = n;
		ev.n[2] = resisted;
		ev.n[3] = mr;
		ev.n[4] = base;
		ev.n[5] = p->level;
		ev.n[6] = part; /* RULING R-530: riders 1, steeds 2 */
		ev.ndice = n < BS_EV_MAX_DICE ? n : BS_EV_MAX_DICE;
		memcpy(ev.dice, dice, (size_t)ev.ndice * sizeof *dice);
		ev.die_sides = 100;
		ev.what = p->sp->name;
		ev.cite = "[3.1] [14.1] (RULING R-646)";
		bs_battle_emit(b, &ev);
	}
	return resisted;
}
