/* 1E heroes and figures [9.4 A]: a Hero attacking a figure he cannot
 * affect whole (a wound at 1/2 of its HD, never a kill), figures attacking
 * a Hero (1 vs S/M, 3 vs L; 4 hp per HD); the AD&D melee of a 1:1 figure
 * for individual combat [9.4 B] (issue 15): the d20 needed, the fighting
 * numbers of an individual, attacks per round, who "can affect all the
 * creatures" of a figure. Pure functions. */
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_combat.h"
#include "battlesim/bs1e_heroes.h"
#include "battlesim/bs1e_tables.h"

void bs1e_hero_vs_figure(int hd_tenths, int figure_hd_tenths, int affects_all,
			 int figures_left, struct bs1e_casualties *out)
{
	if (affects_all) {
		/* [9.4 A] a Hero who can affect all the creatures of a
		 * figure uses the normal procedure, and can kill it. */
		bs1e_casualties(hd_tenths, figure_hd_tenths, figures_left, out);
		return;
	}
	/* RULING R-170 [9.4 A] [8.7] a Hero's threshold is 1/2 of the
	 * figure's HD, where [8.7] uses 1/4 for units: each where printed. */
	memset(out, 0, sizeof *out);
	if (hd_tenths < 0)
		hd_tenths = 0;
	out->damage_tenths = hd_tenths;
	/* [9.4 A] "If the hit dice result is less than 1/2 the figure's hit
	 * dice, there is no effect. If [it] is 1/2 or more of the figure's
	 * hit dice, the figure takes a wound" - even past its whole HD. */
	if (hd_tenths > 0 && figures_left > 0 &&
	    2 * hd_tenths >= figure_hd_tenths) {
		out->wounded = 1;
		out->leftover_tenths = hd_tenths;
	} else {
		out->disregarded_tenths = hd_tenths;
	}
}

int bs1e_figures_vs_hero(enum bs_size size)
{
	/* [9.4 A] "Only 1 figure can attack a size S or size M Hero at a
	 * time. Up to 3 figures can attack a size L Hero at a time." */
	return size == BS_SIZE_L ? 3 : 1;
}

int bs1e_hero_hp_from_hd(int hd_tenths)
{
	/* [9.4 A] "Each hit die of damage caused by the figure causes 4 hit
	 * points of damage to the Hero." RULING R-069: fractions of a hit
	 * point round to the nearest, 1/2 up (0.5 HD = 2 hp, 0.2 HD = 1,
	 * 0.1 HD = 0). */
	if (hd_tenths <= 0)
		return 0;
	return (hd_tenths * 4 + 5) / 10;
}

/* ---- the AD&D melee of a 1:1 figure [9.4 B] (issue 15) ------------------ */

int bs1e_adnd_needed(int thac0, int ac)
{
	/* RULING R-507 [8.3] [9.4 B] "if a figure or unit hits AC 1 on a
	 * 20, its THAC0 for the purposes of determining AR is 21 ... For all
	 * other purposes, the THAC0 remains 20": the AD&D attack matrix
	 * prints 20 six times, so a need of 21 to 25 is 20, and above that
	 * the matrix goes on five less */
	int n = thac0 - ac;
	if (n > 25)
		n -= 5;
	else if (n > 20)
		n = 20;
	return n < 1 ? 1 : n;
}

void bs1e_fighter_of(const struct bs1e_indiv_sheet *sh,
		     struct bs1e_fighter *out)
{
	const struct bs_individual *ind = sh->ind;
	memset(out, 0, sizeof *out);
	out->thac0 = sh->thac0.value;
	out->ac = sh->ac.value;
	out->size = ind->race ? ind->race->size : BS_SIZE_M;
	out->race = ind->race;
	/* Players Handbook, Strength Table: melee to hit and damage */
	bs1e_strength_adj(ind->ability[BS_STR], ind->str_percent, &out->str_hit,
			  &out->str_dmg);
	out->rate_num = out->rate_den = 1;
	for (int i = 0; i < ind->nclasses; i++) {
		int num, den;
		bs1e_class_attacks(ind->cls[i], ind->level[i], &num, &den);
		if (num * out->rate_den > out->rate_num * den) {
			out->rate_num = num;
			out->rate_den = den;
		}
		if (bs1e_is_fighter_class(ind->cls[i]) &&
		    ind->level[i] > out->fighter_level)
			out->fighter_level = ind->level[i];
	}
	/* RULING R-700: his first melee weapon (a `weapons:` list's bow is
	 * shot, not swung; R-701: a bow alone leaves him his natural attacks
	 * or his fists) */
	const struct bs_unit_weapon *w = bs_individual_melee_weapon(ind);
	if (w) {
		/* [9.4 B] the weapon in hand: one attack a routine */
		out->nforms = 1;
		out->sm[0] = w->weapon->damage_sm.part[0];
		out->l[0] = w->weapon->damage_l.nparts > 0
				? w->weapon->damage_l.part[0]
				: out->sm[0];
		out->plus = w->plus;
		out->speed = w->weapon->speed;
		/* [8.3] [13.1] RULING R-372: elves +1 with long swords */
		out->race_with =
		    bs1e_creature_weapon_term(ind->race, w->weapon);
		if (w->plus)
			snprintf(out->weapon, sizeof out->weapon, "%s %+d",
				 w->weapon->name, w->plus);
		else
			snprintf(out->weapon, sizeof out->weapon, "%s",
				 w->weapon->name);
		return;
	}
	const struct bs_creature *r = ind->race;
	if (r && r->attacks.nparts > 0) {
		/* a monster's natural attacks, each an attack form */
		for (int i = 0;
		     i < r->attacks.nparts && i < BS1E_FIGHTER_MAX_FORMS; i++) {
			out->sm[out->nforms] = r->attacks.part[i];
			out->l[out->nforms] = r->attacks.part[i];
			out->nforms++;
		}
		out->natural = 1;
		snprintf(out->weapon, sizeof out->weapon, "natural attacks");
		return;
	}
	/* RULING R-512: no weapon and no natural attacks: fists, d2 (as a
	 * unit without a weapon, R-103) */
	out->nforms = 1;
	out->sm[0] = out->l[0] = (struct bs_dice_part){1, 2, 0};
	out->weaponless = 1;
	snprintf(out->weapon, sizeof out->weapon, "no weapon");
}

