/* 1E movement. For now only the [7.13] forced-march AR penalty: a failed
 * check worsens AR by one and accumulates; a Game Round of rest removes
 * one. */
#include "battlesim/bs1e_combat.h"

int bs1e_forced_march_check(int penalty, int passed)
{
	/* [7.13] "If the check is failed, the unit's Attack Rating (AR)
	 * worsens by one ... This penalty accumulates." */
	if (penalty < 0)
		penalty = 0;
	return passed ? penalty : penalty + 1;
}

int bs1e_forced_march_rest(int penalty)
{
	/* [7.13] "The AR improves by one (up to its original value) each
	 * time the unit spends one entire Game Round doing absolutely
	 * nothing and is not attacked." */
	return penalty > 0 ? penalty - 1 : 0;
}

void bs1e_ar_add_forced_march(struct bs_deriv *d, int penalty)
{
	if (penalty > 0)
		bs_deriv_add(d, penalty, "[7.13]", "forced march x%d", penalty);
}
