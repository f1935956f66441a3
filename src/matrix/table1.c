/* The ruled "Table 1" of the attack phase [M3.4b]-[M3.4d] (known-gaps 20,
 * RULING R-250): the text says "subtract the target brigade's defensive
 * rating from [the attack] rating ... roll 2d10 and consult table 1" and
 * prints no table. A scenario may replace it (`table1:`). */
#include "battlesim/matrix.h"

/* RULING R-250: adjusted roll = 2d10 + 2 x (rating - defensive rating) -
 * 1 per century the attacker lacks; 9+ is 1 damage point and every 4 more
 * one more. Equal ratings at full strength: 28% no damage, 1.18 points
 * expected; docs/MATRIX.md tabulates the expectation. */
const struct bs_mx_table1 bs_mx_table1_default = {
    .scale = 2,
    .nbands = 8,
    .band = {9, 13, 17, 21, 25, 29, 33, 37},
};

int bs_mx_t1_points(const struct bs_mx_table1 *t, int r)
{
	int p = 0;
	for (int i = 0; i < t->nbands && i < BS_MX_T1_MAX; i++)
		if (r >= t->band[i])
			p++;
	return p;
}

int bs_mx_t1_adjusted(const struct bs_mx_table1 *t, int roll2d10, int diff,
		      int classes, int full_class)
{
	int missing = full_class - classes;
	if (missing < 0)
		missing = 0;
	return roll2d10 + t->scale * diff - missing;
}

/* The rolls of 2d10 (of 100) that come to at least k. */
static int rolls_at_least(int k)
{
	if (k <= 2)
		return 100;
	if (k > 20)
		return 0;
	if (k <= 11)
		return 100 - (k - 2) * (k - 1) / 2; /* less: 1 + 2 + ... */
	return (21 - k) * (22 - k) / 2;		    /* 20: 1, 19: 2, ... */
}

int bs_mx_t1_expected100(const struct bs_mx_table1 *t, int diff, int classes,
			 int full_class)
{
	/* the sum over the 100 rolls of 2d10 of bs_mx_t1_points(adjusted
	 * roll): each band is reached by the rolls at least its value less
	 * the adjustment, so the sum is the count of those rolls summed
	 * over the bands (the same integer, without the 100 rolls; the
	 * matrix AI asks for it for every pairing it weighs) */
	int adj = bs_mx_t1_adjusted(t, 0, diff, classes, full_class);
	int sum = 0;
	for (int i = 0; i < t->nbands && i < BS_MX_T1_MAX; i++)
		sum += rolls_at_least(t->band[i] - adj);
	return sum;
}