int bs1e_under_one_hd(const struct bs_creature *c, struct bs_hd hd, int thac0)
{
	(void)c;
	/* RULING R-505 [8.6] the Players Handbook's "monsters of less than
	 * 1 HD or 0 level humans": less than one whole hit die (1/2, 1-1),
	 * or a man of THAC0 21 for AR (the 0-level man of [8.3]) */
	if (hd.tenths < 10 || (hd.tenths == 10 && hd.plus < 0))
		return 1;
	return thac0 >= 21 && hd.tenths <= 10 && hd.plus <= 0;
}

int bs1e_adnd_routines(int num, int den, int r)
{
	if (den <= 0 || num <= 0 || r < 1)
		return 0;
	/* RULING R-508 [8.6] [9.4 B] a fraction of attacks falls on the
	 * even rounds: 3/2 gives 1, 2, 1, 2 (the Players Handbook: 3
	 * attacks every 2 rounds) */
	return num * r / den - num * (r - 1) / den;
}

int bs1e_fighter_rate10(const struct bs1e_fighter *a, int d_under_1hd)
{
	if (d_under_1hd && a->fighter_level > 0 &&
	    a->fighter_level * a->rate_den > a->rate_num)
		return 10 * a->fighter_level;
	return 10 * a->rate_num / a->rate_den;
}

static double part_avg(const struct bs_dice_part *p)
{
	return p->count * (p->sides + 1) / 2.0 + p->plus;
}

double bs1e_duel_expected(const struct bs1e_fighter *a,
			  const struct bs1e_fighter *d, int d_under_1hd)
{
	/* [13.3] RULING R-730: nothing against one hit only by magic
	 * weapons without a plus (fists and natural attacks neither) */
	if (d->race && (d->race->flags & BS_CF_MAGIC_TO_HIT) &&
	    (a->natural || a->plus <= 0))
		return 0;
	double need = bs1e_adnd_needed(a->thac0, d->ac) -
		      (a->natural ? 0 : a->str_hit) - a->plus + a->race_with +
		      bs1e_duel_racial(a, d, NULL, 0) + bs1e_indiv_daylight(a);
	double p = (21.0 - need) / 20.0;
	if (p > 1)
		p = 1;
	if (p < 0.05)
		p = 0.05; /* a 20 */
	double dmg = 0;
	for (int i = 0; i < a->nforms; i++) {
		double v =
		    part_avg(d->size == BS_SIZE_L ? &a->l[i] : &a->sm[i]) +
		    (a->natural ? 0 : a->str_dmg + a->plus);
		dmg += v > 1 ? v : 1;
	}
	return p * dmg * bs1e_fighter_rate10(a, d_under_1hd) / 10.0;
}

int bs1e_duel_racial(const struct bs1e_fighter *a, const struct bs1e_fighter *d,
		     char *label, size_t len)
{
	/* [8.3 T10 note] [13.1] RULING R-372: the normal AD&D bonuses
	 * against named creatures, in the d20 of individual combat [9.4 B]
	 * as in a unit's AR */
	const struct bs_creature *ra = a->race, *rd = d->race;
	int t = ra && rd ? bs1e_to_hit_vs(&ra, 1, &rd, 1, label, len) : 0;
	if (!t && label && len)
		label[0] = 0;
	return t;
}

int bs1e_indiv_daylight(const struct bs1e_fighter *f)
{
	/* RULING R-612 [9.4 B] [13.1] "the adjustment applies whenever the
	 * circumstances occur": his race's daylight penalty, as a unit's
	 * [8.3 T10 note] (RULING R-133, by day) */
	if (!f->race || !(f->race->flags & BS_CF_DAYLIGHT_PENALTY))
		return 0;
	return bs1e_table10_notes[BS1E_T10X_DAYLIGHT].mod;
}

int bs1e_affects_all(const struct bs1e_fighter *f, const struct bs_creature *c,
		     struct bs_hd hd, int thac0, int ratio)
{
	/* RULING R-506 [9.4 A] [8.6]: as many attacks a round as the
	 * figure has creatures, each able to strike one of them */
	if (ratio <= 1 || !bs1e_under_one_hd(c, hd, thac0))
		return 0;
	return f->fighter_level >= ratio;
}
