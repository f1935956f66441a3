/* The ruled morale procedure (RULING R-254, known-gaps 57): [M2.3a] calls
 * for the DMG's Tables 49 and 50, which the text does not print, with
 * these changes: the hit-point lines become strength bands (51-75% and
 * 1-50% of full strength), HD is the brigade's average, "most powerful
 * ally killed" does not apply. The procedure: base ML% = 50 + 5 per
 * average HD above 1 (+10 elite), at most 95 (cards.c); a check is a d100
 * roll, passed at or below the current ML%. */
#include "battlesim/matrix.h"

int bs_mx_morale(int base_ml, int strength_pct, int ally_lost,
		 struct bs_deriv *d)
{
	const char *c = "RULING R-254";
	bs_deriv_init(d, base_ml, NULL, NULL, "[M2.3a] RULING R-254");
	/* the text maps "less than 25% hp" to the milder band and "less
	 * than 50%" to the worse: the worse strength takes the larger
	 * penalty here */
	if (strength_pct <= 50)
		bs_deriv_add(d, -25, c, "at 1-50%% strength");
	else if (strength_pct <= 75)
		bs_deriv_add(d, -10, c, "at 51-75%% strength");
	if (ally_lost)
		bs_deriv_add(d, -10, c, "a brigade of its stack lost");
	if (d->value < 0)
		bs_deriv_set(d, 0, c, "at least 0");
	return d->value;
}
