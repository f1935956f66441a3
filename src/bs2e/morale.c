/* 2E morale [2E Morale]: 2d10 <= ML passes; a unit in good order may
 * retreat 4" instead of checking (the choice is its controller's, RULING
 * R-215); a failed check shakes it and it retreats 4"; a shaken unit must
 * check, and a failure means a retreat of 4" and a second check whose
 * failure routs it; failing by 7 or more routs at once (RULING R-218: on
 * any check); rally of shaken or routed units not in contact by a
 * successful check, one step at a time (RULING R-216, known-gaps 56; the
 * option bs2e_rally_to_good goes straight back to good order). */
#include <string.h>

#include "battlesim/bs2e.h"

/* [2E Morale] "Any unit that fails a morale check by 7 or more is routed
 * immediately. For a unit with ML 12, for instance, this occurs if the
 * 2d10 roll is 19 or 20." */
static int fails_by_seven(int ml, int roll)
{
	return roll - ml >= 7;
}

static void base(int ml, int roll, struct bs2e_morale_outcome *out)
{
	memset(out, 0, sizeof *out);
	/* "A result equal to or less than the unit's ML means that the check
	 * is passed" */
	out->passed = roll <= ml;
	out->by = out->passed ? 0 : roll - ml;
}

void bs2e_morale_check(enum bs2e_order from, int ml, int roll,
		       struct bs2e_morale_outcome *out)
{
	base(ml, roll, out);
	out->to = from;
	if (from == BS2E_ROUTED || out->passed)
		return;
	if (fails_by_seven(ml, roll)) {
		out->to = BS2E_ROUTED;
		return;
	}
	if (from == BS2E_GOOD) {
		/* "If the check is made and failed, the unit goes to shaken
		 * order and must retreat 4"." */
		out->to = BS2E_SHAKEN;
		out->retreat = 1;
	} else {
		/* "If the check is failed, the unit must retreat 4" and make
		 * another check." */
		out->retreat = 1;
		out->second = 1;
	}
}

void bs2e_morale_second(int ml, int roll, struct bs2e_morale_outcome *out)
{
	base(ml, roll, out);
	/* "A failure on this second check causes the unit to rout." */
	out->to = out->passed ? BS2E_SHAKEN : BS2E_ROUTED;
}

void bs2e_rally_check(enum bs2e_order from, int ml, int roll, int to_good,
		      struct bs2e_morale_outcome *out)
{
	base(ml, roll, out);
	out->to = from;
	if (out->passed) {
		/* "can be rallied (improved to good or shaken order) if it
		 * makes a successful morale check": RULING R-216 one step */
		if (to_good || from == BS2E_SHAKEN)
			out->to = BS2E_GOOD;
		else if (from == BS2E_ROUTED)
			out->to = BS2E_SHAKEN;
	} else if (fails_by_seven(ml, roll)) {
		/* RULING R-218: "Any unit that fails a morale check by 7 or
		 * more is routed immediately" */
		out->to = BS2E_ROUTED;
	}
}
