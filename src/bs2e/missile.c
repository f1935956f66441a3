/* 2E missile fire [2E Attack Dice] "when missile weapons are fired; see
 * the Reference Card": the card is not in the text; known-gaps 19 gives a
 * 90-degree forward arc and 1/2 AD at medium, 1/3 AD at long range
 * (RULING R-208). The ranges are the unit's (roster `range:`). */
#include <math.h>

#include "battlesim/bs2e.h"

enum bs2e_range bs2e_range_band(const int range[3], double dist)
{
	if (range[2] <= 0 || dist < 0)
		return BS2E_RANGE_NONE;
	if (dist <= range[0] + 1e-9)
		return BS2E_RANGE_SHORT;
	if (dist <= range[1] + 1e-9)
		return BS2E_RANGE_MEDIUM;
	if (dist <= range[2] + 1e-9)
		return BS2E_RANGE_LONG;
	return BS2E_RANGE_NONE;
}

void bs2e_range_mult(enum bs2e_range r, int *num, int *den)
{
	/* RULING R-208 (known-gaps 19): "1/2 AD at medium and 1/3 AD at
	 * long range" */
	static const int m[BS2E_RANGE__COUNT][2] = {
	    [BS2E_RANGE_NONE] = {0, 1},
	    [BS2E_RANGE_SHORT] = {1, 1},
	    [BS2E_RANGE_MEDIUM] = {1, 2},
	    [BS2E_RANGE_LONG] = {1, 3},
	};
	*num = m[r][0];
	*den = m[r][1];
}

int bs2e_in_arc(struct bs_vec front, double facing, struct bs_vec to)
{
	/* RULING R-208 "missile fire in a 90-degree forward arc": 45
	 * degrees either side of the facing, from the front edge's centre */
	struct bs_vec d = bs_vec_sub(to, front);
	if (hypot(d.x, d.y) < 1e-9)
		return 1;
	return fabs(bs_angle_diff(facing, bs_facing_of(d))) <= 45.0 + 1e-9;
}
