/* 2E armor [2E Armor Rating]: the defender rolls 1d10 per hit; a result
 * higher than AR cancels it (the "equal or higher" reading is the option
 * bs2e_armor_equal_or_higher, RULING R-201, known-gaps 18). AR modifiers
 * (negative better) are the battle's (src/bs2e/round.c, RULING R-212). */
#include "battlesim/bs2e.h"

int bs2e_armor_cancels(int roll, int ar, int equal_or_higher)
{
	/* [2E Armor Rating] "Each result higher than the defending unit's
	 * AR means one of the hits is cancelled by armor"; RULING R-201 the
	 * optional reading: equal or higher */
	return equal_or_higher ? roll >= ar : roll > ar;
}

int bs2e_roll_armor(struct bs_dice_source *src, int hits, int ar,
		    int equal_or_higher, int *dice)
{
	int stand = 0;
	for (int i = 0; i < hits; i++) {
		/* "the defender rolls 1d10 for each hit" */
		int r = bs_roll(src, 10);
		if (dice && i < BS2E_MAX_DICE)
			dice[i] = r;
		if (!bs2e_armor_cancels(r, ar, equal_or_higher))
			stand++;
	}
	return stand;
}

int bs2e_armor_stand_faces(int ar, int equal_or_higher)
{
	int n = 0;
	for (int r = 1; r <= 10; r++)
		n += !bs2e_armor_cancels(r, ar, equal_or_higher);
	return n;
}
