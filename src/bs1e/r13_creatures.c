/* 1E special creature abilities in combat: the [13.1] bonuses to hit
 * against named creatures (the Table 10 special note), [13.4] paralysis,
 * [13.5] level draining (double damage) and the end-of-phase contact
 * checks of [13.3] and [13.5]. The [13.1] damage adjustment and [13.2]
 * poison are CRT readings in r08_melee.c (they share the attack roll). */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "battlesim/bs1e_combat.h"

int bs1e_level_drain_damage(int tenths)
{
	/* [13.5] "When level-draining creatures engage in melee combat,
	 * they do double damage." */
	return 2 * tenths;
}

int bs1e_drain_doubles(enum bs_level level, int drains)
{
	return drains && level == BS_LEVEL_ADVANCED;
}

enum bs1e_poison bs1e_poison_in_play(enum bs_level level, unsigned parts,
				     int shift)
{
	/* [13.2] "Do not make a saving throw against poison in the
	 * BATTLESYSTEM game": no save, only the extra damage; an Advanced
	 * Game rule like the other special abilities (RULING R-603) */
	if (level != BS_LEVEL_ADVANCED || !parts || shift < 1)
		return BS1E_POISON_NONE;
	return shift >= 3   ? BS1E_POISON_STRONG
	       : shift == 2 ? BS1E_POISON_NORMAL
			    : BS1E_POISON_WEAK;
}

void bs1e_paralysis(int damage_tenths, int figure_hd_tenths, int figures_left,
		    struct bs1e_casualties *out)
{
	assert(figure_hd_tenths > 0);
	memset(out, 0, sizeof *out);
	if (damage_tenths < 0)
		damage_tenths = 0;
	if (figures_left < 0)
		figures_left = 0;
	out->damage_tenths = damage_tenths;
	/* [13.4] "Paralyzation attacks never cause wounds; if any damage is
	 * scored, fractional unit damage paralyzes an entire figure."
	 * RULING R-077: figures paralyzed = HD / figure HD rounded up,
	 * never more than the figures standing. */
	int n = (damage_tenths + figure_hd_tenths - 1) / figure_hd_tenths;
	if (n > figures_left) {
		out->disregarded_tenths =
		    damage_tenths - figures_left * figure_hd_tenths;
		n = figures_left;
	}
	out->paralyzed = n;
}

void bs1e_paralysis_damage(int damage_tenths, int figure_hd_tenths,
			   int figures_left, struct bs1e_casualties *out)
{
	/* [13.4] "Paralyzation attacks never cause wounds; if any damage is
	 * scored, fractional unit damage paralyzes an entire figure."
	 * RULING R-710: a creature that does damage and paralyzes kills
	 * the whole figures its damage covers ([8.7]); the fraction left,
	 * however small (no quarter of a figure needed), paralyzes one
	 * figure in place of the wound. */
	bs1e_casualties(damage_tenths, figure_hd_tenths, figures_left, out);
	out->wounded = 0;
	if (out->killed >= figures_left || out->damage_tenths <= 0)
		return;
	int frac = out->damage_tenths - out->killed * figure_hd_tenths;
	if (frac > 0) {
		out->paralyzed = 1;
		out->leftover_tenths = frac;
		out->disregarded_tenths = 0;
	}
}

int bs1e_paralysis_takes(const struct bs_creature *paralyzer,
			 const struct bs_creature *d)
{
	if (!paralyzer)
		return 0;
	/* an individual of no race is a human: taken */
	if (!d)
		return 1;
	/* RULING R-712: the AD&D undead are not paralyzed (the catalog's
	 * flag `undead`); the paralyzer's `paralysis_spares` are not (the
	 * MM's ghoul: "Elves are immune to their paralyzing attack") */
	if (d->flags & BS_CF_UNDEAD)
		return 0;
	for (int i = 0; i < paralyzer->nparalysis_spares; i++)
		if (bs_creature_named(d, paralyzer->paralysis_spares[i]))
			return 0;
	return 1;
}

int bs1e_contact_checks(int touching_undead_or_drainer, int touching_unharmable)
{
	/* Table 5 [4.4]; [13.5] drainers "in addition to any other checks";
	 * [13.3] unharmable "in addition to any other checks". RULING R-072:
	 * each is its own check, so a spectre (drains levels, hit only by
	 * magic) costs two. */
	return (touching_undead_or_drainer != 0) + (touching_unharmable != 0);
}

/* The AR term of creature a attacking creature d (minus the "to hit"
 * adjustments of a's "attacking" entries naming d and of d's "attacked_by"
 * entries naming a). */
static int pair_term(const struct bs_creature *a, const struct bs_creature *d)
{
	int m = 0;
	for (int k = 0; k < 2; k++) {
		const struct bs_creature *own = k ? d : a, *other = k ? a : d;
		for (int i = 0; i < own->nto_hit_vs; i++) {
			const struct bs_to_hit_vs *t = &own->to_hit_vs[i];
			if (t->attacked_by != k)
				continue;
			for (int j = 0; j < t->nnames; j++)
				if (bs_creature_named(other, t->names[j])) {
					m -= t->to_hit;
					break;
				}
		}
	}
	return m;
}

int bs1e_to_hit_vs(const struct bs_creature *const *att, int na,
		   const struct bs_creature *const *def, int nd, char *label,
		   size_t len)
{
	int any = 0;
	for (int i = 0; i < na && !any; i++)
		any = att[i] && att[i]->nto_hit_vs > 0;
	for (int i = 0; i < nd && !any; i++)
		any = def[i] && def[i]->nto_hit_vs > 0;
	if (label && len)
		label[0] = 0;
	if (!any)
		return 0;
	/* RULING R-610 (revising R-040's pair): each side its least
	 * favourable part. The attacking unit fights as its part that fares
	 * worst (the highest AR term), each part against the defending
	 * figure's creature it fares best against (the lowest term: a
	 * defense counts only when every creature of the figure has it,
	 * [3.1] "least favorable for the unit", [11.2] [11.3] R-545) */
	int best = 0, bi = -1, bj = -1;
	for (int i = 0; i < na; i++) {
		if (!att[i])
			continue;
		int low = 0, lj = -1;
		for (int j = 0; j < nd; j++) {
			if (!def[j])
				continue;
			int m = pair_term(att[i], def[j]);
			if (lj < 0 || m < low) {
				low = m;
				lj = j;
			}
		}
		if (lj >= 0 && (bi < 0 || low > best)) {
			best = low;
			bi = i;
			bj = lj;
		}
	}
	if (best != 0 && label && len)
		snprintf(label, len, "%s attacking %s: %+d to hit",
			 att[bi]->name, def[bj]->name, -best);
	return best;
}
