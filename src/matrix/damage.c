/* Damage to a brigade's class and unit numbers [M2.4]-[M2.6], its
 * strength for the morale bands [M2.3a], and magic damage [M3.4a]. */
#include "battlesim/matrix.h"

/* [M2.6] "Every time the unit number reaches zero, a century is assumed
 * to be destroyed. The class number drops by one, and the unit number is
 * reset." 5/7 -> 7 points -> 5/0 -> 4/7; 5/7 -> 10 points -> 4/4.
 * RULING R-252: the unit number resets to the brigade's own (7 for the
 * knights), not "to ten" as the text's slip says. */
int bs_mx_damage(int *cls, int *unit, int unit_max, int points)
{
	int lost = 0;
	while (points > 0 && *cls > 0) {
		if (points >= *unit) {
			points -= *unit;
			(*cls)--;
			lost++;
			*unit = *cls > 0 ? unit_max : 0;
		} else {
			*unit -= points;
			points = 0;
		}
	}
	return lost;
}

int bs_mx_strength_pct(int cls, int unit, int unit_max, int full_class)
{
	if (cls <= 0 || unit_max <= 0 || full_class <= 0)
		return 0;
	int left = (cls - 1) * unit_max + unit;
	return left * 100 / (full_class * unit_max);
}

int bs_mx_strength_left_pct(int cls, int unit, int unit_max, int start_cls,
			    int start_unit)
{
	int start = (start_cls - 1) * unit_max + start_unit;
	if (cls <= 0 || start_cls <= 0 || start <= 0)
		return 0;
	return ((cls - 1) * unit_max + unit) * 100 / start;
}

/* [M3.4a] "Calculate the average damage done by the attack and divide by
 * ten. Multiply the result by the class number of the brigade." RULING
 * the caster's class number. Twice the average, to stay whole. */
int bs_mx_magic_damage(const struct bs_dice *spell, int cls)
{
	int avg2 = 0;
	for (int i = 0; i < spell->nparts; i++) {
		const struct bs_dice_part *p = &spell->part[i];
		avg2 += p->count * (p->sides + 1) + 2 * p->plus;
	}
	if (avg2 <= 0 || cls <= 0)
		return 0;
	return (avg2 * cls + 10) / 20;
}
